"""The game widget's state: plain JSON kept on the page (and in ``localStorage``).

It holds a table (:class:`cribbage.session.TableSession`: the options, the game
as :meth:`Game.to_json` gives it (seed, first dealer, every decision), the
computer's reasons, the coach's reviews, the counts said, the games won) beside
the page's own fields (the cards selected, the hint, the notice, what the log
has shown, an open replay).  :func:`session_of` reads a state into a session,
:func:`saved` writes a session back; the session itself knows no JSON of the
page.  The format lives here, beside the page, because it is the page's:
it mixes both kinds of field, and what comes back from the page is checked
here first, so that anything wrong is a
:class:`~cribbage.widgets.source.StateError` (the page's own notice) before
any rule sees it.  :func:`checked` rebuilds the game from its decisions, so a
state edited in the page can never put the game in a position the rules forbid.

The reader is seat 0; the computers sit at the seats after it, clockwise
(with 4 players seat 2, opposite, is the reader's partner).
"""

from __future__ import annotations

import json
import re
from enum import StrEnum
from typing import Any, NamedTuple

from ...core.game import Game
from ...core.rules import ACTION_KINDS
from ...core.variants import SIX_CARD
from ...errors import CribbageError
from ...players.computer import Reason, ReasonCode
from ...session import COUNTINGS, MAX_SEED, PLAYERS, TARGETS, TARGETS_OF, VARIANT_NAMES, TableOptions, TableSession
from ..source import State, StateError, card_texts, field, natural, uid_of
from .coach_state import reviews_of, said_of

__all__ = [
    "ACTION_KINDS",
    "COMPUTER",
    "COUNTINGS",
    "MAX_ACTIONS",
    "MAX_SEED",
    "NOTICES",
    "PLAYERS",
    "READER",
    "REASONS",
    "TARGETS",
    "TARGETS_OF",
    "VARIANT_NAMES",
    "Fragment",
    "GameOptions",
    "Notice",
    "checked",
    "fragment_of",
    "game_of",
    "new_page",
    "new_state",
    "read_fragment",
    "remember",
    "saved",
    "session_of",
]

READER, COMPUTER = 0, 1
MAX_ACTIONS = 600
"""Far more decisions than any game to 121 takes; a longer list is not a game."""
REASONS: tuple[ReasonCode, ...] = tuple(ReasonCode)
"""Every reason the computer gives (:mod:`cribbage.players.computer`): a new one needs no list here.
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
    BAD_SAVE = "game.bad_save"


NOTICES: tuple[Notice, ...] = tuple(Notice)
FRAGMENT = re.compile(
    r"^game-seed=(\d{1,9})(?:&players=([234]))?(?:&variant=("
    + "|".join(re.escape(name) for name in VARIANT_NAMES if name != SIX_CARD.name)
    + r"))?(?:&dealer=([0-3]))?$",
    re.ASCII,  # a seed in other digits ("٣") is no game's address
)

GameOptions = TableOptions
"""The page's name for the table's options (:class:`cribbage.session.TableOptions`), kept as they are in its state."""

OPTIONAL_KEYS = ("coach", "said", "counted")
"""The session's keys a state holds only when they have something to say."""


def new_page(uid: str) -> State:
    """The page's own fields of a game not started yet (the session's are added by :func:`saved`)."""
    return {"uid": uid, "seen": 0, "selected": [], "hint": False, "notice": None}


def new_state(options: GameOptions, seed: int, uid: str, dealer: int | None = None) -> State:
    """A game not started yet: the first step is the cut (or, after a game, the deal)."""
    return saved(new_page(uid), TableSession.new(options, seed, dealer, seat=READER))


def saved(state: State, session: TableSession) -> State:
    """``state`` (the page's own fields: selection, hint, notice ...) with the session's, as the page keeps them.

    The game is kept as :meth:`Game.to_json` gives it (seed, first dealer,
    every decision), the computer's reasons by event index, the coach's
    reviews in deal order, the counts the reader said by ``deal:hand|crib``.
    """
    game = session.game
    kept = {key: value for key, value in state.items() if key not in OPTIONAL_KEYS}
    kept.update(
        options=session.options.to_json(),
        next=session.chosen.to_json(),
        game=game.to_json(),
        why={str(index): reason.to_json() for index, reason in session.reasons.items()},
        won=list(session.won),
    )
    if session.options.coach and game.events:
        kept["coach"] = [review.to_json() for review in session.reviews.values()]
    if session.said:
        kept["said"] = {f"{deal}:{what}": said for (deal, what), said in session.said.items()}
    if game.is_over:
        kept["counted"] = True  # the session counts a game won as it ends; earlier pages read this mark
    return kept


