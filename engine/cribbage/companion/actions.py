"""What the players enter at a real table: one frozen record per tap, each with its JSON.

A game is its options and the log of these actions (:class:`cribbage.companion.table.TableGame`),
so every record reads back exactly what it wrote, and refuses anything else with a
:class:`~cribbage.errors.TableStateError`.

>>> action = CountCards(1, parse_cards("5H 5S 5C JD"), announced=28)
>>> action.kind, action_from_json(action_to_json(action)) == action
(<Move.COUNT_CARDS: 'count_cards'>, True)
>>> action_from_json({"kind": "shuffle"})
Traceback (most recent call last):
...
cribbage.errors.TableStateError: no action is called 'shuffle'
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar, get_args

from ..core.cards import Card, parse_cards
from ..core.rules import Seat
from ..errors import CribbageError, TableStateError

__all__ = [
    "Action",
    "Claim",
    "CountCards",
    "CountPoints",
    "CutCards",
    "DealCards",
    "Decline",
    "Go",
    "LayAway",
    "Move",
    "NextGame",
    "Peg",
    "PlayCard",
    "PlayDone",
    "StarterCard",
    "action_from_json",
    "action_to_json",
]


class Move(StrEnum):
    """The kind of an action: what :attr:`TableGame.expected <cribbage.companion.table.TableGame.expected>` lists."""

    CUT_CARDS = "cut_cards"
    """The cards cut for the first deal (one per seat still cutting)."""
    DEAL = "deal"
    LAY_AWAY = "lay_away"
    """Everyone has laid away to the crib (the cards are not entered)."""
    STARTER = "starter"
    PEG = "peg"
    """Points of the play tapped for a seat."""
    PLAY_DONE = "play_done"
    PLAY_CARD = "play_card"
    GO = "go"
    COUNT_CARDS = "count_cards"
    COUNT_POINTS = "count_points"
    CLAIM = "claim"
    """Muggins: take the points a short count missed."""
    DECLINE = "decline"
    NEXT_GAME = "next_game"


@dataclass(frozen=True, slots=True)
class CutCards:
    cards: tuple[Card, ...]
    """One card per seat still cutting, in seat order (every seat, then those tied lowest)."""
    kind: ClassVar[Move] = Move.CUT_CARDS


@dataclass(frozen=True, slots=True)
class DealCards:
    kind: ClassVar[Move] = Move.DEAL


@dataclass(frozen=True, slots=True)
class LayAway:
    kind: ClassVar[Move] = Move.LAY_AWAY


@dataclass(frozen=True, slots=True)
class StarterCard:
    card: Card
    kind: ClassVar[Move] = Move.STARTER


@dataclass(frozen=True, slots=True)
class Peg:
    seat: Seat
    points: int
    kind: ClassVar[Move] = Move.PEG


@dataclass(frozen=True, slots=True)
class PlayDone:
    kind: ClassVar[Move] = Move.PLAY_DONE


@dataclass(frozen=True, slots=True)
class PlayCard:
    seat: Seat
    card: Card
    kind: ClassVar[Move] = Move.PLAY_CARD


@dataclass(frozen=True, slots=True)
class Go:
    seat: Seat
    kind: ClassVar[Move] = Move.GO


@dataclass(frozen=True, slots=True)
class CountCards:
    seat: Seat
    cards: tuple[Card, ...]
    """The hand (or the crib) as kept, without the starter."""
    announced: int | None = None
    """What the owner says it holds (None: the engine's count is pegged)."""
    kind: ClassVar[Move] = Move.COUNT_CARDS


@dataclass(frozen=True, slots=True)
class CountPoints:
    seat: Seat
    points: int
    kind: ClassVar[Move] = Move.COUNT_POINTS


@dataclass(frozen=True, slots=True)
class Claim:
    seat: Seat
    kind: ClassVar[Move] = Move.CLAIM


@dataclass(frozen=True, slots=True)
class Decline:
    seat: Seat
    kind: ClassVar[Move] = Move.DECLINE


@dataclass(frozen=True, slots=True)
class NextGame:
    kind: ClassVar[Move] = Move.NEXT_GAME


Action = (
    CutCards
    | DealCards
    | LayAway
    | StarterCard
    | Peg
    | PlayDone
    | PlayCard
    | Go
    | CountCards
    | CountPoints
    | Claim
    | Decline
    | NextGame
)
ACTION_TYPES: dict[Move, type[Action]] = {record.kind: record for record in get_args(Action)}
"""Every action's record by its kind (each :class:`Move` has one, ``tests/engine/test_companion.py``)."""
ACTION_NAMES: dict[str, type[Action]] = {str(kind): record for kind, record in ACTION_TYPES.items()}


def action_to_json(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": str(action.kind)}
    for field in fields(action):
        value = getattr(action, field.name)
        if isinstance(value, Card):
            value = str(value)
        elif isinstance(value, tuple):
            value = [str(card) for card in value]
        data[field.name] = value
    return data


def action_from_json(data: object) -> Action:
    """The action :func:`action_to_json` wrote; anything else is a :class:`TableStateError`."""
    if not isinstance(data, dict):
        raise TableStateError("an action is an object", problem="action")
    kind = data.get("kind")
    record = ACTION_NAMES.get(kind) if isinstance(kind, str) else None
    if record is None:
        raise TableStateError(f"no action is called {kind!r}", problem="action_kind")
    names = {field.name for field in fields(record)}
    required = {field.name for field in fields(record) if field.default is MISSING}
    if not required <= set(data) - {"kind"} <= names:
        raise TableStateError(f"the fields of {kind} are {sorted(names)}", problem="action_fields")
    return record(**{name: _field(name, data.get(name)) for name in names})


def _field(name: str, value: object) -> Any:
    if name in ("seat", "points") and type(value) is int and value >= 0:
        return value
    if name == "announced" and (value is None or (type(value) is int and value >= 0)):
        return value
    try:
        if name == "card" and isinstance(value, str):
            return Card.parse(value)
        if name == "cards" and isinstance(value, list) and all(isinstance(card, str) for card in value):
            return parse_cards(value)
    except CribbageError:
        pass
    raise TableStateError(f"{value!r} cannot be the {name} of an action", problem="action_field", field=name)
