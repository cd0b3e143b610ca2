"""The hand scorer (``cribbage-hand``): pick four cards and a starter, see the count.

A hand has the size of some game's hand (3, 4 or 5 cards: :data:`HAND_SIZES`, read from the
variants); its size says which game it is, so the state needs no variant.  A block may name
the game (``variant: seven-card``) to have its hand's size checked.  Only a four-card hand
can be a crib (every game's crib has four cards).

>>> html = WIDGET.render("hand: 5H 5S 5C JD\\nstarter: 5D\\nexpect: 29", "en")
>>> 'data-widget="hand"' in html, 'data-total="29"' in html, 'data-fragment-key="hand"' in html
(True, True, True)
>>> 'data-total="46"' in WIDGET.render("hand: 4S 4H 5D 5C 6S\\nstarter: 6H\\nvariant: seven-card", "en")
True
>>> WIDGET.render("hand: 5H 5S 5C JD\\nstarter: 5D\\nvariant: seven-card", "en")
Traceback (most recent call last):
...
cribbage.widgets.source.BlockError: line 3: “seven-card” is not a valid value for “variant”
>>> WIDGET.render("hand: 5H 5S 5C JD\\nstarter: 5D\\nexpect: 28", "en")
Traceback (most recent call last):
...
cribbage.widgets.source.BlockError: line 3: expect says 28 but the engine says 29
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..core.cards import Card, parse_cards
from ..core.show import score_show
from ..core.variants import CRIB_SIZE, VARIANTS
from ..errors import CardCountError, CribbageError, StarterInHandError
from ..i18n import Language, error_message, t
from . import source
from .count import show_html
from .html import card_select, error_html, radio_group
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

MAX_FRAGMENT = 200
HAND_SIZES = tuple(sorted({game.kept for game in VARIANTS.values()}))
"""The hands the scorer takes: every game's (3 for the five-card game, 4, 5 for the seven-card game)."""
FRAGMENT_KEY = "hand"


def hand_state(hand: Sequence[str], starter: str, crib: bool, uid: str) -> State:
    return {"uid": uid, "hand": list(hand), "starter": starter, "crib": crib}


def _checked(state: State) -> tuple[list[str], str, bool, str]:
    """The hand's card texts (``""`` for an empty picker), starter, crib and uid."""
    hand = card_texts(state, "hand", HAND_SIZES, blank=True)
    starter, crib, uid = field(state, "starter", str), field(state, "crib", bool), uid_of(state)
    if starter not in CARD_TEXTS | {""}:
        raise StateError("starter")
    if crib and len(hand) != CRIB_SIZE:
        raise StateError("crib")
    return hand, starter, crib, uid


def hand_fragment(hand: Sequence[str], starter: str, crib: bool) -> str:
    """The URL fragment that gives this hand back: ``hand=5H,5S,5C,JD&starter=5D&crib=0``."""
    return f"hand={','.join(hand)}&starter={starter}&crib={int(crib)}"


def parse_hand_fragment(fragment: str) -> tuple[tuple[Card, ...], Card, bool]:
    """Read a shared hand from a URL fragment, refusing anything else with the real fault
    (a card twice, a card that is none, a missing starter), which the reader is told.

    >>> hand, starter, crib = parse_hand_fragment("#hand=5H,5S,5C,JD&starter=5D&crib=0")
    >>> " ".join(map(str, hand)), str(starter), crib
    ('5H 5S 5C JD', '5D', False)
    >>> for bad in ("hand=5H,5S,5C,JD&starter=<script>", "hand=5D,5D,3C,4S&starter=6D", "hand=5H,5S,5C&crib=1"):
    ...     try:
    ...         parse_hand_fragment(bad)
    ...     except CribbageError as error:
    ...         print(error_message(error, "en"))
    “<script>” has no valid rank (A, 2 to 10, J, Q, K).
    The card 5♦ (five of diamonds) appears twice.
    The link names no starter.
    """
    text = fragment[1:] if fragment.startswith("#") else fragment
    if len(text) > MAX_FRAGMENT:
        raise BlockError("fragment_unreadable")
    fields: dict[str, str] = {}
    for part in text.split("&"):
        key, sep, value = part.partition("=")
        if not sep or key not in ("hand", "starter", "crib") or key in fields:
            raise BlockError("fragment_unreadable")
        fields[key] = value
    if "hand" not in fields:
        raise BlockError("fragment_no_hand")
    if "starter" not in fields:
        raise BlockError("fragment_no_starter")
    if fields.get("crib", "0") not in ("0", "1"):
        raise BlockError("fragment_unreadable")
    hand = parse_cards(fields["hand"].split(","))  # a card that is none, or one twice, says which
    starter = Card.parse(fields["starter"])
    if len(hand) not in HAND_SIZES:
        raise BlockError("fragment_hand_size", fewest=min(HAND_SIZES), most=max(HAND_SIZES), got=len(hand))
    if starter in hand:
        raise StarterInHandError(f"starter {starter} is also in the hand", card=str(starter))
    crib = fields.get("crib") == "1"
    if crib and len(hand) != CRIB_SIZE:
        raise BlockError("fragment_crib", size=CRIB_SIZE)
    return hand, starter, crib


