"""Computer players: what they must and must not do, and that they say why."""

import json
import random

import pytest
from cribbage.analysis.discard import analyse_discards
from cribbage.analysis.pegging_eval import play_values
from cribbage.core.cards import DECK, Card, parse_cards
from cribbage.core.events import Deal
from cribbage.core.game import Game
from cribbage.core.play import MAX_COUNT, Play
from cribbage.core.rules import GameRules
from cribbage.players.computer import ComputerPlayer, choose_discard, choose_play, reply_risk
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from naive_pegging import points_of_last_card


def test_expert_discards_the_best_expected_value_of_hand_and_crib():
    dealt = parse_cards("5H 5S 6C 7D JH KS")
    for dealer in (True, False):
        choice = choose_discard(dealt, dealer=dealer)
        best = max(analyse_discards(dealt, dealer=dealer), key=lambda option: option.net)
        assert set(choice.discard) == set(best.discard)
        assert choice.reason.code == "best_expected_value"
        assert choice.reason.params["net"] == round(best.net, 2)


def test_expert_discard_depends_on_whose_crib_it_is():
    # Dealer keeps the 5s and gives 6 7 to its own crib; the pone throws the J K.
    dealt = parse_cards("5H 5S 6C 7D JH KS")
    assert set(choose_discard(dealt, dealer=True).discard) == set(parse_cards("6C 7D"))
    assert set(choose_discard(dealt, dealer=False).discard) != set(parse_cards("6C 7D"))


def test_discard_one_card_with_three_or_four_players():
    choice = choose_discard(parse_cards("5H 5S 6C 7D JH"), dealer=False, players=3)
    assert len(choice.discard) == 1 and len(choice.keep) == 4


def test_takes_a_fifteen_when_it_can():
    choice = choose_play(parse_cards("KS 5H 4C"), parse_cards("TD"), unseen=None)
    assert str(choice.card) == "5H" and choice.reason.code == "takes_points"
    assert choice.reason.params["kinds"] == ["fifteen"]


def test_takes_a_thirty_one_when_it_can():
    choice = choose_play(parse_cards("AS 3C"), parse_cards("TD KH QS"), unseen=None)
    assert str(choice.card) == "AS" and choice.reason.params["kinds"] == ["thirty_one"]


def test_does_not_lead_a_five():
    choice = choose_play(parse_cards("5H 4C"), (), unseen=None)
    assert str(choice.card) == "4C" and choice.reason.code == "safest"


def test_avoids_leaving_21_for_a_ten_to_make_31():
    # A K at 11: the Q makes 21 (any ten-card answers with 31, a J with a run);
    # the 3 makes 14 (only an ace makes 15).
    choice = choose_play(parse_cards("QS 3C"), parse_cards("AH KD"), unseen=None)
    assert str(choice.card) == "3C"


def test_avoids_offering_a_pair_when_a_safe_card_exists():
    # leading: a 2 invites a pair (2) only; a 7 invites a pair and an 8 for 15
    choice = choose_play(parse_cards("7H 2C"), (), unseen=None)
    assert str(choice.card) == "2C"


def test_a_31_leaves_nothing_to_answer():
    assert reply_risk(parse_cards("TD KH QS AS"), DECK, 4) == 0.0


def test_risk_of_a_five_counts_the_tens_that_make_fifteen():
    unseen = [card for card in DECK if card.value == 10]  # only tens unseen
    assert reply_risk(parse_cards("5H"), unseen, 4) == 2.0  # a hand of 4 surely holds one


@st.composite
def piles_and_hands(draw):
    """A legal pile of 0-5 cards, a hand of 4 from the rest of a shuffled deck, and the unseen cards."""
    deck = draw(st.permutations(DECK))
    pile = []
    for card in deck[: draw(st.integers(0, 5))]:
        if sum(c.value for c in pile) + card.value > MAX_COUNT:
            break
        pile.append(card)
    rest = deck[len(pile) :]
    return pile, rest[:4], rest[4:]


@settings(max_examples=300, deadline=None)
@given(piles_and_hands())
def test_property_never_misses_points_it_can_take(pile_and_hand):
    pile, hand, unseen = pile_and_hand
    count = sum(c.value for c in pile)
    legal = [c for c in hand if count + c.value <= MAX_COUNT]
    assume(legal)
    choice = choose_play(legal, pile, unseen=unseen)
    assert choice.card in legal
    # what a card pegs, from the independent reference
    assert points_of_last_card([*pile, choice.card]) == max(points_of_last_card([*pile, card]) for card in legal)


def test_random_player_plays_only_legal_cards():
    rng = random.Random(3)
    legal = parse_cards("AH 2C 9D")
    picks = {choose_play(legal, parse_cards("KS"), unseen=None, strength="random", rng=rng).card for _ in range(50)}
    assert picks == set(legal)


