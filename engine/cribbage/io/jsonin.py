"""JSON requests: where a script's input becomes cards, or a coded refusal.

The CLI reads ``score --json -`` and ``peg --json -`` through this module.
Every problem is a :class:`~cribbage.errors.RequestError` (or a card error
from :mod:`cribbage.core.cards`) with a code and parameters, so it can be said in
the reader's language; Python's own messages never reach the reader.

* The text must be UTF-8 JSON, nested no deeper than Python's reader follows,
  with integers of at most :data:`MAX_INTEGER_DIGITS` digits.
* A request is an object with known fields only (a misspelt ``"crip"`` would
  otherwise be ignored and the hand scored as a hand).
* Cards are a list of card strings or one string of cards; a flag is JSON
  ``true`` or ``false``, never a string such as ``"false"``.

>>> request = score_request(read_json('{"hand": "5H 5S 5C JD", "starter": "5D"}'))
>>> " ".join(map(str, request.hand)), str(request.starter), request.crib
('5H 5S 5C JD', '5D', False)
>>> score_request({"hand": ["5H", "5S", "5C", "JD"], "starter": "5D", "crib": "false"})
Traceback (most recent call last):
...
cribbage.errors.FieldTypeError: crib: expected true or false
>>> read_json("[" * 100_000 + "]" * 100_000)
Traceback (most recent call last):
...
cribbage.errors.JsonDepthError: the JSON is nested too deeply
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from itertools import repeat
from typing import Any, NamedTuple, cast

from ..core.cards import CARD_BY_TEXT, Card, parse_cards
from ..core.play import check_hands
from ..core.variants import Variant, variant_flag
from ..errors import (
    FieldTypeError,
    JsonDepthError,
    JsonEncodingError,
    JsonNumberError,
    JsonSyntaxError,
    MissingFieldError,
    NotAnObjectError,
    UnknownFieldError,
)

MAX_INTEGER_DIGITS = 30
"""No request field is a number; this only keeps a huge one from costing time."""


class _Form(NamedTuple):
    """The fields of one kind of request, and a valid request to show when it is not an object."""

    required: tuple[str, ...]
    known: tuple[str, ...]
    example: str
    field_set: frozenset[str]


def _form(required: tuple[str, ...], optional: tuple[str, ...], example: str) -> _Form:
    return _Form(required, (*required, *optional), example, frozenset((*required, *optional)))


_SCORE = _form(("hand", "starter"), ("crib",), '{"hand": "5H 5S 5C JD", "starter": "5D", "crib": false}')
_PEG = _form(
    ("hands", "plays"),
    ("five_card", "variant"),
    '{"hands": ["7H 8D", "8S 6C"], "plays": "7H 8S 8D 6C", "five_card": false}',
)


class ScoreRequest(NamedTuple):
    """Score ``hand`` with ``starter``, as a crib when ``crib``."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool


class PegRequest(NamedTuple):
    """Replay ``plays`` from ``hands`` (seat 0 first, the dealer last)."""

    hands: tuple[tuple[Card, ...], ...]
    plays: tuple[Card, ...]
    variant: Variant


MAX_NESTING = 64
"""Deeper than any request or widget state of ours ever nests."""

