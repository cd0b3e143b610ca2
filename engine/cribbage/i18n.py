"""The message catalogue: every word the CLI, the build and the browser show.

The words live in ``cribbage/messages/<lang>.json``, one file per language, so a
translator edits data, not code. A message is a string with ``{name}``
placeholders, or a mapping of plural categories (``one``, ``few``, ``many``,
``other``) chosen by the ``count`` parameter. Every message is returned set in its
language's typography (:mod:`cribbage.typography`): the examples, the game, the coach and
the CLI keep ``5 bodů`` and ``v Anglii`` on one line, and speak in their own quotes.

Numbers agree with words by rule, and the rules are each language's data too:
``number.plural_rules`` holds CLDR's cardinal plural rules in CLDR's own syntax (CLDR 47,
``plurals.xml``, without the samples), so ``1,5 bodu`` and ``2 body`` are chosen by the
number as it is written; a placeholder ``{total:from}`` or ``{rank:ordinal}`` asks for a
numeral form the language defines (``numeral.<form>``: the Czech ``z 5`` / ``ze 4``, the
Bulgarian ``8-и``); and an amount of points is said by :func:`points_text`, its decimals
only when it has them.

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
import re
import string
from decimal import Decimal
from functools import cache
from typing import Any, Literal, NamedTuple

from .analysis.credit import shown
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


Number = int | float | Decimal | str
"""A number as it is written: a float or a text (``"1.50"``) by its digits, so ``2.0`` has a decimal and ``2`` none."""


class Operands(NamedTuple):
    """CLDR's plural operands of a number as written: ``n`` its absolute value, ``i`` its
    integer digits, ``v`` how many decimals it shows and ``f`` those digits, ``w`` and ``t``
    the same without the zeros that end them (``1.50``: v 2, f 50, w 1, t 5)."""

    n: Decimal
    i: int
    v: int
    w: int
    f: int
    t: int


def operands(number: Number) -> Operands:
    """
    >>> operands("1.50")
    Operands(n=Decimal('1.50'), i=1, v=2, w=1, f=50, t=5)
    """
    text = format(abs(Decimal(str(number))), "f")
    integer, _, decimals = text.partition(".")
    shown = decimals.rstrip("0")
    return Operands(Decimal(text), int(integer), len(decimals), len(shown), int(decimals or 0), int(shown or 0))


class _Relation(NamedTuple):
    """``i % 10 = 2..4`` of a CLDR condition: an operand, a modulus, ``=`` or ``!=``, ranges."""

    operand: str
    modulus: int | None
    negated: bool
    ranges: tuple[tuple[int, int], ...]

    def holds(self, number: Operands) -> bool:
        value: Decimal | int = getattr(number, self.operand)
        if self.modulus is not None:
            value %= self.modulus
        inside = value == int(value) and any(low <= value <= high for low, high in self.ranges)
        return inside != self.negated


_RELATION = re.compile(r"([nivwft])\s*(?:%\s*(\d+))?\s*(!=|=)\s*(\d+(?:\.\.\d+)?(?:\s*,\s*\d+(?:\.\.\d+)?)*)")


@cache
def _condition(text: str) -> tuple[tuple[_Relation, ...], ...]:
    """A CLDR condition (``v = 0 and i % 10 = 2..4 or ...``): alternatives, each of relations that must all hold."""
    alternatives = []
    for alternative in text.split(" or "):
        relations = []
        for relation in alternative.split(" and "):
            match = _RELATION.fullmatch(relation.strip())
            if match is None:
                raise ValueError(f"not a CLDR plural relation: {relation!r} in {text!r}")
            operand, modulus, sign, ranges = match.groups()
            spans = tuple(
                (int(low), int(high or low))
                for low, _, high in (part.strip().partition("..") for part in ranges.split(","))
            )
            relations.append(_Relation(operand, int(modulus) if modulus else None, sign == "!=", spans))
        alternatives.append(tuple(relations))
    return tuple(alternatives)


def holds(condition: str, number: Number | Operands) -> bool:
    """Whether ``number`` (or its operands) meets a CLDR condition.

    >>> holds("v = 0 and i % 10 = 2..4 and i % 100 != 12..14", 22), holds("v != 0", "2.0")
    (True, True)
    """
    written = number if isinstance(number, Operands) else operands(number)
    return any(all(relation.holds(written) for relation in alternative) for alternative in _condition(condition))


def plural_category(number: Number, lang: Language) -> str:
    """The CLDR plural category (cardinal) of ``number`` as written, by the language's
    ``number.plural_rules``: the first category whose condition holds, else ``other``.

    >>> [plural_category(n, "pl") for n in (1, 2, 5, 12, 22, 25, "1.5")]
    ['one', 'few', 'many', 'many', 'few', 'many', 'other']
    >>> [plural_category(n, "cs") for n in (1, 3, 5, "1.5", "2.0")]
    ['one', 'few', 'other', 'many', 'many']
    """
    rules: dict[str, str] = catalogue(lang)["number.plural_rules"]
    written = operands(number)
    return next((category for category, condition in rules.items() if holds(condition, written)), "other")


def numeral(number: Number, form: str, lang: Language) -> str:
    """``number`` in one of the language's numeral forms, ``numeral.<form>``: patterns by
    CLDR condition, the first that holds, else ``other``. A message asks for one as
    ``{total:from}``; a language that needs no such form writes the words in the message.
    A pattern has the digits as ``{n}`` and the count in words as ``{word}``: ``{count:word}``
    says ``two fifteens``, and ``word_f`` the Czech feminine ``dvě patnáctky``.

    >>> numeral(5, "from", "cs"), numeral(4, "from", "cs"), numeral(147, "from", "cs"), numeral(8, "ordinal", "bg")
    ('z 5', 'ze 4', 'ze 147', '8-и')
    >>> numeral(2, "word", "en"), numeral(2, "word_f", "cs"), numeral(3, "word_f", "cs")
    ('two', 'dvě', 'tři')
    """
    forms: dict[str, str] = lookup(f"numeral.{form}", lang)
    written = operands(number)
    pattern = next(text for condition, text in forms.items() if condition == "other" or holds(condition, written))
    whole = Decimal(str(number))
    return pattern.format(n=_written(number, lang), word=number_word(int(whole), lang) if whole == int(whole) else "")


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
        message = message.get(plural_category(params.get("count", 0), lang), message["other"])
    text = str(message)
    return typeset(_formatter(lang).vformat(text, (), params) if params else text, lang)


def t_parts(key: str, lang: Language, /, **params: Any) -> tuple[tuple[str, str], ...]:
    """``t(key, lang, **params)`` cut into its parts: ``("", words)`` for the message's own
    words and ``(name, text)`` for what the parameter ``name`` wrote, so a page can give each
    number an element of its own, for a script to change, while the words stay the catalogue's.

    >>> t_parts("progress.summary", "pl", done=0, total=49, stars=0, most=147)[:4]
    (('', 'ukończono '), ('done', '0'), ('', '\\xa0z\\xa0'), ('total', '49'))
    >>> "".join(text for _, text in t_parts("ui.points", "cs", count=3)) == t("ui.points", "cs", count=3)
    True
    """
    message = lookup(key, lang)
    if isinstance(message, dict):
        message = message.get(plural_category(params.get("count", 0), lang), message["other"])
    formatter = _formatter(lang)
    parts: list[tuple[str, str]] = []
    for words, name, spec, conversion in formatter.parse(str(message)):
        if words:
            parts.append(("", words))
        if name is not None:
            value, _ = formatter.get_field(name, (), params)
            parts.append((name, str(formatter.format_field(formatter.convert_field(value, conversion), spec or ""))))
    # Typesetting changes one character for one (a catalogue message has no line breaks), so
    # the whole is set as t() sets it and cut again where the parts were.
    whole = "".join(text for _, text in parts)
    typeset_whole = typeset(whole, lang)
    if len(typeset_whole) != len(whole):
        raise ValueError(f"{key}: typesetting changed the length of the message")
    cut: list[tuple[str, str]] = []
    at = 0
    for name, text in parts:
        cut.append((name, typeset_whole[at : at + len(text)]))
        at += len(text)
    return tuple(cut)


POINTS_FORM = "points"
"""A message's ``{total:points}``: a number of points with its unit in the plural form the
number takes (:func:`points_text`), where a language says "the cards make 4 points" and not "make 4"."""


class _MessageFormatter(string.Formatter):
    """``str.format`` for a message: a format that names a numeral form of the language
    (``{total:from}``, ``{count:word}``) asks for it, ``{total:points}`` writes points with their
    unit (:data:`POINTS_FORM`), a name's form
    (``{seat:mid}``, ``{name:start}``) picks the form a sentence needs, and an amount (a Decimal or a float) is written with
    the language's decimal sign."""

    def __init__(self, lang: Language) -> None:
        super().__init__()
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec in NAME_FORMS:  # a name given as plain text has its label only
            return value.form(format_spec) if isinstance(value, Named) else str(value)
        if format_spec == POINTS_FORM:
            return points_text(value, self.lang)
        if format_spec and has_message(f"numeral.{format_spec}", self.lang):
            return numeral(value, format_spec, self.lang)
        if isinstance(value, (Decimal, float)) and not format_spec:
            return _written(value, self.lang)
        return super().format_field(value, format_spec)


