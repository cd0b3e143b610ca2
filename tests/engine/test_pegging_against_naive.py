"""The play (cribbage.core.play) against the independent naive_pegging reference, on 2,400
random deals for 2, 3 and 4 players, the five-card game and the seven-card game (hands of 5); and the reference itself
against plays worked out by hand from the rules."""

from __future__ import annotations

import pytest
from cribbage.core.cards import DECK, parse_cards
from cribbage.core.play import Play, replay
from cribbage.core.variants import FIVE_CARD, SEVEN_CARD, SIX_CARD
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_pegging import naive_play, points_of_last_card

# (players, cards each seat holds in the play, variant)
TABLES = [(2, 4, SIX_CARD), (3, 4, SIX_CARD), (4, 4, SIX_CARD), (2, 3, FIVE_CARD), (2, 5, SEVEN_CARD)]


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        # a count from the rules sheet: 15, a run of 5, nothing, runs of 5, 4 and 5, then pair and 31
        ("4H 2H 6H 3H 5H 2S 4S 3S AH AS", [0, 0, 0, 2, 5, 0, 5, 4, 5, 4]),
        ("6H 7H 8H 6S", [0, 0, 3, 3]),  # 6-7-8, then 7-8-6: a run of 3 each time
        ("7H 6H 8H 6S", [0, 0, 3, 0]),  # 7-6-8 is a run; 6-8-6 holds a rank twice: no run
        ("3H 4H 5H 6H AH", [0, 0, 3, 4, 0]),  # the run is broken by the ace
        ("7H 8H 7S", [0, 2, 0]),  # the sevens are not next to each other: no pair
        ("2H 3H 5H 6H AH 7H 4H", [0, 0, 0, 0, 0, 0, 7]),  # a run of 7 at 28
        ("5H 5S 5D 5C", [0, 2, 2 + 6, 12]),  # pair, fifteen and pair royal, double pair royal
    ],
)
def test_the_reference_pegs_hand_worked_counts(cards, expected):
    pile = parse_cards(cards)
    assert [points_of_last_card(pile[:end]) for end in range(1, len(pile) + 1)] == expected


def test_the_reference_pegs_a_whole_play_worked_by_hand():
    # 7H 8S(15: 2) 8D(pair: 2) 6C AH, go for seat 1 at 30; 5C QD(15: 2) KS, last card for seat 0
    result = naive_play([parse_cards("7H 8D 5C KS"), parse_cards("8S 6C AH QD")])
    assert [points for _seat, _card, points in result.plays] == [0, 2, 2, 0, 0, 0, 2, 0]
    assert result.ends == [1, 0]
    assert result.scores == [3, 5]


def test_the_five_card_reference_stops_at_the_first_go():
    result = naive_play([parse_cards("10H 10S 2C"), parse_cards("JD QC AH")], five_card=True)
    # 10 J(20) 10(30) A(31: 2): the count ends at 31 and so does the play; 2C and QC stay in hand
    assert [str(card) for _seat, card, _points in result.plays] == ["10H", "JD", "10S", "AH"]
    assert result.scores == [0, 2] and result.ends == []


def _engine_pegs(hands, played, variant):
    actions = replay(hands, played, variant=variant)
    cards = [
        (a.seat, a.card, a.points - sum(r.points for r in a.reasons if r.kind == "last_card"))
        for a in actions
        if a.card is not None
    ]
    ends = [a.seat for a in actions if any(r.kind in ("go", "last_card") for r in a.reasons)]
    return Play.from_actions(hands, actions, variant=variant), cards, ends


@pytest.mark.parametrize(("players", "size", "variant"), TABLES, ids=lambda v: getattr(v, "name", str(v)))
@settings(max_examples=600, deadline=None)
@given(deck=st.permutations(DECK))
def test_the_play_pegs_as_the_reference_on_random_deals(players, size, variant, deck):
    hands = [deck[seat * size : (seat + 1) * size] for seat in range(players)]
    expected = naive_play(hands, five_card=variant is FIVE_CARD)  # the reference's own rule: the five-card game stops
    play, cards, ends = _engine_pegs(hands, [card for _seat, card, _points in expected.plays], variant)
    assert cards == expected.plays
    assert ends == expected.ends
    assert play.is_over
    assert list(play.scores) == expected.scores
