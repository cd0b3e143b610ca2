"""The play (pegging): one test per rule, plus properties over random deals."""

import pytest
from cribbage.core.cards import DECK, Card, parse_cards
from cribbage.core.play import Play, PlayAction, pile_score, replay
from cribbage.core.variants import FIVE_CARD, SIX_CARD, Variant
from cribbage.errors import IllegalPlayError
from hypothesis import given, settings
from hypothesis import strategies as st


def cards(text):
    return parse_cards(text)


def kinds(action: PlayAction):
    return [(item.kind, item.points) for item in action.reasons]


# -- the example of the project ------------------------------------------------

EXAMPLE_HANDS = ["7H 8D 5C KS", "8S 6C AH QD"]


def test_card_that_would_pass_31_is_illegal_and_named():
    with pytest.raises(IllegalPlayError) as caught:
        replay(EXAMPLE_HANDS, "7H 8S 5C 6C 8D AH KS QD")
    assert caught.value.params["reason"] == "over_31"
    assert caught.value.params["card"] == "8D"
    assert caught.value.params["index"] == 4
    assert caught.value.params["count"] == 26


def test_legal_order_inserts_the_forced_gos():
    actions = replay(EXAMPLE_HANDS, "7H 8S 5C 6C AH 8D QD KS")
    seats_and_cards = [(a.seat, str(a.card) if a.card else "go") for a in actions]
    assert seats_and_cards == [
        (0, "7H"),
        (1, "8S"),
        (0, "5C"),
        (1, "6C"),
        (0, "go"),  # 26 + 8 or 10 passes 31
        (1, "AH"),
        (1, "go"),  # nobody can play at 27: seat 1 takes the go
        (0, "8D"),
        (1, "QD"),
        (0, "KS"),
    ]
    assert kinds(actions[1]) == [("fifteen", 2)]
    assert kinds(actions[3]) == [("run", 4)]  # 7 8 5 6 in any order
    assert kinds(actions[6]) == [("go", 1)] and actions[6].reset
    assert kinds(actions[-1]) == [("last_card", 1)]


# -- legal moves -----------------------------------------------------------------


def test_must_play_when_able_go_is_refused():
    play = Play([cards("5H 6H"), cards("KS QS")])
    with pytest.raises(IllegalPlayError) as caught:
        play.go()
    assert caught.value.params["reason"] == "must_play"


def test_card_not_in_any_hand_is_not_in_hand():
    with pytest.raises(IllegalPlayError) as caught:
        replay(["5H 6H", "KS QS"], "9C")
    assert caught.value.params["reason"] == "not_in_hand"


def test_card_of_another_seat_is_not_your_turn():
    with pytest.raises(IllegalPlayError) as caught:
        replay(["5H 6H", "KS QS"], "5H 6H")
    assert caught.value.params["reason"] == "not_your_turn"
    assert caught.value.params["index"] == 1


def test_playing_after_the_end_is_refused():
    play = Play([cards("5H"), cards("KS")])
    play.play(Card.parse("5H"))
    play.play(Card.parse("KS"))
    assert play.is_over and play.to_move is None
    with pytest.raises(IllegalPlayError) as caught:
        play.play(Card.parse("2C"))
    assert caught.value.params["reason"] == "play_over"


def test_a_card_in_two_hands_is_refused():
    with pytest.raises(ValueError):
        Play([cards("5H 6H"), cards("5H QS")])


# -- scoring ---------------------------------------------------------------------


def test_fifteen_scores_two():
    assert kinds(replay(["9H 2C", "6C 3D"], "9H 6C")[-1]) == [("fifteen", 2)]


def test_thirty_one_scores_two_and_never_the_go_point_too():
    actions = replay(["KH TD 2C", "QC AS 3D"], "KH QC TD AS")
    assert actions[3].count == 31 and kinds(actions[3]) == [("thirty_one", 2)]
    assert actions[3].reset
    assert not any(item.kind == "go" for a in actions for item in a.reasons)


def test_thirty_one_with_the_last_card_scores_two_only():
    actions = replay(["KH TD", "QC AS"], "KH QC TD AS")
    assert actions[-1].points == 2 and kinds(actions[-1]) == [("thirty_one", 2)]


def test_pairs_score_by_rank_two_six_twelve():
    actions = replay(["7H 7D", "7C 7S"], "7H 7C 7D 7S")
    assert [a.points for a in actions] == [0, 2, 6, 12 + 1]  # the 4th is also the last card


def test_jack_and_queen_are_no_pair():
    assert pile_score(cards("JH QH")) == ()


def test_pair_only_at_the_end_of_the_pile():
    assert pile_score(cards("5H 5S 7D 5C")) == ()


def test_run_in_any_order_counts_its_length():
    assert [(i.kind, i.points) for i in pile_score(cards("3H 5C 2S 4D"))] == [("run", 4)]


def test_run_is_the_longest_tail_of_distinct_consecutive_ranks():
    # 6 7 8 then another 6: the tail 7 8 6 is a run of three; a run of four needs distinct ranks
    assert [(i.kind, i.points) for i in pile_score(cards("6H 7C 8D 6S"))] == [("run", 3)]
    assert pile_score(cards("6H 7C 6S")) == ()


def test_ace_is_low_and_never_follows_the_king():
    assert [(i.kind, i.points) for i in pile_score(cards("AH 2C 3D"))] == [("run", 3)]
    assert pile_score(cards("QH KC AD")) == ()


