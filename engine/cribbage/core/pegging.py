"""The play's one rule book, on ranks: what a card pegs, what may be played, and what happens next.

Every module that plays, checks or looks ahead in the play calls this one:
:class:`cribbage.core.play.Play` (which carries the cards themselves), the look-ahead of
:mod:`cribbage.analysis.pegging_eval`, the reply risk of :mod:`cribbage.analysis.risk`, the course's
tasks and exercises, the practice and its widgets.  No other module compares a count
with 31 (``tests/engine/test_architecture.py`` checks it).

Pegging depends on ranks only (1 = ace ... 13 = king), never suits, so the core works
on ranks, which is fast enough for the look-ahead.  :class:`Table` is a small mutable
state: the look-ahead plays each hidden deal out from a :meth:`Table.copy`, never
going back, so it needs no undo.

The rules (as :class:`~cribbage.core.play.Play` documents them):

* a card may be played when the count stays at 31 or less (:func:`fits`); a seat
  with no such card says go;
* when play comes back to the seat that played last and it cannot play either,
  its go takes the go point (1) and the count starts again;
* 31 pegs 2 and starts the count again; the last card of the whole play pegs 1
  (unless it made 31);
* seats without cards are skipped; after a reset the seat after the last one to
  play leads; in a variant whose play ends at the first go (the five-card game) the play
  ends at the first reset.

>>> table = Table([[7, 8, 5, 13], [8, 6, 1, 12]])
>>> [table.play(rank) for rank in (7, 8, 5, 6)]
[(0, False, False), (2, False, False), (0, False, False), (4, False, False)]
>>> table.legal(), table.go(), table.play(1), table.legal(), table.go()
((), (0, False), (0, False, False), (), (1, True))
>>> table.to_move, table.count, table.scores
(0, 0, [0, 7])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

MAX_COUNT = 31
"""The count never passes 31; reaching it pegs 2 and starts the count again."""
FIFTEEN = 15
PAIR_POINTS = {2: 2, 3: 6, 4: 12}
"""Pair, pair royal, double pair royal by the number of cards of one rank."""
VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Counting value by rank (index 0 unused)."""
RANKS = range(1, 14)

Ranks = tuple[int, ...]
"""A pile in the order played, or a hand."""
PileItem = tuple[str, int, int]
"""What a card played onto a pile scores: (kind, how many of the pile's last cards, points);
kinds ``fifteen``, ``thirty_one``, ``pair``, ``run``."""
Step = tuple[int, bool, bool]
"""What playing a card did: (points, whether they include the last card, whether the count starts again)."""


def count_of(ranks: Iterable[int]) -> int:
    return sum(VALUES[rank] for rank in ranks)


def fits(count: int, rank: int) -> bool:
    """Whether a card of ``rank`` may be played at ``count`` (the count stays at 31 or less).

    >>> fits(21, 10), fits(22, 10), fits(30, 1)
    (True, False, True)
    """
    return count + VALUES[rank] <= MAX_COUNT


def room(count: int) -> int:
    """The highest value a card played at ``count`` may have (a go at ``count`` shows none so low)."""
    return MAX_COUNT - count


def reachable(count: int) -> bool:
    """Whether ``count`` can be the count of a pile: 0 to 31."""
    return 0 <= count <= MAX_COUNT


def goes_on(count: int) -> bool:
    """Whether a card can still follow at ``count``: a pile that has not reached 31."""
    return 0 <= count < MAX_COUNT


@lru_cache(maxsize=1 << 17)
def pile_items(pile: Ranks) -> tuple[PileItem, ...]:
    """What the last rank of ``pile`` scores: 15 or 31, then a pair or a run.

    >>> pile_items((4, 5, 6)), pile_items((7, 7, 7)), pile_items((11, 12))
    ((('fifteen', 3, 2), ('run', 3, 3)), (('pair', 3, 6),), ())
    """
    count = count_of(pile)
    items: list[PileItem] = []
    if count == FIFTEEN:
        items.append(("fifteen", len(pile), 2))
    elif count == MAX_COUNT:
        items.append(("thirty_one", len(pile), 2))
    last, size = pile[-1], len(pile)
    same = 1
    while same < size and pile[-same - 1] == last:
        same += 1
    if same >= 2:
        items.append(("pair", same, PAIR_POINTS[same]))
        return tuple(items)
    for length in range(size, 2, -1):
        tail = pile[-length:]
        if len(set(tail)) == length and max(tail) - min(tail) == length - 1:
            items.append(("run", length, length))
            break
    return tuple(items)


@lru_cache(maxsize=1 << 17)
def pile_points(pile: Ranks) -> int:
    """What the last rank of ``pile`` pegs (15, 31, pairs, runs).

    >>> pile_points((4, 5, 6)), pile_points((7, 7, 7)), pile_points((10, 5))
    (5, 6, 2)
    """
    return sum(points for _kind, _cards, points in pile_items(pile))


