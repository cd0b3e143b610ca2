"""A whole game: one test per rule of the game flow, and properties of whole games."""

import json
import re

import pytest
from cribbage.core.cards import JACK
from cribbage.core.events import event_to_json
from cribbage.core.game import Game
from cribbage.core.rules import Action, GameRules
from cribbage.core.variants import FIVE_CARD, SIX_CARD
from cribbage.errors import FiveCardPlayersError, IllegalActionError, IllegalPlayError
from cribbage.players.computer import ComputerPlayer
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_scorer import naive_show_total


def random_players(rules: GameRules, seed: int):
    return [ComputerPlayer("random", seed * 7 + seat) for seat in range(rules.players)]


def play_out(rules: GameRules, seed: int) -> Game:
    game = Game(rules, seed)
    game.run(random_players(rules, seed))
    return game


def step_until(game: Game, phase: str, players) -> None:
    while game.phase != phase and not game.is_over:
        seat = game.to_act
        game.advance() if seat is None else game.apply(players[seat](game, seat))


def events_of(game: Game, kind: str):
    return [event for event in game.events if event.kind == kind]


# -- options -----------------------------------------------------------------------


def test_acc_defaults_are_two_players_to_121_with_skunk_lines_91_and_61():
    rules = GameRules()
    assert (rules.players, rules.target, rules.skunk_line, rules.double_skunk_line) == (2, 121, 91, 61)
    assert rules.variant is SIX_CARD and not rules.muggins and not rules.lurch


def test_five_card_game_plays_to_61_with_hands_of_three():
    rules = GameRules(variant=FIVE_CARD)
    assert (rules.target, rules.deal_size, rules.discard_size, rules.hand_size) == (61, 5, 2, 3)


def test_five_card_game_is_for_two_players():
    with pytest.raises(FiveCardPlayersError):
        GameRules(players=3, variant=FIVE_CARD)


def test_rules_round_trip_through_json():
    rules = GameRules(players=4, muggins=True, lurch=True)
    assert GameRules.from_json(json.loads(json.dumps(rules.to_json()))) == rules


# -- cut for deal ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lowest_cut_deals_and_only_the_tied_lowest_cut_again(players):
    ties = 0
    for seed in range(300):
        cut = Game(GameRules(players=players), seed).advance()
        assert cut.kind == "cut_for_deal"
        contenders = set(range(players))
        for number, round_ in enumerate(cut.rounds):
            assert {seat for seat, _ in round_} == contenders
            lowest = min(card.rank for _, card in round_)
            contenders = {seat for seat, card in round_ if card.rank == lowest}
            if number < len(cut.rounds) - 1:
                assert len(contenders) > 1
                ties += 1
        assert contenders == {cut.dealer}
        cards = [card for round_ in cut.rounds for _, card in round_]
        assert len(set(cards)) == len(cards)
    assert ties > 0  # the seeds do exercise a tie


def test_ace_cuts_lowest():
    for seed in range(200):
        cut = Game(GameRules(), seed).advance()
        if len(cut.rounds) == 1 and any(card.rank == 1 for _, card in cut.rounds[0]):
            ace_seat = next(seat for seat, card in cut.rounds[0] if card.rank == 1)
            assert cut.dealer == ace_seat
            return
    pytest.fail("no seed cut a single ace")


# -- deal and discards ------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules, dealt, from_deck",
    [
        (GameRules(players=2), 6, 0),
        (GameRules(players=3), 5, 1),
        (GameRules(players=4), 5, 0),
        (GameRules(variant=FIVE_CARD), 5, 0),
    ],
)
def test_deal_sizes_and_the_crib_always_holds_four(rules, dealt, from_deck):
    game = Game(rules, seed=11)
    players = random_players(rules, 11)
    step_until(game, "discard", players)
    deal = events_of(game, "deal")[-1]
    assert all(len(hand) == dealt for hand in deal.hands) and len(deal.crib) == from_deck
    cards = [card for hand in deal.hands for card in hand] + list(deal.crib)
    assert len(set(cards)) == len(cards)
    step_until(game, "play", players)
    assert len(game.crib) == 4
    assert all(len(game.kept(seat)) == rules.hand_size for seat in range(rules.players))


def test_first_deal_goes_to_the_dealer_left_first():
    game = Game(GameRules(players=3), seed=5)
    game.advance()
    deal = game.advance()
    assert game.to_act == (deal.dealer + 1) % 3


def test_discard_of_the_wrong_number_is_refused():
    game = Game(GameRules(), seed=1)
    game.advance(), game.advance()
    seat = game.to_act
    with pytest.raises(IllegalActionError) as caught:
        game.apply(Action("discard", seat, game.hand(seat)[:1]))
    assert caught.value.params["reason"] == "discard_count"


