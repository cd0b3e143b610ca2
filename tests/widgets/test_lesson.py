"""The Learn course's widgets in Python: every stage printed at build time in every
language, and each kind of task answered right, wrong, with a hint, and badly.

The right answers come from independent counts (tests/engine/naive_scorer.py,
naive_pegging.py, card values added here), never from the engine's own checker.
"""

from __future__ import annotations

import json
import re
from html import escape, unescape
from itertools import combinations
from pathlib import Path

import pytest
from cribbage.core.cards import DECK, Card, parse_cards
from cribbage.course.claims import Ask, reader_seat, walk
from cribbage.course.lessons import COURSE, stage, task_for
from cribbage.course.tasks import Task
from cribbage.errors import CardCountError
from cribbage.i18n import LANGUAGES, card_name, card_symbol, error_message, number_word, points_text, t
from cribbage.widgets import render_block
from cribbage.widgets.lesson_state import fresh
from helpers import call, state_of, text_of
from lesson_answers import best_plays, claim_answer, combinations_of, expected_number, value
from naive_exercises import naive_combinations, naive_table_answer
from naive_pegging import points_of_last_card
from naive_scorer import naive_show_total

STAGES = [each for lesson in COURSE for each in lesson.stages]


def act(state: dict, action: str, value=None, lang: str = "en") -> dict:
    return call("lesson", state, {"action": action, "value": value}, lang)


def first_state(stage_id: str, lang: str = "en") -> dict:
    return state_of(render_block("lesson", f"stage: {stage_id}", lang))


# -- printed at build time ------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_stage_prints_its_first_task_readable_without_javascript(lang):
    for each in STAGES:
        page = render_block("lesson", f"stage: {each.id}", lang)
        task = task_for(each, 0)
        assert (
            'data-widget="lesson"' in page
            and f'data-stage="{each.id}"' in page
            and "data-stars" not in page.split(">")[0]
        )
        assert f'data-persist="lesson-{each.id}"' in page
        text = text_of(page)
        for card in (*task.cards, *task.pile, *((task.starter,) if task.starter else ())):
            assert card_name(card, lang) in text, (each.id, card)
        prompt = re.search(r'<p class="cb-prompt">([^<]+)</p>', page)
        assert prompt and prompt.group(1).strip(), each.id


def test_the_course_has_at_least_eight_lessons_and_forty_stages_with_pages_for_each():
    docs = Path(__file__).resolve().parents[2] / "docs"
    assert len(COURSE) >= 8 and len(STAGES) >= 40
    for lang in LANGUAGES:
        for lesson in COURSE:
            text = (docs / lang / "learn" / f"{lesson.id}.md").read_text(encoding="utf-8")
            blocks = re.findall(r"^```cribbage-lesson\nstage: ([\w-]+)\n```", text, re.M)
            assert blocks == [each.id for each in lesson.stages], (lang, lesson.id)
            assert all(f"{{#{each.id}}}" in text for each in lesson.stages), (lang, lesson.id)


def test_an_unknown_stage_stops_the_build_naming_the_line():
    from cribbage.widgets import BlockError

    with pytest.raises(BlockError) as caught:
        render_block("lesson", "stage: nowhere-9", "en")
    assert caught.value.line == 1 and "nowhere-9" in str(caught.value)


# -- answers --------------------------------------------------------------------------


NUMBER_STAGES = [
    each.id for each in STAGES if each.kind in ("count", "peg") or each.kind == "score" and not task_for(each, 0).only
]


@pytest.mark.parametrize("stage_id", NUMBER_STAGES)
def test_the_right_number_earns_three_stars_first_try(stage_id):
    state = first_state(stage_id)
    answer = act(state, "check", str(expected_number(task_for(stage(stage_id), 0))))
    assert 'data-correct="true"' in answer["html"]
    assert answer["root"] == {"data-stars": "3"} and answer["state"]["stars"] == 3


@pytest.mark.parametrize("stage_id", NUMBER_STAGES)
def test_a_wrong_number_shows_the_answer_what_scores_and_the_rule(stage_id):
    each = stage(stage_id)
    right = expected_number(task_for(each, 0))
    wrong = right + 1 if right < 29 else right - 1
    answer = act(first_state(stage_id), "check", str(wrong))
    page = answer["html"]
    assert 'data-correct="false"' in page and answer["root"] == {"data-stars": "0"}
    assert t("lesson.wrong_number", "en", said=wrong, answer=right) in text_of(page)
    page_name, _, anchor = each.rule.partition("#")
    assert f'href="../../{page_name[:-3]}/#{anchor}"' in page
    if each.kind != "count" and right:
        assert 'class="cb-face cb-' in page and "cb-in" in page  # the scoring cards lit among the others


def test_after_a_wrong_answer_fresh_cards_right_first_time_earn_two_stars():
    state = act(first_state("hand-1"), "check", "0")["state"]
    assert state["done"] and state["stars"] == 0
    fresh = act(state, "new")["state"]
    assert fresh["seed"] != 0 and not fresh["done"] and fresh["tries"] == 1
    task = task_for(stage("hand-1"), fresh["seed"])
    answer = act(fresh, "check", str(expected_number(task)))
    assert answer["state"]["stars"] == 2 and answer["root"] == {"data-stars": "2"}


def test_a_hint_lowers_the_stars_to_two():
    state = act(first_state("values-3"), "hint")["state"]
    assert state["hints"] == 1 and state["hinted"]
    cards = task_for(stage("values-3"), 0).cards
    answer = act(state, "check", str(sum(value(card) for card in cards)))
    assert answer["state"]["stars"] == 2
    # the hint said the count of all cards but the last, by the values
    hinted = act(first_state("values-3"), "hint")["html"]
    assert str(sum(value(card) for card in cards[:-1])) in text_of(
        re.search(r'class="cb-hint".*?</p>', hinted).group(0)
    )


