"""What each legal card is worth for the rest of the play (pegging), in expected points.

:func:`play_values` gives, for every action the seat to move may take, the
expected *net* pegging until the play ends: the points its side pegs minus the
points the other seats (sides) peg, counting the action itself.  The other
seats' cards are hidden: they are drawn from the cards the seat has not seen,
as many per seat as that seat still holds.  After the action every seat plays
the ``steady`` policy (:func:`steady_rank`: the most points now, else the card
that leaves the next player the least expected reply), each seeing only its own
cards and the table.

Pegging depends on ranks only, never suits, so hidden hands are dealt as rank
multisets, each weighted by the number of card hands it stands for.  When there
are at most ``samples`` such deals they are all played out (exact); otherwise
``samples`` card deals are drawn with a seeded generator, the same deals for
every action.

``DEFAULT_SAMPLES`` is 96.  On a first lead of the game to 121 (4 cards each, 45
unseen), the root mean square error of a sampled value against the exact one is
about 0.24 points, and of the difference between two cards about 0.33 (the
deals are shared, but the cards' outcomes on one deal are only weakly
correlated).  ``tests/engine/test_pegging_eval.py`` checks the sample against
the exact values of a smaller position.  Late in a play the hidden hands are
few and the values exact.

>>> from cribbage.core.cards import parse_cards
>>> play = Play([parse_cards("5H KS"), parse_cards("TD 5S")])
>>> values = play_values(play, 0, parse_cards("TD 5S 4C"))
>>> {str(card): round(value, 2) for card, value in values.items()}
{'5H': -3.0, 'KS': -1.0}

Whatever two of the three cards the opponent holds, the five led gives it a
fifteen or a pair and then the last card (-3); the king gives a fifteen only to
a five, which the other five pairs back, and the last card
goes to the opponent otherwise (-1 every time).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from math import comb

from ..core.cards import Card
from ..core.pegging import VALUES as VALUES
from ..core.pegging import Ranks, Table, room
from ..core.pegging import pile_points as pile_points
from ..core.play import Play
from ..errors import CardCountError, IllegalPlayError
from .risk import RankCounts, expected_reply

DEFAULT_SAMPLES = 96

HiddenDeal = tuple[tuple[Ranks, ...], int]
"""The hidden seats' hands (ranks) and how many card deals they stand for."""


def steady_rank(hand: Ranks, pile: Ranks, unseen: RankCounts, opponent_cards: int) -> int:
    """The ``steady`` policy's card (a rank): the most points now, then the least
    expected reply, then the highest value; a tie goes to the lowest rank.

    ``hand`` must hold a card that fits under 31.

    >>> steady_rank((5, 10), (10,), (4,) * 13, 4)  # the five makes fifteen
    5
    """
    highest = room(sum(VALUES[rank] for rank in pile))  # the core's rule: a card fits if its value is at most this
    scored = [(pile_points(pile + (rank,)), rank) for rank in sorted(set(hand)) if VALUES[rank] <= highest]
    most = max(points for points, _ in scored)
    best = [rank for points, rank in scored if points == most]
    if len(best) == 1:
        return best[0]  # the reply risk only breaks ties
    return max(best, key=lambda rank: (-expected_reply(pile + (rank,), unseen, opponent_cards), VALUES[rank], -rank))


# -- the play on ranks ---------------------------------------------------------------------


