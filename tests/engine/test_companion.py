"""The Table companion (issue 25): a game played with real cards, one test per rule it follows.

The expectations come from the core the rest of the site plays by, never from the companion:
the play against :func:`cribbage.core.play.replay` on the same cards, a count against
:func:`cribbage.core.show.score_show`, the outcomes against the variants' lines; the rest is
worked out by hand from the rules, as each comment says.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from cribbage.companion import (
    CUT,
    MAX_PEG,
    STATE_VERSION,
    Claim,
    CountCards,
    CountPoints,
    CutCards,
    DealCards,
    Decline,
    Go,
    LayAway,
    Move,
    NextGame,
    Options,
    Peg,
    PlayCard,
    PlayDone,
    StarterCard,
    Step,
    TableGame,
)
from cribbage.companion.actions import ACTION_TYPES, action_from_json, action_to_json
from cribbage.companion.events import Counted, PointsPegged, event_json
from cribbage.core.cards import DECK, Card, parse_cards
from cribbage.core.events import CutForDeal, Pegged, Shown, Starter, ThreeForLast
from cribbage.core.play import Play, replay
from cribbage.core.show import score_show
from cribbage.core.variants import FIVE_CARD, SIX_CARD, Variant
from cribbage.errors import (
    CardCountError,
    CardSeenError,
    CribbageError,
    DuplicateCardError,
    FiveCardPlayersError,
    IllegalActionError,
    OptionError,
    PlayedCardMissingError,
    PlayerCountError,
    PointsRangeError,
    StarterInHandError,
    TableStateError,
    TableStateVersionError,
    UnknownVariantError,
)
from hypothesis import given, settings
from hypothesis import strategies as st


def card(text: str) -> Card:
    return Card.parse(text)


def new_table(**options: Any) -> TableGame:
    return TableGame(Options(**options))


def to_the_play(game: TableGame, starter: str = "5D") -> None:
    for action in (DealCards(), LayAway(), StarterCard(card(starter))):
        game.apply(action)


def to_the_count(game: TableGame, starter: str = "5D") -> None:
    to_the_play(game, starter)
    game.apply(PlayDone())


def count_nothing(game: TableGame) -> None:
    """Tap 0 for every hand and the crib still to count."""
    while game.step == Step.COUNT:
        game.apply(CountPoints(game.expected.seat, 0))


def peg(game: TableGame, seat: int, points: int) -> None:
    """Tap ``points`` for ``seat`` in the play, in taps of at most :data:`MAX_PEG`."""
    while points > 0 and not game.is_over:
        game.apply(Peg(seat, min(points, MAX_PEG)))
        points -= MAX_PEG


def pegged_records(game: TableGame):
    return [event.action for event in game.events if isinstance(event, Pegged)]


# -- options -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"players": 5}, PlayerCountError),
        ({"players": 3, "variant": "five-card"}, FiveCardPlayersError),
        ({"variant": "nine-card"}, UnknownVariantError),
        ({"target": 100}, OptionError),
        ({"variant": "five-card", "target": 121}, OptionError),
        ({"names": ("Ann",)}, OptionError),
        ({"names": ("Ann", " ")}, OptionError),
        ({"first_dealer": 2}, OptionError),
        ({"first_dealer": "me"}, OptionError),
        ({"muggins": "yes"}, OptionError),
    ],
)
def test_options_refuse_what_the_game_does_not_offer_with_a_coded_error(options, error):
    with pytest.raises(error):
        Options(**options)


def test_options_take_the_variants_own_target_and_the_standard_games_61():
    assert Options().target == 121 and Options(target=61).target == 61
    assert Options(variant="five-card").target == 61 and Options(variant="seven-card").target == 181
    assert Options(players=4, target=61).rules.lurch  # the game to 61 lurches below 31


# -- the steps of a deal ---------------------------------------------------------------


def test_a_deal_goes_deal_lay_away_starter_play_count_in_order_and_refuses_a_step_out_of_turn():
    game = new_table(first_dealer=1)
    seen = []
    for action in (DealCards(), LayAway(), StarterCard(card("5D")), PlayDone()):
        for other in (DealCards(), LayAway(), StarterCard(card("6D")), PlayDone()):
            if other.kind != action.kind:
                assert not game.can(other)
        seen.append(game.step)
        game.apply(action)
    seen.append(game.step)
    assert seen == [Step.DEAL, Step.LAY_AWAY, Step.STARTER, Step.PLAY, Step.COUNT]
    with pytest.raises(IllegalActionError) as refused:
        game.apply(DealCards())
    assert refused.value.params["reason"] == "wrong_phase"


def test_the_count_goes_from_the_dealers_left_round_the_table_then_the_dealers_hand_then_the_crib():
    game = new_table(players=3, first_dealer=1)
    to_the_count(game)
    order = []
    while game.step == Step.COUNT:
        expected = game.expected
        order.append((expected.seat, expected.crib))
        wrong = next(seat for seat in range(3) if seat != expected.seat)
        assert game.check(CountPoints(wrong, 0)).params["reason"] == "not_your_turn"
        game.apply(CountPoints(expected.seat, 0))
    assert order == [(2, False), (0, False), (1, False), (1, True)]


def test_the_deal_passes_to_the_left_after_the_crib_is_counted():
    game = new_table(players=4, first_dealer=3)
    dealers = []
    for _ in range(5):
        dealers.append(game.dealer)
        to_the_count(game)
        count_nothing(game)
    assert dealers == [3, 0, 1, 2, 3]
    assert game.step == Step.DEAL


def test_the_lowest_card_cut_deals_and_those_tied_cut_again_whatever_the_suits():
    game = new_table(players=3)
    assert game.options.first_dealer == CUT and game.expected.moves == (Move.CUT_CARDS,)
    assert isinstance(game.check(CutCards(parse_cards("AS 2H"))), CardCountError)
    assert isinstance(game.check(CutCards((card("AS"), card("AS"), card("3D")))), DuplicateCardError)
    game.apply(CutCards(parse_cards("4S 4H 9D")))  # seats 0 and 1 tie on the 4s
    assert game.step == Step.CUT and game.dealer is None
    assert isinstance(game.check(CutCards(parse_cards("KS 2H 3D"))), CardCountError)  # only the two cut
    (event,) = game.apply(CutCards(parse_cards("KS 2H")))
    assert isinstance(event, CutForDeal) and event.dealer == 1 and len(event.rounds) == 2
    assert game.step == Step.DEAL and game.expected.seat == 1


def test_his_heels_gives_the_dealer_two_at_once():
    game = new_table(first_dealer=0)
    for action in (DealCards(), LayAway()):
        game.apply(action)
    (event,) = game.apply(StarterCard(card("JC")))
    assert isinstance(event, Starter) and event.points == 2
    assert game.scores == (2, 0) and game.step == Step.PLAY


def test_his_heels_ends_the_game_when_it_reaches_the_target():
    game = new_table(target=61, first_dealer=0)
    to_the_play(game)
    peg(game, 1, 59)  # seat 1 deals next
    game.apply(PlayDone())
    count_nothing(game)
    assert game.dealer == 1
    game.apply(DealCards())
    game.apply(LayAway())
    game.apply(StarterCard(card("JH")))
    assert game.is_over and game.scores == (0, 61) and game.results[-1].winner == 1
    assert game.expected.moves == (Move.NEXT_GAME,)


# -- the play, card by card ------------------------------------------------------------


@st.composite
def real_deals(draw, players=st.sampled_from([2, 3, 4]), variant: Variant = SIX_CARD):
    """A shuffled deck's hands, a starter, a dealer and a play of legal cards to its end."""
    seats = draw(players) if variant is SIX_CARD else 2
    size = variant.kept
    deck = draw(st.permutations(DECK))
    hands = [deck[seat * size : (seat + 1) * size] for seat in range(seats)]
    play = Play(hands, variant=variant)
    while not play.is_over:
        legal = play.legal_cards()
        play.play(draw(st.sampled_from(legal))) if legal else play.go()
    starter = deck[seats * size]
    dealer = draw(st.integers(0, seats - 1))
    return hands, [a.card for a in play.actions if a.card], starter, dealer, variant


