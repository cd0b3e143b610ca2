"""The course's exercises: the answers the checker accepts, found by trying every answer of
the task's kind, equal independent expectations (naive_exercises, built on the naive show
and play scorers and brute force); bad tasks and bad answers are refused with codes."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from cribbage.core.cards import DECK, Card, parse_cards
from cribbage.course.exercises import HintKind, accepted, check, discard_options, find_items, hint, stars
from cribbage.course.tasks import NUMBER_RANGES, Task, TaskKind, answer_to_json, read_answer
from cribbage.errors import (
    AnswerNotInTaskError,
    AnswerRangeError,
    AnswerSizeError,
    AnswerTypeError,
    CardCountError,
    CribbageError,
    DuplicateCardError,
    ProgressError,
    TaskError,
)
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from naive_exercises import (
    SHOW_KINDS,
    all_answers,
    brute_force_crib_mean,
    expected_answers,
    naive_combinations,
    naive_hand_mean,
    naive_threat,
    shown_net,
    value,
)


def right_answers(task):
    """What the checker says yes to, asking it about every answer of the task's kind."""
    return {answer for answer in all_answers(task) if check(task, answer).correct}


def assert_checker_agrees(task, discard_nets=None):
    expected = expected_answers(task, discard_nets)
    assert right_answers(task) == expected
    assert accepted(task) == expected


# -- tasks drawn straight from the cards ------------------------------------------------------


def pile_strategy():
    """A pile of the play: distinct cards whose count stays under 31."""

    def cut(cards):
        pile = []
        for card in cards:
            if sum(map(value, pile)) + value(card) > 30:
                break
            pile.append(card)
        return tuple(pile)

    return st.lists(st.sampled_from(DECK), max_size=7, unique=True).map(cut)


@st.composite
def tasks(draw):
    kind = draw(st.sampled_from(["count", "find", "score", "peg", "play"]))
    deck = draw(st.permutations(DECK))
    if kind == "count":
        cards = draw(st.lists(st.sampled_from(DECK), min_size=2, max_size=5, unique=True))
        if sum(map(value, cards)) > 31:
            cards = cards[:2]
        return Task(TaskKind.COUNT, tuple(cards))
    if kind in ("find", "score"):
        if kind == "find":
            target = draw(st.sampled_from(["fifteen", "pair", "run"]))
            return Task(TaskKind.FIND, tuple(deck[:4]), starter=deck[4], only=(target,))
        only = tuple(k for k in SHOW_KINDS if k in draw(st.sets(st.sampled_from(SHOW_KINDS))))
        return Task(TaskKind.SCORE, tuple(deck[:4]), starter=deck[4], crib=draw(st.booleans()), only=only)
    pile = draw(pile_strategy())
    rest = [card for card in deck if card not in pile]
    room = 31 - sum(map(value, pile))
    fitting = [card for card in rest if value(card) <= room]
    assume(fitting)  # a pile of 30 with the four aces on it leaves no card to play
    if kind == "peg":
        return Task(TaskKind.PEG, (fitting[0],), pile=pile)
    goal = draw(st.sampled_from(["score", "safe", "go"]))
    hand = tuple(rest[: draw(st.integers(1, 4))])
    if goal != "go" and all(value(card) > room for card in hand):
        hand = (fitting[0],)
    return Task(TaskKind.PLAY, hand, pile=pile, goal=goal)


@settings(max_examples=300, deadline=None)
@given(tasks())
def test_the_checker_accepts_exactly_the_answers_the_rules_make_right(task):
    assert_checker_agrees(task)


@settings(max_examples=200, deadline=None)
@given(tasks())
def test_a_task_survives_its_json_and_every_accepted_answer_its_json(task):
    assert Task.from_json(task.to_json()) == task
    for answer in accepted(task):
        assert read_answer(task, answer_to_json(answer)) == answer


# -- each kind, on positions the pages teach -----------------------------------------------------


