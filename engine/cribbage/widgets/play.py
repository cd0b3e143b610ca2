"""The pegging player (``cribbage-play``): step through a play, or play it yourself.

>>> html = WIDGET.render("hands: 7H 8D 5C KS | 8S 6C AH QD\\nplays: 7H 8S 5C 6C AH 8D QD KS", "en")
>>> 'data-widget="play"' in html, html.count("<li")
(True, 10)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape

from ..core.cards import Card, parse_cards
from ..core.play import Play, PlayAction, check_hands, replay
from ..core.variants import Variant, variant_json, variant_of
from ..errors import CribbageError
from ..i18n import Language, points_text, seat_name, t
from . import source
from .html import button, card_buttons, card_html, cards_html, choice_box, message_html, toggle
from .source import CARD_TEXTS, Action, BlockError, Fields, State, StateError, action_text, field, uid_of
from .spoken import reason_text
from .widget import Answer, Live, Widget

GO = "GO"
"""A go in a play's list of moves."""

MAX_MOVES = 64
"""More than any play of four hands of five cards takes, gos included."""

_STEP = re.compile(r"^-?[0-9]{1,3}$")


def _go_html(action: PlayAction, who: str, lang: Language) -> str:
    """A go as it happens at the table: one player cannot play; the last one to play
    cannot play either and pegs one for the go (that record holds the point)."""
    key = "play.go_point" if action.points else "play.go"
    return f'<span class="cb-go">{escape(t(key, lang, seat=who))}</span>'


def _action_html(action: PlayAction, players: int, lang: Language, ends_play: bool = False) -> str:
    """One action as a reader hears it; the last action of the play ends it rather than resetting."""
    who = seat_name(action.seat, players, lang)
    scored = [item for item in action.reasons if item.kind != "go"]  # the go point is in the go's own words
    reasons = f'<span class="cb-reasons">{escape("; ".join(reason_text(item, lang) for item in scored))}</span>'
    if action.card is None:
        parts = [_go_html(action, who, lang)] + ([reasons] if scored else [])
    else:
        parts = [
            message_html(
                "play.step_scored" if scored else "play.step",
                lang,
                who=f'<span class="cb-who">{escape(who)}</span>',
                card=card_html(action.card, lang),
                count=f'<span class="cb-count">{escape(t("play.count", lang, count=action.count))}</span>',
                reasons=reasons,
            )
        ]
    if action.reset and not ends_play:
        parts.append(f'<span class="cb-reset">{escape(t("play.reset", lang))}</span>')
    return " ".join(parts)


def _last_series(actions: Sequence[PlayAction]) -> tuple[tuple[Card, ...], int]:
    """The cards of the play's last count and the count they reached: once the play is over
    they stay on the table, where "none yet" would say more cards are to come."""
    start = len(actions) - 1
    while start > 0 and not actions[start - 1].reset:
        start -= 1
    series = tuple(action.card for action in actions[max(start, 0) :] if action.card is not None)
    return series, actions[-1].count if actions else 0


def _moves(actions: Iterable[PlayAction]) -> list[str]:
    return [GO if action.card is None else str(action.card) for action in actions]


def _apply_moves(hands: Sequence[Sequence[Card]], moves: Sequence[str], variant: Variant) -> Play:
    play = Play(hands, variant=variant)
    for move in moves:
        play.go() if move == GO else play.play(Card.parse(move))
    return play


def play_state(hands: Sequence[Sequence[Card]], sample: list[str], step: int, variant: Variant, uid: str) -> State:
    return {
        "uid": uid,
        "hands": [[str(card) for card in hand] for hand in hands],
        "sample": sample,
        "moves": list(sample),
        "step": step,
        **variant_json(variant),  # "five_card" as before; "variant" only for another game
        "self": False,
    }


def _move_list(state: State, name: str) -> list[str]:
    moves = field(state, name, list)
    if len(moves) > MAX_MOVES or not all(
        isinstance(move, str) and (move == GO or move in CARD_TEXTS) for move in moves
    ):
        raise StateError(name)
    return list(moves)


