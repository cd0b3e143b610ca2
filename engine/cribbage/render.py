"""HTML for every live example, the same at build time and in the browser.

The build calls :func:`render_block` on each fenced ``cribbage-*`` block; the
browser's worker calls :func:`update` with the widget's state and the reader's
action and swaps in the HTML it returns. Both end in the same ``*_view``
functions, so a page never shows two different counts for the same cards.
Every piece of text goes through :func:`html.escape`.

>>> html = render_block("hand", "hand: 5H 5S 5C JD\\nstarter: 5D\\nexpect: 29", "en")
>>> 'data-widget="hand"' in html, 'data-total="29"' in html
(True, True)
>>> "Fifteen two, fifteen four" in html
True
>>> render_block("hand", "hand: 5H 5S 5C JD\\nstarter: 5D\\nexpect: 28", "en")
Traceback (most recent call last):
...
cribbage.render.BlockError: line 3: expect says 28 but the engine says 29
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any

from .cards import DECK, RANK_SYMBOLS, SUITS, Card, parse_cards
from .discard import analyse_discards, crib_rank_table
from .errors import CardCountError, CribbageError, StarterInHandError
from .i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    Language,
    card_label,
    card_name,
    card_symbol,
    error_message,
    lookup,
    number_word,
    suit_name,
    t,
)
from .play import Play, PlayAction, replay
from .show import ScoreItem, ShowScore, score_show

BlockKind = str
"""``hand``, ``play``, ``practice`` or ``advisor``."""

State = dict[str, Any]
"""A widget's state as JSON-ready data (kept on the widget root)."""

Action = dict[str, Any]
"""What the reader did: ``{"action": "set", "name": "card1", "value": "5H"}``."""

GO = "GO"
"""A go in a play's list of moves."""

MAX_FRAGMENT = 200
BAR_EM = 6.0
"""Length of the longest bar in the advisor's charts."""


class BlockError(CribbageError):
    """An invalid live block: ``code`` names what is wrong, ``line`` where.

    ``line`` counts from the first line inside the fence (1), or is 0 when the
    problem is not on one line (a missing key).
    """

    code = "block"

    def __init__(self, code: str, line: int = 0, /, **params: Any) -> None:
        self.code = code
        self.line = line
        self.text = t(f"error.{code}", DEFAULT_LANGUAGE, **params)
        super().__init__(f"line {line}: {self.text}" if line else self.text, **params)


# -- block source ------------------------------------------------------------

Fields = dict[str, tuple[str, int]]
"""``key -> (value, line)`` of one block."""

_KEYS: dict[BlockKind, tuple[str, ...]] = {
    "hand": ("hand", "starter", "crib", "expect"),
    "play": ("players", "hands", "plays", "start", "five-card", "expect"),
    "practice": ("crib",),
    "advisor": ("cards", "dealer", "players", "five-card"),
    "game": ("target", "strength", "counting", "muggins", "seed"),
    "crib-table": ("published", "source"),
}
_REQUIRED: dict[BlockKind, tuple[str, ...]] = {
    "hand": ("hand", "starter"),
    "play": ("hands",),
    "practice": (),
    "advisor": ("cards",),
    "game": (),
    "crib-table": (),
}
_LINE = re.compile(r"^\s*([A-Za-z][A-Za-z-]*)\s*:\s*(.*?)\s*$")


