"""The play (pegging) as a state machine for 2, 3 and 4 players.

Seat 0 sits left of the dealer and plays first; the dealer is the last seat.
With 4 players the seats opposite each other (0 and 2, 1 and 3) are partners.
Every action returns an immutable :class:`PlayAction`, so a play is a log that
can be stepped forward and back.

>>> actions = replay([parse_cards("7H 8D 5C KS"), parse_cards("8S 6C AH QD")],
...                  parse_cards("7H 8S 5C 6C AH 8D QD KS"))
>>> [(str(a.card) if a.card else "go", a.count, a.points) for a in actions]
... # doctest: +NORMALIZE_WHITESPACE
[('7H', 7, 0), ('8S', 15, 2), ('5C', 20, 0), ('6C', 26, 4), ('go', 26, 0),
 ('AH', 27, 0), ('go', 27, 1), ('8D', 8, 0), ('QD', 18, 0), ('KS', 28, 1)]
>>> Play.from_actions([parse_cards("7H 8D 5C KS"), parse_cards("8S 6C AH QD")], actions).scores
(1, 7)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import HandSizeError, IllegalPlayError
from .cards import Card, parse_cards
from .deal import deal_shape
from .pegging import FIFTEEN as FIFTEEN
from .pegging import MAX_COUNT as MAX_COUNT
from .pegging import PAIR_POINTS as PAIR_POINTS
from .pegging import Table, fits, pile_items
from .rules import Seat
from .show import ScoreItem, ScoreKind
from .variants import SIX_CARD, Variant


@dataclass(frozen=True, slots=True)
class PlayAction:
    """One action of the play: a card, or a go when ``card`` is ``None``.

    ``count`` is the count the action reaches (before any reset); ``reset`` is
    True when the count goes back to 0 after this action (31, the go point, or
    the end of the play).
    """

    seat: Seat
    card: Card | None
    count: int
    points: int
    reasons: tuple[ScoreItem, ...]
    reset: bool

    @property
    def is_go(self) -> bool:
        return self.card is None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "card": None if self.card is None else str(self.card),
            "count": self.count,
            "points": self.points,
            "reasons": [item.to_json() for item in self.reasons],
            "reset": self.reset,
        }


def pile_score(pile: Sequence[Card]) -> tuple[ScoreItem, ...]:
    """What the last card of ``pile`` (the cards of the current count) scores.

    Covers 15, 31, pairs and runs; the go and last-card points depend on the
    whole table, so :class:`Play` adds them.

    >>> [(str(i.kind), i.points) for i in pile_score(parse_cards("4H 5C 6D"))]
    [('fifteen', 2), ('run', 3)]
    >>> pile_score(parse_cards("JH QS"))  # J and Q are different ranks: no pair
    ()
    """
    pile = tuple(pile)
    return tuple(
        ScoreItem(ScoreKind(kind), pile[-cards:], points)
        for kind, cards, points in pile_items(tuple(card.rank for card in pile))
    )


class Play:
    """The pegging state machine.

    >>> play = Play([parse_cards("5H KS"), parse_cards("TD 5S")])
    >>> play.play(Card.parse("5H")).points, play.to_move, [str(c) for c in play.legal_cards()]
    (0, 1, ['10D', '5S'])
    >>> play.play(Card.parse("TD")).reasons[0].kind
    <ScoreKind.FIFTEEN: 'fifteen'>
    """

    def __init__(self, hands: Sequence[Iterable[Card | str]], variant: Variant = SIX_CARD) -> None:
        parsed = [parse_cards(hand if isinstance(hand, str) else list(hand)) for hand in hands]
        deal_shape(len(parsed), variant)  # 2 to 4 seats; the variant may allow fewer
        parse_cards([card for hand in parsed for card in hand])  # no card in two hands
        self.hands: tuple[tuple[Card, ...], ...] = tuple(parsed)
        self.variant = variant
        self._held: list[list[Card]] = [list(hand) for hand in parsed]
        self._pile: list[Card] = []
        # The rules are the core's (cribbage.core.pegging): seat 0 leads, a seat dealt no
        # cards (a part-way example) is skipped.
        self._table = Table([[card.rank for card in hand] for hand in parsed], variant.play_ends_at_first_go)
        self._actions: list[PlayAction] = []
        self._scores = [0] * len(parsed)

    @classmethod
    def from_actions(
        cls, hands: Sequence[Iterable[Card | str]], actions: Iterable[PlayAction], variant: Variant = SIX_CARD
    ) -> Play:
        """Rebuild a play part-way from its first actions (checks each of them)."""
        play = cls(hands, variant=variant)
        for action in actions:
            play.go() if action.card is None else play.play(action.card)
        return play

    # -- state ---------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def to_move(self) -> Seat | None:
        """The seat to act, or ``None`` once the play is over."""
        return None if self._table.over else self._table.to_move

    @property
    def count(self) -> int:
        return self._table.count

    @property
    def pile(self) -> tuple[Card, ...]:
        """The cards of the current count, in the order played."""
        return tuple(self._pile)

    @property
    def actions(self) -> tuple[PlayAction, ...]:
        return tuple(self._actions)

    @property
    def scores(self) -> tuple[int, ...]:
        """Points pegged per seat."""
        return tuple(self._scores)

    @property
    def partnership_scores(self) -> tuple[int, int]:
        """With 4 players: points of seats 0 and 2, then of seats 1 and 3."""
        if self.players != 4:
            raise ValueError("partnerships need 4 players")
        return (self._scores[0] + self._scores[2], self._scores[1] + self._scores[3])

    @property
    def is_over(self) -> bool:
        return self._table.over

    def table(self) -> Table:
        """A copy of the state on ranks (:class:`cribbage.core.pegging.Table`), to play on from here;
        its ``scores`` start at 0."""
        table = self._table.copy()
        table.scores = [0] * self.players
        return table

    def held(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` still holds."""
        return tuple(self._held[seat])

    def legal_cards(self) -> tuple[Card, ...]:
        """Cards the seat to move may play (empty: it must say go)."""
        if self._table.over:
            return ()
        count = self._table.count
        return tuple(card for card in self._held[self._table.to_move] if fits(count, card.rank))

    def must_go(self) -> bool:
        return self._table.must_go()

    def go_scores(self) -> bool:
        """Whether the go due now takes the go point: the seat to move played the last
        card and cannot play on, nor can anyone else.

        >>> play = Play([parse_cards("KH QH"), parse_cards("KS 9S")])
        >>> for card in ("KH", "KS", "QH"):
        ...     _ = play.play(card)
        >>> play.to_move, play.must_go(), play.go_scores()  # the 9 would pass 31: a plain go
        (1, True, False)
        >>> _ = play.go()
        >>> play.to_move, play.must_go(), play.go_scores()  # the queen was last: one for the go
        (0, True, True)
        """
        return self._table.go_scores()

    # -- actions -------------------------------------------------------------
    def check(self, card: Card) -> IllegalPlayError | None:
        """Why the seat to move may not play ``card`` now (the error :meth:`play` would raise), or None.

        >>> play = Play([parse_cards("KH QH"), parse_cards("KS 5S")])
        >>> play.check(Card.parse("KS")).params["reason"], play.check(Card.parse("KH")) is None
        ('not_your_turn', True)
        """
        index = len(self._actions)
        table = self._table
        if table.over:
            return IllegalPlayError(f"{card}: the play is over", card=str(card), index=index, reason="play_over")
        seat = table.to_move
        if card not in self._held[seat]:
            owner = next((s for s, held in enumerate(self._held) if card in held), None)
            if owner is None:
                message, reason = f"{card}: not in the hand of seat {seat}", "not_in_hand"
            else:
                message, reason = f"{card}: seat {seat} is to play, not seat {owner}", "not_your_turn"
            return IllegalPlayError(message, card=str(card), index=index, reason=reason, seat=seat)
        if table.why_illegal(card.rank) == "over_31":
            return IllegalPlayError(
                f"{card}: the count {table.count} would pass 31",
                card=str(card),
                index=index,
                reason="over_31",
                count=table.count,
                seat=seat,
            )
        return None

    def why_illegal(self, card: Card) -> str | None:
        """The reason code of :meth:`check` (``play_over``, ``not_in_hand``, ``not_your_turn``,
        ``over_31``), or None when ``card`` may be played: what a card's button says.

        >>> play = Play([parse_cards("KH QH 2C"), parse_cards("KS 9S")])
        >>> _ = play.play("KH"); _ = play.play("KS"); _ = play.play("QH")
        >>> play.why_illegal(Card.parse("9S")), play.why_illegal(Card.parse("2C"))
        ('over_31', 'not_your_turn')
        """
        refused = self.check(card)
        return None if refused is None else str(refused.params["reason"])

    def play(self, card: Card | str) -> PlayAction:
        """The seat to move plays ``card``."""
        card = card if isinstance(card, Card) else Card.parse(card)
        refused = self.check(card)
        if refused is not None:
            raise refused
        seat = self._table.to_move
        self._held[seat].remove(card)
        self._pile.append(card)
        _points, last_card, reset = self._table.play(card.rank)
        reasons = pile_score(self._pile)
        if last_card:
            reasons += (ScoreItem(ScoreKind.LAST_CARD, (card,), 1),)
        count = sum(c.value for c in self._pile)
        action = PlayAction(seat, card, count, sum(item.points for item in reasons), reasons, reset)
        self._record(action)
        if reset:
            self._pile.clear()
        return action

    def go(self) -> PlayAction:
        """The seat to move says go (only when it cannot play)."""
        index = len(self._actions)
        table = self._table
        refused = table.why_illegal(None)
        if refused == "play_over":
            raise IllegalPlayError("go: the play is over", card=None, index=index, reason="play_over")
        seat, count = table.to_move, table.count
        if refused == "must_play":
            raise IllegalPlayError(f"go: seat {seat} can play", card=None, index=index, reason="must_play", seat=seat)
        points, reset = table.go()
        # The go point: nobody else could play on, so the last player takes it.
        action = PlayAction(seat, None, count, points, (ScoreItem(ScoreKind.GO, (), 1),) if points else (), reset)
        self._record(action)
        if reset:
            self._pile.clear()
        return action

    # -- internals -----------------------------------------------------------
    def _record(self, action: PlayAction) -> None:
        self._actions.append(action)
        self._scores[action.seat] += action.points


