"""A game played with real cards, as a state machine: the players enter what happens, the engine
says whose turn it is to do what, counts and pegs.

A deal goes through its steps (:class:`Step`) in order: the dealer deals, everyone lays away to
the crib, the starter is turned (a jack gives the dealer 2 for his heels), the play (points
tapped, or the cards entered and pegged by the rules), the count (the dealer's left first,
round the table, the dealer's hand, then the crib); then the deal passes to the left.  The
first dealer is a seat or cut for (the lowest card deals, ties cut again).  The game ends the
moment a side reaches the target, and the next game is dealt by a loser.

The state is the options and the log of actions: :meth:`TableGame.undo` drops the last and
plays the rest again, and :meth:`TableGame.to_json` keeps no more.  Every rule is the core's
(:mod:`cribbage.core`): the sides and lines of :class:`~cribbage.core.rules.GameRules`, the
play of :mod:`cribbage.companion.play` on :mod:`cribbage.core.pegging`, the show of
:func:`~cribbage.core.show.score_show`.

>>> game = TableGame(Options(first_dealer=1))
>>> for action in (DealCards(), LayAway(), StarterCard(Card.parse("JH"))):
...     _ = game.apply(action)
>>> game.scores, game.step, game.to_act, [str(move) for move in game.expected.moves]
((0, 2), <Step.PLAY: 'play'>, 0, ['play_card', 'peg', 'play_done'])
>>> [event.kind for event in game.apply(PlayCard(0, Card.parse("5S")))]
['play']
>>> game.undo(); game.pile
()
"""

from __future__ import annotations

from typing import Any, TypeVar

from ..core.cards import DECK, Card
from ..core.deal import cut_contenders, next_game_dealer, pegs_after
from ..core.play import PlayAction
from ..core.rules import Seat, Side
from ..core.show import heels_points, score_show
from ..errors import (
    CardCountError,
    CardSeenError,
    CribbageError,
    DuplicateCardError,
    IllegalActionError,
    PlayedCardMissingError,
    TableStateError,
    TableStateVersionError,
)
from .actions import (
    Action,
    Claim,
    CountCards,
    CountPoints,
    CutCards,
    DealCards,
    Decline,
    Go,
    LayAway,
    Move,
    NextGame,
    Peg,
    PlayCard,
    PlayDone,
    StarterCard,
    action_from_json,
    action_to_json,
)
from .events import (
    Counted,
    CutAgain,
    CutForDeal,
    Dealt,
    GameOver,
    LaidAway,
    Muggins,
    NewGame,
    Pegged,
    PlayEnded,
    PointsPegged,
    Shown,
    Starter,
    TableEvent,
    ThreeForLast,
)
from .options import CUT, Options
from .play import TablePlay
from .steps import MAX_PEG, Expected, Step, points_error

__all__ = ["MAX_PEG", "STATE_VERSION", "Expected", "Step", "TableGame"]

STATE_VERSION = 1
"""The form of :meth:`TableGame.to_json`; a saved table of another is refused."""


_Scoring = TypeVar("_Scoring", ThreeForLast, Starter, Pegged, PointsPegged, Shown, Counted, Muggins)
"""The events that may peg points."""