def enter_the_cards(game: TableGame, replayed) -> None:
    """Enter each card and each go of ``replayed`` (play seats: 0 is the dealer's left); the
    go that a seat without cards owes the companion takes itself."""
    players = game.rules.players
    for index, action in enumerate(replayed):
        if len(pegged_records(game)) > index:
            continue  # taken already, as the core's game takes a forced go
        seat = (game.dealer + 1 + action.seat) % players
        game.apply(Go(seat) if action.card is None else PlayCard(seat, action.card))


def check_against_replay(deal) -> None:
    hands, cards, starter, dealer, variant = deal
    game = new_table(players=len(hands), variant=variant.name, first_dealer=dealer)
    to_the_play(game, str(starter))
    replayed = replay(hands, cards, variant=variant)
    enter_the_cards(game, replayed)
    players = len(hands)
    assert pegged_records(game) == [replace(a, seat=(dealer + 1 + a.seat) % players) for a in replayed]
    play_totals = [
        sum(a.points for a in replayed if (dealer + 1 + a.seat) % players == seat) for seat in range(players)
    ]
    play_totals[dealer] += 2 if starter.rank == 11 else 0  # his heels
    play_totals[(dealer + 1) % players] += 3 if variant.three_for_last else 0
    assert list(game.scores) == [
        sum(play_totals[s] for s in range(players) if game.side_of(s) == side) for side in range(game.rules.sides)
    ]
    assert game.step == Step.COUNT


