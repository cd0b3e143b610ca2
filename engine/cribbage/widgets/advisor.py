"""The discard advisor (``cribbage-advisor``): every way to discard, ranked by expected points.

>>> html = WIDGET.render("cards: 5H 5S 6C 7D JH KS\\ndealer: yes", "pl")
>>> 'data-widget="advisor"' in html, "12,41" in html
(True, True)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape

from ..analysis.credit import tied
from ..analysis.discard import DiscardOption, analyse_discards
from ..core.cards import Card, parse_cards
from ..core.deal import deal_shape
from ..core.variants import Variant, variant_json, variant_of
from ..errors import CribbageError
from ..i18n import Language, number, points_text, t
from . import source
from .html import attrs, captioned_scroll_box, card_select, cards_html, error_html, radio_group
from .source import (
    CARD_TEXTS,
    Action,
    BlockError,
    Fields,
    State,
    StateError,
    action_text,
    card_slot,
    card_texts,
    field,
    uid_of,
)
from .widget import Answer, Live, Widget

BAR_EM = 6.0
"""Length of the longest bar in the advisor's charts."""


def advisor_state(cards: Sequence[str], dealer: bool, players: int, variant: Variant, uid: str) -> State:
    return {"uid": uid, "cards": list(cards), "dealer": dealer, "players": players, **variant_json(variant)}


def _dealt(players: int, variant: Variant) -> int:
    """How many cards each player is dealt (the advisor shows one picker per card)."""
    return deal_shape(players, variant).dealt


def _checked(state: State) -> tuple[list[str], bool, int, Variant, str]:
    field(state, "five_card", bool)
    players, variant = field(state, "players", int), variant_of(state)
    if players not in variant.players:
        raise StateError("players")
    cards = card_texts(state, "cards", (_dealt(players, variant),), blank=True)
    return cards, field(state, "dealer", bool), players, variant, uid_of(state)


def advisor_view(state: State, lang: Language) -> str:
    """The advisor: six (or five) pickers, the role, and every discard as a bar."""
    cards, dealer, players, variant, uid = _checked(state)
    pickers = "".join(
        card_select(f"card{i}", t("ui.card_n", lang, n=i + 1), text, lang, f"card{i}") for i, text in enumerate(cards)
    )
    switch = radio_group(
        t("ui.role", lang),
        "dealer",
        (("1", t("ui.dealer_me", lang)), ("0", t("ui.dealer_other", lang))),
        str(int(dealer)),
        uid,
    )
    controls = f'<div class="cb-controls"><div class="cb-pickers">{pickers}</div>{switch}</div>'
    try:
        dealt = parse_cards([card for card in cards if card], count=len(cards))
        options = analyse_discards(dealt, dealer, players=players, variant=variant)
    except CribbageError as error:
        return controls + f'<div class="cb-result">{error_html(error, lang)}</div>'
    return controls + f'<div class="cb-result">{discard_options_html(options, lang)}</div>'


def discard_options_html(
    options: Sequence[DiscardOption], lang: Language, chosen: Collection[Card] = (), of: int | None = None
) -> str:
    """The table of discards, best first, with a bar for each net value and the best hand's spread.

    ``chosen``: the reader's discard (the discard practice); its row and the best ones are
    then marked in words, and the verdict beside the table says the news, not the best row.
    """
    top = max((abs(option.net) for option in options), default=1.0) or 1.0
    best_net = options[0].net if options else 0.0
    rows = []
    for rank, option in enumerate(options):
        width = max(0.0, option.net) / top * BAR_EM
        mine = bool(chosen) and set(option.discard) == set(chosen)
        best = tied(option.net, best_net) if chosen else rank == 0
        classes = " ".join(name for name, on in (("cb-best", best), ("cb-chosen", mine)) if on)
        marks = [t(key, lang) for key, on in (("ui.best_choice", best), ("ui.your_choice", mine)) if on and chosen]
        marked = "".join(f' <span class="cb-mark">{escape(mark)}</span>' for mark in marks)
        rows.append(
            f"<tr{attrs(class_=classes or None, data_announce=rank == 0 and not chosen)}><td>{cards_html(option.discard, lang)}{marked}</td>"
            f"<td>{cards_html(option.keep, lang)}</td>"
            f'<td class="cb-net"><span class="cb-bar" style="width:{width:.2f}em" aria-hidden="true"></span>'
            f"<span>{number(option.net, lang)}</span></td>"
            f"<td>{number(option.hand_mean, lang)}</td><td>{option.hand_min}–{option.hand_max}</td><td>{number(option.crib_mean, lang)}</td></tr>"
        )
    # The answer first (what to throw, what stays, the net), the figures behind it after:
    # on a phone the first three columns fit, and the rest scrolls into view in its own box.
    head = "".join(
        f'<th scope="col">{escape(t(key, lang))}</th>'
        for key in ("ui.discard", "ui.keep", "ui.net", "ui.hand_mean", "ui.hand_range", "ui.crib_mean")
    )
    table = f'<table class="cb-options"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    distribution = _distribution_html(options[0].hand_distribution, lang) if options else ""
    # ``of``: how many discards there are when only the best few are shown (the game's hint)
    shown_all = of is None or of == len(options)
    caption = t("ui.options", lang) if shown_all else t("ui.options_best", lang, count=len(options))
    return captioned_scroll_box(table, caption) + distribution


def _distribution_html(distribution: dict[int, int], lang: Language) -> str:
    top = max(distribution.values(), default=1) or 1
    rows = "".join(
        f'<tr><th scope="row">{escape(points_text(score, lang))}</th><td class="cb-net">'
        f'<span class="cb-bar" style="width:{count / top * BAR_EM:.2f}em" aria-hidden="true"></span>'
        f"<span>{escape(t('ui.starters', lang, count=count))}</span></td></tr>"
        for score, count in sorted(distribution.items())
    )
    return f'<table class="cb-distribution"><caption>{escape(t("ui.distribution", lang))}</caption><tbody>{rows}</tbody></table>'


def advisor_block(fields: Fields, lang: Language, uid: str, text: str) -> Live:
    cards = source.cards(fields, "cards")
    players = source.integer(fields, "players", 2, range(2, 5))
    variant = source.game_variant(fields)
    if players not in variant.players:
        key, value, line = source.variant_line(fields)
        raise BlockError("block_bad_value", line, key=key, value=value)
    if len(cards) != _dealt(players, variant):
        raise BlockError("block_bad_value", fields["cards"][1], key="cards", value=fields["cards"][0])
    state = advisor_state([str(card) for card in cards], source.flag(fields, "dealer"), players, variant, uid)
    return Live(state, advisor_view(state, lang), t("ui.options", lang))


def advisor_update(state: State, action: Action, lang: Language) -> Answer:
    cards, dealer, players, variant, uid = _checked(state)
    value = action_text(action)
    if action.get("action") == "set":
        if action.get("name") == "dealer":
            dealer = value == "1"
        elif (slot := card_slot(action.get("name"), len(cards))) is not None and value in CARD_TEXTS | {""}:
            cards[slot] = value
    new = advisor_state(cards, dealer, players, variant, uid)  # nothing else travels on
    return {"html": advisor_view(new, lang), "state": new}


WIDGET = Widget(
    kind="advisor",
    keys=("cards", "dealer", "players", "five-card", "variant"),
    required=("cards",),
    block=advisor_block,
    update=advisor_update,
)
