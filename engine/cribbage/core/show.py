"""The show: scoring a hand or a crib with its starter.

Fifteens, pairs and runs depend only on the five ranks, so they are worked out
once per sorted rank tuple (6,175 of them with a 4-card hand) and cached as a
*pattern* of card positions; only the flush and nobs look at suits. That makes
the total a dictionary look-up plus two suit checks, and the breakdown a look-up
plus building the items.

>>> from cribbage.core.cards import parse_hand_and_starter
>>> hand, starter = parse_hand_and_starter("5H 5S 5C JD", "5D")
>>> score = score_show(hand, starter)
>>> score.total
29
>>> [(item.kind, item.points) for item in score.items][-2:]
[(<ScoreKind.PAIR: 'pair'>, 2), (<ScoreKind.NOBS: 'nobs'>, 1)]
>>> show_total(*parse_hand_and_starter("2H 4H 6H 8H", "QC")), show_total(*parse_hand_and_starter("2H 4H 6H 8H", "QC"), crib=True)
(4, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import cache
from itertools import combinations, product
from typing import Any, NamedTuple

from ..errors import CardCountError, DuplicateCardError, StarterInHandError
from .cards import JACK, RANK_SYMBOLS, SUITS, Card, Rank


class ScoreKind(StrEnum):
    """What a :class:`ScoreItem` scores for.

    A ``StrEnum``: each member equals its value (``ScoreKind.PAIR == "pair"``), so
    JSON, saved states and message keys (``kind.<value>``) read and write the same text.
    """

    FIFTEEN = "fifteen"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    """The show only."""
    NOBS = "nobs"
    """The show only: the jack of the starter's suit."""
    THIRTY_ONE = "thirty_one"
    """The play only."""
    GO = "go"
    """The play only: the go point."""
    LAST_CARD = "last_card"
    """The play only: the last card of the play."""


SHOW_KINDS: tuple[ScoreKind, ...] = (ScoreKind.FIFTEEN, ScoreKind.PAIR, ScoreKind.RUN, ScoreKind.FLUSH, ScoreKind.NOBS)
"""The kinds of the show, in counting order."""

MAX_SHOW = 29
"""No hand or crib scores more (5 5 5 J with the 5 of the jack's suit as starter)."""


class ScoreItem(NamedTuple):
    kind: ScoreKind
    cards: tuple[Card, ...]
    points: int

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "pair", "cards": ["5H", "5S"], "points": 2}``."""
        return {"kind": str(self.kind), "cards": [str(card) for card in self.cards], "points": self.points}


class ShowScore(NamedTuple):
    items: tuple[ScoreItem, ...]
    total: int


# A pattern lists, for ranks sorted ascending, which positions form each
# fifteen, pair and run: (kind, positions, points).
Pattern = tuple[tuple[ScoreKind, tuple[int, ...], int], ...]


def rank_pattern(ranks: Sequence[Rank]) -> Pattern:
    """Fifteens, pairs and runs of *sorted* ``ranks``, by position.

    A double run is two runs and a pair, so it is found as two runs (one per
    card of the doubled rank) plus that pair.

    >>> [(str(kind), positions) for kind, positions, _ in rank_pattern((4, 4, 5, 6, 10))]
    [('fifteen', (2, 4)), ('fifteen', (0, 2, 3)), ('fifteen', (1, 2, 3)), ('pair', (0, 1)), ('run', (0, 2, 3)), ('run', (1, 2, 3))]
    """
    pattern: list[tuple[ScoreKind, tuple[int, ...], int]] = [
        (ScoreKind.FIFTEEN, subset, 2) for subset in _fifteens(tuple([rank if rank < 10 else 10 for rank in ranks]))
    ]
    by_rank: dict[Rank, list[int]] = {}  # in ascending rank, as the ranks are sorted
    for position, rank in enumerate(ranks):
        by_rank.setdefault(rank, []).append(position)
    pattern += [
        (ScoreKind.PAIR, pair, 2) for same in by_rank.values() if len(same) > 1 for pair in combinations(same, 2)
    ]
    distinct = list(by_rank)
    start = 0
    for end in range(1, len(distinct) + 1):
        if end == len(distinct) or distinct[end] != distinct[end - 1] + 1:
            if end - start >= 3:  # distinct[start:end] are consecutive ranks: one maximal run
                length = end - start
                pattern += [
                    (ScoreKind.RUN, choice, length)
                    for choice in product(*(by_rank[rank] for rank in distinct[start:end]))
                ]
            start = end
    return tuple(pattern)


@cache
def _fifteens(values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Positions of every set of ``values`` that adds up to 15, smallest sets first.

    Cached by values, which are fewer than rank tuples (the court cards are all
    10). Each subset's sum is a smaller subset's sum plus one value, indexed by
    bit mask, so the 32 sums of five cards take 31 additions.
    """
    sums = [0] * (1 << len(values))
    for mask in range(1, len(sums)):
        lowest = mask & -mask
        sums[mask] = sums[mask ^ lowest] + values[lowest.bit_length() - 1]
    return tuple(subset for subset, mask in _subsets(len(values)) if sums[mask] == 15)


