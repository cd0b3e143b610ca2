"""A ``claim`` exercise stepped: a whole play against the computer, the reader claiming every peg.

The play is core's :class:`~cribbage.core.play.Play`; the computer's seats choose their cards
as the ``steady`` player does (:func:`~cribbage.players.computer.choose_play`), so the same
task and the same answers always give the same play. The reader's inputs are kept as text,
one an answer, and :func:`walk` replays them from the deal on every update:

* ``move``: the reader's card (``"7H"``) or ``"go"`` when no card fits, on the reader's turn;
* ``claim``: after every card and every go, what it pegged (``"2"``; ``"0"`` for nothing),
  the go point and the last card included;
* ``lead``: after every reset (31 or the go) that leaves cards to play, who leads the next
  count (``"seat:<n>"``, a seat of the play: seat 0 on the dealer's left, the dealer last).

A claim or a lead answered wrong is still a step (the page corrects it and goes on); a move
the rules refuse is no step at all (:class:`~cribbage.errors.IllegalPlayError`).

>>> from cribbage.core.cards import parse_cards
>>> from cribbage.course.tasks import TaskKind
>>> task = Task(TaskKind.CLAIM, parse_cards("5H 10S 4C KD"), others=parse_cards("10D 5S 6C AH"), players=2)
>>> start = walk(task, ())
>>> start.asks, reader_seat(task)
(<Ask.MOVE: 'move'>, 0)
>>> after = walk(task, ("5H",))
>>> after.asks, str(after.claimed.card), after.right
(<Ask.CLAIM: 'claim'>, '5H', '0')
>>> after = walk(task, ("5H", "0"))
>>> str(after.claimed.card), after.right, after.claimed.seat  # the computer's ten makes fifteen
('10D', '2', 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..core.cards import CARD_BY_TEXT, DECK, Card
from ..core.deal import deal_shape
from ..core.play import Play, PlayAction
from ..core.rules import Seat
from ..core.show import ScoreKind
from ..errors import TaskError
from ..players.computer import choose_play
from .tasks import Task, TaskKind

STRENGTH = "steady"
"""The computer's seats play as the ``steady`` player: no randomness, so a play replays the same."""
MAX_CLAIM = 99
"""A claim box takes at most this, as every answer box (the most one card pegs in the play is far less)."""


class Ask(StrEnum):
    """What the reader is asked now."""

    MOVE = "move"
    CLAIM = "claim"
    LEAD = "lead"


@dataclass(frozen=True, slots=True)
class Step:
    """One answered question: what was asked, the reader's input, the right answer."""

    ask: Ask
    said: str
    right: str
    action: PlayAction | None = None
    """claim: the card or go claimed; lead: the action that reset the count."""

    @property
    def correct(self) -> bool:
        return self.said == self.right


@dataclass(frozen=True, slots=True)
class Walk:
    """The play replayed from the reader's inputs: the steps answered, and the question now."""

    play_actions: tuple[PlayAction, ...]
    steps: tuple[Step, ...]
    asks: Ask | None
    """None: the play is over and every peg claimed."""
    right: str = ""
    """claim and lead: the answer the rules make right (a move's is any legal card)."""
    claimed: PlayAction | None = None
    """claim: the action to claim; lead: the action that reset the count."""
    legal: tuple[Card, ...] = ()
    """move: the cards the reader may play (none: the reader says go)."""
    held: tuple[Card, ...] = ()
    """The reader's cards still in hand."""
    pile: tuple[Card, ...] = ()
    """The cards of the current count."""
    count: int = 0
    scores: tuple[int, ...] = ()
    """Each seat's points, from the actions claimed so far."""
    answered: bool = False
    """The last input was a claim or a lead (its verdict is the page's news), not a move."""
    go_scores: bool = False
    """move: the reader cannot play and the others have gone, so the reader's go pegs one for the go."""

    @property
    def done(self) -> bool:
        return self.asks is None

    @property
    def wrong(self) -> int:
        """The claims and leads answered wrong."""
        return sum(not step.correct for step in self.steps)


def reader_seat(task: Task) -> Seat:
    """The reader's seat in the play: the dealer (the last) or the dealer's left (who leads)."""
    return task.players - 1 if task.dealer else 0


def hands(task: Task) -> tuple[tuple[Card, ...], ...]:
    """Every seat's hand in the play's order (seat 0 on the dealer's left): the reader's
    cards at the reader's seat, the others' round the table from the reader's left."""
    kept = len(task.cards)
    others = [task.others[index : index + kept] for index in range(0, len(task.others), kept)]
    reader = reader_seat(task)
    by_seat: dict[Seat, tuple[Card, ...]] = {reader: task.cards}
    for step, hand in enumerate(others, start=1):
        by_seat[(reader + step) % task.players] = hand
    return tuple(by_seat[seat] for seat in range(task.players))


def lead_choices(task: Task) -> tuple[str, ...]:
    """The answers to who leads: every seat, ``seat:0`` (the dealer's left) to the dealer."""
    return tuple(f"seat:{seat}" for seat in range(task.players))


def computer_card(play: Play, dealt: Sequence[Card]) -> Card:
    """The card the computer's seat to move plays: ``steady``'s choice, seeing its own
    ``dealt`` hand and the cards played so far."""
    seat = play.to_move
    assert seat is not None
    played = {action.card for action in play.actions if action.card is not None}
    unseen = [card for card in DECK if card not in dealt and card not in played]
    answerer = play.table().answerer()
    opponent_cards = 0 if answerer is None else len(play.held(answerer))
    return choose_play(play.legal_cards(), play.pile, unseen, opponent_cards, strength=STRENGTH).card


