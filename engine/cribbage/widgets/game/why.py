"""The computers' reasons ("Why?"): a disclosure under each of their decisions.

A reason is kept in the page state as the engine gave it (a code and its
numbers); its words are chosen here, in the page's language, and what a
discard's reason would tell about cards still face down waits for the show.

>>> from cribbage.core.game import Game
>>> html = why_html({"code": "highest_card", "params": {}}, True, Game(), 1, "en")
>>> "<summary>Why?</summary>" in html and "highest card" in html
True
>>> "best net against its opponent: 1.25 points" in why_html({"code": "best_pegging", "params": {"card": "5H", "value": 1.25}}, True, Game(), 1, "en")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from ...analysis.discard import DiscardOption, hand_distribution
from ...analysis.reasons import CribOwner, compare, discard_reason
from ...core.cards import DECK, Card, parse_cards
from ...core.events import Deal
from ...core.game import Game
from ...i18n import Language, expected_points_text, number, points_text, t
from ...players.computer import ReasonCode
from ..discard_reason import comparison_html
from ..html import cards_html, scroll_box
from ..play_reason import reply_text
from ..source import StateError
from .state import READER


def _reason_value(params: Mapping[str, Any], name: str) -> float:
    value = params.get(name)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise StateError("why")
    return value


def _reason_number(params: Mapping[str, Any], name: str, lang: Language) -> str:
    """A figure of the reason, as the tables print it."""
    return number(_reason_value(params, name), lang)


def _reason_points(params: Mapping[str, Any], name: str, lang: Language) -> str:
    """An expected amount of points of the reason, said in a sentence as the tables print it."""
    return expected_points_text(_reason_value(params, name), lang)


def _reason_cards(params: Mapping[str, Any], name: str, lang: Language) -> str:
    value = params.get(name)
    if not isinstance(value, list) or not all(isinstance(text, str) for text in value):
        raise StateError("why")
    return cards_html(parse_cards(value), lang)


def _reply(params: Mapping[str, Any], lang: Language) -> list[str]:
    """The next player's best reply to the card and its chance, as the computer weighed them
    (a reason saved before it kept them has none)."""
    reply = params.get("reply")
    if reply is None:
        return []
    if not isinstance(reply, dict) or not isinstance(params.get("card"), str):
        raise StateError("why")
    top, chance = reply.get("top"), _reason_value(reply, "chance")
    if not isinstance(top, int) or isinstance(top, bool) or not 0 <= chance <= 1:
        raise StateError("why")
    return [reply_text(Card.parse(params["card"]), top, chance, lang)]


def why_html(reason: Any, revealed: bool, game: Game, seat: int, lang: Language) -> str:
    """The reason behind one decision of ``seat``, in a disclosure the keyboard opens."""
    if not isinstance(reason, dict):
        return ""
    code, params = reason.get("code"), reason.get("params")
    if not isinstance(params, dict):
        raise StateError("why")
    later = escape(t("game.why_later", lang))
    players = game.rules.players
    match code:
        case ReasonCode.BEST_EXPECTED_VALUE:
            body = _why_discard(params, game, seat, lang) if revealed else later
        case ReasonCode.BEST_HAND:
            body = (
                escape(t("game.why_best_hand", lang, hand=_reason_number(params, "hand_mean", lang)))
                + " "
                + _reason_cards(params, "keep", lang)
                if revealed
                else later
            )
        case ReasonCode.RANDOM:
            body = escape(t("game.why_random", lang))
        case ReasonCode.TAKES_POINTS:
            points = params.get("points")
            if not isinstance(points, int) or isinstance(points, bool):
                raise StateError("why")
            body = escape(t("game.why_takes_points", lang, points=points_text(points, lang)))
        case ReasonCode.SAFEST:
            key = "game.why_safest" if players == 2 else "game.why_safest_next"
            body = escape(" ".join([t(key, lang, risk=_reason_points(params, "risk", lang)), *_reply(params, lang)]))
        case ReasonCode.BEST_PEGGING:
            # ahead of one opponent, of two others each for himself, or of the other partnership
            key = {2: "game.why_best_pegging_opponent", 3: "game.why_best_pegging_others"}.get(
                players, "game.why_best_pegging"
            )
            body = escape(t(key, lang, value=_reason_points(params, "value", lang)))
        case ReasonCode.HIGHEST_CARD:
            body = escape(t("game.why_highest", lang))
        case ReasonCode.ONLY_CARD:
            body = escape(t("game.why_only_card", lang))
        case _:
            raise StateError("why")
    return (
        f' <details class="cb-why-box"><summary>{escape(t("game.why", lang))}</summary>'
        f'<div class="cb-why-text">{body}</div></details>'
    )


def _discard_key(params: Mapping[str, Any], game: Game, seat: int) -> str:
    """Whose crib the discard went to, as the reason's sentence says it."""
    if game.rules.players == 2:
        return "game.why_discard_dealer" if params.get("dealer") else "game.why_discard_pone"
    if not params.get("dealer"):
        return "game.why_discard_other"
    return "game.why_discard_dealer" if _dealer(game, seat) == seat else "game.why_discard_side"