@settings(max_examples=150, deadline=None)
@given(real_deals())
def test_property_a_play_entered_card_by_card_pegs_what_replay_pegs_for_the_same_cards(deal):
    check_against_replay(deal)


@settings(max_examples=60, deadline=None)
@given(real_deals(variant=FIVE_CARD))
def test_property_the_five_card_play_entered_card_by_card_ends_at_the_first_go_as_replay_does(deal):
    check_against_replay(deal)


def test_a_card_already_seen_this_deal_cannot_be_played():
    game = new_table(first_dealer=1)
    to_the_play(game, "5D")
    assert game.check(PlayCard(0, card("5D"))).params == {"card": "5D", "place": "starter"}
    game.apply(PlayCard(0, card("7H")))
    refused = game.check(PlayCard(1, card("7H")))
    assert isinstance(refused, CardSeenError) and refused.params["place"] == "played"
    assert game.check(PlayCard(0, card("8S"))).params["reason"] == "not_your_turn"


def test_a_card_that_passes_31_is_refused_and_a_go_only_when_some_unseen_card_would_not_fit():
    game = new_table(first_dealer=1)
    to_the_play(game)
    game.apply(PlayCard(0, card("KH")))
    game.apply(PlayCard(1, card("QH")))  # 20: every card fits, so nobody can be out of cards that fit
    assert Move.GO not in game.expected.moves
    assert game.check(Go(0)).params["reason"] == "cannot_go"
    game.apply(PlayCard(0, card("9H")))  # 29
    assert game.check(PlayCard(1, card("3C"))).params["reason"] == "over_31"
    assert Move.GO in game.expected.moves


def test_the_last_to_play_pegs_one_for_the_go_and_the_next_seat_leads():
    # pone K (10), dealer Q (20), pone 9 (29); the dealer cannot play, nor can the pone: one for the go.
    game = new_table(first_dealer=1)
    to_the_play(game)
    for action in (PlayCard(0, card("KH")), PlayCard(1, card("QH")), PlayCard(0, card("9H")), Go(1)):
        game.apply(action)
    assert game.scores == (0, 0) and game.expected.seat == 0
    (event,) = game.apply(Go(0))
    assert event.points == 1 and game.scores == (1, 0)
    assert game.count == 0 and game.expected.seat == 1  # the dealer leads the next count