@cache
def _formatter(lang: Language) -> _MessageFormatter:
    return _MessageFormatter(lang)


def has_message(key: str, lang: Language) -> bool:
    return key in catalogue(lang) or key in catalogue(DEFAULT_LANGUAGE)


NAME_FORMS = ("label", "mid", "start")
"""The forms of a name that a message asks for: ``label`` as a heading or a score line shows it
(``Computer on your left``), ``mid`` in running text (``the computer on your left``), ``start``
opening a sentence (``The computer on your left``). A message's bare ``{seat}`` is the label."""


class Named(str):
    """A name with its forms: as a string it is the label, so a heading or a table shows it as
    it is; a message asks for another form with ``{seat:mid}`` or ``{seat:start}``.

    >>> seat = named("ui.pone", "en")
    >>> str(seat), t("ui.choose_next", "en", seat=seat), t("play.to_move", "en", seat=seat)
    ('Pone', 'Play a card for the pone', 'The pone to play.')
    """

    mid: str

    def __new__(cls, label: str, mid: str) -> Named:
        name = super().__new__(cls, label)
        name.mid = mid
        return name

    def form(self, form: str) -> str:
        if form == "mid":
            return self.mid
        if form == "start":  # a sentence starts with a capital, in every language here
            return self.mid[:1].upper() + self.mid[1:]
        return str(self)

    def aside(self, note: Named) -> Named:
        """The name with a note after it in brackets, each in the same form: ``Player 3 (Dealer)``."""
        return Named(f"{self} ({note})", f"{self.mid} ({note.mid})")