class Table:
    """A play in progress on ranks: the seats' hands, the current count, who is to move.

    ``hands``: per seat, the ranks it holds (seat 0 plays first, the dealer is the last
    seat); ``pile``: the ranks of the current count; ``last``: the last seat to play a
    card in it; ``passed``: the seats that said go in it; ``to_move``: default the first
    seat holding cards.  ``scores`` counts the points pegged from here on.
    ``first_go_ends``: the play ends at the first go point or 31 (the variant's
    ``play_ends_at_first_go``, :mod:`cribbage.core.variants`).
    """

    __slots__ = ("hands", "pile", "count", "last", "passed", "to_move", "over", "scores", "first_go_ends")

    def __init__(
        self,
        hands: Sequence[Iterable[int]],
        first_go_ends: bool = False,
        pile: Ranks = (),
        last: int | None = None,
        passed: Iterable[int] = (),
        to_move: int | None = None,
    ) -> None:
        self.hands = [list(hand) for hand in hands]
        self.pile = pile
        self.count = count_of(pile)
        self.last = last
        self.passed = set(passed)
        self.over = not any(self.hands)
        self.to_move = next((seat for seat, hand in enumerate(self.hands) if hand), 0) if to_move is None else to_move
        self.scores = [0] * len(self.hands)
        self.first_go_ends = first_go_ends

    def copy(self) -> Table:
        table = Table.__new__(Table)
        table.hands = [list(hand) for hand in self.hands]
        table.pile, table.count, table.last, table.passed = self.pile, self.count, self.last, set(self.passed)
        table.to_move, table.over, table.scores, table.first_go_ends = (
            self.to_move,
            self.over,
            list(self.scores),
            self.first_go_ends,
        )
        return table

    # -- what may be done ------------------------------------------------------
    def legal(self) -> Ranks:
        """The ranks the seat to move may play (empty: it must say go, or the play is over)."""
        if self.over:
            return ()
        highest = MAX_COUNT - self.count
        return tuple([rank for rank in self.hands[self.to_move] if VALUES[rank] <= highest])

    def why_illegal(self, rank: int | None) -> str | None:
        """Why the seat to move may not play ``rank`` (``None``: say go) now, as a reason code
        (``play_over``, ``not_in_hand``, ``over_31``, ``must_play``), or None."""
        if self.over:
            return "play_over"
        if rank is None:
            return "must_play" if self.legal() else None
        if rank not in self.hands[self.to_move]:
            return "not_in_hand"
        return None if fits(self.count, rank) else "over_31"

    def must_go(self) -> bool:
        return not self.over and not self.legal()

    def go_scores(self) -> bool:
        """Whether the go due now takes the go point: the seat to move played the last card
        of the count and nobody can play on."""
        return self.must_go() and self.to_move == self.last

    def answerer(self) -> int | None:
        """The seat that answers the card played: the next after the one to move that holds
        cards and has not said go in this count; None when nobody can answer it."""
        players = len(self.hands)
        for step in range(1, players):
            seat = (self.to_move + step) % players
            if self.hands[seat] and seat not in self.passed:
                return seat
        return None

    # -- the transitions (the caller has checked :meth:`why_illegal`) -----------
    def play(self, rank: int) -> Step:
        """The seat to move plays ``rank``."""
        seat = self.to_move
        self.hands[seat].remove(rank)
        self.pile += (rank,)
        self.count += VALUES[rank]
        self.last = seat
        points = pile_points(self.pile)
        reset = self.count == MAX_COUNT
        last_card = not reset and not any(self.hands)
        if last_card:
            points += 1
            reset = True
        self.scores[seat] += points
        if reset:
            self._new_count(seat)
        else:
            self.to_move = self._next_in_count(seat)
        return points, last_card, reset

    def go(self) -> tuple[int, bool]:
        """The seat to move says go: (points, whether the count starts again)."""
        seat = self.to_move
        if seat == self.last:
            # Nobody else could play on: the last player takes the go point.
            self.scores[seat] += 1
            self._new_count(seat)
            return 1, True
        self.passed.add(seat)
        self.to_move = self._next_in_count(seat)
        return 0, False

    def _next_in_count(self, seat: int) -> int:
        """The next seat that still takes part in this count: seats that said go or hold no
        cards are skipped; the last player never is (it plays on or takes the go point)."""
        players = len(self.hands)
        for step in range(1, players + 1):
            candidate = (seat + step) % players
            if candidate == self.last or (candidate not in self.passed and self.hands[candidate]):
                return candidate
        raise AssertionError("no seat to move")  # the last player is always reached

    def _new_count(self, after: int) -> None:
        self.pile = ()
        self.count = 0
        self.passed = set()
        self.last = None
        if self.first_go_ends or not any(self.hands):
            self.over = True
            return
        players = len(self.hands)
        self.to_move = next(
            (after + step) % players for step in range(1, players + 1) if self.hands[(after + step) % players]
        )