def check_hands(hands: Sequence[Sequence[Card]], variant: Variant = SIX_CARD) -> None:
    """Refuse the hands of a whole play unless each holds the game's hand (the variant's
    ``kept``: 4, 3 in the five-card game, 5 in the seven-card game): a :class:`HandSizeError`
    names the first that does not, after a table the variant is not played at.

    :class:`Play` also takes a part-way example (a seat dealt fewer cards); the CLI
    and the blocks give whole plays, so an author's slip is caught.

    >>> check_hands([parse_cards("7H 8D 5C KS"), parse_cards("8S 6C AH")])
    Traceback (most recent call last):
    ...
    cribbage.errors.HandSizeError: hand 2 holds 3 cards; the six-card game's hands hold 4
    """
    kept = deal_shape(len(hands), variant).kept
    for seat, hand in enumerate(hands, start=1):
        if len(hand) != kept:
            raise HandSizeError(
                f"hand {seat} holds {len(hand)} cards; the {variant.name} game's hands hold {kept}",
                seat=seat,
                expected=kept,
                got=len(hand),
            )


def replay(
    hands: Sequence[Iterable[Card | str]], cards: Iterable[Card | str], variant: Variant = SIX_CARD
) -> tuple[PlayAction, ...]:
    """Play ``cards`` in order, inserting the gos the rules force.

    After the last card, gos that are forced are added too, so the log ends
    where a seat has a choice or the play is over.  An illegal card raises
    :class:`IllegalPlayError` whose params name the card, its index in
    ``cards`` and the rule it breaks:

    >>> replay(["7H 8D 5C KS", "8S 6C AH QD"], "7H 8S 5C 6C 8D")
    Traceback (most recent call last):
    ...
    cribbage.errors.IllegalPlayError: 8D: the count 26 would pass 31
    """
    play = Play(hands, variant=variant)
    for index, card in enumerate(parse_cards(cards)):
        seat, count = play.to_move, play.count
        _forced_gos(play)
        try:
            play.play(card)
        except IllegalPlayError as error:
            if seat is not None and card in play.held(seat) and not fits(count, card.rank):
                # The seat had to say go because this card did not fit: that is
                # the rule broken, not whose turn it became after the gos.
                raise IllegalPlayError(
                    f"{card}: the count {count} would pass 31",
                    card=str(card),
                    index=index,
                    reason="over_31",
                    count=count,
                    seat=seat,
                ) from None
            error.params["index"] = index
            raise
    _forced_gos(play)
    return play.actions


def _forced_gos(play: Play) -> None:
    while play.must_go():
        play.go()
