"""The message catalogue: every word the CLI, the build and the browser show.

The words live in ``cribbage/messages/<lang>.json``, one file per language, so a
translator edits data, not code. A message is a string with ``{name}``
placeholders, or a mapping of plural categories (``one``, ``few``, ``many``,
``other``) chosen by the ``count`` parameter. Every message is returned set in its
language's typography (:mod:`cribbage.typography`): the examples, the game, the coach and
the CLI keep ``5 bodů`` and ``v Anglii`` on one line, and speak in their own quotes.

>>> t("ui.points", "en", count=1), t("ui.points", "pl", count=5), t("ui.points", "cs", count=3)
('1 point', '5\\xa0punktów', '3\\xa0body')
>>> from cribbage.core.cards import Card
>>> card_name(Card(12, "H"), "en"), card_name(Card(1, "S"), "cs"), card_name(Card(11, "D"), "bg")
('queen of hearts', 'pikové eso', 'вале каро')
>>> from cribbage.core.cards import parse_cards
>>> try:
...     parse_cards("5H 5H")
... except ValueError as error:
...     error_message(error, "pl")
'Karta 5♥ (piątka kier) występuje dwa razy.'
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from .core.cards import Card
from .errors import CribbageError
from .typography import typeset

Language = str
"""One of :data:`LANGUAGES`."""

LANGUAGES: tuple[Language, ...] = ("en", "pl", "cs", "sk", "bg")
DEFAULT_LANGUAGE: Language = "en"

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class MissingMessageError(KeyError):
    """A key that no catalogue defines: a bug in the caller, never bad input."""


@cache
def catalogue(lang: Language) -> dict[str, Any]:
    """The flat ``{key: message}`` mapping of one language (cached)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    from importlib import resources  # here, not above: it costs the batch CLI, which needs no words, a tenth of its run

    text = resources.files(__package__).joinpath("messages", f"{lang}.json").read_text(encoding="utf-8")
    messages: dict[str, Any] = json.loads(text)
    return messages


def plural_category(lang: Language, count: int) -> str:
    """The CLDR plural category of a whole number (cardinal).

    >>> [plural_category("pl", n) for n in (1, 2, 5, 12, 22, 25)]
    ['one', 'few', 'many', 'many', 'few', 'many']
    """
    n = abs(count)
    if n == 1:
        return "one"
    if lang == "pl":
        return "few" if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else "many"
    if lang in ("cs", "sk"):
        return "few" if n in (2, 3, 4) else "other"
    return "other"


def lookup(key: str, lang: Language) -> Any:
    """The raw message for ``key``, falling back to English."""
    for language in (lang, DEFAULT_LANGUAGE):
        messages = catalogue(language)
        if key in messages:
            return messages[key]
    raise MissingMessageError(key)


def t(key: str, lang: Language, /, **params: Any) -> str:
    """Translate ``key`` into ``lang`` and fill in ``params``.

    >>> t("kind.fifteen", "sk")
    'pätnástka'
    """
    message = lookup(key, lang)
    if isinstance(message, dict):
        category = plural_category(lang, int(params.get("count", 0)))
        message = message.get(category, message["other"])
    text = str(message)
    return typeset(text.format(**params) if params else text, lang)


def has_message(key: str, lang: Language) -> bool:
    return key in catalogue(lang) or key in catalogue(DEFAULT_LANGUAGE)


def number(value: float, lang: Language, places: int = 2) -> str:
    """A number with ``places`` decimals, the language's decimal sign and a true minus sign
    (a hyphen is a typist's stand-in for it).

    Every page prints its numbers through here, so one value reads the same in
    the advisor's table and in the game's "Why?" box.

    >>> number(12.4083, "en"), number(12.4083, "pl"), number(8.5, "cs", 1), number(-1.52, "sk")
    ('12.41', '12,41', '8,5', '−1,52')
    """
    text = f"{value:.{places}f}".replace(".", t("number.decimal", lang))
    return text.replace("-", "\N{MINUS SIGN}") if text.strip("-0.,") else text.lstrip("-")


