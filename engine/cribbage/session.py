"""A table: the reader's seat, the computer opponents, who counts, muggins, the coach and the games won.

A :class:`TableSession` is the game page's controller below the views.  It owns
a :class:`~cribbage.core.game.Game` and the seats the computer plays, takes the
computer's decisions and the automatic steps until the reader must act
(:meth:`TableSession.run_computer`), has the coach review each finished deal,
and counts the games won.  Each of the reader's decisions is one call
(:meth:`~TableSession.cut`, :meth:`~TableSession.deal`,
:meth:`~TableSession.discard`, :meth:`~TableSession.play`,
:meth:`~TableSession.announce`), checked by :meth:`Game.check
<cribbage.core.game.Game.check>`: an illegal one raises the engine's coded error and
changes nothing.  Like pokerkit's ``Automation``, an :class:`Automation` set
names the reader's steps the table takes by itself.

>>> from cribbage.players.computer import ComputerPlayer
>>> from cribbage.core.rules import ActionKind
>>> table = TableSession.new(TableOptions(target=61, strength="random", coach=False), seed=5)
>>> table.waits, table.game.phase.value
(True, 'cut_for_deal')
>>> table.cut()
>>> table.game.to_act == table.seat, str(table.game.expected)
(True, 'discard')
>>> reader = ComputerPlayer("random", seed=1)
>>> while not table.game.is_over:
...     action = reader(table.game, table.seat)
...     table.discard(action.cards) if action.kind == ActionKind.DISCARD else table.play(action.cards[0])
...     if table.game.phase == "deal":
...         table.deal()
>>> table.won, max(table.game.scores)
([1, 0], 61)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from enum import Flag, auto
from typing import Any, NamedTuple

from .core.cards import Card
from .core.deal import PLAYERS
from .core.events import Deal
from .core.game import Game, Phase
from .core.rules import Action, ActionKind, Decision, GameRules, Seat
from .core.show import show_total
from .core.variants import SIX_CARD, VARIANTS, targets, variant
from .errors import IllegalActionError, OptionError
from .players.coach import review_deal
from .players.computer import STRENGTHS, ComputerPlayer, Reason
from .players.reviews import DealReview

__all__ = [
    "COUNTINGS",
    "MAX_SEED",
    "OPTION_NAMES",
    "PLAYERS",
    "TARGETS",
    "TARGETS_OF",
    "VARIANT_NAMES",
    "Automation",
    "Count",
    "TableOptions",
    "TableSession",
    "finished_deals",
]

TARGETS = targets(SIX_CARD)
"""The targets of the standard game the table offers (61: the short six-card game)."""
VARIANT_NAMES = tuple(VARIANTS)
TARGETS_OF: dict[str, tuple[int, ...]] = {name: targets(VARIANTS[name]) for name in VARIANT_NAMES}
"""The targets offered per variant: the standard game's two, else the variant's own (61, 181)."""
COUNTINGS = ("auto", "manual")
MAX_SEED = 10**9
OPTION_NAMES = ("target", "strength", "counting", "muggins", "players", "coach", "variant")


class Automation(Flag):
    """The reader's steps the table takes by itself; the others wait for the reader.

    The reader's muggins claims (an opponent's short count) are always made for them.
    """

    NONE = 0
    """Every step waits for the reader."""
    CUTTING = auto()
    """The cut for the first deal."""
    DEALING = auto()
    """Each deal after the first (the page waits for its button, so that the last counts stay on screen)."""
    COUNTING = auto()
    """The reader's hand and crib are counted for them; without it the reader announces each count."""