def test_the_best_stars_of_a_stage_are_kept_when_new_cards_go_worse():
    right = act(
        first_state("values-1"), "check", str(sum(value(card) for card in task_for(stage("values-1"), 0).cards))
    )["state"]
    again = act(act(right, "new")["state"], "check", "0")["state"]
    assert right["stars"] == 3 and again["stars"] == 3 and again["done"]


# find: every selection of the task's cards, against the combinations counted independently.


def select(state: dict, cards) -> dict:
    for card in cards:
        state = act(state, "select", str(card))["state"]
    return state


FIND_STAGES = [each.id for each in STAGES if each.kind == "find"]


@pytest.mark.parametrize("stage_id", FIND_STAGES)
def test_finding_every_combination_one_at_a_time_ends_the_stage_with_three_stars(stage_id):
    task = task_for(stage(stage_id), 0)
    state = first_state(stage_id)
    wanted = sorted(combinations_of(task), key=lambda cards: sorted(card.index for card in cards))
    assert wanted
    for number, cards in enumerate(wanted, 1):
        assert not state["done"]
        answer = act(select(state, cards), "check")
        state = answer["state"]
        assert 'data-correct="true"' in answer["html"] and len(state["found"]) == number
    assert state["done"] and state["stars"] == 3 and answer["root"] == {"data-stars": "3"}
    assert text_of(answer["html"]).count(t("lesson.find_done", "en")) == 1


@pytest.mark.parametrize("stage_id", FIND_STAGES)
def test_a_selection_that_is_no_combination_costs_a_star_and_names_the_rule(stage_id):
    task = task_for(stage(stage_id), 0)
    wanted = combinations_of(task)
    cards = [*task.cards, task.starter]
    sizes = (3, 4) if task.only == ("run",) else (2, 3)  # two cards are no run at all: refused before the check
    wrong = next(
        frozenset(subset) for size in sizes for subset in combinations(cards, size) if frozenset(subset) not in wanted
    )
    answer = act(select(first_state(stage_id), wrong), "check")
    assert 'data-correct="false"' in answer["html"] and answer["state"]["tries"] == 1 and not answer["state"]["found"]
    assert 'class="cb-rule"' in answer["html"]
    state = answer["state"]
    for cards in wanted:
        state = act(select(state, cards), "check")["state"]
    assert state["stars"] == 2


def wrong_selection(task) -> frozenset[Card]:
    """Two cards of the task that are no fifteen (counted here, not by the engine)."""
    wanted = combinations_of(task)
    return next(
        frozenset(pair) for pair in combinations([*task.cards, task.starter], 2) if frozenset(pair) not in wanted
    )


def test_150_wrong_tries_leave_the_stage_answerable_and_its_earned_stars_kept():
    task = task_for(stage("fifteens-1"), 0)
    earned = first_state("fifteens-1")
    for cards in combinations_of(task):
        earned = act(select(earned, cards), "check")["state"]
    assert earned["stars"] == 3
    state = act(earned, "new")["state"]
    task = task_for(stage("fifteens-1"), state["seed"])
    wrong = wrong_selection(task)
    for _ in range(150):
        answer = act(select(state, wrong), "check")
        assert "error" not in answer and 'data-correct="false"' in answer["html"]
        state = answer["state"]
    for cards in combinations_of(task):
        state = act(select(state, cards), "check")["state"]
    assert state["done"] and state["stars"] == 3  # this task earns one star; the best is kept
    reloaded = act(first_state("fifteens-1"), "restore", json.dumps(state))
    assert reloaded["state"] == state and reloaded["root"] == {"data-stars": "3"}


@pytest.mark.parametrize("counters", ({"tries": 150}, {"hints": 1000}, {"tries": -1, "hints": "one"}))
def test_earned_stars_survive_a_saved_state_whose_only_fault_is_a_counter(counters):
    saved = {**act(first_state("values-1"), "check", "0")["state"], "stars": 3, **counters}
    restored = act(first_state("values-1"), "restore", json.dumps(saved))
    assert restored["root"] == {"data-stars": "3"} and restored["state"]["stars"] == 3
    assert restored["state"]["done"] and restored["state"]["seed"] == saved["seed"]
    assert "error" not in act(restored["state"], "new")


def test_a_combination_found_twice_is_counted_once():
    task = task_for(stage("pairs-1"), 0)
    pair = sorted(combinations_of(task), key=lambda cards: sorted(card.index for card in cards))[0]
    state = act(select(first_state("pairs-1"), pair), "check")["state"]
    answer = act(select(state, pair), "check")
    assert len(answer["state"]["found"]) == 1 and t("lesson.find_again", "en") in text_of(answer["html"])


