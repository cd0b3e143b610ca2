"""The discard advisor against brute-force enumeration, and known facts."""

import random
from fractions import Fraction
from itertools import combinations

import pytest
from cribbage.analysis.discard import analyse_discards, crib_expected, crib_rank_table
from cribbage.core.cards import DECK, SUITS, Card, parse_cards
from cribbage.core.deal import deal_shape
from cribbage.core.variants import FIVE_CARD, SIX_CARD
from cribbage.errors import CardCountError, DuplicateCardError
from naive_scorer import naive_show_total


def brute_force_crib(discard, unseen, unknown):
    total = count = 0
    for others in combinations(unseen, unknown):
        crib = list(discard) + list(others)
        for starter in unseen:
            if starter not in others:
                total += naive_show_total(crib, starter, crib=True)
                count += 1
    return Fraction(total, count)


def test_hand_part_equals_enumeration_over_every_starter_for_every_discard():
    rng = random.Random(6)
    for players, variant in [(2, SIX_CARD), (2, FIVE_CARD), (3, SIX_CARD), (4, SIX_CARD)]:
        dealt_count = deal_shape(players, variant).dealt
        dealt = rng.sample(DECK, dealt_count)
        unseen = [card for card in DECK if card not in dealt]
        for option in analyse_discards(dealt, dealer=True, players=players, variant=variant):
            scores = [naive_show_total(list(option.keep), starter) for starter in unseen]
            assert option.hand_mean == pytest.approx(sum(scores) / len(scores), rel=1e-12)
            assert (option.hand_min, option.hand_max) == (min(scores), max(scores))
            assert sum(option.hand_distribution.values()) == len(unseen)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_crib_part_equals_brute_force_enumeration_with_two_players(seed):
    rng = random.Random(seed)
    dealt = rng.sample(DECK, 6)
    unseen = [card for card in DECK if card not in dealt]
    discard = dealt[:2]
    assert crib_expected(discard, unseen, 2) == brute_force_crib(discard, unseen, 2)


def test_crib_part_counts_flush_and_nobs_exactly():
    dealt = parse_cards("JH 5H 2C 3D 9S KS")  # a suited pair holding a jack
    unseen = [card for card in DECK if card not in dealt]
    assert crib_expected(dealt[:2], unseen, 2) == brute_force_crib(dealt[:2], unseen, 2)


def test_options_come_best_first_with_net_as_hand_plus_or_minus_crib():
    for dealer in (True, False):
        options = analyse_discards(parse_cards("5H 5S 6C 7D JH KS"), dealer=dealer)
        assert len(options) == 15
        assert [o.net for o in options] == sorted((o.net for o in options), reverse=True)
        for option in options:
            sign = 1 if dealer else -1
            assert option.net == pytest.approx(option.hand_mean + sign * option.crib_mean)


def test_three_and_four_players_discard_one_card_each():
    assert len(analyse_discards(parse_cards("5H 5S 6C 7D JH"), dealer=False, players=3)) == 5
    assert len(analyse_discards(parse_cards("5H 5S 6C 7D JH"), dealer=True, players=4)) == 5
    assert len(analyse_discards(parse_cards("5H 5S 6C 7D JH"), dealer=True, variant=FIVE_CARD)) == 10


def test_expected_values_do_not_change_when_suits_are_relabelled():
    dealt = parse_cards("5H 5S 6C 7D JH KS")
    relabel = dict(zip(SUITS, ("D", "C", "S", "H")))
    moved = [Card(card.rank, relabel[card.suit]) for card in dealt]
    original = {
        tuple(sorted(c.rank for c in o.keep)): (o.hand_mean, o.crib_mean) for o in analyse_discards(dealt, True)
    }
    relabelled = {
        tuple(sorted(c.rank for c in o.keep)): (o.hand_mean, o.crib_mean) for o in analyse_discards(moved, True)
    }
    assert original.keys() == relabelled.keys()
    for keep, values in original.items():
        assert relabelled[keep] == pytest.approx(values, rel=1e-12)


def test_five_five_is_the_best_pair_of_ranks_to_give_any_crib():
    table = crib_rank_table()
    assert len(table) == 91
    assert max(table, key=table.get) == (5, 5)


def test_bad_deals_are_refused_with_codes():
    with pytest.raises(CardCountError):
        analyse_discards("5H 5S 6C 7D JH", dealer=True)
    with pytest.raises(DuplicateCardError):
        analyse_discards("5H 5H 6C 7D JH KS", dealer=True)


def test_crib_part_with_three_unknown_cards_equals_brute_force_on_a_small_deck():
    """3 and 4 players: three unknown crib cards. A reduced unseen set keeps brute force affordable."""
    rng = random.Random(34)
    cards = rng.sample(DECK, 22)
    discard, unseen = cards[:1], cards[2:]
    assert crib_expected(discard, unseen, 3) == brute_force_crib(discard, unseen, 3)
