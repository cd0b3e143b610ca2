"""The course: the plan's lessons and stages, each stage's tasks of the shape the plan gives
it for any seed, checked by the rules as the independent expectations say."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from cribbage.analysis.discard import crib_expected
from cribbage.core.cards import DECK
from cribbage.course.exercises import accepted, check, hint
from cribbage.course.lessons import COURSE, stage, stages, task_for
from cribbage.course.tasks import Task, TaskKind
from cribbage.errors import TaskError, UnknownStageError
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_exercises import all_answers, expected_answers, naive_combinations, naive_hand_mean, naive_threat, value
from naive_pegging import points_of_last_card
from naive_scorer import naive_show_total

PLAN = {  # the course plan: lesson -> number of stages
    "values": 4,
    "fifteens": 5,
    "pairs": 4,
    "runs": 5,
    "flush-nobs": 4,
    "hand": 5,
    "crib": 4,
    "the-play": 4,
    "pegging": 5,
    "leading": 5,
    "heels-nobs": 4,
    "count-end": 6,
    "go-last": 5,
    "discard": 4,
}
AUTHORED = {
    "values-1",
    "fifteens-1",
    "pairs-1",
    "pairs-4",
    "runs-3",
    "runs-4",
    "runs-5",
    "flush-nobs-1",
    "flush-nobs-2",
    "flush-nobs-3",
    "hand-5",
    "crib-1",
    "crib-2",
    "pegging-1",
    "pegging-2",
    "pegging-3",
    "pegging-4",
    "heels-nobs-1",
    "count-end-1",
}


def test_the_course_has_the_plans_lessons_and_stages_in_order():
    assert [lesson.id for lesson in COURSE] == list(PLAN)
    assert [item.id for item in stages()] == [
        f"{lesson}-{n}" for lesson, size in PLAN.items() for n in range(1, size + 1)
    ]
    assert len(COURSE) >= 8 and len(stages()) >= 40
    ids = [item.id for item in stages()] + [lesson.id for lesson in COURSE]
    assert len(set(ids)) == len(ids)
    assert all(item.lesson == lesson.id for lesson in COURSE for item in lesson.stages)
    assert {item.id for item in stages() if item.authored is not None} == AUTHORED


def test_an_unknown_stage_is_refused_with_a_code():
    with pytest.raises(UnknownStageError) as raised:
        stage("fifteens-9")
    assert raised.value.code == "unknown_stage" and raised.value.params == {"stage": "fifteens-9"}


def test_an_authored_stage_shows_its_cards_first_then_fresh_ones():
    for item in stages():
        first = task_for(item, 0)
        if item.authored is not None:
            assert first == item.authored
        others = {task_for(item, seed) for seed in range(1, 21)}
        if item.params.question == "show_order":  # one question per count of the show: each asked
            assert len(others) == item.params.players + 1, item.id
        else:
            assert len(others) >= 15, item.id  # fresh cards for each seed
        assert task_for(item, 5) == task_for(item, 5)


# -- each stage's shape, written from the plan ------------------------------------------------


def five(task):
    return list(task.cards) + [task.starter]


def ranks(task):
    return Counter(card.rank for card in five(task))


def one_suit(cards):
    return len({card.suit for card in cards}) == 1


def nobs(task):
    return any(card.rank == 11 and card.suit == task.starter.suit for card in task.cards)


def peg_points(task):
    return points_of_last_card(list(task.pile) + [task.cards[0]])


def count(cards):
    return sum(map(value, cards))


def legal(task):
    return [card for card in task.cards if count(task.pile) + value(card) <= 31]


def threats(task):
    unseen = [card for card in DECK if card not in task.cards and card not in task.pile]
    return [naive_threat(task.pile, card, unseen) for card in legal(task)]


def finds(kind, least):
    return lambda task: task.only == (kind,) and len(naive_combinations(five(task), kind)) >= least


def scores(only, test):
    return lambda task: task.only == only and not task.crib and test(task)


def run_of(length, task):
    after = list(task.pile) + [task.cards[0]]
    tail = after[-length:]
    longer = after[-length - 1 :]
    ranks_ = sorted(card.rank for card in tail)
    is_run = len(tail) == length and all(b == a + 1 for a, b in zip(ranks_, ranks_[1:]))
    longer_ranks = sorted(card.rank for card in longer)
    is_longer = len(longer) == length + 1 and all(b == a + 1 for a, b in zip(longer_ranks, longer_ranks[1:]))
    return is_run and not is_longer


def out_of_order(task):
    tail = [card.rank for card in (list(task.pile) + [task.cards[0]])[-3:]]
    return tail not in (sorted(tail), sorted(tail, reverse=True))


SHAPES = {
    "values-1": lambda t: len(t.cards) == 3,
    "values-2": lambda t: len(t.cards) == 3,
    "values-3": lambda t: len(t.cards) == 4,
    "values-4": lambda t: len(t.cards) in (4, 5) and 25 <= count(t.cards) <= 31,
    "fifteens-1": lambda t: finds("fifteen", 2)(t) and all(len(c) == 2 for c in naive_combinations(five(t), "fifteen")),
    "fifteens-2": lambda t: finds("fifteen", 2)(t) and any(len(c) >= 3 for c in naive_combinations(five(t), "fifteen")),
    "fifteens-3": finds("fifteen", 3),
    "fifteens-4": scores(("fifteen",), lambda t: naive_combinations(five(t), "fifteen")),
    "fifteens-5": scores(("fifteen",), lambda t: len(naive_combinations(five(t), "fifteen")) >= 3),
    "pairs-1": lambda t: finds("pair", 3)(t) and max(ranks(t).values()) == 3,
    "pairs-2": lambda t: finds("pair", 2)(t) and sorted(ranks(t).values()) == [1, 2, 2],
    "pairs-3": scores(("pair",), lambda t: naive_combinations(five(t), "pair")),
    "pairs-4": scores(("pair",), lambda t: max(ranks(t).values()) == 4),
    "runs-1": finds("run", 1),
    "runs-2": finds("run", 2),
    "runs-3": scores(("pair", "run"), lambda t: len(naive_combinations(five(t), "run")) == 2),
    "runs-4": scores(("pair", "run"), lambda t: len(naive_combinations(five(t), "run")) == 3),
    "runs-5": scores(("pair", "run"), lambda t: len(naive_combinations(five(t), "run")) == 4),
    "flush-nobs-1": scores(("flush", "nobs"), lambda t: one_suit(t.cards) and not one_suit(five(t))),
    "flush-nobs-2": scores(("flush", "nobs"), lambda t: one_suit(five(t))),
    "flush-nobs-3": scores(("flush", "nobs"), nobs),
    "flush-nobs-4": scores(("flush", "nobs"), lambda t: one_suit(t.cards) or nobs(t)),
    "hand-1": scores((), lambda t: True),
    "hand-2": scores((), lambda t: True),
    "hand-3": scores((), lambda t: True),
    "hand-4": scores((), lambda t: len(naive_combinations(five(t), "run")) == 2),
    "hand-5": scores((), lambda t: naive_show_total(t.cards, t.starter) >= 20),
    "crib-1": lambda t: t.crib and one_suit(t.cards) and not one_suit(five(t)),
    "crib-2": lambda t: t.crib and one_suit(five(t)),
    "crib-3": lambda t: t.crib,
    "crib-4": lambda t: t.crib,
    "the-play-1": lambda t: t.goal == "go" and 0 < len(legal(t)) < len(t.cards),
    "the-play-2": lambda t: t.goal == "go" and not legal(t),
    "the-play-3": lambda t: 20 <= count(t.cards) <= 31,
    "the-play-4": lambda t: count(t.pile) + value(t.cards[0]) == 31,
    "pegging-1": lambda t: count(t.pile) + value(t.cards[0]) == 15,
    "pegging-2": lambda t: (
        [c.rank for c in t.pile[-2:]] == [t.cards[0].rank] * 2
        and (len(t.pile) < 3 or t.pile[-3].rank != t.cards[0].rank)
    ),
    "pegging-3": lambda t: run_of(3, t) and out_of_order(t),
    "pegging-4": lambda t: run_of(4, t),
    "pegging-5": lambda t: peg_points(t) > 0,
    "leading-1": lambda t: t.goal == "safe" and not t.pile and 0 in threats(t) and max(threats(t)) > 0,
    "leading-2": lambda t: t.goal == "safe" and t.pile and 0 in threats(t) and max(threats(t)) > 0,
    "leading-3": lambda t: t.goal == "safe" and t.pile and 0 in threats(t) and max(threats(t)) > 0,
    "leading-4": lambda t: t.goal == "score" and len({points_of_last_card(list(t.pile) + [c]) for c in legal(t)}) > 1,
    "leading-5": lambda t: t.goal == "score" and len({points_of_last_card(list(t.pile) + [c]) for c in legal(t)}) > 1,
    "heels-nobs-1": lambda t: t.question == "jacks" and t.starter.rank == 11,
    "heels-nobs-2": lambda t: t.question == "jacks" and not t.crib and nobs(t) and t.starter.rank != 11,
    "heels-nobs-3": lambda t: t.question == "jacks" and t.crib and t.dealer and nobs(t),
    "heels-nobs-4": lambda t: t.question == "jacks" and any(card.rank == 11 for card in five(t)),
    "count-end-1": lambda t: t.question == "show_order" and t.players == 2,
    "count-end-2": lambda t: t.question == "show_order" and t.players == 3,
    "count-end-3": lambda t: t.question == "winner" and len(t.counts) == 3 and max(t.scores) < 121,
    "count-end-4": lambda t: t.question == "winner" and peg_points(t) > 0 and max(t.scores) < 121,
    "count-end-5": lambda t: t.question == "outcome" and t.game_to == 121,
    "count-end-6": lambda t: t.question == "outcome" and t.game_to == 61,
    "go-last-1": lambda t: t.players == 2 and not t.dealer,
    "go-last-2": lambda t: t.players == 2 and t.dealer,
    "go-last-3": lambda t: t.players == 2 and not t.dealer,
    "go-last-4": lambda t: t.players == 3 and not t.dealer,
    "go-last-5": lambda t: t.players == 4 and t.dealer,
    "discard-1": lambda t: t.dealer,
    "discard-2": lambda t: not t.dealer,
    "discard-3": lambda t: t.dealer,
    "discard-4": lambda t: not t.dealer,
}
KINDS = {
    "values": "count",
    "fifteens": "find",
    "pairs": "find",
    "runs": "find",
    "flush-nobs": "score",
    "hand": "score",
    "crib": "score",
    "the-play": "play",
    "pegging": "peg",
    "leading": "play",
    "heels-nobs": "choose",
    "count-end": "choose",
    "go-last": "claim",
    "discard": "discard",
}
KIND_EXCEPTIONS = {
    "fifteens-4": "score",
    "fifteens-5": "score",
    "pairs-3": "score",
    "pairs-4": "score",
    "runs-3": "score",
    "runs-4": "score",
    "runs-5": "score",
    "the-play-3": "count",
    "the-play-4": "peg",
}


def test_every_stage_has_a_shape_to_check():
    assert set(SHAPES) == {item.id for item in stages()}
    for item in stages():
        assert str(item.kind) == KIND_EXCEPTIONS.get(item.id, KINDS[item.lesson]), item.id


def assert_stage_task(item, task):
    assert task.kind is item.kind
    assert SHAPES[item.id](task), (item.id, task.to_json())
    assert Task.from_json(json.loads(json.dumps(task.to_json()))) == task
    if item.kind is TaskKind.CLAIM:
        assert json.loads(json.dumps(hint(task).to_json()))["kind"] == str(hint(task).kind)
    elif item.kind is not TaskKind.DISCARD:
        right = {answer for answer in all_answers(task) if check(task, answer).correct}
        assert right == expected_answers(task) == set(accepted(task))
        verdict = check(task, next(iter(right)))
        assert json.loads(json.dumps(verdict.to_json()))["correct"] is True
        assert json.loads(json.dumps(hint(task).to_json()))["kind"] == str(hint(task).kind)


@pytest.mark.parametrize(
    "item", [item for item in stages() if item.kind is not TaskKind.DISCARD], ids=lambda item: item.id
)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40))
def test_every_stage_deals_tasks_of_its_shape_that_the_rules_check(item, seed):
    assert_stage_task(item, task_for(item, seed))


@pytest.mark.parametrize("item", list(stages()), ids=lambda item: item.id)
def test_the_first_task_of_every_stage_has_its_shape(item):
    assert_stage_task(item, task_for(item, 0))


@pytest.mark.parametrize("stage_id", ["discard-1", "discard-2", "discard-3", "discard-4"])
def test_a_discard_stage_accepts_the_best_pairs_by_net_from_every_starter(stage_id):
    """The hand part counted with the naive scorer over every starter; the crib part is the
    exact mean that test_discard checks against brute force (brute force here too is slow)."""
    item = stage(stage_id)
    for seed in (1, 2):
        task = task_for(item, seed)
        assert SHAPES[stage_id](task) and len(set(task.cards)) == 6
        unseen = [card for card in DECK if card not in task.cards]
        nets = {}
        for pair in combinations(task.cards, 2):
            hand = naive_hand_mean([card for card in task.cards if card not in pair], task.cards)
            crib = Fraction(crib_expected(pair, unseen, 2))
            nets[frozenset(pair)] = hand + crib if task.dealer else hand - crib
        right = {pair for pair in nets if check(task, pair).correct}
        assert right == expected_answers(task, nets) == set(accepted(task))


# -- every task is a position a real two-player deal reaches --------------------------------

DEALT, KEPT = 6, 4  # the two-player game: six cards each, two of them to the crib
LAST_GO = 22  # from this count a hand of cards may hold none low enough (a ten at 22 passes 31)


def seats_in_play(length: int):
    """Who may have played each card of the pile, ``R`` the reader and ``O`` the opponent, when
    the reader is to act and has not said go: the seats in turn from either leader, or in turn
    until the opponent said go and then the reader alone. Yields the seats and the pile's
    length at the opponent's go (None: no go)."""
    for leader, other in (("R", "O"), ("O", "R")):
        in_turn = [leader if n % 2 == 0 else other for n in range(length + 1)]
        if in_turn[length] == "R":  # the reader's turn comes round
            yield in_turn[:length], None
        for go_at in range(length + 1):
            if in_turn[go_at] == "O":  # the opponent's go, then the reader plays on
                yield in_turn[:go_at] + ["R"] * (length - go_at), go_at