def test_a_pair_royal_is_three_pairs_to_find_and_a_double_run_two_runs():
    royal = Task(TaskKind.FIND, parse_cards("8H 8S 2C 8D"), starter=Card.parse("KD"), only=("pair",))
    assert len(accepted(royal)) == 3 and all(len(pair) == 2 for pair in accepted(royal))
    double = Task(TaskKind.FIND, parse_cards("4S 4H 5D 6C"), starter=Card.parse("KH"), only=("run",))
    assert accepted(double) == {frozenset(parse_cards("4S 5D 6C")), frozenset(parse_cards("4H 5D 6C"))}
    verdict = check(double, frozenset(parse_cards("4S 5D 6C")))
    assert verdict.correct and [set(item.cards) for item in verdict.found] == [set(parse_cards("4S 5D 6C"))]
    assert not check(double, frozenset(parse_cards("4S 4H 5D 6C"))).found  # the whole double run is no one run


def test_only_the_longest_runs_are_to_be_found():
    task = Task(TaskKind.FIND, parse_cards("3H 4S 5D 6C"), starter=Card.parse("KH"), only=("run",))
    assert accepted(task) == {frozenset(parse_cards("3H 4S 5D 6C"))}
    assert not check(task, frozenset(parse_cards("3H 4S 5D"))).correct


def test_a_crib_flush_needs_the_starter_and_a_hand_flush_does_not():
    hand = Task(TaskKind.SCORE, parse_cards("2H 6H 9H QH"), starter=Card.parse("KS"), only=("flush",))
    crib = Task(TaskKind.SCORE, parse_cards("2H 6H 9H QH"), starter=Card.parse("KS"), crib=True, only=("flush",))
    assert accepted(hand) == {4} and accepted(crib) == {0}


def test_the_score_verdict_lists_the_items_of_the_kinds_counted():
    task = Task(TaskKind.SCORE, parse_cards("5H 5S 5C JD"), starter=Card.parse("5D"), only=("pair", "nobs"))
    verdict = check(task, 12)
    assert not verdict.correct and verdict.expected == {13}
    assert sorted(item.kind for item in verdict.missed) == ["nobs"] + ["pair"] * 6


def test_peg_counts_what_the_card_makes_not_the_go_or_last_card():
    assert accepted(Task(TaskKind.PEG, parse_cards("AH"), pile=parse_cards("KS QD JC"))) == {2}  # 31
    assert accepted(Task(TaskKind.PEG, parse_cards("AH"), pile=parse_cards("KS QD 9C"))) == {
        0
    }  # 30: a go later, not now
    assert accepted(Task(TaskKind.PEG, parse_cards("7H"), pile=parse_cards("3D 7C 7S"))) == {6}


def test_play_goal_go_accepts_every_card_that_fits_or_go_when_none_does():
    task = Task(TaskKind.PLAY, parse_cards("KH 2S 6D"), pile=parse_cards("KS QD 5C"), goal="go")
    assert accepted(task) == {Card.parse("2S"), Card.parse("6D")}
    stuck = Task(TaskKind.PLAY, parse_cards("KH 9D"), pile=parse_cards("KS QD 5C"), goal="go")
    assert accepted(stuck) == {None}
    assert not check(task, None).correct and not check(task, Card.parse("KH")).correct
    assert not check(stuck, Card.parse("9D")).correct and check(stuck, None).correct


def test_a_lead_of_four_or_less_is_safe_and_a_five_or_more_is_not():
    """strategy.md#leads: no single card makes fifteen with a low card; pairs are left aside."""
    for rank in range(1, 14):
        card = Card(rank, "S")
        others = tuple(c for c in parse_cards("2H 3D 4C") if c.rank != rank) or parse_cards("2H")
        task = Task(TaskKind.PLAY, (card, *others), goal="safe")
        option = next(o for o in check(task, card).options if o.cards == (card,))
        assert (option.value == 0) == (rank <= 4), rank


def test_a_safe_verdict_names_the_reply_that_scores():
    task = Task(TaskKind.PLAY, parse_cards("5S 4D"), goal="safe")
    verdict = check(task, Card.parse("5S"))
    assert not verdict.correct and verdict.cost == 2 and verdict.rank == 2
    assert [item.kind for item in verdict.missed] == ["fifteen"]
    unseen = [card for card in DECK if card not in task.cards]
    assert naive_threat((), Card.parse("5S"), unseen) == 2


