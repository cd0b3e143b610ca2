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
from collections.abc import Collection, Iterable, Sequence

from ..errors import PlayerCountError
from .cards import DECK, Card
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


Cut = tuple[int, Card]
"""One seat's cut for the deal: the seat and the card it cut."""


def cut_for_deal(rng: random.Random, players: int) -> tuple[tuple[tuple[Cut, ...], ...], int]:
    """The cut for the first deal: each seat cuts from a shuffled deck, the lowest card deals, and
    those tied for the lowest cut again.  Returns the rounds of cuts and the dealer.

    >>> rounds, dealer = cut_for_deal(random.Random(7), 2)
    >>> dealer == min(rounds[-1], key=lambda cut: cut[1].rank)[0]
    True
    """
    deck = list(DECK)
    rng.shuffle(deck)
    contenders = list(range(players))
    rounds = []
    while True:
        cuts = tuple((seat, deck.pop()) for seat in contenders)
        rounds.append(cuts)
        contenders = cut_contenders(cuts)
        if len(contenders) == 1:
            return tuple(rounds), contenders[0]


def cut_contenders(cuts: Sequence[Cut]) -> list[int]:
    """The seats of one round of the cut for the deal that cut the lowest card: one deals,
    several cut again (whatever the suits).

    >>> cut_contenders([(0, Card(5, "H")), (1, Card(1, "S")), (2, Card(1, "D"))])
    [1, 2]
    """
    lowest = min(card.rank for _, card in cuts)
    return [seat for seat, card in cuts if card.rank == lowest]


def next_game_dealer(last_dealer: int, scores: Sequence[int], losers: Collection[int]) -> int:
    """Who deals the next game: a loser (the last-placed, with three players), the first of them
    to the left of the last dealer.  ``scores``: each seat's score; ``losers``: the seats that lost.

    >>> next_game_dealer(0, [121, 100, 90], losers={1, 2})
    2
    """
    players = len(scores)
    lowest = min(scores[seat] for seat in losers)
    return next(
        (last_dealer + step) % players
        for step in range(1, players + 1)
        if (last_dealer + step) % players in losers and scores[(last_dealer + step) % players] == lowest
    )


def show_order(players: int, dealer: int) -> tuple[tuple[int, bool], ...]:
    """The order of the show: each hand from the dealer's left round to the dealer's own,
    then the crib (the dealer's): (owner, is crib).

    >>> show_order(2, 1), show_order(3, 0)
    (((0, False), (1, False), (1, True)), ((1, False), (2, False), (0, False), (0, True)))
    """
    hands = tuple(((dealer + step) % players, False) for step in range(1, players + 1))
    return (*hands, (dealer, True))


def pegged(score: int, points: int, target: int) -> int:
    """A score after pegging ``points``: the peg stops in the game hole (``target``).

    >>> pegged(116, 8, 121), pegged(100, 8, 121)
    (121, 108)
    """
    return min(target, score + points)


def pegs_after(front: int, back: int, points: int, target: int) -> tuple[int, int]:
    """The two pegs of a side, (front, back), after pegging ``points``: the back peg leapfrogs
    the front one and becomes the new front, so the old front is the new back; no points, no
    move. The front peg stops in the game hole (:func:`pegged`).

    >>> pegs_after(38, 31, 7, 121), pegs_after(116, 110, 8, 121), pegs_after(0, 0, 2, 121), pegs_after(20, 12, 0, 121)
    ((45, 38), (121, 116), (2, 0), (20, 12))
    """
    if not points:
        return front, back
    return pegged(front, points, target), front


def first_to_reach(scores: Sequence[int], pegs: Iterable[tuple[int, int]], target: int) -> tuple[int | None, int]:
    """Who reaches ``target`` first when ``pegs`` (side, points) are pegged in order from
    ``scores``, and how many pegs were made (the game ends the instant a side reaches the
    target: the pegs after it are never made); ``None`` when nobody reaches it.

    >>> first_to_reach((116, 118), [(0, 8), (1, 14)], 121)
    (0, 1)
    >>> first_to_reach((100, 104), [(0, 8), (1, 14)], 121)
    (None, 2)
    """
    now = list(scores)
    made = 0
    for side, points in pegs:
        made += 1
        now[side] = pegged(now[side], points, target)
        if now[side] >= target:
            return side, made
    return None, made


__all__ = [
    "CRIB_SIZE",
    "PLAYERS",
    "DealShape",
    "cut_contenders",
    "cut_for_deal",
    "deal_shape",
    "deal_show",
    "first_to_reach",
    "next_game_dealer",
    "pegged",
    "pegs_after",
    "show_order",
]
