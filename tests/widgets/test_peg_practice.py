"""Pegging practice (``cribbage-peg-practice``): what each card pegs now against the naive
pegging scorer, what it gives away against a brute force over every hand the opponent could
hold, and every action of the widget in CPython."""

from __future__ import annotations

import random
import re
import sys
from functools import partial
from html import unescape
from itertools import combinations
from pathlib import Path

import pytest
from cribbage.analysis.pegging_risk import deal_peg_situation, play_risks
from cribbage.analysis.play_reasons import compare_plays, play_reason
from cribbage.core.cards import DECK, Card, parse_cards
from cribbage.i18n import LANGUAGES, card_name, number, points_text, t
from cribbage.widgets import BlockError, render_block
from cribbage.widgets.play_reason import explain_play, explain_play_comparison
from helpers import call as call_widget
from helpers import state_of, text_of
from hypothesis import given, settings
from hypothesis import strategies as st

# The independent play scorer lives beside the engine's tests (pytest puts that folder on
# the path only when it collects them, so a run of this file alone adds it here).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from naive_pegging import points_of_last_card, value  # noqa: E402

KIND = "peg-practice"


call = partial(call_widget, KIND)  # call(state, action, lang="en")


def state(pile: str, hand: str, opponent: int, chosen=None, players: int = 2) -> dict:
    return {
        "uid": "w1",
        "players": players,
        "pile": pile.split(),
        "hand": hand.split(),
        "opponent": opponent,
        "chosen": chosen,
    }


def card_items(html: str) -> dict[str, str]:
    """The text of each card's line in the answer, by the card's name (en)."""
    return {
        card: text_of(item)
        for card, item in re.findall(
            r'<li[^>]*><span class="cb-card cb-\w">.*?<span class="cb-sr">([^<]*)</span>(.*?)</li>', html
        )
    }


# -- the independent expectation ------------------------------------------------------------------


def brute_force(pile, card, hand, opponent_cards):
    """Over every hand of ``opponent_cards`` cards among the cards not in ``hand`` or on ``pile``:
    the mean and the largest of the opponent's best immediate reply to ``pile + card``, and how
    many unseen cards give each reply's points (by the naive scorer)."""
    after = [*pile, card]
    count = sum(value(c) for c in after)
    unseen = [c for c in DECK if c not in hand and c not in pile]
    reply = {}
    for answer in unseen:
        fits = count < 31 and count + value(answer) <= 31  # after 31 the count starts again
        reply[answer] = points_of_last_card([*after, answer]) if fits else 0
    hands = list(combinations(unseen, opponent_cards))
    mean = sum(max(reply[c] for c in held) for held in hands) / len(hands)
    by_points = {}
    for points in reply.values():
        if points:
            by_points[points] = by_points.get(points, 0) + 1
    return mean, max(reply.values()), by_points, len(unseen)


@st.composite
def situations(draw, max_opponent=3):
    """A pile under 31, a hand of 2 to 4 other cards, and the opponent's number of cards."""
    deck = draw(st.permutations(DECK))
    size = draw(st.integers(1, 5))
    pile = []
    for card in deck[:size]:
        if sum(value(c) for c in pile) + value(card) >= 31:
            break
        pile.append(card)
    if not pile:
        pile = [min(deck[:size], key=value)]
    hand = deck[6 : 6 + draw(st.integers(2, 4))]
    return pile, list(hand), draw(st.integers(1, max_opponent))


# -- the numbers ---------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(situations())
def test_each_card_pegs_now_what_the_naive_scorer_says(situation):
    pile, hand, opponent = situation
    risks = {risk.card: risk for risk in play_risks(pile, hand, opponent)}
    count = sum(value(c) for c in pile)
    assert set(risks) == {card for card in hand if count + value(card) <= 31}
    for card, risk in risks.items():
        assert risk.points == points_of_last_card([*pile, card])


