"""The steps of a deal at a real table and what the table waits for at each.

>>> [str(step) for step in Step]
['cut', 'deal', 'lay_away', 'starter', 'play', 'count', 'over']
>>> MAX_PEG, points_error(MAX_PEG + 1, 1, MAX_PEG).code
(15, 'points_range')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..core.pegging import pile_points
from ..core.rules import Seat
from ..errors import PointsRangeError
from .actions import Move

__all__ = ["MAX_PEG", "Expected", "Step", "points_error"]

MAX_PEG = pile_points((6, 5, 1, 1, 1, 1)) + 1
"""The most one card of the play pegs, the bound of a tap: a double pair royal (12, more than
any run) making fifteen (2) with the last card (1), as four aces after a 6 and a 5."""


class Step(StrEnum):
    """Where the table is; a deal goes DEAL, LAY_AWAY, STARTER, PLAY, COUNT, and round again."""

    CUT = "cut"
    DEAL = "deal"
    LAY_AWAY = "lay_away"
    STARTER = "starter"
    PLAY = "play"
    COUNT = "count"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Expected:
    """What the table waits for: the step, the seat to act (None: no one seat, as in the cut),
    the kinds of action it takes, and in the count whether the crib is next."""

    step: Step
    seat: Seat | None
    moves: tuple[Move, ...]
    crib: bool = False


def points_error(points: int, low: int, high: int) -> PointsRangeError | None:
    """Why ``points`` is not a whole number from ``low`` to ``high``, or None."""
    if type(points) is int and low <= points <= high:
        return None
    return PointsRangeError(f"points from {low} to {high}, not {points}", low=low, high=high, got=points)
