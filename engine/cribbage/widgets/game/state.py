"""The game widget's state: plain JSON kept on the page (and in ``localStorage``).

It holds the options, the game as :meth:`Game.to_json` gives it (seed, first
dealer, every decision) and the computer's reasons.  :func:`checked` rebuilds
the game from its decisions, so a state edited in the page can never put the
game in a position the rules forbid; anything else wrong is a
:class:`~cribbage.widgets.source.StateError`.

The reader is seat 0; the computers sit at the seats after it, clockwise
(with 4 players seat 2, opposite, is the reader's partner).
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, replace
from enum import StrEnum
from typing import Any

from ...computer import STRENGTHS, ReasonCode
from ...deal import PLAYERS
from ...game import Game, GameRules
from ...rules import ACTION_KINDS
from ..source import State, StateError, card_texts, field, uid_of

READER, COMPUTER = 0, 1
TARGETS = (121, 61)
COUNTINGS = ("auto", "manual")
MAX_SEED = 10**9
MAX_ACTIONS = 600
"""Far more decisions than any game to 121 takes; a longer list is not a game."""
REASONS: tuple[ReasonCode, ...] = tuple(ReasonCode)
"""Every reason the computer gives (:mod:`cribbage.computer`): a new one needs no list here.
(A tuple: ``x in REASONS`` is safe for any JSON value, even an unhashable one.)"""


class Notice(StrEnum):
    """A notice shown above the game until the next action: its value is its message key."""

    CHOOSE_TWO = "game.choose_two"
    CHOOSE_ONE = "game.choose_one"
    BAD_COUNT = "game.bad_count"
    OVERCOUNT = "game.overcount"
    MISCOUNT = "game.miscount"
    SHORT_MUGGINS = "game.short_muggins"
    BAD_FRAGMENT = "game.bad_fragment"


NOTICES: tuple[Notice, ...] = tuple(Notice)
FRAGMENT = re.compile(r"^game-seed=(\d{1,9})(?:&players=([234]))?(?:&dealer=([0-3]))?$")


@dataclass(frozen=True)
class GameOptions:
    """What the reader chooses for a game.

    ``counting``: ``auto`` (the page counts the reader's hands) or ``manual``
    (the reader announces each count and the page checks it).

    ``muggins`` is the page's option, not the rule of the same name: with
    manual counting, whether the count the reader announces stands, so that
    the points it misses go to the computer (the rules' muggins claim,
    :attr:`GameRules.muggins`), or is corrected by the page.  The rules always
    have counts announced when counting is manual.
    """

    target: int = 121
    strength: str = "expert"
    counting: str = "auto"
    muggins: bool = False
    players: int = 2
    """2, 3 (each for himself) or 4 (the reader and the computer opposite against the other two)."""
    coach: bool = True
    """The coach reviews each deal of the reader's (about a second of the engine's time a deal)."""

    def __post_init__(self) -> None:
        if not isinstance(self.coach, bool):
            raise StateError("options")
        if not (isinstance(self.players, int) and not isinstance(self.players, bool) and self.players in PLAYERS):
            raise StateError("options")
        if not (isinstance(self.target, int) and self.target in TARGETS) or not isinstance(self.muggins, bool):
            raise StateError("options")
        if not isinstance(self.strength, str) or self.strength not in STRENGTHS:
            raise StateError("options")
        if not isinstance(self.counting, str) or self.counting not in COUNTINGS:
            raise StateError("options")

    @property
    def rules(self) -> GameRules:
        # With manual counting every owner announces its count, as the muggins rule has it.
        return GameRules(players=self.players, target=self.target, muggins=self.counting == "manual")

    @classmethod
    def from_json(cls, data: object) -> GameOptions:
        if not isinstance(data, dict):
            raise StateError("options")
        return cls(**{name: data[name] for name in OPTION_NAMES if name in data})


OPTION_NAMES = ("target", "strength", "counting", "muggins", "players", "coach")


def new_state(options: GameOptions, seed: int, uid: str, dealer: int | None = None) -> State:
    """A game not started yet: the first step is the cut (or, after a game, the deal)."""
    game = Game(options.rules, seed, dealer=dealer)
    return {
        "uid": uid,
        "options": asdict(options),
        "next": asdict(options),
        "game": game.to_json(),
        "why": {},
        "seen": 0,
        "selected": [],
        "hint": False,
        "notice": None,
        "won": [0] * options.rules.sides,
    }


def fragment_of(state: State) -> str:
    """``game-seed=N``, ``&players=3|4`` unless two play, and ``&dealer=S`` for a game
    after another: the address that gives the game back.

    >>> fragment_of(new_state(GameOptions(players=3), seed=42, uid="g1", dealer=2))
    'game-seed=42&players=3&dealer=2'
    """
    data = state["game"]
    players = state["options"].get("players", 2)
    named = "" if players == 2 else f"&players={players}"
    dealer = "" if data["dealer"] is None else f"&dealer={data['dealer']}"
    return f"game-seed={data['seed']}{named}{dealer}"


# -- rebuilding and checking a state ------------------------------------------------


_LAST_GAME: dict[str, Game] = {}
"""The game of the last answer, by its JSON: the next action on it need not replay it."""


def _game_key(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def remember(state: State, game: Game) -> None:
    """Keep the game of an answer, so the next action on it need not replay it."""
    _LAST_GAME.clear()
    _LAST_GAME[_game_key({**state["game"], "rules": game.rules.to_json()})] = game


def _natural(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_actions(actions: list[Any], players: int) -> None:
    if len(actions) > MAX_ACTIONS:
        raise StateError("game")
    for action in actions:
        if not isinstance(action, dict) or action.get("seat") not in range(players) or action.get("kind") not in ACTION_KINDS:
            raise StateError("game")
        points = action.get("points")
        if points is not None and not _natural(points):
            raise StateError("game")
        card_texts(action, "cards", range(3))


def _check_reasons(why: dict[str, Any]) -> None:
    """Each reason's code is checked here, its values where it is shown."""
    for index, reason in why.items():
        if not index.isdigit() or len(index) > 4 or not isinstance(reason, dict):
            raise StateError("why")
        if reason.get("code") not in REASONS or not isinstance(reason.get("params"), dict):
            raise StateError("why")


