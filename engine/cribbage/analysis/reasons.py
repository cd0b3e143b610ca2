"""Why a discard is good, as facts: what it keeps, which starters make the kept cards big,
what the throw gives the crib and whose crib it is, and what sets two discards apart.

Everything here is numbers and cards read from the exact advisor
(:func:`cribbage.analysis.discard.analyse_discards`); the words are the views'. Two
discards are compared by the figures the tables print (:mod:`cribbage.analysis.credit`),
so a reason never calls better what the table shows as equal.

>>> from cribbage.analysis.discard import analyse_discards
>>> options = analyse_discards("5H 5S 6C 7D JH KS", dealer=False)
>>> best = discard_reason(options[0], crib_owner(dealer=False, players=2))
>>> [str(card) for card in best.keep], best.hand_least, best.top_score, best.top_ranks
(['5H', '5S', '6C', '7D'], 8, 17, (5,))
>>> compare(best, discard_reason(options[1], best.crib_owner)).difference
<Difference.CRIB_OUTWEIGHS_KEPT: 'crib_outweighs_kept'>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum

from ..core.cards import DECK, Card
from ..core.show import show_total
from .credit import shown, tied
from .discard import DiscardOption


class CribOwner(Enum):
    """Whose crib a throw goes to, as the reader is told."""

    YOURS = "yours"
    """The reader's (or the reader's side's)."""
    OPPONENTS = "opponents"
    """The reader's one opponent's, in a game of two."""
    DEALERS = "dealers"
    """The dealer's, when that is not the reader: another player, or a computer whose throw is explained."""


def crib_owner(dealer: bool, players: int) -> CribOwner:
    """The owner of the crib a reader throws to: theirs when they deal, else their opponent's or the dealer's."""
    if dealer:
        return CribOwner.YOURS
    return CribOwner.OPPONENTS if players == 2 else CribOwner.DEALERS


def adds_crib(option: DiscardOption) -> bool:
    """Whether ``option``'s net adds its crib (the thrower's own) rather than subtracting it, read
    from its figures, so a review kept without the deal's dealer still tells (a crib's mean is
    never near 0, so the two sums are far apart)."""
    own = abs(option.net - (option.hand_mean + option.crib_mean))
    return own < abs(option.net - (option.hand_mean - option.crib_mean))


@dataclass(frozen=True, slots=True)
class DiscardReason:
    """The facts behind one discard.

    ``hand_least``: what the kept cards score whatever the starter (so, for sure);
    ``top_score`` and ``top_ranks``: the most they score, and the starter ranks giving it;
    ``own_crib``: whether the crib counts for whoever threw (the net adds it, else subtracts it).
    """

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand_least: int
    hand_mean: float
    top_score: int
    top_ranks: tuple[int, ...]
    crib_mean: float
    crib_owner: CribOwner
    own_crib: bool
    net: float


def discard_reason(option: DiscardOption, owner: CribOwner, own_crib: bool | None = None) -> DiscardReason:
    """The facts of ``option``; ``own_crib`` defaults to the reader's own choice (the crib is
    the thrower's when it is the reader's), a computer's throw says it."""
    dealt = (*option.keep, *option.discard)
    unseen = [card for card in DECK if card not in dealt]
    scores = {starter: show_total(option.keep, starter, hand_size=len(option.keep)) for starter in unseen}
    top = max(scores.values())
    return DiscardReason(
        discard=option.discard,
        keep=option.keep,
        hand_least=min(scores.values()),
        hand_mean=option.hand_mean,
        top_score=top,
        top_ranks=tuple(sorted({starter.rank for starter, score in scores.items() if score == top})),
        crib_mean=option.crib_mean,
        crib_owner=owner,
        own_crib=owner is CribOwner.YOURS if own_crib is None else own_crib,
        net=option.net,
    )


class Difference(Enum):
    """What makes the better of two discards better, by the figures the tables show."""

    TIED = "tied"
    """Their nets show the same: neither is better."""
    BOTH = "both"
    """It keeps more and its crib is better for the thrower."""
    KEPT_ONLY = "kept_only"
    """It keeps more; the crib shows the same."""
    CRIB_ONLY = "crib_only"
    """It keeps the same; the crib is better for the thrower."""
    KEPT_OUTWEIGHS_CRIB = "kept_outweighs_crib"
    """It keeps more, by more than its crib costs."""
    CRIB_OUTWEIGHS_KEPT = "crib_outweighs_kept"
    """It keeps less, but its crib makes up for it and more."""
    NET_ONLY = "net_only"
    """Only the nets differ, by the rounding of the figures behind them."""


@dataclass(frozen=True, slots=True)
class DiscardComparison:
    """Two discards of one deal, the better first (by net), and what sets them apart."""

    better: DiscardReason
    other: DiscardReason
    difference: Difference

    @property
    def kept_gain(self) -> Decimal:
        """How much more the better keeps on average, as the figures show (below 0: less)."""
        return shown(self.better.hand_mean) - shown(self.other.hand_mean)

    @property
    def crib_gain(self) -> Decimal:
        """How much better the better's crib is for the thrower, as the figures show: more in
        an own crib, less in another's (below 0: worse)."""
        more = shown(self.better.crib_mean) - shown(self.other.crib_mean)
        return more if self.better.own_crib else -more

    @property
    def net_gain(self) -> Decimal:
        return shown(self.better.net) - shown(self.other.net)


def compare(first: DiscardReason, second: DiscardReason) -> DiscardComparison:
    """``first`` against ``second`` (the better by net goes first), and what decides it."""
    better, other = (first, second) if first.net >= second.net else (second, first)
    if tied(other.net, better.net):
        return DiscardComparison(better, other, Difference.TIED)
    draft = DiscardComparison(better, other, Difference.NET_ONLY)
    return DiscardComparison(better, other, _difference(draft.kept_gain, draft.crib_gain))


def _difference(kept: Decimal, crib: Decimal) -> Difference:
    if kept > 0 and crib > 0:
        return Difference.BOTH
    if kept > 0 and crib == 0:
        return Difference.KEPT_ONLY
    if kept == 0 and crib > 0:
        return Difference.CRIB_ONLY
    if kept > 0 > crib and kept > -crib:
        return Difference.KEPT_OUTWEIGHS_CRIB
    if crib > 0 > kept and crib > -kept:
        return Difference.CRIB_OUTWEIGHS_KEPT
    return Difference.NET_ONLY  # the shown figures of hand and crib alone do not tell them apart


def rival(options: Sequence[DiscardOption], chosen: DiscardOption) -> DiscardOption:
    """What to set ``chosen`` against: the best discard, or when ``chosen`` is the best, the runner-up."""
    best = options[0]
    if set(chosen.discard) != set(best.discard):
        return best
    return next(option for option in options if set(option.discard) != set(chosen.discard))


__all__ = [
    "CribOwner",
    "Difference",
    "DiscardComparison",
    "DiscardReason",
    "adds_crib",
    "compare",
    "crib_owner",
    "discard_reason",
    "rival",
]
