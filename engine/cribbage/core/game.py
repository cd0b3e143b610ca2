"""A whole game of cribbage as a deterministic state machine with an event log.

Seats are numbered clockwise from 0; each seat's left is the next seat.  With
4 players the seats opposite (0 and 2, 1 and 3) are partners and score as one
*side*; otherwise every seat is its own side.

The game moves in two kinds of step.  When :attr:`Game.to_act` is a seat, that
seat must decide (discard, play a card, announce a count, claim muggins) by
:meth:`Game.apply`; when it is ``None`` the next step needs nobody
(cutting, dealing, the starter, a forced go, an automatic show) and
:meth:`Game.advance` takes it.  Either returns one immutable event; the log of
events is the game, and the player actions with the rules and the seed replay
it exactly.

>>> game = Game(GameRules(), seed=7)
>>> game.advance().kind, game.advance().kind, game.phase
('cut_for_deal', 'deal', <Phase.DISCARD: 'discard'>)
>>> seat = game.to_act
>>> game.apply(Action("discard", seat, game.hand(seat)[:2])).kind
'discard'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Any, TypeVar

from ..errors import CribbageError, IllegalActionError
from .cards import DECK, Card
from .deal import cut_for_deal, deal_shape, next_game_dealer, pegs_after, show_order
from .events import CutForDeal, Deal, Discard, Event, GameOver, Muggins, Pegged, Shown, Starter, ThreeForLast
from .play import Play, PlayAction
from .rules import Action, ActionKind, Decision, GameRules, Seat, Side, decision_of
from .show import heels_points, show_total

__all__ = ["Game", "Phase", "Player"]


# -- the game --------------------------------------------------------------------------


class Phase(StrEnum):
    """Where the game is; each phase's automatic step is ``Game._step_<phase>``."""

    CUT_FOR_DEAL = "cut_for_deal"
    THREE_FOR_LAST = "three_for_last"
    DEAL = "deal"
    DISCARD = "discard"
    STARTER = "starter"
    PLAY = "play"
    SHOW = "show"
    OVER = "over"


Player = Callable[["Game", Seat], Action]
"""A seat's decider for :meth:`Game.run`: ``player(game, seat) -> Action``."""


