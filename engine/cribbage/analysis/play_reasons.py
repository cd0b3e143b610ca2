"""Why a card of the play is good, as facts: what it pegs now, the next player's best reply
and the chance they hold a card for it, and what sets two cards apart.

The facts are the one risk model's (:mod:`cribbage.analysis.pegging_risk`); a next player
who holds no cards replies nothing, so no reason cites their reply. Two cards are compared by
the figures the practice shows (:mod:`cribbage.analysis.credit`).

>>> from cribbage.analysis.pegging_risk import play_risks
>>> from cribbage.core.cards import parse_cards
>>> fives, king = (play_reason(risk, 3) for risk in play_risks(parse_cards("5C"), parse_cards("5H KD"), opponent_cards=3))
>>> fives.pegs, fives.top_reply, round(fives.top_chance, 3)
(2, 8, 0.12)
>>> compare_plays(fives, king).difference
<PlayDifference.RISK_ONLY: 'risk_only'>
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from math import comb

from ..core.cards import Card
from .credit import shown, tied
from .pegging_risk import PlayRisk


@dataclass(frozen=True, slots=True)
class PlayReason:
    """The facts behind one card played.

    ``replier_cards``: how many cards the next player holds (0: no reply to speak of);
    ``top_reply``: the most their reply can peg (0: none scores), and ``top_chance`` the chance
    that they hold a card that pegs it.
    """

    card: Card
    pegs: int
    replier_cards: int
    expected_reply: float
    top_reply: int
    top_chance: float
    net: float


def play_reason(risk: PlayRisk, opponent_cards: int) -> PlayReason:
    """The facts of one weighed card, the next player holding ``opponent_cards`` cards."""
    top = risk.replies[0] if risk.replies and opponent_cards else None
    chance = 0.0
    if top is not None:  # at least one of its cards among the next player's, each hand of the unseen as likely
        chance = 1 - comb(risk.unseen - top.cards, opponent_cards) / comb(risk.unseen, opponent_cards)
    return PlayReason(
        card=risk.card,
        pegs=risk.points,
        replier_cards=opponent_cards,
        expected_reply=risk.expected if opponent_cards else 0.0,
        top_reply=top.points if top is not None else 0,
        top_chance=chance,
        net=risk.net,
    )


class PlayDifference(Enum):
    """What makes the better of two cards better, by the figures shown."""

    TIED = "tied"
    BOTH = "both"
    """It pegs more now and its reply is expected to peg less."""
    PEGS_ONLY = "pegs_only"
    """It pegs more now; the replies show the same (or there is no one to reply)."""
    RISK_ONLY = "risk_only"
    """It pegs the same now; its reply is expected to peg less."""
    PEGS_OUTWEIGH_RISK = "pegs_outweigh_risk"
    """It pegs more now, by more than its reply costs."""
    RISK_OUTWEIGHS_PEGS = "risk_outweighs_pegs"
    """It pegs less now, but its reply is expected to peg less still."""
    NET_ONLY = "net_only"
    """Only the nets differ, by the rounding of the figures behind them."""


@dataclass(frozen=True, slots=True)
class PlayComparison:
    """Two cards of one moment, the better first (by net), and what sets them apart."""

    better: PlayReason
    other: PlayReason
    difference: PlayDifference

    @property
    def pegs_gain(self) -> int:
        return self.better.pegs - self.other.pegs

    @property
    def risk_gain(self) -> Decimal:
        """How much less the better's reply is expected to peg, as the figures show."""
        return shown(self.other.expected_reply) - shown(self.better.expected_reply)

    @property
    def net_gain(self) -> Decimal:
        return shown(self.better.net) - shown(self.other.net)


def compare_plays(first: PlayReason, second: PlayReason) -> PlayComparison:
    """``first`` against ``second`` (the better by net goes first), and what decides it."""
    better, other = (first, second) if first.net >= second.net else (second, first)
    if tied(other.net, better.net):
        return PlayComparison(better, other, PlayDifference.TIED)
    draft = PlayComparison(better, other, PlayDifference.NET_ONLY)
    pegs, risk = Decimal(draft.pegs_gain), draft.risk_gain
    if pegs > 0 and risk > 0:
        difference = PlayDifference.BOTH
    elif pegs > 0 and risk == 0:
        difference = PlayDifference.PEGS_ONLY
    elif pegs == 0 and risk > 0:
        difference = PlayDifference.RISK_ONLY
    elif pegs > 0 > risk and pegs > -risk:
        difference = PlayDifference.PEGS_OUTWEIGH_RISK
    elif risk > 0 > pegs and risk > -pegs:
        difference = PlayDifference.RISK_OUTWEIGHS_PEGS
    else:
        difference = PlayDifference.NET_ONLY
    return PlayComparison(better, other, difference)


__all__ = ["PlayComparison", "PlayDifference", "PlayReason", "compare_plays", "play_reason"]
