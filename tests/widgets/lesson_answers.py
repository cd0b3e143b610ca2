"""The answers of the course's tasks, worked out without the engine's checker: card values
added here, tests/engine/naive_scorer.py and naive_pegging.py, and brute force over subsets
and over every card an opponent could hold."""

from __future__ import annotations

import sys
from itertools import combinations
from pathlib import Path

from cribbage.core.cards import Card
from cribbage.course.claims import Ask, walk
from cribbage.course.tasks import Task

sys.path.insert(
    0, str(Path(__file__).resolve().parents[1] / "engine")
)  # the independent counters live beside the engine tests
from naive_pegging import points_of_last_card  # noqa: E402
from naive_scorer import naive_show_total  # noqa: E402


def value(card: Card) -> int:
    return min(card.rank, 10)


def expected_number(task) -> int:
    """The count, the show total or what the card pegs, by the independent counters."""
    if task.kind == "count":
        return sum(value(card) for card in task.cards)
    if task.kind == "score":
        assert not task.only
        return naive_show_total(list(task.cards), task.starter, crib=task.crib)
    return points_of_last_card([*task.pile, *task.cards])


def pair_points(cards) -> int:
    """2 for every two cards of one rank (a pair royal is 3 pairs, a double pair royal 6)."""
    return 2 * sum(1 for a, b in combinations(cards, 2) if a.rank == b.rank)


def combinations_of(task) -> set[frozenset[Card]]:
    """Every card set of the target kind that scores, found by brute force over subsets."""
    cards = [*task.cards, task.starter]
    target = task.only[0]
    found = set()
    for size in range(2, 6):
        for subset in combinations(cards, size):
            ranks = sorted(card.rank for card in subset)
            if target == "fifteen" and sum(value(card) for card in subset) == 15:
                found.add(frozenset(subset))
            elif target == "pair" and size == 2 and ranks[0] == ranks[1]:
                found.add(frozenset(subset))
            elif target == "run" and size >= 3 and all(b == a + 1 for a, b in zip(ranks, ranks[1:])):
                found.add(frozenset(subset))
    if target == "run" and found:  # only the longest runs score
        longest = max(len(run) for run in found)
        found = {run for run in found if len(run) == longest}
    return found


def best_plays(task) -> set:
    """The cards the goal asks for, by the pegging rules counted here."""
    count = sum(value(card) for card in task.pile)
    legal = [card for card in task.cards if count + value(card) <= 31]
    if task.goal == "go":
        return set(legal) or {None}
    if task.goal == "score":
        points = {card: points_of_last_card([*task.pile, card]) for card in legal}
        return {card for card, p in points.items() if p == max(points.values())}
    seen = set(task.cards) | set(task.pile)
    replies = [Card(rank, suit) for rank in range(1, 14) for suit in "SHDC" if Card(rank, suit) not in seen]

    def given_away(pile) -> int:
        """What the last card of ``pile`` pegs by fifteen, 31 or a run (the safe goal ignores pairs)."""
        total = sum(value(card) for card in pile)
        points = 2 if total in (15, 31) else 0
        runs = [
            n
            for n in range(3, len(pile) + 1)
            if all(b == a + 1 for a, b in zip(sorted(c.rank for c in pile[-n:]), sorted(c.rank for c in pile[-n:])[1:]))
        ]
        return points + max(runs, default=0)

    def threat(card) -> int:
        pile = [*task.pile, card]
        room = 31 - sum(value(c) for c in pile)
        return max((given_away([*pile, reply]) for reply in replies if value(reply) <= room), default=0)

    threats = {card: threat(card) for card in legal}
    return {card for card, p in threats.items() if p == min(threats.values())}


def claim_answer(state: dict, wrong: bool = False) -> str:
    """The reader's next input: a fitting card (or go), else the points or the lead the
    independent pegging count gives (the engine's walk is read only for whose turn it is)."""
    walked = walk(Task.from_json(state["task"]), state["steps"])
    if walked.asks is Ask.MOVE:
        fitting = [card for card in walked.held if walked.count + value(card) <= 31]
        return str(fitting[0]) if fitting else "go"
    if walked.asks is Ask.CLAIM and walked.claimed is not None and walked.claimed.card is not None:
        pile = list(walked.pile)  # the count the card made, before any reset
        points = points_of_last_card(pile) + (1 if walked.claimed.reset and walked.count != 31 else 0)
        assert str(points) == walked.right
        return str(points + 5) if wrong else str(points)
    return walked.right