@settings(max_examples=12, deadline=None)
@given(situations())
def test_what_a_card_gives_away_is_the_brute_force_over_every_opponent_hand(situation):
    pile, hand, opponent = situation
    for risk in play_risks(pile, hand, opponent):
        mean, worst, by_points, unseen = brute_force(pile, risk.card, hand, opponent)
        assert risk.expected == pytest.approx(mean, abs=1e-9)
        assert risk.worst == worst and risk.unseen == unseen
        grouped = {}
        for reply in risk.replies:
            grouped[reply.points] = grouped.get(reply.points, 0) + reply.cards
        assert grouped == by_points


def test_a_four_card_opponent_is_brute_forced_too():
    # Every hand of four among the 47 unseen cards: 178,365 hands per card.
    pile, hand = parse_cards("KH 5C"), parse_cards("5D 9S 2C")
    for risk in play_risks(pile, hand, 4):
        mean, worst, _by_points, _unseen = brute_force(pile, risk.card, hand, 4)
        assert risk.expected == pytest.approx(mean, abs=1e-9) and risk.worst == worst


def test_the_page_shows_the_brute_forces_numbers_and_marks_the_best_net():
    pile, hand, opponent = parse_cards("7C 8D"), parse_cards("6S 9H KC"), 2
    answer = call(state("7C 8D", "6S 9H KC", opponent), {"action": "play", "value": "KC"})
    items = card_items(answer["html"])
    nets = {}
    for card in hand:
        mean, worst, by_points, unseen = brute_force(pile, card, hand, opponent)
        nets[card] = points_of_last_card([*pile, card]) - mean
        line = items[card_name(card, "en")]
        assert f"Net {number(nets[card], 'en')}" in line
        assert f"{points_text(mean, 'en')} on average, {points_text(worst, 'en')} at most" in line
        shown = {}
        for points, cards in re.findall(rf"\((\d+) points?\) with (\d+) of the {unseen} unseen cards", line):
            shown[int(points)] = shown.get(int(points), 0) + int(cards)
        assert shown == by_points
    best = max(nets, key=nets.get)
    marked = re.findall(r'<li class="cb-best[^"]*">.*?<span class="cb-sr">([^<]*)</span>', answer["html"])
    assert marked == [card_name(best, "en")]
    assert "your choice" in items[card_name(Card.parse("KC"), "en")]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("played", ["6S", "9H", "KC"])
def test_a_played_card_is_told_why_the_best_beats_it_or_the_next_best_when_it_is_the_best(lang, played):
    risks = play_risks(parse_cards("7C 8D"), parse_cards("6S 9H KC"), 2)
    reasons = {str(risk.card): play_reason(risk, 2) for risk in risks}
    ranked = sorted(reasons, key=lambda card: -reasons[card].net)
    other = ranked[0] if ranked[0] != played else ranked[1]
    comparison = compare_plays(reasons[played], reasons[other])
    html = call(state("7C 8D", "6S 9H KC", 2), {"action": "play", "value": played}, lang)["html"]
    said = text_of(re.search(r'<p class="cb-reason">(.*?)</p>', html).group(1))
    assert said == text_of(f"{explain_play_comparison(comparison, lang)} {explain_play(comparison.better, lang)}")


# -- the moment of play --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_that_offers_the_opponent_nothing_says_so_once(lang):
    """After a 31 the count starts again: no reply scores, and the card's line says so without
    "the opponent's best reply: 0 points on average, 0 at most" as well."""
    answer = call(state("KH QS AC", "JD 2S", 2), {"action": "play", "value": "JD"}, lang)
    line = card_items(answer["html"])[card_name(Card.parse("JD"), lang)]
    best_reply = t("peg_practice.expected", lang, expected="§", worst="§").split("§")[0]
    assert t("peg_practice.gives_nothing", lang) in line and best_reply not in line
    other = card_items(answer["html"])[card_name(Card.parse("2S"), lang)]
    assert best_reply in other  # a card that offers something still says the best reply


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_moment_comes_from_a_real_play_before_any_go(players):
    for seed in range(150):
        situation = deal_peg_situation(random.Random(seed), players)
        pile, hand = situation.pile, situation.hand
        assert 0 < sum(value(c) for c in pile) < 31 and 2 <= len(hand) <= 4
        assert len(set(pile) | set(hand)) == len(pile) + len(hand)
        # Turns go round from seat 0 with no go: the seat to move is len(pile) mod players,
        # and each seat has played one card per round it came up in.
        seat = len(pile) % players
        assert len(hand) == 4 - len(pile) // players
        following = (seat + 1) % players
        assert situation.opponent_cards == 4 - (len(pile) - following + players - 1) // players


