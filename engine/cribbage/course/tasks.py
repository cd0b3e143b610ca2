"""Exercises of the course as data: what the reader is asked, and the form of an answer.

A :class:`Task` holds everything a page needs to show an exercise and the engine needs
to check it; it is refused at construction when it cannot be a real position
(a :class:`~cribbage.errors.TaskError`), so a task read back from a page's state is as
sound as one the course dealt. :mod:`cribbage.course.exercises` checks the answers.

>>> from cribbage.core.cards import parse_cards
>>> task = Task(TaskKind.PEG, parse_cards("5S"), pile=parse_cards("KH QD"))
>>> task.to_json()["pile"], Task.from_json(task.to_json()) == task
(['KH', 'QD'], True)
>>> Task(TaskKind.PEG, parse_cards("KS"), pile=parse_cards("KH QD 5C"))
Traceback (most recent call last):
...
cribbage.errors.TaskError: the card passes 31 (cards: over_31)
>>> read_answer(task, "2"), read_answer(Task(TaskKind.PLAY, parse_cards("5S 9D"), goal="go"), "go")
(2, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from ..core import pegging
from ..core.cards import CARD_BY_TEXT, Card
from ..core.deal import PLAYERS, deal_shape
from ..core.play import MAX_COUNT
from ..core.show import MAX_SHOW, SHOW_KINDS, ScoreKind
from ..errors import (
    AnswerNotInTaskError,
    AnswerRangeError,
    AnswerSizeError,
    AnswerTypeError,
    CardCountError,
    DuplicateCardError,
    TaskError,
)

FIND_TARGETS: tuple[ScoreKind, ...] = (ScoreKind.FIFTEEN, ScoreKind.PAIR, ScoreKind.RUN)
"""The combinations a ``find`` exercise asks for, one selection at a time."""


class TaskKind(StrEnum):
    COUNT = "count"
    """Type the count of a pile (card values)."""
    FIND = "find"
    """Select the cards of each combination of one kind in a hand and its starter."""
    SCORE = "score"
    """Type the points of a hand or a crib, or of some kinds only."""
    PEG = "peg"
    """Type what one card pegs when played onto a pile."""
    PLAY = "play"
    """Choose the card to play (or go)."""
    DISCARD = "discard"
    """Choose the two cards to lay away from six."""
    CHOOSE = "choose"
    """Choose one of a few answers about the deal at the table (a :class:`Question`)."""
    CLAIM = "claim"
    """Play a whole play, claiming every peg and each lead (:mod:`cribbage.course.claims`)."""


class Question(StrEnum):
    """What a ``choose`` exercise asks; its answers are :func:`choices`."""

    JACKS = "jacks"
    """Who pegs how many for the jacks: his heels (a jack turned as the starter) and his
    nobs (the jack of the starter's suit in a hand or the crib)."""
    SHOW_ORDER = "show_order"
    """Whose count comes now, ``shown`` counts of the show made already."""
    WINNER = "winner"
    """Who reaches the game hole first: in the show (``counts``) or by a card of the play."""
    OUTCOME = "outcome"
    """What a finished game is for its loser: a loss, a skunk, a double skunk or a lurch."""


NOBODY = "nobody"
CRIB = "crib"
OUTCOMES: tuple[str, ...] = ("loss", "skunk", "double_skunk", "lurch")
"""The loser's outcomes a ``choose`` exercise offers (the words of ``GameRules.outcomes``)."""
ROLES: tuple[str, ...] = ("pone", "dealer")
"""The two seats of a two-player deal, in the show's order (seat 0 is the pone)."""
GAME_HOLES: tuple[int, ...] = (61, 121)


class Goal(StrEnum):
    """What a ``play`` exercise asks for."""

    SCORE = "score"
    """Peg the most points now."""
    SAFE = "safe"
    """Leave no fifteen, 31 or run to any card the opponent could hold."""
    GO = "go"
    """Play a card that fits under 31, or say go when none does."""


Answer = int | frozenset[Card] | Card | str | None
"""A number (count, score, peg), a set of cards (find, discard), a card or ``None`` for
"go" (play), one of the :func:`choices` (choose)."""

_CARD_COUNTS: dict[TaskKind, tuple[int, int]] = {
    TaskKind.COUNT: (2, 5),
    TaskKind.FIND: (4, 4),
    TaskKind.SCORE: (4, 4),
    TaskKind.PEG: (1, 1),
    TaskKind.PLAY: (1, 4),
    TaskKind.DISCARD: (6, 6),
    TaskKind.CHOOSE: (0, 4),
    TaskKind.CLAIM: (4, 4),
}
_MAX_PILE = 7
"""Two players play at most eight cards to one count; the pile before a card holds seven."""

NUMBER_RANGES: dict[TaskKind, tuple[int, int]] = {
    TaskKind.COUNT: (0, MAX_COUNT),
    TaskKind.SCORE: (0, MAX_SHOW),
    TaskKind.PEG: (0, MAX_COUNT),
}
"""The numbers an answer of each numeric kind may be (a number outside is refused, not
marked wrong: it cannot be a count at all)."""


def count_of(cards: Sequence[Card]) -> int:
    """The count of cards in the play: the sum of their values.

    >>> from cribbage.core.cards import parse_cards
    >>> count_of(parse_cards("KH 5S AD"))
    16
    """
    return sum(card.value for card in cards)


def _refuse(field: str, problem: str, message: str) -> TaskError:
    return TaskError(f"{message} ({field}: {problem})", field=field, problem=problem)


@dataclass(frozen=True, slots=True)
class Task:
    """One exercise: all a page needs to show it and the engine to check it.

    Fields a kind does not use keep their defaults (a count with a starter is refused).
    """

    kind: TaskKind
    cards: tuple[Card, ...]
    """count: the pile to count; find/score: the 4 cards (hand or crib); peg: the one
    card played; play: the reader's hand; discard: the six cards dealt."""
    starter: Card | None = None
    """find/score: the starter."""
    pile: tuple[Card, ...] = ()
    """peg/play: the cards played since the last reset, in order."""
    crib: bool = False
    """score: the cards are a crib (a flush needs the starter too)."""
    only: tuple[str, ...] = ()
    """score: count only these kinds (empty: all), in counting order; find: ``(target,)``."""
    goal: str = ""
    """play: a :class:`Goal`."""
    dealer: bool = False
    """discard: the crib is the reader's; choose ``jacks``: the cards are the dealer's (always, for a crib);
    claim: the reader is the dealer (the last seat), else the seat on the dealer's left (who leads)."""
    question: str = ""
    """choose: a :class:`Question`."""
    scores: tuple[int, ...] = ()
    """choose ``winner``/``outcome``: each seat's score (seat 0 the pone, the dealer last), before
    the show or the card (winner) or at the end of the game (outcome)."""
    counts: tuple[int, ...] = ()
    """choose ``winner`` in the show: what each count holds, in the show's order (pone, dealer, crib)."""
    players: int = 0
    """choose ``show_order``: 2 or 3; claim: 2, 3 or 4."""
    shown: int = 0
    """choose ``show_order``: how many counts of the show are made already."""
    game_to: int = 0
    """choose ``winner``/``outcome``: the game hole (121, or 61 for the short game)."""
    others: tuple[Card, ...] = ()
    """claim: the other seats' hands, a hand after another, round the table from the reader's left."""

    def __post_init__(self) -> None:
        if not isinstance(self.kind, TaskKind):
            raise _refuse("kind", "unknown", "not a kind of exercise")
        low, high = _CARD_COUNTS[self.kind]
        if not low <= len(self.cards) <= high:
            raise _refuse("cards", "count", f"{len(self.cards)} cards")
        used = self.cards + self.pile + self.others + ((self.starter,) if self.starter is not None else ())
        if len(set(used)) != len(used):
            raise _refuse("cards", "duplicate", "a card appears twice")
        shows = self.kind in (TaskKind.FIND, TaskKind.SCORE) or self.question == Question.JACKS
        plays = self.kind in (TaskKind.PEG, TaskKind.PLAY) or (self.question == Question.WINNER and bool(self.cards))
        if (self.starter is not None) != shows:
            raise _refuse("starter", "unexpected" if self.starter is not None else "missing", "starter")
        if self.pile and not plays:
            raise _refuse("pile", "unexpected", "pile")
        if len(self.pile) > _MAX_PILE:
            raise _refuse("pile", "count", f"{len(self.pile)} cards")
        if self.crib and self.kind is not TaskKind.SCORE and self.question != Question.JACKS:
            raise _refuse("crib", "unexpected", "crib")
        if self.dealer and self.kind not in (TaskKind.DISCARD, TaskKind.CLAIM) and self.question != Question.JACKS:
            raise _refuse("dealer", "unexpected", "dealer")
        if (self.question != "") != (self.kind is TaskKind.CHOOSE) or (
            self.question and self.question not in tuple(Question)
        ):
            raise _refuse("question", "unknown", "question")
        self._check_table()
        if (self.goal != "") != (self.kind is TaskKind.PLAY) or (self.goal and self.goal not in tuple(Goal)):
            raise _refuse("goal", "unknown", "goal")
        self._check_only()
        self._check_count()

    def _check_claim(self) -> None:
        """A ``claim`` task is a whole play from its start: each seat holds a deal's kept hand."""
        if self.kind is not TaskKind.CLAIM:
            if self.others:
                raise _refuse("others", "unexpected", "others")
            return
        if self.players not in PLAYERS or self.shown or self.pile:
            raise _refuse("players", "range", "a play of 2, 3 or 4 players from its start")
        kept = deal_shape(self.players).kept
        if len(self.cards) != kept or len(self.others) != kept * (self.players - 1):
            raise _refuse("others", "count", f"every seat holds {kept} cards")

    def _check_table(self) -> None:
        """A ``choose`` position a deal can reach: its fields, cards and scores as a game has them."""
        question = self.question
        self._check_claim()
        if self.kind is TaskKind.CLAIM:
            return
        if question != Question.SHOW_ORDER and (self.players or self.shown):
            raise _refuse("players", "unexpected", "players")
        if question not in (Question.WINNER, Question.OUTCOME) and (self.scores or self.game_to):
            raise _refuse("scores", "unexpected", "scores")
        if question != Question.WINNER and self.counts:
            raise _refuse("counts", "unexpected", "counts")
        match question:
            case Question.JACKS:
                if len(self.cards) != 4 or (self.crib and not self.dealer):
                    raise _refuse("cards", "count", "four cards: a hand, or the dealer's crib")
            case Question.SHOW_ORDER:
                if self.cards or self.players not in (2, 3) or not 0 <= self.shown <= self.players:
                    raise _refuse("shown", "range", "a count of the show of 2 or 3 players")
            case Question.WINNER:
                self._check_scores(below=True)
                in_play = bool(self.cards)
                if len(self.cards) > 1 or (not in_play and (len(self.counts) != 3 or self.pile)):
                    raise _refuse("counts", "count", "the three counts of the show, or one card of the play")
                if in_play and self.counts or not all(0 <= count <= MAX_SHOW for count in self.counts):
                    raise _refuse("counts", "range", "counts of the show")
            case Question.OUTCOME:
                self._check_scores(below=False)
                if self.cards or sum(score == self.game_to for score in self.scores) != 1:
                    raise _refuse("scores", "winner", "one side in the game hole")

    def _check_scores(self, below: bool) -> None:
        """Two seats' scores, each below the game hole (``below``: before the game is won) or at most in it."""
        top = self.game_to - 1 if below else self.game_to
        if self.game_to not in GAME_HOLES or len(self.scores) != 2 or not all(0 <= s <= top for s in self.scores):
            raise _refuse("scores", "range", "two scores below the game hole")

    def _check_only(self) -> None:
        if self.kind is TaskKind.FIND:
            if len(self.only) != 1 or self.only[0] not in FIND_TARGETS:
                raise _refuse("only", "target", "a find names one target")
        elif self.kind is TaskKind.SCORE:
            if list(self.only) != [kind for kind in SHOW_KINDS if kind in self.only]:
                raise _refuse("only", "kinds", "kinds of the show, each once, in counting order")
        elif self.only:
            raise _refuse("only", "unexpected", "only")

    def _check_count(self) -> None:
        if self.kind is TaskKind.COUNT and not pegging.reachable(count_of(self.cards)):
            raise _refuse("cards", "over_31", "the count passes 31")
        if (self.kind is TaskKind.PEG or self.kind is TaskKind.CHOOSE and self.pile) and not pegging.fits(
            count_of(self.pile), self.cards[0].rank
        ):
            raise _refuse("cards", "over_31", "the card passes 31")
        if self.kind is TaskKind.PLAY and not pegging.goes_on(count_of(self.pile)):
            raise _refuse("pile", "over_31", "the count is 31 or more")
        if self.goal in (Goal.SCORE, Goal.SAFE) and not any(pegging.fits(self.count, card.rank) for card in self.cards):
            raise _refuse("cards", "no_legal_card", "no card can be played: only the go goal fits")

    @property
    def count(self) -> int:
        """The count of the pile before the reader's card (peg, play)."""
        return count_of(self.pile)

    def to_json(self) -> dict[str, Any]:
        """Every field, cards as text (``"10H"``): the form a page keeps in its state."""
        return {
            "kind": str(self.kind),
            "cards": [str(card) for card in self.cards],
            "starter": None if self.starter is None else str(self.starter),
            "pile": [str(card) for card in self.pile],
            "crib": self.crib,
            "only": list(self.only),
            "goal": self.goal,
            "dealer": self.dealer,
            "question": self.question,
            "scores": list(self.scores),
            "counts": list(self.counts),
            "players": self.players,
            "shown": self.shown,
            "game_to": self.game_to,
            "others": [str(card) for card in self.others],
        }

    @classmethod
    def from_json(cls, data: Any) -> Task:
        """Read :meth:`to_json`'s form back, strictly: a missing ``kind`` or ``cards``, an unknown
        field, a wrong type or an impossible position is a :class:`~cribbage.errors.TaskError`.

        >>> Task.from_json({"kind": "count", "cards": ["5H", "5H"]})
        Traceback (most recent call last):
        ...
        cribbage.errors.TaskError: a card appears twice (cards: duplicate)
        """
        if not isinstance(data, dict):
            raise _refuse("task", "type", "a task is an object")
        known = {field.name for field in fields(cls)}
        for name in data:
            if name not in known:
                raise _refuse(str(name), "unknown", "unknown field")
        for name in ("kind", "cards"):
            if name not in data:
                raise _refuse(name, "missing", "missing field")
        if not isinstance(data["kind"], str) or data["kind"] not in tuple(TaskKind):
            raise _refuse("kind", "unknown", "not a kind of exercise")
        starter = data.get("starter")
        only = data.get("only", [])
        if not isinstance(only, list) or not all(isinstance(kind, str) for kind in only):
            raise _refuse("only", "type", "a list of kinds")
        flags = {name: data.get(name, False) for name in ("crib", "dealer")}
        for name, flag in flags.items():
            if not isinstance(flag, bool):
                raise _refuse(name, "type", "true or false")
        texts = {name: data.get(name, "") for name in ("goal", "question")}
        for name, text in texts.items():
            if not isinstance(text, str):
                raise _refuse(name, "type", "a word")
        numbers = {name: data.get(name, 0) for name in ("players", "shown", "game_to")}
        lists = {name: data.get(name, []) for name in ("scores", "counts")}
        if not all(_is_int(value) for value in numbers.values()) or not all(
            isinstance(value, list) and all(_is_int(item) for item in value) for value in lists.values()
        ):
            raise _refuse("scores", "type", "whole numbers")
        return cls(
            kind=TaskKind(data["kind"]),
            cards=_cards(data["cards"], "cards"),
            starter=None if starter is None else _card(starter, "starter"),
            pile=_cards(data.get("pile", []), "pile"),
            crib=flags["crib"],
            only=tuple(only),
            goal=texts["goal"],
            dealer=flags["dealer"],
            question=texts["question"],
            scores=tuple(lists["scores"]),
            counts=tuple(lists["counts"]),
            players=numbers["players"],
            shown=numbers["shown"],
            game_to=numbers["game_to"],
            others=_cards(data.get("others", []), "others"),
        )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def choices(task: Task) -> tuple[str, ...]:
    """The answers a ``choose`` exercise offers, in the order a page shows them: for the jacks
    ``nobody`` or ``<role>:<points>``; for the show's order each seat (``seat:0`` on the
    dealer's left ... the dealer last) and ``crib``; for the winner each seat or ``nobody``;
    for the outcome :data:`OUTCOMES`.

    >>> choices(Task(TaskKind.CHOOSE, (), question="show_order", players=2))
    ('seat:0', 'seat:1', 'crib')
    """
    match task.question:
        case Question.JACKS:
            return (NOBODY, *(f"{role}:{points}" for role in ROLES for points in (1, 2)))
        case Question.SHOW_ORDER:
            return (*(f"seat:{seat}" for seat in range(task.players)), CRIB)
        case Question.WINNER:
            return (*(f"seat:{seat}" for seat in range(len(task.scores))), NOBODY)
    return OUTCOMES


def _card(text: Any, field: str) -> Card:
    card = CARD_BY_TEXT.get(text) if isinstance(text, str) else None
    if card is None:
        raise _refuse(field, "card", "not a card")
    return card


def _cards(texts: Any, field: str) -> tuple[Card, ...]:
    if not isinstance(texts, list):
        raise _refuse(field, "type", "a list of cards")
    return tuple(_card(text, field) for text in texts)


# -- the form of an answer -----------------------------------------------------------------


def check_answer_form(task: Task, answer: Answer) -> None:
    """Refuse an answer that cannot be one for ``task`` (a wrong but well-formed answer passes).

    count/score/peg: an ``int`` in :data:`NUMBER_RANGES`; find: a set of at least 2 of the
    cards and the starter; discard: a set of 2 of the six; play: a held card or ``None`` (go).

    >>> from cribbage.core.cards import parse_cards
    >>> check_answer_form(Task(TaskKind.DISCARD, parse_cards("5H 5S 6C 7D JH KS")), frozenset(parse_cards("5H 2C")))
    Traceback (most recent call last):
    ...
    cribbage.errors.AnswerNotInTaskError: 2C is not one of the cards
    """
    if task.kind in NUMBER_RANGES:
        if not isinstance(answer, int) or isinstance(answer, bool):
            raise AnswerTypeError("a number is asked", kind=str(task.kind), expected="number")
        low, high = NUMBER_RANGES[task.kind]
        if not low <= answer <= high:
            raise AnswerRangeError(f"{answer} is not between {low} and {high}", low=low, high=high, got=answer)
    elif task.kind is TaskKind.CHOOSE:
        if not isinstance(answer, str) or answer not in choices(task):
            raise AnswerTypeError("one of the choices is asked", kind=str(task.kind), expected="choice")
    elif task.kind is TaskKind.PLAY:
        if answer is not None and not isinstance(answer, Card):
            raise AnswerTypeError("a card or go is asked", kind=str(task.kind), expected="card_or_go")
        if answer is not None and answer not in task.cards:
            raise AnswerNotInTaskError(f"{answer} is not held", card=str(answer))
    else:
        if not isinstance(answer, frozenset) or not all(isinstance(card, Card) for card in answer):
            raise AnswerTypeError("cards are asked", kind=str(task.kind), expected="cards")
        allowed = set(task.cards) | ({task.starter} if task.starter is not None else set())
        for card in sorted(answer - allowed):
            raise AnswerNotInTaskError(f"{card} is not one of the cards", card=str(card))
        if task.kind is TaskKind.DISCARD and len(answer) != 2:
            raise CardCountError(f"expected 2 cards, got {len(answer)}", expected=2, got=len(answer))
        least = 3 if task.only == ("run",) else 2  # a run has three cards or more
        if task.kind is TaskKind.FIND and len(answer) < least:
            raise AnswerSizeError(
                f"a combination has at least {least} cards, not {len(answer)}",
                least=least,
                got=len(answer),
                kind=task.only[0] if len(task.only) == 1 else "",
            )


def read_answer(task: Task, value: Any) -> Answer:
    """An answer from a page's action JSON, checked by :func:`check_answer_form`: a number
    (or its digits as text), a list of cards (or one text such as ``"5H 5S"``), a card, or
    ``"go"``/``None`` for go.

    >>> from cribbage.core.cards import parse_cards
    >>> task = Task(TaskKind.FIND, parse_cards("5H 5S 6C 7D"), starter=Card.parse("JH"), only=("pair",))
    >>> sorted(map(str, read_answer(task, ["5S", "5H"])))
    ['5H', '5S']
    >>> read_answer(task, 2)
    Traceback (most recent call last):
    ...
    cribbage.errors.AnswerTypeError: cards are asked
    """
    answer: Any = value
    digits = value.strip() if isinstance(value, str) else ""
    if task.kind in NUMBER_RANGES and digits.isascii() and digits.isdigit() and len(digits) <= 3:
        answer = int(digits)  # ASCII only: isdigit() also takes "²" (int refuses it) and "٣" (int reads it)
    elif task.kind is TaskKind.CHOOSE and isinstance(value, str):
        answer = value.strip()
    elif task.kind is TaskKind.PLAY and (value is None or isinstance(value, str)):
        answer = None if value is None or value.strip().lower() == "go" else _answer_card(task, value)
    elif task.kind in (TaskKind.FIND, TaskKind.DISCARD) and isinstance(value, (str, list)):
        texts = value.split() if isinstance(value, str) else value
        cards = [_answer_card(task, text) for text in texts]
        if len(set(cards)) != len(cards):
            duplicate = next(card for card in cards if cards.count(card) > 1)
            raise DuplicateCardError(f"duplicate card {duplicate}", card=str(duplicate))
        answer = frozenset(cards)
    check_answer_form(task, answer)
    return answer  # type: ignore[no-any-return]


def _answer_card(task: Task, text: Any) -> Card:
    card = CARD_BY_TEXT.get(text.strip()) if isinstance(text, str) else None
    if card is None:
        expected = "card_or_go" if task.kind is TaskKind.PLAY else "cards"
        raise AnswerTypeError(f"{text!r} is not a card", kind=str(task.kind), expected=expected)
    return card


def answer_to_json(answer: Answer) -> Any:
    """The JSON form :func:`read_answer` reads back: a number, sorted card texts, a card or ``"go"``.

    >>> answer_to_json(frozenset({Card(5, "S"), Card(5, "H")})), answer_to_json(None)
    (['5S', '5H'], 'go')
    """
    if answer is None:
        return "go"
    if isinstance(answer, Card):
        return str(answer)
    if isinstance(answer, frozenset):
        return [str(card) for card in sorted(answer, key=lambda card: card.index)]
    return answer