@dataclass(frozen=True)
class TableOptions:
    """What the reader chooses for a game; a value the table does not offer raises :class:`OptionError`.

    ``counting``: ``auto`` (:attr:`Automation.COUNTING`: the reader's hands are
    counted for them) or ``manual`` (every owner announces each count, as the
    muggins rule has it: :attr:`GameRules.muggins`).

    ``muggins`` is the table's option, not the rule of the same name: with
    manual counting, whether the count the reader announces stands, so that
    the points it misses go to the next seat (the rules' muggins claim), or is
    corrected to the real count.

    >>> TableOptions(counting="manual").rules.muggins, TableOptions().automation
    (True, <Automation.COUNTING: 4>)
    >>> TableOptions(target=99)
    Traceback (most recent call last):
    ...
    cribbage.errors.OptionError: target cannot be 99

    ``variant``: the game's name (:data:`cribbage.core.variants.VARIANTS`); its
    targets are :data:`TARGETS_OF` and its numbers of players the variant's.
    It is saved only when it is not the standard game, so older states read as
    they were (and the standard game to 61 stays the six-card game it was).

    >>> TableOptions(variant="seven-card", target=181).rules.target, TableOptions().to_json().get("variant")
    (181, None)
    >>> TableOptions().choose("variant", "seven-card").target
    181
    """

    target: int = 121
    strength: str = "expert"
    counting: str = "auto"
    muggins: bool = False
    players: int = 2
    """2, 3 (each for himself) or 4 (the reader and the computer opposite against the other two)."""
    coach: bool = True
    """The coach reviews each deal of the reader's (about a second of the engine's time a deal)."""
    variant: str = SIX_CARD.name

    def __post_init__(self) -> None:
        # The variant first: the targets and players offered follow it.
        for name in ("variant", *OPTION_NAMES[:-1]):
            value = getattr(self, name)
            if not any(type(value) is type(choice) and value == choice for choice in self._choices(name)):
                raise OptionError(f"{name} cannot be {value!r}", option=name, value=repr(value)[:40])

    def _choices(self, name: str) -> tuple[object, ...]:
        if name == "target":
            return TARGETS_OF[self.variant]
        if name == "players":
            return VARIANTS[self.variant].players
        return _CHOICES[name]

    def choose(self, name: str, value: object) -> TableOptions:
        """These options with ``name`` set to ``value``; choosing a variant also takes its
        target and players when these are not offered with it (seven-card: 181, 2 players),
        and choosing a table of players the variant is not played at chooses the standard game."""
        if name not in OPTION_NAMES:
            raise OptionError(f"no option {name!r}", option=name[:40], value=repr(value)[:40])
        fields = {**self.to_json(), name: value}
        if name == "players" and value in PLAYERS and value not in VARIANTS[self.variant].players:
            # A table the variant is not played at plays the standard game.
            fields["variant"] = value = SIX_CARD.name
            name = "variant"
        if name == "variant" and isinstance(value, str) and value in VARIANTS:
            chosen = VARIANTS[value]
            if fields["target"] not in TARGETS_OF[value]:
                fields["target"] = chosen.target
            if fields["players"] not in chosen.players:
                fields["players"] = chosen.players[0]
        return TableOptions.from_json(fields)

    @property
    def rules(self) -> GameRules:
        return GameRules(
            players=self.players, target=self.target, muggins=self.counting == "manual", variant=variant(self.variant)
        )

    @property
    def automation(self) -> Automation:
        return Automation.COUNTING if self.counting == "auto" else Automation.NONE

    def to_json(self) -> dict[str, Any]:
        """The options as the page saves them: ``variant`` only when it is not the standard game."""
        data = asdict(self)
        if self.variant == SIX_CARD.name:
            del data["variant"]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableOptions:
        return cls(**{name: data[name] for name in OPTION_NAMES if name in data})


_CHOICES: dict[str, tuple[object, ...]] = {
    "target": TARGETS,
    "strength": STRENGTHS,
    "counting": COUNTINGS,
    "muggins": (False, True),
    "players": PLAYERS,
    "coach": (False, True),
    "variant": VARIANT_NAMES,
}


class Count(NamedTuple):
    """The reader's count of a hand or crib: what they said, what it holds, and whether it was corrected."""

    said: int
    actual: int
    corrected: bool


