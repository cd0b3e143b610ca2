"""Every live example, the same at build time and in the browser.

The build calls :func:`render_block` on each fenced ``cribbage-<kind>`` block;
the browser's worker calls :func:`update` with the widget's state and the
reader's action and swaps in the HTML it returns.  Both end in the same view
functions, so a page never shows two different counts for the same cards.

Each kind lives in its own module and declares itself in one
:class:`~.widget.Widget`; :data:`REGISTRY` is the only list of kinds (the
MkDocs hook, the worker and the tests read it).

>>> html = render_block("hand", "hand: 5H 5S 5C JD\\nstarter: 5D\\nexpect: 29", "en")
>>> 'data-widget="hand"' in html, 'data-total="29"' in html, "Fifteen two, fifteen four" in html
(True, True, True)
>>> answer = json.loads(update("hand", json.dumps({"uid": "w1", "hand": ["5H", "5S", "5C", "JD"], "starter": "5D", "crib": False}),
...                            '{"action": "set", "name": "card3", "value": "JH"}', "en"))
>>> answer["fragment"], 'data-total="28"' in answer["html"]
('hand=5H,5S,5C,JH&starter=5D&crib=0', True)
"""

from __future__ import annotations

import json

from ..errors import CribbageError
from ..i18n import LANGUAGES, Language, error_message, t
from . import (
    advisor,
    board,
    course_progress,
    crib_table,
    discard_practice,
    game,
    hand,
    lesson,
    peg_practice,
    play,
    practice,
    table,
)
from .source import UID, BlockError, StateError, json_object
from .widget import Widget

REGISTRY: dict[str, Widget] = {
    widget.kind: widget
    for widget in (
        hand.WIDGET,
        play.WIDGET,
        practice.WIDGET,
        advisor.WIDGET,
        crib_table.WIDGET,
        board.WIDGET,
        game.WIDGET,
        peg_practice.WIDGET,
        discard_practice.WIDGET,
        lesson.WIDGET,
        course_progress.WIDGET,
        table.WIDGET,
    )
}
"""Every kind of live example by its name (``cribbage-<name>`` blocks)."""

KINDS = tuple(REGISTRY)

__all__ = ["KINDS", "REGISTRY", "BlockError", "StateError", "render_block", "update"]


def render_block(kind: str, source: str, lang: Language, uid: str | None = None) -> str:
    """The static HTML of one live block, in ``lang``; raises :class:`BlockError`.

    ``uid`` names the widget's radio groups; the build passes one per block so
    two equal blocks on a page stay apart.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    if kind not in REGISTRY:
        raise BlockError("block_unknown_kind", kind=kind)
    if uid is not None and not UID.match(uid):
        raise ValueError(f"bad uid {uid!r}")
    return REGISTRY[kind].render(source, lang, uid)


def update(kind: str, state_json: str, action_json: str, lang: Language) -> str:
    """The worker's one call: apply the reader's action, return JSON with the new HTML.

    The answer is ``{"html": ..., "state": ...}`` plus ``fragment`` (hand, game)
    or ``correct`` (practice).  A state that does not make sense (it came from
    the page, so it may have been edited) is answered with ``{"error": ...}``,
    a notice in the page's language.  Anything else that goes wrong is a bug
    and raises.
    """
    widget = REGISTRY.get(kind)
    if lang not in LANGUAGES or widget is None or widget.update is None:
        return json.dumps({"error": t("error.error", lang if lang in LANGUAGES else "en")})
    try:
        answer = widget.update(json_object(state_json), json_object(action_json), lang)
    except CribbageError as error:  # a StateError, or an input the rules refuse
        return json.dumps({"error": error_message(error, lang)}, ensure_ascii=False)
    return json.dumps(answer, ensure_ascii=False)