def parse_fields(kind: BlockKind, source: str) -> Fields:
    """Read ``key: value`` lines (blank lines and ``#`` comments are skipped).

    >>> parse_fields("hand", "hand: 5H 5S 5C JD\\n\\nstarter: 5D")
    {'hand': ('5H 5S 5C JD', 1), 'starter': ('5D', 3)}
    """
    if kind not in _KEYS:
        raise BlockError("block_unknown_kind", kind=kind)
    fields: Fields = {}
    for number, line in enumerate(source.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _LINE.match(line)
        if match is None:
            raise BlockError("block_syntax", number, text=line.strip())
        key, value = match.group(1).lower(), match.group(2)
        if key not in _KEYS[kind]:
            raise BlockError("block_unknown_key", number, key=key, known=", ".join(_KEYS[kind]))
        if key in fields:
            raise BlockError("block_duplicate_key", number, key=key)
        fields[key] = (value, number)
    for key in _REQUIRED[kind]:
        if key not in fields:
            raise BlockError("block_missing_key", key=key)
    return fields


def _flag(fields: Fields, key: str, default: bool = False) -> bool:
    if key not in fields:
        return default
    value, line = fields[key]
    lowered = value.lower()
    if lowered in ("yes", "true", "1", "on"):
        return True
    if lowered in ("no", "false", "0", "off"):
        return False
    raise BlockError("block_bad_value", line, key=key, value=value)


def _integer(fields: Fields, key: str, default: int, allowed: Iterable[int]) -> int:
    if key not in fields:
        return default
    value, line = fields[key]
    if not value.isdigit() or int(value) not in allowed:
        raise BlockError("block_bad_value", line, key=key, value=value)
    return int(value)


def _cards(fields: Fields, key: str) -> tuple[Card, ...]:
    value, line = fields[key]
    try:
        return parse_cards(value)
    except CribbageError as error:
        raise BlockError("block_bad_value", line, key=key, value=f"{value} ({error})") from error


def _expect(fields: Fields, actual: Sequence[int]) -> None:
    """Compare ``expect`` (``29`` or ``5 | 3``) with what the engine found."""
    if "expect" not in fields:
        return
    value, line = fields["expect"]
    parts = [part.strip() for part in value.split("|")]
    if not all(part.isdigit() for part in parts):
        raise BlockError("block_bad_value", line, key="expect", value=value)
    if [int(part) for part in parts] != list(actual):
        raise BlockError("block_expect", line, expected=value, actual=" | ".join(map(str, actual)))


# -- small HTML pieces ---------------------------------------------------------


def html_attributes(**attributes: Any) -> str:
    """`` name="value"`` pairs, escaped; ``True`` alone, ``None``/``False`` left out."""
    parts = []
    for name, value in attributes.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        parts.append(f" {name}" if value is True else f' {name}="{escape(str(value))}"')
    return "".join(parts)


def _sr(text: str) -> str:
    """Text for screen readers only."""
    return f'<span class="cb-sr">{escape(text)}</span>'


def card_html(card: Card, lang: Language, extra_class: str = "", hidden: bool = False) -> str:
    """A card face: rank and suit symbol visible, its full name for screen readers.

    >>> card_html(Card(5, "H"), "pl")
    '<span class="cb-card cb-H"><span aria-hidden="true">5♥</span><span class="cb-sr">piątka kier</span></span>'
    """
    classes = f"cb-card cb-{card.suit}" + (f" {extra_class}" if extra_class else "")
    if hidden:
        return f'<span class="{classes}" aria-hidden="true">{escape(card_symbol(card))}</span>'
    return (
        f'<span class="{classes}"><span aria-hidden="true">{escape(card_symbol(card))}</span>'
        f"{_sr(card_name(card, lang))}</span>"
    )


def cards_html(cards: Iterable[Card], lang: Language) -> str:
    return '<span class="cb-cards">' + "".join(card_html(card, lang) for card in cards) + "</span>"


def card_select(name: str, label: str, selected: str, lang: Language, key: str) -> str:
    """A labelled ``<select>`` of the 52 cards grouped by suit (keyboard and touch friendly)."""
    options = [f'<option value=""{" selected" if not selected else ""}>{escape(t("ui.choose_card", lang))}</option>']
    for suit in SUITS:
        options.append(f'<optgroup label="{escape(suit_name(suit, lang))}">')
        for card in DECK:
            if card.suit == suit:
                value = str(card)
                mark = " selected" if value == selected else ""
                options.append(f'<option value="{value}"{mark}>{escape(card_label(card, lang))}</option>')
        options.append("</optgroup>")
    return (
        f'<label class="cb-field"><span class="cb-label">{escape(label)}</span>'
        f'<select{html_attributes(name=name, data_key=key, data_action="set")}>{"".join(options)}</select></label>'
    )


def radio_group_html(legend: str, name: str, choices: Sequence[tuple[str, str]], chosen: str, uid: str) -> str:
    inputs = "".join(
        f'<label class="cb-choice"><input type="radio"'
        f"{html_attributes(name=f'{uid}-{name}', value=value, checked=value == chosen, data_name=name, data_action='set', data_key=f'{name}-{value}')}>"
        f" {escape(text)}</label>"
        for value, text in choices
    )
    return f'<fieldset class="cb-switch"><legend>{escape(legend)}</legend>{inputs}</fieldset>'


def button_html(text: str, key: str, action: str, value: Any = None, disabled: bool = False, extra: str = "") -> str:
    return (
        f'<button type="button"{html_attributes(class_="cb-button", data_key=key, data_action=action, data_value=value, disabled=disabled)}>'
        f"{escape(text)}{extra}</button>"
    )


def points_text(points: int, lang: Language) -> str:
    return t("ui.points", lang, count=points)


def widget_html(kind: BlockKind, state: State, lang: Language, view: str, label: str) -> str:
    """The widget root every kind shares: its state, its words for loading and failure."""
    attributes = html_attributes(
        class_=f"cribbage-widget cb-{kind}",
        data_widget=kind,
        data_lang=lang,
        data_state=json.dumps(state, separators=(",", ":")),
        data_msg_loading=t("ui.loading", lang),
        data_msg_unavailable=t("ui.unavailable", lang),
        role="group",
        aria_label=label,
        data_search_exclude=True,  # the prose around an example is what search should find
    )
    return (
        f'<div{attributes}><div class="cb-view">{view}</div>'
        f'<p class="cb-status" role="status" aria-live="polite"></p></div>'
    )


# -- the show: hand and crib ----------------------------------------------------


def _grouped(items: Sequence[ScoreItem]) -> list[tuple[str, int, int]]:
    """Items as players say them: ``(spoken kind, points, length)``.

    Pairs of one rank are said together: three cards are a pair royal (6), four a
    double pair royal (12). Runs that share cards are said as one double run
    (two runs and their pair), triple run (three runs and a pair royal) or
    double double run (four runs and two pairs).
    """
    runs = [item for item in items if item.kind == "run"]
    merged_ranks = {card.rank for item in runs for card in item.cards} if len(runs) > 1 else set()
    pairs: dict[int, int] = {}
    for item in items:
        if item.kind == "pair":
            pairs[item.cards[0].rank] = pairs.get(item.cards[0].rank, 0) + item.points
    said: list[tuple[str, int, int]] = []
    done: set[str | int] = set()
    for item in items:
        if item.kind == "pair":
            rank = item.cards[0].rank
            if rank not in done and rank not in merged_ranks:
                done.add(rank)
                said.append(({2: "pair", 6: "pair_royal", 12: "double_pair_royal"}[pairs[rank]], pairs[rank], 0))
        elif item.kind == "run" and merged_ranks:
            if "runs" not in done:
                done.add("runs")
                points = sum(run.points for run in runs) + sum(pairs.get(rank, 0) for rank in merged_ranks)
                kind = {2: "double_run", 3: "triple_run", 4: "double_double_run"}[len(runs)]
                said.append((kind, points, len(item.cards)))
        else:
            said.append((item.kind, item.points, len(item.cards)))
    return said


def spoken_count(score: ShowScore, lang: Language) -> str:
    """The count said aloud, each step naming the running total.

    >>> from cribbage.cards import parse_hand_and_starter
    >>> spoken_count(score_show(*parse_hand_and_starter("5H 5S JC 2D", "4D")), "en")
    'Fifteen two, fifteen four, and a pair is six'
    >>> spoken_count(score_show(*parse_hand_and_starter("4H 4S 5C 6D", "10H")), "en")
    'Fifteen two, fifteen four, fifteen six, and a double run of three is fourteen'
    >>> spoken_count(score_show(*parse_hand_and_starter("5H 5S JC 2D", "4D")), "cs")
    'Patnáct dva, patnáct čtyři a dvojice, to je šest'
    """
    if not score.items:
        text = t("spoken.nothing", lang)
        return text[:1].upper() + text[1:]
    running = 0
    phrases = []
    for kind, points, length in _grouped(score.items):
        running += points
        words = {"n": number_word(running, lang), "length": length, "length_word": number_word(length, lang)}
        phrases.append(t(f"spoken.{kind}", lang, **words))
    text = phrases[0]
    if len(phrases) > 1:
        text = t("spoken.last", lang, rest=t("spoken.join", lang).join(phrases[:-1]), last=phrases[-1])
    return text[:1].upper() + text[1:]


def _kind_label(item: ScoreItem, lang: Language) -> str:
    return t(f"kind.{item.kind}", lang)


def score_items_html(score: ShowScore, shown: Sequence[Card], lang: Language) -> str:
    """Each scoring combination with its cards highlighted among all shown cards."""
    if not score.items:
        return f'<p class="cb-none">{escape(t("ui.no_score", lang))}</p>'
    rows = []
    for item in score.items:
        faces = "".join(
            card_html(card, lang, "cb-in") if card in item.cards else card_html(card, lang, "cb-out", hidden=True)
            for card in shown
        )
        rows.append(
            f'<li class="cb-item" data-kind="{escape(item.kind)}"><span class="cb-kind">{escape(_kind_label(item, lang))}</span>'
            f'<span class="cb-combo">{faces}</span><span class="cb-points">{escape(points_text(item.points, lang))}</span></li>'
        )
    return f'<ol class="cb-items" aria-label="{escape(t("ui.breakdown", lang))}">{"".join(rows)}</ol>'


def show_html(hand: Sequence[Card], starter: Card, crib: bool, lang: Language) -> str:
    """The full count of a hand or crib: cards, items, total, the count said aloud."""
    score = score_show(hand, starter, crib=crib)
    shown = (*hand, starter)
    return (
        f'<div class="cb-show"><p class="cb-deal"><span class="cb-label">{escape(t("ui.crib" if crib else "ui.hand", lang))}</span> '
        f'{cards_html(hand, lang)} <span class="cb-label">{escape(t("ui.starter", lang))}</span> '
        f'{card_html(starter, lang, "cb-starter")}</p>'
        f"{score_items_html(score, shown, lang)}"
        f'<p class="cb-total" data-announce><span class="cb-label">{escape(t("ui.total", lang))}:</span> '
        f'<strong data-total="{score.total}">{score.total}</strong></p>'
        f'<p class="cb-spoken" data-announce><span class="cb-label">{escape(t("ui.spoken", lang))}:</span> '
        f"<q>{escape(spoken_count(score, lang))}</q></p></div>"
    )


def _error_html(error: Exception, lang: Language) -> str:
    return f'<p class="cb-error" data-announce>{escape(error_message(error, lang))}</p>'


def hand_state(hand: Sequence[str], starter: str, crib: bool, uid: str) -> State:
    return {"uid": uid, "hand": list(hand), "starter": starter, "crib": crib}


def _checked_hand(state: State) -> tuple[list[str], str, bool, str]:
    hand, starter, crib, uid = state.get("hand"), state.get("starter"), state.get("crib"), state.get("uid", "cb")
    if not (isinstance(hand, list) and 3 <= len(hand) <= 4 and all(isinstance(card, str) for card in hand)):
        raise ValueError("bad hand state")
    if not isinstance(starter, str) or not isinstance(crib, bool) or not _UID.match(str(uid)):
        raise ValueError("bad hand state")
    return hand, starter, crib, uid


def hand_fragment(state: State) -> str:
    """The URL fragment that gives this hand back: ``hand=5H,5S,5C,JD&starter=5D&crib=0``."""
    return f"hand={','.join(state['hand'])}&starter={state['starter']}&crib={int(state['crib'])}"


def parse_hand_fragment(fragment: str) -> tuple[tuple[Card, ...], Card, bool]:
    """Read a shared hand from a URL fragment, refusing anything else.

    >>> hand, starter, crib = parse_hand_fragment("#hand=5H,5S,5C,JD&starter=5D&crib=0")
    >>> " ".join(map(str, hand)), str(starter), crib
    ('5H 5S 5C JD', '5D', False)
    >>> parse_hand_fragment("hand=5H,5S,5C,JD&starter=<script>")
    Traceback (most recent call last):
    ...
    cribbage.render.BlockError: “starter” is not a valid value for “fragment”
    """
    text = fragment[1:] if fragment.startswith("#") else fragment
    if len(text) > MAX_FRAGMENT:
        raise BlockError("block_bad_value", key="fragment", value="…")
    fields: dict[str, str] = {}
    for part in text.split("&"):
        key, sep, value = part.partition("=")
        if not sep or key not in ("hand", "starter", "crib") or key in fields:
            raise BlockError("block_bad_value", key="fragment", value=key)
        fields[key] = value
    if "hand" not in fields or "starter" not in fields:
        raise BlockError("block_missing_key", key="hand" if "hand" not in fields else "starter")
    if fields.get("crib", "0") not in ("0", "1"):
        raise BlockError("block_bad_value", key="fragment", value="crib")
    try:
        hand = parse_cards(fields["hand"].split(","))
    except CribbageError as error:
        raise BlockError("block_bad_value", key="fragment", value="hand") from error
    try:
        starter = Card.parse(fields["starter"])
    except CribbageError as error:
        raise BlockError("block_bad_value", key="fragment", value="starter") from error
    if len(hand) not in (3, 4):
        raise BlockError("block_bad_value", key="fragment", value="hand")
    if starter in hand:
        raise BlockError("block_bad_value", key="fragment", value="starter")
    return hand, starter, fields.get("crib") == "1"


def hand_view(state: State, lang: Language, notice: str = "") -> str:
    """The hand scorer: its pickers, the switch and the count (or what is wrong)."""
    hand_texts, starter_text, crib, uid = _checked_hand(state)
    pickers = "".join(
        card_select(f"card{i}", t("ui.card_n", lang, n=i + 1), text, lang, f"card{i}") for i, text in enumerate(hand_texts)
    )
    pickers += card_select("starter", t("ui.starter", lang), starter_text, lang, "starter")
    # A three-card hand is the five-card game, whose crib has four cards: no switch there.
    switch = (
        radio_group_html(t("ui.count_as", lang), "crib", (("0", t("ui.hand", lang)), ("1", t("ui.crib", lang))), str(int(crib)), uid)
        if len(hand_texts) == 4
        else ""
    )
    controls = f'<div class="cb-controls"><div class="cb-pickers">{pickers}</div>{switch}</div>'
    try:
        chosen = [text for text in (*hand_texts, starter_text) if text]
        if len(chosen) != len(hand_texts) + 1:
            raise CardCountError("a card is missing", expected=len(hand_texts) + 1, got=len(chosen))
        cards = parse_cards(chosen)
        result = show_html(cards[:-1], cards[-1], crib, lang)
    except CribbageError as error:
        result = _error_html(_friendlier(error, hand_texts, starter_text), lang)
    except ValueError:
        result = _error_html(CribbageError("bad input"), lang)
    note = f'<p class="cb-notice" data-announce>{escape(notice)}</p>' if notice else ""
    return f'{controls}{note}<div class="cb-result">{result}</div>'


def _friendlier(error: CribbageError, hand: Sequence[str], starter: str) -> CribbageError:
    """A duplicate between the hand and the starter is the starter's fault."""
    if error.code == "duplicate_card" and starter and error.params.get("card") == str(Card.parse(starter)):
        return StarterInHandError(str(error), card=starter)
    return error


_UID = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,40}$")


