"""The deal: how many cards each player is dealt, lays away to the crib and keeps.

Every entry point (the game, the play, the discard advisor, the computer
players and the CLI) asks :func:`deal_shape`, so the sizes and the checks on
the number of players live in one place.

>>> deal_shape()
DealShape(dealt=6, discards=2, crib_from_deck=0)
>>> shape = deal_shape(3)
>>> shape.kept, shape.crib_from_deck, shape.unseen_crib_cards
(4, 1, 3)
>>> from cribbage.core.variants import FIVE_CARD
>>> deal_shape(variant=FIVE_CARD).kept
3
>>> deal_shape(4, FIVE_CARD)
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

from .cards import DECK, Card

from ..errors import PlayerCountError
from .variants import CRIB_SIZE, SIX_CARD, DealShape, Variant

PLAYERS: tuple[int, ...] = (2, 3, 4)
"""The numbers of players the game is played by (a variant may allow fewer: :mod:`cribbage.core.variants`)."""


def deal_shape(players: int = 2, variant: Variant = SIX_CARD) -> DealShape:
    """The deal for ``players`` (2, 3 or 4) in ``variant`` (which may allow fewer).

    >>> deal_shape(5)
    Traceback (most recent call last):
    ...
    cribbage.errors.PlayerCountError: the game is for 2, 3 or 4 players, not 5
    """
    if players not in PLAYERS:
        raise PlayerCountError(f"the game is for 2, 3 or 4 players, not {players}", players=players)
    return variant.shape(players)


def deal_show(rng: random.Random, hand_size: int = 4) -> tuple[tuple[Card, ...], Card]:
    """A hand of ``hand_size`` cards and a starter, all different, for counting practice."""
    cards = rng.sample(DECK, hand_size + 1)
    return tuple(cards[:-1]), cards[-1]


__all__ = ["CRIB_SIZE", "PLAYERS", "DealShape", "deal_shape", "deal_show"]
