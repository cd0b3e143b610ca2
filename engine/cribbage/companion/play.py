"""The play entered card by card at a real table, where nobody knows the hands.

The rules are the core's: :class:`cribbage.core.pegging.Table` says whose turn it is, what a
card pegs and when the count starts again, and :func:`cribbage.core.play.pile_score` names the
points, so a play entered here pegs what :func:`cribbage.core.play.replay` pegs for the same
cards (``tests/engine/test_companion.py``).  Only the hands are unknown: the table holds for
each seat as many placeholder ranks as it has cards left, which is all the rules of the turn
need, and the card a seat plays is put in its hand as it is played.  A seat says go itself;
a go is refused only when every card not yet seen would fit the count.  The go a seat with no
cards left owes (to take the point) is taken at once, as the game takes a forced go.

>>> play = TablePlay(dealer=1, players=2, kept=4, first_go_ends=False)
>>> play.to_move, [a.points for a in play.play(Card.parse("5H"))], play.to_move
(0, [0], 1)
>>> [(str(a.card), a.points, [str(r.kind) for r in a.reasons]) for a in play.play(Card.parse("KS"))]
[('KS', 2, ['fifteen'])]
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.cards import Card
from ..core.pegging import Table, fits
from ..core.play import PlayAction, pile_score
from ..core.rules import Seat
from ..core.show import ScoreItem, ScoreKind
from ..errors import CardSeenError, CribbageError, IllegalPlayError

__all__ = ["TablePlay"]

PLACEHOLDER = 13
"""The rank a card not yet played stands as (any rank would do: the card played replaces it)."""


class TablePlay:
    """The play of one deal on a real table; seats are the game's (the dealer's left leads)."""

    def __init__(self, dealer: Seat, players: int, kept: int, first_go_ends: bool) -> None:
        self.dealer = dealer
        self.players = players
        self._table = Table([[PLACEHOLDER] * kept for _ in range(players)], first_go_ends)
        self._pile: list[Card] = []
        self._played: list[list[Card]] = [[] for _ in range(players)]

    # -- the seats: the core counts them from the dealer's left ----------------------
    def _play_seat(self, seat: Seat) -> int:
        return (seat - self.dealer - 1) % self.players

    def _game_seat(self, play_seat: int) -> Seat:
        return (self.dealer + 1 + play_seat) % self.players

    # -- reading the state -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self._table.over

    @property
    def to_move(self) -> Seat | None:
        """The seat to play or say go, None once the play is over."""
        return None if self._table.over else self._game_seat(self._table.to_move)

    @property
    def count(self) -> int:
        return self._table.count

    @property
    def pile(self) -> tuple[Card, ...]:
        """The cards of the current count, in the order played."""
        return tuple(self._pile)

    def cards_left(self, seat: Seat) -> int:
        return len(self._table.hands[self._play_seat(seat)])

    def played(self, seat: Seat) -> tuple[Card, ...]:
        return tuple(self._played[seat])

    @property
    def all_played(self) -> tuple[Card, ...]:
        return tuple(card for cards in self._played for card in cards)

    def go_possible(self, unseen: Iterable[Card]) -> bool:
        """Whether the seat to move may hold no card that fits: some card not yet seen would not."""
        count = self._table.count
        return not self._table.over and any(not fits(count, card.rank) for card in unseen)

    # -- what is legal -----------------------------------------------------------------
    def check_card(self, seat: Seat, card: Card, starter: Card) -> CribbageError | None:
        """Why ``seat`` may not play ``card`` now, or None."""
        refused = self._check_turn(seat, card)
        if refused is not None:
            return refused
        if card == starter:
            return CardSeenError(f"{card} is the starter", card=str(card), place="starter")
        if card in self.all_played:
            return CardSeenError(f"{card} has been played", card=str(card), place="played")
        if not fits(self._table.count, card.rank):
            return IllegalPlayError(
                f"{card}: the count {self.count} would pass 31",
                card=str(card),
                reason="over_31",
                count=self.count,
                seat=seat,
            )
        return None

    def check_go(self, seat: Seat, unseen: Iterable[Card]) -> CribbageError | None:
        refused = self._check_turn(seat, None)
        if refused is not None:
            return refused
        if not self.go_possible(unseen):
            return IllegalPlayError("every card not yet seen fits the count", card=None, reason="cannot_go", seat=seat)
        return None

    def _check_turn(self, seat: Seat, card: Card | None) -> IllegalPlayError | None:
        text = "go" if card is None else str(card)
        if self._table.over:
            return IllegalPlayError(
                f"{text}: the play is over", card=None if card is None else str(card), reason="play_over"
            )
        if seat != self.to_move:
            return IllegalPlayError(
                f"{text}: seat {self.to_move} is to play",
                card=None if card is None else str(card),
                reason="not_your_turn",
                seat=seat,
            )
        return None

    # -- the transitions (checked by the caller) -----------------------------------------
    def play(self, card: Card) -> list[PlayAction]:
        """The seat to move plays ``card``: its record, then any go owed by a seat with no cards left."""
        table = self._table
        mover = table.to_move
        seat = self._game_seat(mover)
        table.hands[mover] = [card.rank] * len(table.hands[mover])
        self._pile.append(card)
        self._played[seat].append(card)
        _points, last_card, reset = table.play(card.rank)
        reasons = pile_score(self._pile)
        if last_card:
            reasons += (ScoreItem(ScoreKind.LAST_CARD, (card,), 1),)
        count = sum(played.value for played in self._pile)
        actions = [PlayAction(seat, card, count, sum(item.points for item in reasons), reasons, reset)]
        if reset:
            self._pile.clear()
        return actions + self._owed_gos()

    def go(self) -> list[PlayAction]:
        """The seat to move says go (the go point when nobody could play on)."""
        return [self._go(), *self._owed_gos()]

    def _go(self) -> PlayAction:
        table = self._table
        seat, count = self._game_seat(table.to_move), table.count
        points, reset = table.go()
        if reset:
            self._pile.clear()
        return PlayAction(seat, None, count, points, (ScoreItem(ScoreKind.GO, (), 1),) if points else (), reset)

    def _owed_gos(self) -> list[PlayAction]:
        """A seat with no cards left is only ever to move to take the go point: it takes it."""
        actions = []
        while not self._table.over and not self._table.hands[self._table.to_move]:
            actions.append(self._go())
        return actions
