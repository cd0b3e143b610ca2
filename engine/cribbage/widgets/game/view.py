"""The game widget's HTML: the board, the table, the reader's choices, this deal's log, the options."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ...cards import parse_cards
from ...computer import STRENGTHS
from ...discard import analyse_discards
from ...game import CutForDeal, Deal, Discard, Event, Game, GameOver, Muggins, Pegged, Shown, Starter, ThreeForLast
from ...i18n import Language, number, points_text, t
from ..advisor import discard_options_html
from ..count import show_html
from ..html import attrs, button, card_buttons, card_html, cards_html, choice_box, radio_group, scroll_box, toggle
from ..source import State, StateError
from ..spoken import reason_text
from .board import board_html, seat_name
from .state import COMPUTER, NOTICES, READER, TARGETS, GameOptions, fragment_of


def _who(seat: int) -> str:
    """The suffix of the message keys that differ by who acts (their grammar differs)."""
    return "you" if seat == READER else "computer"


def game_view(state: State, game: Game, lang: Language, static: bool = False) -> str:
    """The whole widget for ``state``, whose game (already checked) is ``game``."""
    chosen = GameOptions.from_json(state["next"])
    parts = [board_html(game, lang), _table_html(game, lang)]
    if static:
        parts.append(f'<p class="cb-prompt cb-static-only">{escape(t("game.static", lang))}</p>')
    # Controls need the engine: the page shows them once it runs (see cribbage.css).
    parts.append(f'<div class="cb-controls">{_choices_html(state, game, lang)}</div>')
    notice = state.get("notice")
    if isinstance(notice, dict) and notice.get("key") in NOTICES:
        params = dict(notice.get("params", {}))
        parts.append(f'<p class="cb-notice" role="alert">{escape(t(notice["key"], lang, **params))}</p>')
    parts.append(_log_html(state, game, lang))
    parts.append(f'<div class="cb-controls">{_options_box(state, chosen, lang)}</div>')
    return "".join(parts)


# -- the table: starter, pile, hands ------------------------------------------------------


def _table_html(game: Game, lang: Language) -> str:
    if game.phase == "cut_for_deal" or game.dealer is None:
        return f'<p class="cb-prompt">{escape(t("game.start_prompt", lang))}</p>'
    # Between two deals the log still shows the last one, so its dealer is named; before
    # the first deal (after the cut, or when the last game's loser deals) the next dealer.
    dealer = next((event.dealer for event in reversed(game.events) if isinstance(event, Deal)), game.dealer)
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


def _choices_html(state: State, game: Game, lang: Language) -> str:
    """What the reader can do now, and nothing else."""
    if game.is_over:
        return button(t("game.new_game", lang), "new", "new")
    if game.phase == "cut_for_deal" and game.to_act is None:
        return button(t("game.cut", lang), "cut", "cut")
    if game.phase == "deal" and game.to_act is None:
        return button(t("game.deal", lang), "deal", "deal")
    if game.to_act != READER:
        return ""
    if game.expected == "discard":
        return _discard_html(state, game, lang)
    if game.expected == "play":
        return choice_box(t("game.your_turn", lang), f'<div class="cb-hand">{"".join(card_buttons(game.hand(READER), game.legal_cards(READER), lang))}</div>')
    if game.expected == "announce":
        return _announce_html(game, lang)
    return ""


def _discard_html(state: State, game: Game, lang: Language) -> str:
    selected = set(state["selected"])
    size = game.rules.discard_size
    prompt = t("game.choose_discard_" + _who(game.dealer if game.dealer is not None else READER), lang, count=size)
    buttons = "".join(
        f'<button type="button"{attrs(class_="cb-button cb-card-button", data_key=f"card-{card}", data_action="select", data_value=str(card), aria_pressed=str(str(card) in selected).lower())}>'
        f"{card_html(card, lang)}</button>"
        for card in game.hand(READER)
    )
    hint = ""
    if state.get("hint"):
        options = analyse_discards(list(game.hand(READER)), game.dealer == READER)
        hint = f'<div class="cb-hint-box">{discard_options_html(options[:5], lang)}</div>'
    body = (
        f'<div class="cb-hand">{buttons}</div>'
        f'{button(t("game.to_crib", lang), "discard", "discard", disabled=len(selected) != size)}'
        f'{toggle(t("game.hint", lang), "hint", "hint", bool(state.get("hint")))}'
    )
    return choice_box(prompt, body) + hint


def _announce_html(game: Game, lang: Language) -> str:
    show = game.next_show()
    if show is None or game.starter is None:
        return ""
    _owner, cards, crib = show
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


def deal_start(events: Sequence[Event]) -> int:
    """Index of the first event of the latest deal (its cut for deal included)."""
    for index in range(len(events) - 1, -1, -1):
        if isinstance(events[index], Deal):
            if index and isinstance(events[index - 1], (CutForDeal, ThreeForLast)):
                index -= 1
            return index
    return 0


def _log_html(state: State, game: Game, lang: Language) -> str:
    events = game.events
    start = deal_start(events)
    seen = state.get("seen", 0)
    revealed = game.is_over or any(isinstance(e, Shown) and e.seat == COMPUTER and not e.crib for e in events[start:])
    items = []
    for index in range(start, len(events)):
        event, new = events[index], index >= seen
        html = _event_html(event, index, state["why"], revealed, game, lang, new)
        # What happened since the reader's last move is marked, and widgets.js reads it out:
        # a show by its short line (whose hand, the points), not its whole breakdown.
        mark = attrs(class_="cb-new" if new else None, data_announce=new and not isinstance(event, Shown))
        items.append(f"<li{mark}>{html}</li>")
    won = state["won"]
    record = f'<p class="cb-record">{escape(t("game.record", lang, you=won[READER], computer=won[COMPUTER]))}</p>'
    if not items:  # before the first cut there is nothing to log: no empty box
        return f'<div class="cb-result">{record}</div>'
    title = t("game.log", lang, n=max(game.deals, 1))
    return (
        f'<div class="cb-result"><details class="cb-log-box" open><summary>{escape(title)}</summary>'
        f'<ol class="cb-log">{"".join(items)}</ol></details>{record}</div>'
    )


def _shown_html(event: Shown, new: bool, lang: Language) -> str:
    """A show in the log: its short line (announced when new), then the count in full."""
    key = ("game.show_crib_" if event.crib else "game.show_hand_") + _who(event.seat)
    scored = _scored(event.seat, event.points, lang) or f" <strong>{escape(points_text(0, lang))}</strong>"
    said = ""
    if event.announced is not None:
        said = f' <span class="cb-said">{escape(t("game.announced_" + _who(event.seat), lang, said=event.announced))}</span>'
    return (
        f'<p class="cb-show-summary"{" data-announce" if new else ""}><span class="cb-show-title">{escape(t(key, lang))}</span>'
        f"{said}{scored}</p>{show_html(event.hand, event.starter, event.crib, lang, announce=False)}"
    )


def _scored(seat: int, points: int, lang: Language) -> str:
    if not points:
        return ""
    return f' <strong class="cb-pegged" data-seat="{seat}">{escape(t("game.pegs_" + _who(seat), lang, points=points_text(points, lang)))}</strong>'


def _event_html(event: Event, index: int, why: Mapping[str, Any], revealed: bool, game: Game, lang: Language, new: bool) -> str:
    match event:
        case CutForDeal():
            lines = []
            for round_number, cuts in enumerate(event.rounds):
                cards = dict(cuts)
                lines.append(
                    f"{escape(t('game.cut_cards', lang))}: {escape(seat_name(READER, lang))} {card_html(cards[READER], lang)}, "
                    f"{escape(seat_name(COMPUTER, lang))} {card_html(cards[COMPUTER], lang)}."
                    + (f" {escape(t('game.cut_tie', lang))}" if round_number < len(event.rounds) - 1 else "")
                )
            lines.append(escape(t("game.cut_" + _who(event.dealer), lang)))
            return " ".join(lines)
        case Deal():
            return escape(t("game.deals_" + _who(event.dealer), lang, n=game.deals))
        case Discard() if event.seat == READER:
            return escape(t("game.discard_you", lang)) + " " + cards_html(event.cards, lang)
        case Discard():
            return escape(t("game.discard_computer", lang)) + _why_html(why.get(str(index)), revealed, lang)
        case Starter():
            text = escape(t("game.starter", lang)) + " " + card_html(event.card, lang, "cb-starter")
            if event.points:
                text += " " + escape(t("game.heels", lang)) + _scored(event.seat, event.points, lang)
            return text
        case Pegged():
            return _pegged_html(event, why.get(str(index)), lang)
        case Shown():
            return _shown_html(event, new, lang)
        case Muggins() if not event.points:
            return escape(t("game.muggins_declined", lang))
        case Muggins():
            return escape(t("game.muggins_" + _who(event.seat), lang)) + _scored(event.seat, event.points, lang)
        case GameOver():
            return _game_over_html(event, game, lang)
        case ThreeForLast():
            return escape(event.kind)


def _pegged_html(event: Pegged, reason: Any, lang: Language) -> str:
    action = event.action
    who = _who(event.seat)
    if action.card is None:  # a go; the last player's own go takes the point
        text = escape(t(("game.go_point_" if action.points else "game.go_") + who, lang))
    else:
        text = f'{escape(t("game.plays_" + who, lang))} {card_html(action.card, lang)} <span class="cb-count">{escape(t("play.count", lang, count=action.count))}</span>'
    scored = [item for item in action.reasons if item.kind != "go"]
    if scored:
        reasons = "; ".join(reason_text(item, lang) for item in scored)
        text += f' <span class="cb-reasons">({escape(reasons)})</span>'
    if action.points:
        text += _scored(event.seat, action.points, lang)
    if action.reset:
        text += f' <span class="cb-reset">{escape(t("play.reset", lang))}</span>'
    if event.seat == COMPUTER and action.card is not None:
        text += _why_html(reason, True, lang)
    return text


def _game_over_html(event: GameOver, game: Game, lang: Language) -> str:
    rules = game.rules
    parts = [f'<strong class="cb-winner" data-winner="{event.winner}">{escape(t("game.wins_" + _who(event.winner), lang, target=rules.target))}</strong>']
    loser = 1 - event.winner
    outcome = event.outcomes[loser]
    if outcome in ("skunk", "double_skunk", "lurch"):
        line = {"skunk": rules.skunk_line, "double_skunk": rules.double_skunk_line, "lurch": rules.lurch_line}[outcome]
        parts.append(
            f'<span class="cb-skunk" data-outcome="{outcome}">'
            f'{escape(t(f"game.{outcome}_{_who(loser)}", lang, line=line))}</span>'
        )
    parts.append(escape(t("game.next_dealer_" + _who(loser), lang)))
    return " ".join(parts)


# -- the computer's reasons ("Why?") ----------------------------------------------------------


def _reason_number(params: Mapping[str, Any], name: str, lang: Language) -> str:
    value = params.get(name)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise StateError("why")
    return number(value, lang)


def _reason_cards(params: Mapping[str, Any], name: str, lang: Language) -> str:
    value = params.get(name)
    if not isinstance(value, list) or not all(isinstance(text, str) for text in value):
        raise StateError("why")
    return cards_html(parse_cards(value), lang)


def _why_html(reason: Any, revealed: bool, lang: Language) -> str:
    """The computer's reason behind one decision, in a disclosure the keyboard opens."""
    if not isinstance(reason, dict):
        return ""
    code, params = reason.get("code"), reason.get("params")
    if not isinstance(params, dict):
        raise StateError("why")
    later = escape(t("game.why_later", lang))
    match code:
        case "best_expected_value":
            body = _why_discard(params, lang) if revealed else later
        case "best_hand":
            body = (
                escape(t("game.why_best_hand", lang, hand=_reason_number(params, "hand_mean", lang))) + " " + _reason_cards(params, "keep", lang)
                if revealed else later
            )
        case "random":
            body = escape(t("game.why_random", lang))
        case "takes_points":
            points = params.get("points")
            if not isinstance(points, int) or isinstance(points, bool):
                raise StateError("why")
            body = escape(t("game.why_takes_points", lang, points=points_text(points, lang)))
        case "safest":
            body = escape(t("game.why_safest", lang, risk=_reason_number(params, "risk", lang)))
        case "highest_card":
            body = escape(t("game.why_highest", lang))
        case "only_card":
            body = escape(t("game.why_only_card", lang))
        case _:
            raise StateError("why")
    return (
        f' <details class="cb-why-box"><summary>{escape(t("game.why", lang))}</summary>'
        f'<div class="cb-why-text">{body}</div></details>'
    )


