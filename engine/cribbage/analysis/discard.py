"""The discard advisor: exact expected values for every possible discard.

For each way to split the dealt cards into a hand and a discard it gives the
hand's exact score distribution over every possible starter, and the crib's
exact expected value over every possible set of the other crib cards (uniform
over the unseen cards) and every starter.

The crib is counted by ranks, not cards: fifteens, pairs and runs depend only
on ranks, so each multiset of unknown ranks is scored once and weighted by how
many card choices give it; the flush and nobs are added by linearity of
expectation, each counted in closed form.

>>> from cribbage.core.cards import parse_cards
>>> best = analyse_discards(parse_cards("5H 5S 6C 7D JH KS"), dealer=True)[0]
>>> [str(card) for card in best.keep], round(best.hand_mean, 2), best.hand_min, best.hand_max
(['5H', '5S', 'JH', 'KS'], 12.41, 10, 20)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb
from types import MappingProxyType
from typing import Any, NamedTuple

from ..core.cards import DECK, JACK, Card, parse_cards
from ..core.deal import deal_shape
from ..core.show import rank_points, show_total
from ..core.variants import SIX_CARD, Variant


class DiscardOption(NamedTuple):
    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand_mean: float
    hand_min: int
    hand_max: int
    hand_distribution: dict[int, int]
    """Score -> number of starters giving it."""
    crib_mean: float
    net: float
    """Hand plus the crib when it is yours, minus it when it is not."""

    def to_json(self) -> dict[str, Any]:
        return {
            "discard": [str(card) for card in self.discard],
            "keep": [str(card) for card in self.keep],
            "hand_mean": self.hand_mean,
            "hand_min": self.hand_min,
            "hand_max": self.hand_max,
            "hand_distribution": {str(score): n for score, n in sorted(self.hand_distribution.items())},
            "crib_mean": self.crib_mean,
            "net": self.net,
        }


def hand_distribution(keep: Sequence[Card], unseen: Sequence[Card]) -> Counter[int]:
    """Score of the kept hand for every possible starter."""
    return Counter(show_total(keep, starter, hand_size=len(keep)) for starter in unseen)


def crib_expected(discard: Sequence[Card], unseen: Sequence[Card], unknown: int) -> Fraction:
    """Exact mean crib score: ``discard`` plus ``unknown`` cards drawn from
    ``unseen``, and a starter drawn from the rest."""
    unseen_by_rank = Counter(card.rank for card in unseen)
    known_ranks = [card.rank for card in discard]
    total_points = 0
    # Unknown crib ranks as a multiset, then the starter's rank.
    for ranks in combinations_with_replacement(range(1, 14), unknown):
        taken = Counter(ranks)
        ways = 1
        for rank, n in taken.items():
            ways *= comb(unseen_by_rank[rank], n)
        if not ways:
            continue
        for starter_rank in range(1, 14):
            starters = unseen_by_rank[starter_rank] - taken[starter_rank]
            if starters > 0:
                five = tuple(sorted((*known_ranks, *ranks, starter_rank)))
                total_points += ways * starters * rank_points(five)
    total_points += _flush_points_sum(discard, unseen, unknown) + _nobs_points_sum(discard, unseen, unknown)
    configurations = comb(len(unseen), unknown) * (len(unseen) - unknown)
    return Fraction(total_points, configurations)


def _flush_points_sum(discard: Sequence[Card], unseen: Sequence[Card], unknown: int) -> int:
    """A crib flush needs every crib card and the starter in one suit: 5 points."""
    suits = {card.suit for card in discard}
    if len(suits) != 1:
        return 0
    same_suit = sum(1 for card in unseen if card.suit in suits)
    return 5 * comb(same_suit, unknown) * max(same_suit - unknown, 0)


def _nobs_points_sum(discard: Sequence[Card], unseen: Sequence[Card], unknown: int) -> int:
    """For each starter, count the crib fillings that hold the jack of its suit."""
    unseen_set = set(unseen)
    points = 0
    for starter in unseen:
        jack = Card(JACK, starter.suit)
        if jack in discard:
            points += comb(len(unseen) - 1, unknown)
        elif jack in unseen_set and jack != starter:
            points += comb(len(unseen) - 2, unknown - 1)
    return points


def analyse_discards(
    cards: Sequence[Card] | str, dealer: bool, players: int = 2, variant: Variant = SIX_CARD
) -> list[DiscardOption]:
    """Every discard of the dealt ``cards``, best net first.

    ``dealer``: the crib is yours (with 4 players: your partnership's).
    """
    shape = deal_shape(players, variant)
    dealt = parse_cards(cards if isinstance(cards, str) else list(cards), count=shape.dealt)
    unseen = [card for card in DECK if card not in dealt]
    options = []
    for discard in combinations(dealt, shape.discards):
        keep = tuple(card for card in dealt if card not in discard)
        distribution = hand_distribution(keep, unseen)
        hand_mean = Fraction(sum(score * n for score, n in distribution.items()), len(unseen))
        crib_mean = crib_expected(discard, unseen, shape.unseen_crib_cards)
        net = hand_mean + crib_mean if dealer else hand_mean - crib_mean
        options.append(
            DiscardOption(
                discard=discard,
                keep=keep,
                hand_mean=float(hand_mean),
                hand_min=min(distribution),
                hand_max=max(distribution),
                hand_distribution=dict(sorted(distribution.items())),
                crib_mean=float(crib_mean),
                net=float(net),
            )
        )
    options.sort(key=lambda option: -option.net)
    return options


@cache
def crib_rank_table() -> Mapping[tuple[int, int], float]:
    """Average crib value for each pair of discarded ranks, the other crib cards
    and the starter uniform over the other 50 cards; two different ranks are
    averaged over suited (4 in 16) and off-suit (12 in 16) pairs.

    With the other cards uniform, the table is the same for the dealer's and the
    opponent's crib; published tables built from real play differ because the
    other player chooses their discard.
    """
    table = {}
    for low, high in combinations_with_replacement(range(1, 14), 2):
        if low == high:
            pairs = [(Card(low, "S"), Card(low, "H"))]
        else:
            pairs = [(Card(low, "S"), Card(high, "S"))] + [(Card(low, "S"), Card(high, "H"))] * 3
        means = [crib_expected(pair, [card for card in DECK if card not in pair], 2) for pair in pairs]
        table[(low, high)] = float(sum(means) / len(means))
    return MappingProxyType(table)
