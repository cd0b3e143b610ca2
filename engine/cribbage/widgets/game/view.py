"""The game widget's HTML: the board, the table with the reader's choices, this deal's log, the options."""

from __future__ import annotations

from html import escape

from ...analysis.discard import analyse_discards
from ...analysis.reasons import crib_owner
from ...core.deal import PLAYERS
from ...core.game import Game
from ...core.rules import Decision
from ...i18n import Language, t
from ...players.computer import STRENGTHS
from ..advisor import discard_options_html
from ..discard_reason import reason_html
from ..html import button, card_html, cards_html, choice_box, radio_group, tap_card, tap_cards, toggle
from ..source import State
from .board import board_html
from .coach_view import coach_html, replay_html
from .log import deal_start, log_html
from .seats import said
from .state import NOTICES, READER, TARGETS_OF, VARIANT_NAMES, GameOptions, fragment_of, read_fragment
from .table import dealer_of_the_deal, reader_hand, table_html

__all__ = ["deal_start", "game_view"]


def game_view(state: State, game: Game, lang: Language, static: bool = False) -> str:
    """The whole widget for ``state``, whose game (already checked) is ``game``."""
    chosen = GameOptions.from_json(state["next"])
    if state.get("replay"):
        # A costly moment opened from the coach's summary: its replay stands in for the table.
        return board_html(game, lang) + replay_html(state, game, lang)
    parts = [board_html(game, lang), _table_html(state, game, lang)]
    if static:
        parts.append(f'<p class="cb-prompt cb-static-only">{escape(t("game.static", lang))}</p>')
    # Controls need the engine: the page shows them once it runs (see cribbage.css).
    parts.append(f'<div class="cb-controls">{_steps_html(game, lang)}</div>')
    notice = state.get("notice")
    if isinstance(notice, dict) and notice.get("key") in NOTICES:
        params = dict(notice.get("params", {}))
        parts.append(f'<p class="cb-notice" role="alert">{escape(t(notice["key"], lang, **params))}</p>')
    parts.append(_linked_html(state, lang))
    parts.append(coach_html(state, game, lang))
    parts.append(log_html(state, game, lang))
    parts.append(f'<div class="cb-controls">{_options_box(state, chosen, lang)}</div>')
    return "".join(parts)


def _linked_html(state: State, lang: Language) -> str:
    """The offer of the game an address names while another is saved: play it, or keep this one."""
    linked = state.get("linked")
    named = read_fragment(linked) if isinstance(linked, str) else None
    if named is None:
        return ""
    choices = button(t("game.linked_play", lang, seed=named.seed), "linked-play", "linked-play", linked) + button(
        t("game.linked_keep", lang), "linked-keep", "linked-keep"
    )
    return (
        f'<div class="cb-notice cb-linked" role="alert"><p>{escape(t("game.linked_offer", lang, seed=named.seed))}</p>'
        f'<p class="cb-choices">{choices}</p></div>'
    )


# -- the table and the reader's choices ----------------------------------------------------


def _table_html(state: State, game: Game, lang: Language) -> str:
    if game.phase == "cut_for_deal" or game.dealer is None:
        return f'<p class="cb-prompt">{escape(t("game.start_prompt", lang))}</p>'
    # Between two deals the log still shows the last one, so its dealer is named; before
    # the first deal (after the cut, or when the last game's loser deals) the next dealer.
    dealer = dealer_of_the_deal(game)
    line = (
        f'<p class="cb-dealer">{escape(said("game.dealer", dealer, game.rules.players, lang))}</p>'
        if dealer is not None
        else ""
    )
    return line + table_html(game, lang, _hand_html(state, game, lang))


def _steps_html(game: Game, lang: Language) -> str:
    """The buttons that move the game on when nobody has a card to choose."""
    if game.is_over:
        return button(t("game.new_game", lang), "new", "new")
    if game.phase == "cut_for_deal" and game.to_act is None:
        return button(t("game.cut", lang), "cut", "cut")
    if game.phase == "deal" and game.to_act is None:
        return button(t("game.deal", lang), "deal", "deal")
    if game.to_act == READER and game.expected == Decision.ANNOUNCE:
        return _announce_html(game, lang)
    return ""


