"""The Table page's actions: each one a handler of :data:`ACTIONS`, at most one step of the
table (:class:`~cribbage.companion.TableGame`), then the view.

A saved table the engine cannot read again is put aside with a notice (the error's own
words) and the setup form to start a new one, so the page always goes on.

>>> from cribbage.widgets.table.state import Setup, new_state
>>> state = new_state(Setup(first_dealer=1), "t1")
>>> answer = table_update(state, {"action": "start"}, "en")
>>> answer["state"]["table"]["actions"], 'data-step="deal"' in answer["html"]
([], True)
>>> table_update({**state, "table": {"version": 0}}, {"action": "deal"}, "en")["state"]["notice"]
'table_state'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ...companion import (
    Action,
    Claim,
    CountCards,
    CountPoints,
    CutCards,
    DealCards,
    Decline,
    Go,
    LayAway,
    NextGame,
    Peg,
    PlayCard,
    PlayDone,
    StarterCard,
    Step,
    TableGame,
)
from ...companion.events import TableEvent
from ...core.cards import RANK_SYMBOLS, SUITS, Card
from ...core.variants import CRIB_SIZE, VARIANTS, targets
from ...errors import CribbageError, DuplicateCardError, IllegalActionError, TableStateError, TableStateVersionError
from ...i18n import Language, error_message
from ..source import Action as PageAction
from ..source import State, StateError, action_text, json_object, natural, uid_of
from ..widget import Answer
from .state import SEATS, Entry, Notice, Setup, checked, cleared, new_state, options_of, picked_of, setup_of, with_setup
from .view import table_view

__all__ = ["ACTIONS", "table_update"]

Moved = tuple[State, TableGame | None, tuple[TableEvent, ...]]
Handler = Callable[[State, Setup, TableGame | None, PageAction, Language], Moved]
"""One page action: the state before it and its table; the state after, its table (moved in place, or
another) and the events it caused."""


def table_update(state: State, action: PageAction, lang: Language) -> Answer:
    """Apply one page action; the answer holds the new state and its HTML."""
    kind = action.get("action")
    if kind == "restore":
        return _restore(state, action_text(action), lang)
    try:
        setup, game = checked(state)
    except TableStateError as refused:
        return _put_aside(state, refused, lang)
    handler = ACTIONS.get(str(kind))
    if handler is None:
        raise StateError("action")
    # "Start a new table?" is asked for one tap: any answer but the confirmation keeps the table.
    asked = {**state, "notice": None, "new_table_asked": False}
    try:
        state, game, events = handler(asked, setup, game, action, lang)
    except (StateError, TableStateError):
        raise
    except CribbageError as refused:
        # a card already seen, a play past 31 ...: said where the reader looks, the half-entered
        # card cleared, the table as it was (the reader's slip at a real table, not the page's)
        kept = {**asked, "rank": 0}
        _, game = checked(kept)
        return {"html": table_view(kept, setup, game, lang, refusal=error_message(refused, lang)), "state": kept}
    return _answer(state, game, lang, events)


def _answer(state: State, game: TableGame | None, lang: Language, events: tuple[TableEvent, ...] = ()) -> Answer:
    """The view of ``state``, whose table is ``game`` (read once per tap: a long game takes a while to replay)."""
    return {"html": table_view(state, setup_of(state), game, lang, events), "state": state}


def _put_aside(state: State, refused: TableStateError, lang: Language) -> Answer:
    """A table that cannot be read: a new one offered, its setup kept when it can be read."""
    notice = Notice.TABLE_STATE_VERSION if isinstance(refused, TableStateVersionError) else Notice.TABLE_STATE
    try:
        setup = setup_of(state)
    except StateError:
        setup = Setup()
    return _answer(new_state(setup, uid_of(state), notice), None, lang)


def _restore(state: State, text: str, lang: Language) -> Answer:
    """The table this page saved, checked like any state; one it cannot read is put aside."""
    uid = uid_of(state)
    try:
        saved = {**json_object(text), "uid": uid}
        _, game = checked(saved)
    except TableStateError as refused:
        return _put_aside({**state, "setup": saved.get("setup")}, refused, lang)
    except StateError:
        return _answer(new_state(Setup(), uid, Notice.TABLE_STATE), None, lang)
    return _answer(saved, game, lang)


# -- the setup form -------------------------------------------------------------------------


def _set(state: State, setup: Setup, game: TableGame | None, action: PageAction, lang: Language) -> Moved:
    if game is not None:
        return state, game, ()
    name, value = action.get("name"), action_text(action)
    if isinstance(name, str) and name.startswith("name") and natural(name[4:], 1) is not None:
        seat = int(name[4:])
        if seat >= SEATS:
            raise StateError("name")
        names = list(setup.names)
        names[seat] = value.strip()[:24]
        return with_setup(state, replace(setup, names=tuple(names))), None, ()
    return with_setup(state, _chosen(setup, name, value)), None, ()


def _chosen(setup: Setup, name: object, value: str) -> Setup:
    """The setup with one option changed; the others follow it (a target the new game has, a dealer who sits)."""
    number = natural(value, 3)
    if name == "players" and number is not None and number in VARIANTS[setup.variant].players:
        dealer = setup.first_dealer if setup.first_dealer == "cut" or int(setup.first_dealer) < number else "cut"
        return replace(setup, players=number, first_dealer=dealer)
    if name == "variant" and value in VARIANTS:
        game = VARIANTS[value]
        players = setup.players if setup.players in game.players else game.players[0]
        return replace(setup, variant=value, target=game.target, players=players, first_dealer="cut")
    if name == "target" and number is not None and number in targets(VARIANTS[setup.variant]):
        return replace(setup, target=number)
    if name == "muggins" and value in ("0", "1"):
        return replace(setup, muggins=value == "1")
    if name == "first_dealer" and (value == "cut" or (number is not None and number < setup.players)):
        return replace(setup, first_dealer="cut" if value == "cut" else int(value))
    raise StateError("set")


def _start(state: State, setup: Setup, game: TableGame | None, action: PageAction, lang: Language) -> Moved:
    if game is not None:
        return state, game, ()
    table = TableGame(options_of(setup, lang))
    return cleared(state, table), table, table.events  # three for last, in the five-card game


def _ask_new_table(state: State, setup: Setup, game: TableGame | None, action: PageAction, lang: Language) -> Moved:
    """A tap on "New table" asks first: the table's scores would be lost."""
    return {**state, "new_table_asked": game is not None}, game, ()


