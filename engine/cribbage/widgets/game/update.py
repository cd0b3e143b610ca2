"""The game widget's moves: each page action is one call on the table (:class:`cribbage.session.TableSession`).

:func:`game_update` reads and checks the page's state (:func:`.state.session_of`),
maps the action to its handler in :data:`ACTIONS`, and renders.  The table takes
the reader's decision and the computer's until the reader acts; the handlers
only read the page's text and say what it meant (a notice).

>>> from cribbage.widgets.game.state import GameOptions, game_of, new_state
>>> answer = game_update(new_state(GameOptions(), seed=5, uid="g1"), {"action": "cut"}, "en")
>>> game = game_of(answer["state"])
>>> [event.kind for event in game.events[:2]], game.phase.value, game.to_act
(['cut_for_deal', 'deal'], 'discard', 0)
>>> answer["fragment"]
'game-seed=5'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import suppress
from dataclasses import replace

from ...core.cards import Card, parse_cards
from ...core.rules import Decision
from ...errors import CribbageError, DuplicateCardError
from ...i18n import Language
from ...session import TableSession
from ..play import play_update
from ..source import Action as PageAction
from ..source import State, StateError, action_text, json_object, natural, uid_of
from ..widget import Answer
from .coach_view import replay_state
from .state import (
    MAX_SEED,
    Fragment,
    GameOptions,
    Notice,
    fragment_of,
    new_page,
    read_fragment,
    remember,
    saved,
    session_of,
)
from .view import game_view

REPLAY_ACTIONS = ("step", "reset", "self", "play", "go")
"""The actions of the ``cribbage-play`` view a replay shows (while it is open, they are its)."""


CHOICE_REASONS = ("discard_count", "not_in_hand")
"""Why the rules refuse the cards the reader chose for the crib (a notice asks again)."""

Handler = Callable[[State, TableSession, PageAction, Language], State]
"""One page action: the state before it (its notice cleared), the table it moves, and the page's state after."""


def game_update(state: State, action: PageAction, lang: Language) -> Answer:
    """Apply one reader action; the answer holds the new state, its HTML and its fragment."""
    kind = action.get("action")
    if kind == "restore":
        return _restore(state, action_text(action), lang)
    handler = ACTIONS.get("replay" if state.get("replay") and kind in REPLAY_ACTIONS else str(kind))
    return _answer(state, handler, action, lang)


def _restore(state: State, text: str, lang: Language) -> Answer:
    """The game this page saved earlier, checked and shown like any other state; one
    the page cannot read or show (edited, or saved by another version) is refused once:
    the page's own game is answered with a notice, and the page saves it over the bad one."""
    try:
        saved_state = {**json_object(text), "uid": uid_of(state)}
        notice = saved_state.get("notice")
        if isinstance(notice, dict) and notice.get("key") == Notice.BAD_SAVE:
            saved_state["notice"] = None  # it told of an earlier visit's save
        return _answer(saved_state, None, None, lang)
    except CribbageError:  # a StateError, or a game the rules refuse, found by the check or by the view
        return _answer({**state, "notice": {"key": str(Notice.BAD_SAVE), "params": {}}}, None, None, lang)


def _answer(state: State, handler: Handler | None, action: PageAction | None, lang: Language) -> Answer:
    """The answer to ``action`` (None: a state restored, its notice kept) by its ``handler``."""
    session = session_of(state, take=True)  # checks the whole state as the page sent it, its notice too
    if action is not None:
        # A notice lasts until the next action, and so does the offer of a linked game.
        state = {key: value for key, value in state.items() if key != "linked"} | {"notice": None}
    if handler is not None and action is not None:
        game = session.game
        state = handler(state, session, action, lang)
        if session.game is not game:  # a new game: the page's own fields start again
            state = new_page(state["uid"])
    state = saved(state, session)
    remember(state, session.game)
    return {"html": game_view(state, session.game, lang), "state": state, "fragment": fragment_of(state)}


# -- what the page shows ---------------------------------------------------------------------


def _replay(state: State, session: TableSession, action: PageAction, lang: Language) -> State:
    opened = state["replay"]
    if not isinstance(opened, dict) or not isinstance(opened.get("play"), dict):
        raise StateError("replay")
    moved = play_update({**opened["play"], "uid": state["uid"]}, action, lang)["state"]
    return {**state, "replay": {**opened, "play": moved}}


def _replay_close(state: State, session: TableSession, action: PageAction, lang: Language) -> State:
    return {**state, "replay": None}


def _moment(state: State, session: TableSession, action: PageAction, lang: Language) -> State:
    if not session.game.is_over:
        return state
    index = natural(action_text(action), 2)
    if index is None:
        raise StateError("value")
    return {**state, "replay": replay_state(state, session.game, index)}


def _select(state: State, session: TableSession, action: PageAction, lang: Language) -> State:
    game, value = session.game, action_text(action)
    if game.to_act != session.seat or game.expected != Decision.DISCARD:
        return state
    selected = [card for card in state["selected"] if card != value]
    if len(selected) == len(state["selected"]) and value in [str(card) for card in game.hand(session.seat)]:
        selected = (selected + [value])[-game.rules.discard_size :]
    return {**state, "selected": selected}


def _hint(state: State, session: TableSession, action: PageAction, lang: Language) -> State:
    return {**state, "hint": not state["hint"]}


# -- games and options -----------------------------------------------------------------------