def test_discard_of_a_card_not_held_is_refused():
    game = Game(GameRules(), seed=1)
    game.advance(), game.advance()
    seat = game.to_act
    other = game.hand(1 - seat)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(Action("discard", seat, other[:2]))
    assert caught.value.params["reason"] == "not_in_hand"


def test_playing_during_the_discard_is_refused():
    game = Game(GameRules(), seed=1)
    game.advance(), game.advance()
    seat = game.to_act
    with pytest.raises(IllegalActionError) as caught:
        game.apply(Action("play", seat, game.hand(seat)[:1]))
    assert caught.value.params["reason"] == "wrong_phase"


def test_advance_refuses_while_a_seat_must_decide():
    game = Game(GameRules(), seed=1)
    game.advance(), game.advance()
    with pytest.raises(IllegalActionError):
        game.advance()


# -- starter and his heels ---------------------------------------------------------------


def first_seed_with_jack_starter(rules: GameRules) -> int:
    for seed in range(500):
        game = Game(rules, seed)
        step_until(game, "play", random_players(rules, seed))
        if game.starter.rank == JACK:
            return seed
    raise AssertionError("no jack starter in 500 seeds")


def test_jack_starter_pegs_two_for_the_dealer():
    rules = GameRules()
    seed = first_seed_with_jack_starter(rules)
    game = Game(rules, seed)
    step_until(game, "play", random_players(rules, seed))
    starter = events_of(game, "starter")[-1]
    assert starter.points == 2 and starter.seat == game.dealer
    assert game.scores[game.dealer] == 2


def test_his_heels_can_win_the_game():
    rules = GameRules(target=2)
    seed = first_seed_with_jack_starter(rules)
    game = Game(rules, seed)
    game.run(random_players(rules, seed))
    assert [e.kind for e in game.events[-2:]] == ["starter", "game_over"]
    assert game.result.winner == game.dealer and game.scores[game.dealer] == 2


# -- the play and the show ---------------------------------------------------------------


def test_the_seat_left_of_the_dealer_plays_first():
    game = play_out(GameRules(players=4), seed=9)
    dealer = None
    for event in game.events:
        if event.kind == "deal":
            dealer, first = event.dealer, True
        elif event.kind == "play":
            assert event.action.seat == event.seat  # the log speaks of game seats
            if first:
                assert event.seat == (dealer + 1) % 4
                first = False


@pytest.mark.parametrize("players", [2, 3, 4])
def test_show_order_is_dealer_left_round_to_the_dealer_then_the_crib(players):
    game = play_out(GameRules(players=players), seed=4)
    deals = [i for i, e in enumerate(game.events) if e.kind == "deal"]
    checked = 0
    for start, end in zip(deals, deals[1:]):
        dealer = game.events[start].dealer
        shows = [(e.seat, e.crib) for e in game.events[start:end] if e.kind == "show"]
        assert shows == [((dealer + k) % players, False) for k in range(1, players + 1)] + [(dealer, True)]
        checked += 1
    assert checked > 3


def test_deal_passes_to_the_left():
    game = play_out(GameRules(players=3), seed=2)
    dealers = [e.dealer for e in events_of(game, "deal")]
    assert all(b == (a + 1) % 3 for a, b in zip(dealers, dealers[1:]))


@pytest.mark.parametrize(
    "rules", [GameRules(), GameRules(players=3), GameRules(variant=FIVE_CARD)], ids=["2", "3", "five-card"]
)
def test_every_show_scores_as_the_naive_scorer_counts(rules):
    game = play_out(rules, seed=6)
    shows = events_of(game, "show")
    assert len(shows) > 10
    for event in shows:
        assert event.points == naive_show_total(event.hand, event.starter, crib=event.crib)


# -- the end of the game ---------------------------------------------------------------


def test_game_ends_mid_play_and_nothing_after_counts():
    for seed in range(200):
        game = play_out(GameRules(target=9), seed)
        if game.events[-2].kind == "play":
            assert game.events[-1].kind == "game_over"
            assert max(game.scores) == 9
            assert not game.play_state.is_over or game.events[-2].action.reset
            return
    pytest.fail("no game ended in the play")


def test_game_ends_mid_show_and_the_rest_is_not_counted():
    for seed in range(300):
        game = play_out(GameRules(target=31), seed)
        last = game.events[-2]
        if last.kind == "show" and not last.crib and last.seat != game.dealer:
            shows_in_deal = [e for e in game.events[-6:] if e.kind == "show"]
            assert not any(e.crib for e in shows_in_deal)  # the crib was never counted
            assert max(game.scores) == 31
            return
    pytest.fail("no game ended on the first hand shown")


