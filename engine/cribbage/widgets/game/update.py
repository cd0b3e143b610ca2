"""The game widget's moves: apply the reader's action, then let the computer play until the reader acts.

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
from typing import Any

from ...cards import Card, parse_cards
from ...computer import STRENGTHS, ComputerPlayer
from ...errors import CribbageError
from ...game import Action, Game, Phase
from ...i18n import Language
from ...deal import PLAYERS
from ...rules import ActionKind, Decision
from ...show import MAX_SHOW, show_total
from ..source import Action as PageAction
from ..source import State, StateError, action_text, json_object, uid_of
from ..widget import Answer
from .state import (
    COUNTINGS, MAX_SEED, READER, TARGETS, GameOptions, Notice, checked, fragment_game, fragment_of, kept_record,
    new_state, remember,
)
from ..play import play_update
from .coach_state import reviews_of, said_of, with_reviews
from .coach_view import replay_state
from .view import deal_start, game_view

REPLAY_ACTIONS = ("step", "reset", "self", "play", "go")
"""The actions of the ``cribbage-play`` view a replay shows (while it is open, they are its)."""


def _reader_decides(game: Game) -> bool:
    """Whether the game waits for the reader (a button, a card, a count)."""
    if game.is_over:
        return True
    if game.to_act is None:
        # The cut, and each deal after the first, wait for the reader's button
        # so that the counts of the last hand stay on screen until then.
        return game.phase == Phase.CUT_FOR_DEAL or (game.phase == Phase.DEAL and game.deals > 0)
    return game.to_act == READER and game.expected in (Decision.DISCARD, Decision.PLAY, Decision.ANNOUNCE)


def run_computer(game: Game, options: GameOptions, why: dict[str, Any]) -> None:
    """Take the computer's decisions and the automatic steps until the reader acts.

    The computer's random choices are seeded by the game's seed and the number
    of decisions taken, so a game replays the same from its seed.
    """
    while not _reader_decides(game):
        seat = game.to_act
        if seat is None:
            game.advance()
            continue
        player = ComputerPlayer(options.strength, seed=game.seed * 1024 + len(game.actions))
        action, reason = player.decide(game, seat)
        game.apply(action)
        if action.kind in (ActionKind.DISCARD, ActionKind.PLAY):
            why[str(len(game.events) - 1)] = reason.to_json()


def _continue(game: Game) -> None:
    if game.to_act is None and game.phase in (Phase.CUT_FOR_DEAL, Phase.DEAL) and not game.is_over:
        game.advance()


def _restored(state: State, text: str) -> State:
    """A state saved by this page earlier, checked like any other; else the page's own."""
    try:
        saved = {**json_object(text), "uid": uid_of(state)}
        checked(saved)
    except CribbageError:  # a StateError, or a game the rules refuse
        return state
    return saved


def game_update(state: State, action: PageAction, lang: Language) -> Answer:
    """Apply one reader action; the answer holds the new state, its HTML and its fragment."""
    kind, value = action.get("action"), action_text(action)
    if kind == "restore":
        return _answer(_restored(state, value), lang)
    options, chosen, game = checked(state, take=True)
    said_of(state)
    reviews_of(state, game)
    state = {**state, "notice": None}
    before = len(game.events)
    why = dict(state["why"])
    if state.get("replay") and kind in REPLAY_ACTIONS:
        opened = state["replay"]
        if not isinstance(opened, dict) or not isinstance(opened.get("play"), dict):
            raise StateError("replay")
        moved = play_update({**opened["play"], "uid": state["uid"]}, action, lang)["state"]
        return _answer({**state, "replay": {**opened, "play": moved}}, lang, game)
    if kind == "replay-close":
        return _answer({**state, "replay": None}, lang, game)
    if kind == "moment" and game.is_over:
        if not (value.isdigit() and len(value) <= 2):
            raise StateError("value")
        return _answer({**state, "replay": replay_state(state, game, int(value))}, lang, game)
    if kind == "fragment":
        return _answer(fragment_game(state, chosen, value), lang)
    if kind == "set":
        return _answer(_set_option(state, game, action_text(action, "name"), value), lang)
    if kind == "new":
        return _answer(_new_game(state, game, chosen), lang)
    if kind == "cut" and state.get("fresh") and not game.events:
        # A page's first game gets a seed of its own; the fragment then names it.
        state = {**kept_record(state, new_state(options, random.randrange(MAX_SEED), state["uid"])), "next": state["next"]}
        game = checked(state, take=True)[2]
    if kind in ("cut", "deal"):
        _continue(game)
        state["selected"], state["hint"] = [], False
    elif kind == "select" and game.to_act == READER and game.expected == Decision.DISCARD:
        selected = [card for card in state["selected"] if card != value]
        if len(selected) == len(state["selected"]) and value in [str(card) for card in game.hand(READER)]:
            selected = (selected + [value])[-game.rules.discard_size :]
        state["selected"] = selected
        return _answer(state, lang, game)
    elif kind == "hint":
        state["hint"] = not state["hint"]
        return _answer(state, lang, game)
    elif kind == "discard" and game.to_act == READER and game.expected == Decision.DISCARD:
        try:
            discard: Action | None = Action(ActionKind.DISCARD, READER, parse_cards(state["selected"]))
        except CribbageError:  # the same card selected twice
            discard = None
        if discard is None or not game.can(discard):
            state["notice"] = {"key": str(Notice.CHOOSE_TWO if game.rules.discard_size == 2 else Notice.CHOOSE_ONE), "params": {}}
            return _answer(state, lang, game)
        game.apply(discard)
        state["selected"], state["hint"] = [], False
    elif kind == "play" and game.to_act == READER and game.expected == Decision.PLAY:
        try:
            play = Action(ActionKind.PLAY, READER, (Card.parse(value),))
        except CribbageError:
            raise StateError("value") from None
        if not game.can(play):
            return _answer(state, lang, game)  # a stale button: the view shows what is legal now
        game.apply(play)
    elif kind == "announce" and game.to_act == READER and game.expected == Decision.ANNOUNCE:
        if not _announce(state, game, options, value.strip()):
            return _answer(state, lang, game)
    else:
        return _answer(state, lang, game)
    run_computer(game, options, why)
    state["why"], state["seen"] = why, before
    # The coach reviews each deal once, the moment it is over (the page keeps the review).
    if options.coach:
        state["coach"] = with_reviews(state, game, said_of(state))
    result = game.result
    if result is not None and not state.get("counted"):
        won = list(state["won"])
        won[result.winner] += 1
        state["won"], state["counted"] = won, True
    return _answer(state, lang, game)