def test_go_point_goes_to_the_last_player_and_the_next_seat_leads():
    # K 9 10 make 29: neither the Q of seat 1 nor the 9 of seat 0 fits
    hands = ["KH TD 9D", "9C QS"]
    actions = replay(hands, "KH 9C TD")
    assert (actions[-2].seat, actions[-2].card, actions[-2].points) == (1, None, 0)
    assert (actions[-1].seat, actions[-1].card, actions[-1].points) == (0, None, 1)
    assert actions[-1].reset and kinds(actions[-1]) == [("go", 1)]
    play = Play.from_actions(hands, actions)
    assert play.count == 0 and play.to_move == 1  # the seat after the last player


def test_players_without_cards_are_skipped():
    play = Play([cards("AH"), cards("2H 3H"), cards("4H 5H")])
    play.play(Card.parse("AH"))
    play.play(Card.parse("2H"))
    play.play(Card.parse("4H"))
    assert play.to_move == 1  # seat 0 has no cards left


def test_a_seat_without_cards_at_the_start_is_skipped():
    actions = replay([(), cards("5H"), cards("TD")], "5H TD")
    assert [(a.seat, str(a.card)) for a in actions] == [(1, "5H"), (2, "10D")]


def test_seat_out_of_cards_still_takes_its_go_point():
    actions = replay(["TC JC", "TS KS QS"], "TC TS JC")
    assert [(a.seat, a.card, a.points) for a in actions[3:5]] == [(1, None, 0), (0, None, 1)]


def test_last_card_of_the_play_scores_one():
    actions = replay(["2H AS", "8S"], "2H 8S AS")
    assert kinds(actions[-1]) == [("last_card", 1)] and actions[-1].count == 11


def test_five_card_game_ends_at_the_first_go_point():
    play = Play([cards("KH 9D 5C"), cards("KC 9S 4D")], variant=FIVE_CARD)
    for card in "KH KC 9D".split():
        play.play(Card.parse(card))
    assert play.go().points == 0
    assert play.go().points == 1
    assert play.is_over and play.held(0) and play.held(1)


def test_five_card_game_ends_at_thirty_one():
    actions = replay(["KH TD 2C", "QC AS 3D"], "KH QC TD AS", variant=FIVE_CARD)
    assert Play.from_actions(["KH TD 2C", "QC AS 3D"], actions, variant=FIVE_CARD).is_over


def test_partnership_scores_add_opposite_seats():
    play = Play.from_actions(["5H", "TC", "5D", "KS"], replay(["5H", "TC", "5D", "KS"], "5H TC 5D KS"))
    # 5 10(15: seat 1) 5(20) K(30, last card: seat 3)
    assert play.scores == (0, 2, 0, 1)
    assert play.partnership_scores == (0, 3)


def test_start_part_way_from_the_first_actions():
    actions = replay(EXAMPLE_HANDS, "7H 8S 5C 6C AH 8D QD KS")
    middle = Play.from_actions(EXAMPLE_HANDS, actions[:5])
    assert middle.to_move == 1 and middle.count == 26
    assert [str(c) for c in middle.legal_cards()] == ["AH"]


def test_replay_refuses_a_log_that_breaks_the_rules():
    actions = replay(EXAMPLE_HANDS, "7H 8S")
    with pytest.raises(IllegalPlayError):
        Play.from_actions(EXAMPLE_HANDS, actions[:1] + actions[:1])


# -- properties --------------------------------------------------------------------


@st.composite
def finished_plays(draw, players=st.sampled_from([2, 3, 4]), variant: Variant = SIX_CARD) -> Play:
    """A play from a shuffled deck to its end, each card chosen among the legal ones
    (Hypothesis shrinks a failure to a small deck order and early choices)."""
    seats = draw(players) if variant is SIX_CARD else 2
    size = variant.kept
    deck = draw(st.permutations(DECK))
    play = Play([deck[seat * size : (seat + 1) * size] for seat in range(seats)], variant=variant)
    while not play.is_over:
        legal = play.legal_cards()
        play.play(draw(st.sampled_from(legal))) if legal else play.go()
    return play


@settings(max_examples=300, deadline=None)
@given(finished_plays())
def test_property_count_never_passes_31_and_every_card_is_played_once(play):
    assert all(0 < a.count <= 31 for a in play.actions if a.card)
    played = [a.card for a in play.actions if a.card]
    assert sorted(played) == sorted(c for hand in play.hands for c in hand)
    assert all(not play.held(seat) for seat in range(play.players))


@settings(max_examples=300, deadline=None)
@given(finished_plays())
def test_property_replaying_the_cards_rebuilds_the_same_log(play):
    assert replay(play.hands, [a.card for a in play.actions if a.card]) == play.actions


@settings(max_examples=200, deadline=None)
@given(finished_plays(players=st.just(2)))
def test_property_exactly_one_go_point_or_31_ends_each_count(play):
    for action in play.actions:
        ends = [i.kind for i in action.reasons if i.kind in ("go", "thirty_one", "last_card")]
        assert action.reset == bool(ends)
        assert len(ends) <= 1


@settings(max_examples=200, deadline=None)
@given(finished_plays(variant=FIVE_CARD))
def test_property_five_card_play_stops_at_its_first_go_point_or_31(play):
    resets = [index for index, action in enumerate(play.actions) if action.reset]
    assert resets == [len(play.actions) - 1]
    played = [a.card for a in play.actions if a.card]
    assert len(set(played)) == len(played) and set(played) <= set(play.hands[0] + play.hands[1])
