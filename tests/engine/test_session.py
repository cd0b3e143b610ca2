"""The table session (cribbage.session): one test per rule of the table, checked against the game's own events."""

from __future__ import annotations

import json

import pytest
from cribbage.core.events import Muggins, Shown
from cribbage.core.show import show_total
from cribbage.errors import IllegalActionError, OptionError
from cribbage.players.computer import ComputerPlayer
from cribbage.session import Automation, TableOptions, TableSession
from cribbage.widgets import update
from cribbage.widgets.game import game_of, new_state

BUTTONS = Automation.CUTTING | Automation.DEALING
"""The cut and the deals taken by themselves: only the reader's decisions are left."""


def decide(table: TableSession, reader: ComputerPlayer) -> None:
    """The reader's next step: a button, or the decision ``reader`` takes for the reader's seat."""
    game = table.game
    if game.to_act is None:
        table.cut() if game.phase == "cut_for_deal" else table.deal()
        return
    assert game.to_act == table.seat, "the table waits while another seat must decide"
    if game.expected == "announce":
        show = game.next_show()
        table.announce(show_total(show[1], game.starter, crib=show[2]))
        return
    action = reader(game, table.seat)
    table.discard(action.cards) if action.kind == "discard" else table.play(action.cards[0])


def play_to_end(table: TableSession, reader: ComputerPlayer) -> None:
    table.run_computer()
    while not table.game.is_over:
        decide(table, reader)


def first_count(options: TableOptions, seed: int) -> TableSession:
    """A table at the reader's first count of a hand worth something."""
    for attempt in range(seed, seed + 40):
        table = TableSession.new(options, attempt, automate=BUTTONS)
        table.run_computer()
        reader = ComputerPlayer("random", seed=attempt)
        while not table.game.is_over and table.game.expected != "announce":
            decide(table, reader)
        show = table.game.next_show()
        if show is not None and show_total(show[1], table.game.starter, crib=show[2]) > 0:
            return table
    raise AssertionError("no count worth a point in 40 games")


@pytest.mark.parametrize(("players", "seat"), [(2, 0), (2, 1), (3, 2), (4, 1)])
def test_the_readers_seat_decides_only_for_itself(players, seat):
    table = TableSession.new(TableOptions(players=players, strength="random", target=61, coach=False), 3, seat=seat)
    reader = ComputerPlayer("random", seed=5)
    while not table.game.is_over:
        before, decides = len(table.game.actions), table.game.to_act == seat
        decide(table, reader)
        # The reader's call takes the reader's one decision (none for a button); every other is the computer's.
        taken = table.game.actions[before:]
        assert [index for index, action in enumerate(taken) if action.seat == seat] == ([0] if decides else [])
        assert table.waits and table.game.to_act in (None, seat)
    assert {action.seat for action in table.game.actions} == set(range(players))


def test_automatic_counting_counts_the_readers_hands_and_manual_counting_waits_for_the_reader():
    automatic = TableSession.new(TableOptions(strength="random", target=61, coach=False), 9, automate=BUTTONS)
    play_to_end(automatic, ComputerPlayer("random", seed=1))
    assert not any(action.kind == "announce" for action in automatic.game.actions)
    shows = [event for event in automatic.game.events if isinstance(event, Shown)]
    assert shows and all(event.points == show_total(event.hand, event.starter, crib=event.crib) for event in shows)

    manual = first_count(TableOptions(strength="random", counting="manual", coach=False), 9)
    assert manual.waits and manual.game.to_act == manual.seat and manual.game.expected == "announce"
    # Counting for the reader, with manual counting's rules: the computer announces for the reader's seat.
    counted = TableSession.new(manual.options, manual.game.seed, automate=BUTTONS | Automation.COUNTING)
    play_to_end(counted, ComputerPlayer("random", seed=manual.game.seed))
    assert any(action.kind == "announce" and action.seat == counted.seat for action in counted.game.actions)


@pytest.mark.parametrize("muggins", [True, False])
def test_muggins_gives_the_points_a_short_count_misses_to_the_opponent_only_when_on(muggins):
    table = first_count(TableOptions(strength="random", counting="manual", muggins=muggins, coach=False), 3)
    game = table.game
    show = game.next_show()
    total = show_total(show[1], game.starter, crib=show[2])
    before, start = game.scores, len(game.events)
    count = table.announce(total - 1)
    assert (count.said, count.actual, count.corrected) == (total - 1, total, not muggins)
    new = game.events[start:]
    claimed = [event for event in new if isinstance(event, Muggins)]
    shown = next(event for event in new if isinstance(event, Shown))
    if muggins:
        assert claimed and claimed[0].seat != table.seat and claimed[0].points == 1
        assert shown.announced == total - 1
    else:
        assert not claimed and shown.announced == total
    assert game.scores[table.seat] - before[table.seat] >= (total - 1 if muggins else total)
    assert table.said[(game.deals, "crib" if show[2] else "hand")] == total - 1