def _count(hand: Sequence[str], starter: str, crib: bool, lang: Language) -> tuple[str, bool]:
    """The count of the chosen cards, or what is wrong with them; and whether it is a count."""
    chosen = [text for text in (*hand, starter) if text]
    try:
        if len(chosen) != len(hand) + 1:
            raise CardCountError("a card is missing", expected=len(hand) + 1, got=len(chosen))
        cards = parse_cards(chosen)
    except CribbageError as error:
        return error_html(_friendlier(error, starter), lang), False
    return show_html(cards[:-1], cards[-1], crib, lang, hand_size=None if crib else len(hand)), True


def _friendlier(error: CribbageError, starter: str) -> CribbageError:
    """A duplicate between the hand and the starter is the starter's fault."""
    if error.code == "duplicate_card" and starter and error.params.get("card") == starter:
        return StarterInHandError(str(error), card=starter)
    return error


def hand_view(state: State, lang: Language, notice: str = "") -> str:
    """The hand scorer: its pickers, the switch and the count (or what is wrong)."""
    hand, starter, crib, uid = _checked(state)
    return _view(hand, starter, crib, uid, lang, notice)[0]


def _view(hand: list[str], starter: str, crib: bool, uid: str, lang: Language, notice: str) -> tuple[str, bool]:
    pickers = "".join(
        card_select(f"card{i}", t("ui.card_n", lang, n=i + 1), text, lang, f"card{i}") for i, text in enumerate(hand)
    )
    pickers += card_select("starter", t("ui.starter", lang), starter, lang, "starter")
    switch = (
        radio_group(
            t("ui.count_as", lang), "crib", (("0", t("ui.hand", lang)), ("1", t("ui.crib", lang))), str(int(crib)), uid
        )
        if len(hand) == CRIB_SIZE
        else ""
    )
    result, counted = _count(hand, starter, crib, lang)
    note = f'<p class="cb-notice" data-announce>{escape(notice)}</p>' if notice else ""
    return (
        f'<div class="cb-controls"><div class="cb-pickers">{pickers}</div>{switch}</div>{note}<div class="cb-result">{result}</div>',
        counted,
    )


def hand_block(fields: Fields, lang: Language, uid: str, text: str) -> Live:
    hand = source.cards(fields, "hand")
    starter = source.cards(fields, "starter")
    crib = source.flag(fields, "crib")
    if len(starter) != 1:
        raise BlockError("block_bad_value", fields["starter"][1], key="starter", value=fields["starter"][0])
    game = source.game_variant(fields)
    if "variant" in fields and len(hand) != (CRIB_SIZE if crib else game.kept):
        raise BlockError("block_bad_value", fields["variant"][1], key="variant", value=fields["variant"][0])
    try:
        score = score_show(
            hand, starter[0], crib=crib, hand_size=None if crib or len(hand) not in HAND_SIZES else len(hand)
        )
    except CribbageError as error:
        raise BlockError(
            "block_bad_value", fields["hand"][1], key="hand", value=f"{fields['hand'][0]} ({error})"
        ) from error
    source.expect(fields, [score.total])
    state = hand_state([str(card) for card in hand], str(starter[0]), crib, uid)
    return Live(state, hand_view(state, lang), t("ui.crib" if crib else "ui.hand", lang))


def hand_update(state: State, action: Action, lang: Language) -> Answer:
    hand, starter, crib, uid = _checked(state)
    notice = ""
    name, value = action.get("name"), action_text(action)
    if action.get("action") == "fragment":
        try:
            cards, cut, crib = parse_hand_fragment(value)
            hand, starter = [str(card) for card in cards], str(cut)
        except CribbageError as error:
            notice = t("error.bad_fragment", lang, detail=error_message(error, lang))
    elif action.get("action") == "set":
        if name == "crib":
            crib = value == "1" and len(hand) == CRIB_SIZE
        elif name == "starter" and value in CARD_TEXTS | {""}:
            starter = value
        elif (slot := card_slot(name, len(hand))) is not None and value in CARD_TEXTS | {""}:
            hand[slot] = value
    new = hand_state(hand, starter, crib, uid)
    view, counted = _view(hand, starter, crib, uid, lang, notice)
    answer: Answer = {"html": view, "state": new}
    if counted and not notice:
        answer["fragment"] = hand_fragment(hand, starter, crib)
    return answer


WIDGET = Widget(
    kind="hand",
    keys=("hand", "starter", "crib", "variant", "expect"),
    required=("hand", "starter"),
    block=hand_block,
    update=hand_update,
    fragment_key=FRAGMENT_KEY,
)