@pytest.mark.parametrize("players", [2, 3])
def test_the_practice_deals_only_moments_with_two_legal_cards_whose_nets_differ(players):
    """No forced move, and no moment where every card reads the same net: a choice that decides something."""
    for seed in range(200):
        situation = deal_peg_situation(random.Random(seed), players)
        pile, hand = situation.pile, situation.hand
        count = sum(value(c) for c in pile)
        legal = [card for card in hand if count + value(card) <= 31]
        assert len(legal) >= 2, (seed, pile, hand)
        page = call(
            state(" ".join(map(str, pile)), " ".join(map(str, hand)), situation.opponent_cards), {"action": "noop"}
        )
        items = card_items(page["html"])
        nets = {re.search(r"Net (\S+)", items[card_name(card, "en")]).group(1) for card in legal}
        assert len(nets) >= 2, (seed, pile, hand, nets)


# -- the widget ----------------------------------------------------------------------------------


def test_the_printed_moment_is_fixed_by_the_block_and_its_answer_folded():
    first, second = (render_block(KIND, "players: 2", "en") for _ in range(2))
    assert first == second
    assert '<details class="cb-answer-box">' in first and 'class="cb-verdict"' not in first
    shown = state_of(first)
    assert shown["chosen"] is None and 2 <= len(shown["hand"]) <= 4
    assert render_block(KIND, "players: 3", "en") != first


@pytest.mark.parametrize(("source", "line"), [("players: 5", 1), ("colour: red", 1), ("\nplayers: two", 2)])
def test_a_bad_block_is_refused_naming_its_line(source, line):
    with pytest.raises(BlockError) as refused:
        render_block(KIND, source, "en")
    assert refused.value.line == line


def nets_by_brute_force(pile_text, hand_text, opponent):
    pile, hand = parse_cards(pile_text), parse_cards(hand_text)
    return {card: points_of_last_card([*pile, card]) - brute_force(pile, card, hand, opponent)[0] for card in hand}


def test_playing_the_best_card_says_so():
    nets = nets_by_brute_force("7C 8D", "9H KC", 3)
    assert max(nets, key=nets.get) == Card.parse("9H")  # the run of three outweighs what it invites
    answer = call(state("7C 8D", "9H KC", 3), {"action": "play", "value": "9H"})
    verdict = re.search(r'<p class="cb-verdict" data-announce>(.*?)</p>', answer["html"]).group(1)
    assert unescape(verdict).startswith("Nine of hearts: the best play here")
    assert answer["state"]["chosen"] == "9H" and '<details class="cb-answer-box" open>' in answer["html"]


def test_a_worse_card_is_told_the_better_one_and_by_how_much():
    nets = nets_by_brute_force("7C 8D", "9H KC", 3)
    answer = call(state("7C 8D", "9H KC", 3), {"action": "play", "value": "KC"})
    verdict = text_of(re.search(r'<p class="cb-verdict" data-announce>(.*?)</p>', answer["html"]).group(1))
    lost = round(nets[Card.parse("9H")], 2) - round(nets[Card.parse("KC")], 2)  # of the two nets shown
    assert verdict.startswith("King of clubs: net") and "The best was the nine of hearts" in verdict
    assert f"{lost:.2f} points more" in verdict


