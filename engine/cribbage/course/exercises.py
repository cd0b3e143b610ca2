"""Checking the course's exercises: the answers accepted, the verdict, a hint, the stars.

Every answer is judged by the rules modules (:mod:`cribbage.core.show`, :mod:`cribbage.core.play`,
:mod:`cribbage.analysis.discard`); this module only says which answers those rules make right,
and gathers what a page needs to explain a wrong one. No words: the page says them.

>>> from cribbage.core.cards import Card, parse_cards
>>> task = Task(TaskKind.SCORE, parse_cards("5H 5S 5C JD"), starter=Card.parse("5D"))
>>> accepted(task)
frozenset({29})
>>> verdict = check(task, 28)
>>> verdict.correct, len(verdict.missed), verdict.missed[-1].kind
(False, 15, <ScoreKind.NOBS: 'nobs'>)
>>> task = Task(TaskKind.FIND, parse_cards("5H 5S 5C JD"), starter=Card.parse("2D"), only=("pair",))
>>> len(find_items(task)), check(task, frozenset(parse_cards("5S 5C"))).correct
(3, True)
>>> stars(tries=1, hints=0), stars(tries=2, hints=0), stars(tries=1, hints=2), stars(tries=1, hints=0, credit=2)
(3, 2, 1, 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache
from typing import Any

from ..analysis.credit import discard_credit, given_up, tied
from ..analysis.discard import DiscardOption, analyse_discards
from ..analysis.risk import SAFE_KINDS, card_distribution
from ..core.cards import DECK, Card
from ..core.pegging import fits
from ..core.play import pile_score
from ..core.show import SHOW_KINDS, ScoreItem, ScoreKind, score_show
from ..errors import ProgressError, TaskError
from .table import right_choice
from .tasks import (
    FIND_TARGETS,
    Answer,
    Goal,
    Task,
    TaskKind,
    answer_to_json,
    check_answer_form,
    choices,
    count_of,
    read_answer,
)

THREATS: tuple[ScoreKind, ...] = tuple(map(ScoreKind, SAFE_KINDS))
"""What a reply may score for a play to count as given away by the ``safe`` goal: the risk
model's *safe* (:mod:`cribbage.analysis.risk`, where the teaching choice is stated: pairs are left out)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One choice of a ``play`` or ``discard`` exercise, valued.

    ``value`` by goal: play ``score``: what the card pegs now; ``safe``: the most a reply
    could peg by fifteen, 31 or run (0: safe); ``go``: the count after the card (or the
    count, for go); discard: the expected net points (hand, plus or minus the crib).
    """

    cards: tuple[Card, ...]
    """The card played (``()`` for go), or the two cards laid away."""
    value: float
    best: bool
    """An answer the checker accepts."""
    legal: bool = True
    """False for a card that would pass 31."""

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": [str(card) for card in self.cards],
            "value": self.value,
            "best": self.best,
            "legal": self.legal,
        }


@dataclass(frozen=True, slots=True)
class Verdict:
    """The check of one answer: all a page needs to say right or wrong and why."""

    correct: bool
    expected: frozenset[Answer]
    """Every answer accepted (:func:`accepted`)."""
    missed: tuple[ScoreItem, ...] = ()
    """What makes the expected answer: score: the items counted; peg: what the card pegs;
    find: every combination to find; play ``score``: what a best card pegs; play ``safe``:
    what the best reply to the chosen card pegs (a go, or a card over 31, has no reply)."""
    options: tuple[Option, ...] = ()
    """play and discard: every choice with its value."""
    cost: float = 0.0
    """play ``score``/``safe`` and discard: how much worse the choice is than the best (0 when it is a best)."""
    rank: int = 1
    """play and discard: 1 + the number of choices strictly better than this one."""
    found: tuple[ScoreItem, ...] = ()
    """find: the combination the selection is (empty when it is none)."""
    credit: int = 0
    """The most stars the answer earns (:func:`stars`): 3 when right, 0 when wrong; a discard
    that is not a best one earns by the points it gives up (:func:`~cribbage.analysis.credit.discard_credit`)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "correct": self.correct,
            "expected": sorted((answer_to_json(answer) for answer in self.expected), key=str),
            "missed": [item.to_json() for item in self.missed],
            "options": [option.to_json() for option in self.options],
            "cost": self.cost,
            "rank": self.rank,
            "found": [item.to_json() for item in self.found],
            "credit": self.credit,
        }


