"""The course: lessons of stages, from card values to the discard, each stage an exercise.

The lessons and stages are data (``course.json``, beside this module); ids are stable,
since pages, the reader's saved progress and the tests name them. A stage is either
*authored* (its first task chosen by hand) or generated; both give fresh cards of the
same shape for any other seed (:func:`task_for`).

>>> len(COURSE) >= 8, sum(len(lesson.stages) for lesson in COURSE) >= 40
(True, True)
>>> first = stage("values-1")
>>> first.lesson, first.kind, first.rule, [str(card) for card in task_for(first, 0).cards]
('values', <TaskKind.COUNT: 'count'>, 'basics.md#values-and-ranks', ['QS', '7D', '3C'])
>>> len(task_for(first, 7).cards), task_for(first, 7) == task_for(first, 7)
(3, True)
>>> stage("values-99")
Traceback (most recent call last):
...
cribbage.errors.UnknownStageError: no stage values-99
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..errors import UnknownStageError
from .task_deals import Params, deal_task, satisfies
from .tasks import Task, TaskKind


@dataclass(frozen=True, slots=True)
class Stage:
    """One exercise of a lesson."""

    id: str
    """``<lesson>-<n>``, stable."""
    lesson: str
    kind: TaskKind
    params: Params
    """The shape every task of the stage has (the generator's constraints)."""
    authored: Task | None
    """The task chosen by hand, shown for seed 0 (``None``: a generated stage)."""
    rule: str
    """The page section that teaches the rule, such as ``show.md#fifteens``."""


@dataclass(frozen=True, slots=True)
class Lesson:
    id: str
    stages: tuple[Stage, ...]
    rule: str
    """The page section of the lesson as a whole."""


def _load() -> tuple[Lesson, ...]:
    text = resources.files(__package__).joinpath("course.json").read_text(encoding="utf-8")
    lessons = []
    for lesson in json.loads(text)["lessons"]:
        stages = tuple(_stage(data, lesson["id"], lesson["rule"]) for data in lesson["stages"])
        lessons.append(Lesson(lesson["id"], stages, lesson["rule"]))
    return tuple(lessons)


def _stage(data: dict[str, Any], lesson: str, rule: str) -> Stage:
    kind = TaskKind(data["kind"])
    params = Params.from_json(kind, data["params"])
    authored = Task.from_json(data["task"]) if "task" in data else None
    if authored is not None and not satisfies(authored, params):
        raise ValueError(f"the authored task of {data['id']} does not have the stage's shape")  # a bug in course.json
    return Stage(data["id"], lesson, kind, params, authored, data.get("rule", rule))


COURSE: tuple[Lesson, ...] = _load()
"""The lessons in order."""

_STAGES: dict[str, Stage] = {item.id: item for lesson in COURSE for item in lesson.stages}


def stages() -> tuple[Stage, ...]:
    """Every stage, in course order."""
    return tuple(_STAGES.values())


def stage(stage_id: str) -> Stage:
    """The stage named ``stage_id``, or an :class:`~cribbage.errors.UnknownStageError`."""
    found = _STAGES.get(stage_id)
    if found is None:
        raise UnknownStageError(f"no stage {stage_id}", stage=stage_id)
    return found


def task_for(item: Stage, seed: int) -> Task:
    """The stage's task for ``seed``: the authored one for seed 0, else cards drawn with
    ``random.Random`` seeded by the stage id and ``seed``, under the stage's constraints."""
    if seed == 0 and item.authored is not None:
        return item.authored
    return deal_task(item.kind, item.params, random.Random(f"{item.id}/{seed}"))


__all__ = ["COURSE", "Lesson", "Stage", "stage", "stages", "task_for"]
