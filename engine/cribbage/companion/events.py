"""What happens at a real table: the events of :mod:`cribbage.core.events` where they fit
(the cut decided, three for last, the starter and his heels, a card pegged, a hand shown,
muggins, the game over), and the few that only a table whose cards are not all entered has.

Like the core's, every event has ``kind``, ``seat`` (or None) and ``points`` (what that
seat's side pegs).

>>> event_json(PointsPegged(1, 2))
{'kind': 'points_pegged', 'seat': 1, 'points': 2}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ..core.events import CutForDeal, GameOver, Muggins, Pegged, Shown, Starter, ThreeForLast, event_to_json
from ..core.rules import Seat

__all__ = [
    "CutAgain",
    "CutForDeal",
    "Counted",
    "Dealt",
    "GameOver",
    "LaidAway",
    "Muggins",
    "NewGame",
    "Pegged",
    "PlayEnded",
    "PointsPegged",
    "Shown",
    "Starter",
    "TableEvent",
    "ThreeForLast",
    "event_json",
]


@dataclass(frozen=True, slots=True)
class CutAgain:
    """Seats tied for the lowest card cut again."""

    seats: tuple[Seat, ...]
    kind: ClassVar[Literal["cut_again"]] = "cut_again"
    seat: ClassVar[None] = None
    points: ClassVar[int] = 0


@dataclass(frozen=True, slots=True)
class Dealt:
    seat: Seat
    """The dealer."""
    kind: ClassVar[Literal["dealt"]] = "dealt"
    points: ClassVar[int] = 0


@dataclass(frozen=True, slots=True)
class LaidAway:
    seat: Seat
    """The dealer, whose crib it is."""
    kind: ClassVar[Literal["laid_away"]] = "laid_away"
    points: ClassVar[int] = 0


@dataclass(frozen=True, slots=True)
class PointsPegged:
    """Points of the play tapped, the cards not entered."""

    seat: Seat
    points: int
    kind: ClassVar[Literal["points_pegged"]] = "points_pegged"


@dataclass(frozen=True, slots=True)
class PlayEnded:
    kind: ClassVar[Literal["play_ended"]] = "play_ended"
    seat: ClassVar[None] = None
    points: ClassVar[int] = 0


@dataclass(frozen=True, slots=True)
class Counted:
    """A hand's or the crib's points tapped, the cards not entered."""

    seat: Seat
    crib: bool
    points: int
    kind: ClassVar[Literal["counted"]] = "counted"


@dataclass(frozen=True, slots=True)
class NewGame:
    seat: Seat
    """The first dealer of the new game: a loser of the last one."""
    kind: ClassVar[Literal["new_game"]] = "new_game"
    points: ClassVar[int] = 0


TableEvent = (
    CutAgain
    | CutForDeal
    | ThreeForLast
    | Dealt
    | LaidAway
    | Starter
    | Pegged
    | PointsPegged
    | PlayEnded
    | Shown
    | Counted
    | Muggins
    | GameOver
    | NewGame
)


def event_json(event: TableEvent) -> dict[str, Any]:
    """A plain JSON form of any table event (the core's as :func:`~cribbage.core.events.event_to_json` writes them)."""
    match event:
        case CutForDeal() | ThreeForLast() | Starter() | Pegged() | Shown() | Muggins() | GameOver():
            return event_to_json(event)
        case CutAgain():
            return {"kind": event.kind, "seats": list(event.seats)}
        case PlayEnded():
            return {"kind": event.kind}
        case Counted():
            return {"kind": event.kind, "seat": event.seat, "crib": event.crib, "points": event.points}
        case PointsPegged():
            return {"kind": event.kind, "seat": event.seat, "points": event.points}
        case Dealt() | LaidAway() | NewGame():
            return {"kind": event.kind, "seat": event.seat}