def played_through(task: Task) -> tuple[PlayAction, ...]:
    """The task's play with every seat, the reader's too, playing as the computer does: the
    play a stage's shape is judged on (the reader's own cards may take it elsewhere)."""
    dealt = hands(task)
    play = Play(dealt)
    while (seat := play.to_move) is not None:
        play.go() if play.must_go() else play.play(computer_card(play, dealt[seat]))
    return play.actions


CLAIM_SHAPES: tuple[str, ...] = ("go", "thirty_one", "pair_run")
"""What a stage's play holds when every seat plays as the computer does (:func:`played_through`):
a go point, a 31, a pair and a run."""


def claim_shape(task: Task, shape: str) -> bool:
    """Whether the task's play, every seat playing as the computer does, has ``shape`` (empty: any)."""
    kinds = {item.kind for action in played_through(task) for item in action.reasons}
    wanted = {
        "go": {ScoreKind.GO},
        "thirty_one": {ScoreKind.THIRTY_ONE},
        "pair_run": {ScoreKind.PAIR, ScoreKind.RUN},
    }.get(shape, set())
    return wanted <= kinds


def deal_claim(players: int, dealer: bool, rng: random.Random) -> Task:
    """A fresh deal's hands: any cards each seat keeps make a real play from its start."""
    kept = deal_shape(players).kept
    cards = rng.sample(DECK, kept * players)
    return Task(TaskKind.CLAIM, tuple(cards[:kept]), others=tuple(cards[kept:]), players=players, dealer=dealer)


def _claim(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= 2 and int(text) <= MAX_CLAIM


def _refuse(said: str) -> TaskError:
    return TaskError(f"{said!r} answers no question of the play", field="steps", problem="said")


def walk(task: Task, inputs: Sequence[str]) -> Walk:
    """Replay ``inputs`` from the deal; a move the rules refuse raises its
    :class:`~cribbage.errors.IllegalPlayError`, any other input that answers nothing a
    :class:`~cribbage.errors.TaskError`. Every input is consumed or refused."""
    if task.kind is not TaskKind.CLAIM:
        raise TaskError("not a claim task", field="kind", problem="unknown")
    dealt = hands(task)
    play = Play(dealt)
    reader = reader_seat(task)
    steps: list[Step] = []
    claimed = 0
    lead_after: PlayAction | None = None
    pending = list(inputs)
    answered = False
    while True:
        if claimed < len(play.actions):
            action = play.actions[claimed]
            asks, right, about = Ask.CLAIM, str(action.points), action
        elif lead_after is not None:
            asks, right, about = Ask.LEAD, f"seat:{play.to_move}", lead_after
        elif play.is_over:
            if pending:
                raise _refuse(pending[0])
            return _walked(task, play, steps, None, answered=answered)
        elif play.to_move != reader:
            seat = play.to_move
            assert seat is not None
            play.go() if play.must_go() else play.play(computer_card(play, dealt[seat]))
            continue
        else:
            asks, right, about = Ask.MOVE, "", None
        if not pending:
            return _walked(task, play, steps, asks, right, about, answered)
        said = pending.pop(0)
        answered = asks is not Ask.MOVE
        if asks is Ask.MOVE:
            _move(play, said)
            continue
        if asks is Ask.CLAIM and not _claim(said) or asks is Ask.LEAD and said not in lead_choices(task):
            raise _refuse(said)
        steps.append(Step(asks, str(int(said)) if asks is Ask.CLAIM else said, right, about))
        if asks is Ask.CLAIM:
            claimed += 1
            lead_after = about if about is not None and about.reset and not play.is_over else None
        else:
            lead_after = None


def _move(play: Play, said: str) -> None:
    """The reader's card or go, by the rules (a go while a card fits is refused: ``must_play``)."""
    if said == "go":
        play.go()
        return
    card = CARD_BY_TEXT.get(said)
    if card is None:
        raise _refuse(said)
    play.play(card)


def _walked(
    task: Task,
    play: Play,
    steps: list[Step],
    asks: Ask | None,
    right: str = "",
    about: PlayAction | None = None,
    answered: bool = False,
) -> Walk:
    claimed = sum(step.ask is Ask.CLAIM for step in steps)
    scores = [0] * task.players
    for action in play.actions[:claimed]:
        scores[action.seat] += action.points
    pile, count = play.pile, play.count
    if asks is Ask.CLAIM and about is not None and about.reset:  # the count as the card or go left it
        pile, count = _pile_before_reset(play.actions), about.count
    return Walk(
        play.actions,
        tuple(steps),
        asks,
        right,
        about,
        play.legal_cards() if asks is Ask.MOVE else (),
        play.held(reader_seat(task)),
        pile,
        count,
        tuple(scores),
        answered,
        asks is Ask.MOVE and not play.legal_cards() and play.go_scores(),
    )


def _pile_before_reset(actions: Sequence[PlayAction]) -> tuple[Card, ...]:
    """The cards of the count the last action ended: its card and those since the reset before it."""
    cards: list[Card] = []
    for action in actions[:-1]:
        if action.card is not None:
            cards.append(action.card)
        if action.reset:
            cards.clear()
    last = actions[-1].card
    return tuple(cards) + ((last,) if last is not None else ())


__all__ = [
    "CLAIM_SHAPES",
    "claim_shape",
    "deal_claim",
    "MAX_CLAIM",
    "Ask",
    "Step",
    "Walk",
    "computer_card",
    "hands",
    "lead_choices",
    "played_through",
    "reader_seat",
    "walk",
]
