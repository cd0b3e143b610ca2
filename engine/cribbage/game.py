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
from dataclasses import asdict, dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar, Literal, NamedTuple, TypeVar

from .cards import DECK, Card, parse_cards
from .errors import CribbageError, IllegalActionError
from .play import Play, PlayAction
from .show import ShowScore, heels_points, score_show, show_total

Seat = int
Side = int
"""A seat, or with 4 players the partnership: 0 (seats 0 and 2) or 1 (seats 1 and 3)."""


@dataclass(frozen=True)
class GameRules:
    """The named options of a game; the defaults are the ACC rules.

    ``target``: 121, or 61 (the default of the five-card game).
    ``five_card``: the older game for 2 players: 5 cards each, 2 to the crib,
    hands of 3, the play ends at the first go or 31, and the non-dealer pegs 3
    at the start ("three for last").
    ``muggins``: the muggins rule of the show.  Owners announce the count of
    each hand and crib and peg what they announce; a short count lets the next
    seat (always an opponent) claim the missed points, and a count above the
    real one is refused (reason ``overcount``) so the owner counts again.  The
    play is always counted by the engine.  (The game page's own ``muggins``
    option, :class:`cribbage.widgets.game.state.GameOptions`, only decides
    whether the reader's count stands under this rule or is corrected.)
    ``skunk_line`` / ``double_skunk_line``: a loser below it is skunked /
    double skunked (default 91 / 61 at 121, i.e. target - 30 / target - 60;
    at 61 the skunk line is 31 and there is no double skunk).
    ``lurch``: the old name and rule some sources use: a loser who has not
    passed half the target is *lurched*; it then replaces the skunk that line
    would otherwise be.

    >>> GameRules(five_card=True).target, GameRules().skunk_line, GameRules(target=61).double_skunk_line
    (61, 91, None)
    """

    players: int = 2
    target: int | None = None
    five_card: bool = False
    muggins: bool = False
    lurch: bool = False
    skunk_line: int | None = None
    double_skunk_line: int | None = None

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise IllegalActionError("players must be 2, 3 or 4", reason="players", players=self.players)
        if self.five_card and self.players != 2:
            raise IllegalActionError("the five-card game is for 2 players", reason="players", players=self.players)
        target = self.target if self.target is not None else (61 if self.five_card else 121)
        if target < 1:
            raise IllegalActionError("the target must be positive", reason="target", target=target)
        object.__setattr__(self, "target", target)
        if self.skunk_line is None:
            object.__setattr__(self, "skunk_line", target - 30)
        if self.double_skunk_line is None and target >= 121:
            object.__setattr__(self, "double_skunk_line", target - 60)

    @property
    def sides(self) -> int:
        return 2 if self.players == 4 else self.players

    def side_of(self, seat: Seat) -> Side:
        return seat % 2 if self.players == 4 else seat

    @property
    def deal_size(self) -> int:
        return 6 if self.players == 2 and not self.five_card else 5

    @property
    def discard_size(self) -> int:
        return 2 if self.players == 2 else 1

    @property
    def hand_size(self) -> int:
        return self.deal_size - self.discard_size

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRules:
        return cls(**{key: value for key, value in data.items() if key in cls.__dataclass_fields__})


# -- player actions ---------------------------------------------------------------

class Action(NamedTuple):
    """A decision of a seat: ``discard`` (cards), ``play`` (one card),
    ``announce`` (points, with muggins), ``claim`` or ``decline`` (muggins)."""

    kind: str
    seat: Seat
    cards: tuple[Card, ...] = ()
    points: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "cards": [str(c) for c in self.cards], "points": self.points}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        return cls(data["kind"], data["seat"], parse_cards(data.get("cards", ())), data.get("points"))


# -- events -------------------------------------------------------------------------
# Every event has ``kind`` (its class's name in the log), ``seat`` (who it
# concerns, or None) and ``points`` (what that seat's side pegs).


@dataclass(frozen=True, slots=True)
class CutForDeal:
    rounds: tuple[tuple[tuple[Seat, Card], ...], ...]
    """Each round of cuts; only the seats tied lowest cut again."""
    dealer: Seat
    kind: ClassVar[Literal["cut_for_deal"]] = "cut_for_deal"
    points: ClassVar[int] = 0

    @property
    def seat(self) -> Seat:
        return self.dealer


@dataclass(frozen=True, slots=True)
class ThreeForLast:
    seat: Seat
    points: int = 3
    kind: ClassVar[Literal["three_for_last"]] = "three_for_last"