class _Table(Table):
    """A play in progress on ranks (the rules of :class:`cribbage.core.pegging.Table`), played out
    by the steady policy."""

    __slots__ = ("pool",)
    pool: list[int]
    """Unseen-by-rank of every live card (in a hand): a seat's unseen is this minus its hand."""

    def act(self, rank: int | None) -> None:
        """The seat to move plays ``rank``, or says go (``None``)."""
        if rank is None:
            self.go()
        else:
            self.pool[rank - 1] -= 1
            self.play(rank)

    def choice(self) -> int | None:
        """The steady policy's action for the seat to move."""
        hand = self.hands[self.to_move]
        highest = room(self.count)  # legal(), as a set, without the tuple: this runs for every action
        fits = {rank for rank in hand if VALUES[rank] <= highest}
        if len(fits) <= 1:
            return fits.pop() if fits else None
        unseen = list(self.pool)
        for rank in hand:
            unseen[rank - 1] -= 1
        answerer = self.answerer()
        return steady_rank(
            tuple(sorted(hand)), self.pile, tuple(unseen), 0 if answerer is None else len(self.hands[answerer])
        )

    def play_out(self) -> list[int]:
        while not self.over:
            rank = self.choice()  # act(), inlined: this loop is the look-ahead's inner loop
            if rank is None:
                self.go()
            else:
                self.pool[rank - 1] -= 1
                self.play(rank)
        return self.scores


# -- hidden hands -------------------------------------------------------------------------


def _rank_counts(cards: Sequence[Card]) -> list[int]:
    counts = [0] * 13
    for card in cards:
        counts[card.rank - 1] += 1
    return counts


def _hands_of(counts: list[int], size: int, low: int = 0) -> Iterator[tuple[Ranks, int]]:
    """Every multiset of ``size`` ranks drawn from ``counts`` (ranks >= ``low + 1``),
    with the number of card sets it stands for."""
    if size == 0:
        yield (), 1
        return
    for index in range(low, 13):
        available = counts[index]
        for taken in range(1, min(available, size) + 1):
            ways = comb(available, taken)
            counts[index] -= taken
            for rest, rest_ways in _hands_of(counts, size - taken, index + 1):
                yield (index + 1,) * taken + rest, ways * rest_ways
            counts[index] += taken


def _deals(counts: list[int], sizes: Sequence[int], floors: Sequence[int]) -> Iterator[HiddenDeal]:
    """Every way to give the hidden seats ``sizes`` cards each from ``counts``, a seat's
    cards all above its floor (see :func:`go_floors`)."""
    if not sizes:
        yield (), 1
        return
    # While _hands_of yields a hand, ``counts`` is without that hand's cards.
    for hand, ways in _hands_of(counts, sizes[0], low=min(floors[0], 13)):
        for rest, rest_ways in _deals(counts, sizes[1:], floors[1:]):
            yield (hand,) + rest, ways * rest_ways


def go_floors(play: Play) -> list[int]:
    """Per seat, the highest value it has shown it does not hold: a seat that said go
    at count ``c`` held no card of value ``31 - c`` or less (0: nothing shown).

    Ranks and values agree up to 9, and a floor of 10 means no card at all.

    >>> from cribbage.core.cards import parse_cards
    >>> play = Play([parse_cards("KH QH 2C"), parse_cards("KS 9S")])
    >>> for card in ("KH", "KS"):
    ...     _ = play.play(card)
    >>> _ = play.play("QH"); _ = play.go()  # seat 1 at 30: no ace
    >>> go_floors(play)
    [0, 1]
    """
    floors = [0] * play.players
    for action in play.actions:
        if action.card is None:
            floors[action.seat] = max(floors[action.seat], room(action.count))
    return floors


