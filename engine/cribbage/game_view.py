"""The game page: a whole 2-player game against the computer, as a live widget.

The widget's state is plain JSON kept on the page (and in ``localStorage``):
the options, the game as :meth:`Game.to_json` gives it (seed, first dealer,
every decision) and the computer's reasons.  Each reader action goes through
:func:`game_update`, which rebuilds the game from its decisions (so a state
edited in the page can never put the game in a position the rules forbid),
applies the action, lets the computer move until the reader must act again,
and renders the view with :func:`game_view`.  The build calls
:func:`game_block` for the static page; everything is Python and every text
is escaped.

The reader is seat 0, the computer seat 1.

>>> state = new_state(GameOptions(), seed=5, uid="g1")
>>> answer = game_update(state, {"action": "cut"}, "en")
>>> game = game_of(answer["state"])
>>> [event.kind for event in game.events[:2]], game.phase, game.to_act
(['cut_for_deal', 'deal'], 'discard', 0)
>>> answer["fragment"]
'game-seed=5'
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from html import escape
from typing import Any

from .cards import Card, parse_cards
from .computer import STRENGTHS, ComputerPlayer
from .errors import CribbageError, IllegalActionError
from .game import Action, Event, Game, GameRules
from .i18n import Language, t
from .render import (
    BlockError,
    button_html,
    card_html,
    cards_html,
    discard_options_html,
    html_attributes,
    parse_fields,
    points_text,
    radio_group_html,
    reason_text,
    show_html,
    widget_html,
)

State = dict[str, Any]
"""The widget's state: see :func:`new_state`."""

READER, COMPUTER = 0, 1
TARGETS = (121, 61)
MAX_SEED = 10**9
MAX_ACTIONS = 600
"""Far more decisions than any game to 121 takes; a longer list is not a game."""
_UID = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,40}$")
_FRAGMENT = re.compile(r"^game-seed=(\d{1,9})(?:&dealer=([01]))?$")


@dataclass(frozen=True)
class GameOptions:
    """What the reader chooses for a game.

    ``counting``: ``auto`` (the page counts the reader's hands) or ``manual``
    (the reader announces each count and the page checks it); ``muggins``:
    with manual counting, points the reader misses go to the computer
    (otherwise the page just corrects the count).
    """

    target: int = 121
    strength: str = "expert"
    counting: str = "auto"
    muggins: bool = False

    def __post_init__(self) -> None:
        if self.target not in TARGETS or self.strength not in STRENGTHS or self.counting not in ("auto", "manual"):
            raise ValueError("bad game options")
        if not isinstance(self.muggins, bool):
            raise ValueError("bad game options")

    @property
    def rules(self) -> GameRules:
        # With manual counting every owner announces its count, as the muggins rule has it.
        return GameRules(target=self.target, muggins=self.counting == "manual")

    @classmethod
    def from_json(cls, data: Any) -> GameOptions:
        if not isinstance(data, dict):
            raise ValueError("bad game options")
        return cls(**{name: data[name] for name in cls.__dataclass_fields__ if name in data})


def new_state(options: GameOptions, seed: int, uid: str, dealer: int | None = None) -> State:
    """A game not started yet: the first step is the cut (or, after a game, the deal)."""
    game = Game(options.rules, seed, dealer=dealer)
    return {
        "uid": uid,
        "options": asdict(options),
        "next": asdict(options),
        "game": game.to_json(),
        "why": {},
        "seen": 0,
        "selected": [],
        "hint": False,
        "notice": None,
        "won": [0, 0],
    }


# -- rebuilding and checking a state ------------------------------------------------


_LAST_GAME: dict[str, Game] = {}
"""The game of the last answer, by its JSON: the next action on it need not replay it."""