@dataclass(frozen=True, slots=True)
class Deal:
    dealer: Seat
    hands: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]
    """Cards dealt straight to the crib (one with 3 players)."""
    kind: ClassVar[Literal["deal"]] = "deal"
    points: ClassVar[int] = 0

    @property
    def seat(self) -> Seat:
        return self.dealer


@dataclass(frozen=True, slots=True)
class Discard:
    seat: Seat
    cards: tuple[Card, ...]
    kind: ClassVar[Literal["discard"]] = "discard"
    points: ClassVar[int] = 0


@dataclass(frozen=True, slots=True)
class Starter:
    seat: Seat
    """The dealer."""
    card: Card
    points: int
    """His heels: 2 for a jack."""
    kind: ClassVar[Literal["starter"]] = "starter"


@dataclass(frozen=True, slots=True)
class Pegged:
    seat: Seat
    action: PlayAction
    """The play record, with its ``seat`` turned into the game's seat."""
    kind: ClassVar[Literal["play"]] = "play"

    @property
    def points(self) -> int:
        return self.action.points


@dataclass(frozen=True, slots=True)
class Shown:
    seat: Seat
    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    points: int
    announced: int | None = None
    """With muggins: the count the owner announced (it pegs that much)."""
    kind: ClassVar[Literal["show"]] = "show"

    @property
    def actual(self) -> int:
        return self.score.total

    @property
    def score(self) -> ShowScore:
        """The full breakdown (computed on demand: the log keeps only totals)."""
        return score_show(self.hand, self.starter, crib=self.crib)


@dataclass(frozen=True, slots=True)
class Muggins:
    seat: Seat
    """The seat that may claim."""
    owner: Seat
    points: int
    """The missed points taken, 0 when declined."""
    kind: ClassVar[Literal["muggins"]] = "muggins"


@dataclass(frozen=True, slots=True)
class GameOver:
    winner: Side
    scores: tuple[int, ...]
    outcomes: tuple[str, ...]
    """Per side: ``win``, or the loser's ``loss``, ``skunk``, ``double_skunk`` or ``lurch``."""
    kind: ClassVar[Literal["game_over"]] = "game_over"
    seat: ClassVar[None] = None
    points: ClassVar[int] = 0


Event = CutForDeal | ThreeForLast | Deal | Discard | Starter | Pegged | Shown | Muggins | GameOver


def event_to_json(event: Event) -> dict[str, Any]:
    """A plain JSON form of any event (cards as ``5H`` strings)."""
    data: dict[str, Any] = {"kind": event.kind}
    for field in fields(event):
        data[field.name] = _jsonable(getattr(event, field.name))
    if isinstance(event, Shown):
        data["items"] = [item.to_json() for item in event.score.items]
    return data


def _jsonable(value: object) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, PlayAction):
        return value.to_json()
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


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