def _announce(state: State, game: Game, options: GameOptions, text: str) -> bool:
    """Take the reader's count, or say why not (a notice); whether the game moved on."""
    show = game.next_show()
    if show is None or game.starter is None:
        return False
    _owner, cards, crib = show
    if not (text.isdigit() and len(text) <= 5 and int(text) <= MAX_SHOW):
        state["notice"] = {"key": str(Notice.BAD_COUNT), "params": {}}
        return False
    said = int(text)
    actual = show_total(cards, game.starter, crib=crib)
    # The coach reviews the count the reader said, even when the page corrects it.
    state["said"] = {**state.get("said", {}), f"{game.deals}:{'crib' if crib else 'hand'}": said}
    # With the page's muggins the count stands as said, so the rules judge it (an overcount is refused).
    announce = Action(ActionKind.ANNOUNCE, READER, points=said if options.muggins else actual)
    if not game.can(announce):
        state["notice"] = {"key": str(Notice.OVERCOUNT), "params": {"said": said}}
        return False
    if said != actual:
        key = str(Notice.SHORT_MUGGINS if options.muggins else Notice.MISCOUNT)
        state["notice"] = {"key": key, "params": {"said": said, "total": actual}}
    game.apply(announce)
    return True


def _set_option(state: State, game: Game, name: str, value: str) -> State:
    chosen = dict(state["next"])
    if name == "target" and value.isdigit() and len(value) <= 3 and int(value) in TARGETS:
        chosen["target"] = int(value)
    elif name == "strength" and value in STRENGTHS:
        chosen["strength"] = value
    elif name == "counting" and value in COUNTINGS:
        chosen["counting"] = value
    elif name == "muggins" and value in ("0", "1"):
        chosen["muggins"] = value == "1"
    elif name == "coach" and value in ("0", "1"):
        chosen["coach"] = value == "1"
    elif name == "players" and value in [str(n) for n in PLAYERS]:
        chosen["players"] = int(value)
    state = {**state, "next": chosen}
    if not game.actions and not game.events:
        # Nothing has happened yet: the options apply to this game at once (the last
        # game's loser deals the next one only at the same table).
        options = GameOptions.from_json(chosen)
        dealer = game.first_dealer if game.first_dealer is not None and game.first_dealer < options.players else None
        state = kept_record(state, new_state(options, game.seed, state["uid"], dealer))
    return state


def _new_game(state: State, game: Game, chosen: GameOptions) -> State:
    """The next game: after a finished one the loser deals it, otherwise a new cut."""
    seed = (game.seed + 1) % MAX_SEED
    dealer = game.next_game().first_dealer if game.is_over and chosen.players == game.rules.players else None
    return kept_record(state, new_state(chosen, seed, state["uid"], dealer))


def _answer(state: State, lang: Language, game: Game | None = None) -> Answer:
    if game is None:
        game = checked(state)[2]
    else:
        # Only this deal's reasons are ever shown again.
        start = deal_start(game.events)
        why = {index: reason for index, reason in state["why"].items() if int(index) >= start}
        state = {**state, "game": game.to_json(), "why": why}
        remember(state, game)
    return {"html": game_view(state, game, lang), "state": state, "fragment": fragment_of(state)}