def _game_key(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _checked(state: State, take: bool = False) -> tuple[GameOptions, GameOptions, Game]:
    """The options and the game a state describes; ValueError when it makes no sense.

    ``take``: the caller changes the game, so it leaves the cache.
    """
    if not isinstance(state, dict) or not _UID.match(str(state.get("uid", ""))):
        raise ValueError("bad game state")
    options = GameOptions.from_json(state["options"])
    chosen = GameOptions.from_json(state["next"])
    data = state["game"]
    if not isinstance(data, dict) or not isinstance(data.get("actions"), list) or len(data["actions"]) > MAX_ACTIONS:
        raise ValueError("bad game state")
    seed, dealer, events = data.get("seed"), data.get("dealer"), data.get("events")
    if not (isinstance(seed, int) and 0 <= seed < MAX_SEED) or dealer not in (None, READER, COMPUTER):
        raise ValueError("bad game state")
    if not isinstance(events, int):
        raise ValueError("bad game state")
    for action in data["actions"]:
        if not isinstance(action, dict) or action.get("seat") not in (READER, COMPUTER):
            raise ValueError("bad game state")
    data = {**data, "rules": options.rules.to_json()}
    key = _game_key(data)
    game = _LAST_GAME.pop(key, None) if take else _LAST_GAME.get(key)
    if game is None:
        game = Game.from_json(data)
    if len(game.events) != events:
        raise ValueError("bad game state")
    won, seen, selected = state.get("won"), state.get("seen"), state.get("selected")
    if not (isinstance(won, list) and len(won) == 2 and all(isinstance(n, int) and n >= 0 for n in won)):
        raise ValueError("bad game state")
    if not isinstance(seen, int) or not isinstance(selected, list) or not isinstance(state.get("why"), dict):
        raise ValueError("bad game state")
    parse_cards(selected)
    for index, reason in state["why"].items():
        # The values are checked where a reason is shown (numbers and cards, or a ValueError).
        if not (isinstance(index, str) and index.isdigit()) or not isinstance(reason, dict):
            raise ValueError("bad game state")
        if reason.get("code") not in _REASONS or not isinstance(reason.get("params"), dict):
            raise ValueError("bad game state")
    return options, chosen, game


def game_of(state: State) -> Game:
    """The game a widget state holds, rebuilt from its decisions (the caller's own copy)."""
    return _checked(state, take=True)[2]


# -- moving the game on ------------------------------------------------------------------


def _reader_decides(game: Game, options: GameOptions) -> bool:
    """Whether the game waits for the reader (a button, a card, a count)."""
    if game.is_over:
        return True
    if game.to_act is None:
        # The cut, and each deal after the first, wait for the reader's button
        # so that the counts of the last hand stay on screen until then.
        return game.phase == "cut_for_deal" or (game.phase == "deal" and game.deals > 0)
    return game.to_act == READER and game.expected in ("discard", "play", "announce")


def run_computer(game: Game, options: GameOptions, why: dict[str, Any]) -> None:
    """Take the computer's decisions and the automatic steps until the reader acts.

    The computer's random choices are seeded by the game's seed and the number
    of decisions taken, so a game replays the same from its seed.
    """
    while not _reader_decides(game, options):
        seat = game.to_act
        if seat is None:
            game.advance()
            continue
        player = ComputerPlayer(options.strength, seed=game.seed * 1024 + len(game.actions))
        action, reason = player.decide(game, seat)
        game.apply(action)
        if action.kind in ("discard", "play"):
            why[str(len(game.events) - 1)] = reason.to_json()


def _continue(game: Game) -> None:
    if game.to_act is None and game.phase in ("cut_for_deal", "deal") and not game.is_over:
        game.advance()


def game_update(state: State, action: dict[str, Any], lang: Language) -> dict[str, Any]:
    """Apply one reader action; the answer holds the new state, its HTML and its fragment."""
    kind, value = action.get("action"), action.get("value")
    if kind == "restore":
        # A state saved by this page earlier; it is checked like any other.
        try:
            saved = {**json.loads(str(value)), "uid": state["uid"]}
            _checked(saved)
            state = saved
        except (ValueError, KeyError, TypeError, IndexError):
            pass
        return _answer(state, lang)
    options, chosen, game = _checked(state, take=True)
    state = {**state, "notice": None}
    before = len(game.events)
    why = dict(state["why"])
    if kind == "fragment":
        return _answer(_from_fragment(state, chosen, str(value)), lang)
    if kind == "set":
        state = _set_option(state, game, str(action.get("name")), str(value))
        return _answer(state, lang)
    if kind == "new":
        return _answer(_new_game(state, game, chosen), lang)
    if kind == "cut" and state.get("fresh") and not game.events:
        # A page's first game gets a seed of its own; the fragment then names it.
        state = {**new_state(options, random.randrange(MAX_SEED), state["uid"]), "won": state["won"], "next": state["next"]}
        game = _checked(state, take=True)[2]
    if kind in ("cut", "deal"):
        _continue(game)
        state["selected"], state["hint"] = [], False
    elif kind == "select" and game.to_act == READER and game.expected == "discard":
        selected = [card for card in state["selected"] if card != value]
        if len(selected) == len(state["selected"]) and value in [str(card) for card in game.hand(READER)]:
            selected = (selected + [value])[-game.rules.discard_size :]
        state["selected"] = selected
        return _answer(state, lang, game)
    elif kind == "hint":
        state["hint"] = not state["hint"]
        return _answer(state, lang, game)
    elif kind == "discard" and game.to_act == READER and game.expected == "discard":
        try:
            game.apply(Action("discard", READER, parse_cards(state["selected"])))
        except CribbageError:
            state["notice"] = {"key": "game.choose_two", "params": {}}
            return _answer(state, lang, game)
        state["selected"], state["hint"] = [], False
    elif kind == "play" and game.to_act == READER and game.expected == "play":
        try:
            game.apply(Action("play", READER, (Card.parse(str(value)),)))
        except CribbageError:
            pass  # a stale button: the view shows what is legal now
    elif kind == "announce" and game.to_act == READER and game.expected == "announce":
        _announce(state, game, options, str(value).strip())
        if state["notice"] and state["notice"]["key"] in ("game.overcount", "game.bad_count"):
            return _answer(state, lang, game)
    else:
        return _answer(state, lang, game)
    run_computer(game, options, why)
    state["why"], state["seen"] = why, before
    if game.is_over and not state.get("counted"):
        won = list(state["won"])
        won[game.result.winner] += 1
        state["won"], state["counted"] = won, True
    return _answer(state, lang, game)


def _announce(state: State, game: Game, options: GameOptions, text: str) -> None:
    owner, cards, crib = game.next_show()
    from .show import show_total

    actual = show_total(cards, game.starter, crib=crib)
    if not text.isdigit() or int(text) > 29:
        state["notice"] = {"key": "game.bad_count", "params": {}}
        return
    said = int(text)
    if said > actual and options.muggins:
        state["notice"] = {"key": "game.overcount", "params": {"said": said}}
        return
    if said != actual:
        key = "game.short_muggins" if options.muggins else "game.miscount"
        state["notice"] = {"key": key, "params": {"said": said, "total": actual}}
    game.apply(Action("announce", READER, points=said if options.muggins else actual))


def _set_option(state: State, game: Game, name: str, value: str) -> State:
    chosen = dict(state["next"])
    if name == "target" and value.isdigit() and int(value) in TARGETS:
        chosen["target"] = int(value)
    elif name == "strength" and value in STRENGTHS:
        chosen["strength"] = value
    elif name == "counting" and value in ("auto", "manual"):
        chosen["counting"] = value
    elif name == "muggins" and value in ("0", "1"):
        chosen["muggins"] = value == "1"
    state = {**state, "next": chosen}
    if not game.actions and not game.events:
        # Nothing has happened yet: the options apply to this game at once.
        fresh = new_state(GameOptions.from_json(chosen), game.seed, state["uid"], game.first_dealer)
        state = {**fresh, "won": state["won"]}
    return state


def _new_game(state: State, game: Game, chosen: GameOptions) -> State:
    """The next game: after a finished one the loser deals it, otherwise a new cut."""
    seed = (game.seed + 1) % MAX_SEED
    dealer = game.next_game().first_dealer if game.is_over else None
    return {**new_state(chosen, seed, state["uid"], dealer), "won": state["won"]}


def _from_fragment(state: State, chosen: GameOptions, fragment: str) -> State:
    """``#game-seed=N`` (``&dealer=0|1`` for a game after another) starts that game.

    The game already on the page is kept when it is that one (a reload).
    """
    match = _FRAGMENT.match(fragment.lstrip("#"))
    if match is None:
        return {**state, "notice": {"key": "game.bad_fragment", "params": {}}}
    seed = int(match.group(1))
    dealer = None if match.group(2) is None else int(match.group(2))
    current = state["game"]
    if current["seed"] == seed and current["dealer"] == dealer:
        return state
    return {**new_state(chosen, seed, state["uid"], dealer), "won": state["won"]}


def fragment_of(state: State) -> str:
    data = state["game"]
    dealer = "" if data["dealer"] is None else f"&dealer={data['dealer']}"
    return f"game-seed={data['seed']}{dealer}"


def _answer(state: State, lang: Language, game: Game | None = None) -> dict[str, Any]:
    if game is not None:
        # Only this deal's reasons are ever shown again.
        start = _deal_start(game.events)
        why = {index: reason for index, reason in state["why"].items() if int(index) >= start}
        state = {**state, "game": game.to_json(), "why": why}
        _LAST_GAME.clear()
        _LAST_GAME[_game_key({**state["game"], "rules": game.rules.to_json()})] = game
    return {"html": game_view(state, lang, game=game), "state": state, "fragment": fragment_of(state)}


# -- the view ------------------------------------------------------------------------------


def _name(seat: int, lang: Language) -> str:
    return t("game.you" if seat == READER else "game.computer", lang)


def _who(seat: int) -> str:
    """The suffix of the message keys that differ by who acts (their grammar differs)."""
    return "you" if seat == READER else "computer"


def game_view(state: State, lang: Language, static: bool = False, game: Game | None = None) -> str:
    """The whole widget: board, table, the reader's choices, this deal's log, options.

    ``game``: the game of ``state`` when the caller has just checked and moved it.
    """
    options, chosen = GameOptions.from_json(state["options"]), GameOptions.from_json(state["next"])
    if game is None:
        game = _checked(state)[2]
    parts = [board_html(game, lang), _table_html(game, lang)]
    if static:
        parts.append(f'<p class="cb-prompt cb-static-only">{escape(t("game.static", lang))}</p>')
    # Controls need the engine: the page shows them once it runs (see cribbage.css).
    parts.append(f'<div class="cb-controls">{_choices_html(state, game, options, lang)}</div>')
    notice = state.get("notice")
    if isinstance(notice, dict) and notice.get("key") in _NOTICES:
        params = {key: int(value) for key, value in dict(notice.get("params", {})).items()}
        parts.append(f'<p class="cb-notice" role="alert">{escape(t(notice["key"], lang, **params))}</p>')
    parts.append(_log_html(state, game, options, lang))
    parts.append(f'<div class="cb-controls">{_options_box(state, chosen, lang)}</div>')
    return "".join(parts)


_NOTICES = ("game.choose_two", "game.bad_count", "game.overcount", "game.miscount", "game.short_muggins", "game.bad_fragment")


# -- the board ----------------------------------------------------------------------------

_HOLE = 9.0  # distance between holes of a street
_GAP = 6.0  # extra space between groups of five
_LEFT = 30.0  # room for the two start holes
_LANE = 9.0  # distance between the two players' lanes of a street
_STREET = 28.0  # distance between streets
_TOP = 12.0
_COLOURS = ("#1565c0", "#c62828")
_START = 8.0  # the start hole of the front peg; the back peg's is one hole right of it


def _hole_x(index: int) -> float:
    """x of the hole ``index`` (0-29) counted from the street's start on the left."""
    return _LEFT + index * _HOLE + (index // 5) * _GAP


_WIDTH = _hole_x(29) + 12


def hole_position(points: int, seat: int, target: int) -> tuple[float, float]:
    """Where a peg standing on ``points`` goes: streets of 30 holes, back and forth.

    0 is a start hole; ``target`` is the game hole, shared, after the last street.

    >>> hole_position(1, 0, 121)[0] < hole_position(30, 0, 121)[0]
    True
    >>> hole_position(31, 0, 121)[0] == hole_position(30, 0, 121)[0]
    True
    """
    streets = (target - 1) // 30
    if points >= target:
        street = streets - 1
        y = _TOP + street * _STREET + _LANE / 2
        return (12.0 if street % 2 else _WIDTH - 6), y
    if points <= 0:
        return _START, _TOP + seat * _LANE
    street, index = divmod(points - 1, 30)
    x = _hole_x(index) if street % 2 == 0 else _hole_x(29 - index)
    return x, _TOP + street * _STREET + seat * _LANE


def board_html(game: Game, lang: Language) -> str:
    """The board as inline SVG: every hole, and each player's front and back peg."""
    target = game.rules.target
    streets = (target - 1) // 30
    height = _TOP + (streets - 1) * _STREET + _LANE + 12
    holes = []
    for seat in (READER, COMPUTER):
        for points in range(1, target):
            x, y = hole_position(points, seat, target)
            holes.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="1.6"/>')
        x, y = hole_position(0, seat, target)
        holes.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="1.6"/><circle cx="{x + _HOLE:.1f}" cy="{y:.1f}" r="1.6"/>')
    gx, gy = hole_position(target, READER, target)
    holes.append(f'<circle cx="{gx:.1f}" cy="{gy:.1f}" r="2.4"/>')
    pegs = []
    summary = []
    for seat, (front, back) in enumerate(game.pegs):
        colour = _COLOURS[seat]
        bx, by = hole_position(back, seat, target)
        if back == 0:
            bx += _HOLE  # the back peg's own start hole
        fx, fy = hole_position(front, seat, target)
        pegs.append(
            f'<circle class="cb-peg-back" data-seat="{seat}" data-points="{back}" cx="{bx:.1f}" cy="{by:.1f}" r="3.4" '
            f'fill="#fff" stroke="{colour}" stroke-width="2.2"/>'
            f'<circle class="cb-peg-front" data-seat="{seat}" data-points="{front}" cx="{fx:.1f}" cy="{fy:.1f}" r="4.2" '
            f'fill="{colour}" stroke="#000" stroke-width="0.8"/>'
        )
        summary.append(t("game.pegs", lang, name=_name(seat, lang), front=front, back=back))
    label = t("game.board", lang, target=target) + ": " + "; ".join(summary)
    svg = (
        f'<svg class="cb-board" viewBox="0 0 {_WIDTH:.0f} {height:.0f}" role="img" aria-label="{escape(label)}" '
        f'xmlns="http://www.w3.org/2000/svg"><rect x="1" y="1" width="{_WIDTH - 2:.0f}" height="{height - 2:.0f}" rx="6" '
        f'class="cb-board-wood"/><g class="cb-holes">{"".join(holes)}</g>{"".join(pegs)}</svg>'
    )
    legend = "".join(
        f'<li data-seat="{seat}" data-score="{front}"><span class="cb-peg-key cb-seat{seat}" aria-hidden="true">●○</span> '
        f"<strong>{escape(_name(seat, lang))}</strong>: {escape(t('game.score_line', lang, front=front, back=back))}</li>"
        for seat, (front, back) in enumerate(game.pegs)
    )
    target_text = t("game.target", lang, target=target)
    return (
        f'<div class="cb-board-box">{svg}<ul class="cb-scores">{legend}</ul>'
        f'<p class="cb-target">{escape(target_text)}</p></div>'
    )


# -- the table: starter, pile, hands ------------------------------------------------------


def _table_html(game: Game, lang: Language) -> str:
    if game.dealer is None or game.deals == 0:
        return f'<p class="cb-prompt">{escape(t("game.start_prompt", lang))}</p>'
    # Between two deals the log still shows the last one, so its dealer is named.
    dealer = next(event.dealer for event in reversed(game.events) if event.kind == "deal")
    rows = [f'<p class="cb-dealer">{escape(t("game.dealer_" + _who(dealer), lang))}</p>']
    if game.starter is not None:
        rows.append(
            f'<p class="cb-deal"><span class="cb-label">{escape(t("ui.starter", lang))}:</span> '
            f'{card_html(game.starter, lang, "cb-starter")}</p>'
        )
    play = game.play_state
    if game.phase == "play" and play is not None:
        pile = cards_html(play.pile, lang) if play.pile else ""
        rows.append(
            f'<p class="cb-table-state"><span class="cb-label">{escape(t("ui.pile", lang))}:</span> {pile} '
            f'<span class="cb-label">{escape(t("ui.count", lang))}:</span> '
            f'<strong class="cb-running" data-count="{play.count}">{play.count}</strong></p>'
        )
        left = len(game.hand(COMPUTER))
        rows.append(f'<p class="cb-their-cards">{escape(t("game.cards_left", lang, count=left))}</p>')
    return f'<div class="cb-table">{"".join(rows)}</div>'


def _choices_html(state: State, game: Game, options: GameOptions, lang: Language) -> str:
    """What the reader can do now, and nothing else."""
    if game.is_over:
        return button_html(t("game.new_game", lang), "new", "new")
    if game.phase == "cut_for_deal" and game.to_act is None:
        return button_html(t("game.cut", lang), "cut", "cut")
    if game.phase == "deal" and game.to_act is None:
        return button_html(t("game.deal", lang), "deal", "deal")
    if game.to_act != READER:
        return ""
    if game.expected == "discard":
        return _discard_html(state, game, lang)
    if game.expected == "play":
        return _play_html(game, lang)
    if game.expected == "announce":
        return _announce_html(game, lang)
    return ""


def _discard_html(state: State, game: Game, lang: Language) -> str:
    selected = set(state["selected"])
    size = game.rules.discard_size
    prompt = t("game.choose_discard_" + _who(game.dealer), lang, count=size)
    buttons = "".join(
        f'<button type="button"{html_attributes(class_="cb-button cb-card-button", data_key=f"card-{card}", data_action="select", data_value=str(card), aria_pressed=str(str(card) in selected).lower())}>'
        f"{card_html(card, lang)}</button>"
        for card in game.hand(READER)
    )
    ready = len(selected) == size
    hint = ""
    if state.get("hint"):
        from .discard import analyse_discards

        dealt = game.hand(READER)
        options = analyse_discards(list(dealt), game.dealer == READER)
        hint = f'<div class="cb-hint-box">{discard_options_html(options[:5], lang)}</div>'
    hint_button = (
        f'<button type="button"{html_attributes(class_="cb-button cb-toggle", data_key="hint", data_action="hint", aria_pressed=str(bool(state.get("hint"))).lower())}>'
        f'{escape(t("game.hint", lang))}</button>'
    )
    return (
        f'<div class="cb-choice-box" role="group" aria-label="{escape(prompt)}"><p>{escape(prompt)}</p>'
        f'<div class="cb-hand">{buttons}</div>'
        f'{button_html(t("game.to_crib", lang), "discard", "discard", disabled=not ready)}{hint_button}</div>{hint}'
    )


def _play_html(game: Game, lang: Language) -> str:
    legal = set(game.legal_cards(READER))
    buttons = []
    for card in game.hand(READER):
        if card in legal:
            buttons.append(button_html("", f"play-{card}", "play", str(card), extra=card_html(card, lang)))
        else:
            why = f' <span class="cb-why">{escape(t("reason.over_31", lang))}</span>'
            buttons.append(button_html("", f"play-{card}", "play", str(card), disabled=True, extra=card_html(card, lang) + why))
    prompt = t("game.your_turn", lang)
    return (
        f'<div class="cb-choice-box" role="group" aria-label="{escape(prompt)}"><p>{escape(prompt)}</p>'
        f'<div class="cb-hand">{"".join(buttons)}</div></div>'
    )


def _announce_html(game: Game, lang: Language) -> str:
    owner, cards, crib = game.next_show()
    title = t("game.count_crib" if crib else "game.count_hand", lang)
    return (
        f'<div class="cb-choice-box"><p>{escape(title)}</p><p class="cb-deal">{cards_html(cards, lang)} '
        f'<span class="cb-label">{escape(t("ui.starter", lang))}</span> {card_html(game.starter, lang, "cb-starter")}</p>'
        f'<form class="cb-answer" data-action="announce"><label class="cb-field"><span class="cb-label">'
        f'{escape(t("ui.your_count", lang))}</span><input type="number" name="said" min="0" max="29" step="1" '
        f'inputmode="numeric" required data-key="said"></label> '
        f'<button type="submit" class="cb-button" data-key="announce">{escape(t("game.announce", lang))}</button></form></div>'
    )


# -- the log of this deal -------------------------------------------------------------------


def _deal_start(events: Sequence[Event]) -> int:
    """Index of the first event of the latest deal (its cut for deal included)."""
    for index in range(len(events) - 1, -1, -1):
        if events[index].kind == "deal":
            if index and events[index - 1].kind in ("cut_for_deal", "three_for_last"):
                index -= 1
            return index
    return 0


def _log_html(state: State, game: Game, options: GameOptions, lang: Language) -> str:
    events = game.events
    start = _deal_start(events)
    seen = state.get("seen", 0)
    revealed = game.is_over or any(e.kind == "show" and e.seat == COMPUTER and not e.crib for e in events[start:])
    items = []
    for index in range(start, len(events)):
        html = _event_html(events[index], index, state["why"], revealed, game, lang)
        # What happened since the reader's last move is marked, and widgets.js reads it out.
        mark = ' class="cb-new" data-announce' if index >= seen else ""
        items.append(f"<li{mark}>{html}</li>")
    title = t("game.log", lang, n=max(game.deals, 1))
    won = state["won"]
    record = t("game.record", lang, you=won[READER], computer=won[COMPUTER])
    return (
        f'<div class="cb-result"><details class="cb-log-box" open><summary>{escape(title)}</summary>'
        f'<ol class="cb-log">{"".join(items)}</ol></details>'
        f'<p class="cb-record">{escape(record)}</p></div>'
    )


def _scored(seat: int, points: int, lang: Language) -> str:
    if not points:
        return ""
    return f' <strong class="cb-pegged" data-seat="{seat}">{escape(t("game.pegs_" + _who(seat), lang, points=points_text(points, lang)))}</strong>'


def _event_html(event: Event, index: int, why: dict[str, Any], revealed: bool, game: Game, lang: Language) -> str:
    kind = event.kind
    if kind == "cut_for_deal":
        lines = []
        for number, cuts in enumerate(event.rounds):
            cards = dict(cuts)
            text = t("game.cut_cards", lang)
            lines.append(
                f"{escape(text)}: {escape(_name(READER, lang))} {card_html(cards[READER], lang)}, "
                f"{escape(_name(COMPUTER, lang))} {card_html(cards[COMPUTER], lang)}."
                + (f" {escape(t('game.cut_tie', lang))}" if number < len(event.rounds) - 1 else "")
            )
        lines.append(escape(t("game.cut_" + _who(event.dealer), lang)))
        return " ".join(lines)
    if kind == "deal":
        return escape(t("game.deals_" + _who(event.dealer), lang, n=game.deals))
    if kind == "discard":
        if event.seat == READER:
            return escape(t("game.discard_you", lang)) + " " + cards_html(event.cards, lang)
        return escape(t("game.discard_computer", lang)) + _why_html(why.get(str(index)), revealed, lang)
    if kind == "starter":
        text = escape(t("game.starter", lang)) + " " + card_html(event.card, lang, "cb-starter")
        if event.points:
            text += " " + escape(t("game.heels", lang)) + _scored(event.seat, event.points, lang)
        return text
    if kind == "play":
        action = event.action
        who = _who(event.seat)
        if action.card is None:
            text = escape(t("game.go_" + who, lang))
        else:
            text = f'{escape(t("game.plays_" + who, lang))} {card_html(action.card, lang)} <span class="cb-count">{escape(t("play.count", lang, count=action.count))}</span>'
        if action.points:
            reasons = "; ".join(reason_text(item, lang) for item in action.reasons)
            text += f' <span class="cb-reasons">({escape(reasons)})</span>' + _scored(event.seat, action.points, lang)
        if action.reset:
            text += f' <span class="cb-reset">{escape(t("play.reset", lang))}</span>'
        if event.seat == COMPUTER and action.card is not None:
            text += _why_html(why.get(str(index)), True, lang)
        return text
    if kind == "show":
        key = ("game.show_crib_" if event.crib else "game.show_hand_") + _who(event.seat)
        said = ""
        if event.announced is not None:
            said = f'<p class="cb-said">{escape(t("game.announced_" + _who(event.seat), lang, said=event.announced))}</p>'
        return (
            f'<span class="cb-show-title">{escape(t(key, lang))}</span>{_scored(event.seat, event.points, lang)}'
            f"{said}{show_html(event.hand, event.starter, event.crib, lang)}"
        )
    if kind == "muggins":
        if not event.points:
            return escape(t("game.muggins_declined", lang))
        return escape(t("game.muggins_" + _who(event.seat), lang)) + _scored(event.seat, event.points, lang)
    if kind == "game_over":
        return _game_over_html(event, game, lang)
    return escape(kind)


def _game_over_html(event: Event, game: Game, lang: Language) -> str:
    rules = game.rules
    parts = [f'<strong class="cb-winner" data-winner="{event.winner}">{escape(t("game.wins_" + _who(event.winner), lang, target=rules.target))}</strong>']
    loser = 1 - event.winner
    outcome = event.outcomes[loser]
    if outcome in ("skunk", "double_skunk"):
        line = rules.skunk_line if outcome == "skunk" else rules.double_skunk_line
        parts.append(
            f'<span class="cb-skunk" data-outcome="{outcome}">'
            f'{escape(t(f"game.{outcome}_{_who(loser)}", lang, line=line))}</span>'
        )
    parts.append(escape(t("game.next_dealer_" + _who(loser), lang)))
    return " ".join(parts)


def _number(value: Any) -> str:
    return f"{float(value):.2f}"


_REASONS = ("best_expected_value", "best_hand", "random", "takes_points", "safest", "highest_card", "only_card")


def _why_html(reason: Any, revealed: bool, lang: Language) -> str:
    """The computer's reason behind one decision, in a disclosure the keyboard opens."""
    if not isinstance(reason, dict):
        return ""
    code, params = reason.get("code"), reason.get("params")
    if not isinstance(params, dict):
        raise ValueError("bad reason")
    if code == "best_expected_value":
        body = escape(t("game.why_later", lang)) if not revealed else _why_discard(params, lang)
    elif code == "best_hand":
        body = (
            escape(t("game.why_later", lang)) if not revealed else
            escape(t("game.why_best_hand", lang, hand=_number(params["hand_mean"]))) + " " + cards_html(parse_cards(params["keep"]), lang)
        )
    elif code == "random":
        body = escape(t("game.why_random", lang))
    elif code == "takes_points":
        body = escape(t("game.why_takes_points", lang, points=points_text(int(params["points"]), lang)))
    elif code == "safest":
        body = escape(t("game.why_safest", lang, risk=_number(params["risk"])))
    elif code == "highest_card":
        body = escape(t("game.why_highest", lang))
    elif code == "only_card":
        body = escape(t("game.why_only_card", lang))
    else:
        raise ValueError("bad reason")
    return (
        f' <details class="cb-why-box"><summary>{escape(t("game.why", lang))}</summary>'
        f'<div class="cb-why-text">{body}</div></details>'
    )


def _why_discard(params: dict[str, Any], lang: Language) -> str:
    key = "game.why_discard_dealer" if params.get("dealer") else "game.why_discard_pone"
    text = escape(t(key, lang, hand=_number(params["hand_mean"]), crib=_number(params["crib_mean"]), net=_number(params["net"])))
    best_class = ' class="cb-best"'
    rows = [(params, True)] + [(option, False) for option in params.get("alternatives", [])[:5]]
    body = "".join(
        f"<tr{best_class if best else ''}>"
        f'<td>{cards_html(parse_cards(row["discard"]), lang)}</td>'
        f'<td>{_number(row["hand_mean"])}</td><td>{_number(row["crib_mean"])}</td><td>{_number(row["net"])}</td></tr>'
        for row, best in rows
    )
    head = "".join(
        f'<th scope="col">{escape(t(key, lang))}</th>' for key in ("ui.discard", "ui.hand_mean", "ui.crib_mean", "ui.net")
    )
    return (
        f"<p>{text}</p><p>{escape(t('ui.keep', lang))}: {cards_html(parse_cards(params['keep']), lang)}</p>"
        f'<table class="cb-options"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
    )


# -- options ------------------------------------------------------------------------------


def _options_box(state: State, chosen: GameOptions, lang: Language) -> str:
    uid = state["uid"]
    groups = [
        radio_group_html(t("game.opt_target", lang), "target", [(str(n), str(n)) for n in TARGETS], str(chosen.target), uid),
        radio_group_html(
            t("game.opt_strength", lang), "strength",
            [(name, t(f"game.strength_{name}", lang)) for name in STRENGTHS], chosen.strength, uid,
        ),
        radio_group_html(
            t("game.opt_counting", lang), "counting",
            [("auto", t("game.counting_auto", lang)), ("manual", t("game.counting_manual", lang))], chosen.counting, uid,
        ),
        radio_group_html(
            t("game.opt_muggins", lang), "muggins",
            [("0", t("game.no", lang)), ("1", t("game.yes", lang))], str(int(chosen.muggins)), uid,
        ),
    ]
    seed = state["game"]["seed"]
    share = (
        f'<p class="cb-share">{escape(t("game.share", lang, seed=seed))} '
        f'<code>#{escape(fragment_of(state))}</code></p>'
    )
    return (
        f'<details class="cb-options-box"><summary>{escape(t("game.options", lang))}</summary>'
        f'{"".join(groups)}<p>{button_html(t("game.new_with_options", lang), "new-options", "new")}</p>{share}</details>'
    )


# -- the block ----------------------------------------------------------------------------

_KEYS = ("target", "strength", "counting", "muggins", "seed")


def game_block(source: str, lang: Language, uid: str | None = None) -> str:
    """The static game: the board, an empty table and the options from the block.

    >>> html = game_block("target: 61\\nstrength: easy", "en", "g1")
    >>> 'data-widget="game"' in html and 'data-persist="game"' in html
    True
    """
    fields = parse_fields("game", source)
    values: dict[str, Any] = {}
    for key, (value, line) in fields.items():
        try:
            if key == "target":
                values[key] = int(value)
            elif key == "muggins":
                values[key] = {"yes": True, "no": False}[value.lower()]
            elif key == "seed":
                if not value.isdigit() or int(value) >= MAX_SEED:
                    raise ValueError(value)
            else:
                values[key] = value.lower()
            options = GameOptions(**values)
        except (ValueError, KeyError) as error:
            raise BlockError("block_bad_value", line, key=key, value=value) from error
    options = GameOptions(**values)
    seed = int(fields["seed"][0]) if "seed" in fields else 1
    state = {**new_state(options, seed, uid or "cb-game"), "fresh": "seed" not in fields}
    html = widget_html("game", state, lang, game_view(state, lang, static=True), t("game.title", lang))
    # The game is kept across reloads and shared by its seed (widgets.js reads these).
    return html.replace(' data-widget="game"', ' data-widget="game" data-persist="game" data-fragment-key="game-seed"', 1)