def drawn_players(data, rules: GameRules):
    """Seats whose every decision Hypothesis draws among the legal ones, so a failing game
    shrinks to fewer, simpler choices."""

    def decide(game: Game, seat: int) -> Action:
        if game.expected == "discard":
            return Action("discard", seat, tuple(data.draw(st.permutations(game.hand(seat)))[: rules.discard_size]))
        return Action("play", seat, (data.draw(st.sampled_from(game.legal_cards(seat))),))

    return [decide] * rules.players


@settings(max_examples=60, deadline=None)
@given(st.data(), st.integers(0, 2**32), st.sampled_from([2, 3, 4]), st.sampled_from([121, 61]))
def test_property_whole_games_end_exactly_when_the_target_is_reached(data, seed, players, target):
    """``seed`` is the game's own input (its shuffles); every decision is drawn."""
    rules = GameRules(players=players, target=target)
    game = Game(rules, seed)
    game.run(drawn_players(data, rules))
    result = game.result
    assert game.scores[result.winner] == target
    assert sorted(game.scores)[-2] < target
    running = [0] * rules.sides
    for event in game.events:
        if event.points:
            side = rules.side_of(event.seat)
            before = list(running)
            running[side] = min(target, running[side] + event.points)
            assert running[side] >= before[side]  # scores only grow
            assert max(before) < target  # nothing scores after the target
    assert tuple(running) == game.scores
    assert game.events[-1].kind == "game_over" and sum(e.kind == "game_over" for e in game.events) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_skunk_below_91_and_double_skunk_below_61(players):
    seen = set()
    for seed in range(60):
        rules = GameRules(players=players)
        game = play_out(rules, seed)
        for side, outcome in enumerate(game.result.outcomes):
            score = game.scores[side]
            if side == game.result.winner:
                assert outcome == "win"
            else:
                expected = "double_skunk" if score < 61 else "skunk" if score < 91 else "loss"
                assert outcome == expected
                seen.add(outcome)
    assert "loss" in seen


def test_lurch_option_names_a_loser_below_half_the_target():
    for seed in range(300):
        rules = GameRules(target=61, lurch=True)
        game = play_out(rules, seed)
        loser = 1 - game.result.winner
        if game.scores[loser] <= 30:
            assert game.result.outcomes[loser] == "lurch"
            return
    pytest.fail("no lurch found")


def test_pegs_front_and_back_follow_the_last_two_scores():
    game = Game(GameRules(), seed=3)
    players = random_players(game.rules, 3)
    history = {0: [0], 1: [0]}
    while not game.is_over:
        seat = game.to_act
        event = game.advance() if seat is None else game.apply(players[seat](game, seat))
        if event.points:
            history[game.rules.side_of(event.seat)].append(game.scores[game.rules.side_of(event.seat)])
        for side, (front, back) in enumerate(game.pegs):
            assert front == history[side][-1]
            assert back == (history[side][-2] if len(history[side]) > 1 else 0)


def test_the_loser_deals_the_next_game():
    game = play_out(GameRules(), seed=8)
    following = game.next_game()
    assert following.dealer == 1 - game.result.winner
    assert following.advance().kind == "deal"  # no cut for deal


def test_partnerships_score_as_one_side():
    game = play_out(GameRules(players=4), seed=12)
    partners = {0: 0, 2: 0, 1: 1, 3: 1}  # partners sit opposite each other
    totals = [0, 0]
    for event in game.events:
        if event.points:
            totals[partners[event.seat]] += event.points
    assert game.scores == tuple(min(total, 121) for total in totals)
    assert 121 in game.scores


# -- the five-card game ------------------------------------------------------------------


def test_five_card_non_dealer_pegs_three_for_last_at_the_start():
    game = play_out(GameRules(variant=FIVE_CARD), seed=2)
    cut, three = game.events[0], game.events[1]
    assert three.kind == "three_for_last" and three.points == 3 and three.seat == 1 - cut.dealer
    assert len(events_of(game, "three_for_last")) == 1


def test_five_card_play_ends_at_the_first_go_or_31():
    game = play_out(GameRules(variant=FIVE_CARD), seed=5)
    plays_per_deal = []
    for start in [i for i, e in enumerate(game.events) if e.kind == "starter"]:
        plays = []
        for event in game.events[start + 1 :]:
            if event.kind != "play":
                break
            plays.append(event.action)
        plays_per_deal.append(plays)
    finished = plays_per_deal[:-1]  # the game may stop part-way through the last deal
    assert len(finished) > 3
    for plays in finished:  # one go point, 31 or last card ends the play, and nothing after it
        assert [a.reset for a in plays] == [False] * (len(plays) - 1) + [True]
        ending = plays[-1]
        all_played = sum(a.card is not None for a in plays) == 6
        assert ending.count == 31 or ending.card is None or all_played
        assert ending.points >= 1