def fragment_of(state: State) -> str:
    """``game-seed=N``, ``&players=3|4`` unless two play, ``&variant=V`` unless the
    standard game is played, and ``&dealer=S`` for a game after another: the address
    that gives the game back.

    >>> fragment_of(new_state(GameOptions(players=3), seed=42, uid="g1", dealer=2))
    'game-seed=42&players=3&dealer=2'
    >>> fragment_of(new_state(GameOptions(target=181, variant="seven-card"), seed=42, uid="g1"))
    'game-seed=42&variant=seven-card'
    """
    data = state["game"]
    players = state["options"].get("players", 2)
    named = "" if players == 2 else f"&players={players}"
    game = state["options"].get("variant", SIX_CARD.name)
    variant = "" if game == SIX_CARD.name else f"&variant={game}"
    dealer = "" if data["dealer"] is None else f"&dealer={data['dealer']}"
    return f"game-seed={data['seed']}{named}{variant}{dealer}"


# -- rebuilding and checking a state ------------------------------------------------


_LAST_GAME: dict[str, Game] = {}
"""The game of the last answer, by its JSON: the next action on it need not replay it."""


def _game_key(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def remember(state: State, game: Game) -> None:
    """Keep the game of an answer, so the next action on it need not replay it."""
    _LAST_GAME.clear()
    _LAST_GAME[_game_key({**state["game"], "rules": game.rules.to_json()})] = game


def _options(data: object) -> TableOptions:
    if not isinstance(data, dict):
        raise StateError("options")
    try:
        return TableOptions.from_json(data)
    except CribbageError:  # an option the table does not offer
        raise StateError("options") from None


def _natural(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_actions(actions: list[Any], players: int) -> None:
    if len(actions) > MAX_ACTIONS:
        raise StateError("game")
    for action in actions:
        if (
            not isinstance(action, dict)
            or action.get("seat") not in range(players)
            or action.get("kind") not in ACTION_KINDS
        ):
            raise StateError("game")
        points = action.get("points")
        if points is not None and not _natural(points):
            raise StateError("game")
        card_texts(action, "cards", range(3))


def _check_reasons(why: dict[str, Any]) -> None:
    """Each reason's code is checked here, its values where it is shown."""
    for index, reason in why.items():
        if natural(index, 4) is None or not isinstance(reason, dict):
            raise StateError("why")
        if reason.get("code") not in REASONS or not isinstance(reason.get("params"), dict):
            raise StateError("why")


def checked(state: State, take: bool = False) -> tuple[TableOptions, TableOptions, Game]:
    """The options, the options chosen for the next game, and the game a state describes.

    ``take``: the caller changes the game, so it leaves the cache.
    """
    uid_of(state)
    options, chosen = _options(state.get("options")), _options(state.get("next"))
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
    linked = state.get("linked")
    if linked is not None and not (isinstance(linked, str) and read_fragment(linked) is not None):
        raise StateError("linked")
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


def session_of(state: State, take: bool = False) -> TableSession:
    """The table a state describes, every part checked (``take``: as :func:`checked`)."""
    options, chosen, game = checked(state, take)
    reasons = {int(index): Reason(reason["code"], reason["params"]) for index, reason in state["why"].items()}
    return TableSession(
        options,
        game,
        chosen=chosen,
        won=state["won"],
        reviews=reviews_of(state, game),
        said=said_of(state),
        reasons=reasons,
        seat=READER,
    )


class Fragment(NamedTuple):
    """The game an address names."""

    seed: int
    players: int
    dealer: int | None
    variant: str = SIX_CARD.name


def read_fragment(fragment: str) -> Fragment | None:
    """The game ``#game-seed=N`` (``&players=3|4``, ``&variant=V``, ``&dealer=S`` for a game
    after another) names, or None when it is not one.

    >>> read_fragment("#game-seed=7&variant=seven-card&dealer=1")
    Fragment(seed=7, players=2, dealer=1, variant='seven-card')
    """
    match = FRAGMENT.match(fragment.lstrip("#"))
    if match is None:
        return None
    players = 2 if match.group(2) is None else int(match.group(2))
    variant = SIX_CARD.name if match.group(3) is None else match.group(3)
    return Fragment(int(match.group(1)), players, None if match.group(4) is None else int(match.group(4)), variant)
