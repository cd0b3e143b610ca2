"""What the coach's reviews say: frozen records of a seat's discards, plays and counts, deal by
deal and for a game, each written to JSON and read back (the game page keeps them in its state).

The reviewing itself is :mod:`cribbage.players.coach`'s; these records hold numbers and cards only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..analysis.discard import DiscardOption
from ..core.cards import Card, parse_cards
from ..core.show import ScoreItem, ScoreKind
from ..core.variants import Variant, variant_json

CountWhat = Literal["hand", "crib"]
MomentKind = Literal["discard", "play", "count"]


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def _card(card: Card | None) -> str | None:
    return None if card is None else str(card)


@dataclass(frozen=True)
class DiscardReview:
    """The seat's discard against the advisor's best; ``cost`` = best net - chosen net."""

    deal: int
    seat: int
    dealt: tuple[Card, ...]
    chosen: tuple[Card, ...]
    chosen_option: DiscardOption
    best_option: DiscardOption
    cost: float

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "seat": self.seat,
            "dealt": _cards(self.dealt),
            "chosen": _cards(self.chosen),
            "chosen_option": self.chosen_option.to_json(),
            "best_option": self.best_option.to_json(),
            "cost": self.cost,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DiscardReview:
        return cls(
            data["deal"],
            data["seat"],
            parse_cards(data["dealt"]),
            parse_cards(data["chosen"]),
            _option(data["chosen_option"]),
            _option(data["best_option"]),
            data["cost"],
        )


def _option(data: dict[str, Any]) -> DiscardOption:
    return DiscardOption(
        parse_cards(data["discard"]),
        parse_cards(data["keep"]),
        data["hand_mean"],
        data["hand_min"],
        data["hand_max"],
        {int(score): n for score, n in data["hand_distribution"].items()},
        data["crib_mean"],
        data["net"],
    )


def _item(data: dict[str, Any]) -> ScoreItem:
    return ScoreItem(ScoreKind(data["kind"]), parse_cards(data["cards"]), data["points"])


def _optional_card(text: str | None) -> Card | None:
    return None if text is None else Card.parse(text)


@dataclass(frozen=True)
class PlayReview:
    """One card the seat played: every legal card's expected net pegging for the rest of the play.

    ``index`` is the action's place in the deal's play (gos included: the
    ``start`` of a ``cribbage-play`` block that opens on this decision);
    ``values`` best first; ``gave_away``: what the next opponent to play a card
    in the same count pegged off it (kinds of :data:`GIVEN_AWAY`).
    """

    deal: int
    index: int
    count_before: int
    pile: tuple[Card, ...]
    held: tuple[Card, ...]
    chosen: Card | None
    values: tuple[tuple[Card | None, float], ...]
    best: Card | None
    cost: float
    gave_away: tuple[ScoreKind, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "index": self.index,
            "count_before": self.count_before,
            "pile": _cards(self.pile),
            "held": _cards(self.held),
            "chosen": _card(self.chosen),
            "values": [[_card(card), value] for card, value in self.values],
            "best": _card(self.best),
            "cost": self.cost,
            "gave_away": list(self.gave_away),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PlayReview:
        return cls(
            data["deal"],
            data["index"],
            data["count_before"],
            parse_cards(data["pile"]),
            parse_cards(data["held"]),
            _optional_card(data["chosen"]),
            tuple((_optional_card(card), value) for card, value in data["values"]),
            _optional_card(data["best"]),
            data["cost"],
            tuple(map(ScoreKind, data["gave_away"])),
        )


@dataclass(frozen=True)
class CountReview:
    """A count the seat announced: ``over`` points too many, or a short count made up by
    ``missed`` items when only one combination of them adds up to the gap, else by one
    of the ways in ``either`` (each a set of items; none when too many could).

    ``either`` is written only when it names ways, so reviews saved before it read as they were.
    """

    deal: int
    what: CountWhat
    said: int
    actual: int
    missed: tuple[ScoreItem, ...]
    over: int
    either: tuple[tuple[ScoreItem, ...], ...] = ()

    @property
    def cost(self) -> int:
        """Points the short count left on the table (an overcount is refused, so it costs nothing)."""
        return max(0, self.actual - self.said)

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "what": self.what,
            "said": self.said,
            "actual": self.actual,
            "missed": [item.to_json() for item in self.missed],
            "over": self.over,
            "cost": self.cost,
        } | ({"either": [[item.to_json() for item in way] for way in self.either]} if self.either else {})

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CountReview:
        either = tuple(tuple(map(_item, way)) for way in data.get("either", ()))
        missed = tuple(map(_item, data["missed"]))
        return cls(data["deal"], data["what"], data["said"], data["actual"], missed, data["over"], either)


@dataclass(frozen=True)
class DealReview:
    deal: int
    discards: tuple[DiscardReview, ...]
    plays: tuple[PlayReview, ...]
    counts: tuple[CountReview, ...]

    @property
    def lost_to_discards(self) -> float:
        return sum(review.cost for review in self.discards)

    @property
    def lost_to_pegging(self) -> float:
        return sum(review.cost for review in self.plays)

    @property
    def lost_to_counting(self) -> int:
        return sum(review.cost for review in self.counts)

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "discards": [review.to_json() for review in self.discards],
            "plays": [review.to_json() for review in self.plays],
            "counts": [review.to_json() for review in self.counts],
            "lost_to_discards": self.lost_to_discards,
            "lost_to_pegging": self.lost_to_pegging,
            "lost_to_counting": self.lost_to_counting,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealReview:
        """A review cached by a page (its :meth:`to_json`), for :func:`review_game`'s ``deals``."""
        return cls(
            data["deal"],
            tuple(DiscardReview.from_json(item) for item in data["discards"]),
            tuple(PlayReview.from_json(item) for item in data["plays"]),
            tuple(CountReview.from_json(item) for item in data["counts"]),
        )


@dataclass(frozen=True)
class ReplaySpec:
    """What a ``cribbage-play`` block needs: hands in play order (seat 0 leads,
    the dealer last), the cards played, the action to open on, and the
    reviewed seat's place in that order."""

    hands: tuple[tuple[Card, ...], ...]
    plays: tuple[Card, ...]
    start: int
    players: int
    variant: Variant
    seat: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [_cards(hand) for hand in self.hands],
            "plays": _cards(self.plays),
            "start": self.start,
            "players": self.players,
            **variant_json(self.variant),
            "seat": self.seat,
        }


@dataclass(frozen=True)
class Moment:
    """One costly decision; ``index`` is its :attr:`PlayReview.index` for a play."""

    deal: int
    kind: MomentKind
    cost: float
    replay: ReplaySpec
    index: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "kind": self.kind,
            "cost": self.cost,
            "replay": self.replay.to_json(),
            "index": self.index,
        }


@dataclass(frozen=True)
class Totals:
    discards: float = 0.0
    pegging: float = 0.0
    counting: int = 0

    @property
    def total(self) -> float:
        return self.discards + self.pegging + self.counting

    def to_json(self) -> dict[str, Any]:
        return {"discards": self.discards, "pegging": self.pegging, "counting": self.counting, "total": self.total}


@dataclass(frozen=True)
class GameReview:
    deals: tuple[DealReview, ...]
    totals: Totals = field(default_factory=Totals)
    costliest: tuple[Moment, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "deals": [deal.to_json() for deal in self.deals],
            "totals": self.totals.to_json(),
            "costliest": [moment.to_json() for moment in self.costliest],
        }


# -- a deal's events --------------------------------------------------------------------