def _why_discard(params: Mapping[str, Any], lang: Language) -> str:
    key = "game.why_discard_dealer" if params.get("dealer") else "game.why_discard_pone"
    text = escape(t(
        key, lang, hand=_reason_number(params, "hand_mean", lang), crib=_reason_number(params, "crib_mean", lang),
        net=_reason_number(params, "net", lang),
    ))
    alternatives = params.get("alternatives", [])
    if not isinstance(alternatives, list) or not all(isinstance(row, dict) for row in alternatives):
        raise StateError("why")
    rows = [(params, True)] + [(option, False) for option in alternatives[:5]]
    best_class = ' class="cb-best"'
    body = "".join(
        f"<tr{best_class if best else ''}>"
        f"<td>{_reason_cards(row, 'discard', lang)}</td><td>{_reason_number(row, 'net', lang)}</td>"
        f"<td>{_reason_number(row, 'hand_mean', lang)}</td><td>{_reason_number(row, 'crib_mean', lang)}</td></tr>"
        for row, best in rows
    )
    # As in the advisor: the discard and its net first, the figures behind it after.
    head = "".join(f'<th scope="col">{escape(t(key, lang))}</th>' for key in ("ui.discard", "ui.net", "ui.hand_mean", "ui.crib_mean"))
    table = f'<table class="cb-options"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
    return (
        f"<p>{text}</p><p>{escape(t('ui.keep', lang))}: {_reason_cards(params, 'keep', lang)}</p>"
        f"{scroll_box(table, t('ui.options', lang))}"
    )


