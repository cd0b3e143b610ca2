"""Cribbage rules you can play with: an exact, fast, pure-Python engine.

Modules are named after game concepts: :mod:`cards`, :mod:`show` (hand and
crib scoring), :mod:`stats` (exact histograms), :mod:`play` (pegging),
:mod:`game` (a whole game), :mod:`computer` (computer players),
:mod:`discard` (the discard advisor), :mod:`i18n` (the message catalogue),
:mod:`render` (the HTML both the build and the browser show).
"""

from .cards import DECK, Card, parse_cards
from .errors import CribbageError

__all__ = ["DECK", "Card", "CribbageError", "parse_cards"]
__version__ = "0.1.0"
