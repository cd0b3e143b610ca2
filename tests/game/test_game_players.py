"""The game for 3 and 4 players through the page's own entry point (``widgets.update``).

The reader's moves are chosen by a test player; the computers' by the engine,
as the page does.  Expectations come from the rules (the events, the deal's
cards), never from the widget's HTML builder.
"""

from __future__ import annotations

import json
import os
import re
from typing import NamedTuple

import pytest
from cribbage.core.events import Deal, Discard, Pegged, Shown
from cribbage.core.game import Game
from cribbage.core.show import show_total
from cribbage.i18n import LANGUAGES, card_name, named, t
from cribbage.players.computer import ComputerPlayer
from cribbage.widgets import render_block, update
from cribbage.widgets.game import READER, GameOptions, new_state
from cribbage.widgets.game.state import checked
from driver import send
from helpers import state_of

GAMES = int(os.environ.get("CRIBBAGE_GAME_PLAYERS_GAMES", "200"))
"""Seeded games in the default run, split between 3 and 4 players."""


def look(state: dict) -> Game:
    """The game of a state as the widget checks it, read only: it stays in the widget's cache,
    so the next action need not replay it (and the widget then moves this very object on:
    keep what must stay, as :class:`Before` does)."""
    return checked(state)[2]


class Before(NamedTuple):
    """What a game was before an action (tuples: the game object itself moves on)."""

    events: tuple
    scores: tuple


def reader_moves(state: dict, player: ComputerPlayer, miscount: int = 0) -> list[dict]:
    """The page actions of the reader's next decision (as driver.reader_actions, without a replay)."""
    game = look(state)
    if game.is_over:
        return [{"action": "new"}]
    if game.to_act is None:
        return [{"action": "cut" if game.phase == "cut_for_deal" else "deal"}]
    assert game.to_act == READER, "the widget stopped while a computer had to act"
    if game.expected == "announce":
        _owner, cards, crib = game.next_show()
        return [{"action": "announce", "value": str(max(0, show_total(cards, game.starter, crib=crib) - miscount))}]
    action = player(game, READER)
    if game.expected == "discard":
        return [{"action": "select", "value": str(card)} for card in action.cards] + [{"action": "discard"}]
    return [{"action": "play", "value": str(action.cards[0])}]


def hidden_cards(game: Game) -> set:
    """The cards the reader may not see now: the computers' unplayed cards and the crib's
    other cards, until their show (everything is face up once the game is over)."""
    if game.is_over:
        return set()
    events = game.events
    start = max(i for i, event in enumerate(events) if isinstance(event, Deal))
    shown = {event.seat for event in events[start:] if isinstance(event, Shown) and not event.crib}
    crib_shown = any(isinstance(event, Shown) and event.crib for event in events[start:])
    next_show = game.next_show()
    if game.to_act == READER and game.expected == "announce" and next_show is not None and next_show[2]:
        crib_shown = True  # the reader counts the crib: its cards are before the reader's eyes
    played = {event.action.card for event in events[start:] if isinstance(event, Pegged)}
    hidden = set()
    for seat in range(1, game.rules.players):
        if seat not in shown:
            hidden.update(card for card in game.hand(seat) if card not in played)
    if not crib_shown:
        # A discard's reason names its cards once its owner's hand is shown.
        known = {
            card
            for event in events[start:]
            if isinstance(event, Discard) and (event.seat == READER or event.seat in shown)
            for card in event.cards
        }
        hidden.update(card for card in game.crib if card not in known)
    return hidden


def _without_cut(html: str) -> str:
    """The HTML without the cut for deal's line (a cut card may be dealt again)."""
    return re.sub(r"<li[^>]*>[^<]*?" + re.escape(t("game.cut_cards", "en")) + r".*?</li>", "", html, flags=re.S)


