"""Cards and their notation.

A card is a :class:`Card` (rank 1-13 with the ace low, suit one of ``SHDC``).
Jack, queen and king are different ranks that are each *worth* 10.

>>> parse_cards("5H 10h TH".replace("TH", "5♠"))
(Card(rank=5, suit='H'), Card(rank=10, suit='H'), Card(rank=5, suit='S'))
>>> str(Card.parse("j♦")), Card.parse("KC").value, Card.parse("AS").rank
('JD', 10, 1)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple, cast

from ..errors import CardCountError, DuplicateCardError, StarterInHandError, UnknownRankError, UnknownSuitError

Rank = int
"""1 (ace) to 13 (king)."""

Suit = str
"""One of ``S H D C``."""

SUITS: tuple[Suit, ...] = ("S", "H", "D", "C")
RANK_SYMBOLS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JACK: Rank = 11

_RANK_BY_TEXT = {symbol: rank for rank, symbol in enumerate(RANK_SYMBOLS, start=1)} | {"T": 10}
_SUIT_BY_TEXT = {
    "S": "S",
    "♠": "S",
    "♤": "S",
    "H": "H",
    "♥": "H",
    "♡": "H",
    "D": "D",
    "♦": "D",
    "♢": "D",
    "C": "C",
    "♣": "C",
    "♧": "C",
}
_SEPARATORS = re.compile(r"[\s,;]+")


class Card(NamedTuple):
    rank: Rank
    suit: Suit

    @property
    def value(self) -> int:
        """Counting value: ace 1, number cards their number, J Q K 10."""
        return min(self.rank, 10)

    # A card is never searched like a tuple: its index is its place in the deck.
    @property
    def index(self) -> int:  # type: ignore[override]
        """0-51, rank-major: a compact key for tables."""
        return (self.rank - 1) * 4 + SUITS.index(self.suit)

    def __str__(self) -> str:
        return RANK_SYMBOLS[self.rank - 1] + self.suit

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card such as ``5H``, ``10h``, ``TH``, ``5♥`` or ``J♦``.

        >>> Card.parse("QX")
        Traceback (most recent call last):
        ...
        cribbage.errors.UnknownSuitError: unknown suit in 'QX'
        """
        card = CARD_BY_TEXT.get(text)
        if card is not None:
            return card
        token = text.strip().upper()
        card = CARD_BY_TEXT.get(token)
        if card is not None:
            return card
        # Not a card: say which half is wrong.
        if token in _RANK_BY_TEXT:
            raise UnknownSuitError(f"missing suit in {text!r}", text=text)
        if token[:-1] not in _RANK_BY_TEXT:
            raise UnknownRankError(f"unknown rank in {text!r}", text=text)
        raise UnknownSuitError(f"unknown suit in {text!r}", text=text)


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(1, 14) for suit in SUITS)
"""The 52 cards in index order."""

CARD_BY_TEXT: dict[str, Card] = {
    rank_text + suit_text: Card(rank, suit)
    for rank_text, rank in _RANK_BY_TEXT.items()
    for suit_text, suit in _SUIT_BY_TEXT.items()
}
CARD_BY_TEXT |= {text.lower(): card for text, card in CARD_BY_TEXT.items()}
"""Every spelling :meth:`Card.parse` accepts without trimming spaces, all in upper
or all in lower case: parsing a card is one look-up (a batch parses hundreds of
thousands)."""

_CARD_LOOKUP: dict[Any, Card] = CARD_BY_TEXT
"""The same mapping, asked with any token (a :class:`Card` among strings finds nothing)."""


def parse_cards(cards: str | Iterable[str | Card], count: int | None = None) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas, refusing duplicates.

    ``count``, when given, is the exact number of cards required.

    >>> [str(card) for card in parse_cards("ah, 2♣,3d")]
    ['AH', '2C', '3D']
    >>> parse_cards("5H 6H", count=4)
    Traceback (most recent call last):
    ...
    cribbage.errors.CardCountError: expected 4 cards, got 2
    """
    tokens: Sequence[str | Card]
    if isinstance(cards, str):
        tokens = [token for token in _SEPARATORS.split(cards) if token]
    else:
        tokens = cards if isinstance(cards, (list, tuple)) else list(cards)
    looked_up = tuple(map(_CARD_LOOKUP.get, tokens))  # the usual case: every token a card's usual spelling
    if None in looked_up:
        parsed = tuple(token if isinstance(token, Card) else Card.parse(token) for token in tokens)
    else:
        parsed = cast(tuple[Card, ...], looked_up)
    if len(set(parsed)) != len(parsed):
        seen: set[Card] = set()
        for card in parsed:
            if card in seen:
                raise DuplicateCardError(f"duplicate card {card}", card=str(card))
            seen.add(card)
    if count is not None and len(parsed) != count:
        raise CardCountError(f"expected {count} cards, got {len(parsed)}", expected=count, got=len(parsed))
    return parsed


def parse_hand_and_starter(
    hand: str | Iterable[str | Card], starter: str | Card, hand_size: int = 4
) -> tuple[tuple[Card, ...], Card]:
    """Parse a hand of ``hand_size`` cards and a starter that is not one of them.

    >>> parse_hand_and_starter("5H 5S 5C JD", "5H")
    Traceback (most recent call last):
    ...
    cribbage.errors.StarterInHandError: starter 5H is also in the hand
    """
    cards = parse_cards(hand, count=hand_size)
    cut = starter if isinstance(starter, Card) else Card.parse(starter)
    if cut in cards:
        raise StarterInHandError(f"starter {cut} is also in the hand", card=str(cut))
    return cards, cut


def format_cards(cards: Iterable[Card], separator: str = " ") -> str:
    return separator.join(map(str, cards))