def test_the_last_card_of_the_play_pegs_one_and_a_31_pegs_two_without_a_go():
    # The pone holds KH QH AH 9C, the dealer KS AS 2S 3S: 10, 20 (pair: 2), 30, 31 (2);
    # the pone leads again: 1, 3, 12, 15 (2), the dealer's last card (1).
    game = new_table(first_dealer=1)
    to_the_play(game)
    for seat, text in zip([0, 1, 0, 1, 0, 1, 0, 1], "KH KS QH AS AH 2S 9C 3S".split(), strict=True):
        game.apply(PlayCard(seat, card(text)))
    assert game.scores == (0, 7) and game.step == Step.COUNT
    assert [str(item.kind) for item in pegged_records(game)[-1].reasons] == ["fifteen", "last_card"]


def test_a_seat_with_no_cards_left_takes_the_go_point_it_is_owed_by_itself():
    # The pone holds KH QH 9H 8H, the dealer KS 5S 2S KD: 10, 20 (pair: 2), 30, go, go (1);
    # the dealer leads: 5, 14, 16, 24 (the pone's last card), the dealer's KD would pass 31: go,
    # and the pone, out of cards, pegs one for the go; the dealer's KD is the last card (1).
    game = new_table(first_dealer=1)
    to_the_play(game)
    for action in (PlayCard(0, card("KH")), PlayCard(1, card("KS")), PlayCard(0, card("QH")), Go(1), Go(0)):
        game.apply(action)
    for seat, text in zip([1, 0, 1, 0], "5S 9H 2S 8H".split(), strict=True):
        game.apply(PlayCard(seat, card(text)))
    events = game.apply(Go(1))
    assert [(event.seat, event.points) for event in events] == [(1, 0), (0, 1)]
    assert game.expected.seat == 1 and game.play.cards_left(0) == 0
    game.apply(PlayCard(1, card("KD")))
    assert game.scores == (2, 3) and game.step == Step.COUNT


def test_points_may_be_tapped_in_the_play_from_one_to_the_most_a_card_pegs():
    game = new_table(first_dealer=0)
    to_the_play(game)
    assert isinstance(game.check(Peg(1, 0)), PointsRangeError)
    assert isinstance(game.check(Peg(1, MAX_PEG + 1)), PointsRangeError)
    assert game.check(Peg(2, 1)).params["reason"] == "no_seat"
    (event,) = game.apply(Peg(1, MAX_PEG))
    assert isinstance(event, PointsPegged) and game.scores == (0, MAX_PEG)
    game.apply(PlayCard(1, card("5H")))  # cards and taps mix in one play
    game.apply(Peg(0, 2))
    assert game.scores == (2, MAX_PEG) and game.pile == (card("5H"),)


def test_the_most_a_tap_pegs_is_a_double_pair_royal_making_fifteen_with_the_last_card():
    # The five-card game, three cards each: 6, 5 (11), then four aces: the fourth makes 15 (2)
    # and a double pair royal (12), and is the last card of the play (1).
    game = new_table(variant="five-card", first_dealer=1)
    to_the_play(game, "KD")
    for index, text in enumerate("6H 5H AH AS AD AC".split()):
        game.apply(PlayCard(index % 2, card(text)))
    assert pegged_records(game)[-1].points == MAX_PEG == 15
    assert game.step == Step.COUNT


# -- the count -------------------------------------------------------------------------


@st.composite
def counted_deals(draw):
    """Two hands of four, a crib and a starter from a shuffled deck, and a dealer."""
    deck = draw(st.permutations(DECK))
    return (deck[0:4], deck[4:8]), deck[8:12], deck[12], draw(st.integers(0, 1))


@settings(max_examples=100, deadline=None)
@given(counted_deals())
def test_property_a_hand_and_a_crib_entered_as_cards_peg_what_score_show_counts(deal):
    hands, crib, starter, dealer = deal
    game = new_table(first_dealer=dealer)
    to_the_count(game, str(starter))
    heels = [0, 0]
    heels[dealer] = 2 if starter.rank == 11 else 0
    expected = [score_show(hands[seat], starter).total + heels[seat] for seat in range(2)]
    expected[dealer] += score_show(crib, starter, crib=True).total
    for seat in ((dealer + 1) % 2, dealer):
        (shown,) = game.apply(CountCards(seat, tuple(hands[seat])))
        assert isinstance(shown, Shown) and shown.score == score_show(hands[seat], starter)
    (shown,) = game.apply(CountCards(dealer, tuple(crib)))
    assert shown.crib and shown.points == score_show(crib, starter, crib=True).total
    assert list(game.scores) == [min(121, points) for points in expected]