def unreachable(task) -> str:
    """Why no two-player play reaches ``task`` (empty: a real deal does); checked by the rules
    alone. The page shows the cards of one count and no go, so the pile is the whole play so
    far and the reader holds every card not played yet (a peg task shows only the card played)."""
    shown = [*task.cards, *task.pile, *((task.starter,) if task.starter else ())]
    if len(set(shown)) != len(shown):
        return "a card twice"
    if task.kind is TaskKind.DISCARD:
        return "" if len(task.cards) == DEALT else "not a deal of six"
    if task.kind is TaskKind.CHOOSE:
        return unreachable_at_the_table(task)
    if task.kind is TaskKind.CLAIM:
        return unreachable_play(task)
    if task.kind in (TaskKind.FIND, TaskKind.SCORE):
        return "" if len(task.cards) == KEPT and task.starter else "not four cards and a starter"
    pile = task.cards if task.kind is TaskKind.COUNT else task.pile
    counts = [sum(map(value, pile[: n + 1])) for n in range(len(pile))]
    if any(count > 31 for count in counts) or 31 in counts[:-1]:
        return "the count passes 31"
    if task.kind is TaskKind.COUNT:
        return "" if len(pile) <= 2 * KEPT else "more cards than two hands"
    if counts and counts[-1] == 31:
        return "a count of 31 is over: nobody acts on it"
    for seats, go_at in seats_in_play(len(pile)):
        played_by_reader, played_by_opponent = seats.count("R"), seats.count("O")
        opponent_may_go = go_at is None or played_by_opponent == KEPT or sum(map(value, pile[:go_at])) >= LAST_GO
        held = len(task.cards) + played_by_reader
        hand_fits = held <= KEPT if task.kind is TaskKind.PEG else held == KEPT
        if played_by_opponent <= KEPT and opponent_may_go and hand_fits:
            return ""
    return f"no play leaves the reader {len(task.cards)} cards to act on a pile of {len(pile)}"