class TableGame:
    """A match at a real table: one game after another, each its deals; see the module docstring."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.rules = options.rules
        self._begin()

    def _begin(self) -> None:
        self._actions: list[Action] = []
        self._events: list[TableEvent] = []
        self._last_first = 0  # where the last action's events begin in the log
        self._wins = [0] * self.rules.sides
        self._results: list[GameOver] = []
        dealer = self.options.first_dealer
        self._new_game(None if dealer == CUT else dealer)

    # -- reading the state -----------------------------------------------------------
    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    @property
    def events(self) -> tuple[TableEvent, ...]:
        """Everything that happened in the match, in order."""
        return tuple(self._events)

    @property
    def last_events(self) -> tuple[TableEvent, ...]:
        """What the last action caused (nothing before the first): read again from the log,
        so a table read back from its JSON shows what it showed when the action was taken."""
        return tuple(self._events[self._last_first :]) if self._actions else ()

    @property
    def scores(self) -> tuple[int, ...]:
        """Per side (with 4 players: seats 0 and 2, then 1 and 3)."""
        return tuple(self._scores)

    @property
    def pegs(self) -> tuple[tuple[int, int], ...]:
        """Per side, the (front, back) pegs on the board."""
        return tuple(zip(self._scores, self._backs))

    @property
    def match_score(self) -> tuple[int, ...]:
        """Games won per side."""
        return tuple(self._wins)

    @property
    def results(self) -> tuple[GameOver, ...]:
        """Each finished game's end: the winner, the scores and the outcomes (skunk, lurch ...)."""
        return tuple(self._results)

    @property
    def is_over(self) -> bool:
        return self.step == Step.OVER

    @property
    def play(self) -> TablePlay | None:
        """The play entered card by card (its count, pile and turn), from the starter to the count."""
        return self._play

    @property
    def count(self) -> int:
        return 0 if self._play is None else self._play.count

    @property
    def pile(self) -> tuple[Card, ...]:
        return () if self._play is None else self._play.pile

    @property
    def cutting(self) -> tuple[Seat, ...]:
        """The seats to cut for the deal now (every seat, then those tied lowest)."""
        return tuple(self._cutting) if self.step == Step.CUT else ()

    def side_of(self, seat: Seat) -> Side:
        return self.rules.side_of(seat)

    @property
    def expected(self) -> Expected:
        """Who is to act and what they may enter."""
        match self.step:
            case Step.CUT:
                return Expected(self.step, None, (Move.CUT_CARDS,))
            case Step.DEAL | Step.LAY_AWAY | Step.STARTER:
                move = {Step.DEAL: Move.DEAL, Step.LAY_AWAY: Move.LAY_AWAY, Step.STARTER: Move.STARTER}[self.step]
                return Expected(self.step, self._dealer(), (move,))
            case Step.PLAY:
                play = self._current_play()
                go = (Move.GO,) if play.go_possible(self._unseen()) else ()
                return Expected(self.step, play.to_move, (Move.PLAY_CARD, *go, Move.PEG, Move.PLAY_DONE))
            case Step.COUNT:
                pending = self._pending
                if pending is not None:
                    return Expected(
                        self.step, self._muggins_seat(pending.seat), (Move.CLAIM, Move.DECLINE), pending.crib
                    )
                seat, crib = self._counts[0]
                return Expected(self.step, seat, (Move.COUNT_CARDS, Move.COUNT_POINTS), crib)
        return Expected(self.step, None, (Move.NEXT_GAME,))

    @property
    def to_act(self) -> Seat | None:
        return self.expected.seat

    # -- what is legal -----------------------------------------------------------------
    def check(self, action: Action) -> CribbageError | None:
        """Why ``action`` cannot be taken now (the error :meth:`apply` would raise), or None."""
        expected = self.expected
        # A go the play cannot take is refused by the play's own reason, not as out of turn.
        says_go = isinstance(action, Go) and self.step == Step.PLAY
        if action.kind not in expected.moves and not says_go:
            return IllegalActionError(
                f"{action.kind} is not expected now", reason="wrong_phase", phase=str(self.step), kind=str(action.kind)
            )
        seat = getattr(action, "seat", None)
        if seat is not None and not 0 <= seat < self.rules.players:
            return IllegalActionError(f"no seat {seat}", reason="no_seat", seat=seat)
        if seat is not None and not isinstance(action, Peg) and seat != expected.seat:
            return IllegalActionError(f"seat {seat} cannot act now", reason="not_your_turn", seat=seat)
        match action:
            case CutCards():
                return self._cut_error(action.cards)
            case Peg():
                return points_error(action.points, 1, MAX_PEG)
            case PlayCard():
                return self._current_play().check_card(action.seat, action.card, self._starter())
            case Go():
                return self._current_play().check_go(action.seat, self._unseen())
            case CountCards():
                return self._count_error(action)
            case CountPoints():
                return points_error(action.points, 0, self.rules.variant.max_show)
        return None

    def can(self, action: Action) -> bool:
        return self.check(action) is None

    def _cut_error(self, cards: tuple[Card, ...]) -> CribbageError | None:
        if len(cards) != len(self._cutting):
            return CardCountError(f"cut {len(self._cutting)} cards", expected=len(self._cutting), got=len(cards))
        if len(set(cards)) != len(cards):
            duplicate = next(card for card in cards if cards.count(card) > 1)
            return DuplicateCardError(f"{duplicate} is cut twice", card=str(duplicate))
        return None

    def _count_error(self, action: CountCards) -> CribbageError | None:
        crib = self.expected.crib
        try:
            actual = score_show(action.cards, self._starter(), crib, self.rules.hand_size).total
        except CribbageError as refused:  # the number of cards, a card twice, the starter
            return refused
        play = self._current_play()
        for card in action.cards:
            if card in play.all_played and (crib or card not in play.played(action.seat)):
                return CardSeenError(f"{card} was played by another seat", card=str(card), place="played")
            if any(card in counted for counted in self._counted):
                return CardSeenError(f"{card} is in a hand counted already", card=str(card), place="counted")
        missing = () if crib else tuple(card for card in play.played(action.seat) if card not in action.cards)
        if missing:
            return PlayedCardMissingError(f"{missing[0]} was played from this hand", card=str(missing[0]))
        if action.announced is None:
            return None
        return points_error(action.announced, 0, self.rules.variant.max_show) or (
            self.rules.announce_error(action.announced, actual) if self.rules.muggins else None
        )

    # -- actions -----------------------------------------------------------------------
    def apply(self, action: Action) -> tuple[TableEvent, ...]:
        """Take ``action`` (refused with the error :meth:`check` gives): the events it caused."""
        refused = self.check(action)
        if refused is not None:
            raise refused
        first = len(self._events)
        match action:
            case CutCards():
                self._cut(action.cards)
            case DealCards():
                self.step = Step.LAY_AWAY
                self._log(Dealt(self._dealer()))
            case LayAway():
                self.step = Step.STARTER
                self._log(LaidAway(self._dealer()))
            case StarterCard():
                self._turn_starter(action.card)
            case Peg():
                self._score(PointsPegged(action.seat, action.points))
            case PlayDone():
                self._end_play()
            case PlayCard() | Go():
                play = self._current_play()
                self._pegged(play.play(action.card) if isinstance(action, PlayCard) else play.go())
            case CountCards():
                self._count_cards(action)
            case CountPoints():
                seat, crib = self._counts.pop(0)
                self._score(Counted(seat, crib, action.points))
                self._after_count()
            case Claim() | Decline():
                self._muggins(isinstance(action, Claim))
            case NextGame():
                self._next_game()
        self._actions.append(action)
        self._last_first = first
        return tuple(self._events[first:])

    def undo(self) -> None:
        """Drop the last action: the table is as it was before it, played again from the start."""
        if not self._actions:
            raise IllegalActionError("nothing to undo", reason="nothing_to_undo")
        kept = self._actions[:-1]
        self._begin()
        for action in kept:
            self.apply(action)

    def to_json(self) -> dict[str, Any]:
        """The options and the actions: all it takes to rebuild the table (:meth:`from_json`)."""
        return {
            "version": STATE_VERSION,
            "options": self.options.to_json(),
            "actions": [action_to_json(action) for action in self._actions],
        }

    @classmethod
    def from_json(cls, data: object) -> TableGame:
        """The table :meth:`to_json` wrote.  Anything else (another version, a form it does not
        write, an action the rules refuse) is a :class:`~cribbage.errors.TableStateError`.

        >>> TableGame.from_json({"version": 0, "options": {}, "actions": []})
        Traceback (most recent call last):
        ...
        cribbage.errors.TableStateVersionError: a saved table of version 0, not 1
        """
        if not isinstance(data, dict) or set(data) != {"version", "options", "actions"}:
            raise TableStateError("not a saved table", problem="form")
        version = data["version"]
        if type(version) is not int or version != STATE_VERSION:
            raise TableStateVersionError(
                f"a saved table of version {version}, not {STATE_VERSION}",
                version=repr(version),
                expected=STATE_VERSION,
            )
        if not isinstance(data["actions"], list):
            raise TableStateError("the actions are a list", problem="actions")
        try:
            options = Options.from_json(data["options"])
        except CribbageError as wrong:
            raise TableStateError(f"the options: {wrong}", problem="options", code=wrong.code) from wrong
        actions = [action_from_json(action) for action in data["actions"]]
        game = cls(options)
        for index, action in enumerate(actions):
            try:
                game.apply(action)  # checked there, once: a long evening's table is read on every tap
            except CribbageError as refused:
                raise TableStateError(
                    f"action {index}: {refused}", problem="action", index=index, code=refused.code
                ) from refused
        return game

    # -- the steps ---------------------------------------------------------------------
    def _new_game(self, dealer: Seat | None) -> None:
        sides = self.rules.sides
        self._scores, self._backs = [0] * sides, [0] * sides
        self.dealer = dealer
        self._cutting = list(range(self.rules.players))
        self._cut_rounds: list[tuple[tuple[Seat, Card], ...]] = []
        self._clear_deal()
        if dealer is None:
            self.step = Step.CUT
        else:
            self._start_game()

    def _start_game(self) -> None:
        self.step = Step.DEAL
        if self.rules.variant.three_for_last:
            self._score(ThreeForLast((self._dealer() + 1) % self.rules.players))

    def _clear_deal(self) -> None:
        self.starter: Card | None = None
        self._play: TablePlay | None = None
        self._counts: list[tuple[Seat, bool]] = []
        self._counted: list[tuple[Card, ...]] = []
        self._pending: Shown | None = None

    def _cut(self, cards: tuple[Card, ...]) -> None:
        cuts = tuple(zip(self._cutting, cards))
        self._cut_rounds.append(cuts)
        self._cutting = cut_contenders(cuts)
        if len(self._cutting) > 1:
            self._log(CutAgain(tuple(self._cutting)))
            return
        self.dealer = self._cutting[0]
        self._log(CutForDeal(tuple(self._cut_rounds), self.dealer))
        self._start_game()

    def _turn_starter(self, card: Card) -> None:
        dealer = self._dealer()
        self.starter = card
        rules = self.rules
        self._play = TablePlay(dealer, rules.players, rules.hand_size, rules.variant.play_ends_at_first_go)
        self.step = Step.PLAY
        self._score(Starter(dealer, card, heels_points(card)))

    def _pegged(self, records: list[PlayAction]) -> None:
        for record in records:
            if self.step == Step.OVER:  # the game was won by a card before the go it would owe
                return
            self._score(Pegged(record.seat, record))
        if self.step == Step.PLAY and self._current_play().is_over:
            self._end_play()

    def _end_play(self) -> None:
        self._log(PlayEnded())
        dealer, players = self._dealer(), self.rules.players
        self._counts = [((dealer + step) % players, False) for step in range(1, players + 1)] + [(dealer, True)]
        self.step = Step.COUNT

    def _count_cards(self, action: CountCards) -> None:
        seat, crib = self._counts.pop(0)
        starter = self._starter()
        actual = score_show(action.cards, starter, crib, self.rules.hand_size).total
        # Under muggins the owner pegs what they announce; otherwise the count is corrected.
        muggins = self.rules.muggins and action.announced is not None
        points = action.announced if muggins and action.announced is not None else actual
        self._counted.append(action.cards)
        shown = self._score(Shown(seat, action.cards, starter, crib, points, action.announced))
        if muggins and points < actual and self.step != Step.OVER:
            self._pending = shown
        else:
            self._after_count()

    def _muggins(self, claimed: bool) -> None:
        shown = self._pending
        if shown is None or shown.announced is None:
            raise AssertionError("a muggins decision without a short count")
        self._pending = None
        missed = shown.actual - shown.announced if claimed else 0
        self._score(Muggins(self._muggins_seat(shown.seat), shown.seat, missed))
        self._after_count()

    def _after_count(self) -> None:
        if self.step == Step.COUNT and not self._counts:
            self.dealer = (self._dealer() + 1) % self.rules.players
            self._clear_deal()
            self.step = Step.DEAL

    def _next_game(self) -> None:
        winner = self._results[-1].winner
        rules = self.rules
        losers = [seat for seat in range(rules.players) if rules.side_of(seat) != winner]
        seat_scores = [self._scores[rules.side_of(seat)] for seat in range(rules.players)]
        dealer = next_game_dealer(self._dealer(), seat_scores, losers)
        self._log(NewGame(dealer))
        self._new_game(dealer)

    # -- internals ---------------------------------------------------------------------
    def _log(self, event: TableEvent) -> None:
        self._events.append(event)

    def _score(self, event: _Scoring) -> _Scoring:
        """Log a scoring event; the game ends the instant a side reaches the target."""
        self._log(event)
        if event.points:
            side = self.rules.side_of(event.seat)
            self._scores[side], self._backs[side] = pegs_after(
                self._scores[side], self._backs[side], event.points, self.rules.game_hole
            )
            if self._scores[side] >= self.rules.game_hole:
                self._finish(side)
        return event

    def _finish(self, winner: Side) -> None:
        self.step = Step.OVER
        self._pending = None
        result = GameOver(winner, tuple(self._scores), self.rules.outcomes(self._scores, winner))
        self._wins[winner] += 1
        self._results.append(result)
        self._log(result)

    def _muggins_seat(self, owner: Seat) -> Seat:
        return (owner + 1) % self.rules.players  # always an opponent, even in partnerships

    def _dealer(self) -> Seat:
        if self.dealer is None:
            raise AssertionError("no dealer before the cut")
        return self.dealer

    def _starter(self) -> Card:
        if self.starter is None:
            raise AssertionError("no starter before it is turned")
        return self.starter

    def _current_play(self) -> TablePlay:
        if self._play is None:
            raise AssertionError("no play before the starter")
        return self._play

    def _unseen(self) -> list[Card]:
        seen = {self._starter(), *self._current_play().all_played}
        return [card for card in DECK if card not in seen]