def test_an_entered_hand_holds_the_cards_its_owner_played_and_neither_the_starter_nor_a_card_seen_elsewhere():
    game = new_table(first_dealer=1)
    to_the_play(game, "5D")
    for seat, text in ((0, "KH"), (1, "QH")):
        game.apply(PlayCard(seat, card(text)))
    game.apply(PlayDone())
    assert isinstance(game.check(CountCards(0, parse_cards("5D 6H 7H 8H"))), StarterInHandError)
    assert isinstance(game.check(CountCards(0, (card("6H"),) * 4)), DuplicateCardError)
    assert isinstance(game.check(CountCards(0, parse_cards("6H 7H 8H"))), CardCountError)
    played = game.check(CountCards(0, parse_cards("QH 6H 7H 8H")))  # the dealer played the queen
    assert isinstance(played, CardSeenError) and played.params == {"card": "QH", "place": "played"}
    missing = game.check(CountCards(0, parse_cards("6H 7H 8H 9H")))
    assert isinstance(missing, PlayedCardMissingError) and missing.params == {"card": "KH"}
    game.apply(CountCards(0, parse_cards("KH 6H 7H 8H")))  # its own king, played: still its hand
    counted = game.check(CountCards(1, parse_cards("QH 6H 2C 3C")))
    assert isinstance(counted, CardSeenError) and counted.params["place"] == "counted"
    game.apply(CountCards(1, parse_cards("QH 2C 3C 4C")))
    assert game.check(CountCards(1, parse_cards("KH 9C 9S 10S"))).params["place"] == "played"  # not in the crib


def test_points_tapped_for_a_count_go_from_nought_to_the_most_a_show_holds():
    game = new_table(first_dealer=1)
    to_the_count(game)
    assert isinstance(game.check(CountPoints(0, 30)), PointsRangeError)
    (event,) = game.apply(CountPoints(0, 29))
    assert isinstance(event, Counted) and game.scores == (29, 0)
    seven = new_table(variant="seven-card", first_dealer=1)
    to_the_count(seven)
    assert seven.can(CountPoints(0, 46)) and not seven.can(CountPoints(0, 47))


def test_without_muggins_an_announced_count_is_corrected_up_or_down():
    game = new_table(first_dealer=1)
    to_the_count(game, "5D")
    game.apply(CountCards(0, parse_cards("5H 5S 5C JD"), announced=12))  # 29 with the 5D: corrected
    game.apply(CountCards(1, parse_cards("2C 4C 6C 8S"), announced=20))  # 4 6 5 and 2 8 5, run 4 5 6: 7
    assert game.scores == (29, 7) and game.expected.crib


def test_with_muggins_a_short_count_stands_and_the_next_seat_may_claim_the_rest():
    game = new_table(first_dealer=1, muggins=True)
    to_the_count(game, "5D")
    game.apply(CountCards(0, parse_cards("5H 5S 5C JD"), announced=20))
    expected = game.expected
    assert game.scores == (20, 0) and expected.moves == (Move.CLAIM, Move.DECLINE) and expected.seat == 1
    assert game.check(Claim(0)).params["reason"] == "not_your_turn"
    (event,) = game.apply(Claim(1))
    assert event.points == 9 and game.scores == (20, 9)
    assert game.expected.moves == (Move.COUNT_CARDS, Move.COUNT_POINTS) and game.expected.seat == 1


