"""The course's progress (``cribbage-course-progress``): stars per stage, per lesson and in all.

The page keeps each stage's state in ``localStorage`` (``lesson-<stage>``); this widget's
root lists those keys in ``data-watch``, and the page sends it their saved states
(``saved``) when it opens and whenever one changes. It reads only the stars, each checked,
and never trusts a saved state further. "Reset progress" asks first, then answers with the
keys the page must ``forget``. When every stage has stars, the overview says the course is
finished and points to the game.

Until the engine is up (seconds on a first visit), the page's plain script
``progress.js`` draws the saved stars into the same HTML: each number of a sentence is an
element of its own (``data-fill``), the root gives the stage ids (``data-stages``), the
words for 0 to 3 stars (``data-star-words``) and for a stage never answered
(``data-unanswered-words``) and the marks of a star row
(``data-star-marks``), so the script only counts, and every word stays the catalogue's.

>>> html = WIDGET.render("lesson: pairs", "en")
>>> 'data-widget="course-progress"' in html, 'data-watch="lesson-values-1 ' in html
(True, True)
>>> answer = progress_update({"uid": "p1", "lesson": "", "stars": {}, "confirm": False},
...                          {"action": "saved", "value": '{"lesson-values-1": "{\\\\"stage\\\\": \\\\"values-1\\\\", \\\\"stars\\\\": 2}"}'}, "en")
>>> answer["state"]["stars"]
{'values-1': 2}
"""

from __future__ import annotations

import json
from html import escape

from ..course.lessons import COURSE, Lesson
from ..i18n import Language, t, t_parts
from .html import attrs, button, message_html, screen_reader_html
from .lesson_state import persist_key
from .lesson_view import NO_STAR, STAR
from .source import Action, BlockError, Fields, State, StateError, action_text, field, json_object, uid_of
from .widget import Answer, Live, Widget

STAGE_IDS = tuple(stage.id for lesson in COURSE for stage in lesson.stages)
MAX_STARS = 3


def _stars_of(saved: object, stage_id: str) -> int | None:
    """The stars a saved stage state holds, or None when it holds none that make sense."""
    if not isinstance(saved, str) or len(saved) > 20000:
        return None
    try:
        state = json_object(saved)
    except StateError:
        return None
    stars = state.get("stars")
    if (
        state.get("stage") != stage_id
        or not isinstance(stars, int)
        or isinstance(stars, bool)
        or not 0 <= stars <= MAX_STARS
    ):
        return None
    return stars


def _checked(state: State) -> tuple[str, str, dict[str, int], bool]:
    lesson = field(state, "lesson", str)
    if lesson and lesson not in {each.id for each in COURSE}:
        raise StateError("lesson")
    stars = field(state, "stars", dict)
    if not all(
        stage in STAGE_IDS and isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_STARS
        for stage, n in stars.items()
    ):
        raise StateError("stars")
    return uid_of(state), lesson, dict(stars), field(state, "confirm", bool)


def _filled(key: str, lang: Language, **params: object) -> str:
    """The message as HTML, each parameter's text in an element naming it (``data-fill``),
    for the page's script to fill before the engine is up."""
    return "".join(
        f"<span{attrs(data_fill=name)}>{escape(text)}</span>" if name else escape(text)
        for name, text in t_parts(key, lang, **params)
    )


def _star_row(earned: int) -> str:
    return f'<span class="cb-star-row" aria-hidden="true">{STAR * earned}{NO_STAR * (MAX_STARS - earned)}</span>'


def _lesson_html(lesson: Lesson, stars: dict[str, int], lang: Language, link: str) -> str:
    """One lesson: its title (a link), stages done, stars, and each stage's stars, numbered
    as the stage's own label numbers it ("stage 1 of 4")."""
    done = sum(1 for stage in lesson.stages if stars.get(stage.id, 0) > 0)
    earned = sum(stars.get(stage.id, 0) for stage in lesson.stages)
    title = escape(t(f"lesson.title.{lesson.id}", lang))
    heading = f"<a{attrs(href=link)}>{title}</a>" if link else title
    cells = "".join(
        f"<li{attrs(data_of_stage=stage.id, data_stars=stars.get(stage.id, 0))}>"
        f'<span class="cb-stage-number" aria-hidden="true">{number}</span>{_star_row(stars.get(stage.id, 0))}'
        f"{screen_reader_html(_filled('progress.stage', lang, n=number, stars=_stars_words(stars.get(stage.id), lang)))}</li>"
        for number, stage in enumerate(lesson.stages, 1)
    )
    summary = _filled(
        "progress.summary", lang, done=done, total=len(lesson.stages), stars=earned, most=MAX_STARS * len(lesson.stages)
    )
    return (
        f'<li class="cb-progress-lesson"{attrs(data_lesson=lesson.id, data_done=done)}>'
        + message_html(
            "progress.line",
            lang,
            title=f'<span class="cb-progress-title">{heading}</span>',
            summary=f'<span class="cb-progress-summary">{summary}</span>',
        )
        + f'<ol class="cb-progress-stages">{cells}</ol></li>'
    )


