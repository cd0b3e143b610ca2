"""Exact show-score histograms over all 12,994,800 (4-card hand, starter) pairs.

Looping over every pair is far too slow in Python, so the count is split:

* fifteens, pairs and runs depend only on the five ranks, so they are scored
  once per rank multiset (6,175 of them, :func:`cribbage.core.show.rank_points`);
* the flush and nobs depend on suits, but only through the *shape* of the hand:
  how many jacks it holds, how many cards of the starter's rank, whether the
  starter is a jack and whether all four ranks differ. Each shape's suit
  outcomes are counted once by enumerating its suit assignments.

>>> histograms = show_histograms()
>>> histograms["hand"][29], histograms["crib"][29], sum(histograms["hand"].values())
(4, 4, 12994800)
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement, product
from math import comb

from ..core.cards import JACK, SUITS, Rank
from ..core.show import rank_points

Histogram = dict[int, int]
"""Score -> number of (hand, starter) pairs."""

Shape = tuple[bool, int, int, bool, tuple[int, ...]]
"""(ranks all differ, jacks in hand, starter-rank cards in hand, starter is a jack,
multiplicities of the other ranks)."""


def hand_shape(hand_ranks: tuple[Rank, ...], starter_rank: Rank) -> Shape:
    counts = Counter(hand_ranks)
    others = tuple(sorted(n for rank, n in counts.items() if rank not in (JACK, starter_rank)))
    return (len(counts) == len(hand_ranks), counts[JACK], counts[starter_rank], starter_rank == JACK, others)


@cache
def suit_outcomes(shape: Shape) -> tuple[Counter[int], Counter[int]]:
    """How many suit assignments of ``shape`` give each flush + nobs bonus,
    as a hand and as a crib.

    Built on stand-in ranks with the same shape: the counts depend on nothing else.

    >>> hand, crib = suit_outcomes(hand_shape((2, 3, 4, 11), 6))
    >>> sorted(hand.items()), sorted(crib.items())
    ([(0, 756), (1, 252), (4, 12), (6, 4)], [(0, 768), (1, 252), (6, 4)])
    """
    _distinct, jacks, starter_copies, starter_is_jack, others = shape
    starter_rank = JACK if starter_is_jack else 1
    groups: list[tuple[Rank, int]] = [(JACK, jacks)] if jacks else []
    if starter_copies and not starter_is_jack:
        groups.append((starter_rank, starter_copies))
    groups += [(rank, n) for rank, n in zip((2, 3, 4, 5), others)]
    hand_outcomes: Counter[int] = Counter()
    crib_outcomes: Counter[int] = Counter()
    for suit_sets in product(*(combinations(SUITS, n) for _, n in groups)):
        hand_suits = [suit for suits in suit_sets for suit in suits]
        jack_suits = next((suits for (rank, _), suits in zip(groups, suit_sets) if rank == JACK), ())
        taken = next((suits for (rank, _), suits in zip(groups, suit_sets) if rank == starter_rank), ())
        one_suit = len(hand_suits) == 4 and len(set(hand_suits)) == 1
        for starter_suit in SUITS:
            if starter_suit in taken:
                continue
            nobs = 1 if starter_suit in jack_suits and not starter_is_jack else 0
            full_flush = one_suit and starter_suit == hand_suits[0]
            hand_outcomes[(5 if full_flush else 4 if one_suit else 0) + nobs] += 1
            crib_outcomes[(5 if full_flush else 0) + nobs] += 1
    return hand_outcomes, crib_outcomes


def _ways_of_other_ranks(hand_ranks: tuple[Rank, ...], starter_rank: Rank, shape: Shape) -> int:
    """Stand-in ranks cover the suits of the other ranks only when the hand has
    all ranks distinct (their suits matter for the flush); otherwise those
    suits just multiply."""
    if shape[0]:
        return 1
    counts = Counter(hand_ranks)
    ways = 1
    for rank, n in counts.items():
        if rank not in (JACK, starter_rank):
            ways *= comb(4, n)
    return ways


def contributions(hand_ranks: tuple[Rank, ...], starter_rank: Rank) -> tuple[Counter[int], Counter[int]]:
    """Score -> number of (hand, starter) pairs with these ranks, as hand and crib."""
    shape = hand_shape(hand_ranks, starter_rank)
    base = rank_points(tuple(sorted((*hand_ranks, starter_rank))))
    ways = _ways_of_other_ranks(hand_ranks, starter_rank, shape)
    hand_outcomes, crib_outcomes = suit_outcomes(_exact_shape(shape))
    return (
        Counter({base + bonus: n * ways for bonus, n in hand_outcomes.items()}),
        Counter({base + bonus: n * ways for bonus, n in crib_outcomes.items()}),
    )


def _exact_shape(shape: Shape) -> Shape:
    """With repeated ranks the other ranks' suits only multiply (see
    :func:`_ways_of_other_ranks`), so they drop out of the shape."""
    return shape if shape[0] else (*shape[:4], ())


def show_histograms() -> dict[str, Histogram]:
    """Exact histograms of hand and crib scores over every (4 cards, starter) pair."""
    hand: Counter[int] = Counter()
    crib: Counter[int] = Counter()
    for five in combinations_with_replacement(range(1, 14), 5):
        if five[0] == five[4]:
            continue  # five of a rank cannot be dealt
        for starter_rank in set(five):
            rest = list(five)
            rest.remove(starter_rank)
            hand_part, crib_part = contributions(tuple(rest), starter_rank)
            hand.update(hand_part)
            crib.update(crib_part)
    return {"hand": _dense(hand), "crib": _dense(crib)}


def _dense(counter: Counter[int]) -> Histogram:
    """Every score from 0 to 29, zeros included (19 is impossible, and shown so)."""
    return {score: counter.get(score, 0) for score in range(30)}


def mean(histogram: Histogram) -> float:
    return sum(score * n for score, n in histogram.items()) / sum(histogram.values())
