"""Dealing the course's exercises: fresh cards of a stage's shape from a seeded ``Random``.

A stage's :class:`Params` say what every task of it must have (at least two fifteens, a
pair royal, a safe and an unsafe card ...); :func:`satisfies` checks it, and
:func:`deal_task` builds cards of that shape (by construction where a shape is rare,
then checked) so that a task is dealt in a few tries.

>>> import random
>>> params = Params.from_json(TaskKind.SCORE, {"only": ["pair"], "shape": "double_pair_royal"})
>>> task = deal_task(TaskKind.SCORE, params, random.Random(3))
>>> satisfies(task, params), max(sum(c.rank == card.rank for c in task.cards + (task.starter,)) for card in task.cards)
(True, 4)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache
from itertools import combinations_with_replacement
from math import comb, prod
from typing import Any

from ..analysis.pegging_risk import first_count_moments
from ..core import pegging
from ..core.cards import DECK, JACK, SUITS, Card
from ..core.play import pile_score
from ..core.show import SHOW_KINDS, ScoreKind, nobs_jack, rank_points, score_show, show_total
from .claims import CLAIM_SHAPES, claim_shape, deal_claim
from .exercises import play_options
from .table import jack_points, play_points, show_turns
from .tasks import FIND_TARGETS, GAME_HOLES, Goal, Question, Task, TaskKind, count_of

SHOW_SHAPES: tuple[str, ...] = (
    "pair_royal",
    "double_pair_royal",
    "two_pairs",
    "double_run",
    "triple_run",
    "double_double_run",
    "two_card_fifteens",
    "long_fifteen",
    "big",
    "flush4",
    "flush5",
    "nobs",
    "flush_or_nobs",
)
"""find/score: ``two_pairs`` two pairs of different ranks; ``two_card_fifteens`` fifteens of
two cards only (the first lesson's); ``long_fifteen`` a fifteen of three cards or more; ``big`` is 20 points or more from fifteens, pairs and runs; ``flush4`` four cards of a suit and a starter of another; ``flush5`` five of a suit."""
PEG_SHAPES: tuple[str, ...] = ("fifteen", "thirty_one", "pair_royal", "run3_out_of_order", "run4", "scores")
"""peg: what the card makes (``scores``: any points)."""
GO_SHAPES: tuple[str, ...] = ("can_play", "must_go")
"""play with the ``go`` goal: some card fits and some does not / no card fits."""
CHOOSE_SHAPES: dict[Question, tuple[str, ...]] = {
    Question.JACKS: ("heels", "nobs", "mixed"),
    Question.SHOW_ORDER: (),
    Question.WINNER: ("show", "play"),
    Question.OUTCOME: (),
}
"""choose ``jacks``: a jack turned as the starter / the jack of the starter's suit in the
cards / either, or a jack of another suit (nothing); ``winner``: in the show / by a card of the play."""

BIG = 20
_TRIES = 20_000
"""Far more than any shape needs (a few tries typically): reaching it is a bug."""


@dataclass(frozen=True, slots=True)
class Params:
    """What every task of a stage has; the JSON keys in ``course.json`` are the field names."""

    cards: tuple[int, int] = (2, 5)
    """count: the least and most cards in the pile."""
    least_count: int = 0
    """count: the least count of the pile."""
    least_items: int = 0
    """find/score: the least number of combinations counted (of the target, or the ``only`` kinds)."""
    target: str = ""
    """find: ``fifteen``, ``pair`` or ``run``."""
    only: tuple[str, ...] = ()
    """score: the kinds counted (empty: all)."""
    crib: bool = False
    shape: str = ""
    """One of :data:`SHOW_SHAPES`, :data:`PEG_SHAPES` or :data:`GO_SHAPES` (empty: none)."""
    goal: str = ""
    """play: a :class:`~cribbage.course.tasks.Goal`."""
    pile: tuple[int, int] = (0, 4)
    """peg/play: the least and most cards already in the pile."""
    dealer: bool = False
    """discard."""
    question: str = ""
    """choose: a :class:`~cribbage.course.tasks.Question`."""
    players: int = 2
    """choose ``show_order`` and claim: the players at the table."""
    game_to: int = 121
    """choose ``winner``/``outcome``: the game hole."""

    @classmethod
    def from_json(cls, kind: TaskKind, data: dict[str, Any]) -> Params:
        """Read a stage's ``params``, refusing what no task could satisfy (a bug in the data)."""
        names = {field.name for field in fields(cls)}
        if not set(data) <= names:
            raise ValueError(f"unknown params {sorted(set(data) - names)}")
        values: dict[str, Any] = {
            name: tuple(value) if isinstance(value, list) else value for name, value in data.items()
        }
        params = cls(**values)
        shapes = {
            TaskKind.FIND: SHOW_SHAPES,
            TaskKind.SCORE: SHOW_SHAPES,
            TaskKind.PEG: PEG_SHAPES,
            TaskKind.PLAY: GO_SHAPES,
            TaskKind.CHOOSE: CHOOSE_SHAPES.get(Question(params.question), ())
            if params.question in tuple(Question)
            else (),
            TaskKind.CLAIM: CLAIM_SHAPES,
        }
        if (kind is TaskKind.CHOOSE) != (params.question in tuple(Question)) or params.game_to not in GAME_HOLES:
            raise ValueError("a choose needs a question, and a game its hole")
        if params.question == Question.JACKS and not params.shape:
            raise ValueError("the jacks need a shape")
        if params.shape and params.shape not in shapes.get(kind, ()):
            raise ValueError(f"no shape {params.shape} for {kind}")
        if (kind is TaskKind.FIND) != (params.target in FIND_TARGETS) or (kind is TaskKind.PLAY) != (
            params.goal in tuple(Goal)
        ):
            raise ValueError("a find needs a target and a play a goal")
        if any(name not in SHOW_KINDS for name in params.only):
            raise ValueError(f"unknown kinds {params.only}")
        return params


# -- the shapes --------------------------------------------------------------------------


def satisfies(task: Task, params: Params) -> bool:
    """Whether ``task`` has the shape ``params`` describe (kind aside, which the stage fixes)."""
    match task.kind:
        case TaskKind.COUNT:
            low, high = params.cards
            return low <= len(task.cards) <= high and count_of(task.cards) >= params.least_count
        case TaskKind.FIND | TaskKind.SCORE:
            wanted = (params.target,) if task.kind is TaskKind.FIND else params.only
            if task.only != wanted or task.crib != params.crib:
                return False
            return _show_shape(task, params)
        case TaskKind.PEG:
            return params.pile[0] <= len(task.pile) <= params.pile[1] and _peg_shape(
                task.pile, task.cards[0], params.shape
            )
        case TaskKind.PLAY:
            return (
                task.goal == params.goal
                and params.pile[0] <= len(task.pile) <= params.pile[1]
                and _play_shape(task, params)
            )
        case TaskKind.CHOOSE:
            return task.question == params.question and _table_shape(task, params)
        case TaskKind.CLAIM:
            return task.players == params.players and task.dealer == params.dealer and claim_shape(task, params.shape)
    return task.dealer == params.dealer


def _table_shape(task: Task, params: Params) -> bool:
    match task.question:
        case Question.JACKS:
            assert task.starter is not None
            heels, nobs = jack_points(task)
            jacks = any(card.rank == JACK for card in task.cards + (task.starter,))
            shaped = {"heels": heels > 0, "nobs": nobs > 0, "mixed": jacks}[params.shape]
            return task.crib == params.crib and shaped
        case Question.SHOW_ORDER:
            return task.players == params.players
        case Question.WINNER:
            in_play = params.shape == "play"
            return (
                task.game_to == params.game_to
                and bool(task.cards) == in_play
                and (not in_play or play_points(task) > 0)
            )
    return task.game_to == params.game_to


def _show_shape(task: Task, params: Params) -> bool:
    assert task.starter is not None
    five = task.cards + (task.starter,)
    items = score_show(task.cards, task.starter, crib=task.crib).items
    counted = [item for item in items if not task.only or item.kind in task.only]
    if len(counted) < params.least_items:
        return False
    ranks = Counter(card.rank for card in five)
    runs = sum(item.kind == ScoreKind.RUN for item in items)
    suits = Counter(card.suit for card in task.cards)
    match params.shape:
        case "pair_royal" | "double_pair_royal":
            return max(ranks.values()) == (3 if params.shape == "pair_royal" else 4)
        case "two_pairs":
            return sorted(ranks.values()) == [1, 2, 2]
        case "long_fifteen":
            return any(item.kind == ScoreKind.FIFTEEN and len(item.cards) >= 3 for item in items)
        case "two_card_fifteens":
            return all(len(item.cards) == 2 for item in items if item.kind == ScoreKind.FIFTEEN)
        case "double_run" | "triple_run" | "double_double_run":
            return runs == {"double_run": 2, "triple_run": 3, "double_double_run": 4}[params.shape]
        case "big":
            return rank_points(tuple(sorted(ranks.elements()))) >= BIG
        case "flush4" | "flush5":
            flush = len(suits) == 1 and (task.starter.suit in suits) == (params.shape == "flush5")
            return flush
        case "nobs":
            return nobs_jack(task.cards, task.starter) is not None
        case "flush_or_nobs":
            return len(suits) == 1 or nobs_jack(task.cards, task.starter) is not None
    return True


def _peg_shape(pile: tuple[Card, ...], card: Card, shape: str) -> bool:
    items = {item.kind: item for item in pile_score(pile + (card,))}
    match shape:
        case "fifteen":
            return ScoreKind.FIFTEEN in items
        case "thirty_one":
            return ScoreKind.THIRTY_ONE in items
        case "pair_royal":
            return ScoreKind.PAIR in items and len(items[ScoreKind.PAIR].cards) == 3
        case "run4":
            return ScoreKind.RUN in items and len(items[ScoreKind.RUN].cards) == 4
        case "run3_out_of_order":
            run = items.get(ScoreKind.RUN)
            ranks = [played.rank for played in run.cards] if run is not None else []
            return len(ranks) == 3 and ranks != sorted(ranks) and ranks != sorted(ranks, reverse=True)
        case "scores":
            return bool(items)
    return True


def _play_shape(task: Task, params: Params) -> bool:
    options = play_options(task)
    legal = [option for option in options if option.legal and option.cards]
    match params.shape:
        case "can_play":
            return 0 < len(legal) < len(task.cards)
        case "must_go":
            return not legal
    values = {option.value for option in legal}
    return len(values) > 1 and (params.goal != Goal.SAFE or 0 in values)


# -- dealing -----------------------------------------------------------------------------


def deal_task(kind: TaskKind, params: Params, rng: random.Random) -> Task:
    """A task of ``kind`` with the shape of ``params``, drawn with ``rng``."""
    propose = _PROPOSERS[kind]
    for _ in range(_TRIES):
        task = propose(params, rng)
        if task is not None and satisfies(task, params):
            return task
    raise RuntimeError(f"no {kind} task of shape {params} after {_TRIES} tries")  # a bug: every shape is reachable


Proposer = Callable[[Params, random.Random], Task | None]


def _propose_count(params: Params, rng: random.Random) -> Task | None:
    cards = tuple(rng.sample(DECK, rng.randint(*params.cards)))
    return Task(TaskKind.COUNT, cards) if pegging.reachable(count_of(cards)) else None


def _propose_show(params: Params, rng: random.Random) -> Task | None:
    hand, starter = _show_cards(params.shape, rng)
    only = (params.target,) if params.target else params.only
    kind = TaskKind.FIND if params.target else TaskKind.SCORE
    return Task(kind, hand, starter=starter, crib=params.crib, only=only)


def _show_cards(shape: str, rng: random.Random) -> tuple[tuple[Card, ...], Card]:
    """A hand and a starter, built to have ``shape`` where it is rare by chance."""
    if shape == "flush_or_nobs":
        shape = rng.choice(("flush4", "flush5", "nobs"))
    if shape in ("flush4", "flush5"):
        suit = rng.choice(SUITS)
        suited = rng.sample([card for card in DECK if card.suit == suit], 5)
        if shape == "flush5":
            return tuple(suited[:4]), suited[4]
        return tuple(suited[:4]), rng.choice([card for card in DECK if card.suit != suit])
    if shape == "nobs":
        starter = rng.choice([card for card in DECK if card.rank != JACK])
        others = rng.sample(
            [card for card in DECK if card.suit != starter.suit or card.rank not in (JACK, starter.rank)], 3
        )
        hand = [Card(JACK, starter.suit), *others]
        rng.shuffle(hand)
        return tuple(hand), starter
    ranks = _shape_ranks(shape, rng)
    cards = [Card(rank, suit) for rank, n in Counter(ranks).items() for suit in rng.sample(SUITS, n)]
    rng.shuffle(cards)
    return tuple(cards[:4]), cards[4]


def _shape_ranks(shape: str, rng: random.Random) -> list[int]:
    """Five ranks (at most four of one) with the shape's fifteens, pairs and runs."""
    if shape == "big":
        tuples, weights = _big_rank_tuples()
        return list(rng.choices(tuples, weights)[0])
    if shape in ("pair_royal", "double_pair_royal"):
        rank = rng.randint(1, 13)
        royal = [rank] * (3 if shape == "pair_royal" else 4)
        return royal + [rng.choice([other for other in range(1, 14) if other != rank]) for _ in range(5 - len(royal))]
    if shape == "two_pairs":
        first, second, odd = rng.sample(range(1, 14), 3)
        return [first, first, second, second, odd]
    if shape in ("double_run", "triple_run", "double_double_run"):
        length = 4 if shape == "double_run" and rng.random() < 0.5 else 3
        low = rng.randint(1, 14 - length)
        run = list(range(low, low + length))
        extra = {"double_run": 1, "triple_run": 2, "double_double_run": 2}[shape]
        doubled = rng.sample(run, 2) if shape == "double_double_run" else [rng.choice(run)] * extra
        ranks = run + doubled
        return ranks + [rng.randint(1, 13) for _ in range(5 - len(ranks))]
    return [card.rank for card in rng.sample(DECK, 5)]


@cache
def _big_rank_tuples() -> tuple[list[tuple[int, ...]], list[int]]:
    """Every sorted five ranks scoring :data:`BIG` or more, weighted by the card choices giving them."""
    tuples: list[tuple[int, ...]] = []
    weights: list[int] = []
    for ranks in combinations_with_replacement(range(1, 14), 5):
        counts = Counter(ranks)
        if max(counts.values()) <= 4 and rank_points(ranks) >= BIG:
            tuples.append(ranks)
            weights.append(prod(comb(4, n) for n in counts.values()))
    return tuples, weights


def _pile(rng: random.Random, used: set[Card], low: int, high: int, room: int = pegging.room(0)) -> tuple[Card, ...]:
    """A pile of ``low`` to ``high`` cards not in ``used``, its count within ``room``."""
    pile: list[Card] = []
    for _ in range(rng.randint(low, high)):
        card = rng.choice(DECK)
        if card in used or card in pile or count_of(pile) + card.value > room:
            break
        pile.append(card)
    return tuple(pile)


def _propose_peg(params: Params, rng: random.Random) -> Task | None:
    shape = params.shape
    if shape in ("pair_royal", "run4", "run3_out_of_order"):
        if shape == "pair_royal":
            rank = rng.randint(1, 13)
            tail = [Card(rank, suit) for suit in rng.sample(SUITS, 3)]
        else:
            length = 4 if shape == "run4" else 3
            low = rng.randint(1, 14 - length)
            tail = [Card(rank, rng.choice(SUITS)) for rank in rng.sample(range(low, low + length), length)]
        if not pegging.reachable(count_of(tail)):
            return None
        before = len(tail) - 1  # cards of the tail already in the pile
        prefix = _pile(
            rng, set(tail), max(params.pile[0] - before, 0), params.pile[1] - before, pegging.room(count_of(tail))
        )
        pile, card = prefix + tuple(tail[:-1]), tail[-1]
    else:
        pile = _pile(rng, set(), *params.pile)
        room = pegging.room(count_of(pile))
        value = {"fifteen": 15 - count_of(pile), "thirty_one": room}.get(shape)
        candidates = [c for c in DECK if c not in pile and c.value <= room and (value is None or c.value == value)]
        if not candidates:
            return None
        card = rng.choice(candidates)
    return Task(TaskKind.PEG, (card,), pile=pile)


def _propose_play(params: Params, rng: random.Random) -> Task | None:
    """A moment of a real two-player play, before any go: the page shows the cards played and
    no go, so only a pile the seats played in turn, with the reader to act, reads as a real play."""
    least_hand = 1 if params.shape == "must_go" else 2  # one card left can only be played or passed
    moments = [
        moment
        for moment in first_count_moments(rng)
        if params.pile[0] <= len(moment.pile) <= params.pile[1]
        and len(moment.hand) >= least_hand
        and (params.goal == Goal.GO or any(pegging.fits(moment.count, card.rank) for card in moment.hand))
    ]
    if not moments:
        return None
    moment = rng.choice(moments)
    return Task(TaskKind.PLAY, moment.hand, pile=moment.pile, goal=params.goal)


def _propose_discard(params: Params, rng: random.Random) -> Task:
    return Task(TaskKind.DISCARD, tuple(rng.sample(DECK, 6)), dealer=params.dealer)


def _propose_choose(params: Params, rng: random.Random) -> Task | None:
    match params.question:
        case Question.JACKS:
            return _propose_jacks(params, rng)
        case Question.SHOW_ORDER:
            players = params.players
            return Task(TaskKind.CHOOSE, (), question=params.question, players=players, shown=rng.randint(0, players))
        case Question.WINNER if params.shape == "play":
            return _propose_winner_in_play(params, rng)
        case Question.WINNER:
            return _propose_winner_in_show(params, rng)
    return _propose_outcome(params, rng)


def _propose_jacks(params: Params, rng: random.Random) -> Task:
    """Four cards (a hand, or the crib) and a starter, with a jack where the shape wants one."""
    shape = rng.choice(("heels", "nobs", "other_suit")) if params.shape == "mixed" else params.shape
    jacks = [card for card in DECK if card.rank == JACK]
    if shape == "nobs":
        hand, starter = _show_cards("nobs", rng)
    elif shape == "heels":
        starter = rng.choice(jacks)
        hand = tuple(rng.sample([card for card in DECK if card != starter], 4))
    else:  # a jack of another suit than the starter's, which gives nothing
        starter = rng.choice([card for card in DECK if card.rank != JACK])
        held = rng.choice([jack for jack in jacks if jack.suit != starter.suit])
        others = rng.sample([card for card in DECK if card not in (starter, held, Card(JACK, starter.suit))], 3)
        hand = tuple(rng.sample([*others, held], 4))
    dealer = params.crib or rng.random() < 0.5
    return Task(TaskKind.CHOOSE, hand, starter=starter, crib=params.crib, dealer=dealer, question=params.question)


def _real_deal(rng: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], Card]:
    """A two-player deal: the pone's and the dealer's kept hands, the crib of their discards, the starter."""
    deck = list(DECK)
    rng.shuffle(deck)
    pone, dealer, starter = deck[0:12:2], deck[1:12:2], deck[12]
    pone_away, dealer_away = rng.sample(range(6), 2), rng.sample(range(6), 2)
    crib = tuple(pone[i] for i in pone_away) + tuple(dealer[i] for i in dealer_away)
    kept = (
        tuple(card for i, card in enumerate(pone) if i not in pone_away),
        tuple(card for i, card in enumerate(dealer) if i not in dealer_away),
    )
    return kept[0], kept[1], crib, starter


