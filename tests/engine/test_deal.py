"""The deal: sizes from the rules, one refusal for a wrong number of players and
for the five-card game with more than 2, in every entry point."""

import random

import pytest
from cribbage.analysis.discard import analyse_discards
from cribbage.core.cards import DECK, parse_cards
from cribbage.core.deal import CRIB_SIZE, deal_shape
from cribbage.core.game import Game
from cribbage.core.play import Play
from cribbage.core.rules import GameRules
from cribbage.core.variants import FIVE_CARD, SEVEN_CARD, SIX_CARD
from cribbage.errors import FiveCardPlayersError, PlayerCountError
from cribbage.players.computer import choose_discard

# From the rules: (players, variant) -> (dealt, laid away, from the deck to the crib, kept);
# the seven-card game: seven dealt to each of two, two each to the crib, hands of five.
RULES = {
    (2, SIX_CARD): (6, 2, 0, 4),
    (2, FIVE_CARD): (5, 2, 0, 3),
    (3, SIX_CARD): (5, 1, 1, 4),
    (4, SIX_CARD): (5, 1, 0, 4),
    (2, SEVEN_CARD): (7, 2, 0, 5),
}
IDS = [f"{players}-{variant.name}" for players, variant in RULES]


@pytest.mark.parametrize("players,variant", list(RULES), ids=IDS)
def test_deal_sizes_follow_the_rules(players, variant):
    shape = deal_shape(players, variant)
    assert (shape.dealt, shape.discards, shape.crib_from_deck, shape.kept) == RULES[players, variant]
    assert shape.kept == variant.kept  # the show counts the hand every deal of the variant leaves


@pytest.mark.parametrize("players,variant", list(RULES), ids=IDS)
def test_the_crib_always_holds_four_cards(players, variant):
    shape = deal_shape(players, variant)
    assert players * shape.discards + shape.crib_from_deck == CRIB_SIZE == 4
    assert shape.unseen_crib_cards == CRIB_SIZE - shape.discards


@pytest.mark.parametrize("players", [0, 1, 5, 6, -2, "2", None])
def test_a_game_for_other_than_two_to_four_players_is_refused(players):
    with pytest.raises(PlayerCountError) as caught:
        deal_shape(players)
    assert caught.value.code == "player_count" and caught.value.params == {"players": players}


@pytest.mark.parametrize("players", [3, 4])
def test_the_five_card_game_with_more_than_two_players_is_refused(players):
    with pytest.raises(FiveCardPlayersError) as caught:
        deal_shape(players, FIVE_CARD)
    assert caught.value.code == "five_card_players"


@pytest.mark.parametrize("players", [3, 4])
def test_every_entry_point_refuses_the_five_card_game_for_more_than_two(players):
    dealt = parse_cards("5H 5S 6C JH KS")
    hands = [[card] for card in DECK[:players]]
    with pytest.raises(FiveCardPlayersError):
        GameRules(players=players, variant=FIVE_CARD)
    with pytest.raises(FiveCardPlayersError):
        Play(hands, variant=FIVE_CARD)
    with pytest.raises(FiveCardPlayersError):
        analyse_discards(dealt, dealer=True, players=players, variant=FIVE_CARD)
    with pytest.raises(FiveCardPlayersError):
        choose_discard(dealt, dealer=True, players=players, variant=FIVE_CARD, strength="random", rng=random.Random(1))


@pytest.mark.parametrize("seats", [1, 5])
def test_a_play_for_a_wrong_number_of_seats_is_refused(seats):
    with pytest.raises(PlayerCountError):
        Play([[card] for card in DECK[:seats]])


@pytest.mark.parametrize("players,variant", list(RULES), ids=IDS)
def test_the_game_deals_and_the_computer_lays_away_what_the_rules_say(players, variant):
    dealt, discards, _, kept = RULES[players, variant]
    game = Game(GameRules(players=players, variant=variant), seed=11)
    while game.to_act is None:  # the cut, three for last, the deal
        game.advance()
    hand = game.hand(game.to_act)
    assert len(hand) == dealt
    choice = choose_discard(
        hand, dealer=False, players=players, variant=variant, strength="random", rng=random.Random(2)
    )
    assert (len(choice.discard), len(choice.keep)) == (discards, kept)