def test_with_muggins_a_declined_short_count_pegs_only_what_was_announced_and_an_overcount_is_refused():
    game = new_table(first_dealer=1, muggins=True)
    to_the_count(game, "5D")
    refused = game.check(CountCards(0, parse_cards("5H 5S 5C JD"), announced=30))
    assert isinstance(refused, PointsRangeError)
    assert game.check(CountCards(0, parse_cards("2C 4C 6C 8S"), announced=8)).params["reason"] == "overcount"  # 7
    game.apply(CountCards(0, parse_cards("2C 4C 6C 8S"), announced=2))
    game.apply(Decline(1))
    assert game.scores == (2, 0) and game.expected.seat == 1


def test_in_partnerships_the_next_seat_claims_a_short_count_for_the_other_side():
    game = new_table(players=4, first_dealer=3, muggins=True)
    to_the_count(game, "5D")
    game.apply(CountCards(0, parse_cards("5H 5S 5C JD"), announced=28))
    assert game.expected.seat == 1
    game.apply(Claim(1))
    assert game.scores == (28, 1)


# -- the end of a game, and the match --------------------------------------------------


def test_the_game_ends_mid_play_the_moment_a_side_reaches_the_target():
    game = new_table(target=61, first_dealer=1)
    to_the_play(game)
    peg(game, 0, 45)
    game.apply(PlayCard(0, card("7H")))
    game.apply(PlayCard(1, card("8H")))  # 15 for the dealer: 2
    peg(game, 0, 15)  # 60
    assert not game.is_over
    game.apply(PlayCard(0, card("KS")))  # 25, no score
    game.apply(PlayCard(1, card("6S")))  # 31 for the dealer: 2
    events = game.apply(PlayCard(0, card("6C")))  # a new count: 6, nothing
    assert game.scores == (60, 4) and not events[-1].points
    game.apply(Peg(0, 1))
    assert game.is_over and game.scores == (61, 4) and game.results[-1].outcomes == ("win", "lurch")
    assert not game.can(PlayCard(1, card("2S"))) and not game.can(Peg(1, 1))


def test_the_game_ends_mid_count_before_the_dealer_counts_whatever_the_dealer_holds():
    game = new_table(first_dealer=1)
    to_the_play(game, "5D")
    peg(game, 0, 100)
    peg(game, 1, 118)
    game.apply(PlayDone())
    game.apply(CountPoints(0, 21))  # the pone counts first and goes out
    assert game.is_over and game.scores == (121, 118) and game.results[-1].outcomes == ("win", "loss")
    assert game.expected == replace(game.expected, step=Step.OVER, seat=None, moves=(Move.NEXT_GAME,))


def test_the_winner_stops_on_the_game_hole_and_the_losers_line_says_skunk_or_double_skunk():
    for loser_points, outcome in ((91, "loss"), (90, "skunk"), (60, "double_skunk")):
        game = new_table(first_dealer=1)
        to_the_play(game)
        peg(game, 1, loser_points)
        peg(game, 0, 130)
        assert game.scores == (121, loser_points) and game.results[-1].outcomes == ("win", outcome)


def test_partnerships_score_together_on_one_peg_per_side():
    game = new_table(players=4, first_dealer=3)
    to_the_play(game)
    game.apply(Peg(0, 2))
    game.apply(Peg(2, 3))
    game.apply(Peg(1, 4))
    assert game.scores == (5, 4) and game.pegs == ((5, 2), (4, 0))
    game.apply(PlayDone())
    game.apply(CountPoints(0, 6))
    game.apply(CountPoints(1, 0))
    game.apply(CountPoints(2, 8))
    game.apply(CountPoints(3, 12))
    assert game.scores == (19, 16) and game.pegs == ((19, 11), (16, 4))


def test_three_players_each_peg_alone():
    game = new_table(players=3, first_dealer=0)
    to_the_play(game)
    for seat, text in ((1, "5H"), (2, "KH"), (0, "5S")):  # 5, 15 (2 for seat 2), 20 (the king parts the fives)
        game.apply(PlayCard(seat, card(text)))
    assert game.scores == (0, 0, 2) and game.expected.seat == 1
    assert game.rules.sides == 3 and len(game.pegs) == 3