def _near(rng: random.Random, hole: int, points: int) -> int:
    """A score below the hole from which ``points`` (give or take a few) would reach it."""
    return rng.randint(max(0, hole - points - 4), hole - 1)


def _propose_winner_in_show(params: Params, rng: random.Random) -> Task:
    """Scores after the play of a real deal, each near enough the hole for its counts to matter."""
    pone, dealer, crib, starter = _real_deal(rng)
    counts = (show_total(pone, starter), show_total(dealer, starter), show_total(crib, starter, crib=True))
    hole = params.game_to
    scores = (_near(rng, hole, counts[0]), _near(rng, hole, counts[1] + counts[2]))
    task = Task(TaskKind.CHOOSE, (), question=params.question, scores=scores, counts=counts, game_to=hole)
    assert len(show_turns(task)) == len(counts)
    return task


def _propose_winner_in_play(params: Params, rng: random.Random) -> Task | None:
    """A card of the first count of a real play that pegs, its player near the hole (the pone
    leads, then the seats alternate: :func:`first_count_moments`)."""
    moments = [
        (moment, card)
        for moment in first_count_moments(rng)
        for card in moment.hand
        if pegging.fits(moment.count, card.rank) and pile_score(moment.pile + (card,))
    ]
    if not moments:
        return None
    moment, card = rng.choice(moments)
    hole, points = params.game_to, sum(item.points for item in pile_score(moment.pile + (card,)))
    playing = len(moment.pile) % 2
    scores = [rng.randint(hole - 25, hole - 1), rng.randint(hole - 25, hole - 1)]
    scores[playing] = rng.randint(hole - 2 * points, hole - 1)  # reaching the hole one time in two
    return Task(
        TaskKind.CHOOSE, (card,), pile=moment.pile, question=params.question, scores=tuple(scores), game_to=hole
    )


def _propose_outcome(params: Params, rng: random.Random) -> Task:
    """A finished game: the winner in the hole, the loser anywhere a game may leave it (from a quarter of the way)."""
    hole = params.game_to
    scores = [hole, rng.randint(hole // 4, hole - 1)]
    rng.shuffle(scores)
    return Task(TaskKind.CHOOSE, (), question=params.question, scores=tuple(scores), game_to=hole)


_PROPOSERS: dict[TaskKind, Proposer] = {
    TaskKind.COUNT: _propose_count,
    TaskKind.FIND: _propose_show,
    TaskKind.SCORE: _propose_show,
    TaskKind.PEG: _propose_peg,
    TaskKind.PLAY: _propose_play,
    TaskKind.DISCARD: _propose_discard,
    TaskKind.CHOOSE: _propose_choose,
    TaskKind.CLAIM: lambda params, rng: deal_claim(params.players, params.dealer, rng),  # refuses 5 players
}