def _uid(kind: BlockKind, source: str) -> str:
    return "cb-" + kind[0] + hashlib.sha1(source.encode()).hexdigest()[:8]


def hand_block(source: str, lang: Language, uid: str | None = None) -> str:
    fields = parse_fields("hand", source)
    hand = _cards(fields, "hand")
    starter = _cards(fields, "starter")
    crib = _flag(fields, "crib")
    if len(starter) != 1:
        raise BlockError("block_bad_value", fields["starter"][1], key="starter", value=fields["starter"][0])
    try:
        score = score_show(hand, starter[0], crib=crib)
    except CribbageError as error:
        raise BlockError("block_bad_value", fields["hand"][1], key="hand", value=f"{fields['hand'][0]} ({error})") from error
    _expect(fields, [score.total])
    state = hand_state([str(card) for card in hand], str(starter[0]), crib, uid or _uid("hand", source))
    return widget_html("hand", state, lang, hand_view(state, lang), t("ui.crib" if crib else "ui.hand", lang))


def hand_update(state: State, action: Action, lang: Language) -> dict[str, Any]:
    hand, starter, crib, uid = _checked_hand(state)
    notice = ""
    name, value = action.get("name"), str(action.get("value", ""))
    if action.get("action") == "fragment":
        try:
            cards, cut, crib = parse_hand_fragment(value)
            hand, starter = [str(card) for card in cards], str(cut)
        except CribbageError as error:
            notice = t("error.bad_fragment", lang, detail=error_message(error, lang))
    elif action.get("action") == "set":
        if name == "crib":
            crib = value == "1"
        elif name == "starter" and (value == "" or _is_card(value)):
            starter = value
        elif isinstance(name, str) and name.startswith("card") and name[4:].isdigit() and int(name[4:]) < len(hand):
            if value == "" or _is_card(value):
                hand[int(name[4:])] = value
    state = hand_state(hand, starter, crib, uid)
    view = hand_view(state, lang, notice)
    result: dict[str, Any] = {"html": view, "state": state}
    if not notice and 'data-total="' in view:
        result["fragment"] = hand_fragment(state)
    return result


