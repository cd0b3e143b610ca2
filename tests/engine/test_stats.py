"""Exact histograms: the published hand table, and the crib checked against brute force."""

import random
from collections import Counter
from itertools import combinations, product

import pytest
from cribbage.analysis.stats import contributions, mean, show_histograms
from cribbage.core.cards import DECK, SUITS, Card
from naive_scorer import naive_show_total

# Lumetta, "Amusing Cribbage Facts"; Wikipedia "Cribbage statistics".
PUBLISHED_HAND_HISTOGRAM = {
    0: 1009008,
    1: 99792,
    2: 2813796,
    3: 505008,
    4: 2855676,
    5: 697508,
    6: 1800268,
    7: 751324,
    8: 1137236,
    9: 361224,
    10: 388740,
    11: 51680,
    12: 317340,
    13: 19656,
    14: 90100,
    15: 9168,
    16: 58248,
    17: 11196,
    18: 2708,
    19: 0,
    20: 8068,
    21: 2496,
    22: 444,
    23: 356,
    24: 3680,
    25: 0,
    26: 0,
    27: 0,
    28: 76,
    29: 4,
}


@pytest.fixture(scope="module")
def histograms():
    return show_histograms()


def test_hand_histogram_equals_the_published_table(histograms):
    assert histograms["hand"] == PUBLISHED_HAND_HISTOGRAM
    assert round(mean(histograms["hand"]), 6) == 4.769152


def test_both_histograms_cover_every_hand_and_starter_once(histograms):
    assert sum(histograms["hand"].values()) == sum(histograms["crib"].values()) == 52 * 51 * 50 * 49 // 24 * 48


def test_nineteen_and_25_to_27_are_impossible_in_a_crib_too(histograms):
    assert [histograms["crib"][score] for score in (19, 25, 26, 27)] == [0, 0, 0, 0]


def test_the_crib_loses_exactly_the_four_card_flushes(histograms):
    # 4 suits x C(13,4) one-suit hands x 39 off-suit starters: each loses its 4 flush points.
    four_card_flushes = 4 * 715 * 39
    moved = sum(
        histograms["hand"][s] - histograms["crib"][s]
        for s in range(30)
        if histograms["hand"][s] > histograms["crib"][s]
    )
    assert moved <= four_card_flushes
    assert mean(histograms["hand"]) - mean(histograms["crib"]) == pytest.approx(4 * four_card_flushes / 12994800)


def brute_force(hand_ranks, starter_rank):
    """Every real (hand, starter) with these ranks, scored by the independent scorer."""
    hand_counts, crib_counts = Counter(), Counter()
    groups = Counter(hand_ranks)
    for suit_sets in product(*(combinations(SUITS, n) for n in groups.values())):
        hand = [Card(rank, suit) for rank, suits in zip(groups, suit_sets) for suit in suits]
        for suit in SUITS:
            starter = Card(starter_rank, suit)
            if starter in hand:
                continue
            hand_counts[naive_show_total(hand, starter)] += 1
            crib_counts[naive_show_total(hand, starter, crib=True)] += 1
    return hand_counts, crib_counts


def test_every_rank_pattern_contribution_matches_brute_force_on_a_large_random_sample():
    rng = random.Random(121)
    for _ in range(100):
        *hand, starter = rng.sample(DECK, 5)
        hand_ranks = tuple(card.rank for card in hand)
        assert contributions(hand_ranks, starter.rank) == brute_force(hand_ranks, starter.rank)


@pytest.mark.parametrize(
    "hand_ranks,starter_rank",
    [((11, 11, 11, 5), 11), ((11, 5, 5, 5), 5), ((11, 2, 3, 4), 11), ((1, 2, 3, 4), 5), ((11, 11, 2, 2), 2)],
)
def test_jack_and_starter_shapes_match_brute_force(hand_ranks, starter_rank):
    assert contributions(hand_ranks, starter_rank) == brute_force(hand_ranks, starter_rank)


def test_crib_histogram_agrees_with_brute_force_scoring_of_random_deals(histograms):
    """20,000 random cribs scored one by one: each score's frequency lies within
    five standard deviations of the exact probability."""
    rng = random.Random(61)
    trials = 20000
    seen = Counter()
    for _ in range(trials):
        *hand, starter = rng.sample(DECK, 5)
        seen[naive_show_total(hand, starter, crib=True)] += 1
    total = sum(histograms["crib"].values())
    for score, count in histograms["crib"].items():
        p = count / total
        spread = 5 * (trials * p * (1 - p)) ** 0.5 + 1
        assert abs(seen[score] - trials * p) <= spread, score