_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def check_nesting(text: str) -> None:
    """Refuse JSON nested deeper than :data:`MAX_NESTING`, before any parser follows it.

    CPython's reader raises RecursionError in time, but in the browser (Pyodide) the
    runtime's own stack overflows first and the whole engine stops, so text that reaches
    the engine there is measured first.

    >>> check_nesting('{"hands": [["5H"], ["KS"]], "note": "[[[["}')
    >>> check_nesting("[" * 65 + "]" * 65)
    Traceback (most recent call last):
    ...
    cribbage.errors.JsonDepthError: the JSON is nested too deeply
    """
    depth = 0
    for bracket in _BRACKET.finditer(_JSON_STRING.sub("", text)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_NESTING:
            raise JsonDepthError("the JSON is nested too deeply")


def read_json(text: str | bytes) -> Any:
    """Parse JSON text (bytes must be UTF-8; a leading byte-order mark is allowed).

    >>> read_json(b'{"crib": true}')
    {'crib': True}
    >>> read_json('[1, 2')
    Traceback (most recent call last):
    ...
    cribbage.errors.JsonSyntaxError: not JSON: Expecting ',' delimiter at line 1, column 6
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise JsonEncodingError("the input is not UTF-8") from None
    if sys.platform == "emscripten":  # see check_nesting; CPython needs no scan of a large batch
        check_nesting(text)
    try:
        return json.loads(text, parse_int=_bounded_int)
    except json.JSONDecodeError as error:
        raise JsonSyntaxError(
            f"not JSON: {error.msg} at line {error.lineno}, column {error.colno}", line=error.lineno, column=error.colno
        ) from None
    except RecursionError:
        raise JsonDepthError("the JSON is nested too deeply") from None


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INTEGER_DIGITS:
        raise JsonNumberError(f"an integer longer than {MAX_INTEGER_DIGITS} digits", limit=MAX_INTEGER_DIGITS)
    return int(digits)


def request_list(value: Any) -> tuple[list[Any], bool]:
    """The requests of a batch (a list) or of one request (anything else), and
    whether it was a list, so that the answer can take the same shape."""
    return (value, True) if isinstance(value, list) else ([value], False)


def score_request(value: Any) -> ScoreRequest:
    """One ``score`` request: ``hand``, ``starter`` and an optional ``crib`` flag.

    The number of cards is left to :func:`cribbage.core.show.score_show`, which knows
    the five-card game's hands of 3.
    """
    fields = _fields(value, _SCORE)
    return ScoreRequest(_cards(fields["hand"], "hand"), _card(fields["starter"], "starter"), _flag(fields, "crib"))


PlainScoreRequest = tuple[tuple[Card, ...], Card, bool]
"""The fields of a :class:`ScoreRequest` in a plain tuple, cheaper to make: a batch makes thousands."""


def plain_score_request(value: Any) -> PlainScoreRequest | None:
    """The usual ``score`` request, read in one step; ``None`` for any other.

    The usual request is ``{"hand": [4 card strings], "starter": "5D"}`` with
    an optional ``"crib": true/false``, each card in a spelling of
    :data:`~cribbage.core.cards.CARD_BY_TEXT` and no card twice: a batch is
    thousands of these. Anything else (cards as one string, a hand of 3, any
    mistake) is left to :func:`score_request`, which reads it or says what is
    wrong with it.

    >>> plain_score_request({"hand": ["5H", "5S", "5C", "JD"], "starter": "5D"}) is not None
    True
    >>> plain_score_request({"hand": "5H 5S 5C JD", "starter": "5D"}) is None
    True
    """
    if type(value) is not dict or not value.keys() <= _SCORE.field_set:
        return None
    hand, starter, crib = value.get("hand"), value.get("starter"), value.get("crib", False)
    if type(hand) is not list or len(hand) != 4 or (crib is not True and crib is not False):
        return None
    a, b, c, d = hand
    try:  # a text that is no card, or a number, finds nothing
        cards, cut = (_CARD(a), _CARD(b), _CARD(c), _CARD(d)), _CARD(starter)
    except TypeError:  # a list or an object, which has no hash
        return None
    found = {*cards, cut}
    if len(found) != 5 or None in found:  # a card twice, or one not found
        return None
    return cast("PlainScoreRequest", (cards, cut, crib))  # a string: no type is built per call


_CARD: Callable[[Any], Card | None] = CARD_BY_TEXT.get
"""A card's usual spelling to the card; any other text or value (except one with no hash) to ``None``."""


def peg_request(value: Any) -> PegRequest:
    """One ``peg`` request: ``hands``, ``plays``, an optional ``variant`` (a name) or
    the older ``five_card`` flag (:func:`cribbage.core.variants.variant_flag`).

    >>> peg_request({"hands": ["7H 8D", ["8S", 6]], "plays": []})
    Traceback (most recent call last):
    ...
    cribbage.errors.FieldTypeError: hands[1][1]: expected one card as text
    """
    fields = _fields(value, _PEG)
    hands = fields["hands"]
    if not isinstance(hands, list):
        raise FieldTypeError("hands: expected a list of hands", field="hands", reason="type_hands")
    request = PegRequest(
        tuple(_cards(hand, f"hands[{seat}]") for seat, hand in enumerate(hands)),
        _cards(fields["plays"], "plays"),
        variant_flag(_flag(fields, "five_card"), _name(fields, "variant")),
    )
    check_hands(request.hands, request.variant)  # a whole play: each hand the game's
    return request


def _fields(value: Any, form: _Form) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise NotAnObjectError("a request must be a JSON object", example=form.example)
    if not value.keys() <= form.field_set:
        unknown = next(field for field in value if field not in form.known)
        raise UnknownFieldError(f"unknown field {unknown!r}", field=unknown, known=", ".join(form.known))
    for field in form.required:
        if field not in value:
            raise MissingFieldError(f"missing field {field!r}", field=field)
    return value


def _cards(value: Any, field: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        return parse_cards(value)
    if not isinstance(value, list):
        raise FieldTypeError(
            f"{field}: expected a list of cards or a string of cards", field=field, reason="type_cards"
        )
    if not all(map(isinstance, value, repeat(str))):
        position = next(position for position, card in enumerate(value) if not isinstance(card, str))
        name = f"{field}[{position}]"
        raise FieldTypeError(f"{name}: expected one card as text", field=name, reason="type_card")
    return parse_cards(value)


def _card(value: Any, field: str) -> Card:
    if not isinstance(value, str):
        raise FieldTypeError(f"{field}: expected one card as text", field=field, reason="type_card")
    return Card.parse(value)


def _name(fields: dict[str, Any], field: str) -> str | None:
    value = fields.get(field)
    if value is not None and not isinstance(value, str):
        raise FieldTypeError(f"{field}: expected a name", field=field, reason="type_name")
    return value


def _flag(fields: dict[str, Any], field: str) -> bool:
    value = fields.get(field, False)
    if value is not True and value is not False:
        raise FieldTypeError(f"{field}: expected true or false", field=field, reason="type_boolean")
    return value