def _is_card(text: str) -> bool:
    return any(str(card) == text for card in DECK)


# -- the play (pegging) -------------------------------------------------------------


def seat_name(seat: int, players: int, lang: Language) -> str:
    """``Player 1`` ... the last seat is the dealer."""
    name = t("ui.player", lang, n=seat + 1)
    return f"{name} ({t('ui.dealer', lang)})" if seat == players - 1 else name


def reason_text(item: ScoreItem, lang: Language) -> str:
    """``fifteen for 2``, ``run of 3 for 3`` ..."""
    points = points_text(item.points, lang)
    if item.kind == "run":
        return t("play.reason_run", lang, length=len(item.cards), points=points)
    kind = item.kind
    if kind == "pair":
        kind = {2: "pair", 3: "pair_royal", 4: "double_pair_royal"}.get(len(item.cards), "pair")
    return t("play.reason", lang, kind=t(f"kind.{kind}", lang), points=points)


def _action_html(action: PlayAction, players: int, lang: Language, ends_play: bool = False) -> str:
    """One action as a reader hears it; the last action of the play ends it rather than resetting."""
    reasons = "; ".join(reason_text(item, lang) for item in action.reasons)
    card = card_html(action.card, lang) if action.card else f'<span class="cb-go">{escape(t("kind.go", lang))}</span>'
    who = seat_name(action.seat, players, lang)
    parts = [
        f'<span class="cb-who">{escape(who)}</span> {card}',
        f'<span class="cb-count">{escape(t("play.count", lang, count=action.count))}</span>',
    ]
    if action.points:
        parts.append(f'<span class="cb-reasons">{escape(reasons)}</span>')
    if action.reset and not ends_play:
        parts.append(f'<span class="cb-reset">{escape(t("play.reset", lang))}</span>')
    return " ".join(parts)


def _moves(actions: Iterable[PlayAction]) -> list[str]:
    return [GO if action.card is None else str(action.card) for action in actions]


def _apply_moves(hands: Sequence[Sequence[Card]], moves: Sequence[str], five_card: bool) -> Play:
    play = Play(hands, five_card=five_card)
    for move in moves:
        play.go() if move == GO else play.play(Card.parse(move))
    return play


def play_state(hands: Sequence[Sequence[Card]], sample: list[str], step: int, five_card: bool, uid: str) -> State:
    return {
        "uid": uid,
        "hands": [[str(card) for card in hand] for hand in hands],
        "sample": sample,
        "moves": list(sample),
        "step": step,
        "five_card": five_card,
        "self": False,
    }


def _checked_play(state: State) -> tuple[list[tuple[Card, ...]], list[str], list[str], int, bool, bool, str]:
    hands = [parse_cards(hand) for hand in state["hands"]]
    sample, moves = list(state["sample"]), list(state["moves"])
    for move in (*sample, *moves):
        if move != GO and not _is_card(move):
            raise ValueError("bad move")
    step, five_card, yourself, uid = state["step"], state["five_card"], state["self"], state["uid"]
    if not isinstance(step, int) or not 0 <= step <= len(moves) or not _UID.match(str(uid)):
        raise ValueError("bad step")
    return hands, sample, moves, step, bool(five_card), bool(yourself), uid