def _dealer(game: Game, seat: int) -> int:
    """The dealer of the deal a reason is shown in: the log shows this deal only, so the last deal's."""
    return next((event.dealer for event in reversed(game.events) if isinstance(event, Deal)), seat)


def _why_discard(params: Mapping[str, Any], game: Game, seat: int, lang: Language) -> str:
    text = escape(
        t(
            _discard_key(params, game, seat),
            lang,
            hand=_reason_number(params, "hand_mean", lang),
            crib=_reason_number(params, "crib_mean", lang),
            net=_reason_number(params, "net", lang),
        )
    )
    alternatives = params.get("alternatives", [])
    if not isinstance(alternatives, list) or not all(isinstance(row, dict) for row in alternatives):
        raise StateError("why")
    rows = [(params, True)] + [(option, False) for option in alternatives[:5]]
    best_class = ' class="cb-best"'
    body = "".join(
        f"<tr{best_class if best else ''}>"
        f"<td>{_reason_cards(row, 'discard', lang)}</td><td>{_reason_number(row, 'net', lang)}</td>"
        f"<td>{_reason_number(row, 'hand_mean', lang)}</td><td>{_reason_number(row, 'crib_mean', lang)}</td></tr>"
        for row, best in rows
    )
    # As in the advisor: the discard and its net first, the figures behind it after.
    head = "".join(
        f'<th scope="col">{escape(t(key, lang))}</th>'
        for key in ("ui.discard", "ui.net", "ui.hand_mean", "ui.crib_mean")
    )
    table = f'<table class="cb-options"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
    return (
        f"<p>{text}</p><p>{escape(t('ui.keep', lang))}: {_reason_cards(params, 'keep', lang)}</p>"
        f"{_against_runner_up(params, alternatives, game, seat, lang)}{scroll_box(table, t('ui.options', lang))}"
    )


def _card_list(params: Mapping[str, Any], name: str) -> tuple[Card, ...]:
    value = params.get(name)
    if not isinstance(value, list) or not all(isinstance(text, str) for text in value):
        raise StateError("why")
    return parse_cards(value)


def _against_runner_up(
    params: Mapping[str, Any], alternatives: list[Any], game: Game, seat: int, lang: Language
) -> str:
    """Why the computer's discard beats the runner-up, in the words of every discard's reason.

    The reason keeps the figures, not the deal: the dealt cards are the kept and the thrown,
    and each kept hand is scored again over the starters the computer had not seen."""
    if not alternatives:
        return ""
    keep, discard = _card_list(params, "keep"), _card_list(params, "discard")
    dealt = (*keep, *discard)
    unseen = [card for card in DECK if card not in dealt]

    def option(row: Mapping[str, Any]) -> DiscardOption:
        thrown = _card_list(row, "discard")
        kept = tuple(card for card in dealt if card not in thrown)
        if len(thrown) != len(discard) or len(kept) != len(keep):
            raise StateError("why")
        distribution = hand_distribution(kept, unseen)
        return DiscardOption(
            thrown,
            kept,
            _reason_value(row, "hand_mean"),
            min(distribution),
            max(distribution),
            dict(sorted(distribution.items())),
            _reason_value(row, "crib_mean"),
            _reason_value(row, "net"),
        )

    own = bool(params.get("dealer"))
    # whose crib, as the reader sees it: the dealer's when the thrower (or its side) deals, else the reader's or another's
    owner = CribOwner.YOURS if not own and _dealer(game, seat) == READER else CribOwner.DEALERS
    chosen, runner_up = (discard_reason(option(row), owner, own_crib=own) for row in (params, alternatives[0]))
    return comparison_html(compare(chosen, runner_up), lang)