class Steps:
    """Checks every answer: a legal game that only moves forward, the cards it must hide hidden."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.steps = 0

    def __call__(self, old: Before, answer: dict) -> Before:
        self.steps += 1
        new = look(answer["state"])
        assert new.rules.players == self.players
        assert new.events[: len(old.events)] == old.events, "the page rewrote what happened"
        assert all(b >= a for a, b in zip(old.scores, new.scores)), "a score went down"
        assert max(new.scores) <= new.rules.target
        if new.is_over:
            # The game ends the instant a side reaches the target: the last scoring event did it.
            assert new.scores[new.result.winner] == new.rules.target
            assert sorted(new.scores).count(new.rules.target) == 1
        html = answer["html"]
        assert f'data-players="{self.players}"' in html
        text = _without_cut(html)
        for card in hidden_cards(new):
            assert card_name(card, "en") not in text, f"{card} is face up before its show"
        if new.to_act == READER and new.expected == "play":
            enabled = set(re.findall(r'data-action="play" data-value="([^"]+)"(?! disabled)>', html))
            assert enabled == {str(card) for card in new.legal_cards(READER)}
        return Before(new.events, new.scores)


def play_checked(state: dict, player: ComputerPlayer, steps: Steps, miscount: int = 0) -> dict:
    game = look(state)
    before = Before(game.events, game.scores)
    while not look(state).is_over:
        for action in reader_moves(state, player, miscount):
            answer = send(state, action)
            before = steps(before, answer)
            state = answer["state"]
    return state


def options_for(seed: int, players: int) -> GameOptions:
    """Short games, the options varied; the computers mostly random so that hundreds run quickly."""
    return GameOptions(
        target=61 if seed % 8 else 121,
        strength="easy" if seed % 25 == 7 else "random",
        counting="manual" if seed % 2 else "auto",
        muggins=seed % 3 == 0,
        players=players,
        coach=seed % 25 == 0,  # the coach's reviews take the engine about a second a deal
    )


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("chunk", range(3))
def test_seeded_3_and_4_player_games_through_the_page_stay_legal_and_end_exactly_at_the_target(players, chunk):
    steps = Steps(players)
    wins = [0] * (2 if players == 4 else 3)
    seeds = range(chunk, GAMES // 2, 3)
    for seed in seeds:
        state = new_state(options_for(seed, players), seed, "g")
        state = play_checked(state, ComputerPlayer("random", seed=seed), steps, miscount=seed % 3)
        game = look(state)
        wins[game.result.winner] += 1
        assert state["won"][game.result.winner] >= 1
    assert sum(wins) == len(seeds)
    assert steps.steps > 10 * len(seeds)


@pytest.mark.parametrize("players", [3, 4])
def test_the_reader_sits_at_seat_0_and_decides_only_for_that_seat(players):
    state = new_state(GameOptions(players=players, strength="random"), 11, "g")
    player = ComputerPlayer("random", seed=3)
    seats = set()
    for _ in range(60):
        game = look(state)
        if game.is_over:
            break
        seats.update(action.seat for action in game.actions)
        for action in reader_moves(state, player):
            state = send(state, action)["state"]
    game = look(state)
    # Every seat decided (each discards), the reader's decisions only at seat 0.
    assert seats == set(range(players))
    assert game.rules.discard_size == 1 and game.rules.deal_size == 5


def test_three_players_deal_five_each_and_one_card_from_the_pack_to_the_crib():
    answer = send(new_state(GameOptions(players=3), 5, "g"), {"action": "cut"})
    game = look(answer["state"])
    deal = next(event for event in game.events if isinstance(event, Deal))
    assert [len(hand) for hand in deal.hands] == [5, 5, 5] and len(deal.crib) == 1
    assert t("game.crib_from_deck", "en") in answer["html"]
    # The player left of the dealer discards first; the reader's cards are tappable, one to choose.
    names = {1: named("game.seat_left", "en"), 2: named("game.seat_right", "en")}
    prompt = (
        t("game.choose_one_you", "en")
        if game.dealer == READER
        else t("game.choose_one_seat", "en", name=names[game.dealer])
    )
    assert prompt in answer["html"]
    assert answer["html"].count('data-action="select"') == 5


def test_four_players_score_as_two_partnerships_on_a_two_track_board():
    state = new_state(GameOptions(players=4, target=61, strength="random"), 8, "g")
    state = play_checked(state, ComputerPlayer("random", seed=8), Steps(4))
    game = look(state)
    html = send(state, {"action": "hint"})["html"]  # any answer renders the finished game again
    lanes = set(re.findall(r'class="cb-peg-front" data-seat="(\d)"', html))
    assert lanes == {"0", "1"}
    # The partners' points are one side's: seats 0 and 2 peg for side 0.
    pegged = [0, 0]
    for event in game.events:
        if event.points and event.seat is not None and event.kind != "game_over":
            pegged[event.seat % 2] += event.points
    assert [min(points, 61) for points in pegged] == list(game.scores)


def test_the_partner_and_the_opponents_are_named_in_the_pages_language():
    for lang in LANGUAGES:
        html = send(new_state(GameOptions(players=4), 3, "g"), {"action": "cut"}, lang)["html"]
        for key in ("game.seat_left", "game.seat_partner", "game.seat_right"):
            assert t(key, lang) in html
        assert 'class="cb-seat cb-at-top" data-seat="2"' in html


def test_a_fragment_names_the_number_of_players_and_gives_the_game_back():
    state = new_state(GameOptions(), 1, "g")
    answer = send(state, {"action": "fragment", "value": "#game-seed=42&players=3"})
    assert answer["fragment"] == "game-seed=42&players=3"
    game = look(answer["state"])
    assert game.seed == 42 and game.rules.players == 3
    assert answer["state"]["won"] == [0, 0, 0]
    # A reload keeps the game in progress.
    moved = send(answer["state"], {"action": "cut"})["state"]
    again = send(moved, {"action": "fragment", "value": "game-seed=42&players=3"})
    assert again["state"]["game"] == moved["game"]
    # A dealer who is not at the table is not a game.
    bad = send(moved, {"action": "fragment", "value": "game-seed=42&players=3&dealer=3"})
    assert bad["state"]["notice"]["key"] == "game.bad_fragment" and bad["state"]["game"] == moved["game"]
    offered = send(moved, {"action": "fragment", "value": "game-seed=7&players=4&dealer=3"})["state"]
    assert offered["game"] == moved["game"], "a game begun is replaced only when the reader says so"
    four = send(offered, {"action": "linked-play", "value": "game-seed=7&players=4&dealer=3"})
    assert four["fragment"] == "game-seed=7&players=4&dealer=3" and look(four["state"]).dealer == 3


def test_the_players_option_applies_at_once_before_the_cut_and_to_the_next_game_after():
    state = new_state(GameOptions(), 2, "g")
    answer = send(state, {"action": "set", "name": "players", "value": "4"})
    assert look(answer["state"]).rules.players == 4 and answer["state"]["won"] == [0, 0]
    started = send(answer["state"], {"action": "cut"})["state"]
    later = send(started, {"action": "set", "name": "players", "value": "3"})["state"]
    assert look(later).rules.players == 4 and later["next"]["players"] == 3
    fresh = send(later, {"action": "new"})["state"]
    assert look(fresh).rules.players == 3 and fresh["won"] == [0, 0, 0]


def test_a_state_with_a_seat_beyond_the_table_is_refused():
    state = send(new_state(GameOptions(players=3), 4, "g"), {"action": "cut"})["state"]
    game = state["game"]
    beyond = {"kind": "discard", "seat": 3, "cards": ["5H"], "points": None}
    edited = {**state, "game": {**game, "actions": [*game["actions"], beyond]}}
    answer = json.loads(update("game", json.dumps(edited), json.dumps({"action": "hint"}), "en"))
    assert "error" in answer


def test_the_block_takes_the_number_of_players_and_marks_the_root():
    html = render_block("game", "players: 3\ntarget: 61", "en", uid="g")
    assert 'data-players="3"' in html
    state = state_of(html)
    assert state["options"]["players"] == 3 and state["won"] == [0, 0, 0]
