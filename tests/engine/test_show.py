"""The show, rule by rule (ACC rules)."""

import pytest
from cribbage.core.cards import DECK, SUITS, Card, parse_cards, parse_hand_and_starter
from cribbage.core.show import heels_points, score_show, show_total
from cribbage.errors import CardCountError, DuplicateCardError, StarterInHandError
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_scorer import naive_show_total


def score(hand, starter, crib=False):
    return score_show(*parse_hand_and_starter(hand, starter, hand_size=len(hand.split())), crib=crib)


def kinds(result):
    return [(item.kind, item.points) for item in result.items]


def test_the_29_hand_is_four_fives_and_the_jack_of_the_starter_suit():
    result = score("5H 5S 5C JD", "5D")
    assert result.total == 29
    assert kinds(result).count(("fifteen", 2)) == 8
    assert kinds(result).count(("pair", 2)) == 6
    assert ("nobs", 1) in kinds(result)


def test_each_fifteen_lists_its_own_cards():
    result = score("5H 5S 5C JD", "5D")
    fifteens = {frozenset(map(str, item.cards)) for item in result.items if item.kind == "fifteen"}
    assert frozenset({"5H", "5S", "5C"}) in fifteens
    assert frozenset({"JD", "5D"}) in fifteens
    assert all(sum(card.value for card in item.cards) == 15 for item in result.items if item.kind == "fifteen")


def test_a_double_run_is_two_runs_and_a_pair():
    result = score("4H 5C 5S 6D", "KH")
    assert kinds(result).count(("run", 3)) == 2
    assert kinds(result).count(("pair", 2)) == 1
    assert result.total == 16


def test_a_triple_run_is_three_runs_and_a_pair_royal():
    result = score("7H 7C 7S 8D", "9H")
    assert kinds(result).count(("run", 3)) == 3
    assert kinds(result).count(("pair", 2)) == 3
    assert kinds(result).count(("fifteen", 2)) == 3  # each 7 with the 8
    assert result.total == 9 + 6 + 6


def test_a_double_double_run_is_four_runs_and_two_pairs():
    result = score("3H 3C 4S 4D", "5H")
    assert kinds(result).count(("run", 3)) == 4
    assert kinds(result).count(("pair", 2)) == 2
    assert kinds(result).count(("fifteen", 2)) == 2  # 3+3+4+5, once with each 4
    assert result.total == 12 + 4 + 4


def test_only_the_longest_run_counts():
    result = score("2H 3C 4S 5D", "6H")
    assert kinds(result).count(("run", 5)) == 1
    assert not [k for k, _ in kinds(result) if k == "run" and _ != 5]


def test_ace_is_low_and_runs_never_wrap_round_the_king():
    assert "run" not in [k for k, _ in kinds(score("QH KC AS 2D", "7H"))]
    assert ("run", 3) in kinds(score("AH 2C 3S 9D", "KH"))


def test_face_cards_are_different_ranks_so_jack_and_queen_are_no_pair():
    assert "pair" not in [k for k, _ in kinds(score("JH QH 2C 4D", "8S"))]
    assert ("run", 3) in kinds(score("JH QH KC 4D", "8S"))


def test_four_card_flush_scores_four_in_a_hand_and_nothing_in_a_crib():
    assert ("flush", 4) in kinds(score("2H 4H 6H 8H", "QC"))
    assert "flush" not in [k for k, _ in kinds(score("2H 4H 6H 8H", "QC", crib=True))]


def test_five_card_flush_scores_five_in_hand_and_crib():
    assert ("flush", 5) in kinds(score("2H 4H 6H 8H", "QH"))
    assert ("flush", 5) in kinds(score("2H 4H 6H 8H", "QH", crib=True))


def test_starter_alone_never_makes_a_flush():
    assert "flush" not in [k for k, _ in kinds(score("2H 4H 6H 8C", "QH"))]


def test_nobs_is_a_jack_in_hand_of_the_starter_suit_never_the_starter_itself():
    assert ("nobs", 1) in kinds(score("JH 2C 4S 6D", "9H"))
    assert "nobs" not in [k for k, _ in kinds(score("JC 2C 4S 6D", "9H"))]
    assert "nobs" not in [k for k, _ in kinds(score("2H 4C 6S 8D", "JH"))]


def test_nobs_counts_in_the_crib_too():
    assert ("nobs", 1) in kinds(score("JH 2C 4S 6D", "9H", crib=True))


def test_heels_gives_the_dealer_two_for_a_jack_starter():
    assert heels_points(Card.parse("JS")) == 2
    assert [heels_points(card) for card in DECK].count(2) == 4


def test_a_hand_of_nothing_scores_zero():
    # (no hand scores 19: test_stats checks the whole published histogram)
    assert score("2C 4D 6H 8S", "QC").total == 0


def test_five_card_game_hand_flush_is_three_or_four_with_the_starter():
    assert ("flush", 3) in kinds(score("2H 4H 6H", "QC"))
    assert ("flush", 4) in kinds(score("2H 4H 6H", "QH"))


def test_five_card_game_crib_has_four_cards_and_needs_the_full_flush():
    hand = parse_cards("2H 4H 6H 8H")
    assert "flush" not in [k for k, _ in kinds(score_show(hand, Card.parse("QC"), crib=True))]
    with pytest.raises(CardCountError):
        score_show(parse_cards("2H 4H 6H"), Card.parse("QC"), crib=True)


def test_bad_hands_raise_specific_errors_with_codes():
    with pytest.raises(DuplicateCardError) as duplicate:
        score_show((Card(5, "H"), Card(5, "H"), Card(6, "C"), Card(7, "D")), Card(9, "S"))
    assert duplicate.value.code == "duplicate_card" and duplicate.value.params == {"card": "5H"}
    with pytest.raises(StarterInHandError):
        score_show(parse_cards("5H 6C 7D 8S"), Card(5, "H"))
    with pytest.raises(CardCountError) as count:
        score_show(parse_cards("5H 6C"), Card(9, "H"))
    assert count.value.params == {"expected": 4, "got": 2}


deals = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


@settings(max_examples=2000, deadline=None)
@given(deals, st.booleans())
def test_total_and_breakdown_agree_with_an_independent_scorer_on_random_deals(cards, crib):
    *hand, starter = cards
    expected = naive_show_total(hand, starter, crib)
    assert show_total(hand, starter, crib) == expected
    assert score_show(hand, starter, crib).total == expected


@settings(max_examples=300, deadline=None)
@given(deals, st.permutations(SUITS), st.randoms(use_true_random=False), st.booleans())
def test_relabelling_suits_or_reordering_cards_never_changes_a_score(cards, suit_map, rng, crib):
    *hand, starter = cards
    relabel = dict(zip(SUITS, suit_map))
    relabelled = [Card(card.rank, relabel[card.suit]) for card in hand]
    rng.shuffle(relabelled)
    original = score_show(hand, starter, crib)
    moved = score_show(relabelled, Card(starter.rank, relabel[starter.suit]), crib)
    assert moved.total == original.total
    assert sorted(kinds(moved)) == sorted(kinds(original))


@settings(max_examples=300, deadline=None)
@given(deals)
def test_a_crib_never_scores_more_than_the_same_cards_as_a_hand(cards):
    *hand, starter = cards
    assert show_total(hand, starter, crib=True) <= show_total(hand, starter)


@settings(max_examples=300, deadline=None)
@given(deals, st.booleans())
def test_the_total_is_the_sum_of_the_items(cards, crib):
    *hand, starter = cards
    result = score_show(hand, starter, crib)
    assert result.total == sum(item.points for item in result.items) == show_total(hand, starter, crib)
