"""Dealing: which cards come out of a shuffled deck.

>>> import random
>>> hand, starter = deal_show(random.Random(1))
>>> len(hand), starter in hand
(4, False)
"""

from __future__ import annotations

import random

from .cards import DECK, Card


def deal_show(rng: random.Random, hand_size: int = 4) -> tuple[tuple[Card, ...], Card]:
    """A hand of ``hand_size`` cards and a starter, all different, for counting practice."""
    cards = rng.sample(DECK, hand_size + 1)
    return tuple(cards[:-1]), cards[-1]
