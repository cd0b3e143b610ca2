"""JSON answers: the show breakdown as JSON, fast enough for a batch of hands.

``score --json -`` answers thousands of hands in one run. Building a
:class:`~cribbage.core.show.ShowScore` and then a dict for every hand costs more
than the scoring, so :func:`show_json_text` writes the JSON text directly.
The fifteens, pairs and runs depend only on the sorted ranks, so their text is
made once per rank tuple (from :func:`cribbage.core.show.rank_pattern`) with a slot
for each card; a hand fills in its cards and adds its flush and nobs. The rules
all stay in :mod:`cribbage.core.show`; this module only writes.

>>> import json
>>> from cribbage.core.cards import Card, parse_cards
>>> from cribbage.core.show import score_show
>>> hand, starter = parse_cards("5H 5S 5C JD"), Card.parse("5D")
>>> show_json_text(hand, starter) == json.dumps(show_json(score_show(hand, starter)))
True
>>> show_json(score_show(parse_cards("2H 4H 6H 8H"), Card.parse("KS"), crib=True))
{'total': 0, 'items': []}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from operator import itemgetter
from typing import Any, NamedTuple

from ..core.cards import DECK, Card, Rank
from ..core.show import ScoreKind, ShowScore, check_show, flush_points, nobs_jack, rank_pattern

_CARD_TEXT = {card: str(card) for card in DECK}
"""``str(card)`` is a call into Python; a batch writes hundreds of thousands of cards."""

_rank_of = itemgetter(0)
_text_of = _CARD_TEXT.__getitem__


class _Template(NamedTuple):
    """The fifteens, pairs and runs of some sorted ranks as JSON, with ``%s``
    for each card's text; ``cards`` picks those texts from the sorted cards."""

    text: str
    cards: Callable[[Sequence[str]], tuple[str, ...]] | None
    points: int


_templates: dict[tuple[Rank, ...], _Template] = {}

_ITEM = '{"kind": "%s", "cards": [%s], "points": %d}'
_ANSWER = '{"total": %d, "items": [%s]}'


def show_json(score: ShowScore) -> dict[str, Any]:
    """The plain JSON form of a breakdown: ``{"total", "items": [{"kind", "cards", "points"}]}``."""
    return {
        "total": score.total,
        "items": [
            {"kind": kind, "cards": list(map(_text_of, cards)), "points": points} for kind, cards, points in score.items
        ],
    }


def show_json_text(hand: Sequence[Card], starter: Card, crib: bool = False) -> str:
    """``json.dumps(show_json(score_show(hand, starter, crib)))``, written directly.

    Bad input is refused as :func:`~cribbage.core.show.score_show` refuses it.
    """
    check_show(hand, starter, crib)
    return checked_show_json_text(hand, starter, crib)


def checked_show_json_text(hand: Sequence[Card], starter: Card, crib: bool) -> str:
    """:func:`show_json_text` of cards already checked as :func:`~cribbage.core.show.check_show`
    checks them (as :func:`cribbage.io.jsonin.plain_score_request` does)."""
    cards = sorted((*hand, starter), key=_rank_of)  # stable, as in score_show: ties keep the reader's order
    ranks = tuple([card.rank for card in cards])
    template = _templates.get(ranks)
    if template is None:
        template = _templates[ranks] = _template(ranks)
    text, pick, points = template
    if pick is not None:
        text %= pick([_text_of(card) for card in cards])
    flush = flush_points(hand, starter, crib)
    jack = nobs_jack(hand, starter)
    if not flush and jack is None:  # most hands
        return _ANSWER % (points, text)
    items = [text] if text else []
    if flush:
        flush_cards = (*hand, starter) if flush > len(hand) else hand
        items.append(_ITEM % (ScoreKind.FLUSH.value, ", ".join([f'"{_text_of(card)}"' for card in flush_cards]), flush))
    if jack is not None:
        items.append(_ITEM % (ScoreKind.NOBS.value, f'"{_text_of(jack)}"', 1))
    return _ANSWER % (points + flush + (jack is not None), ", ".join(items))


def _template(ranks: tuple[Rank, ...]) -> _Template:
    pattern = rank_pattern(ranks)
    slots = [position for _, positions, _ in pattern for position in positions]
    # Every item holds 2 cards or more, so itemgetter always returns a tuple.
    cards = itemgetter(*slots) if slots else None
    return _Template(", ".join(map(_item_template, pattern)), cards, sum([points for _, _, points in pattern]))


@cache
def _item_template(item: tuple[str, tuple[int, ...], int]) -> str:
    """One item with ``%s`` for each card's text: a few dozen in all."""
    kind, positions, points = item
    return _ITEM % (kind, ", ".join(['"%s"'] * len(positions)), points)