def _hand_html(state: State, game: Game, lang: Language) -> str:
    """The reader's hand: cards to tap when the reader chooses, faces otherwise."""
    if game.to_act == READER and not game.is_over:
        if game.expected == Decision.DISCARD:
            return _discard_html(state, game, lang)
        if game.expected == Decision.PLAY:
            play = game.play_state
            # The rules' own reason for each card that may not be played (over 31, in practice).
            why = {card: None if play is None else play.why_illegal(card) for card in game.hand(READER)}
            notes = {card: "" if reason is None else t(f"reason.{reason}", lang) for card, reason in why.items()}
            cards = [
                tap_card(card, lang, f"play-{card}", "play", disabled=bool(note), note=note)
                for card, note in notes.items()
            ]
            # One line says why the greyed cards cannot be played, so that a card's button is no
            # wider than its face and the hand stays one row on a phone (each button keeps the
            # reason for a screen reader).
            greyed = ""
            reasons = list(dict.fromkeys(note for note in notes.values() if note))
            if reasons:
                text = t("game.greyed", lang, reason="; ".join(reasons))
                greyed = f'<p class="cb-row-note" aria-hidden="true">{escape(text)}</p>'
            prompt = t("game.your_turn", lang)
            return choice_box(prompt, tap_cards(cards, t("game.your_cards", lang)) + greyed)
    return reader_hand(game, lang)


def _discard_html(state: State, game: Game, lang: Language) -> str:
    selected = set(state["selected"])
    size = game.rules.discard_size
    dealer = game.dealer if game.dealer is not None else READER
    if size == 2:
        prompt = t("game.choose_discard_" + ("you" if dealer == READER else "computer"), lang, count=size)
    else:
        prompt = said("game.choose_one", dealer, game.rules.players, lang)
    cards = [
        tap_card(card, lang, f"card-{card}", "select", pressed=str(card) in selected, extra_class="cb-card-button")
        for card in game.hand(READER)
    ]
    hint = ""
    if state.get("hint"):
        rules = game.rules
        mine = rules.side_of(dealer) == rules.side_of(READER)
        options = analyse_discards(list(game.hand(READER)), mine, players=rules.players, variant=rules.variant)
        # why the best beats the runner-up, then the best five with their figures
        reason = reason_html(options, options[0], crib_owner(mine, rules.players), lang)
        hint = f'<div class="cb-hint-box">{reason}{discard_options_html(options[:5], lang, of=len(options))}</div>'
    body = (
        f"{tap_cards(cards, t('game.your_cards', lang))}"
        f"{button(t('game.to_crib' if size == 2 else 'game.to_crib_one', lang), 'discard', 'discard', disabled=len(selected) != size)}"
        f"{toggle(t('game.hint', lang), 'hint', 'hint', bool(state.get('hint')))}"
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
        # novalidate: a number out of range is answered by the engine in the page's language, not the browser's
        f'<form class="cb-answer" data-action="announce" novalidate><label class="cb-field"><span class="cb-label">'
        f'{escape(t("ui.your_count", lang))}</span><input type="number" name="said" min="0" max="{game.rules.variant.max_show}" step="1" '
        f'inputmode="numeric" required data-key="said"></label> '
        f'<button type="submit" class="cb-button" data-key="announce">{escape(t("game.announce", lang))}</button></form></div>'
    )


# -- options ------------------------------------------------------------------------------


def _options_box(state: State, chosen: GameOptions, lang: Language) -> str:
    uid = state["uid"]
    groups = [
        radio_group(
            t("game.opt_players", lang),
            "players",
            [(str(n), t(f"game.players_{n}", lang)) for n in PLAYERS],
            str(chosen.players),
            uid,
        ),
        radio_group(
            t("game.opt_variant", lang),
            "variant",
            [(name, t(f"game.variant_{name.replace('-', '_')}", lang)) for name in VARIANT_NAMES],
            chosen.variant,
            uid,
        ),
        radio_group(
            t("game.opt_target", lang),
            "target",
            [(str(n), str(n)) for n in TARGETS_OF[chosen.variant]],
            str(chosen.target),
            uid,
        ),
        radio_group(
            t("game.opt_strength", lang),
            "strength",
            [(name, t(f"game.strength_{name}", lang)) for name in STRENGTHS],
            chosen.strength,
            uid,
        ),
        radio_group(
            t("game.opt_counting", lang),
            "counting",
            [("auto", t("game.counting_auto", lang)), ("manual", t("game.counting_manual", lang))],
            chosen.counting,
            uid,
        ),
        radio_group(
            t("game.opt_muggins", lang),
            "muggins",
            [("0", t("game.no", lang)), ("1", t("game.yes", lang))],
            str(int(chosen.muggins)),
            uid,
        ),
        radio_group(
            t("game.opt_coach", lang),
            "coach",
            [("1", t("game.yes", lang)), ("0", t("game.no", lang))],
            str(int(chosen.coach)),
            uid,
        ),
    ]
    seed = state["game"]["seed"]
    share = (
        f'<p class="cb-share">{escape(t("game.share", lang, seed=seed))} <code>#{escape(fragment_of(state))}</code></p>'
    )
    # Options chosen for the next game and not yet in play: the reader is at work in the box.
    opened = " open" if state["next"] != state["options"] else ""
    return (
        f'<details class="cb-options-box"{opened}><summary>{escape(t("game.options", lang))}</summary>'
        f"{''.join(groups)}<p>{button(t('game.new_with_options', lang), 'new-options', 'new')}</p>{share}</details>"
    )
