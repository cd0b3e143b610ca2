"""Counting practice (``cribbage-practice``): a dealt hand, the reader's count, the answer.

>>> first, second = (WIDGET.render("crib: no", "en") for _ in range(2))
>>> first == second, "<details" in first
(True, True)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from html import escape

from ..core.cards import Card, parse_cards
from ..core.deal import deal_show
from ..core.show import MAX_SHOW, score_show
from ..errors import CribbageError
from ..i18n import Language, points_text, t
from . import source
from .count import deal_html, show_html
from .html import attrs, button, radio_group
from .source import (
    CARD_TEXTS,
    Action,
    Fields,
    State,
    StateError,
    action_text,
    card_texts,
    field,
    json_object,
    natural,
    uid_of,
)
from .spoken import kind_tally
from .widget import Answer, Live, Widget


def practice_state(hand: Sequence[Card], starter: Card, crib: bool, uid: str) -> State:
    """A hand to count, not answered yet (``answered``: its first count has gone to the streak)."""
    return {
        "uid": uid,
        "hand": [str(card) for card in hand],
        "starter": str(starter),
        "crib": crib,
        "said": None,
        "answered": False,
    }


def _checked(state: State) -> tuple[tuple[Card, ...], Card, bool, int | None, str]:
    """The hand, starter, crib, the reader's count (None before a check) and uid."""
    hand = parse_cards(card_texts(state, "hand", (4,)))
    starter_text = field(state, "starter", str)
    if starter_text not in CARD_TEXTS:
        raise StateError("starter")
    starter = Card.parse(starter_text)
    if starter in hand or len(set(hand)) != 4:
        raise StateError("hand")
    said = state.get("said")
    if said is not None and (not isinstance(said, int) or isinstance(said, bool) or not 0 <= said <= MAX_SHOW):
        raise StateError("said")
    return hand, starter, field(state, "crib", bool), said, uid_of(state)


def practice_view(state: State, lang: Language, static: bool = False, note: str = "") -> str:
    """The practice: the cards, then a box for the reader's count, then the verdict and the answer (``note`` above them)."""
    hand, starter, crib, said, uid = _checked(state)
    switch = radio_group(
        t("ui.count_as", lang), "crib", (("0", t("ui.hand", lang)), ("1", t("ui.crib", lang))), str(int(crib)), uid
    )
    streak = (
        f'<p class="cb-streak"><span class="cb-label">{escape(t("ui.streak", lang))}:</span> <strong data-streak>0</strong>'
        '<span class="cb-separator" aria-hidden="true"> · </span>'
        f'<span class="cb-label">{escape(t("ui.best", lang))}:</span> <strong data-streak-best>0</strong></p>'
    )
    form = (
        # novalidate: a number out of range is answered by the engine in the page's language, not the browser's
        f'<form class="cb-answer" data-action="check" novalidate><label class="cb-field"><span class="cb-label">{escape(t("ui.your_count", lang))}</span>'
        f'<input type="number" name="said" min="0" max="{MAX_SHOW}" step="1" inputmode="numeric" required{attrs(value=said, data_key="said")}></label>'
        f' <button type="submit" class="cb-button" data-key="check">{escape(t("ui.check", lang))}</button></form>'
    )
    controls = f'<div class="cb-controls">{switch}{button(t("ui.deal", lang), "deal", "deal")}{streak}</div>'
    # The cards to count come before the box that asks for their count.
    cards = (
        f'<p class="cb-prompt">{escape(t("ui.practice_prompt", lang))}</p>{deal_html(hand, starter, crib, lang)}{form}'
    )
    # The answer is news only once the reader has counted: folded before that, it is never read out.
    counted = not static and said is not None
    summary = (
        f"<summary>{escape(t('ui.answer', lang))}</summary>{show_html(hand, starter, crib, lang, announce=counted)}"
    )
    if static or said is None:
        result = f'<details class="cb-answer-box">{summary}</details>'
    else:
        score = score_show(hand, starter, crib=crib)
        total = score.total
        if said == total:
            verdict = t("ui.correct", lang, total=total)
        elif said < total:
            verdict = t("ui.too_low", lang, said=said, total=total, missing=points_text(total - said, lang))
        else:
            verdict = t("ui.too_high", lang, said=said, total=total, extra=points_text(said - total, lang))
        tally = (
            f'<p class="cb-tally" data-announce>{escape(kind_tally(score, lang))}</p>'
            if said != total and score.items
            else ""
        )
        result = f'<p class="cb-verdict" data-correct="{str(said == total).lower()}" data-announce>{escape(verdict)}</p>{tally}<details class="cb-answer-box" open>{summary}</details>'
    return f'{controls}{cards}{note}<div class="cb-result">{result}</div>'


def practice_block(fields: Fields, lang: Language, uid: str, text: str) -> Live:
    crib = source.flag(fields, "crib")
    # The printed deal is fixed by the block's text, so every build shows the same cards.
    seed = int(hashlib.sha1(text.encode()).hexdigest()[:8], 16)
    hand, starter = deal_show(random.Random(seed))
    state = practice_state(hand, starter, crib, uid)
    # Its own key per block: the hand and whether it was answered survive a reload.
    return Live(
        state, practice_view(state, lang, static=True), t("ui.practice_prompt", lang), persist=f"practice-{uid}"
    )


def _restored(state: State, text: str) -> State:
    """The hand this page saved (a reload, a later visit), checked like any state; else the page's own.
    Its ``answered`` comes back with it, so reloading the page never counts a hand twice."""
    try:
        saved = {**json_object(text), "uid": uid_of(state)}
        hand, starter, crib, said, uid = _checked(saved)
        answered = field(saved, "answered", bool)
    except CribbageError:  # a state this page would never have saved: the page's own stands
        return state
    return {**practice_state(hand, starter, crib, uid), "said": said, "answered": answered}


def practice_update(state: State, action: Action, lang: Language) -> Answer:
    """Apply one reader action. A check answers ``correct`` (whether the count was right) only
    for the hand's first readable count: the streak counts one answer per hand, so checking a
    hand again, or its cards as a crib, adds nothing to it."""
    hand, starter, crib, said, uid = _checked(state)
    answered = field(state, "answered", bool)
    kind, value = action.get("action"), action_text(action)
    new = {**practice_state(hand, starter, crib, uid), "said": said, "answered": answered}  # nothing else travels on
    answer: Answer = {}
    if kind == "restore":
        new = _restored(new, value)
    elif kind == "deal":
        new = practice_state(*deal_show(random.Random()), crib, uid)
    elif kind == "set" and action.get("name") == "crib":
        new["crib"], new["said"] = value == "1", None
    elif kind == "check":
        said = natural(value.strip(), 5)
        if said is None or said > MAX_SHOW:
            new["said"] = None
            note = f'<p class="cb-error" data-announce>{escape(t("ui.enter_number", lang, most=MAX_SHOW))}</p>'
            return {"html": practice_view(new, lang, note=note), "state": new}
        new["said"] = said
        if not answered:
            new["answered"] = True
            answer["correct"] = said == score_show(hand, starter, crib=crib).total
    return {"html": practice_view(new, lang), "state": new, **answer}


WIDGET = Widget(kind="practice", keys=("crib",), required=(), block=practice_block, update=practice_update)
