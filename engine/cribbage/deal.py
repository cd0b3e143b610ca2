"""The deal: how many cards each player is dealt, lays away to the crib and keeps.

Every entry point (the game, the play, the discard advisor, the computer
players and the CLI) asks :func:`deal_shape`, so the sizes and the checks on
the number of players live in one place.

>>> deal_shape()
DealShape(dealt=6, discards=2, crib_from_deck=0)
>>> shape = deal_shape(3)
>>> shape.kept, shape.crib_from_deck, shape.unseen_crib_cards
(4, 1, 3)
>>> deal_shape(five_card=True).kept
3
>>> deal_shape(4, five_card=True)
Traceback (most recent call last):
...
cribbage.errors.FiveCardPlayersError: the five-card game is for 2 players, not 4
>>> import random
>>> hand, starter = deal_show(random.Random(1))
>>> len(hand), starter in hand
(4, False)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import DECK, Card

from .errors import FiveCardPlayersError, PlayerCountError

PLAYERS: tuple[int, ...] = (2, 3, 4)
"""The numbers of players the game is played by."""

CRIB_SIZE = 4
"""Cards in the crib, whatever the number of players."""


@dataclass(frozen=True)
class DealShape:
    """Cards per player: ``dealt``, then ``discards`` of them laid away to the
    crib; ``crib_from_deck`` cards go to the crib straight from the deck."""

    dealt: int
    discards: int
    crib_from_deck: int

    @property
    def kept(self) -> int:
        """Cards each player keeps for the play and the show."""
        return self.dealt - self.discards

    @property
    def unseen_crib_cards(self) -> int:
        """Crib cards a player does not see: the others' discards and any card from the deck."""
        return CRIB_SIZE - self.discards


_SHAPES: dict[tuple[int, bool], DealShape] = {
    (2, False): DealShape(dealt=6, discards=2, crib_from_deck=0),
    (2, True): DealShape(dealt=5, discards=2, crib_from_deck=0),
    (3, False): DealShape(dealt=5, discards=1, crib_from_deck=1),
    (4, False): DealShape(dealt=5, discards=1, crib_from_deck=0),
}


def deal_shape(players: int = 2, five_card: bool = False) -> DealShape:
    """The deal for ``players`` (2, 3 or 4); ``five_card``: the older game, for 2 players only.

    >>> deal_shape(5)
    Traceback (most recent call last):
    ...
    cribbage.errors.PlayerCountError: the game is for 2, 3 or 4 players, not 5
    """
    if players not in PLAYERS:
        raise PlayerCountError(f"the game is for 2, 3 or 4 players, not {players}", players=players)
    shape = _SHAPES.get((players, bool(five_card)))
    if shape is None:
        raise FiveCardPlayersError(f"the five-card game is for 2 players, not {players}", players=players)
    return shape


def deal_show(rng: random.Random, hand_size: int = 4) -> tuple[tuple[Card, ...], Card]:
    """A hand of ``hand_size`` cards and a starter, all different, for counting practice."""
    cards = rng.sample(DECK, hand_size + 1)
    return tuple(cards[:-1]), cards[-1]
