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
('cut_for_deal', 'deal', 'discard')
>>> seat = game.to_act
>>> game.apply(Action("discard", seat, game.hand(seat)[:2])).kind
'discard'
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any, NamedTuple

from .cards import DECK, Card, parse_cards
from .deal import deal_shape
from .errors import IllegalActionError
from .play import Play, PlayAction

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
    ``muggins``: owners announce the count of each hand and crib in the show
    and peg what they announce; a short count lets the next seat (always an
    opponent) claim the missed points, and a count above the real one is
    refused (reason ``overcount``) so the owner counts again.  The play is
    always counted by the engine.
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
        deal_shape(self.players, self.five_card)  # refuses a wrong number of players
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
        return deal_shape(self.players, self.five_card).dealt

    @property
    def discard_size(self) -> int:
        return deal_shape(self.players, self.five_card).discards

    @property
    def hand_size(self) -> int:
        return deal_shape(self.players, self.five_card).kept

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
# Every event has ``kind``, ``seat`` (who it concerns, or None) and ``points``
# (what that seat's side pegs).

class CutForDeal(NamedTuple):
    rounds: tuple[tuple[tuple[Seat, Card], ...], ...]
    """Each round of cuts; only the seats tied lowest cut again."""
    dealer: Seat
    kind = "cut_for_deal"

    @property
    def seat(self) -> Seat:
        return self.dealer

    points = 0


class ThreeForLast(NamedTuple):
    seat: Seat
    points: int = 3
    kind = "three_for_last"


class Deal(NamedTuple):
    dealer: Seat
    hands: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]
    """Cards dealt straight to the crib (one with 3 players)."""
    kind = "deal"

    @property
    def seat(self) -> Seat:
        return self.dealer

    points = 0


class Discard(NamedTuple):
    seat: Seat
    cards: tuple[Card, ...]
    kind = "discard"
    points = 0


class Starter(NamedTuple):
    seat: Seat
    """The dealer."""
    card: Card
    points: int
    """His heels: 2 for a jack."""
    kind = "starter"


class Pegged(NamedTuple):
    seat: Seat
    action: PlayAction
    """The play record, with its ``seat`` turned into the game's seat."""
    kind = "play"

    @property
    def points(self) -> int:
        return self.action.points


class Shown(NamedTuple):
    seat: Seat
    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    points: int
    announced: int | None = None
    """With muggins: the count the owner announced (it pegs that much)."""
    kind = "show"

    @property
    def actual(self) -> int:
        return self.score.total

    @property
    def score(self):
        """The full breakdown (computed on demand: the log keeps only totals)."""
        from .show import score_show

        return score_show(self.hand, self.starter, crib=self.crib)


class Muggins(NamedTuple):
    seat: Seat
    """The seat that may claim."""
    owner: Seat
    points: int
    """The missed points taken, 0 when declined."""
    kind = "muggins"


class GameOver(NamedTuple):
    winner: Side
    scores: tuple[int, ...]
    outcomes: tuple[str, ...]
    """Per side: ``win``, or the loser's ``loss``, ``skunk``, ``double_skunk`` or ``lurch``."""
    kind = "game_over"
    seat = None
    points = 0


Event = CutForDeal | ThreeForLast | Deal | Discard | Starter | Pegged | Shown | Muggins | GameOver


def event_to_json(event: Event) -> dict[str, Any]:
    """A plain JSON form of any event (cards as ``5H`` strings)."""
    data: dict[str, Any] = {"kind": event.kind}
    for name, value in event._asdict().items():
        data[name] = _jsonable(value)
    if event.kind == "show":
        data["items"] = [
            {"kind": i.kind, "cards": [str(c) for c in i.cards], "points": i.points} for i in event.score.items
        ]
    return data


def _jsonable(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, PlayAction):
        return value.to_json()
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


# -- the game --------------------------------------------------------------------------