def test_every_decision_has_a_json_reason():
    rules = GameRules(muggins=True)
    game = Game(rules, seed=5)
    players = [ComputerPlayer("expert", 1), ComputerPlayer("easy", 2)]
    codes = set()
    while not game.is_over:
        seat = game.to_act
        if seat is None:
            game.advance()
            continue
        game.apply(players[seat](game, seat))
        reason = players[seat].reason
        json.dumps(reason.to_json())
        codes.add(reason.code)
    assert {"best_expected_value", "counted"} <= codes
    assert codes & {"takes_points", "safest", "only_card"}


@pytest.mark.parametrize("players", [2, 3])
def test_no_reason_cites_a_reply_from_a_player_who_cannot_reply(players):
    """A "safest" card is priced by what the next player may answer; a player who holds no
    cards, or has said go in this count, answers nothing."""
    priced = alone = 0
    for seed in range(12):
        game = Game(GameRules(players=players, target=61), seed=seed)
        computers = [ComputerPlayer("steady", seed=seed * 10 + seat) for seat in range(players)]
        while not game.is_over:
            seat = game.to_act
            if seat is None:
                game.advance()
                continue
            action, reason = computers[seat].decide(game, seat)
            play = game.play_state
            if play is not None and game.expected == "play" and len(game.legal_cards(seat)) > 1:
                table = play.table()
                answerers = [
                    other
                    for other in range(players)
                    if other != table.to_move and table.hands[other] and other not in table.passed
                ]
                if not answerers:
                    alone += 1
                    assert reason.code != "safest", (seed, [str(card) for card in play.pile], reason)
                elif reason.code == "safest":
                    priced += 1
            game.apply(action)
    assert priced and alone


class Table:
    """The parts of a game a computer seat reads, with the opponent's hand chosen freely."""

    expected = "play"
    rules = GameRules()
    dealer = 1

    def __init__(self, mine, theirs, starter, my_discards):
        self.starter = starter
        self.events = (Deal(1, (tuple(mine) + tuple(my_discards), tuple(theirs) + (None, None)), ()),)
        self.play_state = Play([mine, theirs])

    def legal_cards(self, seat):
        return self.play_state.legal_cards()


@settings(max_examples=15, deadline=None)  # the expert's look-ahead takes a while per decision
@given(st.permutations(DECK))
def test_computer_does_not_look_at_other_hands(deck):
    """Deals that differ only in the opponent's hidden cards get the same decisions."""
    mine, discards, starter, reply = deck[:4], deck[4:6], deck[6], deck[7]
    table_a = Table(mine, [reply, *deck[8:11]], starter, discards)
    table_b = Table(mine, [reply, *deck[11:14]], starter, discards)
    expert = ComputerPlayer("expert", 0)
    lead_a, _ = expert.decide(table_a, 0)
    lead_b, _ = expert.decide(table_b, 0)
    assert lead_a == lead_b
    for table in (table_a, table_b):  # both opponents answer with the card they share
        table.play_state.play(lead_a.cards[0])
        table.play_state.play(reply)
    assert expert.decide(table_a, 0) == expert.decide(table_b, 0)


class Reply(Table):
    """Like :class:`Table`, with the computer in seat 1, answering seat 0's lead."""

    def __init__(self, mine, theirs, starter, my_discards, lead):
        self.starter = starter
        self.events = (Deal(1, (tuple(theirs) + (None, None), tuple(mine) + tuple(my_discards)), ()),)
        self.play_state = Play([theirs, mine])
        self.play_state.play(lead)


@pytest.mark.parametrize(
    "mine, discards, starter, theirs, lead",
    [
        ("QH AC 3H 6H", "AD 9H", "5D", "TC KC JS TS", "TC"),  # keeps the small cards for the end of the count
        ("3S AD QH 9D", "7C AH", "JS", "8S 5D 8H TC", "TC"),
    ],
)
def test_expert_looks_past_the_steady_card_when_the_exact_values_say_so(mine, discards, starter, theirs, lead):
    """Positions where steady's one-card view is clearly worse (by a point or more of
    exact expected pegging, every hidden hand of the leader enumerated): the expert's
    sampled look-ahead finds the better card and says why."""
    mine, discards, theirs = parse_cards(mine), parse_cards(discards), parse_cards(theirs)
    starter, lead = Card.parse(starter), Card.parse(lead)
    table = Reply(mine, theirs, starter, discards, lead)
    unseen = [card for card in DECK if card not in (*mine, *discards, starter, lead)]
    exact = play_values(table.play_state, 1, unseen, samples=10**6)
    legal = table.play_state.legal_cards()
    steady = ComputerPlayer("steady", 0).decide(table, 1)[0].cards[0]
    assert steady == choose_play(legal, table.play_state.pile, unseen, opponent_cards=3).card
    best = max(exact, key=exact.get)
    assert exact[best] - exact[steady] >= 1
    action, reason = ComputerPlayer("expert", 0).decide(table, 1)
    assert action.cards == (best,)
    assert reason.code == "best_pegging" and reason.params["card"] == str(best)
    json.dumps(reason.to_json())