@cache
def _subsets(size: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every set of 2 or more of ``size`` positions, smallest first, each with its bit mask."""
    return tuple(
        (subset, sum(1 << i for i in subset))
        for length in range(2, size + 1)
        for subset in combinations(range(size), length)
    )


_patterns: dict[tuple[Rank, ...], Pattern] = {}
_pattern_totals: dict[tuple[Rank, ...], int] = {}


def _pattern_for(ranks: tuple[Rank, ...]) -> Pattern:
    pattern = _patterns.get(ranks)
    if pattern is None:
        pattern = _patterns[ranks] = rank_pattern(ranks)
    return pattern


def rank_points(ranks: tuple[Rank, ...]) -> int:
    """Points from fifteens, pairs and runs of sorted ``ranks`` (cached).

    Counted directly rather than from the pattern: the total-only path never
    needs to know which cards made each combination.

    >>> rank_points((5, 5, 5, 5, 11)), rank_points((3, 3, 4, 4, 5))
    (28, 20)
    """
    total = _pattern_totals.get(ranks)
    if total is None:
        counts = [0] * 15
        ways_to_sum = [1] + [0] * 15  # subsets of the cards so far, by value sum
        for rank in ranks:
            counts[rank] += 1
            value = rank if rank < 10 else 10
            for target in range(15, value - 1, -1):
                ways_to_sum[target] += ways_to_sum[target - value]
        total = 2 * ways_to_sum[15] + sum(n * (n - 1) for n in counts)  # each pair is 2
        length, runs = 0, 1
        for n in counts:
            if n:
                length, runs = length + 1, runs * n
            else:
                if length >= 3:
                    total += length * runs
                length, runs = 0, 1
        _pattern_totals[ranks] = total
    return total


HAND_SIZES = (4, 3)
"""The hands a show takes when its caller names no size: the standard game's, and the
five-card game's (older callers: the counting practice, the hand block, ``score``)."""


def check_show(hand: Sequence[Card], starter: Card, crib: bool, hand_size: int | None = None) -> None:
    """Refuse what cannot be shown: a wrong number of cards (a crib of 4; a hand of
    ``hand_size``, the variant's kept hand, or else one of :data:`HAND_SIZES`), a
    card twice, the starter in the hand."""
    if crib:
        expected = 4
    elif hand_size is not None:
        expected = hand_size
    else:
        expected = len(hand) if len(hand) in HAND_SIZES else HAND_SIZES[0]
    if len(hand) != expected:
        raise CardCountError(f"expected {expected} cards, got {len(hand)}", expected=expected, got=len(hand))
    if len(set(hand)) != len(hand):
        duplicate = next(card for card in hand if hand.count(card) > 1)
        raise DuplicateCardError(f"duplicate card {duplicate}", card=str(duplicate))
    if starter in hand:
        raise StarterInHandError(f"starter {starter} is also in the hand", card=str(starter))


def flush_points(hand: Sequence[Card], starter: Card, crib: bool) -> int:
    """A hand flush counts its cards (+1 with the starter); a crib only a full flush."""
    suit = hand[0].suit
    for card in hand:
        if card.suit != suit:
            return 0
    if starter.suit == suit:
        return len(hand) + 1
    return 0 if crib else len(hand)


def nobs_jack(hand: Sequence[Card], starter: Card) -> Card | None:
    """The jack of the starter's suit in the hand (one for his nobs), if any."""
    jack = _JACK_OF[starter.suit]
    return jack if jack in hand else None


_JACK_OF = {suit: Card(JACK, suit) for suit in SUITS}


def _rank(card: Card) -> Rank:
    return card.rank


def show_total(hand: Sequence[Card], starter: Card, crib: bool = False, hand_size: int | None = None) -> int:
    """The show total only: the fast path (see :func:`score_show`)."""
    check_show(hand, starter, crib, hand_size)
    ranks = sorted([card.rank for card in hand])
    ranks.append(starter.rank)
    ranks.sort()
    total = rank_points(tuple(ranks)) + flush_points(hand, starter, crib)
    return total + 1 if nobs_jack(hand, starter) is not None else total


def score_show(hand: Sequence[Card], starter: Card, crib: bool = False, hand_size: int | None = None) -> ShowScore:
    """Score a hand (``hand_size`` cards: a variant's kept hand; by default 4, or 3) or a crib with its starter.

    Items come in counting order: fifteens, pairs, runs, flush, nobs.

    >>> from cribbage.core.cards import parse_hand_and_starter
    >>> items = score_show(*parse_hand_and_starter("4S 4H 5D 6C", "6H")).items
    >>> [(str(i.kind), " ".join(map(str, i.cards))) for i in items if i.kind != ScoreKind.FIFTEEN][:3]
    [('pair', '4S 4H'), ('pair', '6C 6H'), ('run', '4S 5D 6C')]
    """
    check_show(hand, starter, crib, hand_size)
    cards = sorted((*hand, starter), key=_rank)  # stable: ties keep the reader's order
    pattern = _pattern_for(tuple(card.rank for card in cards))
    items = [ScoreItem(kind, tuple(cards[i] for i in positions), points) for kind, positions, points in pattern]
    flush = flush_points(hand, starter, crib)
    if flush:
        flush_cards = tuple(hand) + ((starter,) if flush > len(hand) else ())
        items.append(ScoreItem(ScoreKind.FLUSH, flush_cards, flush))
    jack = nobs_jack(hand, starter)
    if jack is not None:
        items.append(ScoreItem(ScoreKind.NOBS, (jack,), 1))
    return ShowScore(tuple(items), sum(item.points for item in items))


def heels_points(starter: Card) -> int:
    """His heels: the dealer pegs 2 when the starter is a jack.

    >>> heels_points(Card(JACK, "S")), heels_points(Card(5, "S"))
    (2, 0)
    """
    return 2 if starter.rank == JACK else 0


__all__ = [
    "HAND_SIZES",
    "MAX_SHOW",
    "RANK_SYMBOLS",
    "SHOW_KINDS",
    "ScoreItem",
    "ScoreKind",
    "ShowScore",
    "check_show",
    "flush_points",
    "heels_points",
    "nobs_jack",
    "rank_pattern",
    "rank_points",
    "score_show",
    "show_total",
]