class HintKind(StrEnum):
    PARTIAL_COUNT = "partial_count"
    """count: ``cards`` are all but the last card, ``number`` their count."""
    ITEMS = "items"
    """find/score: ``number`` of combinations, ``kinds`` theirs (score); find: ``cards`` holds
    one card of a combination not found yet."""
    COUNT_BEFORE = "count_before"
    """peg and play ``go``: ``number`` is the count before the card."""
    MOST_POINTS = "most_points"
    """play ``score``: ``number`` is the most a card can peg now."""
    AVOID = "avoid"
    """play ``safe``: ``cards`` holds a card that gives points away, ``number`` the most it gives."""
    KEEP = "keep"
    """discard: ``cards`` holds a card that every best discard keeps."""
    RULE = "rule"
    """choose: ``kinds`` holds the question, whose rule the hint recalls; claim: ``("claim",)``,
    what the play pegs."""


@dataclass(frozen=True, slots=True)
class Hint:
    kind: HintKind
    number: int = 0
    cards: tuple[Card, ...] = ()
    kinds: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        cards = [str(card) for card in self.cards]
        return {"kind": str(self.kind), "number": self.number, "cards": cards, "kinds": list(self.kinds)}


# -- what each kind accepts ------------------------------------------------------------


def show_items(task: Task) -> tuple[ScoreItem, ...]:
    """The items a score exercise counts (its ``only`` kinds, or all)."""
    assert task.starter is not None  # a Task of kind score always has one
    items = score_show(task.cards, task.starter, crib=task.crib).items
    return tuple(item for item in items if not task.only or item.kind in task.only)


def find_items(task: Task) -> tuple[ScoreItem, ...]:
    """The combinations a ``find`` exercise asks for: every scoring item of its target in the
    hand and starter (a pair royal is 3 pairs, a double run 2 runs).

    >>> from cribbage.core.cards import Card, parse_cards
    >>> task = Task(TaskKind.FIND, parse_cards("4S 4H 5D 6C"), starter=Card.parse("KH"), only=("run",))
    >>> [" ".join(map(str, item.cards)) for item in find_items(task)]
    ['4S 5D 6C', '4H 5D 6C']
    """
    assert task.starter is not None and task.only[0] in FIND_TARGETS
    return tuple(item for item in score_show(task.cards, task.starter).items if item.kind == task.only[0])


def _pegged(pile: tuple[Card, ...], card: Card) -> tuple[ScoreItem, ...]:
    return pile_score(pile + (card,))


def _legal(task: Task) -> tuple[Card, ...]:
    return tuple(card for card in task.cards if fits(task.count, card.rank))


def _unseen_by_rank(task: Task) -> dict[int, Card]:
    """One unseen card of each rank still unseen: pegging depends on ranks only."""
    seen = set(task.cards) | set(task.pile)
    unseen: dict[int, Card] = {}
    for card in DECK:
        if card not in seen:
            unseen.setdefault(card.rank, card)
    return unseen


def threat(task: Task, card: Card) -> tuple[int, tuple[ScoreItem, ...]]:
    """The most a reply to ``card`` pegs by fifteen, 31 or a run, and that reply's such items
    (the reply is their last card).

    >>> from cribbage.core.cards import parse_cards
    >>> points, items = threat(Task(TaskKind.PLAY, parse_cards("9D 2C"), pile=parse_cards("4H 8S"), goal="safe"), Card.parse("9D"))
    >>> points, [str(item.kind) for item in items], items[0].cards[-1].rank
    (5, ['thirty_one', 'run'], 10)
    """
    pile = task.pile + (card,)
    unseen = _unseen_by_rank(task)
    replied = card_distribution(pile, (held for held in DECK if held not in task.cards and held not in task.pile))
    rank = replied.worst_rank(kinds=THREATS)
    if rank is None:
        return 0, ()
    items = tuple(item for item in pile_score(pile + (unseen[rank],)) if item.kind in THREATS)
    return replied.worst(kinds=THREATS), items


def play_options(task: Task) -> tuple[Option, ...]:
    """Every held card (and go, for the ``go`` goal) valued for the task's goal, best flagged.

    >>> from cribbage.core.cards import parse_cards
    >>> task = Task(TaskKind.PLAY, parse_cards("5S 4D"), goal="safe")
    >>> [(str(o.cards[0]), o.value, o.best) for o in play_options(task)]
    [('5S', 2, False), ('4D', 0, True)]
    >>> play_options(Task(TaskKind.PLAY, parse_cards("KS 4D"), pile=parse_cards("9H QC"), goal="go"))[-1]  # go
    Option(cards=(), value=19, best=False, legal=False)
    """
    legal = _legal(task)
    if task.goal == Goal.GO:  # go is legal, and right, only when no card fits
        plays = (Option((card,), task.count + card.value, card in legal, card in legal) for card in task.cards)
        return (*plays, Option((), task.count, not legal, not legal))
    if task.goal == Goal.SCORE:
        values = {card: sum(item.points for item in _pegged(task.pile, card)) for card in legal}
        target = max(values.values(), default=0)
    else:  # safe: the cards that give nothing away (the least, should none be safe)
        values = {card: threat(task, card)[0] for card in legal}
        target = min(values.values())
    return tuple(
        Option((card,), values.get(card, 0), card in values and values[card] == target, card in values)
        for card in task.cards
    )