PHASES = tuple(phase.value for phase in Phase)

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
    def expected(self) -> str | None:
        """The kind of :class:`Action` :attr:`to_act` must take."""
        if self.to_act is None:
            return None
        if self.phase == Phase.SHOW:
            return "muggins" if self._pending_muggins is not None else "announce"
        return self.phase.value  # "discard" or "play"

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
        kind = "muggins" if action.kind in ("claim", "decline") else action.kind
        if expected is None or kind != expected:
            return IllegalActionError(
                f"{action.kind} is not expected now", reason="wrong_phase", phase=self.phase.value, kind=action.kind
            )
        if action.seat != self.to_act and not (kind == "discard" and action.seat not in self._discarded):
            return IllegalActionError(f"seat {action.seat} cannot act now", reason="not_your_turn", seat=action.seat)
        match kind:
            case "discard":
                return self._check_discard(action)
            case "play":
                if len(action.cards) != 1:
                    return IllegalActionError("play one card", reason="play_one_card")
                return self._current_play().check(action.cards[0])
            case "announce":
                return self._check_announce(action)
        return None

    def can(self, action: Action) -> bool:
        """Whether :meth:`apply` would take ``action`` now."""
        return self.check(action) is None

    def _check_discard(self, action: Action) -> CribbageError | None:
        cards, held = tuple(action.cards), self._held[action.seat]
        if len(cards) != self.rules.discard_size or len(set(cards)) != len(cards):
            return IllegalActionError(
                f"discard {self.rules.discard_size} cards", reason="discard_count",
                expected=self.rules.discard_size, got=len(cards),
            )
        for card in cards:
            if card not in held:
                return IllegalActionError(f"{card} is not in the hand", reason="not_in_hand", card=str(card))
        return None

    def _check_announce(self, action: Action) -> CribbageError | None:
        announced = action.points
        if not isinstance(announced, int) or announced < 0:
            return IllegalActionError("announce a count", reason="announce_count")
        if announced > self._next_show_points():
            return IllegalActionError(f"{announced} is more than the hand holds", reason="overcount", announced=announced)
        return None

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
            case "discard":
                event = self._apply_discard(action)
            case "play":
                event = self._pegged(self._current_play().play(action.cards[0]))
            case "announce":
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
        cls, rules: GameRules, seed: int, actions: Iterable[Action], dealer: Seat | None = None, events: int | None = None
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
            GameRules.from_json(data["rules"]), data["seed"], actions, dealer=data.get("dealer"), events=data.get("events")
        )

    def next_game(self, seed: int | None = None) -> Game:
        """A new game with the same rules; the loser deals it."""
        result = self.result
        if result is None or self.dealer is None:
            raise IllegalActionError("the game is not over", reason="not_over")
        dealer_now = self.dealer
        n = self.rules.players
        losers = [s for s in range(n) if self.rules.side_of(s) != result.winner]
        lowest = min(self._scores[self.rules.side_of(s)] for s in losers)
        # Among the losers (the last-placed with 3 players), the first to the
        # left of the last dealer.
        dealer = next(
            (dealer_now + step) % n
            for step in range(1, n + 1)
            if (dealer_now + step) % n in losers and self._scores[self.rules.side_of((dealer_now + step) % n)] == lowest
        )
        return Game(self.rules, self.seed + 1 if seed is None else seed, dealer=dealer)

    # -- automatic steps --------------------------------------------------------------
    def _step_cut_for_deal(self) -> Event:
        deck = list(DECK)
        self._random.shuffle(deck)
        contenders = list(range(self.rules.players))
        rounds = []
        while True:
            cuts = tuple((seat, deck.pop()) for seat in contenders)
            rounds.append(cuts)
            lowest = min(card.rank for _, card in cuts)
            contenders = [seat for seat, card in cuts if card.rank == lowest]
            if len(contenders) == 1:
                break
        self.dealer = contenders[0]
        self.phase = self._first_phase_of_a_deal()
        return self._log(CutForDeal(tuple(rounds), self.dealer))

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
        self._crib = [deck.pop()] if rules.players == 3 else []
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
        self._play = Play([self._held[seat] for seat in self._from_left()], five_card=self.rules.five_card)
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
        event = self._score(Shown(seat, cards, starter, is_crib, show_total(cards, starter, crib=is_crib)))
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
        missed = shown.actual - shown.announced if action.kind == "claim" else 0
        event = self._score(Muggins(action.seat, shown.seat, missed))
        self._after_show()
        return event

    # -- internals -------------------------------------------------------------------
    def _first_phase_of_a_deal(self) -> Phase:
        return Phase.THREE_FOR_LAST if self.rules.five_card else Phase.DEAL

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
        cards = tuple(self._crib) if is_crib else self._held[seat]
        return show_total(cards, self._starter(), crib=is_crib)

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
        event = self._score(Pegged(seat, action._replace(seat=seat)))
        if self.phase == Phase.PLAY and self._current_play().is_over:
            self._held_for_show()
        return event

    def _held_for_show(self) -> None:
        self._shows = [(seat, False) for seat in self._from_left()] + [(self._dealer(), True)]
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
            self._backs[side] = self._scores[side]
            self._scores[side] = min(self._target(), self._scores[side] + event.points)
            if self._scores[side] >= self._target():
                self._finish(side)
        return event

    def _target(self) -> int:
        return self.rules.target if self.rules.target is not None else 121

    def _finish(self, winner: Side) -> None:
        rules = self.rules
        outcomes = []
        for side, score in enumerate(self._scores):
            if side == winner:
                outcomes.append("win")
            elif rules.lurch and 2 * score < self._target():
                outcomes.append("lurch")
            elif rules.double_skunk_line is not None and score < rules.double_skunk_line:
                outcomes.append("double_skunk")
            elif rules.skunk_line is not None and score < rules.skunk_line:
                outcomes.append("skunk")
            else:
                outcomes.append("loss")
        self.phase = Phase.OVER
        self._pending_muggins = None
        self._log(GameOver(winner, tuple(self._scores), tuple(outcomes)))


_Scoring = TypeVar("_Scoring", ThreeForLast, Starter, Pegged, Shown, Muggins)
"""The events that may peg points."""
