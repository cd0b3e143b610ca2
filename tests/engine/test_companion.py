"""The Table companion (issue 25): a game played with real cards, one test per rule it follows.

The expectations come from the core the rest of the site plays by, never from the companion:
the play against :func:`cribbage.core.play.replay` on the same cards, a count against
:func:`cribbage.core.show.score_show`, the outcomes against the variants' lines; the rest is
worked out by hand from the rules, as each comment says.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from cribbage.companion import (
    CUT,
    MAX_PEG,
    CountPoints,
    CutCards,
    DealCards,
    Go,
    LayAway,
    Move,
    Options,
    Peg,
    PlayCard,
    PlayDone,
    StarterCard,
    Step,
    TableGame,
)
from cribbage.companion.events import PointsPegged
from cribbage.core.cards import DECK, Card, parse_cards
from cribbage.core.events import CutForDeal, Pegged, Starter
from cribbage.core.play import Play, replay
from cribbage.core.variants import FIVE_CARD, SIX_CARD, Variant
from cribbage.errors import (
    CardCountError,
    CardSeenError,
    DuplicateCardError,
    FiveCardPlayersError,
    IllegalActionError,
    OptionError,
    PlayerCountError,
    PointsRangeError,
    UnknownVariantError,
)
from hypothesis import given, settings
from hypothesis import strategies as st


def card(text: str) -> Card:
    return Card.parse(text)


def new_table(**options: object) -> TableGame:
    return TableGame(Options(**options))  # type: ignore[arg-type]


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
    # 6 and 5 (11), then four aces: the fourth makes 15 (2) and a double pair royal (12), and
    # is the last card of a four-player play (1).
    game = new_table(players=4, first_dealer=3)
    to_the_play(game, "KD")
    cards = ["6H", "5H", "AH", "AS", "AD", "AC"]
    for index, text in enumerate(cards):
        game.apply(PlayCard(index % 4, card(text)))
    assert pegged_records(game)[-1].points == 14  # 15 and the four aces, the play not yet over
    assert MAX_PEG == 14 + 1