def test_three_cards_of_a_rank_tapped_at_once_are_told_to_be_found_two_at_a_time():
    task = task_for(stage("pairs-1"), 0)
    royal = frozenset(
        card for card in task.cards if sum(other.rank == card.rank for other in (*task.cards, task.starter)) == 3
    )
    answer = act(select(first_state("pairs-1"), royal), "check")
    assert len(royal) == 3 and t("lesson.find_pair_one_at_a_time", "en") in text_of(answer["html"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_more_than_two_cards_tapped_to_find_a_pair_are_told_to_be_found_two_at_a_time(lang):
    """Three of a rank and one card more is no pair either: the lesson says how pairs are found."""
    task = task_for(stage("pairs-1"), 0)
    cards = (*task.cards, task.starter)
    royal = [card for card in task.cards if sum(other.rank == card.rank for other in cards) == 3]
    other = next(card for card in task.cards if card not in royal)
    answer = act(select(first_state("pairs-1", lang), (*royal, other)), "check", lang=lang)
    assert t("lesson.find_pair_one_at_a_time", lang) in text_of(answer["html"])


def test_a_pair_and_a_card_of_another_rank_are_not_told_they_are_three_pairs():
    """cs reader: K 5 5 was answered 'three cards of one rank are three pairs'."""
    task = task_for(stage("pairs-1"), 0)
    cards = (*task.cards, task.starter)
    royal = [card for card in task.cards if sum(other.rank == card.rank for other in cards) == 3]
    other = next(card for card in task.cards if card not in royal)
    answer = act(select(first_state("pairs-1"), (*royal[:2], other)), "check")
    assert t("lesson.find_pair_one_at_a_time", "en") not in text_of(answer["html"])
    assert t("lesson.find_wrong_pair", "en") in text_of(answer["html"])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("stage_id", [each.id for each in STAGES if each.kind == "discard"])
def test_one_card_chosen_for_the_crib_is_told_the_lessons_own_rule_and_costs_nothing(stage_id, lang):
    task = task_for(stage(stage_id), 0)
    answer = act(select(first_state(stage_id, lang), task.cards[:1]), "check", lang=lang)
    said = text_of(answer["html"])
    assert t("lesson.choose_two", lang) in said and answer["state"]["tries"] == 0
    assert error_message(CardCountError("one card", expected=2, got=1), lang) not in said


def test_a_run_tapped_with_both_cards_of_its_pair_is_told_one_card_of_each_rank():
    task = task_for(stage("runs-2"), 0)
    runs = combinations_of(task)
    both = frozenset().union(*runs)  # every card of the runs: the pair's two cards with the rest
    assert len({card.rank for card in both}) < len(both)
    answer = act(select(first_state("runs-2"), both), "check")
    assert t("lesson.find_run_one_of_each", "en") in text_of(answer["html"])


def test_a_card_that_passes_31_is_called_unplayable_with_the_sum_and_a_go_while_a_card_fits_is_refused():
    task = task_for(stage("the-play-1"), 0)
    count = sum(value(card) for card in task.pile)
    over = next(card for card in task.cards if count + value(card) > 31)
    text = text_of(act(first_state("the-play-1"), "check", str(over))["html"])
    assert f"{count} + {value(over)} = {count + value(over)}" in text and card_name(over, "en") in text
    assert t("lesson.go_while_fits", "en", answer="x").split(".")[0] in text_of(
        act(first_state("the-play-1"), "check", "go")["html"]
    )


def test_a_wrong_count_names_the_court_cards_value_in_the_sum():
    task = task_for(stage("values-1"), 0)
    text = text_of(act(first_state("values-1"), "check", 1)["html"])
    court = next(card for card in task.cards if card.rank > 10)
    assert f"10 ({card_symbol(court)})" in text and f"= {sum(value(card) for card in task.cards)}" in text


def test_a_wrong_crib_count_with_four_cards_of_a_suit_says_the_crib_needs_five():
    task = task_for(stage("crib-1"), 0)
    assert len({card.suit for card in task.cards}) == 1 and task.starter.suit != task.cards[0].suit
    wrong = act(first_state("crib-1"), "check", expected_number(task) + 4)
    assert t("lesson.crib_flush", "en") in text_of(wrong["html"])
    other = act(first_state("hand-1"), "check", 29 if expected_number(task_for(stage("hand-1"), 0)) != 29 else 28)
    assert t("lesson.crib_flush", "en") not in text_of(other["html"])


def test_a_wrong_hand_count_is_also_said_aloud_as_players_count_ending_on_the_total():
    task = task_for(stage("hand-1"), 0)
    right = expected_number(task)
    spoken = re.search(r"<q data-spoken>([^<]+)</q>", act(first_state("hand-1"), "check", right + 1)["html"]).group(1)
    if naive_combinations([*task.cards, task.starter], "fifteen"):
        assert spoken.lower().startswith("fifteen two")
    assert spoken.endswith(" " + number_word(right, "en"))  # the total worked out without the engine
    assert (
        "data-spoken" not in act(first_state("fifteens-4"), "check", 1)["html"]
    )  # a count of one kind only is not said whole


def test_a_wrong_count_first_sums_the_points_by_kind():
    task = task_for(stage("hand-5"), 0)  # the 29 hand
    five = [*task.cards, task.starter]
    tally = re.search(r'<p class="cb-tally">([^<]+)</p>', act(first_state("hand-5"), "check", 28)["html"]).group(1)
    fifteens = len(naive_combinations(five, "fifteen"))
    said = t("lesson.count.fifteen", "en", count=fifteens)
    assert tally.startswith(f"{said[:1].upper()}{said[1:]} ({points_text(2 * fifteens, 'en')})")
    assert tally.endswith(f"= {naive_show_total(task.cards, task.starter)}")


def test_a_wrong_peg_shows_the_count_the_card_makes():
    task = task_for(stage("pegging-5"), 0)
    cards = [*task.pile, *task.cards]
    text = text_of(act(first_state("pegging-5"), "check", expected_number(task) + 1)["html"])
    assert f"= {sum(value(card) for card in cards)}" in text


def test_go_refused_while_a_card_fits_is_not_said_to_pass_31():
    answer = act(first_state("the-play-1"), "check", "go")["html"]
    go_row = re.search(r'<li class="cb-option"[^>]*><span class="cb-kind">go</span>([^<]*)', answer).group(1)
    assert t("lesson.go_refused", "en") in go_row and t("reason.over_31", "en") not in go_row


def test_three_cards_of_the_hand_and_the_starter_of_one_suit_are_said_to_be_no_flush():
    hand = [Card.parse(text) for text in ("6S", "7C", "3S", "JS")]  # three spades, and a spade starter
    state = first_state("flush-nobs-4")
    state["task"] = {"kind": "score", "cards": [str(card) for card in hand], "starter": "7S", "only": ["flush", "nobs"]}
    text = text_of(act(state, "check", 5)["html"])
    assert t("lesson.no_flush_with_starter", "en") in text and "1" in text


@pytest.mark.parametrize("stage_id", ["discard-1", "discard-2"])
def test_a_right_discard_also_shows_what_the_best_keeps_and_why_and_every_choice(stage_id):
    task = task_for(stage(stage_id), 0)
    state = first_state(stage_id)
    for pair in combinations(task.cards, 2):
        answer = act(select(state, pair), "check")
        if answer["state"]["stars"] == 3:
            break
    html_ = answer["html"]
    assert html_.count("<tr") == 16
    kept = [card for card in task.cards if card not in pair]
    least = min(naive_show_total(kept, starter) for starter in DECK if starter not in task.cards)
    reason = re.search(r'<p class="cb-reason">([^<]+)</p>', html_).group(1)
    assert all(card_symbol(card) in reason for card in kept) and f"at least {least} points" in reason


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_discard_verdict_gives_two_decimals_and_the_difference_of_the_nets_its_table_shows(lang):
    task = task_for(stage("discard-2"), 0)
    decimal = re.escape(t("number.decimal", lang))

    def figure(text: str) -> float:
        return float(text.replace("\N{MINUS SIGN}", "-").replace(t("number.decimal", lang), "."))

    for pair in combinations(task.cards, 2):
        html_ = act(select(first_state("discard-2", lang), pair), "check", lang=lang)["html"]
        reason = text_of(re.search(r'<p class="cb-reason">(.*?)</p>', html_).group(1))
        assert re.findall(rf"\d{decimal}\d\d", reason) and not re.findall(rf"\d{decimal}\d\b", reason)
        cost = re.search(r'<p class="cb-cost">(.*?)</p>', html_)
        if cost is None:  # the best choice
            continue
        nets = dict(
            re.findall(r'<tr data-best="(?:true|false)" data-chosen="(true|false)"><td>.*?</td><td>([^<]+)</td>', html_)
        )
        best = figure(re.search(r'<tr data-best="true"[^>]*><td>.*?</td><td>([^<]+)</td>', html_).group(1))
        shown = [figure(each) for each in re.findall(rf"\N{{MINUS SIGN}}?\d+{decimal}\d\d", text_of(cost.group(1)))]
        assert shown == [round(best - figure(nets["true"]), 2)], (pair, text_of(cost.group(1)))


def test_a_discard_the_table_shows_as_tied_with_the_best_is_right_and_earns_three_stars():
    """Adversary D3: 3S AD 9C 2D QH QS to the opponent's crib; A♦ 9♣, 9♣ Q♥ and 9♣ Q♠ all read 4.12."""
    state = first_state("discard-4")
    state = {**state, "seed": 17, "task": {**state["task"], "cards": "3S AD 9C 2D QH QS".split(), "dealer": False}}
    answer = act(select(state, parse_cards("AD 9C")), "check")
    assert answer["state"]["stars"] == 3
    assert 'data-correct="true"' in answer["html"] and 'class="cb-cost"' not in answer["html"]
    chosen = re.search(r'<tr data-best="(true|false)" data-chosen="true">', answer["html"]).group(1)
    assert chosen == "true"


def test_a_discard_close_to_the_best_earns_stars_by_the_points_it_gives_up():
    """discard-4, seed 0 (newcomer-cs): 9C JD 6S 7H 5D AD to the opponent's crib. The table
    reads 9♣ A♦ best, J♦ A♦ 0.35 behind (2 stars: within half a point), 7♥ A♦ 1.50 behind (none)."""
    close = act(select(first_state("discard-4"), parse_cards("JD AD")), "check")
    assert close["state"]["stars"] == 2
    assert text_of(t("lesson.close_choice", "en", answer="")).rstrip(".") in text_of(close["html"])
    far = act(select(first_state("discard-4"), parse_cards("7H AD")), "check")
    assert far["state"]["stars"] == 0
    assert "Not the best choice" in text_of(far["html"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_discard_stage_states_its_star_bands_with_the_figures_the_engine_grades_by(lang):
    page = text_of(render_block("lesson", "stage: discard-1", lang))
    rule = re.search(r'<p class="cb-star-rule">(.*?)</p>', render_block("lesson", "stage: discard-1", lang))
    assert rule is not None
    words = text_of(rule.group(1))
    assert points_text(0.5, lang) in words and points_text(1, lang) in words, words
    assert words in page
    assert 'class="cb-star-rule"' not in render_block("lesson", "stage: fifteens-1", lang)


def test_next_leads_to_the_next_stage_on_the_page_then_to_the_top_of_the_next_lesson():
    def next_href(stage_id):
        return re.search(
            r'<a class="cb-button cb-next" href="([^"]+)"', render_block("lesson", f"stage: {stage_id}", "en")
        ).group(1)

    assert next_href("pairs-1") == "#pairs-2"
    assert next_href("pairs-4") == "../runs/"  # the lesson's rule stands above its first stage
    assert next_href("discard-4") == "../"


def test_an_unsafe_lead_is_called_unsafe():
    task = task_for(stage("leading-1"), 0)
    unsafe = next(card for card in task.cards if card not in best_plays(task))
    text = text_of(act(first_state("leading-1"), "check", str(unsafe))["html"])
    assert t("lesson.not_safe", "en", answer="x").split(".")[0] in text


def test_the_hint_of_the_31_stage_speaks_of_31_only():
    hinted = text_of(act(first_state("the-play-4"), "hint")["html"])
    count = sum(value(card) for card in task_for(stage("the-play-4"), 0).pile)
    assert t("lesson.hint.peg_31", "en", number=count) in hinted and "pair" not in hinted


def test_a_pair_royal_pegged_in_the_play_is_named_a_pair_royal():
    wrong = act(first_state("pegging-2"), "check", 1)
    assert f'<span class="cb-kind">{t("kind.pair_royal", "en")}</span>' in wrong["html"]


def test_the_hint_of_a_hand_names_how_many_of_each_kind_score():
    task = task_for(stage("hand-3"), 0)
    hinted = text_of(act(first_state("hand-3"), "hint")["html"])
    fifteens = len(naive_combinations([*task.cards, task.starter], "fifteen"))
    assert t("lesson.count.fifteen", "en", count=fifteens) in hinted


@pytest.mark.parametrize("stage_id", ["leading-2", "leading-3"])
def test_the_hint_of_a_safe_lead_names_a_reply_and_what_it_would_score(stage_id):
    task = task_for(stage(stage_id), 0)
    hinted = text_of(act(first_state(stage_id), "hint")["html"])
    avoided = next(card for card in task.cards if f"Avoid this card: the {card_name(card, 'en')}." in hinted)
    # the reply named makes 15, 31 or a run with the avoided card, by the independent count
    reply = next(
        card
        for card in DECK
        if card not in task.cards and card not in task.pile and f"such as the {card_name(card, 'en')} would" in hinted
    )
    assert points_of_last_card([*task.pile, avoided, reply]) > 0


# play and discard


PLAY_STAGES = [each.id for each in STAGES if each.kind == "play"]


@pytest.mark.parametrize("stage_id", PLAY_STAGES)
def test_a_play_task_takes_the_card_its_goal_asks_for_and_explains_the_others(stage_id):
    task = task_for(stage(stage_id), 0)
    best = best_plays(task)
    good = next(iter(best))
    answer = act(first_state(stage_id), "check", "go" if good is None else str(good))
    assert answer["state"]["stars"] == 3
    others = [card for card in task.cards if card not in best]
    if others:
        wrong = act(first_state(stage_id), "check", str(others[0]))
        assert 'data-correct="false"' in wrong["html"] and wrong["state"]["stars"] == 0
        assert 'data-chosen="true"' in wrong["html"] and 'data-best="true"' in wrong["html"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_go_while_a_card_fits_is_shown_what_the_best_card_pegs_and_no_reply_to_a_card(lang):
    """A go pegs nothing and is no card: under "what the best card scores" stand the best
    card's points (not the go's nothing), and "what the opponent could score after your
    card" is not said at all."""
    for stage_id in PLAY_STAGES:
        task = task_for(stage(stage_id), 0)
        text = text_of(act(first_state(stage_id, lang), "check", "go", lang)["html"])
        if task.goal == "score":
            best = next(iter(best_plays(task)))
            pegged = points_of_last_card([*task.pile, best])
            shown = text.split(t("lesson.best_pegs", lang))[1]
            assert pegged and points_text(pegged, lang) in shown and t("lesson.nothing_pegs", lang) not in shown
        if task.goal == "safe":
            assert t("lesson.reply_pegs", lang) not in text, stage_id


@pytest.mark.parametrize("stage_id", [each.id for each in STAGES if each.kind == "discard"])
def test_a_discard_task_takes_two_cards_and_shows_every_discard_when_wrong(stage_id):
    task = task_for(stage(stage_id), 0)
    state = first_state(stage_id)
    refused = act(state, "check")
    assert t("lesson.choose_two", "en") in text_of(refused["html"]) and refused["state"]["tries"] == 0
    # a third card replaces the first: two cards go to the crib
    three = select(state, task.cards[:3])
    assert three["selected"] == [str(card) for card in task.cards[1:3]]
    verdicts = {pair: act(select(state, pair), "check") for pair in combinations(task.cards, 2)}
    right = [pair for pair, answer in verdicts.items() if answer["state"]["stars"] == 3]
    assert right and len(right) < 15
    wrong = next(answer for pair, answer in verdicts.items() if pair not in right)
    assert wrong["html"].count("<tr") == 16 and 'data-chosen="true"' in wrong["html"]


# -- what the page cannot take ---------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_unreadable_number_is_asked_again_in_the_language_and_costs_nothing(lang):
    state = first_state("values-1", lang)
    for said in ("seven", "", "-3", "123"):
        answer = act(state, "check", said, lang)
        assert t("lesson.enter_number", lang) in text_of(answer["html"]), said
        assert answer["state"]["tries"] == 0 and not answer["state"]["done"]
    answer = act(state, "check", "45", lang)  # no count of the play passes 31
    assert t("error.answer_out_of_range", lang, low=0, high=31) in text_of(answer["html"])
    assert answer["state"]["tries"] == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_not_in_the_task_is_refused_in_the_language(lang):
    state = first_state("leading-1", lang)
    answer = call("lesson", state, {"action": "check", "value": "5H"}, lang)
    task = task_for(stage("leading-1"), 0)
    assert Card.parse("5H") not in task.cards
    said = text_of(re.search(r'<p class="cb-error".*?</p>', answer["html"]).group(0))
    assert card_name(Card.parse("5H"), lang) in said and said.strip().startswith("5♥")
    assert t("error.answer_not_in_task", lang, card="").strip() in said
    assert answer["state"]["tries"] == 0 and not answer["state"]["done"]
    selected = call("lesson", first_state("pairs-1", lang), {"action": "select", "value": "AS"}, lang)
    assert selected == {"error": t("error.bad_state", lang)}


BAD_STATES = [
    {"stage": "nowhere-1"},
    {"task": {"kind": "count", "cards": ["5H", "5H"]}},
    {"task": {"kind": "score", "cards": ["5H", "5S", "5C", "JD"], "starter": "5D"}},  # not the stage's kind
    {"tries": -1},
    {"hints": "one"},
    {"stars": 4},
    {"selected": ["AS"]},
    {"found": [["QS", "QS"]]},
    {"uid": "<script>"},
    {"said": {"x": 1}},
]


@pytest.mark.parametrize("change", BAD_STATES)
@pytest.mark.parametrize("lang", ("en", "bg"))
def test_a_state_that_makes_no_sense_is_answered_with_a_notice_in_the_language(change, lang):
    state = {**first_state("values-1"), **change}
    answer = call("lesson", state, {"action": "hint"}, lang)
    assert answer == {"error": t("error.bad_state", lang)}


def test_a_saved_state_of_another_stage_is_not_restored():
    saved = act(first_state("values-2"), "check", "0")["state"]
    answer = act(first_state("values-1"), "restore", json.dumps(saved))
    assert answer["state"]["stage"] == "values-1" and answer["state"]["stars"] is None
    mine = act(first_state("values-1"), "check", "0")["state"]
    restored = act(first_state("values-1"), "restore", json.dumps(mine))
    assert restored["state"]["done"] and restored["root"] == {"data-stars": "0"}
    assert 'data-correct="false"' in restored["html"]  # the verdict comes back with the stage


# -- progress -------------------------------------------------------------------------


def progress_state(lesson: str = "") -> dict:
    return state_of(render_block("course-progress", f"lesson: {lesson}" if lesson else "", "en"))


def saved(stars: dict[str, object]) -> str:
    return json.dumps(
        {
            f"lesson-{stage_id}": json.dumps({"stage": stage_id, "stars": n}) if n != "raw" else "{oops"
            for stage_id, n in stars.items()
        }
    )


def progress(state: dict, action: str, value=None, lang: str = "en") -> dict:
    return call("course-progress", state, {"action": action, "value": value}, lang)


def test_progress_watches_every_stage_and_counts_stages_done_and_stars():
    page = render_block("course-progress", "", "en")
    watched = re.search(r'data-watch="([^"]*)"', page).group(1).split()
    assert watched == [f"lesson-{each.id}" for each in STAGES]
    answer = progress(
        progress_state(), "saved", saved({"values-1": 3, "values-2": 0, "pairs-1": 2, "runs-1": "raw", "hand-1": 9})
    )
    assert answer["state"]["stars"] == {"values-1": 3, "values-2": 0, "pairs-1": 2}
    page = answer["html"]
    values = re.search(r'data-lesson="values" data-done="(\d+)"', page).group(1)
    assert values == "1"  # a stage with no star is not done
    total = len(STAGES)
    assert t("progress.summary", "en", done=2, total=total, stars=5, most=3 * total) in text_of(page)


def test_a_lesson_page_shows_its_own_lesson_and_the_whole_course():
    answer = progress(progress_state("pairs"), "saved", saved({"pairs-1": 3, "values-1": 1}))
    page = answer["html"]
    assert 'data-lesson="pairs"' in page and 'data-lesson="values"' not in page
    assert t("progress.summary", "en", done=1, total=4, stars=3, most=12) in text_of(page)
    assert t("progress.summary", "en", done=2, total=len(STAGES), stars=4, most=3 * len(STAGES)) in text_of(page)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_progress_line_is_its_title_then_one_colon_then_the_summary(lang):
    page = progress(progress_state(), "saved", saved({"pairs-1": 3, "values-1": 1}), lang=lang)["html"]
    pairs = next(lesson for lesson in COURSE if lesson.id == "pairs")
    row = re.search(r'<li class="cb-progress-lesson" data-lesson="pairs"[^>]*>(.*?)<ol', page).group(1)
    summary = t("progress.summary", lang, done=1, total=len(pairs.stages), stars=3, most=3 * len(pairs.stages))
    # the language joins the title and the summary (progress.line), and the summary has no colon of its own
    assert unescape(re.sub(r"<[^>]+>", "", row)) == t(
        "progress.line", lang, title=t("lesson.title.pairs", lang), summary=summary
    )
    assert ":" not in summary
    course = unescape(re.sub(r"<[^>]+>", "", re.search(r'<p class="cb-progress-course".*?</p>', page).group(0)))
    total = t("progress.summary", lang, done=2, total=len(STAGES), stars=4, most=3 * len(STAGES))
    assert (
        course == t("progress.line", lang, title=t("progress.course", lang), summary=total) and course.count(":") == 1
    )


def test_the_progress_numbers_each_lesson_stage_as_its_label_does():
    """The stages read 1, 2, 3 on screen, as "Stage 1 of 4" above each task, not a., b., c."""
    page = progress(progress_state("pairs"), "saved", saved({"pairs-1": 3}))["html"]
    stages = re.findall(r'<li data-of-stage="[^"]*".*?</li>', page)
    shown = [re.search(r'<span class="cb-stage-number" aria-hidden="true">(\d+)</span>', each) for each in stages]
    assert [int(match.group(1)) for match in shown if match] == list(range(1, len(stages) + 1))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_overview_says_the_course_is_finished_only_when_every_stage_has_stars(lang):
    finished_words = unescape(t("progress.finished", lang))
    one_missing = {each.id: 1 for each in STAGES[1:]} | {STAGES[0].id: 0}
    page = progress(progress_state(), "saved", saved(one_missing), lang=lang)["html"]
    assert re.search(r'<p class="cb-progress-finished" hidden>', page)
    page = progress(progress_state(), "saved", saved({each.id: 1 for each in STAGES}), lang=lang)["html"]
    finished = re.search(r'<p class="cb-progress-finished">(.*?)</p>', page).group(1)
    assert finished_words in unescape(finished)
    assert re.search(r'<a href="../game/">', finished)  # from learn/ to the game page
    lesson_page = progress(progress_state("pairs"), "saved", saved({each.id: 1 for each in STAGES}), lang=lang)["html"]
    assert "cb-progress-finished" not in lesson_page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_number_of_the_progress_stands_in_its_own_slot_for_the_page_to_fill(lang):
    """progress.js fills the saved stars in before the engine is up: every number a
    sentence holds is in an element naming it, and the words around stay the catalogue's."""
    page = render_block("course-progress", "", lang)
    total = len(STAGES)
    course = re.search(r'<p class="cb-progress-course".*?</p>', page).group(0)
    assert re.search(r'<span data-fill="done">0</span>', course) and re.search(
        r'<span data-fill="stars">0</span>', course
    )
    assert unescape(re.sub(r"<[^>]+>", "", course)).endswith(
        t("progress.summary", lang, done=0, total=total, stars=0, most=3 * total)
    )
    words = json.loads(unescape(re.search(r'data-star-words="([^"]*)"', page).group(1)))
    assert words == [t("lesson.stars", lang, count=n) for n in range(4)]
    assert re.search(r'data-stages="([^"]*)"', page).group(1).split() == [each.id for each in STAGES]


def test_reset_asks_first_then_forgets_every_stage():
    state = progress(progress_state(), "saved", saved({"values-1": 3}))["state"]
    asked = progress(state, "reset")
    assert asked["state"]["confirm"] and "forget" not in asked and 'data-key="reset-yes"' in asked["html"]
    kept = progress(asked["state"], "reset-no")
    assert kept["state"]["stars"] == {"values-1": 3} and "forget" not in kept
    cleared = progress(asked["state"], "reset-yes")
    assert cleared["state"]["stars"] == {} and cleared["forget"] == [f"lesson-{each.id}" for each in STAGES]
    reset = act(act(first_state("values-1"), "check", "0")["state"], "reset")
    assert reset["state"]["stars"] is None and reset["state"]["seed"] == 0 and reset["root"] == {"data-stars": None}


def test_the_course_words_exist_in_every_language_for_every_lesson_and_rule():
    for lang in LANGUAGES:
        for lesson in COURSE:
            assert t(f"lesson.title.{lesson.id}", lang)
            for each in lesson.stages:
                page, _, anchor = each.rule.partition("#")
                assert t(f"lesson.rule.{page[:-3]}-{anchor}", lang)


def test_a_discard_stage_asks_the_page_to_prepare_its_check_and_preparing_changes_nothing():
    page = render_block("lesson", "stage: discard-1", "en")
    assert 'data-prepare="true"' in page and "data-prepare" not in render_block("lesson", "stage: hand-1", "en")
    state = first_state("discard-1")
    prepared = act(state, "prepare")
    assert prepared["state"] == state and "data-correct" not in prepared["html"]
    new = act(state, "new")
    assert new["prepare"] is True and act(first_state("hand-1"), "new")["prepare"] is False


# -- questions about the deal at the table (choose) ------------------------------------------

CHOOSE_STAGES = [each.id for each in STAGES if each.kind == "choose"]


def with_task(stage_id: str, task: dict, lang: str = "en") -> dict:
    """The stage's first state holding ``task`` instead (a page's state, checked like any)."""
    return {**first_state(stage_id, lang), "task": {"kind": "choose", "cards": [], **task}}


def choice_buttons(html: str) -> list[str]:
    return re.findall(
        r'<button type="button" class="cb-button" data-key="choice-[^"]+" data-action="check" data-value="([^"]+)"',
        html,
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("stage_id", CHOOSE_STAGES)
def test_a_question_at_the_table_offers_its_choices_as_buttons_and_the_rules_answer_earns_three_stars(stage_id, lang):
    for seed in range(8):
        task = task_for(stage(stage_id), seed)
        state = {**first_state(stage_id, lang), "task": task.to_json(), "seed": seed}
        shown = act(state, "hint", lang=lang)
        buttons = choice_buttons(shown["html"])
        right = naive_table_answer(task)
        assert right in buttons and len(buttons) == len(set(buttons)) >= 3, (stage_id, seed)
        assert "lesson." not in text_of(shown["html"])  # every word from the catalogue
        answer = act(state, "check", right, lang)
        assert 'data-correct="true"' in answer["html"] and answer["state"]["stars"] == 3, (stage_id, seed)
        wrong = next(choice for choice in buttons if choice != right)
        refused = act(state, "check", wrong, lang)
        assert 'data-correct="false"' in refused["html"] and refused["root"] == {"data-stars": "0"}
        assert 'class="cb-why"' in refused["html"] and "lesson." not in text_of(refused["html"])


def test_his_heels_go_to_the_dealer_whoever_holds_the_cards_and_the_verdict_says_so():
    state = with_task("heels-nobs-1", {"cards": ["5H", "9C", "KD", "2S"], "starter": "JS", "question": "jacks"})
    refused = act(state, "check", "pone:2")
    text = text_of(refused["html"])
    assert (
        t("lesson.wrong_pick", "en", answer=t("lesson.choice.pegs", "en", who="Dealer", points=points_text(2, "en")))
        in text
    )
    assert t("lesson.why.heels", "en", starter=card_name(Card.parse("JS"), "en")) in text


def test_a_jack_of_another_suit_than_the_starters_gives_nobody_a_point():
    state = with_task("heels-nobs-4", {"cards": ["JH", "9C", "KD", "2S"], "starter": "5S", "question": "jacks"})
    assert 'data-correct="true"' in act(state, "check", "nobody")["html"]
    assert 'data-correct="false"' in act(state, "check", "pone:1")["html"]


def test_the_crib_s_nobs_is_the_dealers():
    task = {"cards": ["JD", "9C", "KD", "2S"], "starter": "5D", "question": "jacks", "crib": True, "dealer": True}
    assert 'data-correct="true"' in act(with_task("heels-nobs-3", task), "check", "dealer:1")["html"]


def test_the_pone_counts_first_and_wins_though_the_dealer_holds_more():
    # pone 116 + 5 = 121 before the dealer's 12 and the crib's 4 are counted
    state = with_task("count-end-3", {"question": "winner", "scores": [116, 118], "counts": [5, 12, 4], "game_to": 121})
    refused = act(state, "check", "seat:1")
    assert 'data-correct="false"' in refused["html"]
    text = text_of(refused["html"])
    assert "121" in text and "116 + 5" in text
    assert 'data-correct="true"' in act(state, "check", "seat:0")["html"]


def test_the_dealers_crib_can_take_the_dealer_out_last():
    # pone 100 + 8 = 108; dealer 110 + 6 = 116, + the crib's 7 = 123: out on the crib
    state = with_task("count-end-3", {"question": "winner", "scores": [100, 110], "counts": [8, 6, 7], "game_to": 121})
    assert 'data-correct="true"' in act(state, "check", "seat:1")["html"]


def test_a_point_in_the_play_ends_the_game_at_once():
    # the dealer (second to play) pairs the pone's 7 for 2 at 119: 121
    task = {"question": "winner", "cards": ["7S"], "pile": ["7H"], "scores": [120, 119], "game_to": 121}
    answer = act(with_task("count-end-4", task), "check", "seat:1")
    assert 'data-correct="true"' in answer["html"] and "121" in text_of(answer["html"])


@pytest.mark.parametrize(
    ("scores", "game_to", "outcome"),
    [
        ((121, 91), 121, "loss"),
        ((121, 90), 121, "skunk"),
        ((60, 121), 121, "double_skunk"),
        ((61, 31), 61, "loss"),
        ((30, 61), 61, "lurch"),
    ],
)
def test_the_losers_outcome_follows_the_lines_of_the_game(scores, game_to, outcome):
    stage_id = "count-end-5" if game_to == 121 else "count-end-6"
    state = with_task(stage_id, {"question": "outcome", "scores": list(scores), "game_to": game_to})
    assert 'data-correct="true"' in act(state, "check", outcome)["html"]
    wrong = "skunk" if outcome != "skunk" else "loss"
    refused = text_of(act(state, "check", wrong)["html"])
    assert str(min(scores)) in refused


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_show_order_with_three_players_says_the_whole_round(lang):
    state = with_task("count-end-2", {"question": "show_order", "players": 3, "shown": 3}, lang)
    answer = act(state, "check", "seat:2", lang)
    assert 'data-correct="false"' in answer["html"]
    assert " → ".join(t(f"lesson.seat.{key}", lang) for key in ("left", "next", "dealer", "crib")) in text_of(
        answer["html"]
    )
    assert 'data-correct="true"' in act(state, "check", "crib", lang)["html"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_stage_never_answered_says_so_on_the_progress_as_the_lesson_does(lang):
    page = progress(progress_state(), "saved", saved({"values-1": 0}), lang)["html"]
    assert text_of(page).count(t("lesson.no_stars", lang)) == len(STAGES) - 1  # all but values-1
    before_the_engine = render_block("course-progress", "", lang)
    assert f'data-unanswered-words="{t("lesson.no_stars", lang)}"' in before_the_engine


# -- a whole play claimed (go-last) ---------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("stage_id", ["go-last-1", "go-last-4", "go-last-5"])
def test_a_whole_play_claimed_right_finishes_the_stage_with_three_stars(stage_id, lang):
    state = first_state(stage_id, lang)
    while not state["done"]:
        answer = act(state, "check", claim_answer(state), lang)
        assert 'data-correct="false"' not in answer["html"]
        assert "{" not in text_of(answer["html"])  # no key left unformatted
        state = answer["state"]
    assert state["stars"] == 3
    assert t("lesson.claim.done", lang) in unescape(answer["html"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wrong_claim_is_corrected_with_what_the_card_pegged_and_costs_a_star(lang):
    state = first_state("go-last-1", lang)
    while True:
        said = claim_answer(state, wrong=True)
        answer = act(state, "check", said, lang)
        state = answer["state"]
        if 'data-correct="false"' in answer["html"]:
            break
    shown = unescape(answer["html"])
    assert t("lesson.claim.wrong", lang, said=said, who="", what="").split(" ")[0] in shown
    while not state["done"]:
        state = act(state, "check", claim_answer(state), lang)["state"]
    assert state["stars"] == 2


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_last_player_who_cannot_play_after_a_go_is_offered_the_go_point_and_the_claim_says_so(lang):
    """When the other side has said go and the reader cannot lay a card either, the go point is
    the reader's: the button takes it and the question names it; a go that hands the point on
    is a plain go."""
    take, plain = t("ui.take_go", lang), t("ui.say_go", lang)
    seen = {take: 0, plain: 0}
    for seed in range(1, 40):
        state, html = fresh("w1", stage("go-last-1"), seed).to_state(), ""
        while not state["done"]:
            task = Task.from_json(state["task"])
            walked = walk(task, state["steps"])
            if html and walked.asks is Ask.MOVE and all(walked.count + value(card) > 31 for card in walked.held):
                since_reset = list(walked.play_actions)
                while any(action.reset for action in since_reset):
                    since_reset.pop(0)
                other_went = any(action.card is None and action.seat != reader_seat(task) for action in since_reset)
                label = take if other_went else plain
                assert f'data-key="go" data-action="check" data-value="go">{escape(label)}</button>' in html
                seen[label] += 1
                answer = act(state, "check", "go", lang)
                if label == take:
                    went = t("lesson.claim.went_point", lang, who=t("game.you", lang), count=walked.count)
                    assert went in unescape(answer["html"])
                state, html = answer["state"], answer["html"]
                continue
            answer = act(state, "check", claim_answer(state), lang)
            state, html = answer["state"], answer["html"]
    assert seen[take] and seen[plain]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hint_names_four_of_a_kind_a_double_pair_royal_as_the_verdict_does(lang):
    hinted = text_of(act(first_state("pairs-4", lang), "hint", lang=lang)["html"])
    assert t("lesson.count.double_pair_royal", lang, count=1) in hinted
    assert t("lesson.count.pair", lang, count=6) not in hinted


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_played_to_win_is_named_as_the_object_of_the_verb_and_the_seat_in_running_text(lang):
    # the dealer pairs the pone's queen: 2 points, 100 → 102, the game goes on
    task = {"question": "winner", "cards": ["QS"], "pile": ["QH"], "scores": [100, 100], "game_to": 121}
    shown = unescape(act(with_task("count-end-4", task, lang), "check", "nobody", lang)["html"])
    assert card_name(Card(12, "S"), lang, "acc") in shown
    if lang == "en":
        assert "The dealer plays the queen of spades" in shown


def test_the_reason_for_the_next_lead_names_the_last_player_in_running_text():
    state = first_state("go-last-1")
    reasons = []
    while not state["done"]:
        answer = act(state, "check", claim_answer(state))
        reasons += re.findall(r"Last to play: ([^.]+)\.", unescape(answer["html"]))
        state = answer["state"]
    assert reasons and set(reasons) <= {"you", "the computer"}


@pytest.mark.parametrize("stage_id", ["leading-2", "leading-4", "the-play-2"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_right_card_in_the_play_also_shows_every_choice_and_what_it_pegs_or_leaves(stage_id, lang):
    """Issue 24 (reasons for every verdict): a right play is told why, as a wrong one is."""
    task = task_for(stage(stage_id), 0)
    best = sorted(best_plays(task), key=str)[0]
    html_ = act(first_state(stage_id, lang), "check", str(best) if best else "go", lang=lang)["html"]
    assert t("lesson.right", lang) in html_ and html_.count('class="cb-option"') == len(task.cards) + (
        task.goal == "go"
    )
    if task.goal == "score":
        assert t("lesson.best_pegs", lang) in html_
    if task.goal == "safe":
        assert t("lesson.reply_pegs", lang) in html_
