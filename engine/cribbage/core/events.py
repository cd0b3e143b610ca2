"""What happens in a game: the immutable records of its log.

Every event has ``kind`` (its name in the log), ``seat`` (who it concerns, or
None) and ``points`` (what that seat's side pegs).

>>> event_to_json(Discard(1, (Card(5, "H"), Card(11, "S"))))
{'kind': 'discard', 'seat': 1, 'cards': ['5H', 'JS']}
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal

from .cards import Card
from .play import PlayAction
from .rules import Seat, Side
from .show import ShowScore, score_show


@dataclass(frozen=True, slots=True)
class CutForDeal:
    rounds: tuple[tuple[tuple[Seat, Card], ...], ...]
    """Each round of cuts; only the seats tied lowest cut again."""
    dealer: Seat
    kind: ClassVar[Literal["cut_for_deal"]] = "cut_for_deal"
    points: ClassVar[int] = 0

    @property
    def seat(self) -> Seat:
        return self.dealer


@dataclass(frozen=True, slots=True)
class ThreeForLast:
    seat: Seat
    points: int = 3
    kind: ClassVar[Literal["three_for_last"]] = "three_for_last"


@dataclass(frozen=True, slots=True)
class Deal:
    dealer: Seat
    hands: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]
    """Cards dealt straight to the crib (one with 3 players)."""
    kind: ClassVar[Literal["deal"]] = "deal"
    points: ClassVar[int] = 0

    @property
    def seat(self) -> Seat:
        return self.dealer


@dataclass(frozen=True, slots=True)
class Discard:
    seat: Seat
    cards: tuple[Card, ...]
    kind: ClassVar[Literal["discard"]] = "discard"
    points: ClassVar[int] = 0


@dataclass(frozen=True, slots=True)
class Starter:
    seat: Seat
    """The dealer."""
    card: Card
    points: int
    """His heels: 2 for a jack."""
    kind: ClassVar[Literal["starter"]] = "starter"


@dataclass(frozen=True, slots=True)
class Pegged:
    seat: Seat
    action: PlayAction
    """The play record, with its ``seat`` turned into the game's seat."""
    kind: ClassVar[Literal["play"]] = "play"

    @property
    def points(self) -> int:
        return self.action.points


@dataclass(frozen=True, slots=True)
class Shown:
    seat: Seat
    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    points: int
    announced: int | None = None
    """With muggins: the count the owner announced (it pegs that much)."""
    kind: ClassVar[Literal["show"]] = "show"

    @property
    def actual(self) -> int:
        return self.score.total

    @property
    def score(self) -> ShowScore:
        """The full breakdown (computed on demand: the log keeps only totals)."""
        return score_show(self.hand, self.starter, crib=self.crib, hand_size=len(self.hand))  # as the game showed it


@dataclass(frozen=True, slots=True)
class Muggins:
    seat: Seat
    """The seat that may claim."""
    owner: Seat
    points: int
    """The missed points taken, 0 when declined."""
    kind: ClassVar[Literal["muggins"]] = "muggins"


@dataclass(frozen=True, slots=True)
class GameOver:
    winner: Side
    scores: tuple[int, ...]
    outcomes: tuple[str, ...]
    """Per side: ``win``, or the loser's ``loss``, ``skunk``, ``double_skunk`` or ``lurch``."""
    kind: ClassVar[Literal["game_over"]] = "game_over"
    seat: ClassVar[None] = None
    points: ClassVar[int] = 0


Event = CutForDeal | ThreeForLast | Deal | Discard | Starter | Pegged | Shown | Muggins | GameOver


def event_to_json(event: Event) -> dict[str, Any]:
    """A plain JSON form of any event (cards as ``5H`` strings)."""
    data: dict[str, Any] = {"kind": event.kind}
    for field in fields(event):
        data[field.name] = _jsonable(getattr(event, field.name))
    if isinstance(event, Shown):
        data["items"] = [item.to_json() for item in event.score.items]
    return data


def _jsonable(value: object) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, PlayAction):
        return value.to_json()
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value
