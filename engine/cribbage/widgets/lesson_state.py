"""The state of one stage of the Learn course, as the page keeps it, checked before use.

>>> from ..course.lessons import stage
>>> attempt = fresh("w1", stage("values-1"), 0)
>>> checked(attempt.to_state()) == attempt
True
>>> checked({**attempt.to_state(), "tries": -1})
Traceback (most recent call last):
...
cribbage.widgets.source.StateError: tries
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.cards import Card
from ..course.claims import walk
from ..course.exercises import Task, TaskKind
from ..course.lessons import Stage, task_for
from ..course.lessons import stage as course_stage
from ..errors import CribbageError
from .source import CARD_TEXTS, State, StateError, field, uid_of

MAX_NUMBER = 99
"""The largest number the answer box takes (the engine's check names the real range)."""

MAX_TRIES = 99
"""Tries and hints stop counting here, so the update never writes a counter :func:`checked`
refuses; from the third try or hint on the stars are already the fewest (``exercises.stars``)."""

COUNTERS = ("tries", "hints")

MAX_STEPS = 80
"""A claim task's inputs: four players' 16 cards, their gos, claims and leads stay far below."""

MAX_SEED = 2**31
"""Fresh cards come from a seed below this; seed 0 is the stage's first task."""


def persist_key(stage_id: str) -> str:
    """The ``localStorage`` key (after the page's prefix) of one stage's state."""
    return f"lesson-{stage_id}"


@dataclass(frozen=True, slots=True)
class Attempt:
    """Where the reader is on one stage: the task, the tries and hints, what was chosen.

    ``said`` is the reader's last answer as the page keeps it (a number, card texts,
    ``"go"``), ``right`` whether it earned stars (right, or a discard close to the best); ``done`` once the task is answered right
    or its answer was shown; ``best`` the stage's best stars so far (None: never answered).
    """

    uid: str
    stage: Stage
    seed: int
    task: Task
    tries: int = 0
    hints: int = 0
    hinted: bool = False
    selected: tuple[Card, ...] = ()
    found: tuple[frozenset[Card], ...] = ()
    said: Any = None
    right: bool | None = None
    done: bool = False
    best: int | None = None
    note: str = ""
    steps: tuple[str, ...] = ()
    """claim: the reader's inputs so far, each one answer (:func:`cribbage.course.claims.walk`)."""

    def to_state(self) -> State:
        return {
            "uid": self.uid,
            "stage": self.stage.id,
            "seed": self.seed,
            "task": self.task.to_json(),
            "tries": self.tries,
            "hints": self.hints,
            "hinted": self.hinted,
            "selected": [str(card) for card in self.selected],
            "found": [sorted(str(card) for card in item) for item in self.found],
            "said": self.said,
            "right": self.right,
            "done": self.done,
            "stars": self.best,
            "steps": list(self.steps),
        }


def fresh(uid: str, stage: Stage, seed: int, best: int | None = None) -> Attempt:
    """A new task of ``stage`` from ``seed``, the stage's best stars kept."""
    return Attempt(uid, stage, seed, task_for(stage, seed), best=best)


def _cards(state: State, name: str, task: Task) -> tuple[Card, ...]:
    """Card texts of the state, each one of the task's cards, none twice."""
    texts = field(state, name, list)
    if not all(isinstance(text, str) and text in CARD_TEXTS for text in texts):
        raise StateError(name)
    cards = tuple(Card.parse(text) for text in texts)
    if len(set(cards)) != len(cards) or not set(cards) <= set(task_cards(task)):
        raise StateError(name)
    return cards


def task_cards(task: Task) -> tuple[Card, ...]:
    """Every card the reader may choose among: the hand, then the starter."""
    return task.cards + ((task.starter,) if task.starter is not None else ())


def one_more(count: int) -> int:
    """A counter of tries or hints after one more, saturated at :data:`MAX_TRIES`.

    >>> one_more(0), one_more(MAX_TRIES)
    (1, 99)
    """
    return min(count + 1, MAX_TRIES)


def counters_spent(state: State) -> State:
    """``state`` with each counter it cannot give read as spent (:data:`MAX_TRIES`).

    A saved state whose only fault is a counter (written by a page that did not saturate it)
    keeps its task and the stage's best stars: the counters only lower the stars of the task
    at hand, never the best ones already earned.

    >>> counters_spent({"tries": 150, "hints": 2})
    {'tries': 99, 'hints': 2}
    """
    return {**state, **{name: MAX_TRIES for name in COUNTERS if not _readable_count(state, name, MAX_TRIES)}}


def _readable_count(state: State, name: str, top: int) -> bool:
    value = state.get(name)
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top


def _count(state: State, name: str, top: int) -> int:
    if not _readable_count(state, name, top):
        raise StateError(name)
    return int(state[name])


def checked(state: State) -> Attempt:
    """The attempt a page state describes; :class:`StateError` when it makes no sense."""
    uid = uid_of(state)
    try:
        stage = course_stage(field(state, "stage", str))
        task = Task.from_json(field(state, "task", dict))
    except CribbageError:
        raise StateError("task") from None
    if task.kind != stage.kind:
        raise StateError("task")
    seed = _count(state, "seed", MAX_SEED)
    best = state.get("stars")
    if best is not None and (not isinstance(best, int) or isinstance(best, bool) or not 0 <= best <= 3):
        raise StateError("stars")
    found = tuple(
        frozenset(_cards({"found": item}, "found", task))
        for item in field(state, "found", list)
        if isinstance(item, list)
    )
    if len(found) != len(field(state, "found", list)) or len(set(found)) != len(found):
        raise StateError("found")
    right = state.get("right")
    if right is not None and not isinstance(right, bool):
        raise StateError("right")
    said = state.get("said")
    if not (
        said is None
        or isinstance(said, str)
        and len(said) <= 40
        or isinstance(said, int)
        and not isinstance(said, bool)
        and 0 <= said <= MAX_NUMBER
        or isinstance(said, list)
        and all(isinstance(text, str) and text in CARD_TEXTS for text in said)
        and len(said) <= 6
    ):
        raise StateError("said")
    return Attempt(
        uid,
        stage,
        seed,
        task,
        _count(state, "tries", MAX_TRIES),
        _count(state, "hints", MAX_TRIES),
        field(state, "hinted", bool),
        _cards(state, "selected", task),
        found,
        said,
        right,
        field(state, "done", bool),
        best,
        steps=_steps(state, task),
    )


def _steps(state: State, task: Task) -> tuple[str, ...]:
    """A claim task's inputs, each answering the question the play asked then (replayed by
    :func:`~cribbage.course.claims.walk`); other tasks have none. A state saved before the
    field existed has none either."""
    steps = state.get("steps", [])
    if (
        not isinstance(steps, list)
        or len(steps) > MAX_STEPS
        or not all(isinstance(s, str) and len(s) <= 8 for s in steps)
    ):
        raise StateError("steps")
    if steps and task.kind is not TaskKind.CLAIM:
        raise StateError("steps")
    if task.kind is TaskKind.CLAIM:
        try:
            walked = walk(task, steps)
        except CribbageError:
            raise StateError("steps") from None
        if walked.done != field(state, "done", bool):
            raise StateError("done")
    return tuple(steps)