def play_view(state: State, lang: Language) -> str:
    """The pegging player at its current step: hands, pile, count, log and the controls."""
    hands, _sample, moves, step, five_card, yourself, uid = _checked_play(state)
    players = len(hands)
    full = _apply_moves(hands, moves, five_card)
    actions = full.actions
    now = _apply_moves(hands, moves[:step], five_card)
    last = len(moves)
    nav = "".join(
        (
            button_html(t("ui.first", lang), "first", "step", 0, step == 0, ""),
            button_html(t("ui.back", lang), "back", "step", step - 1, step == 0),
            button_html(t("ui.forward", lang), "forward", "step", step + 1, step >= last),
            button_html(t("ui.last", lang), "last", "step", last, step >= last),
            button_html(t("ui.reset", lang), "reset", "reset"),
            f'<button type="button"{html_attributes(class_="cb-button cb-toggle", data_key="self", data_action="self", aria_pressed=str(yourself).lower())}>'
            f'{escape(t("ui.mode_self", lang))}</button>',
        )
    )
    controls = (
        f'<div class="cb-controls"><div class="cb-nav" role="group" aria-label="{escape(t("ui.log", lang))}">{nav}</div>'
        f'<p class="cb-hint">{escape(t("ui.keys_hint", lang))}</p></div>'
    )
    seats = []
    for seat in range(players):
        held = now.held(seat)
        shown = cards_html(held, lang) if held else f'<span class="cb-empty">{escape(t("ui.no_cards", lang))}</span>'
        mover = ' aria-current="true" class="cb-to-move"' if now.to_move == seat else ""
        seats.append(
            f"<tr{mover}><th scope=\"row\">{escape(seat_name(seat, players, lang))}</th><td>{shown}</td>"
            f'<td class="cb-score">{escape(points_text(now.scores[seat], lang))}</td></tr>'
        )
    table = (
        f'<table class="cb-seats"><caption>{escape(t("ui.hands", lang))}</caption><tbody>{"".join(seats)}</tbody></table>'
    )
    pile = cards_html(now.pile, lang) if now.pile else ""
    status = [
        f'<p class="cb-table-state"><span class="cb-label">{escape(t("ui.pile", lang))}:</span> {pile} '
        f'<span class="cb-label">{escape(t("ui.count", lang))}:</span> <strong class="cb-running" data-count="{now.count}">{now.count}</strong></p>'
    ]
    if step:
        status.append(f'<p class="cb-last" data-announce>{_action_html(actions[step - 1], players, lang, ends_play=now.is_over)}</p>')
    else:
        status.append(f'<p class="cb-last" data-announce>{escape(t("play.opening", lang))}</p>')
    if now.is_over:
        status.append(f'<p class="cb-over" data-announce>{escape(t("play.over", lang))}</p>')
    else:
        status.append(f'<p class="cb-turn" data-announce>{escape(t("play.to_move", lang, seat=seat_name(now.to_move, players, lang)))}</p>')
    choice = _choice_html(now, players, lang) if yourself and not now.is_over else ""
    log = []
    for index, action in enumerate(actions):
        mark = ' aria-current="step" class="cb-current"' if index == step - 1 else (' class="cb-future"' if index >= step else "")
        ends_play = full.is_over and index == len(actions) - 1
        log.append(f"<li{mark}>{_action_html(action, players, lang, ends_play)}</li>")
    totals = ", ".join(f"{seat_name(seat, players, lang)}: {points_text(full.scores[seat], lang)}" for seat in range(players))
    if players == 4:  # partners sit opposite: seats 0 and 2, 1 and 3
        teams = (
            t("ui.team", lang, a=seat_name(first, 4, lang), b=seat_name(first + 2, 4, lang))
            + f": {points_text(full.scores[first] + full.scores[first + 2], lang)}"
            for first in (0, 1)
        )
        totals += "; " + ", ".join(teams)
    step_text = t("ui.step", lang, n=step, total=last)
    return (
        f"{controls}"
        f'<div class="cb-result"><p class="cb-step">{escape(step_text)}</p>{table}{"".join(status)}{choice}</div>'
        f'<details class="cb-log-box"{" open" if not yourself else ""}><summary>{escape(t("ui.log", lang))}</summary>'
        f'<ol class="cb-log">{"".join(log)}</ol>'
        f'<p class="cb-totals"><span class="cb-label">{escape(t("ui.totals", lang))}:</span> {escape(totals)}</p></details>'
    )


def _choice_html(play: Play, players: int, lang: Language) -> str:
    """The cards the seat to move may play; the others disabled, saying why."""
    seat = play.to_move
    legal = set(play.legal_cards())
    buttons = []
    for card in play.held(seat):
        if card in legal:
            buttons.append(button_html("", f"play-{card}", "play", str(card), extra=card_html(card, lang)))
        else:
            why = t("reason.over_31", lang)
            buttons.append(
                button_html("", f"play-{card}", "play", str(card), disabled=True, extra=card_html(card, lang) + f' <span class="cb-why">{escape(why)}</span>')
            )
    if not legal:
        buttons.append(button_html(t("ui.say_go", lang), "go", "go"))
    prompt = t("ui.choose_next", lang, seat=seat_name(seat, players, lang))
    return f'<div class="cb-choice-box" role="group" aria-label="{escape(prompt)}"><p>{escape(prompt)}</p>{"".join(buttons)}</div>'