def finished_deals(game: Game) -> range:
    """The deals whose review can be made: all before the current one, and the current
    one once its last count is shown (or the game ended in it)."""
    done = game.is_over or (game.phase == Phase.DEAL and game.deals > 0)
    return range(1, game.deals + 1 if done else game.deals)


class TableSession:
    """The reader at ``seat`` against the computer at every other seat (see the module docstring).

    ``chosen``: the options for the next game (by default this game's).
    ``won``: the games won per side at this table; ``reviews``: the coach's, by
    deal; ``said``: the counts the reader announced, by (deal, ``hand`` | ``crib``);
    ``reasons``: the computer's reasons for this deal's decisions, by event index.
    ``automate``: steps taken by themselves besides the options' (the page adds none).
    """

    def __init__(
        self,
        options: TableOptions,
        game: Game,
        *,
        chosen: TableOptions | None = None,
        won: Sequence[int] | None = None,
        reviews: Mapping[int, DealReview] | None = None,
        said: Mapping[tuple[int, str], int] | None = None,
        reasons: Mapping[int, Reason] | None = None,
        seat: Seat = 0,
        automate: Automation = Automation.NONE,
    ) -> None:
        self.options = options
        self.chosen = options if chosen is None else chosen
        self.game = game
        self.seat = seat
        self.automate = automate
        self.won = [0] * game.rules.sides if won is None else list(won)
        self.reviews = dict(reviews or {})
        self.said = dict(said or {})
        self.reasons = dict(reasons or {})

    @classmethod
    def new(
        cls,
        options: TableOptions,
        seed: int,
        dealer: Seat | None = None,
        *,
        seat: Seat = 0,
        automate: Automation = Automation.NONE,
    ) -> TableSession:
        """A table whose game has not begun: it waits for the cut (or, with ``dealer``, the deal)."""
        return cls(options, _new_game(options, seed, dealer), seat=seat, automate=automate)

    # -- who decides ------------------------------------------------------------------
    @property
    def automation(self) -> Automation:
        return self.options.automation | self.automate

    @property
    def waits(self) -> bool:
        """Whether the game waits for the reader (a button, a card, a count)."""
        game = self.game
        if game.is_over:
            return True
        if game.to_act is None:
            if game.phase == Phase.CUT_FOR_DEAL:
                return Automation.CUTTING not in self.automation
            return game.phase == Phase.DEAL and game.deals > 0 and Automation.DEALING not in self.automation
        if game.to_act != self.seat:
            return False
        return game.expected in (Decision.DISCARD, Decision.PLAY) or (
            game.expected == Decision.ANNOUNCE and Automation.COUNTING not in self.automation
        )

    def run_computer(self) -> None:
        """Take the computer's decisions and the automatic steps until the reader acts.

        Each decision's :class:`ComputerPlayer` is seeded by the game's seed and
        the number of decisions taken, so a game replays the same from its seed.
        """
        game = self.game
        while not self.waits:
            seat = game.to_act
            if seat is None:
                game.advance()
                continue
            player = ComputerPlayer(self.options.strength, seed=game.seed * 1024 + len(game.actions))
            action, reason = player.decide(game, seat)
            game.apply(action)
            if action.kind in (ActionKind.DISCARD, ActionKind.PLAY):
                self.reasons[len(game.events) - 1] = reason

    # -- the reader's steps and decisions -----------------------------------------------
    def cut(self) -> None:
        """Cut for the first deal."""
        self._step(Phase.CUT_FOR_DEAL)

    def deal(self) -> None:
        """Deal (the next deal, or the first of a game whose dealer is known)."""
        self._step(Phase.DEAL)

    def discard(self, cards: Sequence[Card]) -> None:
        """Put the reader's ``cards`` in the crib."""
        action = Action(ActionKind.DISCARD, self.seat, tuple(cards))
        self._moved(lambda: self.game.apply(action))

    def play(self, card: Card) -> None:
        """Play one of the reader's cards (the gos the rules force are taken by themselves)."""
        action = Action(ActionKind.PLAY, self.seat, (card,))
        self._moved(lambda: self.game.apply(action))

    def announce(self, said: int) -> Count:
        """The reader's count of the hand or crib shown next.

        With the table's muggins the count stands as said: the rules refuse an
        overcount (reason ``overcount``) and let the next seat claim what a short
        one misses.  Without it the real count is pegged.
        """
        game = self.game
        show = game.next_show()
        actual = (
            0
            if show is None or game.starter is None
            else show_total(show[1], game.starter, show[2], game.rules.hand_size)
        )
        action = Action(ActionKind.ANNOUNCE, self.seat, points=said if self.options.muggins else actual)
        refused = game.check(action)
        if refused is not None:
            raise refused
        assert show is not None  # a count is expected, so a hand or crib is to be shown
        # The coach reviews the count the reader said, even when it is corrected.
        self.said[(game.deals, "crib" if show[2] else "hand")] = said
        self._moved(lambda: game.apply(action))
        return Count(said, actual, corrected=said != actual and not self.options.muggins)

    # -- games and options --------------------------------------------------------------
    def start(self, seed: int, dealer: Seat | None = None, options: TableOptions | None = None) -> None:
        """A new game at this table from ``seed``: with ``options`` (for it and the next game), else this game's.

        The games won are kept while as many sides play; a dealer who is not at
        the table is refused.
        """
        game = _new_game(self.options if options is None else options, seed, dealer)
        if options is not None:
            self.options = self.chosen = options
        if game.rules.sides != len(self.won):
            self.won = [0] * game.rules.sides
        self.game = game
        self.reviews, self.said, self.reasons = {}, {}, {}

    def new_game(self) -> None:
        """The next game, with the options chosen: after a finished one the loser deals it, otherwise a new cut."""
        game, chosen = self.game, self.chosen
        dealer = game.next_game().first_dealer if game.is_over and chosen.players == game.rules.players else None
        self.start((game.seed + 1) % MAX_SEED, dealer, chosen)

    def set_option(self, name: str, value: object) -> None:
        """Choose an option for the next game; before anything has happened it applies to this one at once."""
        self.chosen = self.chosen.choose(name, value)
        game = self.game
        if not game.actions and not game.events:
            # The last game's loser deals the next one only at the same table.
            dealer = (
                game.first_dealer if game.first_dealer is not None and game.first_dealer < self.chosen.players else None
            )
            self.start(game.seed, dealer, self.chosen)

    # -- after each decision ------------------------------------------------------------
    def _step(self, phase: Phase) -> None:
        if self.game.phase != phase:
            raise IllegalActionError(
                f"{phase.value} is not expected now",
                reason="wrong_phase",
                phase=self.game.phase.value,
                kind=phase.value,
            )
        self._moved(self.game.advance)

    def _moved(self, move: Callable[[], object]) -> None:
        """Take the reader's ``move``, then the computer's; the coach's reviews and a game won follow."""
        was_over = self.game.is_over
        move()
        self.run_computer()
        game = self.game
        deal = max((index for index, event in enumerate(game.events) if isinstance(event, Deal)), default=-1)
        self.reasons = {index: reason for index, reason in self.reasons.items() if index > deal}
        if self.options.coach:
            # Each deal is reviewed once, the moment it is over.
            for number in finished_deals(game):
                if number not in self.reviews:
                    self.reviews[number] = review_deal(game, self.seat, number, said=self.said)
        result = game.result
        if result is not None and not was_over:
            self.won[result.winner] += 1


def _new_game(options: TableOptions, seed: int, dealer: Seat | None) -> Game:
    if dealer is not None and dealer not in range(options.players):
        raise IllegalActionError(f"seat {dealer} is not at the table", reason="no_such_seat", seat=dealer)
    return Game(options.rules, seed, dealer=dealer)