def _figures(text: str, lang: str) -> list[float]:
    """The decimal figures of a sentence, read back from the language's writing."""
    decimal = re.escape(t("number.decimal", lang))
    found = re.findall(rf"\N{{MINUS SIGN}}?\d+{decimal}\d+", text)
    return [float(figure.replace("\N{MINUS SIGN}", "-").replace(t("number.decimal", lang), ".")) for figure in found]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_points_more_are_the_difference_of_the_two_nets_shown(lang):
    """One rounding, shown once: "net −0.47 … best net 1.29: 1.76 more", never 1.75."""
    answer = call(state("7C 8D", "9H KC", 3), {"action": "play", "value": "KC"}, lang=lang)
    verdict = text_of(re.search(r'<p class="cb-verdict" data-announce>(.*?)</p>', answer["html"]).group(1))
    net, best_net, more = _figures(verdict, lang)
    assert round(best_net - net, 2) == more and re.search(rf"\d{re.escape(t('number.decimal', lang))}\d\d\b", verdict)


def test_with_no_card_under_31_the_reader_says_go():
    shown = call(state("KH QS 5C", "9D 8C", 2), {"action": "noop"})
    assert 'data-key="go"' in shown["html"] and shown["html"].count("disabled") == 2
    said = call(shown["state"], {"action": "go"}, "pl")
    assert said["state"]["chosen"] == "GO" and t("peg_practice.go_right", "pl") in text_of(said["html"])


def test_a_go_while_a_card_fits_or_a_card_over_31_is_refused_in_the_language():
    start = state("KH QS 5C", "9D 4C", 2)
    go = call(start, {"action": "go"}, "cs")
    assert go["state"] == start and t("peg_practice.cannot_go", "cs") in text_of(go["html"])
    over = call(start, {"action": "play", "value": "9D"}, "sk")
    assert over["state"] == start and t("reason.over_31", "sk") in text_of(
        re.search(r'class="cb-error".*?</p>', over["html"]).group(0)
    )
    stranger = call(start, {"action": "play", "value": "2H"}, "bg")
    assert stranger["state"] == start and 'class="cb-error"' in stranger["html"]


def test_new_cards_deal_a_fresh_moment():
    start = state("7C 8D", "9H KC", 3, chosen="9H", players=3)
    dealt = call(start, {"action": "deal"})
    assert dealt["state"]["chosen"] is None and dealt["state"]["players"] == 3
    assert 'class="cb-verdict"' not in dealt["html"] and '<details class="cb-answer-box">' in dealt["html"]


@pytest.mark.parametrize(
    "bad",
    [
        state("7C 8D", "9H", 3),  # a hand of one card
        state("7C 8D", "8D KC", 3),  # a card on the pile and in hand
        state("KH QS QD AH", "9H KC", 3),  # a pile at 31 would have started again
        state("7C 8D", "9H KC", 0),  # nobody to answer
        state("7C 8D", "9H KC", 3, chosen="2S"),  # a choice not in hand
        state("KH QS 5C", "9D 4C", 2, chosen="GO"),  # a go while the 4 fits
        state("KH QS 5C", "9D 4C", 2, chosen="9D"),  # a card over 31
        {**state("7C 8D", "9H KC", 3), "players": 5},
        {**state("7C 8D", "9H KC", 3), "opponent": True},
        {**state("7C 8D", "9H KC", 3), "uid": '"><script>'},
    ],
)
def test_a_state_that_makes_no_sense_is_answered_in_the_language(bad):
    answer = call(bad, {"action": "noop"}, "pl")
    assert answer == {"error": t("error.bad_state", "pl")}


def test_an_action_value_that_is_no_card_is_refused():
    answer = call(state("7C 8D", "9H KC", 3), {"action": "play", "value": "<b>"}, "en")
    assert answer == {"error": t("error.bad_state", "en")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_renders_the_moment_and_every_verdict(lang):
    html = render_block(KIND, "players: 2", lang)
    assert f'data-lang="{lang}"' in html and t("peg_practice.prompt", lang) in unescape(html)
    for action in ({"action": "play", "value": "9H"}, {"action": "play", "value": "KC"}):
        answer = call(state("7C 8D", "9H KC", 3), action, lang)
        assert t("peg_practice.measure", lang) in unescape(answer["html"])
    said = call(state("KH QS 5C", "9D 8C", 2), {"action": "go"}, lang)
    assert t("peg_practice.go_right", lang) in unescape(said["html"])