PHASES = ("cut_for_deal", "three_for_last", "deal", "discard", "starter", "play", "show", "over")


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
        if dealer is None:
            self.phase = "cut_for_deal"
        else:
            self.phase = "three_for_last" if self.rules.five_card else "deal"

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
        return self.phase == "over"

    @property
    def result(self) -> GameOver | None:
        return self._events[-1] if self.is_over else None  # type: ignore[return-value]

    @property
    def play_state(self) -> Play | None:
        """The current play (pegging) while in the play phase."""
        return self._play

    @property
    def crib(self) -> tuple[Card, ...]:
        return tuple(self._crib)

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` holds now (during the play: not yet played)."""
        if self.phase == "play" and self._play is not None:
            return self._play.held(self._play_seat(seat))
        return self._held[seat] if self._held else ()

    def kept(self, seat: Seat) -> tuple[Card, ...]:
        """The hand ``seat`` kept after discarding (what its show counts)."""
        return self._held[seat] if self._held else ()

    @property
    def to_act(self) -> Seat | None:
        """The seat that must decide now, or None when :meth:`advance` is next."""
        if self.phase == "discard":
            return next(seat for seat in self._from_left() if seat not in self._discarded)
        if self.phase == "play":
            play = self._play
            if play.is_over or play.must_go():
                return None
            return self._game_seat(play.to_move)
        if self.phase == "show" and self.rules.muggins:
            if self._pending_muggins is not None:
                return self._muggins_seat(self._pending_muggins.seat)
            return self._shows[0][0]
        return None

    @property
    def expected(self) -> str | None:
        """The kind of :class:`Action` :attr:`to_act` must take."""
        if self.to_act is None:
            return None
        if self.phase == "show":
            return "muggins" if self._pending_muggins is not None else "announce"
        return self.phase  # "discard" or "play"

    def legal_cards(self, seat: Seat) -> tuple[Card, ...]:
        if self.phase != "play" or self.to_act != seat:
            return ()
        return self._play.legal_cards()

    def next_show(self) -> tuple[Seat, tuple[Card, ...], bool] | None:
        """The hand to be shown next: (owner, cards, is crib)."""
        if self.phase != "show" or not self._shows:
            return None
        seat, is_crib = self._shows[0]
        return seat, (tuple(self._crib) if is_crib else self._held[seat]), is_crib

    # -- steps ---------------------------------------------------------------------
    def advance(self) -> Event:
        """Take the next step that needs no decision."""
        if self.phase == "over":
            raise IllegalActionError("the game is over", reason="game_over")
        if self.to_act is not None:
            raise IllegalActionError(
                f"seat {self.to_act} must decide", reason="waiting_for_seat", seat=self.to_act
            )
        return getattr(self, "_step_" + self.phase)()

    def apply(self, action: Action) -> Event:
        """Take a seat's decision."""
        if self.phase == "over":
            raise IllegalActionError("the game is over", reason="game_over")
        expected = self.expected
        kind = "muggins" if action.kind in ("claim", "decline") else action.kind
        if expected is None or kind != expected:
            raise IllegalActionError(
                f"{action.kind} is not expected now", reason="wrong_phase", phase=self.phase, kind=action.kind
            )
        if action.seat != self.to_act and not (kind == "discard" and action.seat not in self._discarded):
            raise IllegalActionError(
                f"seat {action.seat} cannot act now", reason="not_your_turn", seat=action.seat
            )
        event = getattr(self, "_apply_" + kind)(action)
        self._actions.append(action)
        return event

    def run(self, players) -> GameOver:
        """Play to the end; ``players[seat](game, seat)`` returns that seat's :class:`Action`."""
        while not self.is_over:
            seat = self.to_act
            self.advance() if seat is None else self.apply(players[seat](self, seat))
        return self.result

    @classmethod
    def replay(
        cls, rules: GameRules, seed: int, actions, dealer: Seat | None = None, events: int | None = None
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
        if not self.is_over:
            raise IllegalActionError("the game is not over", reason="not_over")
        winner = self.result.winner
        n = self.rules.players
        losers = [s for s in range(n) if self.rules.side_of(s) != winner]
        lowest = min(self._scores[self.rules.side_of(s)] for s in losers)
        # Among the losers (the last-placed with 3 players), the first to the
        # left of the last dealer.
        dealer = next(
            (self.dealer + step) % n
            for step in range(1, n + 1)
            if (self.dealer + step) % n in losers and self._scores[self.rules.side_of((self.dealer + step) % n)] == lowest
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
        self.phase = "three_for_last" if self.rules.five_card else "deal"
        return self._log(CutForDeal(tuple(rounds), self.dealer))

    def _step_three_for_last(self) -> Event:
        self.phase = "deal"
        return self._score(ThreeForLast((self.dealer + 1) % self.rules.players))

    def _step_deal(self) -> Event:
        rules = self.rules
        deck = list(DECK)
        self._random.shuffle(deck)
        order = self._from_left()
        hands: list[list[Card]] = [[] for _ in range(rules.players)]
        for _ in range(rules.deal_size):
            for seat in order:
                hands[seat].append(deck.pop())
        self._crib = [deck.pop() for _ in range(deal_shape(rules.players, rules.five_card).crib_from_deck)]
        self._deck = deck
        self._held = [tuple(hand) for hand in hands]
        self._discarded = set()
        self.starter = None
        self.deals += 1
        self.phase = "discard"
        return self._log(Deal(self.dealer, tuple(self._held), tuple(self._crib)))

    def _step_starter(self) -> Event:
        from .show import heels_points

        card = self._deck.pop(self._random.randrange(len(self._deck)))
        self.starter = card
        self._play = Play([self._held[seat] for seat in self._from_left()], five_card=self.rules.five_card)
        self.phase = "play"
        return self._score(Starter(self.dealer, card, heels_points(card)))

    def _step_play(self) -> Event:
        play = self._play
        if play.is_over:  # between the last card and the show: nothing to log
            raise AssertionError("play over without moving to the show")
        return self._pegged(play.go())

    def _step_show(self) -> Event:
        seat, is_crib = self._shows.pop(0)
        cards = tuple(self._crib) if is_crib else self._held[seat]
        from .show import show_total

        points = show_total(cards, self.starter, crib=is_crib)
        event = self._score(Shown(seat, cards, self.starter, is_crib, points))
        self._after_show()
        return event

    # -- decisions ---------------------------------------------------------------------
    def _apply_discard(self, action: Action) -> Event:
        seat, cards = action.seat, tuple(action.cards)
        held = self._held[seat]
        if len(cards) != self.rules.discard_size or len(set(cards)) != len(cards):
            raise IllegalActionError(
                f"discard {self.rules.discard_size} cards", reason="discard_count",
                expected=self.rules.discard_size, got=len(cards),
            )
        for card in cards:
            if card not in held:
                raise IllegalActionError(f"{card} is not in the hand", reason="not_in_hand", card=str(card))
        self._held[seat] = tuple(card for card in held if card not in cards)
        self._crib.extend(cards)
        self._discarded.add(seat)
        if len(self._discarded) == self.rules.players:
            self.phase = "starter"
        return self._log(Discard(seat, cards))

    def _apply_play(self, action: Action) -> Event:
        if len(action.cards) != 1:
            raise IllegalActionError("play one card", reason="play_one_card")
        return self._pegged(self._play.play(action.cards[0]))

    def _apply_announce(self, action: Action) -> Event:
        seat, is_crib = self._shows[0]
        cards = tuple(self._crib) if is_crib else self._held[seat]
        from .show import show_total

        actual = show_total(cards, self.starter, crib=is_crib)
        announced = action.points
        if not isinstance(announced, int) or announced < 0:
            raise IllegalActionError("announce a count", reason="announce_count")
        if announced > actual:
            raise IllegalActionError(
                f"{announced} is more than the hand holds", reason="overcount", announced=announced
            )
        self._shows.pop(0)
        event = self._score(Shown(seat, cards, self.starter, is_crib, announced, announced))
        if announced < actual and not self.is_over:
            self._pending_muggins = event
        else:
            self._after_show()
        return event

    def _apply_muggins(self, action: Action) -> Event:
        shown = self._pending_muggins
        self._pending_muggins = None
        missed = shown.actual - shown.announced if action.kind == "claim" else 0
        event = self._score(Muggins(action.seat, shown.seat, missed))
        self._after_show()
        return event

    # -- internals -------------------------------------------------------------------
    def _from_left(self) -> list[Seat]:
        n = self.rules.players
        return [(self.dealer + step) % n for step in range(1, n + 1)]

    def _play_seat(self, seat: Seat) -> int:
        return (seat - self.dealer - 1) % self.rules.players

    def _game_seat(self, play_seat: int) -> Seat:
        return (self.dealer + 1 + play_seat) % self.rules.players

    def _muggins_seat(self, owner: Seat) -> Seat:
        return (owner + 1) % self.rules.players  # always an opponent, even in partnerships

    def _pegged(self, action: PlayAction) -> Event:
        seat = self._game_seat(action.seat)
        event = self._score(Pegged(seat, action._replace(seat=seat)))
        if self.phase == "play" and self._play.is_over:
            self._held_for_show()
        return event

    def _held_for_show(self) -> None:
        self._shows = [(seat, False) for seat in self._from_left()] + [(self.dealer, True)]
        self.phase = "show"

    def _after_show(self) -> None:
        if self.phase == "show" and not self._shows:
            self.dealer = (self.dealer + 1) % self.rules.players
            self._play = None
            self.phase = "deal"

    def _log(self, event: Event) -> Event:
        self._events.append(event)
        return event

    def _score(self, event: Event) -> Event:
        """Log a scoring event; the game ends the instant a side reaches the target."""
        self._log(event)
        if event.points:
            side = self.rules.side_of(event.seat)
            self._backs[side] = self._scores[side]
            self._scores[side] = min(self.rules.target, self._scores[side] + event.points)
            if self._scores[side] >= self.rules.target:
                self._finish(side)
        return event

    def _finish(self, winner: Side) -> None:
        rules = self.rules
        outcomes = []
        for side, score in enumerate(self._scores):
            if side == winner:
                outcomes.append("win")
            elif rules.lurch and 2 * score < rules.target:
                outcomes.append("lurch")
            elif rules.double_skunk_line is not None and score < rules.double_skunk_line:
                outcomes.append("double_skunk")
            elif score < rules.skunk_line:
                outcomes.append("skunk")
            else:
                outcomes.append("loss")
        self.phase = "over"
        self._pending_muggins = None
        self._log(GameOver(winner, tuple(self._scores), tuple(outcomes)))
