"""Small HTML pieces every widget builds with; every text goes through :func:`html.escape`.

>>> attrs(class_="cb-button", data_key="go", disabled=False, hidden=True)
' class="cb-button" data-key="go" hidden'
>>> card_html(Card(5, "H"), "pl")
'<span class="cb-card cb-H"><span aria-hidden="true">5♥</span><span class="cb-sr">piątka kier</span></span>'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from string import Formatter
from typing import Any

from ..core.cards import DECK, SUITS, Card
from ..i18n import CardCase, Language, card_label, card_name, card_symbol, error_message, lookup, suit_name, t
from ..typography import typeset
from .source import State


def attrs(**attributes: Any) -> str:
    """`` name="value"`` pairs, escaped; ``True`` alone, ``None``/``False`` left out."""
    parts = []
    for name, value in attributes.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        parts.append(f" {name}" if value is True else f' {name}="{escape(str(value))}"')
    return "".join(parts)


def data_attrs(attributes: Mapping[str, str]) -> str:
    """`` data-name="value"`` pairs, escaped, in the order given; only ``data-*`` names, so a
    kind (or an update's ``root`` answer, which the page applies the same way) never
    replaces the root's class, role or state.

    >>> data_attrs({"data-stars": "3"})
    ' data-stars="3"'
    """
    if not all(re.fullmatch(r"data-[a-z][a-z-]*", name) for name in attributes):
        raise ValueError(f"not data-* attributes: {sorted(attributes)}")
    return "".join(f' {name}="{escape(value)}"' for name, value in attributes.items())


def scroll_box(inner: str, label: str) -> str:
    """A box that scrolls sideways when ``inner`` is wider than the screen: a named region
    the keyboard can reach, so it can be scrolled without a pointer."""
    return f'<div class="cb-scroll"{attrs(tabindex="0", role="region", aria_label=label)}>{inner}</div>'


def captioned_scroll_box(table: str, caption: str) -> str:
    """A wide table (given without its ``<caption>``) in a :func:`scroll_box`, its caption
    above the box: a table's own caption is as wide as the table and scrolls with it, so
    on a phone it is cut off at the box's edge instead of wrapping."""
    return f'<p class="cb-caption">{escape(caption)}</p>{scroll_box(table, caption)}'


def unbroken(html: str, mark: str) -> str:
    """A card face and the punctuation after it, kept on one line: a line may break after
    a card's box, which would start the next line with the comma."""
    return f'<span class="cb-unbroken">{html}{escape(mark)}</span>'


def message_html(key: str, lang: Language, /, **parts: str) -> str:
    """The message ``key`` joining pieces of HTML (a link, a label in bold), ``{name}`` being
    ``parts[name]``: the words and punctuation between them are the language's own, set and escaped.

    >>> message_html("progress.line", "en", title="<b>Fifteens</b>", summary="1 of 4 stages done")
    '<b>Fifteens</b>: 1 of 4 stages done'
    """
    pieces = []
    for literal, name, _, _ in Formatter().parse(str(lookup(key, lang))):
        pieces.append(escape(typeset(literal, lang)))
        if name is not None:
            pieces.append(parts[name])
    return "".join(pieces)


def screen_reader(text: str) -> str:
    """Text for screen readers only."""
    return screen_reader_html(escape(text))


def screen_reader_html(inner: str) -> str:
    """HTML (already escaped) for screen readers only."""
    return f'<span class="cb-sr">{inner}</span>'


def card_html(card: Card, lang: Language, extra_class: str = "", hidden: bool = False, case: CardCase = "nom") -> str:
    """A card face: rank and suit symbol visible, its full name for screen readers (in ``case``:
    ``acc`` after a verb such as "plays")."""
    classes = f"cb-card cb-{card.suit}" + (f" {extra_class}" if extra_class else "")
    if hidden:
        return f'<span class="{classes}" aria-hidden="true">{escape(card_symbol(card))}</span>'
    return (
        f'<span class="{classes}"><span aria-hidden="true">{escape(card_symbol(card))}</span>'
        f"{screen_reader(card_name(card, lang, case))}</span>"
    )


def card_face(card: Card, lang: Language, extra_class: str = "") -> str:
    """A card drawn as a card: the index in the corner (the rank over a small suit, which an
    overlapping card in the pile leaves in sight), the suit large in the middle, red or
    black, and its full name for screen readers (the face itself is hidden from them).

    >>> card_face(Card(12, "S"), "en")
    '<span class="cb-face cb-S"><span class="cb-face-rank" aria-hidden="true">Q<span class="cb-face-index">♠</span></span><span class="cb-face-suit" aria-hidden="true">♠</span><span class="cb-sr">queen of spades</span></span>'
    """
    classes = f"cb-face cb-{card.suit}" + (f" {extra_class}" if extra_class else "")
    symbol = card_symbol(card)
    rank, suit = escape(symbol[:-1]), escape(symbol[-1])
    return (
        f'<span class="{classes}"><span class="cb-face-rank" aria-hidden="true">{rank}<span class="cb-face-index">{suit}</span></span>'
        f'<span class="cb-face-suit" aria-hidden="true">{suit}</span>{screen_reader(card_name(card, lang))}</span>'
    )


def card_back(label: str = "") -> str:
    """A card face down (a computer's hand before the show); ``label`` names the pile for screen readers."""
    return f'<span class="cb-face cb-back"{attrs(role="img" if label else None, aria_label=label or None, aria_hidden=None if label else "true")}></span>'


def tap_card(
    card: Card,
    lang: Language,
    key: str,
    action: str,
    pressed: bool | None = None,
    disabled: bool = False,
    note: str = "",
    extra_class: str = "",
) -> str:
    """A card face a finger can tap (at least 44 px) or a keyboard can press: a ``<button>``
    sending ``{action, value: "5H"}``. ``pressed`` makes it a toggle (a card chosen among
    several, ``aria-pressed``); ``note`` is text shown under the face (why it cannot be played).

    >>> 'aria-pressed="true"' in tap_card(Card(5, "H"), "en", "card-5H", "select", pressed=True)
    True
    """
    why = f'<span class="cb-why">{escape(note)}</span>' if note else ""
    classes = "cb-tap" + (f" {extra_class}" if extra_class else "")
    return (
        f'<button type="button"{attrs(class_=classes, data_key=key, data_action=action, data_value=str(card), disabled=disabled, aria_pressed=None if pressed is None else str(pressed).lower())}>'
        f"{card_face(card, lang)}{why}</button>"
    )


def tap_cards(buttons: Iterable[str], label: str) -> str:
    """A row of tappable cards, named for screen readers; it wraps on a narrow screen."""
    return f'<div class="cb-tap-row" role="group"{attrs(aria_label=label)}>{"".join(buttons)}</div>'


def cards_html(cards: Iterable[Card], lang: Language) -> str:
    """Cards side by side; a screen reader hears them as a list ("eight of spades, king of spades")."""
    between = screen_reader(t("ui.card_separator", lang))
    return '<span class="cb-cards">' + between.join(card_html(card, lang) for card in cards) + "</span>"


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
        f"<select{attrs(name=name, data_key=key, data_action='set')}>{''.join(options)}</select></label>"
    )