def _new_table(state: State, setup: Setup, game: TableGame | None, action: PageAction, lang: Language) -> Moved:
    return {**cleared(state, None), "entry": state["entry"]}, None, ()


def _keep_table(state: State, setup: Setup, game: TableGame | None, action: PageAction, lang: Language) -> Moved:
    return state, game, ()


# -- the table's steps ------------------------------------------------------------------------


def _table(game: TableGame | None) -> TableGame:
    if game is None:
        raise StateError("table")
    return game


def _apply(state: State, game: TableGame, move: Action) -> Moved:
    """One step of the table (refused by the rules with their reason), the picker emptied."""
    events = game.apply(move)
    return {**cleared(state, game), "entry": state["entry"]}, game, events


def _simple(make: Callable[[TableGame], Action]) -> Handler:
    def handler(state: State, setup: Setup, game: TableGame | None, action: PageAction, lang: Language) -> Moved:
        table = _table(game)
        return _apply(state, table, make(table))

    return handler


def _seat_to_act(game: TableGame) -> int:
    seat = game.to_act
    if seat is None:
        raise IllegalActionError("no seat is to act", reason="wrong_phase", phase=str(game.step), kind="seat")
    return seat


def _peg(state: State, setup: Setup, game: TableGame | None, action: PageAction, lang: Language) -> Moved:
    seat_text, _, points_text = action_text(action).partition(":")
    seat, points = natural(seat_text, 1), natural(points_text, 2)
    if seat is None or points is None:
        raise StateError("value")
    return _apply(state, _table(game), Peg(seat, points))


def _count_points(state: State, setup: Setup, game: TableGame | None, action: PageAction, lang: Language) -> Moved:
    table = _table(game)
    points = natural(action_text(action).strip(), 2)
    if points is None:
        raise StateError("value")
    return _apply(state, table, CountPoints(_seat_to_act(table), points))