def named(key: str, lang: Language, /, **params: Any) -> Named:
    """The name ``key`` (a seat, a role) with its running-text form ``<key>.mid``."""
    return Named(t(key, lang, **params), t(f"{key}.mid", lang, **params))


def number(value: float, lang: Language, places: int = 2) -> str:
    """A number with ``places`` decimals, the language's decimal sign and a true minus sign
    (a hyphen is a typist's stand-in for it).

    Every table prints its numbers through here, so one value reads the same in
    the advisor's table and in the game's "Why?" box.

    >>> number(12.4083, "en"), number(12.4083, "pl"), number(8.5, "cs", 1), number(-1.52, "sk")
    ('12.41', '12,41', '8,5', '−1,52')
    """
    return _written(f"{value:.{places}f}", lang)


def _written(number: Number, lang: Language) -> str:
    """The digits of ``number`` with the language's decimal sign and a true minus sign (none for a zero)."""
    text = (number if isinstance(number, str) else format(Decimal(str(number)), "f")).replace(
        ".", t("number.decimal", lang)
    )
    return text.replace("-", "\N{MINUS SIGN}") if text.strip("-0.,") else text.lstrip("-")


def amount(value: float, places: int = 2) -> Decimal:
    """``value`` as a reader says an amount: rounded to ``places`` decimals as :func:`number`
    rounds it (so a sentence and a table agree), without the zeros that would end it.

    >>> amount(2.0), amount(1.504), amount(0.25), amount(-0.001)
    (Decimal('2'), Decimal('1.5'), Decimal('0.25'), Decimal('0'))
    """
    text = f"{value:.{places}f}"
    rounded = Decimal(text.rstrip("0").rstrip(".") if "." in text else text)
    return rounded if rounded else Decimal(0)


