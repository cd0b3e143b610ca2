"""A stage of the Learn course (``cribbage-lesson``): one task, the reader's answer, the verdict.

The block names a stage of :data:`cribbage.course.lessons.COURSE`; the build prints its first
task (seed 0), and the page then checks answers, gives hints and deals fresh cards
through :func:`lesson_update`. The stage's best stars travel in the state, which the
page keeps in ``localStorage`` under ``lesson-<stage>`` (the course's progress reads them).

>>> html = WIDGET.render("stage: fifteens-1", "en")
>>> 'data-widget="lesson"' in html, 'data-stage="fifteens-1"' in html, 'data-persist="lesson-fifteens-1"' in html
(True, True, True)
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..core.cards import Card
from ..course.claims import Ask, walk
from ..course.exercises import TaskKind, Verdict, accepted, check, find_items, stars
from ..course.lessons import stage as course_stage
from ..course.tasks import choices
from ..errors import CribbageError
from ..i18n import Language, error_message, t
from .lesson_hints import said_answer
from .lesson_state import MAX_SEED, Attempt, checked, counters_spent, fresh, one_more, persist_key, task_cards
from .lesson_view import lesson_view, task_label
from .source import CARD_TEXTS, Action, BlockError, Fields, State, StateError, action_text, json_object, natural
from .widget import Answer, Live, Widget


def _answer_of(attempt: Attempt, value: str) -> tuple[Any, Any] | str:
    """The reader's answer for the engine and as the state keeps it, or the key of what to tell
    a reader whose answer cannot be read (a word in the number box, no card chosen)."""
    kind = attempt.task.kind
    if kind in (TaskKind.COUNT, TaskKind.SCORE, TaskKind.PEG):
        number = natural(value.strip(), 2)
        if number is None:
            return "lesson.enter_number"
        return number, number
    if kind is TaskKind.PLAY:
        if value == "go":
            return None, "go"
        if value not in CARD_TEXTS:
            raise StateError("said")
        return Card.parse(value), value
    if kind is TaskKind.CHOOSE:
        if value not in choices(attempt.task):
            raise StateError("said")
        return value, value
    if kind is TaskKind.DISCARD and len(attempt.selected) != 2:  # the lesson says how, not the engine's error
        return "lesson.choose_two"
    if not attempt.selected:  # find: the cards selected so far
        return "lesson.choose_cards"
    return frozenset(attempt.selected), [str(card) for card in attempt.selected]


def _finish(attempt: Attempt, credit: int) -> Attempt:
    """The task is over: the stars its answer earns (at most ``credit``; the stage's best kept)."""
    earned = stars(attempt.tries, attempt.hints, credit)
    best = earned if attempt.best is None else max(attempt.best, earned)
    return replace(attempt, done=True, best=best, selected=() if credit else attempt.selected)


def _checked_answer(attempt: Attempt, answer: Any, said: Any) -> tuple[Attempt, Verdict]:
    """The verdict on one answer, and the attempt after it.

    Every answer but a right selection of a find task is one more try; a find task is
    done when each of its combinations is found, and counts that as one try more.
    """
    verdict = check(attempt.task, answer)  # an answer the rules refuse raises a coded CribbageError
    finding = attempt.task.kind is TaskKind.FIND
    tried = replace(
        attempt,
        tries=attempt.tries if verdict.correct and finding else one_more(attempt.tries),
        said=said,
        right=verdict.credit > 0,  # a discard close to the best earns stars too
        note="",
    )
    if not finding:
        return _finish(tried, verdict.credit), verdict
    chosen = frozenset(attempt.selected)
    if not verdict.correct or chosen in attempt.found:
        return replace(tried, selected=(), note="" if not verdict.correct else "again"), verdict
    tried = replace(tried, found=(*attempt.found, chosen), selected=())
    if len(tried.found) == len(find_items(attempt.task)):
        return _finish(replace(tried, tries=one_more(tried.tries)), verdict.credit), verdict
    return tried, verdict


def _claimed(attempt: Attempt, value: str, lang: Language) -> Answer:
    """One answer of a claim task: the reader's card or go, a claim, or who leads. A wrong
    claim or lead is a step too (the page corrects it and the play goes on) and one more
    try; a move the rules refuse, or a box that holds no number, is no step. The task is
    done, one try more, when the play is over and every peg claimed."""
    before = walk(attempt.task, attempt.steps)
    said = value.strip()
    if before.asks is Ask.CLAIM:
        number = natural(said, 2)
        if number is None:
            return _reply(attempt, lang, error=t("lesson.enter_number", lang))
        said = str(number)
    try:
        after = walk(attempt.task, (*attempt.steps, said))
    except CribbageError as error:  # a card that passes 31, a go while a card fits
        return _reply(attempt, lang, error=error_message(error, lang))
    wrong = after.wrong > before.wrong
    stepped = replace(attempt, steps=(*attempt.steps, said), tries=one_more(attempt.tries) if wrong else attempt.tries)
    if after.done:
        stepped = _finish(replace(stepped, tries=one_more(stepped.tries), right=True), 3)
    return _reply(stepped, lang)


def _select(attempt: Attempt, value: str) -> Attempt:
    if value not in CARD_TEXTS or Card.parse(value) not in task_cards(attempt.task):
        raise StateError("said")
    card = Card.parse(value)
    chosen = tuple(other for other in attempt.selected if other != card)
    if len(chosen) == len(attempt.selected):
        chosen = (*attempt.selected, card)
    if attempt.task.kind is TaskKind.DISCARD and len(chosen) > 2:
        chosen = chosen[1:]  # a third card replaces the first chosen: two go to the crib
    return replace(attempt, selected=chosen, said=None, right=None, note="")


def _restored(attempt: Attempt, text: str) -> Attempt:
    """A state saved by this page earlier, checked like any other and of the same stage; else the page's own.

    A counter it cannot give is read as spent (:func:`counters_spent`), so the stars it keeps survive.
    """
    try:
        saved = checked(counters_spent({**json_object(text), "uid": attempt.uid}))
    except CribbageError:
        return attempt
    return saved if saved.stage == attempt.stage else attempt


def _reply(attempt: Attempt, lang: Language, verdict: Verdict | None = None, error: str = "") -> Answer:
    """The stage's new HTML and state; the root's ``data-stars`` once the stage is answered.

    A finished task shows its verdict again when the page comes back to it (a reload),
    judged afresh from the answer the state keeps.
    """
    if verdict is None and attempt.done and attempt.said is not None and attempt.task.kind is not TaskKind.FIND:
        verdict = check(attempt.task, said_answer(attempt.task, attempt.said))  # type: ignore[arg-type]
    answer: Answer = {"html": lesson_view(attempt, lang, verdict, error), "state": attempt.to_state()}
    answer["root"] = {"data-stars": None if attempt.best is None else str(attempt.best)}  # None: the page drops it
    return answer


def _new_cards(attempt: Attempt) -> Attempt:
    """The same stage with fresh cards; the tries and hints go on until the stage is answered right."""
    new = fresh(attempt.uid, attempt.stage, random.randrange(1, MAX_SEED), attempt.best)
    if attempt.done and attempt.right:
        return new
    return replace(new, tries=attempt.tries, hints=attempt.hints)


def _prepared(attempt: Attempt) -> Attempt:
    """Work a check will need, done while the reader looks at the cards: the exact advisor
    behind a discard task takes a few hundred milliseconds in the browser, and the engine
    keeps its result for the check (``exercises.discard_options`` is cached)."""
    if attempt.task.kind is TaskKind.DISCARD:
        accepted(attempt.task)
    return attempt


def lesson_update(state: State, action: Action, lang: Language) -> Answer:
    """Apply one reader action: ``select`` a card, ``check`` an answer, ``hint``, ``new`` cards,
    ``restore`` a saved state, ``reset`` the stage (the course's progress was cleared), or
    the page's ``prepare`` (asked by the root's ``data-prepare`` or an answer's ``prepare``)."""
    attempt = checked(state)
    kind, value = action.get("action"), action_text(action)
    if kind == "restore":
        return _reply(_restored(attempt, value), lang)
    if kind == "reset":
        return _reply(fresh(attempt.uid, attempt.stage, 0), lang)
    if kind == "new":
        new = _new_cards(attempt)
        return {**_reply(new, lang), "prepare": new.task.kind is TaskKind.DISCARD}
    if kind == "prepare":
        return _reply(_prepared(attempt), lang)
    if attempt.done:
        return _reply(attempt, lang)  # a late click on an answered task changes nothing
    if kind == "hint":
        return _reply(
            replace(attempt, hints=attempt.hints if attempt.hinted else one_more(attempt.hints), hinted=True), lang
        )
    if kind == "select":
        return _reply(_select(attempt, value), lang)
    if kind != "check":
        raise StateError("action")
    if attempt.task.kind is TaskKind.CLAIM:
        return _claimed(attempt, value, lang)
    read = _answer_of(attempt, value)
    if isinstance(read, str):
        return _reply(attempt, lang, error=t(read, lang))
    try:
        attempt, verdict = _checked_answer(attempt, *read)
    except CribbageError as error:  # an answer the rules refuse (a number out of range): nothing counted
        return _reply(attempt, lang, error=error_message(error, lang))
    return _reply(attempt, lang, verdict)


def lesson_block(fields: Fields, lang: Language, uid: str, text: str) -> Live:
    stage_id = fields["stage"][0]
    try:
        stage = course_stage(stage_id)
    except CribbageError:
        raise BlockError("block_unknown_stage", fields["stage"][1], stage=stage_id) from None
    attempt = fresh(uid, stage, 0)
    return Live(
        attempt.to_state(),
        lesson_view(attempt, lang, static=True),
        task_label(stage, lang),
        persist=persist_key(stage.id),
        root=(("data-stage", stage.id),) + ((("data-prepare", "true"),) if stage.kind is TaskKind.DISCARD else ()),
    )


WIDGET = Widget(kind="lesson", keys=("stage",), required=("stage",), block=lesson_block, update=lesson_update)