def test_the_score_goal_values_every_card_by_what_it_pegs():
    task = Task(TaskKind.PLAY, parse_cards("5S 4D 9C KD"), pile=parse_cards("KH"), goal="score")
    verdict = check(task, Card.parse("9C"))
    assert [o.value for o in verdict.options] == [2, 0, 0, 2]
    assert (verdict.cost, verdict.rank, verdict.correct) == (2, 3, False)
    assert accepted(task) == {Card.parse("5S"), Card.parse("KD")}
    go = check(task, None)  # go while a card fits: wrong, and no choice of its own
    assert (go.correct, go.rank, len(go.options)) == (False, 3, 4)


def discard_nets(dealt, dealer):
    hands = {}
    nets = {}
    for pair in combinations(dealt, 2):
        keep = [card for card in dealt if card not in pair]
        hands[pair] = naive_hand_mean(keep, dealt)
        crib = brute_force_crib_mean(pair, dealt)
        nets[frozenset(pair)] = hands[pair] + crib if dealer else hands[pair] - crib
    return nets


def test_discard_accepts_the_best_pairs_by_brute_force_over_every_crib_and_starter():
    dealt = tuple(random.Random(13).sample(DECK, 6))
    exact = discard_nets(dealt, dealer=True)
    crib = {pair: net - naive_hand_mean([c for c in dealt if c not in pair], dealt) for pair, net in exact.items()}
    for dealer in (True, False):
        task = Task(TaskKind.DISCARD, dealt, dealer=dealer)
        nets = {pair: net if dealer else net - 2 * crib[pair] for pair, net in exact.items()}
        assert_checker_agrees(task, nets)
        best = float(shown_net(max(nets.values())))
        for pair, net in nets.items():
            verdict = check(task, pair)
            # what the choice gives up and its rank, as a reader works them out from the figures shown
            assert verdict.cost == pytest.approx(best - float(shown_net(net)), abs=1e-9)
            assert verdict.rank == 1 + sum(float(shown_net(other)) > float(shown_net(net)) for other in nets.values())
            assert len(verdict.options) == 15


def test_a_discard_hint_keeps_a_card_every_best_discard_keeps():
    task = Task(TaskKind.DISCARD, parse_cards("5H 5S 6C 7D JH KS"), dealer=True)
    kept = hint(task).cards
    assert hint(task).kind is HintKind.KEEP and len(kept) == 1
    assert all(kept[0] not in pair for pair in accepted(task))


# -- hints -----------------------------------------------------------------------------


def test_a_find_hint_counts_the_combinations_and_points_at_one_not_found_yet():
    task = Task(TaskKind.FIND, parse_cards("7H 8S 2D 4C"), starter=Card.parse("9S"), only=("fifteen",))
    fifteens = naive_combinations(list(task.cards) + [task.starter], "fifteen")
    first = hint(task)
    assert first.number == len(fifteens) == 2
    found = next(f for f in fifteens if first.cards[0] in f)
    second = hint(task, found=[found])
    assert second.cards[0] in next(f for f in fifteens if f != found)
    assert hint(task, found=fifteens).cards == ()
    assert len(find_items(task)) == 2


def test_count_score_peg_and_play_hints():
    count = hint(Task(TaskKind.COUNT, parse_cards("KH 5S AD 9C")))
    assert (count.kind, count.number, count.cards) == (HintKind.PARTIAL_COUNT, 16, parse_cards("KH 5S AD"))
    score = hint(Task(TaskKind.SCORE, parse_cards("4S 4H 5D 6C"), starter=Card.parse("6H")))
    assert score.kind is HintKind.ITEMS and score.kinds == ("fifteen", "pair", "run")
    assert hint(Task(TaskKind.PEG, parse_cards("5S"), pile=parse_cards("KH 3D"))).number == 13
    assert hint(Task(TaskKind.PLAY, parse_cards("5S 4D"), pile=parse_cards("KH"), goal="score")).number == 2
    avoid = hint(Task(TaskKind.PLAY, parse_cards("5S 4D"), goal="safe"))
    assert (avoid.kind, avoid.cards, avoid.number) == (HintKind.AVOID, parse_cards("5S"), 2)