def play_block(source: str, lang: Language, uid: str | None = None) -> str:
    fields = parse_fields("play", source)
    hands_text, hands_line = fields["hands"]
    five_card = _flag(fields, "five-card")
    try:
        hands = [parse_cards(part) for part in hands_text.split("|")]
        parse_cards([card for hand in hands for card in hand])
    except CribbageError as error:
        raise BlockError("block_bad_value", hands_line, key="hands", value=f"{hands_text} ({error})") from error
    players = _integer(fields, "players", len(hands), range(2, 5))
    if not 2 <= len(hands) <= 4 or players != len(hands):
        raise BlockError("block_bad_value", hands_line, key="hands", value=hands_text)
    plays_text, plays_line = fields.get("plays", ("", 0))
    try:
        actions = replay(hands, plays_text, five_card=five_card)
    except CribbageError as error:
        raise BlockError("block_bad_value", plays_line, key="plays", value=f"{plays_text} ({error})") from error
    start = _integer(fields, "start", 0, range(0, len(actions) + 1))
    play = Play.from_actions(hands, actions, five_card=five_card)
    _expect(fields, play.scores)
    state = play_state(hands, _moves(actions), start, five_card, uid or _uid("play", source))
    return widget_html("play", state, lang, play_view(state, lang), t("ui.log", lang))


def play_update(state: State, action: Action, lang: Language) -> dict[str, Any]:
    hands, sample, moves, step, five_card, yourself, uid = _checked_play(state)
    kind, value = action.get("action"), action.get("value")
    if kind == "step":
        step = max(0, min(len(moves), int(value)))
    elif kind == "reset":
        moves, step = list(sample), 0
    elif kind == "self":
        yourself = not yourself
    elif kind in ("play", "go"):
        play = _apply_moves(hands, moves[:step], five_card)
        try:
            play.go() if kind == "go" else play.play(Card.parse(str(value)))
        except CribbageError:
            pass  # a stale button: the view below shows what is legal now
        else:
            moves = _moves(play.actions)
            step = len(moves)
    new = {**play_state(hands, sample, step, five_card, uid), "moves": moves, "self": yourself}
    return {"html": play_view(new, lang), "state": new}


# -- counting practice -----------------------------------------------------------------


def deal(rng: random.Random, hand_size: int = 4) -> tuple[tuple[Card, ...], Card]:
    cards = rng.sample(DECK, hand_size + 1)
    return tuple(cards[:-1]), cards[-1]


def practice_state(hand: Sequence[Card], starter: Card, crib: bool, uid: str) -> State:
    return {"uid": uid, "hand": [str(card) for card in hand], "starter": str(starter), "crib": crib, "said": None}


def practice_view(state: State, lang: Language, static: bool = False) -> str:
    """The practice: the cards, a box for the reader's count, then the answer."""
    hand = parse_cards(state["hand"], count=4)
    starter = Card.parse(state["starter"])
    parse_cards([*hand, starter])
    crib, uid, said = bool(state["crib"]), state["uid"], state.get("said")
    if not _UID.match(str(uid)) or not (said is None or isinstance(said, int)):
        raise ValueError("bad practice state")
    switch = radio_group_html(
        t("ui.count_as", lang), "crib", (("0", t("ui.hand", lang)), ("1", t("ui.crib", lang))), str(int(crib)), uid
    )
    streak = (
        f'<p class="cb-streak"><span class="cb-label">{escape(t("ui.streak", lang))}:</span> <strong data-streak>0</strong> '
        f'<span class="cb-label">{escape(t("ui.best", lang))}:</span> <strong data-best>0</strong></p>'
    )
    form = (
        f'<form class="cb-answer" data-action="check"><label class="cb-field"><span class="cb-label">{escape(t("ui.your_count", lang))}</span>'
        f'<input type="number" name="said" min="0" max="29" step="1" inputmode="numeric" required{html_attributes(value=said if said is not None else None, data_key="said")}></label>'
        f' <button type="submit" class="cb-button" data-key="check">{escape(t("ui.check", lang))}</button></form>'
    )
    controls = (
        f'<div class="cb-controls">{switch}{button_html(t("ui.deal", lang), "deal", "deal")}{streak}{form}</div>'
    )
    cards = (
        f'<p class="cb-prompt">{escape(t("ui.practice_prompt", lang))}</p>'
        f'<p class="cb-deal"><span class="cb-label">{escape(t("ui.crib" if crib else "ui.hand", lang))}</span> '
        f'{cards_html(hand, lang)} <span class="cb-label">{escape(t("ui.starter", lang))}</span> {card_html(starter, lang, "cb-starter")}</p>'
    )
    answer = show_html(hand, starter, crib, lang)
    if static or said is None:
        result = f'<details class="cb-answer-box"><summary>{escape(t("ui.answer", lang))}</summary>{answer}</details>'
    else:
        score = score_show(hand, starter, crib=crib)
        total = score.total
        if said == total:
            verdict = t("ui.correct", lang, total=total)
        elif said < total:
            verdict = t("ui.too_low", lang, said=said, total=total, missing=points_text(total - said, lang))
        else:
            verdict = t("ui.too_high", lang, said=said, total=total, extra=points_text(said - total, lang))
        tally = f'<p class="cb-tally" data-announce>{escape(kind_tally(score, lang))}</p>' if said != total and score.items else ""
        result = (
            f'<p class="cb-verdict" data-correct="{str(said == total).lower()}" data-announce>{escape(verdict)}</p>{tally}{answer}'
        )
    return f'{controls}{cards}<div class="cb-result">{result}</div>'


def kind_tally(score: ShowScore, lang: Language) -> str:
    """Points per kind, to set beside the reader's own tally and find what was missed.

    >>> from cribbage.cards import parse_hand_and_starter
    >>> kind_tally(score_show(*parse_hand_and_starter("5H 5S JC 2D", "4C")), "en")
    'What scores: fifteen 4, pair 2, his nobs 1'
    """
    points: dict[str, int] = {}
    for item in score.items:
        points[item.kind] = points.get(item.kind, 0) + item.points
    parts = ", ".join(f"{t(f'kind.{kind}', lang)} {value}" for kind, value in points.items())
    return f"{t('ui.breakdown', lang)}: {parts}"


def practice_block(source: str, lang: Language, uid: str | None = None) -> str:
    fields = parse_fields("practice", source)
    crib = _flag(fields, "crib")
    # The printed deal is fixed by the block's text, so every build shows the same cards.
    seed = int(hashlib.sha1(source.encode()).hexdigest()[:8], 16)
    hand, starter = deal(random.Random(seed))
    state = practice_state(hand, starter, crib, uid or _uid("practice", source))
    return widget_html("practice", state, lang, practice_view(state, lang, static=True), t("ui.practice_prompt", lang))