def hidden_deals(
    pool: Sequence[Card], sizes: Sequence[int], samples: int, seed: int, floors: Sequence[int] | None = None
) -> tuple[list[HiddenDeal], bool]:
    """The hidden hands to average over, and whether they are all of them (exact).

    ``floors``: per hidden seat, the value its cards must be above (:func:`go_floors`).
    A sample deals the seats one by one, the most constrained first, each from the
    cards left above its floor: uniform over the consistent deals when one seat is
    hidden or no seat has said go, close to it otherwise.

    >>> from cribbage.core.cards import parse_cards
    >>> deals, exact = hidden_deals(parse_cards("5H 5S KD"), [2], samples=10, seed=0)
    >>> sorted(deals), exact
    ([(((5, 5),), 1), (((5, 13),), 2)], True)
    """
    floors = list(floors) if floors is not None else [0] * len(sizes)
    deals: list[HiddenDeal] = []
    for deal in _deals(_rank_counts(pool), list(sizes), floors):
        deals.append(deal)
        if len(deals) > samples:
            break
    else:
        if not deals:
            raise CardCountError("no hidden hands agree with the play", expected=sum(sizes), got=len(pool))
        return deals, True
    rng = random.Random(seed)
    order = sorted(range(len(sizes)), key=lambda seat: -floors[seat])
    sampled: list[HiddenDeal] = []
    for _ in range(samples):
        left = list(pool)
        hands: list[Ranks] = [()] * len(sizes)
        for seat in order:
            allowed = [card for card in left if card.value > floors[seat]]
            if len(allowed) < sizes[seat]:
                raise CardCountError("no hidden hands agree with the play", expected=sizes[seat], got=len(allowed))
            cards = rng.sample(allowed, sizes[seat])
            hands[seat] = tuple(sorted(card.rank for card in cards))
            left = [card for card in left if card not in cards]
        sampled.append((tuple(hands), 1))
    return sampled, False


# -- the values --------------------------------------------------------------------------


def play_values(
    play: Play, seat: int, unseen: Sequence[Card], samples: int | None = None, seed: int = 0
) -> dict[Card | None, float]:
    """Expected net pegging of each legal action of ``seat`` (``None``: go) for the rest of the play.

    ``seat`` is a seat of ``play`` (0 leads) and must be the one to move;
    ``unseen``: the cards it has not seen (cards already played are ignored).
    With 4 players the partner's points count for the seat and its cards are
    hidden too.  ``samples`` (default :data:`DEFAULT_SAMPLES`) bounds the
    number of hidden deals; ``seed`` makes a sampled value repeatable.
    """
    if play.to_move != seat:
        raise IllegalPlayError(
            f"seat {seat} is not to move", card=None, index=len(play.actions), reason="not_your_turn"
        )
    samples = DEFAULT_SAMPLES if samples is None else samples
    held = play.held(seat)
    played = {action.card for action in play.actions}
    pool = [card for card in dict.fromkeys(unseen) if card not in played and card not in held]
    players = play.players
    others = [other for other in range(players) if other != seat]
    sizes = [len(play.held(other)) for other in others]
    if sum(sizes) > len(pool):
        raise CardCountError(
            f"{len(pool)} unseen cards cannot fill the other hands", expected=sum(sizes), got=len(pool)
        )
    legal = play.legal_cards()
    actions: dict[int | None, list[Card | None]] = {}
    for card in legal:
        actions.setdefault(card.rank, []).append(card)
    if not legal:
        actions[None] = [None]
    now = play.table()  # the core's state: the count, who played last, who said go
    own = [card.rank for card in held]
    totals = dict.fromkeys(actions, 0.0)
    weights = 0
    floors = go_floors(play)
    deals, _exact = hidden_deals(pool, sizes, samples, seed, [floors[other] for other in others])
    pool_counts = _rank_counts(pool + list(held))
    side = _side_sign(players, seat)
    for hidden, ways in deals:
        for rank in actions:
            hands: list[list[int]] = [[] for _ in range(players)]
            hands[seat] = list(own)
            for other, hand in zip(others, hidden):
                hands[other] = list(hand)
            table = _Table(hands, play.variant.play_ends_at_first_go, now.pile, now.last, now.passed, seat)
            table.pool = list(pool_counts)
            table.act(rank)
            scores = table.play_out()
            totals[rank] += ways * sum(sign * points for sign, points in zip(side, scores))
        weights += ways
    return {card: totals[rank] / weights for rank, cards in actions.items() for card in cards}


def _side_sign(players: int, seat: int) -> list[int]:
    """+1 for the seats on ``seat``'s side, -1 for the others."""
    if players == 4:
        return [1 if other % 2 == seat % 2 else -1 for other in range(players)]
    return [1 if other == seat else -1 for other in range(players)]