# -- stars ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tries", "hints", "expected"),
    [(1, 0, 3), (1, 1, 2), (2, 0, 2), (2, 1, 1), (1, 2, 1), (3, 0, 1), (9, 9, 1), (0, 0, 0), (0, 3, 0)],
)
def test_stars_three_at_first_try_two_after_one_hint_or_one_wrong_try_else_one(tries, hints, expected):
    assert stars(tries, hints) == expected


def test_negative_tries_or_hints_are_refused():
    for tries, hints in ((-1, 0), (1, -1)):
        with pytest.raises(ProgressError) as raised:
            stars(tries, hints)
        assert raised.value.code == "bad_progress"


# -- answers of the wrong form ------------------------------------------------------------

FIND = Task(TaskKind.FIND, parse_cards("5H 5S 6C 7D"), starter=Card.parse("JH"), only=("pair",))
DISCARD = Task(TaskKind.DISCARD, parse_cards("5H 5S 6C 7D JH KS"))
PLAY = Task(TaskKind.PLAY, parse_cards("5S 9D"), pile=parse_cards("KH"), goal="score")


@pytest.mark.parametrize(
    ("task", "answer", "error", "code"),
    [
        (FIND, frozenset(parse_cards("5H 2C")), AnswerNotInTaskError, "answer_not_in_task"),
        (FIND, frozenset(parse_cards("5H")), AnswerSizeError, "answer_too_few_cards"),
        (FIND, frozenset(), AnswerSizeError, "answer_too_few_cards"),
        (FIND, 2, AnswerTypeError, "answer_wrong_type"),
        (DISCARD, frozenset(parse_cards("5H 5S 6C")), CardCountError, "wrong_card_count"),
        (DISCARD, frozenset(parse_cards("5H 5D")), AnswerNotInTaskError, "answer_not_in_task"),
        (PLAY, Card.parse("2S"), AnswerNotInTaskError, "answer_not_in_task"),
        (PLAY, frozenset(parse_cards("5S")), AnswerTypeError, "answer_wrong_type"),
        (Task(TaskKind.COUNT, parse_cards("5H 6S")), 32, AnswerRangeError, "answer_out_of_range"),
        (Task(TaskKind.COUNT, parse_cards("5H 6S")), -1, AnswerRangeError, "answer_out_of_range"),
        (Task(TaskKind.COUNT, parse_cards("5H 6S")), True, AnswerTypeError, "answer_wrong_type"),
        (
            Task(TaskKind.SCORE, parse_cards("5H 5S 6C 7D"), starter=Card.parse("JH")),
            30,
            AnswerRangeError,
            "answer_out_of_range",
        ),
    ],
)
def test_an_answer_of_the_wrong_form_is_refused_with_a_code(task, answer, error, code):
    with pytest.raises(error) as raised:
        check(task, answer)
    assert raised.value.code == code


def test_two_cards_are_no_run_to_find_and_the_refusal_says_a_run_has_three():
    task = Task(TaskKind.FIND, parse_cards("5H 5S 6C 7D"), starter=Card.parse("JH"), only=("run",))
    with pytest.raises(AnswerSizeError) as raised:
        check(task, frozenset(parse_cards("5H 6C")))
    assert raised.value.params["least"] == 3


@pytest.mark.parametrize(
    ("task", "value", "code"),
    [
        (FIND, ["5H", "5H"], "duplicate_card"),
        (FIND, ["5H", "XX"], "answer_wrong_type"),
        (FIND, "5H 2C", "answer_not_in_task"),
        (PLAY, "QQ", "answer_wrong_type"),
        (PLAY, 5, "answer_wrong_type"),
        (Task(TaskKind.PEG, parse_cards("5S"), pile=parse_cards("KH")), "12345", "answer_wrong_type"),
        (Task(TaskKind.PEG, parse_cards("5S"), pile=parse_cards("KH")), "99", "answer_out_of_range"),
        (DISCARD, {"cards": "5H"}, "answer_wrong_type"),
    ],
)
def test_a_page_answer_that_is_no_answer_is_refused_with_a_code(task, value, code):
    with pytest.raises(CribbageError) as raised:
        read_answer(task, value)
    assert raised.value.code == code