def practice_update(state: State, action: Action, lang: Language) -> dict[str, Any]:
    kind, value = action.get("action"), action.get("value")
    state = {key: state[key] for key in ("uid", "hand", "starter", "crib", "said")}  # nothing else travels on
    result: dict[str, Any] = {}
    if kind == "deal":
        hand, starter = deal(random.Random())
        state = practice_state(hand, starter, bool(state["crib"]), state["uid"])
    elif kind == "set" and action.get("name") == "crib":
        state["crib"], state["said"] = value == "1", None
    elif kind == "check":
        text = str(value).strip()
        if text.isdigit() and int(text) <= 29:
            state["said"] = int(text)
            total = score_show(parse_cards(state["hand"]), Card.parse(state["starter"]), crib=bool(state["crib"])).total
            result["correct"] = state["said"] == total
        else:
            state["said"] = None
            view = practice_view(state, lang)
            note = f'<p class="cb-error" data-announce>{escape(t("ui.enter_number", lang))}</p>'
            return {"html": view.replace('<div class="cb-result"', note + '<div class="cb-result"', 1), "state": state}
    return {"html": practice_view(state, lang), "state": state, **result}


# -- discard advisor --------------------------------------------------------------------


def advisor_state(cards: Sequence[str], dealer: bool, players: int, five_card: bool, uid: str) -> State:
    return {"uid": uid, "cards": list(cards), "dealer": dealer, "players": players, "five_card": five_card}


def _dealt_count(players: int, five_card: bool) -> int:
    return 5 if five_card or players > 2 else 6


def advisor_view(state: State, lang: Language) -> str:
    """The advisor: six (or five) pickers, the role, and every discard as a bar."""
    cards, dealer, players, five_card, uid = (
        list(state["cards"]), bool(state["dealer"]), int(state["players"]), bool(state["five_card"]), state["uid"],
    )
    if players not in (2, 3, 4) or len(cards) != _dealt_count(players, five_card) or not _UID.match(str(uid)):
        raise ValueError("bad advisor state")
    pickers = "".join(
        card_select(f"card{i}", t("ui.card_n", lang, n=i + 1), text, lang, f"card{i}") for i, text in enumerate(cards)
    )
    switch = radio_group_html(
        t("ui.role", lang), "dealer", (("1", t("ui.dealer_me", lang)), ("0", t("ui.dealer_other", lang))), str(int(dealer)), uid
    )
    controls = f'<div class="cb-controls"><div class="cb-pickers">{pickers}</div>{switch}</div>'
    try:
        dealt = parse_cards([card for card in cards if card], count=len(cards))
        options = analyse_discards(dealt, dealer, players=players, five_card=five_card)
    except CribbageError as error:
        return controls + f'<div class="cb-result">{_error_html(error, lang)}</div>'
    return controls + f'<div class="cb-result">{discard_options_html(options, lang)}</div>'


def _number(value: float, lang: Language) -> str:
    """Two decimals with the language's decimal sign (``12.41``, ``12,41``)."""
    return f"{value:.2f}".replace(".", t("number.decimal", lang))


def discard_options_html(options: Sequence[Any], lang: Language) -> str:
    top = max((abs(option.net) for option in options), default=1.0) or 1.0
    rows = []
    best = ' class="cb-best" data-announce'
    for rank, option in enumerate(options):
        width = max(0.0, option.net) / top * BAR_EM
        rows.append(
            f"<tr{best if rank == 0 else ''}><td>{cards_html(option.discard, lang)}</td><td>{cards_html(option.keep, lang)}</td>"
            f"<td>{_number(option.hand_mean, lang)}</td><td>{option.hand_min}–{option.hand_max}</td><td>{_number(option.crib_mean, lang)}</td>"
            f'<td class="cb-net"><span class="cb-bar" style="width:{width:.2f}em" aria-hidden="true"></span>'
            f"<span>{_number(option.net, lang)}</span></td></tr>"
        )
    head = "".join(
        f'<th scope="col">{escape(t(key, lang))}</th>'
        for key in ("ui.discard", "ui.keep", "ui.hand_mean", "ui.hand_range", "ui.crib_mean", "ui.net")
    )
    table = (
        f'<table class="cb-options"><caption>{escape(t("ui.options", lang))}</caption>'
        f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )
    return table + (_distribution_html(options[0].hand_distribution, lang) if options else "")


def _distribution_html(distribution: dict[int, int], lang: Language) -> str:
    top = max(distribution.values(), default=1) or 1
    rows = "".join(
        f'<tr><th scope="row">{escape(points_text(score, lang))}</th><td class="cb-net">'
        f'<span class="cb-bar" style="width:{count / top * BAR_EM:.2f}em" aria-hidden="true"></span>'
        f"<span>{escape(t('ui.starters', lang, count=count))}</span></td></tr>"
        for score, count in sorted(distribution.items())
    )
    return f'<table class="cb-distribution"><caption>{escape(t("ui.distribution", lang))}</caption><tbody>{rows}</tbody></table>'


def advisor_block(source: str, lang: Language, uid: str | None = None) -> str:
    fields = parse_fields("advisor", source)
    cards = _cards(fields, "cards")
    players = _integer(fields, "players", 2, range(2, 5))
    five_card = _flag(fields, "five-card")
    if len(cards) != _dealt_count(players, five_card):
        raise BlockError("block_bad_value", fields["cards"][1], key="cards", value=fields["cards"][0])
    state = advisor_state([str(card) for card in cards], _flag(fields, "dealer"), players, five_card, uid or _uid("advisor", source))
    return widget_html("advisor", state, lang, advisor_view(state, lang), t("ui.options", lang))


def advisor_update(state: State, action: Action, lang: Language) -> dict[str, Any]:
    state = {key: state[key] for key in ("uid", "cards", "dealer", "players", "five_card")}  # nothing else travels on
    name, value = action.get("name"), str(action.get("value", ""))
    cards = list(state["cards"])
    if action.get("action") == "set":
        if name == "dealer":
            state["dealer"] = value == "1"
        elif isinstance(name, str) and name.startswith("card") and name[4:].isdigit() and int(name[4:]) < len(cards):
            if value == "" or _is_card(value):
                cards[int(name[4:])] = value
    state["cards"] = cards
    return {"html": advisor_view(state, lang), "state": state}