# -- muggins ------------------------------------------------------------------------------


class Undercounter:
    """Announces one point less than the hand holds when it can."""

    def __init__(self, seed):
        self.inner = ComputerPlayer("random", seed)

    def __call__(self, game, seat):
        if game.expected == "announce":
            _, cards, crib = game.next_show()
            return Action("announce", seat, points=max(0, naive_show_total(cards, game.starter, crib=crib) - 1))
        return self.inner(game, seat)


def test_muggins_lets_the_next_seat_claim_a_short_count():
    rules = GameRules(muggins=True)
    game = Game(rules, seed=4)
    players = [Undercounter(1), ComputerPlayer("random", 2)]
    while not game.is_over:
        seat = game.to_act
        event = game.advance() if seat is None else game.apply(players[seat](game, seat))
        if event.kind == "show" and event.seat == 0 and event.actual > 0:
            assert event.points == event.actual - 1
            assert game.to_act == 1 and game.expected == "muggins"
            claim = game.apply(Action("claim", 1))
            assert claim.points == 1 and claim.seat == 1 and claim.owner == 0
            return
    pytest.fail("no short count happened")


def test_muggins_refuses_an_overcount():
    rules = GameRules(muggins=True)
    game = Game(rules, seed=4)
    players = random_players(rules, 4)
    while game.expected != "announce":
        seat = game.to_act
        game.advance() if seat is None else game.apply(players[seat](game, seat))
    seat, cards, crib = game.next_show()
    with pytest.raises(IllegalActionError) as caught:
        game.apply(Action("announce", seat, points=naive_show_total(cards, game.starter, crib=crib) + 1))
    assert caught.value.params["reason"] == "overcount"


# -- the log --------------------------------------------------------------------------------


def test_same_seed_same_game():
    a, b = play_out(GameRules(players=3), 21), play_out(GameRules(players=3), 21)
    assert a.events == b.events


def test_replay_from_seed_and_actions_rebuilds_the_game():
    game = play_out(GameRules(players=2, muggins=True), 13)
    again = Game.replay(game.rules, game.seed, game.actions)
    assert again.events == game.events


def test_half_way_replay_continues_identically():
    game = play_out(GameRules(), 17)
    half = Game.replay(game.rules, game.seed, game.actions[: len(game.actions) // 2])
    rest = game.actions[len(game.actions) // 2 :]
    for action in rest:
        while half.to_act is None:
            half.advance()
        half.apply(action)
    while not half.is_over:
        half.advance()
    assert half.events == game.events


def test_every_event_has_a_json_form():
    game = play_out(GameRules(players=4), 1)
    forms = json.loads(json.dumps([event_to_json(e) for e in game.events]))
    assert [form["kind"] for form in forms] == [event.kind for event in game.events]
    card = re.compile(r"(A|[2-9]|10|J|Q|K)[SHDC]")
    shows = [form for form in forms if form["kind"] == "show"]
    assert shows
    for form in shows:
        assert all(card.fullmatch(text) for text in [*form["hand"], form["starter"]])
        assert sum(item["points"] for item in form["items"]) == form["points"]
    over = forms[-1]
    assert over["kind"] == "game_over" and len(over["scores"]) == 2  # two partnerships
    assert over["scores"][over["winner"]] == 121 and over["outcomes"][over["winner"]] == "win"


def test_illegal_card_in_the_play_names_the_rule():
    rules = GameRules()
    game = Game(rules, seed=2)
    step_until(game, "play", random_players(rules, 2))
    seat = game.to_act
    other = game.hand(1 - seat)[0]
    with pytest.raises(IllegalPlayError) as caught:
        game.apply(Action("play", seat, (other,)))
    assert caught.value.params["reason"] == "not_your_turn"


def test_a_saved_game_reloads_at_the_same_step_and_plays_on_identically():
    whole = play_out(GameRules(players=3, muggins=True), 23)
    game = Game(whole.rules, 23)
    players = random_players(whole.rules, 23)
    for _ in range(len(whole.events) // 2):
        seat = game.to_act
        game.advance() if seat is None else game.apply(players[seat](game, seat))
    saved = json.loads(json.dumps(game.to_json()))
    reloaded = Game.from_json(saved)
    assert reloaded.events == game.events and reloaded.to_act == game.to_act
    for action in whole.actions[len(game.actions) :]:
        while reloaded.to_act is None:
            reloaded.advance()
        reloaded.apply(action)
    while not reloaded.is_over:
        reloaded.advance()
    assert reloaded.events == whole.events


def test_the_next_game_is_saved_with_its_dealer():
    following = play_out(GameRules(), 8).next_game()
    following.advance()
    assert Game.from_json(following.to_json()).events == following.events
