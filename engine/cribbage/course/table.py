"""The rules behind a ``choose`` exercise, a question about the deal at the table: who pegs for
the jacks, whose count comes, who reaches the game hole first, what a finished game is for
its loser. Each answer comes from core (:func:`~cribbage.core.show.heels_points`, his nobs,
:func:`~cribbage.core.deal.show_order`, :func:`~cribbage.core.deal.first_to_reach`,
:meth:`~cribbage.core.rules.GameRules.outcomes`); no words here.

>>> from cribbage.course.tasks import TaskKind
>>> task = Task(TaskKind.CHOOSE, (), question="winner", scores=(116, 118), counts=(5, 12, 4), game_to=121)
>>> right_choice(task), winner(task)
('seat:0', (0, 1))
"""

from __future__ import annotations

from ..core.deal import first_to_reach, show_order
from ..core.play import pile_score
from ..core.rules import GameRules, Seat
from ..core.show import heels_points, nobs_jack
from .tasks import NOBODY, ROLES, Question, Task


def jack_points(task: Task) -> tuple[int, int]:
    """A ``jacks`` task's heels (the dealer's, for a jack turned as the starter) and nobs
    (the owner's, for the jack of the starter's suit in the hand or crib), by the show's rules.

    >>> from cribbage.core.cards import Card, parse_cards
    >>> from cribbage.course.tasks import TaskKind
    >>> jack_points(Task(TaskKind.CHOOSE, parse_cards("JH 5S 6C 2D"), starter=Card.parse("9H"), question="jacks"))
    (0, 1)
    """
    assert task.starter is not None
    return heels_points(task.starter), 1 if nobs_jack(task.cards, task.starter) is not None else 0


def table_dealer(players: int) -> Seat:
    """The dealer's seat in a task: the last, seat 0 being on the dealer's left."""
    return players - 1


def show_turns(task: Task) -> tuple[tuple[Seat, bool], ...]:
    """The show's order of the task's deal (:func:`~cribbage.core.game.show_order`)."""
    players = task.players or len(task.scores)
    return show_order(players, table_dealer(players))


def play_points(task: Task) -> int:
    """What the card of a ``winner`` task in the play pegs."""
    return sum(item.points for item in pile_score(task.pile + task.cards))


def mover(task: Task) -> Seat:
    """Who plays the card of a ``winner`` task: the pone leads the first count, then each in turn."""
    return len(task.pile) % len(task.scores)


def winner_pegs(task: Task) -> tuple[tuple[Seat, int], ...]:
    """The pegs a ``winner`` task makes, in order: its card of the play, or the show's counts."""
    if task.cards:
        return ((mover(task), play_points(task)),)
    return tuple((seat, count) for (seat, _crib), count in zip(show_turns(task), task.counts, strict=True))


def winner(task: Task) -> tuple[Seat | None, int]:
    """Who reaches the game hole first, and after how many of :func:`winner_pegs` (the game
    ends the moment a side reaches it: :func:`~cribbage.core.game.first_to_reach`)."""
    return first_to_reach(task.scores, winner_pegs(task), task.game_to)


def loser_outcome(task: Task) -> str:
    """An ``outcome`` task's loser's outcome, by the game's own rule (:meth:`GameRules.outcomes`)."""
    won = task.scores.index(task.game_to)
    outcomes = GameRules(target=task.game_to).outcomes(task.scores, won)
    return next(outcome for side, outcome in enumerate(outcomes) if side != won)


def right_choice(task: Task) -> str:
    """The one answer of a ``choose`` task the rules make right."""
    match task.question:
        case Question.JACKS:
            heels, nobs = jack_points(task)
            owner = ROLES[1] if task.dealer else ROLES[0]
            if heels and nobs:  # a starter jack is the only jack of its suit: no nobs beside it
                raise AssertionError("heels and nobs in one deal")
            return f"{ROLES[1]}:{heels}" if heels else (f"{owner}:{nobs}" if nobs else NOBODY)
        case Question.SHOW_ORDER:
            seat, crib = show_turns(task)[task.shown]
            return "crib" if crib else f"seat:{seat}"
        case Question.WINNER:
            won, _made = winner(task)
            return NOBODY if won is None else f"seat:{won}"
    return loser_outcome(task)


__all__ = [
    "jack_points",
    "loser_outcome",
    "mover",
    "play_points",
    "right_choice",
    "show_turns",
    "table_dealer",
    "winner",
    "winner_pegs",
]