def _fragment(state: State, session: TableSession, action: PageAction, lang: Language) -> State:
    """``#game-seed=N...`` names a game: the game on the page is kept when it is that one (a
    reload); one begun is never replaced without the reader's word (the page offers both);
    else the named game starts."""
    text = action_text(action).lstrip("#")
    named = read_fragment(text)
    game = session.game
    if named == (game.seed, game.rules.players, game.first_dealer, game.rules.variant.name):
        return state
    if game.events:
        try:
            _table_of(session, named)
        except CribbageError:
            return {**state, "notice": {"key": str(Notice.BAD_FRAGMENT), "params": {}}}
        return {**state, "linked": text}
    return _start_linked(state, session, text)


def _table_of(session: TableSession, named: Fragment | None) -> GameOptions:
    """The options of the game an address names, the reader's own for the rest: the address names
    the table and the game both, so a table the variant is not played at is refused, and so is a
    dealer who is not at it (coded errors)."""
    if named is None:
        raise StateError("value")
    chosen = replace(session.chosen.choose("variant", named.variant), players=named.players)
    if named.dealer is not None and named.dealer not in range(chosen.players):
        raise StateError("value")
    return chosen


def _start_linked(state: State, session: TableSession, text: str) -> State:
    named = read_fragment(text)
    try:
        chosen = _table_of(session, named)
    except CribbageError:  # not a game's address
        return {**state, "notice": {"key": str(Notice.BAD_FRAGMENT), "params": {}}}
    assert named is not None  # _table_of refuses None
    session.start(named.seed, named.dealer, chosen)
    return state


def _linked_play(state: State, session: TableSession, action: PageAction, lang: Language) -> State:
    """The reader chose the game the address named (the button's value) over the one saved."""
    return _start_linked(state, session, action_text(action).lstrip("#"))


def _linked_keep(state: State, session: TableSession, action: PageAction, lang: Language) -> State:
    return state  # the offer goes, as with any action


def _number(text: str) -> int | str:
    number = natural(text, 3)
    return text if number is None else number


def _flag(text: str) -> bool | str:
    return {"0": False, "1": True}.get(text, text)


OPTION_TEXTS: dict[str, Callable[[str], object]] = {
    "target": _number,
    "players": _number,
    "muggins": _flag,
    "coach": _flag,
}
"""How the page writes an option's value (an option not here: as its text); the table checks the value."""


def _set(state: State, session: TableSession, action: PageAction, lang: Language) -> State:
    name, text = action_text(action, "name"), action_text(action)
    with suppress(CribbageError):  # an option or a value the table does not offer: nothing changes
        session.set_option(name, OPTION_TEXTS.get(name, str)(text))
    return state


def _new(state: State, session: TableSession, action: PageAction, lang: Language) -> State:
    session.new_game()
    return state


# -- the reader's steps and decisions ---------------------------------------------------------


def _moved(state: State, session: TableSession, move: Callable[[], object], clear: bool = False) -> State:
    """The state after ``move``: this answer's log marks what came after ``seen``; ``clear`` the choice."""
    before = len(session.game.events)
    try:
        move()
    except CribbageError:
        return state  # a stale button: the view shows what is legal now
    return {**state, "seen": before, **({"selected": [], "hint": False} if clear else {})}


def _cut(state: State, session: TableSession, action: PageAction, lang: Language) -> State:
    if state.get("fresh") and not session.game.events:
        # A page's first game gets a seed of its own; the fragment then names it.
        session.start(random.randrange(MAX_SEED))
    return _moved(state, session, session.cut, clear=True)


def _deal(state: State, session: TableSession, action: PageAction, lang: Language) -> State:
    return _moved(state, session, session.deal, clear=True)


def _discard(state: State, session: TableSession, action: PageAction, lang: Language) -> State:
    try:
        cards = parse_cards(state["selected"])
    except DuplicateCardError:  # the same card selected twice: as many as none
        cards = ()
    before = len(session.game.events)
    try:
        session.discard(cards)
    except CribbageError as error:
        if error.params.get("reason") not in CHOICE_REASONS:
            return state  # a stale button
        key = str(Notice.CHOOSE_TWO if session.game.rules.discard_size == 2 else Notice.CHOOSE_ONE)
        return {**state, "notice": {"key": key, "params": {}}}
    return {**state, "seen": before, "selected": [], "hint": False}


def _play(state: State, session: TableSession, action: PageAction, lang: Language) -> State:
    try:
        card = Card.parse(action_text(action))
    except CribbageError:
        raise StateError("value") from None
    return _moved(state, session, lambda: session.play(card))


def _announce(state: State, session: TableSession, action: PageAction, lang: Language) -> State:
    """The reader's count, or why not (a notice): what it means is the table's (its muggins option)."""
    said = natural(action_text(action).strip(), 5)
    if said is None or said > session.game.rules.variant.max_show:
        return {
            **state,
            "notice": {"key": str(Notice.BAD_COUNT), "params": {"most": session.game.rules.variant.max_show}},
        }
    before = len(session.game.events)
    try:
        count = session.announce(said)
    except CribbageError as error:
        if error.params.get("reason") != "overcount":
            return state  # a stale button
        return {**state, "notice": {"key": str(Notice.OVERCOUNT), "params": {"said": said}}}
    state = {**state, "seen": before}
    if count.said != count.actual:
        key = str(Notice.MISCOUNT if count.corrected else Notice.SHORT_MUGGINS)
        state["notice"] = {"key": key, "params": {"said": count.said, "total": count.actual}}
    return state


ACTIONS: dict[str, Handler] = {
    "replay": _replay,
    "replay-close": _replay_close,
    "moment": _moment,
    "select": _select,
    "hint": _hint,
    "fragment": _fragment,
    "linked-play": _linked_play,
    "linked-keep": _linked_keep,
    "set": _set,
    "new": _new,
    "cut": _cut,
    "deal": _deal,
    "discard": _discard,
    "play": _play,
    "announce": _announce,
}
"""The page's actions (``replay``: one of :data:`REPLAY_ACTIONS` while a replay is open)."""