IMPOSSIBLE_SHOWS = {19, 25, 26, 27}  # no hand and starter count these (the show page's "impossible 19")


def unreachable_at_the_table(task) -> str:
    """Why no game reaches a ``choose`` task: scores a game cannot have, counts no hand makes,
    a card of the play out of turn (the pone leads the first count, then the seats alternate)."""
    if task.question == "jacks":
        return "" if len(task.cards) == KEPT and task.starter and (task.dealer or not task.crib) else "not a hand"
    if task.question == "show_order":
        return "" if task.players in (2, 3) and 0 <= task.shown <= task.players else "no such count"
    hole = task.game_to
    if task.question == "outcome":
        return "" if sorted(task.scores)[1] == hole and sorted(task.scores)[0] < hole else "not a finished game"
    if max(task.scores) >= hole:
        return "the game is over already"
    if task.counts:
        return "" if all(0 <= c <= 29 and c not in IMPOSSIBLE_SHOWS for c in task.counts) else "a count no hand makes"
    if count(task.pile) + value(task.cards[0]) > 31 or 31 in [count(task.pile[: n + 1]) for n in range(len(task.pile))]:
        return "the count passes 31"
    return "" if len(task.pile) < 2 * KEPT else "more cards than two hands"


def unreachable_play(task) -> str:
    """A whole play from its start is a real deal's when every seat holds the four cards a deal
    of 2, 3 or 4 players keeps, no card twice, and nothing is played yet."""
    if task.players not in (2, 3, 4) or task.pile or task.starter:
        return "not a play from its start"
    every = [*task.cards, *task.others]
    if len(task.cards) != KEPT or len(every) != KEPT * task.players or len(set(every)) != len(every):
        return "not four cards a seat"
    return ""