def test_page_answers_are_read_as_numbers_cards_and_go():
    assert read_answer(Task(TaskKind.PEG, parse_cards("5S"), pile=parse_cards("KH")), " 2 ") == 2
    assert (
        read_answer(PLAY, "go") is None
        and read_answer(PLAY, None) is None
        and read_answer(PLAY, "9d") == Card.parse("9D")
    )
    assert read_answer(DISCARD, "5H 5S") == frozenset(parse_cards("5H 5S"))
    assert set(NUMBER_RANGES) == {TaskKind.COUNT, TaskKind.SCORE, TaskKind.PEG}


# -- tasks that cannot be -------------------------------------------------------------------

GOOD = {"kind": "score", "cards": ["5H", "5S", "6C", "7D"], "starter": "JH"}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"kind": "guess"}, "kind"),
        ({"kind": 3}, "kind"),
        ({"cards": "5H 5S 6C 7D"}, "cards"),
        ({"cards": ["5H", "5S", "6C"]}, "cards"),
        ({"cards": ["5H", "5S", "6C", "ZZ"]}, "cards"),
        ({"cards": ["5H", "5S", "6C", "5H"]}, "cards"),
        ({"starter": "5H"}, "cards"),
        ({"starter": None}, "starter"),
        ({"starter": 5}, "starter"),
        ({"crib": "yes"}, "crib"),
        ({"only": ["run", "pair"]}, "only"),
        ({"only": ["pair", "pair"]}, "only"),
        ({"only": ["go"]}, "only"),
        ({"only": "pair"}, "only"),
        ({"goal": "score"}, "goal"),
        ({"dealer": True}, "dealer"),
        ({"pile": ["KH"]}, "pile"),
        ({"seed": 3}, "seed"),
        ({"kind": "peg", "cards": ["KS"], "starter": None, "pile": ["KH", "QD", "5C"]}, "cards"),
        ({"kind": "play", "cards": ["KS"], "starter": None, "pile": ["KH", "QD", "5C"], "goal": "score"}, "cards"),
        ({"kind": "play", "cards": ["KS"], "starter": None, "pile": ["KH", "QD", "5C", "6C"], "goal": "go"}, "pile"),
        ({"kind": "play", "cards": ["KS"], "starter": None, "goal": "win"}, "goal"),
        ({"kind": "find", "only": []}, "only"),
        ({"kind": "find", "only": ["flush"]}, "only"),
        ({"kind": "count", "cards": ["KS", "KH", "KD", "QS"], "starter": None}, "cards"),
        ({"kind": "discard", "cards": ["KS", "KH", "KD", "AS", "2S"], "starter": None}, "cards"),
    ],
)
def test_a_task_that_cannot_be_is_refused_with_the_bad_task_code(change, field):
    with pytest.raises(TaskError) as raised:
        Task.from_json(GOOD | change)
    assert raised.value.code == "bad_task" and raised.value.params["field"] == field


def test_a_task_is_an_object_with_a_kind_and_cards():
    for data in ([], "score", None, {"kind": "score"}, {"cards": ["5H", "6S"]}):
        with pytest.raises(TaskError):
            Task.from_json(data)
    assert Task.from_json(GOOD) == Task(TaskKind.SCORE, parse_cards("5H 5S 6C 7D"), starter=Card.parse("JH"))


def test_a_task_refuses_a_duplicate_card_between_hand_and_pile():
    with pytest.raises(TaskError):
        Task(TaskKind.PLAY, parse_cards("5S 9D"), pile=parse_cards("5S"), goal="go")
    with pytest.raises(DuplicateCardError):
        read_answer(DISCARD, ["5H", "5H"])


def test_discard_options_are_the_advisors_fifteen_best_first():
    options = discard_options(DISCARD)
    assert len(options) == 15 and len({frozenset(o.cards) for o in options}) == 15
    assert [o.value for o in options] == sorted((o.value for o in options), reverse=True)
    assert {frozenset(o.cards) for o in options if o.best} == accepted(DISCARD)
