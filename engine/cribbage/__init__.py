"""Cribbage rules you can play with: an exact, fast, pure-Python engine.

Modules are named after game concepts: :mod:`cards`, :mod:`show` (hand and
crib scoring), :mod:`stats` (exact histograms), :mod:`play` (pegging),
:mod:`game` (a whole game), :mod:`computer` (computer players),
:mod:`deal` (dealing), :mod:`discard` (the discard advisor), :mod:`i18n` (the
message catalogue), and the package :mod:`widgets` (the live examples: the HTML
both the build and the browser show, one module per kind).
"""

from .cards import DECK, Card, parse_cards
from .errors import CribbageError

__all__ = ["DECK", "Card", "CribbageError", "parse_cards"]
__version__ = "0.1.0"
