"""The count of a hand or crib as HTML: the cards, each scoring combination, the total, the words.

The hand widget, counting practice and the game's show all print a count with
:func:`show_html`, so a page never shows the same hand counted two ways.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..core.cards import Card
from ..core.show import ShowScore, score_show
from ..i18n import Language, points_text, t
from ..typography import as_inner_quotation
from .html import card_html, cards_html
from .spoken import spoken_count


def score_items_html(score: ShowScore, shown: Sequence[Card], lang: Language) -> str:
    """Each scoring combination with its cards highlighted among all shown cards."""
    if not score.items:
        return f'<p class="cb-none">{escape(t("ui.no_score", lang))}</p>'
    rows = []
    for item in score.items:
        faces = "".join(
            card_html(card, lang, "cb-in") if card in item.cards else card_html(card, lang, "cb-out", hidden=True)
            for card in shown
        )
        rows.append(
            f'<li class="cb-item" data-kind="{escape(item.kind)}"><span class="cb-kind">{escape(t(f"kind.{item.kind}", lang))}</span>'
            f'<span class="cb-combo">{faces}</span><span class="cb-points">{escape(points_text(item.points, lang))}</span></li>'
        )
    return f'<ol class="cb-items" aria-label="{escape(t("ui.breakdown", lang))}">{"".join(rows)}</ol>'


def deal_html(hand: Sequence[Card], starter: Card, crib: bool, lang: Language) -> str:
    """``Hand 5♥ 5♠ 5♣ J♦ Starter 5♦``: the cards of a count, before it is made."""
    return (
        f'<p class="cb-deal"><span class="cb-label">{escape(t("ui.crib" if crib else "ui.hand", lang))}</span> '
        f'{cards_html(hand, lang)} <span class="cb-label">{escape(t("ui.starter", lang))}</span> '
        f"{card_html(starter, lang, 'cb-starter')}</p>"
    )


def show_html(
    hand: Sequence[Card], starter: Card, crib: bool, lang: Language, announce: bool = True, hand_size: int | None = None
) -> str:
    """The full count of a hand or crib: cards, items, total, the count said aloud.

    ``announce`` marks the total and the words as news to read out; the game's log
    announces its own short line instead, and keeps older shows quiet.
    ``hand_size``: the variant's hand (None: 4 or 3, as :func:`~cribbage.core.show.score_show` has it).
    """
    score = score_show(hand, starter, crib=crib, hand_size=hand_size)
    news = " data-announce" if announce else ""
    return (
        f'<div class="cb-show">{deal_html(hand, starter, crib, lang)}'
        f"{score_items_html(score, (*hand, starter), lang)}"
        f'<p class="cb-total"{news}><span class="cb-label">{escape(t("ui.total", lang))}:</span> '
        f'<strong data-total="{score.total}">{score.total}</strong></p>'
        f"{spoken_html(score, lang, announce)}</div>"
    )


def spoken_html(score: ShowScore, lang: Language, announce: bool = False) -> str:
    """The count as a player says it aloud ("fifteen two, fifteen four and a pair is six")."""
    news = " data-announce" if announce else ""
    return (
        f'<p class="cb-spoken"{news}><span class="cb-label">{escape(t("ui.spoken", lang))}:</span> '
        f"<q data-spoken>{escape(as_inner_quotation(spoken_count(score, lang), lang))}</q></p>"
    )
