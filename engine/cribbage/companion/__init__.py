"""The Table companion: a game played with real cards, the engine counting and pegging.

One phone on the table; the players enter what happens (the deal, the starter, the play as
points or as cards, each count as points or as cards) and :class:`TableGame` says whose turn
it is to do what, pegs by the rules of :mod:`cribbage.core` and ends the game the moment a
side reaches the target.  It sits on the rules only: no words (the views say them).
"""

from __future__ import annotations

from .actions import (
    Action,
    Claim,
    CountCards,
    CountPoints,
    CutCards,
    DealCards,
    Decline,
    Go,
    LayAway,
    Move,
    NextGame,
    Peg,
    PlayCard,
    PlayDone,
    StarterCard,
)
from .options import CUT, Options
from .steps import MAX_PEG, Expected, Step
from .table import STATE_VERSION, TableGame

__all__ = [
    "CUT",
    "MAX_PEG",
    "STATE_VERSION",
    "Action",
    "Claim",
    "CountCards",
    "CountPoints",
    "CutCards",
    "DealCards",
    "Decline",
    "Expected",
    "Go",
    "LayAway",
    "Move",
    "NextGame",
    "Options",
    "Peg",
    "PlayCard",
    "PlayDone",
    "StarterCard",
    "Step",
    "TableGame",
]