def test_the_five_card_game_gives_three_for_last_to_the_pone_ends_the_play_at_the_first_go_and_lurches():
    game = new_table(variant="five-card", first_dealer=0)
    assert isinstance(game.events[0], ThreeForLast) and game.scores == (0, 3)
    to_the_play(game)
    for action in (PlayCard(1, card("KH")), PlayCard(0, card("QH")), PlayCard(1, card("9H")), Go(0), Go(1)):
        game.apply(action)
    assert game.step == Step.COUNT and game.scores == (0, 4)  # one for the go ends the play
    count_nothing(game)
    assert game.dealer == 1 and game.scores == (0, 4)  # three for last only starts the game
    to_the_play(game)
    peg(game, 0, 61)
    assert game.results[-1].outcomes == ("win", "lurch")  # 4 of 61: not half way


def test_the_next_game_is_dealt_by_the_loser_and_the_match_counts_the_games():
    game = new_table(target=61, first_dealer=0)
    to_the_play(game)
    peg(game, 0, 61)  # the dealer wins: the pone, seat 1, deals the next game
    assert game.match_score == (1, 0)
    (event,) = game.apply(NextGame())
    assert event.seat == 1 and game.dealer == 1 and game.scores == (0, 0) and game.step == Step.DEAL
    to_the_play(game)
    peg(game, 0, 61)  # seat 0 wins again, as the pone: seat 1 deals again
    game.apply(NextGame())
    assert game.match_score == (2, 0) and game.dealer == 1 and len(game.results) == 2


# -- undo and the saved table ----------------------------------------------------------


def a_whole_deal() -> list:
    return [
        CutCards(parse_cards("9S 9H")),
        CutCards(parse_cards("2S KH")),
        DealCards(),
        LayAway(),
        StarterCard(card("5D")),
        PlayCard(1, card("KH")),
        Peg(0, 2),
        PlayCard(0, card("5H")),
        PlayCard(1, card("5S")),
        PlayDone(),
        CountCards(1, parse_cards("KH 5S JD QC"), announced=3),
        Claim(0),
        CountPoints(0, 6),
        CountCards(0, parse_cards("AS 2C 3D 4H")),
    ]


def snapshot(game: TableGame):
    return game.to_json(), game.events, game.scores, game.pegs, game.expected, game.pile, game.dealer


def test_undo_restores_the_table_exactly_as_it_was_before_each_action():
    game = new_table(muggins=True)
    before = []
    for action in a_whole_deal():
        before.append(snapshot(game))
        game.apply(action)
    assert game.step == Step.DEAL and game.dealer == 1
    while before:
        game.undo()
        assert snapshot(game) == before.pop()
    with pytest.raises(IllegalActionError):
        game.undo()


def test_a_saved_table_reads_back_as_the_same_table():
    game = new_table(players=2, names=("Ann", "Bob"), muggins=True)
    for action in a_whole_deal():
        game.apply(action)
    text = json.dumps(game.to_json())
    again = TableGame.from_json(json.loads(text))
    assert snapshot(again) == snapshot(game) and again.options.names == ("Ann", "Bob")
    assert json.loads(json.dumps([event_json(event) for event in again.events]))[0]["kind"] == "cut_again"
    assert json.loads(text)["version"] == STATE_VERSION


def saved(**changes):
    game = new_table(muggins=True)
    for action in a_whole_deal()[:8]:
        game.apply(action)
    return {**game.to_json(), **changes}