def radio_group(legend: str, name: str, choices: Sequence[tuple[str, str]], chosen: str, uid: str) -> str:
    inputs = "".join(
        f'<label class="cb-choice"><input type="radio"'
        f"{attrs(name=f'{uid}-{name}', value=value, checked=value == chosen, data_name=name, data_action='set', data_key=f'{name}-{value}')}>"
        f" {escape(text)}</label>"
        for value, text in choices
    )
    return f'<fieldset class="cb-switch"><legend>{escape(legend)}</legend>{inputs}</fieldset>'


def button(text: str, key: str, action: str, value: Any = None, disabled: bool = False, extra: str = "") -> str:
    """A button the page sends as ``{action, value}``; ``extra`` is HTML already built."""
    return (
        f'<button type="button"{attrs(class_="cb-button", data_key=key, data_action=action, data_value=value, disabled=disabled)}>'
        f"{escape(text)}{extra}</button>"
    )


def toggle(text: str, key: str, action: str, pressed: bool) -> str:
    """A button that stays pressed or not (``aria-pressed``)."""
    return (
        f'<button type="button"{attrs(class_="cb-button cb-toggle", data_key=key, data_action=action, aria_pressed=str(pressed).lower())}>'
        f"{escape(text)}</button>"
    )


def card_buttons(held: Iterable[Card], why_illegal: Callable[[Card], str | None], lang: Language) -> list[str]:
    """One button per card held: the legal ones to play, the others disabled saying why
    (``why_illegal``: the rules' reason code for a card, as :meth:`cribbage.core.play.Play.why_illegal`)."""
    buttons = []
    for card in held:
        reason = why_illegal(card)
        if reason is None:
            buttons.append(button("", f"play-{card}", "play", str(card), extra=card_html(card, lang)))
        else:
            why = f' <span class="cb-why">{escape(t(f"reason.{reason}", lang))}</span>'
            buttons.append(
                button("", f"play-{card}", "play", str(card), disabled=True, extra=card_html(card, lang) + why)
            )
    return buttons


def choice_box(prompt: str, body: str) -> str:
    """The group of controls for the reader's next decision, named by its prompt."""
    return f'<div class="cb-choice-box" role="group" aria-label="{escape(prompt)}"><p>{escape(prompt)}</p>{body}</div>'


def error_html(error: Exception, lang: Language) -> str:
    return f'<p class="cb-error" data-announce>{escape(error_message(error, lang))}</p>'


def widget_root(
    kind: str,
    state: State,
    lang: Language,
    view: str,
    label: str,
    persist: str | None = None,
    fragment_key: str | None = None,
    extra: Mapping[str, str] | None = None,
) -> str:
    """The widget root every kind shares: its state, its words for loading and failure.

    ``persist``: the root keeps its state in ``localStorage`` under that key;
    ``fragment_key``: the root owns the address fragment that names that key;
    ``extra``: ``data-*`` attributes of this one root (a lesson's ``data-stage``).

    >>> 'data-stage="pairs-1"' in widget_root("lesson", {}, "en", "", "", extra={"data-stage": "pairs-1"})
    True
    """
    attributes = attrs(
        class_=f"cribbage-widget cb-{kind}",
        data_widget=kind,
        data_persist=persist,
        data_fragment_key=fragment_key,
        data_lang=lang,
        data_state=json.dumps(state, separators=(",", ":")),
        data_msg_loading=t("ui.loading", lang),
        data_msg_unavailable=t("ui.unavailable", lang),
        role="group",
        aria_label=label,
        data_search_exclude=True,  # the prose around an example is what search should find
    ) + data_attrs(extra or {})
    # A <section>, as no element inside a widget is one: Material's search parser matches end
    # tags by name only, so the first inner </div> would end a <div> root's exclusion.
    return (
        f'<section{attributes}><div class="cb-view">{view}</div>'
        f'<p class="cb-status" role="status" aria-live="polite"></p></section>'
    )