# -- options ------------------------------------------------------------------------------


def _options_box(state: State, chosen: GameOptions, lang: Language) -> str:
    uid = state["uid"]
    groups = [
        radio_group(t("game.opt_target", lang), "target", [(str(n), str(n)) for n in TARGETS], str(chosen.target), uid),
        radio_group(
            t("game.opt_strength", lang), "strength",
            [(name, t(f"game.strength_{name}", lang)) for name in STRENGTHS], chosen.strength, uid,
        ),
        radio_group(
            t("game.opt_counting", lang), "counting",
            [("auto", t("game.counting_auto", lang)), ("manual", t("game.counting_manual", lang))], chosen.counting, uid,
        ),
        radio_group(
            t("game.opt_muggins", lang), "muggins",
            [("0", t("game.no", lang)), ("1", t("game.yes", lang))], str(int(chosen.muggins)), uid,
        ),
    ]
    seed = state["game"]["seed"]
    share = (
        f'<p class="cb-share">{escape(t("game.share", lang, seed=seed))} '
        f'<code>#{escape(fragment_of(state))}</code></p>'
    )
    # Options chosen for the next game and not yet in play: the reader is at work in the box.
    opened = " open" if state["next"] != state["options"] else ""
    return (
        f'<details class="cb-options-box"{opened}><summary>{escape(t("game.options", lang))}</summary>'
        f'{"".join(groups)}<p>{button(t("game.new_with_options", lang), "new-options", "new")}</p>{share}</details>'
    )