def test_an_overcount_is_refused_with_muggins_and_changes_nothing():
    table = first_count(TableOptions(strength="random", counting="manual", muggins=True, coach=False), 5)
    game = table.game
    show = game.next_show()
    total = show_total(show[1], game.starter, crib=show[2])
    events, said = game.events, dict(table.said)
    with pytest.raises(IllegalActionError) as refused:
        table.announce(total + 1)
    assert refused.value.params["reason"] == "overcount"
    assert game.events == events and table.said == said and table.waits


def test_without_muggins_an_overcount_is_corrected():
    table = first_count(TableOptions(strength="random", counting="manual", muggins=False, coach=False), 5)
    show = table.game.next_show()
    total = show_total(show[1], table.game.starter, crib=show[2])
    assert table.announce(total + 1).corrected


def test_the_computer_plays_until_the_reader_must_act():
    table = TableSession.new(TableOptions(players=3, strength="random", coach=False), 4)
    table.run_computer()
    assert table.waits and table.game.phase == "cut_for_deal" and not table.game.events  # the cut waits for its button
    table.cut()
    assert table.game.to_act == table.seat and table.game.expected == "discard"
    reader = ComputerPlayer("random", seed=2)
    while table.game.deals < 2:
        decide(table, reader)
        game = table.game
        # After each call: the reader's decision, the next deal's button, or the end.
        assert game.is_over or game.to_act == table.seat or (game.phase == "deal" and game.deals > 0)
    with pytest.raises(IllegalActionError):
        table.cut()  # a step that is not next is refused
    auto = TableSession.new(table.options, 4, automate=BUTTONS)
    auto.run_computer()
    assert auto.game.to_act == auto.seat and auto.game.expected == "discard"


def test_each_game_won_is_counted_once_and_kept_while_as_many_sides_play():
    table = TableSession.new(TableOptions(strength="random", target=61, coach=False), 21, automate=BUTTONS)
    reader = ComputerPlayer("random", seed=21)
    play_to_end(table, reader)
    first = table.game.result.winner
    assert sum(table.won) == 1 and table.won[first] == 1
    with pytest.raises(IllegalActionError):
        table.deal()  # the game is over: nothing more counts it again
    assert sum(table.won) == 1
    table.new_game()
    assert table.game.first_dealer is not None and table.game.seed == 22  # the loser deals the next game
    play_to_end(table, reader)
    assert sum(table.won) == 2
    table.set_option("players", 3)
    table.new_game()
    assert table.won == [0, 0, 0] and table.game.rules.players == 3


def test_options_the_table_does_not_offer_are_refused_and_apply_at_once_before_anything_happened():
    table = TableSession.new(TableOptions(), 8)
    with pytest.raises(OptionError):
        table.set_option("target", 99)
    with pytest.raises(OptionError):
        table.set_option("colour", "red")
    with pytest.raises(OptionError):
        TableOptions(muggins=1)
    table.set_option("target", 61)
    assert table.game.rules.target == 61 and table.options == table.chosen
    table.cut()
    table.set_option("strength", "random")
    assert table.options.strength == "expert" and table.chosen.strength == "random"
    with pytest.raises(IllegalActionError):
        table.start(8, dealer=2)  # a dealer who is not at the table


def _page_game(seed: int, options: TableOptions) -> dict:
    """The same game through the page's entry point (cribbage.widgets.update), the reader as in :func:`decide`."""
    reader = ComputerPlayer("random", seed=1)
    state = new_state(options, seed, "g")
    while True:
        game = game_of(state)
        if game.is_over:
            return state
        if game.to_act is None:
            actions = [{"action": "cut" if game.phase == "cut_for_deal" else "deal"}]
        else:
            action = reader(game, 0)
            if action.kind == "discard":
                actions = [{"action": "select", "value": str(card)} for card in action.cards] + [{"action": "discard"}]
            else:
                actions = [{"action": "play", "value": str(action.cards[0])}]
        for page_action in actions:
            state = json.loads(update("game", json.dumps(state), json.dumps(page_action), "en"))["state"]


def test_the_same_seed_replays_the_same_game_through_the_session_and_through_the_page():
    options = TableOptions(strength="random", coach=False)
    games = []
    for _ in range(2):
        table = TableSession.new(options, 4242)
        play_to_end(table, ComputerPlayer("random", seed=1))
        games.append(table)
    assert games[0].game.to_json() == games[1].game.to_json()
    state = _page_game(4242, options)
    assert state["game"] == games[0].game.to_json() and state["won"] == games[0].won
