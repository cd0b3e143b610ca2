"""Discard practice (``cribbage-discard-practice``): six cards, your throw, and the advisor's ranking.

The reader taps the cards to throw to the crib and throws; the page then sets
that choice against every discard ranked by the exact advisor
(:func:`cribbage.analysis.discard.analyse_discards`): its rank, its net beside the best,
why the best beats it (:mod:`.discard_reason`), and the advisor's table with both rows marked.

>>> first, second = (WIDGET.render("dealer: random", "en") for _ in range(2))
>>> first == second, '<details class="cb-answer-box">' in first
(True, True)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from html import escape

from ..analysis.credit import tied
from ..analysis.discard import DiscardOption, analyse_discards
from ..analysis.reasons import crib_owner
from ..core.cards import DECK, Card, parse_cards
from ..core.deal import deal_shape
from ..i18n import Language, card_name, expected_points_text, number, shown_difference, t
from . import source
from .advisor import discard_options_html
from .discard_reason import reason_html
from .html import button, cards_html, choice_box, radio_group, tap_card, tap_cards
from .source import CARD_TEXTS, Action, BlockError, Fields, State, StateError, action_text, card_texts, field, uid_of
from .widget import Answer, Live, Widget

ROLES = {"1": "dealer", "0": "pone", "random": "random"}
"""The role switch's values: the reader deals, the opponent deals, or a draw at each deal."""


def discard_state(cards: Sequence[Card], dealer: bool, role: str, players: int, uid: str) -> State:
    return {
        "uid": uid,
        "players": players,
        "role": role,
        "dealer": dealer,
        "cards": [str(card) for card in cards],
        "selected": [],
        "thrown": False,
    }


def _deal(rng: random.Random, role: str, players: int, uid: str) -> State:
    """A fresh deal; the role drawn too when it is ``random``."""
    cards = rng.sample(DECK, deal_shape(players).dealt)
    dealer = rng.random() < 0.5 if role == "random" else role == "dealer"
    return discard_state(cards, dealer, role, players, uid)


def _checked(state: State) -> tuple[tuple[Card, ...], bool, str, int, list[Card], bool, str]:
    """The dealt cards, dealer, role, players, the cards selected, whether they were thrown, and uid."""
    players = field(state, "players", int)
    if players not in (2, 3, 4):
        raise StateError("players")
    shape = deal_shape(players)
    cards = parse_cards(card_texts(state, "cards", (shape.dealt,)))
    if len(set(cards)) != len(cards):
        raise StateError("cards")
    role = field(state, "role", str)
    if role not in ROLES.values():
        raise StateError("role")
    selected = parse_cards(card_texts(state, "selected", range(shape.discards + 1)))
    if len(set(selected)) != len(selected) or not set(selected) <= set(cards):
        raise StateError("selected")
    thrown = field(state, "thrown", bool)
    if thrown and len(selected) != shape.discards:
        raise StateError("thrown")
    return cards, field(state, "dealer", bool), role, players, list(selected), thrown, uid_of(state)


def _names(cards: Sequence[Card], lang: Language) -> str:
    return ", ".join(card_name(card, lang) for card in cards)


def _verdict(options: Sequence[DiscardOption], selected: Sequence[Card], lang: Language) -> str:
    """The rank of the reader's throw (ties share the better rank) and its net beside the best."""
    mine = next(option for option in options if set(option.discard) == set(selected))
    rank = 1 + sum(not tied(mine.net, option.net) for option in options)  # what the table shows as better
    best = options[0]
    if rank == 1:
        return t("discard_practice.right", lang, cards=_names(mine.discard, lang), net=number(mine.net, lang))
    return t(
        "discard_practice.ranked",
        lang,
        cards=_names(mine.discard, lang),
        rank=rank,
        total=len(options),
        net=number(mine.net, lang),
        best=_names(best.discard, lang),
        best_net=number(best.net, lang),
        lost=expected_points_text(shown_difference(best.net, mine.net), lang),
    )


