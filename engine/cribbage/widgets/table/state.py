"""The Table page's JSON state: the table's options being chosen, the table itself
(:meth:`TableGame.to_json <cribbage.companion.TableGame.to_json>`), and what the view is in the
middle of (the card picker's rank, the cards picked so far, an announced count).

Every field is checked before the table sees it; a table the engine cannot read again (edited,
or saved by another version) is a :class:`~cribbage.errors.TableStateError`, which the update
answers with a notice and a new table, never with a page that cannot go on.

>>> state = new_state(Setup(), "t1")
>>> setup_of(state), table_of(state) is None
(Setup(players=2, names=('', '', '', ''), variant='six-card', target=121, muggins=False, first_dealer='cut'), True)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from ...companion import CUT, Options, TableGame
from ...companion.options import MAX_NAME_LENGTH, FirstDealer
from ...core.cards import RANK_SYMBOLS, Card
from ...core.variants import VARIANTS, targets
from ...i18n import Language, t
from ..source import State, StateError, card_texts, field, uid_of

__all__ = [
    "SEATS",
    "Entry",
    "Notice",
    "Setup",
    "checked",
    "cleared",
    "new_state",
    "options_of",
    "picked_of",
    "setup_of",
    "table_of",
    "with_setup",
]

SEATS = 4
"""The most players at a table: the setup form keeps a name for each seat it may have."""


class Entry(StrEnum):
    """How the play is entered: every card (the engine pegs it), or the points each player pegs."""

    CARDS = "cards"
    POINTS = "points"


class Notice(StrEnum):
    """Why a saved table was put aside: the error's code, its message ``error.<code>``."""

    TABLE_STATE = "table_state"
    TABLE_STATE_VERSION = "table_state_version"


@dataclass(frozen=True, slots=True)
class Setup:
    """The form before a table starts: what :class:`~cribbage.companion.Options` will be made of
    (a name left blank is the seat's own name, ``Player 1`` ...)."""

    players: int = 2
    names: tuple[str, ...] = ("",) * SEATS
    variant: str = "six-card"
    target: int = 121
    muggins: bool = False
    first_dealer: FirstDealer = CUT

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "names": list(self.names)}


def new_state(setup: Setup, uid: str, notice: Notice | None = None) -> State:
    """A table not started yet: the setup form (with a notice of a saved table put aside)."""
    return {
        "uid": uid,
        "setup": setup.to_json(),
        "table": None,
        "entry": str(Entry.CARDS),
        "rank": 0,
        "picked": [],
        "announced": None,
        "notice": None if notice is None else str(notice),
        "new_table_asked": False,
    }


def setup_of(state: State) -> Setup:
    """The setup form's fields as the page sent them; anything no form of ours writes is a :class:`StateError`."""
    data = field(state, "setup", dict)
    if set(data) != set(Setup.__dataclass_fields__):
        raise StateError("setup")
    names = field(data, "names", list)
    if len(names) != SEATS or not all(isinstance(name, str) and len(name) <= MAX_NAME_LENGTH for name in names):
        raise StateError("names")
    players, target, chosen = field(data, "players", int), field(data, "target", int), field(data, "variant", str)
    game = VARIANTS.get(chosen)
    if game is None or players not in game.players or target not in targets(game):
        raise StateError("setup")
    muggins, dealer = data["muggins"], data["first_dealer"]
    if not isinstance(muggins, bool):
        raise StateError("muggins")
    if dealer != CUT and not (type(dealer) is int and 0 <= dealer < players):
        raise StateError("first_dealer")
    return Setup(players, tuple(names), chosen, target, muggins, dealer)


def options_of(setup: Setup, lang: Language) -> Options:
    """The table's options; a name left blank is the seat's name in the page's language
    (``Player 2``), so a table may name only some of its players."""
    names = tuple(
        name.strip() or t("ui.player", lang, n=seat + 1) for seat, name in enumerate(setup.names[: setup.players])
    )
    return Options(
        players=setup.players,
        names=names,
        variant=setup.variant,
        target=setup.target,
        muggins=setup.muggins,
        first_dealer=setup.first_dealer,
    )


def table_of(state: State) -> TableGame | None:
    """The table the state holds (None before it starts); a table the engine refuses raises
    :class:`~cribbage.errors.TableStateError` (a notice, not a broken page)."""
    data = state.get("table")
    return None if data is None else TableGame.from_json(data)


def picked_of(state: State) -> tuple[int, list[Card]]:
    """The card picker's rank (0: none yet) and the cards picked for the count or the cut."""
    rank = field(state, "rank", int)
    if not 0 <= rank <= len(RANK_SYMBOLS):
        raise StateError("rank")
    return rank, [Card.parse(text) for text in card_texts(state, "picked", range(0, 8))]


def checked(state: State) -> tuple[Setup, TableGame | None]:
    """The whole state checked, the page's own fields first (a :class:`StateError`), then the table."""
    uid_of(state)
    setup = setup_of(state)
    if field(state, "entry", str) not in tuple(Entry):
        raise StateError("entry")
    picked_of(state)
    announced = state.get("announced")
    if announced is not None and (type(announced) is not int or announced < 0):
        raise StateError("announced")
    notice = state.get("notice")
    if notice is not None and notice not in tuple(Notice):
        raise StateError("notice")
    if not isinstance(state.get("new_table_asked", False), bool):  # absent in a table saved before it was asked
        raise StateError("new_table_asked")
    return setup, table_of(state)


def with_setup(state: State, setup: Setup) -> State:
    return {**state, "setup": setup.to_json()}


def cleared(state: State, table: TableGame | None) -> State:
    """The state after a step of the table: the table saved, the picker emptied."""
    return {**state, "table": None if table is None else table.to_json(), "rank": 0, "picked": [], "announced": None}