def checked(state: State, take: bool = False) -> tuple[GameOptions, GameOptions, Game]:
    """The options, the options chosen for the next game, and the game a state describes.

    ``take``: the caller changes the game, so it leaves the cache.
    """
    uid_of(state)
    options, chosen = GameOptions.from_json(state.get("options")), GameOptions.from_json(state.get("next"))
    data = field(state, "game", dict)
    actions = field(data, "actions", list)
    players = options.players
    _check_actions(actions, players)
    seed, dealer, events = data.get("seed"), data.get("dealer"), data.get("events")
    if not (_natural(seed) and isinstance(seed, int) and seed < MAX_SEED) or dealer not in (None, *range(players)):
        raise StateError("game")
    if not _natural(events):
        raise StateError("game")
    won = field(state, "won", list)
    if len(won) != options.rules.sides or not all(_natural(n) for n in won):
        raise StateError("won")
    field(state, "seen", int)
    field(state, "hint", bool)
    card_texts(state, "selected", range(3))
    _check_reasons(field(state, "why", dict))
    notice = state.get("notice")
    if notice is not None:
        if not isinstance(notice, dict) or notice.get("key") not in NOTICES:
            raise StateError("notice")
        if not all(isinstance(value, int) for value in field(notice, "params", dict).values()):
            raise StateError("notice")
    rebuilt = {"seed": seed, "dealer": dealer, "actions": actions, "events": events, "rules": options.rules.to_json()}
    key = _game_key(rebuilt)
    game = _LAST_GAME.pop(key, None) if take else _LAST_GAME.get(key)
    if game is None:
        game = Game.from_json(rebuilt)
    if len(game.events) != events:
        raise StateError("game")
    return options, chosen, game


def game_of(state: State) -> Game:
    """The game a widget state holds, rebuilt from its decisions (the caller's own copy)."""
    return checked(state, take=True)[2]


def fragment_game(state: State, chosen: GameOptions, fragment: str) -> State:
    """``#game-seed=N`` (``&players=3|4``, ``&dealer=S`` for a game after another) starts that game.

    The game already on the page is kept when it is that one (a reload).
    """
    match = FRAGMENT.match(fragment.lstrip("#"))
    players = 2 if match is None or match.group(2) is None else int(match.group(2))
    if match is None or (match.group(3) is not None and int(match.group(3)) >= players):
        return {**state, "notice": {"key": str(Notice.BAD_FRAGMENT), "params": {}}}
    seed = int(match.group(1))
    dealer = None if match.group(3) is None else int(match.group(3))
    current = state["game"]
    if current["seed"] == seed and current["dealer"] == dealer and state["options"].get("players", 2) == players:
        return state
    return kept_record(state, new_state(replace(chosen, players=players), seed, state["uid"], dealer))


def kept_record(old: State, new: State) -> State:
    """``new``, with the games won so far while the same number of sides play."""
    return {**new, "won": old["won"]} if len(old["won"]) == len(new["won"]) else new