def discard_view(state: State, lang: Language, static: bool = False, note: str = "") -> str:
    """The role, the dealt cards to tap, the throw button, then the verdict and the advisor's table."""
    cards, dealer, role, players, selected, thrown, uid = _checked(state)
    discards = deal_shape(players).discards
    chosen = next(value for value, name in ROLES.items() if name == role)
    switch = radio_group(
        t("ui.role", lang),
        "role",
        (
            ("1", t("ui.dealer_me", lang)),
            ("0", t("ui.dealer_other", lang)),
            ("random", t("discard_practice.role_random", lang)),
        ),
        chosen,
        uid,
    )
    controls = f'<div class="cb-controls">{switch}{button(t("ui.deal", lang), "deal", "deal")}</div>'
    role_text = f'<p class="cb-role">{escape(t("discard_practice.you_deal" if dealer else "discard_practice.they_deal", lang))}</p>'
    hand_label = t("discard_practice.hand", lang)
    taps = [tap_card(card, lang, f"card-{card}", "select", pressed=card in selected) for card in cards]
    throw = button(t("discard_practice.throw", lang), "throw", "throw", disabled=len(selected) != discards)
    choice = choice_box(t("discard_practice.prompt", lang, count=discards), tap_cards(taps, hand_label) + throw)
    plain = (
        f'<p class="cb-static-only"><span class="cb-label">{escape(hand_label)}:</span> {cards_html(cards, lang)}</p>'
        if static
        else ""
    )
    result = ""
    if static or thrown:
        options = analyse_discards(cards, dealer, players=players)
        measure = f'<p class="cb-measure">{escape(t("discard_practice.measure", lang))}</p>'
        if thrown:
            verdict = f'<p class="cb-verdict" data-announce>{escape(_verdict(options, selected, lang))}</p>'
            mine = next(option for option in options if set(option.discard) == set(selected))
            reason = reason_html(options, mine, crib_owner(dealer, players), lang)
            result = verdict + reason + measure + discard_options_html(options, lang, chosen=selected)
        else:
            summary = f"<summary>{escape(t('ui.answer', lang))}</summary>"
            result = f'<details class="cb-answer-box">{summary}{measure}{discard_options_html(options, lang)}</details>'
    return f'{controls}{role_text}{plain}{choice}{note}<div class="cb-result">{result}</div>'


def discard_block(fields: Fields, lang: Language, uid: str, text: str) -> Live:
    players = source.integer(fields, "players", 2, range(2, 5))
    role_text, line = fields.get("dealer", ("random", 0))
    if role_text.lower() == "random":
        role = "random"
    else:
        try:
            role = "dealer" if source.flag(fields, "dealer") else "pone"
        except BlockError:
            raise BlockError("block_bad_value", line, key="dealer", value=role_text) from None
    # The printed deal is fixed by the block's text, so every build shows the same cards.
    seed = int(hashlib.sha1(text.encode()).hexdigest()[:8], 16)
    state = _deal(random.Random(seed), role, players, uid)
    return Live(
        state,
        discard_view(state, lang, static=True),
        t("discard_practice.prompt", lang, count=deal_shape(players).discards),
    )


def discard_update(state: State, action: Action, lang: Language) -> Answer:
    cards, dealer, role, players, selected, thrown, uid = _checked(state)
    discards = deal_shape(players).discards
    kind, value = action.get("action"), action_text(action)
    note = ""
    if kind == "deal":
        fresh = _deal(random.Random(), role, players, uid)
        return {"html": discard_view(fresh, lang), "state": fresh}
    if kind == "set" and action.get("name") == "role":
        if value not in ROLES:
            raise StateError("value")
        role = ROLES[value]
        if role != "random":  # a drawn role stays for this deal; the switch sets the next ones
            dealer = role == "dealer"
    elif kind == "select":
        if value not in CARD_TEXTS or Card.parse(value) not in cards:
            raise StateError("value")
        card = Card.parse(value)
        thrown = False
        if card in selected:
            selected.remove(card)
        else:
            selected = [*selected, card][-discards:]  # a card more than the throw takes lets go of the first chosen
    elif kind == "throw":
        if len(selected) == discards:
            thrown = True
        else:
            note = f'<p class="cb-error" data-announce>{escape(t("discard_practice.choose", lang, count=discards))}</p>'
    new = {
        **discard_state(cards, dealer, role, players, uid),
        "selected": [str(card) for card in selected],
        "thrown": thrown,
    }
    return {"html": discard_view(new, lang, note=note), "state": new}


WIDGET = Widget(
    kind="discard-practice", keys=("dealer", "players"), required=(), block=discard_block, update=discard_update
)