def _announce(state: State, setup: Setup, game: TableGame | None, action: PageAction, lang: Language) -> Moved:
    table = _table(game)
    said = natural(action_text(action).strip(), 2)
    if said is None or table.step != Step.COUNT or not table.rules.muggins:
        raise StateError("value")
    return {**state, "announced": said}, table, ()


def _entry(entry: Entry) -> Handler:
    def handler(state: State, setup: Setup, game: TableGame | None, action: PageAction, lang: Language) -> Moved:
        return {**state, "entry": str(entry)}, game, ()

    return handler


def _rank(state: State, setup: Setup, game: TableGame | None, action: PageAction, lang: Language) -> Moved:
    table = _table(game)
    rank = natural(action_text(action), 2)
    if rank is None or not 1 <= rank <= len(RANK_SYMBOLS):
        raise StateError("value")
    return {**state, "rank": rank}, table, ()


def _suit(state: State, setup: Setup, game: TableGame | None, action: PageAction, lang: Language) -> Moved:
    """A suit after a rank: a card, which is the starter, a card played, or one more of the cut or the count."""
    table = _table(game)
    rank, picked = picked_of(state)
    suit = action_text(action)
    if rank == 0 or suit not in SUITS:
        raise StateError("value")
    card = Card.parse(RANK_SYMBOLS[rank - 1] + suit)
    match table.step:
        case Step.STARTER:
            return _apply(state, table, StarterCard(card))
        case Step.PLAY:
            return _apply(state, table, PlayCard(_seat_to_act(table), card))
        case Step.CUT:
            cards = (*picked, card)
            if len(cards) == len(table.cutting):
                return _apply(state, table, CutCards(cards))
            return _picked(state, cards), table, ()
        case Step.COUNT:
            cards = (*picked, card)
            if len(cards) == (CRIB_SIZE if table.expected.crib else table.rules.hand_size):
                announced = state["announced"]
                return _apply(state, table, CountCards(_seat_to_act(table), cards, announced))
            return _picked(state, cards), table, ()
    raise IllegalActionError("no card is entered now", reason="wrong_phase", phase=str(table.step), kind="card")


def _picked(state: State, cards: tuple[Card, ...]) -> State:
    if len(set(cards)) != len(cards):  # tapped twice: the reader's slip, said as such
        raise DuplicateCardError(f"{cards[-1]} is picked twice", card=str(cards[-1]))
    return {**state, "rank": 0, "picked": [str(card) for card in cards]}


def _unpick(state: State, setup: Setup, game: TableGame | None, action: PageAction, lang: Language) -> Moved:
    return {**state, "rank": 0, "picked": state["picked"][:-1]}, game, ()


def _undo(state: State, setup: Setup, game: TableGame | None, action: PageAction, lang: Language) -> Moved:
    """The last card picked, else the table's last step: one tap takes back anything."""
    if state["picked"] or state["rank"]:
        return _unpick(state, setup, game, action, lang)
    table = _table(game)
    table.undo()
    return {**cleared(state, table), "entry": state["entry"]}, table, ()


ACTIONS: dict[str, Handler] = {
    "set": _set,
    "start": _start,
    "new_table": _ask_new_table,
    "new_table_yes": _new_table,
    "keep_table": _keep_table,
    "deal": _simple(lambda game: DealCards()),
    "lay_away": _simple(lambda game: LayAway()),
    "play_done": _simple(lambda game: PlayDone()),
    "go": _simple(lambda game: Go(_seat_to_act(game))),
    "claim": _simple(lambda game: Claim(_seat_to_act(game))),
    "decline": _simple(lambda game: Decline(_seat_to_act(game))),
    "next_game": _simple(lambda game: NextGame()),
    "peg": _peg,
    "count_points": _count_points,
    "announce": _announce,
    "entry_cards": _entry(Entry.CARDS),
    "entry_points": _entry(Entry.POINTS),
    "rank": _rank,
    "suit": _suit,
    "unpick": _unpick,
    "undo": _undo,
}
"""Every action the page sends, by its name (``data-action``)."""
