"""The coach's reviews kept in the game's page state, and read back from it.

Reviewing a deal takes up to a second in the browser, so each finished deal's
review (:func:`cribbage.players.coach.review_deal`, with the engine's samples for the
number of players) is made once, when the deal ends (by
:class:`cribbage.session.TableSession`), and kept in the state as its JSON.
A state comes from the page, so reading a review back checks every field
(a :class:`StateError` when one is wrong).

>>> from cribbage.players.coach import review_deal
>>> from cribbage.players.computer import ComputerPlayer
>>> from cribbage.core.game import Game, GameRules
>>> game = Game(GameRules(target=61), seed=3)
>>> _ = game.run([ComputerPlayer("random", seed=1), ComputerPlayer("random", seed=2)])
>>> review = review_deal(game, 0, 1, samples=8)
>>> deal_review_from_json(review.to_json()) == review
True
"""

from __future__ import annotations

from typing import Any

from ...analysis.discard import DiscardOption
from ...core.cards import Card, parse_cards
from ...core.game import Game
from ...core.show import SHOW_KINDS, ScoreItem, ScoreKind
from ...core.variants import VARIANTS
from ...errors import CribbageError
from ...players.coach import GIVEN_AWAY, MAX_WAYS
from ...players.reviews import CountReview, DealReview, DiscardReview, PlayReview
from ..source import State, StateError, natural

MAX_SAID = 64
"""Far more counts than a game says (the reader says at most two a deal)."""
MAX_COUNT_SAID = max(game.max_show for game in VARIANTS.values())
"""The highest count the page takes from the reader (46, the seven-card game's highest show)."""
MAX_DEALT = max(shape.dealt for game in VARIANTS.values() for shape in game.dealt.values())
"""The most cards dealt to a seat in any variant (7, the seven-card game)."""
MAX_KEPT = max(game.kept for game in VARIANTS.values())
"""The largest hand of any variant (5): its plays, and with the starter a show item's cards."""
MAX_ITEMS = 2 ** (MAX_KEPT + 1)
"""No show has more items than the hand and starter have sets of cards."""

__all__ = ["deal_review_from_json", "reviews_of", "said_of"]


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:  # NaN is not a number here
        raise StateError("coach")
    return float(value)


def _integer(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StateError("coach")
    return value


def _cards(value: object, most: int) -> tuple[Card, ...]:
    if not isinstance(value, list) or len(value) > most or not all(isinstance(text, str) for text in value):
        raise StateError("coach")
    try:
        return parse_cards(value)
    except CribbageError:
        raise StateError("coach") from None


def _card(value: object) -> Card | None:
    if value is None:
        return None
    cards = _cards([value], 1)
    return cards[0]


def _dict(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise StateError("coach")
    return value


def _option(data: object) -> DiscardOption:
    row = _dict(data)
    spread = _dict(row.get("hand_distribution"))
    if any(natural(key, 2) is None for key in spread):
        raise StateError("coach")
    return DiscardOption(
        _cards(row.get("discard"), 2),
        _cards(row.get("keep"), MAX_KEPT),
        _number(row.get("hand_mean")),
        _integer(row.get("hand_min")),
        _integer(row.get("hand_max")),
        {int(key): _integer(value) for key, value in spread.items()},
        _number(row.get("crib_mean")),
        _number(row.get("net")),
    )


def _item(data: object) -> ScoreItem:
    row = _dict(data)
    kind = row.get("kind")
    if kind not in SHOW_KINDS:
        raise StateError("coach")
    return ScoreItem(ScoreKind(kind), _cards(row.get("cards"), MAX_KEPT + 1), _integer(row.get("points")))


def deal_review_from_json(data: object) -> DealReview:
    """A deal's review as :meth:`DealReview.to_json` wrote it, every field checked."""
    row = _dict(data)
    deal = _integer(row.get("deal"))
    discards = tuple(
        DiscardReview(
            _integer(item.get("deal")),
            _integer(item.get("seat")),
            _cards(item.get("dealt"), MAX_DEALT),
            _cards(item.get("chosen"), 2),
            _option(item.get("chosen_option")),
            _option(item.get("best_option")),
            _number(item.get("cost")),
        )
        for item in map(_dict, _list(row.get("discards"), 1))
    )
    plays = []
    for item in map(_dict, _list(row.get("plays"), MAX_KEPT)):
        values = []
        for pair in _list(item.get("values"), MAX_KEPT + 1):
            if not isinstance(pair, list) or len(pair) != 2:
                raise StateError("coach")
            values.append((_card(pair[0]), _number(pair[1])))
        gave_away = _list(item.get("gave_away"), 4)
        if not all(kind in GIVEN_AWAY for kind in gave_away):
            raise StateError("coach")
        plays.append(
            PlayReview(
                _integer(item.get("deal")),
                _integer(item.get("index")),
                _integer(item.get("count_before")),
                _cards(item.get("pile"), 13),
                _cards(item.get("held"), MAX_KEPT),
                _card(item.get("chosen")),
                tuple(values),
                _card(item.get("best")),
                _number(item.get("cost")),
                tuple(map(ScoreKind, gave_away)),
            )
        )
    counts = []
    for item in map(_dict, _list(row.get("counts"), 2)):
        what = item.get("what")
        if what not in ("hand", "crib"):
            raise StateError("coach")
        counts.append(
            CountReview(
                _integer(item.get("deal")),
                what,
                _integer(item.get("said")),
                _integer(item.get("actual")),
                tuple(_item(entry) for entry in _list(item.get("missed"), MAX_ITEMS)),
                _integer(item.get("over")),
                tuple(
                    tuple(_item(entry) for entry in _list(way, MAX_ITEMS))
                    for way in _list(item.get("either", []), MAX_WAYS)
                ),
            )
        )
    return DealReview(deal, discards, tuple(plays), tuple(counts))


def _list(value: object, most: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > most:
        raise StateError("coach")
    return value


def reviews_of(state: State, game: Game) -> dict[int, DealReview]:
    """The reviews a state keeps, by deal number (each deal at most once, none beyond this game's deals)."""
    kept = state.get("coach", [])
    reviews = {}
    for review in map(deal_review_from_json, _list(kept, game.deals)):
        if not 1 <= review.deal <= game.deals or review.deal in reviews:
            raise StateError("coach")
        reviews[review.deal] = review
    return reviews


def said_of(state: State) -> dict[tuple[int, str], int]:
    """The counts the reader announced that the page corrected, by (deal, "hand" | "crib")."""
    said = state.get("said", {})
    if not isinstance(said, dict) or len(said) > MAX_SAID:
        raise StateError("said")
    counts = {}
    for key, value in said.items():
        deal, _, what = key.partition(":")
        if not (natural(deal, 3) is not None and what in ("hand", "crib")) or not (
            isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT_SAID
        ):
            raise StateError("said")
        counts[(int(deal), what)] = value
    return counts