def _checked(state: State) -> tuple[list[tuple[Card, ...]], list[str], list[str], int, Variant, bool, str]:
    """The hands, the sample moves, the moves now, the step, the variant, play-it-yourself and uid."""
    hands_data = field(state, "hands", list)
    if not 2 <= len(hands_data) <= 4:
        raise StateError("hands")
    for hand in hands_data:
        if not (
            isinstance(hand, list)
            and len(hand) <= 6
            and all(isinstance(card, str) and card in CARD_TEXTS for card in hand)
        ):
            raise StateError("hands")
    if len({card for hand in hands_data for card in hand}) != sum(len(hand) for hand in hands_data):
        raise StateError("hands")
    hands = [parse_cards(hand) for hand in hands_data]
    sample, moves = _move_list(state, "sample"), _move_list(state, "moves")
    field(state, "five_card", bool)
    step, variant, yourself, uid = (
        field(state, "step", int),
        variant_of(state),
        field(state, "self", bool),
        uid_of(state),
    )
    if not 0 <= step <= len(moves):
        raise StateError("step")
    return hands, sample, moves, step, variant, yourself, uid


def play_view(state: State, lang: Language, static: bool = False) -> str:
    """The pegging player at its current step: hands, pile, count, log and the controls.

    The log lists the steps taken so far; ``static`` (the build's page, for readers
    without the engine) lists the whole play with its totals, the steps to come marked.
    """
    hands, _sample, moves, step, variant, yourself, _uid = _checked(state)
    players = len(hands)
    full = _apply_moves(hands, moves, variant)
    actions = full.actions
    now = _apply_moves(hands, moves[:step], variant)
    last = len(moves)
    nav = "".join(
        (
            button(t("ui.first", lang), "first", "step", 0, step == 0, ""),
            button(t("ui.back", lang), "back", "step", step - 1, step == 0),
            button(t("ui.forward", lang), "forward", "step", step + 1, step >= last),
            button(t("ui.last", lang), "last", "step", last, step >= last),
            button(t("ui.reset", lang), "reset", "reset"),
            toggle(t("ui.mode_self", lang), "self", "self", yourself),
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
            f'<tr{mover}><th scope="row">{escape(seat_name(seat, players, lang))}</th><td>{shown}</td>'
            f'<td class="cb-score">{escape(points_text(now.scores[seat], lang))}</td></tr>'
        )
    table = f'<table class="cb-seats"><caption>{escape(t("ui.hands", lang))}</caption><tbody>{"".join(seats)}</tbody></table>'
    on_table, count = _last_series(now.actions) if now.is_over else (now.pile, now.count)
    pile = (
        cards_html(on_table, lang) if on_table else f'<span class="cb-empty">{escape(t("ui.pile_empty", lang))}</span>'
    )
    status = [
        f'<p class="cb-table-state"><span class="cb-label">{escape(t("ui.pile", lang))}:</span> {pile} '
        f'<span class="cb-label">{escape(t("ui.count", lang))}:</span> <strong class="cb-running" data-count="{count}">{count}</strong></p>'
    ]
    if step:
        status.append(
            f'<p class="cb-last" data-announce>{_action_html(actions[step - 1], players, lang, ends_play=now.is_over)}</p>'
        )
    else:
        status.append(f'<p class="cb-last" data-announce>{escape(t("play.opening", lang))}</p>')
    if now.to_move is None:
        status.append(f'<p class="cb-over" data-announce>{escape(t("play.over", lang))}</p>')
    else:
        status.append(
            f'<p class="cb-turn" data-announce>{escape(t("play.to_move", lang, seat=seat_name(now.to_move, players, lang)))}</p>'
        )
    choice = _choice_html(now, now.to_move, players, lang) if yourself and now.to_move is not None else ""
    log = []
    for index, action in enumerate(actions if static else actions[:step]):
        mark = (
            ' aria-current="step" class="cb-current"'
            if index == step - 1
            else (' class="cb-future"' if index >= step else "")
        )
        ends_play = full.is_over and index == len(actions) - 1
        log.append(f"<li{mark}>{_action_html(action, players, lang, ends_play)}</li>")
    totals = ", ".join(
        f"{seat_name(seat, players, lang)}: {points_text(full.scores[seat], lang)}" for seat in range(players)
    )
    if players == 4:  # partners sit opposite: seats 0 and 2, 1 and 3
        teams = (
            t("ui.team", lang, a=seat_name(first, 4, lang), b=seat_name(first + 2, 4, lang))
            + f": {points_text(full.scores[first] + full.scores[first + 2], lang)}"
            for first in (0, 1)
        )
        totals += "; " + ", ".join(teams)
    step_text = t("ui.step", lang, n=step, total=last)
    totals_html = (
        f'<p class="cb-totals"><span class="cb-label">{escape(t("ui.totals", lang))}:</span> {escape(totals)}</p>'
        if static or step == last
        else ""
    )
    log_box = (
        f'<details class="cb-log-box"{" open" if not yourself else ""}><summary>{escape(t("ui.log", lang))}</summary>'
        f'<ol class="cb-log">{"".join(log)}</ol>{totals_html}</details>'
        if log
        else ""
    )
    return (
        f"{controls}"
        f'<div class="cb-result"><p class="cb-step">{escape(step_text)}</p>{table}{"".join(status)}{choice}</div>{log_box}'
    )


def _choice_html(play: Play, seat: int, players: int, lang: Language) -> str:
    """The cards the seat to move may play; the others disabled, saying why."""
    legal = play.legal_cards()
    buttons = card_buttons(play.held(seat), play.why_illegal, lang)
    if not legal:
        buttons.append(button(t("ui.take_go" if play.go_scores() else "ui.say_go", lang), "go", "go"))
    return choice_box(t("ui.choose_next", lang, seat=seat_name(seat, players, lang)), "".join(buttons))


def play_block(fields: Fields, lang: Language, uid: str, text: str) -> Live:
    hands_text, hands_line = fields["hands"]
    variant = source.game_variant(fields)
    try:
        hands = [parse_cards(part) for part in hands_text.split("|")]
        parse_cards([card for hand in hands for card in hand])
    except CribbageError as error:
        raise BlockError("block_bad_value", hands_line, key="hands", value=f"{hands_text} ({error})") from error
    players = source.integer(fields, "players", len(hands), range(2, 5))
    if not 2 <= len(hands) <= 4 or players != len(hands):
        raise BlockError("block_bad_value", hands_line, key="hands", value=hands_text)
    try:
        check_hands(hands, variant)  # a block gives a whole play: each hand the game's
    except CribbageError as error:
        raise BlockError("block_bad_value", hands_line, key="hands", value=f"{hands_text} ({error})") from error
    plays_text, plays_line = fields.get("plays", ("", 0))
    try:
        actions = replay(hands, plays_text, variant=variant)
    except CribbageError as error:
        raise BlockError("block_bad_value", plays_line, key="plays", value=f"{plays_text} ({error})") from error
    start = source.integer(fields, "start", 0, range(0, len(actions) + 1))
    play = Play.from_actions(hands, actions, variant=variant)
    source.expect(fields, play.scores)
    state = play_state(hands, _moves(actions), start, variant, uid)
    return Live(state, play_view(state, lang, static=True), t("ui.log", lang))


def play_update(state: State, action: Action, lang: Language) -> Answer:
    hands, sample, moves, step, variant, yourself, uid = _checked(state)
    kind, value = action.get("action"), action_text(action)
    if kind == "step":
        if not _STEP.match(value):
            raise StateError("value")
        step = max(0, min(len(moves), int(value)))
    elif kind == "reset":
        moves, step = list(sample), 0
    elif kind == "self":
        yourself = not yourself
    elif kind in ("play", "go"):
        play = _apply_moves(hands, moves[:step], variant)
        try:
            play.go() if kind == "go" else play.play(Card.parse(value))
        except CribbageError:
            pass  # a stale button: the view below shows what is legal now
        else:
            moves = _moves(play.actions)
            step = len(moves)
    new = {**play_state(hands, sample, step, variant, uid), "moves": moves, "self": yourself}
    return {"html": play_view(new, lang), "state": new}


WIDGET = Widget(
    kind="play",
    keys=("players", "hands", "plays", "start", "five-card", "variant", "expect"),
    required=("hands",),
    block=play_block,
    update=play_update,
)
