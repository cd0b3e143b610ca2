"""The one risk model of the play: what the next player can reply to a card at once, and with what.

A :class:`ReplyDistribution` holds, for every rank the next player may hold (any card
the player to move has not seen, each as likely as any other), how many unseen cards
are of that rank and what playing one onto the pile would peg (:func:`cribbage.core.pegging.pile_items`).
Every verdict on a card's risk is derived from it, by named parameters:

* :meth:`ReplyDistribution.expected`: the expected points of the next player's best
  immediate reply, when it holds ``opponent_cards`` cards.  The computer's ``steady``
  card and reason, the expert's look-ahead (:mod:`cribbage.analysis.pegging_eval`), the practice
  page's ranking (:mod:`cribbage.analysis.pegging_risk`) and the coach use it, pairs included.
* :meth:`ReplyDistribution.worst`: the most any one card the next player could hold
  pegs in reply.
* :attr:`ReplyDistribution.safe`: no card the next player could hold makes 15, 31 or
  a run with it (:data:`SAFE_KINDS`).  The course's ``safe`` goal asks for it, and the
  practice page and the computer's reason say it of the same card.

**The teaching choice, stated once.**  Every reply counts in the points
(:data:`REPLY_KINDS`: fifteen, 31, pair, run): a pair is a reply too, and the expected
reply of the practice, the computer and the coach includes it.  But a card is *safe*
when no reply can make **15, 31 or a run** with it: pairs are left out of "safe",
because any rank not used up can be paired (so no card would ever be safe, and the
lesson could not tell a five from a king), and the answer to a pair is a pair royal
(the strategy page's advice on leads).  That is what the course's page
(``docs/en/learn/leading.md``) teaches: "Any card can be paired, so in these stages a
card is *safe* when no card your opponent could hold makes 15, 31 or a run with it."
So a lead of a four is safe everywhere (no reply makes 15, 31 or a run), and gives
away, in expectation, only what a pair is worth, on every page alike.

The fast path for the look-ahead is :func:`expected_reply` on ranks (the same number as
:meth:`ReplyDistribution.expected`, without building the record).

>>> from cribbage.core.cards import parse_cards
>>> four = distribution((4,), unseen_counts(parse_cards("4H 5C 9D KS")))  # lead the four
>>> four.safe, four.worst(), four.worst(kinds=SAFE_KINDS), round(four.expected(4), 3)
(True, 2, 0, 0.469)
>>> five = distribution((5,), unseen_counts(parse_cards("5H 4C 9D KS")))  # lead the five
>>> five.safe, five.worst(), [(rank, cards) for rank, cards, items in five.replies if items][:3]
(False, 2, [(5, 3), (10, 4), (11, 4)])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from ..core.cards import DECK, SUITS, Card
from ..core.pegging import RANKS, PileItem, Ranks, count_of, fits, goes_on, pile_items

REPLY_KINDS: tuple[str, ...] = ("fifteen", "thirty_one", "pair", "run")
"""Everything a reply can peg at once, the points of the expected reply."""
SAFE_KINDS: tuple[str, ...] = ("fifteen", "thirty_one", "run")
"""What a *safe* card leaves to no reply: pairs are left out (see the module's teaching choice)."""

RankCounts = tuple[int, ...]
"""How many unseen cards of each rank, ace first (13 entries)."""
RankReply = tuple[int, int, tuple[PileItem, ...]]
"""(rank, how many unseen cards of it, what it pegs in reply)."""


def unseen_counts(seen: Iterable[Card]) -> RankCounts:
    """The rank counts of the cards of the deck not in ``seen``."""
    known = set(seen)
    counts = [0] * 13
    for card in DECK:
        if card not in known:
            counts[card.rank - 1] += 1
    return tuple(counts)


def rank_counts(cards: Iterable[Card]) -> RankCounts:
    """The rank counts of ``cards`` (each card once)."""
    counts = [0] * 13
    for card in dict.fromkeys(cards):
        counts[card.rank - 1] += 1
    return tuple(counts)


def _points(items: tuple[PileItem, ...], kinds: tuple[str, ...]) -> int:
    return sum(points for kind, _cards, points in items if kind in kinds)


@lru_cache(maxsize=1 << 16)
def _replies(pile: Ranks, kinds: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """(rank index, points of ``kinds``) of every rank that scores when played on ``pile``, best first."""
    count = count_of(pile)
    if not goes_on(count):
        return ()  # the count starts again: nothing to answer
    # a rank whose four cards are all on the pile has no card left to answer with
    replies = [
        (rank - 1, _points(pile_items(pile + (rank,)), kinds))
        for rank in RANKS
        if fits(count, rank) and pile.count(rank) < len(SUITS)
    ]
    return tuple(sorted(((index, points) for index, points in replies if points), key=lambda reply: -reply[1]))


def expected_reply(pile: Ranks, unseen: RankCounts, opponent_cards: int, kinds: tuple[str, ...] = REPLY_KINDS) -> float:
    """Expected points (of ``kinds``) of the next player's best reply to ``pile``: it holds
    ``opponent_cards`` cards drawn from the ``unseen`` ones and answers with its
    best-scoring card.  After a 31 nothing can be answered.

    >>> expected_reply((4,), (4,) * 13, 4) < expected_reply((5,), (4,) * 13, 4)
    True
    """
    replies = _replies(pile, kinds)
    total = sum(unseen)
    opponent_cards = min(opponent_cards, total)
    if not replies or opponent_cards <= 0:
        return 0.0
    # E[best reply] = sum over point levels of (step height) * P(holds a card reaching that level),
    # the levels those that unseen cards reach, highest first.
    risk, at_or_above, level, none_of_all = 0.0, 0, 0, comb(total, opponent_cards)
    for index, points in replies:
        cards = unseen[index]
        if not cards:
            continue
        if level and points != level:
            risk += (level - points) * (1 - comb(total - at_or_above, opponent_cards) / none_of_all)
        level = points
        at_or_above += cards
    if level:
        risk += level * (1 - comb(total - at_or_above, opponent_cards) / none_of_all)
    return risk


@dataclass(frozen=True, slots=True)
class ReplyDistribution:
    """What each rank the next player may hold would peg in reply to ``pile``."""

    pile: Ranks
    unseen: RankCounts
    replies: tuple[RankReply, ...]
    """Every rank with unseen cards that fits, ace first: its unseen cards and what it pegs (maybe nothing)."""

    def worst(self, kinds: tuple[str, ...] = REPLY_KINDS) -> int:
        """The most (of ``kinds``) any one card the next player could hold pegs in reply (0: none scores)."""
        return max((_points(items, kinds) for _rank, _cards, items in self.replies), default=0)

    def worst_rank(self, kinds: tuple[str, ...] = REPLY_KINDS) -> int | None:
        """The lowest rank whose reply pegs :meth:`worst` (None when nothing scores)."""
        worst = self.worst(kinds)
        return next((rank for rank, _cards, items in self.replies if worst and _points(items, kinds) == worst), None)

    def expected(self, opponent_cards: int, kinds: tuple[str, ...] = REPLY_KINDS) -> float:
        """The expected points (of ``kinds``) of the best reply of a player holding ``opponent_cards``."""
        return expected_reply(self.pile, self.unseen, opponent_cards, kinds)

    @property
    def safe(self) -> bool:
        """No card the next player could hold makes 15, 31 or a run: the course's *safe*."""
        return self.worst(SAFE_KINDS) == 0


def distribution(pile: Ranks, unseen: RankCounts) -> ReplyDistribution:
    """The replies to ``pile`` (ranks, the card just played last) of a player holding any of ``unseen``."""
    count = count_of(pile)
    if not goes_on(count):
        return ReplyDistribution(pile, unseen, ())
    replies = tuple(
        (rank, unseen[rank - 1], pile_items(pile + (rank,))) for rank in RANKS if unseen[rank - 1] and fits(count, rank)
    )
    return ReplyDistribution(pile, unseen, replies)


def card_distribution(pile: Iterable[Card], unseen: Iterable[Card]) -> ReplyDistribution:
    """:func:`distribution` for cards: ``pile`` played so far (the last card just played), ``unseen`` the cards
    the next player may hold."""
    return distribution(tuple(card.rank for card in pile), rank_counts(unseen))
