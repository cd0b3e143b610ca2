"""What a widget reads: the ``key: value`` lines of a block, and the state the page sends back.

A block's text is the author's; a widget's state comes back from the page, where
a reader (or a stale save) may have changed it.  Both are checked here before any
rule sees them: a bad block raises :class:`BlockError` (the build stops naming
the line), a bad state raises :class:`StateError` (the page shows a notice).

>>> parse_fields("hand: 5H 5S 5C JD\\n\\nstarter: 5D", ("hand", "starter", "crib"), ("hand",))
{'hand': ('5H 5S 5C JD', 1), 'starter': ('5D', 3)}
>>> parse_fields("colour: red", ("hand",), ())
Traceback (most recent call last):
...
cribbage.widgets.source.BlockError: line 1: unknown key “colour” (known: hand)
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

from ..core.cards import DECK, Card, parse_cards
from ..core.variants import FIVE_CARD, VARIANTS, Variant, variant_flag
from ..errors import CribbageError
from ..i18n import DEFAULT_LANGUAGE, t
from ..io.jsonin import check_nesting

Fields = dict[str, tuple[str, int]]
"""``key -> (value, line)`` of one block."""

State = dict[str, Any]
"""A widget's state as JSON-ready data (kept on the widget root)."""

Action = dict[str, Any]
"""What the reader did: ``{"action": "set", "name": "card1", "value": "5H"}``."""

UID = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,40}$")
"""A widget's id, which names its radio groups in the page."""

CARD_TEXTS = frozenset(str(card) for card in DECK)

_LINE = re.compile(r"^\s*([A-Za-z][A-Za-z-]*)\s*:\s*(.*?)\s*$")

T = TypeVar("T")


class BlockError(CribbageError):
    """An invalid live block: ``code`` names what is wrong, ``line`` where.

    ``line`` counts from the first line inside the fence (1), or is 0 when the
    problem is not on one line (a missing key).
    """

    code = "block"

    def __init__(self, code: str, line: int = 0, /, **params: Any) -> None:
        self.code = code
        self.line = line
        self.text = t(f"error.{code}", DEFAULT_LANGUAGE, **params)
        super().__init__(f"line {line}: {self.text}" if line else self.text, **params)


class StateError(CribbageError):
    """A widget state (or a reader's action) that no page of ours would send.

    It came from the page, so it may have been edited or saved by an older
    version; the widget answers with a notice in the page's language.
    """

    code = "bad_state"


# -- block source ------------------------------------------------------------