def accepted(task: Task) -> frozenset[Answer]:
    """The exact set of answers :func:`check` accepts.

    count/score/peg: one number; find: the card set of each combination; play: the best
    cards (or go); discard: the best pairs to lay away, ties included.
    """
    match task.kind:
        case TaskKind.COUNT:
            return frozenset({count_of(task.cards)})
        case TaskKind.SCORE:
            return frozenset({sum(item.points for item in show_items(task))})
        case TaskKind.PEG:
            return frozenset({sum(item.points for item in _pegged(task.pile, task.cards[0]))})
        case TaskKind.FIND:
            return frozenset(frozenset(item.cards) for item in find_items(task))
        case TaskKind.PLAY:
            return frozenset(option.cards[0] if option.cards else None for option in play_options(task) if option.best)
        case TaskKind.CHOOSE:
            return frozenset({right_choice(task)})
        case TaskKind.CLAIM:  # a whole play has no one answer: each step is checked as it comes
            raise TaskError(
                "a claim task is answered step by step (cribbage.course.claims)", field="kind", problem="stepped"
            )
    return frozenset(frozenset(option.cards) for option in discard_options(task) if option.best)


@lru_cache(maxsize=16)
def discard_analysis(task: Task) -> tuple[DiscardOption, ...]:
    """The exact advisor's 15 discards of a discard task, best net first.

    Kept for the last few tasks: the exact advisor takes a fifth of a second, and a page
    checks several answers (and asks a hint) of the same six cards.
    """
    return tuple(analyse_discards(task.cards, dealer=task.dealer))


def discard_options(task: Task) -> tuple[Option, ...]:
    """The 15 discards, best net first (the advisor's order), each valued by its expected net;
    best: every one whose net the table shows as the best's (:func:`~cribbage.analysis.credit.tied`)."""
    analysed = discard_analysis(task)
    best = analysed[0].net
    return tuple(Option(option.discard, option.net, tied(option.net, best)) for option in analysed)


def check(task: Task, answer: Answer) -> Verdict:
    """Judge ``answer`` (its form checked first: a card not in the task, a number out of
    range... raise an :class:`~cribbage.errors.AnswerError`).

    >>> from cribbage.core.cards import parse_cards
    >>> verdict = check(Task(TaskKind.PLAY, parse_cards("5S 4D 9C"), pile=parse_cards("KH"), goal="score"), Card.parse("4D"))
    >>> verdict.correct, verdict.cost, verdict.rank, [str(a) for a in verdict.expected]
    (False, 2, 2, ['5S'])
    """
    check_answer_form(task, answer)
    verdict = _verdict(task, answer)
    if task.kind is TaskKind.DISCARD:  # credited by the points it gives up
        return verdict
    return replace(verdict, credit=3 if verdict.correct else 0)


def _verdict(task: Task, answer: Answer) -> Verdict:
    expected = accepted(task)
    correct = answer in expected
    match task.kind:
        case TaskKind.SCORE:
            return Verdict(correct, expected, missed=show_items(task))
        case TaskKind.PEG:
            return Verdict(correct, expected, missed=_pegged(task.pile, task.cards[0]))
        case TaskKind.FIND:
            items = find_items(task)
            found = tuple(item for item in items if frozenset(item.cards) == answer)
            return Verdict(correct, expected, missed=items, found=found)
        case TaskKind.PLAY:
            return _play_verdict(task, answer, expected)
        case TaskKind.DISCARD:
            options = discard_options(task)
            chosen = next(option for option in options if frozenset(option.cards) == answer)
            lost = given_up(options[0].value, chosen.value)
            better = sum(not tied(chosen.value, option.value) for option in options)
            return Verdict(
                correct, expected, options=options, cost=float(lost), rank=1 + better, credit=discard_credit(lost)
            )
    return Verdict(correct, expected)