def points_text(points: int, lang: Language) -> str:
    """``1 point``, ``5 punktów``, ``3 body``: the count with its plural form.

    >>> points_text(2, "cs"), points_text(22, "pl")
    ('2\\xa0body', '22\\xa0punkty')
    """
    return t("ui.points", lang, count=points)


def number_word(number: int, lang: Language) -> str:
    """How players say a count: ``fifteen``, ``piętnaście`` ... (digits past the list).

    >>> number_word(29, "en"), number_word(6, "bg"), number_word(121, "en")
    ('twenty-nine', 'шест', '121')
    """
    words = lookup("numbers", lang)
    return str(words[number]) if 0 <= number < len(words) else str(number)


def suit_name(suit: str, lang: Language) -> str:
    """The suit's own name (``hearts``, ``kier``, ``srdce``), for labels and legends."""
    return str(lookup("card.suits", lang)[suit]["name"])


def card_name(card: Card, lang: Language) -> str:
    """A card's full name, as a screen reader should say it.

    Czech and Slovak name a card with a suit adjective that agrees with the
    rank's gender (``srdcová dáma``, ``srdcový král``), so each rank records its
    gender and each suit its forms.
    """
    rank = lookup("card.ranks", lang)[card.rank - 1]
    suit = lookup("card.suits", lang)[card.suit]
    forms = {"rank": rank["name"], "suit": suit.get(rank.get("gender", ""), suit["name"])}
    return typeset(str(lookup("card.pattern", lang)).format(**forms), lang)


def card_label(card: Card, lang: Language) -> str:
    """Short visible text plus the name: ``5♥ five of hearts``."""
    return f"{card_symbol(card)} {card_name(card, lang)}"


def card_symbol(card: Card) -> str:
    """``5♥``: the rank and the suit symbol (never colour alone)."""
    return str(card)[:-1] + SUIT_SYMBOLS[card.suit]


def _card_param(value: Any, lang: Language) -> Any:
    if isinstance(value, Card):
        return card_name(value, lang)
    if isinstance(value, str):
        try:
            return f"{card_symbol(Card.parse(value))} ({card_name(Card.parse(value), lang)})"
        except CribbageError:
            return value
    return value


def error_message(error: Exception, lang: Language) -> str:
    """Say a :class:`~cribbage.errors.CribbageError` in ``lang``.

    Card parameters are named in the language; an illegal play names its reason.
    Any other exception falls back to the generic message.
    """
    if not isinstance(error, CribbageError):
        return t("error.error", lang)
    params = dict(error.params)
    for name in ("card", "starter"):
        if name in params:
            params[name] = _card_param(params[name], lang)
    reason = params.get("reason")
    if reason is not None:
        key = f"reason.{reason}"
        params["reason"] = t(key, lang, **params) if has_message(key, lang) else str(reason)
    key = f"error.{error.code}"
    if not has_message(key, lang):
        key = "error.error"
    try:
        return t(key, lang, **params)
    except (KeyError, IndexError, ValueError):
        return t("error.error", lang)


def seat_name(seat: int, players: int, lang: Language) -> str:
    """Two players are the pone and the dealer, as the pages call them; more are
    ``Player 1`` ... from the dealer's left, the last seat being the dealer.

    >>> [seat_name(seat, 2, "en") for seat in (0, 1)], seat_name(2, 3, "en")
    (['Pone', 'Dealer'], 'Player 3 (Dealer)')
    """
    if players == 2:
        name = t("ui.pone" if seat == 0 else "ui.dealer", lang)
        return name[:1].upper() + name[1:]
    name = t("ui.player", lang, n=seat + 1)
    return f"{name} ({t('ui.dealer', lang)})" if seat == players - 1 else name