def parse_fields(source: str, keys: Sequence[str], required: Iterable[str]) -> Fields:
    """Read ``key: value`` lines (blank lines and ``#`` comments are skipped)."""
    fields: Fields = {}
    for number, line in enumerate(source.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _LINE.match(line)
        if match is None:
            raise BlockError("block_syntax", number, text=line.strip())
        key, value = match.group(1).lower(), match.group(2)
        if key not in keys:
            raise BlockError("block_unknown_key", number, key=key, known=", ".join(keys))
        if key in fields:
            raise BlockError("block_duplicate_key", number, key=key)
        fields[key] = (value, number)
    for key in required:
        if key not in fields:
            raise BlockError("block_missing_key", key=key)
    return fields


def flag(fields: Fields, key: str, default: bool = False) -> bool:
    """``yes``/``no`` (or ``true``/``false``, ``1``/``0``, ``on``/``off``)."""
    if key not in fields:
        return default
    value, line = fields[key]
    lowered = value.lower()
    if lowered in ("yes", "true", "1", "on"):
        return True
    if lowered in ("no", "false", "0", "off"):
        return False
    raise BlockError("block_bad_value", line, key=key, value=value)


def natural(text: str, most: int = 9) -> int | None:
    """The number ``text`` writes in at most ``most`` ASCII digits, else None.

    ``str.isdigit`` also takes digits that are not ASCII, which ``int`` refuses ("²")
    or reads ("٣"): a block, a page or a saved state that writes them is refused as
    any other text that is not a number.

    >>> natural("29"), natural("029", 2), natural("²⁹"), natural("٣"), natural("-1"), natural(" 7")
    (29, None, None, None, None, None)
    """
    return int(text) if text.isascii() and text.isdigit() and len(text) <= most else None


def integer(fields: Fields, key: str, default: int, allowed: Iterable[int]) -> int:
    if key not in fields:
        return default
    value, line = fields[key]
    number = natural(value)
    if number is None or number not in allowed:
        raise BlockError("block_bad_value", line, key=key, value=value)
    return number


def game_variant(fields: Fields) -> Variant:
    """The game a block plays: ``variant: seven-card`` (a name of :data:`~cribbage.core.variants.VARIANTS`),
    or the older ``five-card: yes``; by default the standard game.

    >>> game_variant({"variant": ("Seven-card", 2)}).kept, game_variant({}).name
    (5, 'six-card')
    >>> game_variant({"variant": ("seven-card", 2), "five-card": ("yes", 3)})
    Traceback (most recent call last):
    ...
    cribbage.widgets.source.BlockError: line 2: “seven-card” is not a valid value for “variant”
    """
    five_card = flag(fields, "five-card")
    if "variant" not in fields:
        return variant_flag(five_card)
    value, line = fields["variant"]
    found = VARIANTS.get(value.lower())
    if found is None or (five_card and found is not FIVE_CARD):
        raise BlockError("block_bad_value", line, key="variant", value=value)
    return found


def variant_line(fields: Fields) -> tuple[str, str, int]:
    """Where a block names its game (key, value, line), for an error about it; line 0: nowhere."""
    for key in ("variant", "five-card"):
        if key in fields:
            return key, *fields[key]
    return "variant", VARIANTS["six-card"].name, 0


def cards(fields: Fields, key: str) -> tuple[Card, ...]:
    value, line = fields[key]
    try:
        return parse_cards(value)
    except CribbageError as error:
        raise BlockError("block_bad_value", line, key=key, value=f"{value} ({error})") from error


def expect(fields: Fields, actual: Sequence[int]) -> None:
    """Compare ``expect`` (``29`` or ``5 | 3``) with what the engine found."""
    if "expect" not in fields:
        return
    value, line = fields["expect"]
    numbers = [natural(part.strip()) for part in value.split("|")]
    if None in numbers:
        raise BlockError("block_bad_value", line, key="expect", value=value)
    if numbers != list(actual):
        raise BlockError("block_expect", line, expected=value, actual=" | ".join(map(str, actual)))


def block_uid(kind: str, source: str) -> str:
    """A widget id that depends on the block's text only (the same on every build)."""
    return "cb-" + kind[0] + hashlib.sha1(source.encode()).hexdigest()[:8]


# -- state from the page -------------------------------------------------------


def field(state: Mapping[str, Any], name: str, kind: type[T]) -> T:
    """``state[name]`` when it is a ``kind`` (a bool is not an int here), else :class:`StateError`.

    >>> field({"step": 3}, "step", int)
    3
    >>> field({"step": True}, "step", int)
    Traceback (most recent call last):
    ...
    cribbage.widgets.source.StateError: step
    """
    value = state.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise StateError(name)
    return value


def card_texts(state: Mapping[str, Any], name: str, sizes: Iterable[int], blank: bool = False) -> list[str]:
    """A list of card texts (``"5H"``; ``""`` for an empty picker when ``blank``) of an allowed size."""
    texts = field(state, name, list)
    allowed = CARD_TEXTS | {""} if blank else CARD_TEXTS
    if len(texts) not in tuple(sizes) or not all(isinstance(text, str) and text in allowed for text in texts):
        raise StateError(name)
    return list(texts)


def uid_of(state: Mapping[str, Any]) -> str:
    uid = field(state, "uid", str)
    if not UID.match(uid):
        raise StateError("uid")
    return uid


def action_text(action: Mapping[str, Any], name: str = "value") -> str:
    """A text the reader's action carries (``""`` when there is none); numbers are read as text."""
    value = action.get(name)
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise StateError(name)
    return str(value)


def card_slot(name: object, slots: int) -> int | None:
    """The picker an action names (``card0`` .. ``card5``), or None.

    >>> card_slot("card2", 4), card_slot("card9", 4), card_slot(None, 4)
    (2, None, None)
    """
    if not isinstance(name, str) or re.fullmatch(r"card[0-9]", name) is None:
        return None
    index = int(name[4:])
    return index if index < slots else None


def json_object(text: str) -> dict[str, Any]:
    """A JSON object sent by the page; a :class:`StateError` for anything else, deep nesting included.

    >>> json_object('{"uid": "w1"}')
    {'uid': 'w1'}
    >>> json_object("[" * 100000 + "]" * 100000)
    Traceback (most recent call last):
    ...
    cribbage.widgets.source.StateError: json
    """
    try:
        check_nesting(text)  # the page's states are small: always measured, so no runtime can overflow
        value = json.loads(text)
    except (ValueError, RecursionError):  # JsonDepthError is a ValueError too
        raise StateError("json") from None
    if not isinstance(value, dict):
        raise StateError("json")
    return value