def _play_verdict(task: Task, answer: Answer, expected: frozenset[Answer]) -> Verdict:
    options = play_options(task)
    chosen = next(
        (option for option in options if option.cards == ((answer,) if isinstance(answer, Card) else ())), None
    )
    legal = [option for option in options if option.legal and option.cards]
    best = next(option for option in options if option.best)
    if chosen is None or task.goal == Goal.GO or not chosen.legal:  # go while a card fits, or a card that does not
        right = chosen is not None and chosen.best
        # what the best card pegs, still shown under its heading when the answer pegged nothing
        missed = _pegged(task.pile, best.cards[0]) if task.goal == Goal.SCORE and best.cards else ()
        return Verdict(right, expected, missed, options=options, rank=1 if right else 1 + sum(o.best for o in options))
    if task.goal == Goal.SCORE:
        better = [option for option in legal if option.value > chosen.value]
        cost = best.value - chosen.value
        return Verdict(chosen.best, expected, _pegged(task.pile, best.cards[0]), options, cost, 1 + len(better))
    assert isinstance(answer, Card)
    better = [option for option in legal if option.value < chosen.value]
    least = min(option.value for option in legal)
    return Verdict(chosen.best, expected, threat(task, answer)[1], options, chosen.value - least, 1 + len(better))


# -- help and reward ---------------------------------------------------------------------


def hint(task: Task, found: Iterable[frozenset[Card]] = ()) -> Hint:
    """A structured hint, given before answering (see :class:`HintKind`); ``found``: the
    selections of a find exercise already accepted, so the hint points at another one.

    >>> from cribbage.core.cards import parse_cards
    >>> hint(Task(TaskKind.COUNT, parse_cards("KH 5S AD"))).to_json()
    {'kind': 'partial_count', 'number': 15, 'cards': ['KH', '5S'], 'kinds': []}
    """
    match task.kind:
        case TaskKind.COUNT:
            return Hint(HintKind.PARTIAL_COUNT, count_of(task.cards[:-1]), task.cards[:-1])
        case TaskKind.FIND:
            items = find_items(task)
            done = set(found)
            left = [item for item in items if frozenset(item.cards) not in done]
            return Hint(HintKind.ITEMS, len(items), left[0].cards[:1] if left else (), (task.only[0],))
        case TaskKind.SCORE:
            items = show_items(task)
            kinds = tuple(kind for kind in SHOW_KINDS if any(item.kind == kind for item in items))
            return Hint(HintKind.ITEMS, len(items), (), kinds)
        case TaskKind.PEG:
            return Hint(HintKind.COUNT_BEFORE, task.count)
        case TaskKind.PLAY:
            return _play_hint(task)
        case TaskKind.CHOOSE:
            return Hint(HintKind.RULE, kinds=(task.question,))
        case TaskKind.CLAIM:
            return Hint(HintKind.RULE, kinds=(str(TaskKind.CLAIM),))
    options = discard_options(task)
    kept = [card for card in task.cards if not any(card in option.cards for option in options if option.best)]
    return Hint(HintKind.KEEP, cards=tuple(kept[:1]))


def _play_hint(task: Task) -> Hint:
    if task.goal == Goal.GO:
        return Hint(HintKind.COUNT_BEFORE, task.count)
    options = [option for option in play_options(task) if option.legal and option.cards]
    if task.goal == Goal.SCORE:
        return Hint(HintKind.MOST_POINTS, int(max(option.value for option in options)))
    worst = max(options, key=lambda option: option.value)
    return Hint(HintKind.AVOID, int(worst.value), worst.cards)


def stars(tries: int, hints: int, credit: int = 3) -> int:
    """Stars for a stage answered after ``tries`` answers (the last included) and ``hints``
    hints: 3 the first try without a hint, 2 with one hint or one wrong try (not both), 1
    otherwise; 0 before an answer (``tries == 0``). Never more than the answer's ``credit``
    (:attr:`Verdict.credit`): a discard close to the best earns fewer stars, a wrong answer none.

    >>> [stars(1, 0), stars(1, 1), stars(2, 0), stars(2, 1), stars(5, 3), stars(0, 1)]
    [3, 2, 2, 1, 1, 0]
    >>> [stars(1, 0, credit=2), stars(2, 1, credit=2), stars(1, 0, credit=0)]
    [2, 1, 0]
    """
    if tries < 0 or hints < 0:
        raise ProgressError(f"{tries} tries and {hints} hints", tries=tries, hints=hints)
    if tries == 0 or credit == 0:
        return 0
    return min(credit, max(1, 3 - (tries - 1) - hints))


__all__ = [
    "THREATS",
    "Answer",
    "Goal",
    "Hint",
    "HintKind",
    "Option",
    "Task",
    "TaskKind",
    "Verdict",
    "accepted",
    "check",
    "choices",
    "discard_analysis",
    "discard_options",
    "find_items",
    "hint",
    "play_options",
    "read_answer",
    "show_items",
    "stars",
    "threat",
]
