"""Who sits where at the game's table, in the page's language.

The reader is seat 0; seats go clockwise, so seat 1 is on the reader's left
and the last seat on the reader's right; with 4 players seat 2, opposite, is
the reader's partner.  Sentences about a seat come in three forms, with
message keys ending in ``_you`` (the reader), ``_computer`` (the one computer
of a game for two) and ``_seat`` (a computer named by ``{name}``, with 3 or 4
players): their grammar differs, so each is a sentence of its own.

>>> [seat_name(seat, 4, "en") for seat in range(4)]
['You', 'Computer on your left', 'Your partner', 'Computer on your right']
>>> seat_name(1, 2, "en"), side_name(1, 4, "en")
('Computer', 'The other side')
>>> said("game.plays", 2, 3, "en")
'The computer on your right plays'
"""

from __future__ import annotations

from typing import Any

from ...i18n import Language, Named, named, t
from .state import READER

_PLACES = {3: ("left", "right"), 4: ("left", "partner", "right")}
"""The computers' places round the table, from the reader's left."""


def place(seat: int, players: int) -> str:
    """``you``, or where a computer sits: ``top`` (facing the reader), ``left``, ``right``.

    >>> [place(seat, 3) for seat in range(3)], place(1, 2)
    (['you', 'left', 'right'], 'top')
    """
    if seat == READER:
        return "you"
    if players == 2:
        return "top"
    name = _PLACES[players][seat - 1]
    return "top" if name == "partner" else name


def seat_name(seat: int, players: int, lang: Language) -> Named:
    """``You``, ``Computer`` (two players), or a computer named by its place at the table;
    in running text ``{name:mid}``, ``the computer on your left``."""
    if seat == READER:
        return named("game.you", lang)
    if players == 2:
        return named("game.computer", lang)
    return named(f"game.seat_{_PLACES[players][seat - 1]}", lang)


def side_name(side: int, players: int, lang: Language) -> str:
    """A side's name: the seat's own, or with 4 players ``Your side`` and ``Opponents``."""
    if players != 4:
        return seat_name(side, players, lang)
    return t("game.side_us" if side == READER else "game.side_them", lang)


def said(base: str, seat: int, players: int, lang: Language, **params: Any) -> str:
    """The sentence ``base`` about ``seat``: its ``_you``, ``_computer`` or ``_seat`` form."""
    if seat == READER:
        return t(base + "_you", lang, **params)
    if players == 2:
        return t(base + "_computer", lang, **params)
    return t(base + "_seat", lang, name=seat_name(seat, players, lang), **params)