def _stars_words(earned: int | None, lang: Language) -> str:
    """``2 of 3 stars``; a stage never answered (no stars saved) says so, as the lesson does."""
    return t("lesson.no_stars", lang) if earned is None else t("lesson.stars", lang, count=earned)


def _finished_html(done: int, lang: Language) -> str:
    """On the overview: the course finished, and the way to the game. Hidden until every
    stage has stars, so that the page's script can show it before the engine is up."""
    link = f"<a{attrs(href='../game/')}>{escape(t('progress.to_game', lang))}</a>"
    return (
        f'<p class="cb-progress-finished"{attrs(hidden=done < len(STAGE_IDS))}>'
        f"{escape(t('progress.finished', lang))} {link}</p>"
    )


def progress_view(lesson_id: str, stars: dict[str, int], confirm: bool, lang: Language, note: str = "") -> str:
    """This lesson (on a lesson page) or every lesson (on the index), then the whole course, then the reset."""
    lessons = [each for each in COURSE if each.id == lesson_id] if lesson_id else list(COURSE)
    prefix = "../" if lesson_id else ""
    rows = "".join(
        _lesson_html(lesson, stars, lang, f"{prefix}{lesson.id}/" if not lesson_id else "") for lesson in lessons
    )
    done = sum(1 for stage in STAGE_IDS if stars.get(stage, 0) > 0)
    total = _filled(
        "progress.summary",
        lang,
        done=done,
        total=len(STAGE_IDS),
        stars=sum(stars.values()),
        most=MAX_STARS * len(STAGE_IDS),
    )
    line = message_html(
        "progress.line",
        lang,
        title=f'<span class="cb-label">{escape(t("progress.course", lang))}</span>',
        summary=total,
    )
    course = f'<p class="cb-progress-course"{attrs(data_done=done)}>{line}</p>'
    if not lesson_id:
        course += _finished_html(done, lang)
    if confirm:
        reset = (
            f'<div class="cb-controls" role="group"{attrs(aria_label=t("progress.reset", lang))}><p data-announce>{escape(t("progress.confirm", lang))}</p>'
            f"{button(t('progress.yes', lang), 'reset-yes', 'reset-yes')}{button(t('progress.no', lang), 'reset-no', 'reset-no')}</div>"
        )
    else:
        reset = f'<div class="cb-controls">{button(t("progress.reset", lang), "reset", "reset")}</div>'
    return f'<ul class="cb-progress">{rows}</ul>{course}{reset}{note}'


def progress_state(uid: str, lesson: str, stars: dict[str, int], confirm: bool = False) -> State:
    return {"uid": uid, "lesson": lesson, "stars": stars, "confirm": confirm}


def progress_block(fields: Fields, lang: Language, uid: str, text: str) -> Live:
    lesson = fields.get("lesson", ("", 0))
    if lesson[0] and lesson[0] not in {each.id for each in COURSE}:
        raise BlockError("block_unknown_lesson", lesson[1], lesson=lesson[0])
    state = progress_state(uid, lesson[0], {})
    watch = " ".join(persist_key(stage) for stage in STAGE_IDS)
    # What progress.js needs to draw the saved stars before the engine is up.
    before_the_engine = (
        ("data-stages", " ".join(STAGE_IDS)),
        ("data-star-words", json.dumps([_stars_words(n, lang) for n in range(MAX_STARS + 1)], ensure_ascii=False)),
        ("data-star-marks", STAR + NO_STAR),
        ("data-unanswered-words", _stars_words(None, lang)),
    )
    return Live(
        state,
        progress_view(lesson[0], {}, False, lang),
        t("progress.title", lang),
        root=(("data-watch", watch), *before_the_engine),
    )


def progress_update(state: State, action: Action, lang: Language) -> Answer:
    uid, lesson, stars, _ = _checked(state)
    kind = action.get("action")
    answer: Answer = {}
    note = ""
    confirm = False
    if kind == "saved":
        saved = json_object(action_text(action))
        stars = {stage: n for stage in STAGE_IDS if (n := _stars_of(saved.get(persist_key(stage)), stage)) is not None}
    elif kind == "reset":
        confirm = True
    elif kind == "reset-yes":
        stars = {}
        answer["forget"] = [persist_key(stage) for stage in STAGE_IDS]
        note = f'<p class="cb-note" data-announce>{escape(t("progress.cleared", lang))}</p>'
    elif kind != "reset-no":
        raise StateError("action")
    new = progress_state(uid, lesson, stars, confirm)
    return {"html": progress_view(lesson, stars, confirm, lang, note), "state": new, **answer}


WIDGET = Widget(kind="course-progress", keys=("lesson",), required=(), block=progress_block, update=progress_update)