# -- entry points --------------------------------------------------------------------------

# -- crib averages per pair of discarded ranks (static: no widget) ---------------------

_PUBLISHED_PAIR = re.compile(r"^\s*(A|[2-9]|10|J|Q|K)\s*-\s*(A|[2-9]|10|J|Q|K)\s+(\d+(?:\.\d+)?)\s*$", re.I)


def _published_pairs(fields: Fields) -> list[tuple[tuple[int, int], float]]:
    """``published: 5-5 8.5, 5-J 6.7`` -> [((5, 5), 8.5), ((5, 11), 6.7)]."""
    if "published" not in fields:
        return []
    text, line = fields["published"]
    pairs = []
    for entry in text.split(","):
        match = _PUBLISHED_PAIR.match(entry)
        if match is None:
            raise BlockError("block_bad_value", line, key="published", value=entry.strip())
        ranks = sorted(RANK_SYMBOLS.index(symbol.upper()) + 1 for symbol in match.group(1, 2))
        pairs.append(((ranks[0], ranks[1]), float(match.group(3))))
    return pairs


def _rank_header(rank: int, lang: Language) -> str:
    name = lookup("card.ranks", lang)[rank - 1]["name"]
    return f'<abbr title="{escape(name)}">{RANK_SYMBOLS[rank - 1]}</abbr>'


def _one_decimal(value: float, lang: Language) -> str:
    return f"{value:.1f}".replace(".", t("number.decimal", lang))


def crib_table_block(source: str, lang: Language, uid: str | None = None) -> str:
    """The engine's exact average crib for every pair of discarded ranks, and beside
    it the published figures the block quotes (``published``, ``source``)."""
    fields = parse_fields("crib-table", source)
    published = _published_pairs(fields)
    table = crib_rank_table()
    best = max(table, key=table.get)
    head = "".join(f'<th scope="col">{_rank_header(rank, lang)}</th>' for rank in range(1, 14))
    rows = []
    for low in range(1, 14):
        cells = []
        for high in range(1, 14):
            pair = (min(low, high), max(low, high))
            mark = ' class="cb-best"' if pair == best else ""
            cells.append(f"<td{mark}>{_one_decimal(table[pair], lang)}</td>")
        rows.append(f'<tr><th scope="row">{_rank_header(low, lang)}</th>{"".join(cells)}</tr>')
    parts = [
        f'<div class="cb-crib-table"><table><caption>{escape(t("crib_table.caption", lang))}</caption>'
        f"<thead><tr><td></td>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    ]
    if published:
        source_name = fields["source"][0] if "source" in fields else ""
        compare = "".join(
            f"<tr><th scope=\"row\">{RANK_SYMBOLS[low - 1]}–{RANK_SYMBOLS[high - 1]}</th>"
            f"<td>{_one_decimal(table[(low, high)], lang)}</td><td>{_one_decimal(value, lang)}</td>"
            f"<td>{_one_decimal(value - table[(low, high)], lang)}</td></tr>"
            for (low, high), value in published
        )
        columns = "".join(f'<th scope="col">{escape(t(key, lang))}</th>' for key in
                          ("crib_table.discard", "crib_table.engine", "crib_table.published", "crib_table.difference"))
        parts.append(
            f'<table class="cb-crib-compare"><caption>{escape(t("crib_table.compare_caption", lang, source=source_name))}</caption>'
            f"<thead><tr>{columns}</tr></thead><tbody>{compare}</tbody></table>"
        )
    return f'<figure class="cb-static">{"".join(parts)}</figure>'


_BLOCKS: dict[BlockKind, Callable[..., str]] = {
    "hand": hand_block,
    "play": play_block,
    "practice": practice_block,
    "advisor": advisor_block,
    "game": lambda source, lang, uid=None: _game_view().game_block(source, lang, uid),
    "crib-table": crib_table_block,
}
_UPDATES: dict[BlockKind, Callable[[State, Action, Language], dict[str, Any]]] = {
    "hand": hand_update,
    "play": play_update,
    "practice": practice_update,
    "advisor": advisor_update,
    "game": lambda state, action, lang: _game_view().game_update(state, action, lang),
}


def _game_view():
    """The game widget (``cribbage.game_view``) builds on this module, so it is imported when first used."""
    from . import game_view

    return game_view


def render_block(kind: BlockKind, source: str, lang: Language, uid: str | None = None) -> str:
    """The static HTML of one live block, in ``lang``; raises :class:`BlockError`.

    ``uid`` names the widget's radio groups; the build passes one per block so
    two equal blocks on a page stay apart.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    if kind not in _BLOCKS:
        raise BlockError("block_unknown_kind", kind=kind)
    if uid is not None and not _UID.match(uid):
        raise ValueError(f"bad uid {uid!r}")
    return _BLOCKS[kind](source, lang, uid)


def update(kind: BlockKind, state_json: str, action_json: str, lang: Language) -> str:
    """The worker's one call: apply the reader's action, return JSON with the new HTML.

    The answer is ``{"html": ..., "state": ...}`` plus ``fragment`` (hand) or
    ``correct`` (practice). A state that does not make sense (it came from
    the page, so it may have been edited) is answered with an error notice.

    >>> answer = json.loads(update("hand", json.dumps(hand_state(["5H", "5S", "5C", "JD"], "5D", False, "w1")),
    ...                            '{"action": "set", "name": "card3", "value": "JH"}', "en"))
    >>> answer["fragment"], 'data-total="28"' in answer["html"]
    ('hand=5H,5S,5C,JH&starter=5D&crib=0', True)
    """
    if lang not in LANGUAGES or kind not in _UPDATES:
        return json.dumps({"error": "unknown widget"})
    try:
        state, action = json.loads(state_json), json.loads(action_json)
        if not isinstance(state, dict) or not isinstance(action, dict):
            raise ValueError("state and action are objects")
        answer = _UPDATES[kind](state, action, lang)
    except (ValueError, KeyError, TypeError, IndexError) as error:
        message = error_message(error, lang) if isinstance(error, CribbageError) else t("error.error", lang)
        return json.dumps({"error": message})
    return json.dumps(answer, ensure_ascii=False)