def test_the_reachability_check_refuses_what_no_two_player_play_reaches():
    def play(hand: str, pile: str, goal: str = "go") -> Task:
        return Task.from_json({"kind": "play", "cards": hand.split(), "pile": pile.split(), "goal": goal})

    assert unreachable(play("9D 2S AS KH", "QD 2C", "score"))  # the opponent played twice in a row
    assert unreachable(play("10H 9C 7H", "10D JC 8S AS"))  # the reader played two of four: two left
    assert unreachable(play("AH", "10D 10C 10S"))  # one card left needs the opponent to go at 10, where any fits
    assert not unreachable(play("AH 2H 3H", "10D 10C 5S"))  # in turn, the opponent leading
    assert not unreachable(play("KH", "10D 10C 5S AC"))  # a go at 25, then the reader's ace
    assert not unreachable(play("4D 5D 6D 7D", "", "safe"))  # the lead


def test_the_reachability_check_refuses_what_no_game_at_the_table_reaches():
    def choose(**fields) -> Task:
        return Task.from_json({"kind": "choose", "cards": [], **fields})

    assert unreachable(
        choose(question="winner", scores=[110, 112], counts=[19, 8, 4], game_to=121)
    )  # no hand counts 19
    assert not unreachable(choose(question="winner", scores=[116, 118], counts=[5, 12, 4], game_to=121))
    assert not unreachable(choose(question="outcome", scores=[121, 85], game_to=121))
    with pytest.raises(TaskError):  # a game already won is no position to ask who wins
        choose(question="winner", scores=[121, 112], counts=[5, 8, 4], game_to=121)
    with pytest.raises(TaskError):  # a finished game has a side in the game hole
        choose(question="outcome", scores=[100, 90], game_to=121)


@pytest.mark.parametrize("item", list(stages()), ids=lambda item: item.id)
def test_every_task_of_every_stage_is_a_position_a_real_two_player_deal_reaches(item):
    for seed in range(200):
        task = task_for(item, seed)
        assert not unreachable(task), (item.id, seed, unreachable(task), task.to_json())
