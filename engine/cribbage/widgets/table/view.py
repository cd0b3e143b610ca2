"""The Table page's HTML: the setup form, then per step what to do now and whose turn it is,
big buttons for the moves the table expects, the card picker (a rank, then a suit), the
engine's count of a hand, the board and the game's end.

What may be entered comes from :attr:`TableGame.expected <cribbage.companion.TableGame.expected>`;
the view decides no rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ...companion import Move, Step, TableGame
from ...companion.events import Shown, TableEvent
from ...core.cards import RANK_SYMBOLS, SUITS
from ...core.variants import CRIB_SIZE, VARIANTS, targets
from ...i18n import SUIT_SYMBOLS, Language, lookup, named, suit_name, t
from ..count import show_html
from ..game.board import pegs_board_html
from ..html import attrs, button, card_html, cards_html, choice_box, radio_group, screen_reader, toggle
from ..source import State
from .news import news_lines, seat_names, side_names
from .state import Entry, Setup, picked_of

__all__ = ["TAPPED_POINTS", "table_view"]

TAPPED_POINTS = range(1, 7)
"""The points a tap pegs in the play (more is two taps: a double pair royal is 6 and 6)."""


def table_view(
    state: State,
    setup: Setup,
    game: TableGame | None,
    lang: Language,
    news: Sequence[TableEvent] = (),
    refusal: str = "",
) -> str:
    """The whole widget: the notice of a saved table put aside, then the form; or the table,
    with why the last tap was refused (``refusal``: a card already seen, a play past 31)."""
    notice = state.get("notice")
    if game is None:
        refused = (
            f'<p class="cb-error" data-announce>{escape(t(f"error.{notice}", lang))}</p>' if notice is not None else ""
        )
        return refused + _setup_html(state, setup, lang)
    return _table_html(state, game, lang, news, refusal)


# -- the setup form ---------------------------------------------------------------------


def _setup_html(state: State, setup: Setup, lang: Language) -> str:
    uid = state["uid"]
    game = VARIANTS[setup.variant]
    names = "".join(
        f'<label class="cb-field"><span class="cb-label">{escape(named("ui.player", lang, n=seat + 1))}</span>'
        f'<input type="text"{attrs(value=setup.names[seat], maxlength=24, autocomplete="off", data_action="set", data_name=f"name{seat}", data_key=f"name{seat}")}></label>'
        for seat in range(setup.players)
    )
    dealers = [("cut", t("table.first_dealer_cut", lang))] + [
        (str(seat), setup.names[seat].strip() or named("ui.player", lang, n=seat + 1)) for seat in range(setup.players)
    ]
    groups = [
        radio_group(
            t("game.opt_players", lang),
            "players",
            [(str(n), t(f"table.players_{n}", lang)) for n in game.players],
            str(setup.players),
            uid,
        ),
        f'<fieldset class="cb-names"><legend>{escape(t("table.names", lang))}</legend>{names}</fieldset>',
        radio_group(
            t("game.opt_variant", lang),
            "variant",
            [(name, t(f"game.variant_{name.replace('-', '_')}", lang)) for name in VARIANTS],
            setup.variant,
            uid,
        ),
        radio_group(
            t("game.opt_target", lang), "target", [(str(n), str(n)) for n in targets(game)], str(setup.target), uid
        ),
        radio_group(
            t("table.muggins_option", lang),
            "muggins",
            [("0", t("game.no", lang)), ("1", t("game.yes", lang))],
            str(int(setup.muggins)),
            uid,
        ),
        radio_group(t("table.first_dealer", lang), "first_dealer", dealers, str(setup.first_dealer), uid),
    ]
    return (
        f'<div class="cb-table-setup"><p>{escape(t("table.setup_intro", lang))}</p>{"".join(groups)}'
        f'<p class="cb-controls">{button(t("table.start", lang), "start", "start")}</p></div>'
    )


# -- the table ----------------------------------------------------------------------------


def _table_html(state: State, game: TableGame, lang: Language, news: Sequence[TableEvent], refusal: str) -> str:
    names = seat_names(game, lang)
    expected = game.expected
    said = news_lines(news, game, lang)
    news_html = "".join(f'<p class="cb-news" data-announce>{escape(line)}</p>' for line in said)
    # The count's breakdown is the table's own last step, not this tap's news: a reload shows it again.
    shown = "".join(
        show_html(event.hand, event.starter, event.crib, lang, announce=False, hand_size=game.rules.hand_size)
        for event in game.last_events
        if isinstance(event, Shown)
    )
    seat = expected.seat
    who = "" if seat is None else names[seat]
    prompt = _prompt(game, state, who, lang)
    body = _controls(state, game, lang)
    undo = button(t("table.undo", lang), "undo", "undo", disabled=not game.actions and not state["picked"])
    board = pegs_board_html(game.pegs, game.rules.game_hole, side_names(game, lang), lang, game.rules.skunk_line)
    restart = f'<details class="cb-options-box"{attrs(open=bool(state.get("new_table_asked")))}><summary>{escape(t("table.new_table_box", lang))}</summary>{_new_table_html(state, lang)}</details>'

    # A refusal next to the controls the reader just tapped, where a sighted reader looks.
    refused = f'<p class="cb-error" data-announce>{escape(refusal)}</p>' if refusal else ""
    # The scores at a glance above the controls (the board is below them on a phone), and the
    # last count's breakdown after them, so that the next hand's picker stays where it was.
    scores = " · ".join(
        t("table.score_item", lang, name=name, score=front)
        for name, (front, _) in zip(side_names(game, lang), game.pegs, strict=True)
    )
    breakdown = f'<div class="cb-news-box">{shown}</div>' if shown else ""
    return (
        f'<div class="cb-table-live" data-step="{escape(str(expected.step))}" data-to-act="{"" if seat is None else seat}">'
        f'<p class="cb-score-strip">{escape(scores)}</p>'
        f'<div class="cb-news-box">{news_html}</div>'
        f'<div class="cb-controls">{refused}{choice_box(prompt, body)}<p class="cb-undo">{undo}</p></div>'
        f"{breakdown}"
        f"{board}{_match_html(game, lang)}{restart}</div>"
    )


def _new_table_html(state: State, lang: Language) -> str:
    """ "New table", asked again before the table is lost; "Keep this table" comes first, where focus lands."""
    if not state.get("new_table_asked"):
        return f"<p>{button(t('table.new_table', lang), 'new-table', 'new_table')}</p>"
    return (
        f'<p class="cb-ask" data-announce>{escape(t("table.new_table_ask", lang))}</p>'
        f"<p>{button(t('table.new_table_keep', lang), 'new-table-keep', 'keep_table')}"
        f"{button(t('table.new_table_yes', lang), 'new-table-yes', 'new_table_yes')}</p>"
    )


def _prompt(game: TableGame, state: State, who: object, lang: Language) -> str:
    """What to do now, and who does it."""
    expected = game.expected
    match expected.step:
        case Step.CUT:
            _, picked = picked_of(state)
            cutter = seat_names(game, lang)[game.cutting[len(picked)]] if len(picked) < len(game.cutting) else ""
            return t("table.do_cut", lang, name=cutter)
        case Step.DEAL:
            return t("table.do_deal", lang, name=who, count=game.rules.deal_size)
        case Step.LAY_AWAY:
            return t("table.do_lay_away", lang, name=who, count=game.rules.discard_size)
        case Step.STARTER:
            return t("table.do_starter", lang, name=who)
        case Step.PLAY:
            if state["entry"] == Entry.POINTS:
                return t("table.do_play_points", lang)
            return t("table.do_play_cards", lang, name=who, count=game.count)
        case Step.COUNT:
            if Move.CLAIM in expected.moves:
                return t("table.do_muggins", lang, name=who)
            return t("table.do_count_crib" if expected.crib else "table.do_count_hand", lang, name=who)
    return t("table.do_next_game", lang)


def _controls(state: State, game: TableGame, lang: Language) -> str:
    expected = game.expected
    moves = expected.moves
    match expected.step:
        case Step.CUT | Step.STARTER:
            return _picker(state, lang)
        case Step.DEAL:
            return button(t("table.dealt", lang), "deal", "deal")
        case Step.LAY_AWAY:
            return button(t("table.laid_away", lang), "lay-away", "lay_away")
        case Step.PLAY:
            return _play_controls(state, game, lang)
        case Step.COUNT if Move.CLAIM in moves:
            return button(t("table.claim", lang), "claim", "claim") + button(
                t("table.decline", lang), "decline", "decline"
            )
        case Step.COUNT:
            return _count_controls(state, game, lang)
    return button(t("table.next_game", lang), "next-game", "next_game")


def _entry_switch(state: State, lang: Language) -> str:
    entry = state["entry"]
    return (
        f'<p class="cb-entry" role="group" aria-label="{escape(t("table.entry", lang))}">'
        f"{toggle(t('table.entry_cards', lang), 'entry-cards', 'entry_cards', entry == Entry.CARDS)}"
        f"{toggle(t('table.entry_points', lang), 'entry-points', 'entry_points', entry == Entry.POINTS)}</p>"
    )


def _play_controls(state: State, game: TableGame, lang: Language) -> str:
    done = button(t("table.play_done", lang), "play-done", "play_done")
    if state["entry"] == Entry.POINTS:
        rows = "".join(
            f'<div class="cb-peg-row" role="group" aria-label="{escape(str(name))}"><span class="cb-label">{escape(str(name))}</span>'
            + "".join(
                button(f"+{points}", f"peg-{seat}-{points}", "peg", f"{seat}:{points}") for points in TAPPED_POINTS
            )
            + "</div>"
            for seat, name in enumerate(seat_names(game, lang))
        )
        return _entry_switch(state, lang) + rows + f"<p>{done}</p>"
    pile = (
        f'<p class="cb-pile"><span class="cb-label">{escape(t("table.pile", lang))}</span> {cards_html(game.pile, lang)}</p>'
        if game.pile
        else ""
    )
    go = button(t("table.go", lang), "go", "go") if Move.GO in game.expected.moves else ""
    return _entry_switch(state, lang) + pile + _picker(state, lang) + f"<p>{go}{done}</p>"


def _count_controls(state: State, game: TableGame, lang: Language) -> str:
    expected = game.expected
    size = CRIB_SIZE if expected.crib else game.rules.hand_size
    starter = game.starter
    shown = (
        f'<p class="cb-deal"><span class="cb-label">{escape(t("ui.starter", lang))}</span> {card_html(starter, lang, "cb-starter")}</p>'
        if starter is not None
        else ""
    )
    most = game.rules.variant.max_show
    announced = state["announced"]
    announce = ""
    if game.rules.muggins:
        said = (
            "" if announced is None else f'<p class="cb-said">{escape(t("table.announced", lang, said=announced))}</p>'
        )
        announce = said + _number_form("announce", t("table.announce", lang), t("game.announce", lang), most)
    points = _number_form("count_points", t("table.count_points", lang), t("table.peg_points", lang), most)
    hint = f'<p class="cb-hint">{escape(t("table.pick_cards", lang, count=size))}</p>'
    return shown + announce + hint + _picker(state, lang) + points


def _number_form(action: str, label: str, submit: str, most: int) -> str:
    return (
        f'<form class="cb-answer" data-action="{action}"><label class="cb-field"><span class="cb-label">{escape(label)}</span>'
        f'<input type="number" name="said" min="0" max="{most}" step="1" inputmode="numeric" required data-key="said-{action}"></label> '
        f'<button type="submit" class="cb-button" data-key="{action}">{escape(submit)}</button></form>'
    )


def _picker(state: State, lang: Language) -> str:
    """The card picker: a rank, then a suit (two taps a card); the cards picked so far above it.
    Focus follows the taps (``data-focus-next``): from a rank to the first suit, from a suit back
    to the ranks (or, once the step is over, to the next step's first button)."""
    rank, picked = picked_of(state)
    ranks = lookup("card.ranks", lang)
    rank_buttons = "".join(
        f'<button type="button"{attrs(class_="cb-button cb-pick", data_key=f"rank-{number}", data_action="rank", data_value=number, aria_pressed=str(number == rank).lower(), data_focus_next=f"suit-{SUITS[0]}")}>'
        f'<span aria-hidden="true">{escape(symbol)}</span>{screen_reader(ranks[number - 1]["name"])}</button>'
        for number, symbol in enumerate(RANK_SYMBOLS, start=1)
    )
    suit_buttons = "".join(
        f'<button type="button"{attrs(class_=f"cb-button cb-pick cb-{suit}", data_key=f"suit-{suit}", data_action="suit", data_value=suit, disabled=rank == 0, data_focus_next="rank-1")}>'
        f'<span aria-hidden="true">{escape(SUIT_SYMBOLS[suit])}</span>{screen_reader(suit_name(suit, lang))}</button>'
        for suit in SUITS
    )
    chosen = ""
    if picked:
        chosen = (
            f'<p class="cb-picked"><span class="cb-label">{escape(t("table.picked", lang))}</span> {cards_html(picked, lang)} '
            f"{button(t('table.unpick', lang), 'unpick', 'unpick')}</p>"
        )
    return (
        f'{chosen}<div class="cb-picker"><div class="cb-ranks" role="group" aria-label="{escape(t("table.rank", lang))}">{rank_buttons}</div>'
        f'<div class="cb-suits" role="group" aria-label="{escape(t("table.suit", lang))}">{suit_buttons}</div></div>'
    )


def _match_html(game: TableGame, lang: Language) -> str:
    """The games won by each side, once a game is over."""
    if not game.results:
        return ""
    sides = side_names(game, lang)
    won = "; ".join(
        t("table.games_won", lang, name=sides[side], count=wins) for side, wins in enumerate(game.match_score)
    )
    return f'<p class="cb-match">{escape(t("table.match", lang, won=won))}</p>'