@pytest.mark.parametrize(
    "state",
    [
        None,
        [],
        "table",
        {"version": 1},
        saved(extra=1),
        saved(options={"players": 9}),
        saved(options={"names": "Ann"}),
        saved(options={"colour": "red"}),
        saved(actions={}),
        saved(actions=[{"kind": "shuffle"}]),
        saved(actions=[{"kind": "deal", "seat": 0}]),
        saved(actions=[{"kind": "cut_cards"}]),
        saved(actions=[{"kind": "cut_cards", "cards": ["ZZ", "5H"]}]),
        saved(actions=[{"kind": "cut_cards", "cards": "5H 6H"}]),
        saved(actions=[{"kind": "cut_cards", "cards": ["5H", "5H"]}]),
        saved(actions=[{"kind": "peg", "seat": True, "points": 1}]),
        saved(actions=[{"kind": "peg", "seat": -1, "points": 1}]),
        saved(actions=[{"kind": "peg", "seat": 0, "points": 2.0}]),
        saved(actions=[{"kind": "count_cards", "seat": 0, "cards": [], "announced": "3"}]),
        saved(actions=[{"kind": "deal"}]),  # the cut comes first
        saved(actions=[{"kind": "cut_cards", "cards": ["5H", "6H"]}, {"kind": "next_game"}]),
        saved(actions=[[1]]),
    ],
)
def test_a_corrupt_saved_table_is_refused_with_a_coded_error(state):
    with pytest.raises(TableStateError) as refused:
        TableGame.from_json(state)
    assert refused.value.code in ("table_state", "table_state_version")


@pytest.mark.parametrize("version", [0, 2, "1", None, True])
def test_a_saved_table_of_another_version_is_refused_as_such(version):
    with pytest.raises(TableStateVersionError) as refused:
        TableGame.from_json(saved(version=version))
    assert refused.value.params["expected"] == STATE_VERSION


def test_every_kind_of_action_has_one_record_that_reads_back_its_json():
    assert set(ACTION_TYPES) == set(Move)
    for action in a_whole_deal() + [Go(0), Decline(1), NextGame(), PlayDone()]:
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


def random_action(data, game: TableGame):
    """An action of a kind the table expects, drawn with cards and points of any kind (legal or not)."""
    expected = game.expected
    move = data.draw(st.sampled_from(expected.moves))
    seat = expected.seat if expected.seat is not None else 0
    players = game.rules.players
    match move:
        case Move.CUT_CARDS:
            return CutCards(tuple(data.draw(st.permutations(DECK))[: len(game.cutting)]))
        case Move.STARTER:
            return StarterCard(data.draw(st.sampled_from(DECK)))
        case Move.PLAY_CARD:
            return PlayCard(seat, data.draw(st.sampled_from(DECK)))
        case Move.GO:
            return Go(seat)
        case Move.PEG:
            return Peg(data.draw(st.integers(0, players - 1)), data.draw(st.integers(1, MAX_PEG)))
        case Move.COUNT_CARDS | Move.COUNT_POINTS:
            return CountPoints(seat, data.draw(st.integers(0, 29)))
    return ACTION_TYPES[move]()


@settings(max_examples=40, deadline=None)
@given(st.data(), st.sampled_from([2, 3, 4]), st.booleans())
def test_property_any_run_of_actions_saves_reads_back_and_undoes_exactly(data, players, cut):
    game = new_table(players=players, target=61, first_dealer=CUT if cut else players - 1)
    before = snapshot(game)
    for _ in range(data.draw(st.integers(1, 80))):
        action = random_action(data, game)
        if game.can(action):
            before = snapshot(game)
            game.apply(action)
        else:
            with pytest.raises(CribbageError):
                game.apply(action)
        assert all(score <= 61 for score in game.scores)
        assert game.is_over == (61 in game.scores)
    assert snapshot(TableGame.from_json(json.loads(json.dumps(game.to_json())))) == snapshot(game)
    if game.actions:
        game.undo()
        assert snapshot(game) == before


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=150, deadline=None)
@given(st.data(), JSON_VALUES)
def test_property_a_saved_table_with_any_value_anywhere_reads_back_or_is_refused_with_a_coded_error(data, value):
    state = saved()
    place = data.draw(st.sampled_from(["top", "options", "action"]))
    if place == "top":
        state[data.draw(st.sampled_from(["version", "options", "actions", "other"]))] = value
    elif place == "options":
        state["options"][data.draw(st.sampled_from([*state["options"], "other"]))] = value
    else:
        action = data.draw(st.sampled_from(state["actions"]))
        action[data.draw(st.sampled_from([*action, "other"]))] = value
    try:
        TableGame.from_json(state)
    except TableStateError:
        pass