def points_text(points: float, lang: Language, places: int = 2) -> str:
    """An amount of points as a reader says it: the amount (:func:`amount`) with the plural
    form its written digits take.

    >>> points_text(2, "cs"), points_text(1.5, "cs"), points_text(5, "cs"), points_text(22, "pl"), points_text(2.004, "en")
    ('2\\xa0body', '1,5\\xa0bodu', '5\\xa0bodů', '22\\xa0punkty', '2 points')
    """
    return t("ui.points", lang, count=amount(points, places))


def expected(value: float) -> Decimal:
    """An expected (average) number of points as every table prints it (:func:`number`): two
    decimals, its zeros kept, so that a sentence reads the figure of the table beside it.

    >>> expected(18.1), expected(4.904), expected(-0.001)
    (Decimal('18.10'), Decimal('4.90'), Decimal('-0.00'))
    """
    return shown(value)


def expected_points_text(points: float, lang: Language) -> str:
    """An expected number of points in a sentence (:func:`expected`), with the plural form
    its written digits take.

    >>> expected_points_text(18.1, "en"), expected_points_text(4.9, "pl"), expected_points_text(-0.001, "cs")
    ('18.10 points', '4,90\xa0punktu', '0,00\xa0bodu')
    """
    return t("ui.points", lang, count=expected(points))


def shown_difference(high: float, low: float) -> float:
    """How far apart two expected values are, as the reader subtracts the figures shown
    (each rounded as :func:`number` prints it): one rounding, shown once.

    >>> best, yours = -0.366, -0.734  # shown as -0.37 and -0.73; apart by 0.368 unrounded
    >>> number(shown_difference(best, yours), "en"), number(best - yours, "en")
    ('0.36', '0.37')
    """
    return float(shown(high) - shown(low))


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


CardCase = Literal["nom", "acc"]
"""The grammatical case a card is named in: as a subject, or as the object of a verb."""


def card_name(card: Card, lang: Language, case: CardCase = "nom") -> str:
    """A card's full name, as a screen reader should say it.

    Czech and Slovak name a card with a suit adjective that agrees with the
    rank's gender (``srdcová dáma``, ``srdcový král``), so each rank records its
    gender and each suit its forms.  ``case="acc"``: the name as the object of a verb
    ("Počítač hraje srdcovou dámu", "Komputer zagrywa waleta kier"), from the ranks' and
    suits' ``acc`` forms where a language has them.

    >>> card_name(Card(12, "H"), "cs", "acc"), card_name(Card(11, "S"), "pl", "acc"), card_name(Card(12, "H"), "en", "acc")
    ('srdcovou dámu', 'waleta pik', 'queen of hearts')
    """
    rank = lookup("card.ranks", lang)[card.rank - 1]
    suit = lookup("card.suits", lang)[card.suit]
    gender = rank.get("gender", "")
    suit_forms = suit.get(case, suit) if case != "nom" else suit
    forms = {"rank": rank.get(case, rank["name"]), "suit": suit_forms.get(gender, suit.get(gender, suit["name"]))}
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
    elif has_message(f"{key}.{params.get('kind')}", lang):  # said of the kind asked for: "A run needs ..."
        key = f"{key}.{params['kind']}"
    params.setdefault("count", params.get("expected", 0))  # a plural message agrees with the number asked for
    try:
        return t(key, lang, **params)
    except (KeyError, IndexError, ValueError):
        return t("error.error", lang)


def seat_name(seat: int, players: int, lang: Language) -> Named:
    """Two players are the pone and the dealer, as the pages call them; more are
    ``Player 1`` ... from the dealer's left, the last seat being the dealer.

    >>> [seat_name(seat, 2, "en") for seat in (0, 1)], seat_name(2, 3, "en"), seat_name(2, 3, "en").mid
    (['Pone', 'Dealer'], 'Player 3 (Dealer)', 'Player 3 (the dealer)')
    """
    if players == 2:
        role = named("ui.pone" if seat == 0 else "ui.dealer", lang)
        return Named(
            role[:1].upper() + role[1:], role.mid
        )  # a label, though Polish and Bulgarian write the role lowercase
    name = named("ui.player", lang, n=seat + 1)
    return name.aside(named("ui.dealer", lang)) if seat == players - 1 else name