class Game:
    """One game to the target; see the module docstring for the flow.

    ``dealer`` skips the cut for the first deal (the loser of the previous game
    deals the next one: :meth:`next_game`).
    """

    def __init__(self, rules: GameRules | None = None, seed: int = 0, dealer: Seat | None = None) -> None:
        self.rules = rules or GameRules()
        self.seed = seed
        self._random = random.Random(seed)
        self._events: list[Event] = []
        self._actions: list[Action] = []
        self._scores = [0] * self.rules.sides
        self._backs = [0] * self.rules.sides
        self.dealer: Seat | None = dealer
        self.first_dealer = dealer
        """The dealer given at the start (None: the game began with a cut)."""
        self.starter: Card | None = None
        self.deals = 0
        self._deck: list[Card] = []
        self._held: list[tuple[Card, ...]] = []
        self._crib: list[Card] = []
        self._discarded: set[Seat] = set()
        self._play: Play | None = None
        self._shows: list[tuple[Seat, bool]] = []
        self._pending_muggins: Shown | None = None
        self.phase = Phase.CUT_FOR_DEAL if dealer is None else self._first_phase_of_a_deal()

    # -- reading the state ----------------------------------------------------------
    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def actions(self) -> tuple[Action, ...]:
        """The decisions taken so far: with the rules and seed they replay the game."""
        return tuple(self._actions)

    @property
    def scores(self) -> tuple[int, ...]:
        """Per side; the winner stops exactly on the target (the game hole)."""
        return tuple(self._scores)

    @property
    def pegs(self) -> tuple[tuple[int, int], ...]:
        """Per side, the (front, back) peg positions on the board."""
        return tuple(zip(self._scores, self._backs))

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def result(self) -> GameOver | None:
        last = self._events[-1] if self._events else None
        return last if isinstance(last, GameOver) else None

    @property
    def play_state(self) -> Play | None:
        """The current play (pegging) while in the play phase."""
        return self._play

    @property
    def crib(self) -> tuple[Card, ...]:
        return tuple(self._crib)

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` holds now (during the play: not yet played)."""
        if self.phase == Phase.PLAY and self._play is not None:
            return self._play.held(self._play_seat(seat))
        return self._held[seat] if self._held else ()

    def kept(self, seat: Seat) -> tuple[Card, ...]:
        """The hand ``seat`` kept after discarding (what its show counts)."""
        return self._held[seat] if self._held else ()

    @property
    def to_act(self) -> Seat | None:
        """The seat that must decide now, or None when :meth:`advance` is next."""
        if self.phase == Phase.DISCARD:
            return next(seat for seat in self._from_left() if seat not in self._discarded)
        if self.phase == Phase.PLAY:
            play = self._current_play()
            if play.to_move is None or play.must_go():
                return None
            return self._game_seat(play.to_move)
        if self.phase == Phase.SHOW and self.rules.muggins:
            if self._pending_muggins is not None:
                return self._muggins_seat(self._pending_muggins.seat)
            return self._shows[0][0]
        return None

    @property
    def expected(self) -> Decision | None:
        """The kind of :class:`Action` :attr:`to_act` must take."""
        if self.to_act is None:
            return None
        if self.phase == Phase.SHOW:
            return Decision.MUGGINS if self._pending_muggins is not None else Decision.ANNOUNCE
        return Decision(self.phase.value)  # discard or play

    def legal_cards(self, seat: Seat) -> tuple[Card, ...]:
        if self.phase != Phase.PLAY or self.to_act != seat:
            return ()
        return self._current_play().legal_cards()

    def next_show(self) -> tuple[Seat, tuple[Card, ...], bool] | None:
        """The hand to be shown next: (owner, cards, is crib)."""
        if self.phase != Phase.SHOW or not self._shows:
            return None
        seat, is_crib = self._shows[0]
        return seat, (tuple(self._crib) if is_crib else self._held[seat]), is_crib

    # -- what is legal ----------------------------------------------------------------
    def check(self, action: Action) -> CribbageError | None:
        """Why ``action`` is not legal now (the error :meth:`apply` would raise), or None.

        A view asks this instead of re-checking a rule itself.

        >>> game = Game(GameRules(), seed=7)
        >>> game.advance().kind, game.advance().kind
        ('cut_for_deal', 'deal')
        >>> seat = game.to_act
        >>> game.check(Action("discard", seat, game.hand(seat)[:1])).params["reason"]
        'discard_count'
        >>> game.check(Action("discard", seat, game.hand(seat)[:2])) is None
        True
        """
        if self.phase == Phase.OVER:
            return IllegalActionError("the game is over", reason="game_over")
        expected = self.expected
        kind = decision_of(action.kind)  # None for a kind no action has
        if expected is None or kind != expected:
            return IllegalActionError(
                f"{action.kind} is not expected now", reason="wrong_phase", phase=self.phase.value, kind=action.kind
            )
        if action.seat != self.to_act and not (kind is Decision.DISCARD and action.seat not in self._discarded):
            return IllegalActionError(f"seat {action.seat} cannot act now", reason="not_your_turn", seat=action.seat)
        match kind:
            case Decision.DISCARD:
                return self.rules.discard_error(self._held[action.seat], action.cards)
            case Decision.PLAY:
                if len(action.cards) != 1:
                    return IllegalActionError("play one card", reason="play_one_card")
                return self._current_play().check(action.cards[0])
            case Decision.ANNOUNCE:
                return self.rules.announce_error(action.points, self._next_show_points())
        return None

    def can(self, action: Action) -> bool:
        """Whether :meth:`apply` would take ``action`` now."""
        return self.check(action) is None

    # -- steps ---------------------------------------------------------------------
    def advance(self) -> Event:
        """Take the next step that needs no decision."""
        if self.phase == Phase.OVER:
            raise IllegalActionError("the game is over", reason="game_over")
        if self.to_act is not None:
            raise IllegalActionError(f"seat {self.to_act} must decide", reason="waiting_for_seat", seat=self.to_act)
        match self.phase:
            case Phase.CUT_FOR_DEAL:
                return self._step_cut_for_deal()
            case Phase.THREE_FOR_LAST:
                return self._step_three_for_last()
            case Phase.DEAL:
                return self._step_deal()
            case Phase.STARTER:
                return self._step_starter()
            case Phase.PLAY:
                return self._step_play()
            case Phase.SHOW:
                return self._step_show()
        raise AssertionError(f"no automatic step in the {self.phase} phase")  # discard always has a seat to act

    def apply(self, action: Action) -> Event:
        """Take a seat's decision (refused with the error :meth:`check` gives)."""
        refused = self.check(action)
        if refused is not None:
            raise refused
        match action.kind:
            case ActionKind.DISCARD:
                event = self._apply_discard(action)
            case ActionKind.PLAY:
                event = self._pegged(self._current_play().play(action.cards[0]))
            case ActionKind.ANNOUNCE:
                event = self._apply_announce(action)
            case _:  # claim or decline
                event = self._apply_muggins(action)
        self._actions.append(action)
        return event

    def run(self, players: Sequence[Player]) -> GameOver:
        """Play to the end; ``players[seat](game, seat)`` returns that seat's :class:`Action`."""
        while True:
            result = self.result
            if result is not None:
                return result
            seat = self.to_act
            self.advance() if seat is None else self.apply(players[seat](self, seat))

    @classmethod
    def replay(
        cls,
        rules: GameRules,
        seed: int,
        actions: Iterable[Action],
        dealer: Seat | None = None,
        events: int | None = None,
    ) -> Game:
        """Rebuild a game from its rules, seed and the decisions taken.

        After the last decision the automatic steps are taken up to the next
        decision, or only until the log holds ``events`` events.
        """
        game = cls(rules, seed, dealer=dealer)
        for action in actions:
            while game.to_act is None and not game.is_over:
                game.advance()
            game.apply(action)
        while game.to_act is None and not game.is_over and (events is None or len(game._events) < events):
            game.advance()
        return game

    def to_json(self) -> dict[str, Any]:
        """What it takes to rebuild the game: rules, seed, first dealer, decisions.

        >>> game = Game(GameRules(), seed=3)
        >>> game.advance().kind
        'cut_for_deal'
        >>> Game.from_json(game.to_json()).events == game.events
        True
        """
        return {
            "rules": self.rules.to_json(),
            "seed": self.seed,
            "dealer": self.first_dealer,
            "actions": [action.to_json() for action in self._actions],
            "events": len(self._events),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        actions = [Action.from_json(action) for action in data["actions"]]
        return cls.replay(
            GameRules.from_json(data["rules"]),
            data["seed"],
            actions,
            dealer=data.get("dealer"),
            events=data.get("events"),
        )

    def next_game(self, seed: int | None = None) -> Game:
        """A new game with the same rules; the loser deals it."""
        result = self.result
        if result is None or self.dealer is None:
            raise IllegalActionError("the game is not over", reason="not_over")
        losers = [seat for seat in range(self.rules.players) if self.rules.side_of(seat) != result.winner]
        seat_scores = [self._scores[self.rules.side_of(seat)] for seat in range(self.rules.players)]
        dealer = next_game_dealer(self.dealer, seat_scores, losers)
        return Game(self.rules, self.seed + 1 if seed is None else seed, dealer=dealer)

    # -- automatic steps --------------------------------------------------------------
    def _step_cut_for_deal(self) -> Event:
        rounds, self.dealer = cut_for_deal(self._random, self.rules.players)
        self.phase = self._first_phase_of_a_deal()
        return self._log(CutForDeal(rounds, self.dealer))

    def _step_three_for_last(self) -> Event:
        self.phase = Phase.DEAL
        return self._score(ThreeForLast((self._dealer() + 1) % self.rules.players))

    def _step_deal(self) -> Event:
        rules = self.rules
        deck = list(DECK)
        self._random.shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(rules.players)]
        for _ in range(rules.deal_size):
            for seat in self._from_left():
                hands[seat].append(deck.pop())
        self._crib = [deck.pop() for _ in range(deal_shape(rules.players, rules.variant).crib_from_deck)]
        self._deck = deck
        self._held = [tuple(hand) for hand in hands]
        self._discarded = set()
        self.starter = None
        self.deals += 1
        self.phase = Phase.DISCARD
        return self._log(Deal(self._dealer(), tuple(self._held), tuple(self._crib)))

    def _step_starter(self) -> Event:
        card = self._deck.pop(self._random.randrange(len(self._deck)))
        self.starter = card
        self._play = Play([self._held[seat] for seat in self._from_left()], variant=self.rules.variant)
        self.phase = Phase.PLAY
        return self._score(Starter(self._dealer(), card, heels_points(card)))

    def _step_play(self) -> Event:
        play = self._current_play()
        if play.is_over:  # between the last card and the show: nothing to log
            raise AssertionError("play over without moving to the show")
        return self._pegged(play.go())

    def _step_show(self) -> Event:
        seat, is_crib = self._shows.pop(0)
        cards = tuple(self._crib) if is_crib else self._held[seat]
        starter = self._starter()
        event = self._score(
            Shown(seat, cards, starter, is_crib, show_total(cards, starter, is_crib, self.rules.hand_size))
        )
        self._after_show()
        return event

    # -- decisions (already checked) -----------------------------------------------------
    def _apply_discard(self, action: Action) -> Event:
        seat, cards = action.seat, tuple(action.cards)
        self._held[seat] = tuple(card for card in self._held[seat] if card not in cards)
        self._crib.extend(cards)
        self._discarded.add(seat)
        if len(self._discarded) == self.rules.players:
            self.phase = Phase.STARTER
        return self._log(Discard(seat, cards))

    def _apply_announce(self, action: Action) -> Event:
        actual = self._next_show_points()
        seat, is_crib = self._shows.pop(0)
        cards = tuple(self._crib) if is_crib else self._held[seat]
        announced = action.points if action.points is not None else actual
        event = self._score(Shown(seat, cards, self._starter(), is_crib, announced, announced))
        if announced < actual and not self.is_over:
            self._pending_muggins = event
        else:
            self._after_show()
        return event

    def _apply_muggins(self, action: Action) -> Event:
        shown = self._pending_muggins
        if shown is None or shown.announced is None:
            raise AssertionError("a muggins decision without a short count")
        self._pending_muggins = None
        missed = shown.actual - shown.announced if action.kind == ActionKind.CLAIM else 0
        event = self._score(Muggins(action.seat, shown.seat, missed))
        self._after_show()
        return event

    # -- internals -------------------------------------------------------------------
    def _first_phase_of_a_deal(self) -> Phase:
        return Phase.THREE_FOR_LAST if self.rules.variant.three_for_last else Phase.DEAL

    def _dealer(self) -> Seat:
        if self.dealer is None:
            raise AssertionError("no dealer before the cut")
        return self.dealer

    def _starter(self) -> Card:
        if self.starter is None:
            raise AssertionError("no starter before it is cut")
        return self.starter

    def _current_play(self) -> Play:
        if self._play is None:
            raise AssertionError("no play outside the play phase")
        return self._play

    def _next_show_points(self) -> int:
        seat, is_crib = self._shows[0]
        return show_total(
            tuple(self._crib) if is_crib else self._held[seat], self._starter(), is_crib, self.rules.hand_size
        )

    def _from_left(self) -> list[Seat]:
        n = self.rules.players
        return [(self._dealer() + step) % n for step in range(1, n + 1)]

    def _play_seat(self, seat: Seat) -> int:
        return (seat - self._dealer() - 1) % self.rules.players

    def _game_seat(self, play_seat: int) -> Seat:
        return (self._dealer() + 1 + play_seat) % self.rules.players

    def _muggins_seat(self, owner: Seat) -> Seat:
        return (owner + 1) % self.rules.players  # always an opponent, even in partnerships

    def _pegged(self, action: PlayAction) -> Event:
        seat = self._game_seat(action.seat)
        event = self._score(Pegged(seat, replace(action, seat=seat)))
        if self.phase == Phase.PLAY and self._current_play().is_over:
            self._held_for_show()
        return event

    def _held_for_show(self) -> None:
        self._shows = list(show_order(self.rules.players, self._dealer()))
        self.phase = Phase.SHOW

    def _after_show(self) -> None:
        if self.phase == Phase.SHOW and not self._shows:
            self.dealer = (self._dealer() + 1) % self.rules.players
            self._play = None
            self.phase = Phase.DEAL

    def _log(self, event: Event) -> Event:
        self._events.append(event)
        return event

    def _score(self, event: _Scoring) -> _Scoring:
        """Log a scoring event; the game ends the instant a side reaches the target."""
        self._log(event)
        if event.points:
            side = self.rules.side_of(event.seat)
            self._scores[side], self._backs[side] = pegs_after(
                self._scores[side], self._backs[side], event.points, self.target
            )
            if self._scores[side] >= self.target:
                self._finish(side)
        return event

    @property
    def target(self) -> int:
        """The game hole (the rules' target)."""
        return self.rules.game_hole

    def _finish(self, winner: Side) -> None:
        self.phase = Phase.OVER
        self._pending_muggins = None
        self._log(GameOver(winner, tuple(self._scores), self.rules.outcomes(self._scores, winner)))


_Scoring = TypeVar("_Scoring", ThreeForLast, Starter, Pegged, Shown, Muggins)
"""The events that may peg points."""
