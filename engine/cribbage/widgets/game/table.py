"""The card table: each seat where a player sits, the pile and its count in the middle,
the crib and the starter beside the dealer, the reader's hand at the bottom.

The computers' cards lie face down (their number said to screen readers) until
their show, or the end of the game; the reader's own cards are faces, and the
ones the reader may choose now are buttons a finger can tap.

>>> from cribbage.core.game import Game
>>> from cribbage.widgets.game.state import GameOptions
>>> game = Game(GameOptions(players=3).rules, seed=4)
>>> _ = game.advance(), game.advance()
>>> html = table_html(game, "en", "")
>>> 'data-players="3"' in html, html.count('class="cb-seat '), 'aria-label="Computer on your left: 5 cards, face down"' in html
(True, 3, True)
"""

from __future__ import annotations

from html import escape

from ...core.cards import Card
from ...core.events import Deal, Shown
from ...core.game import Game
from ...i18n import Language, t
from ..html import attrs, card_back, card_face
from .seats import place, seat_name
from .state import READER


def dealer_of_the_deal(game: Game) -> int | None:
    """The dealer of the deal on the table (between two deals, the last one's)."""
    return next((event.dealer for event in reversed(game.events) if isinstance(event, Deal)), game.dealer)


def _shown(game: Game) -> tuple[set[int], bool]:
    """The seats whose hand was shown in this deal, and whether the crib was."""
    seats: set[int] = set()
    crib = False
    for event in reversed(game.events):
        if isinstance(event, Deal):
            break
        if isinstance(event, Shown):
            if event.crib:
                crib = True
            else:
                seats.add(event.seat)
    return seats, crib


def _backs(count: int, label: str) -> str:
    """``count`` cards face down, named once for screen readers."""
    return f'<span class="cb-backs" role="img"{attrs(aria_label=label)}>{"".join(card_back() for _ in range(count))}</span>'


def _faces(cards: tuple[Card, ...], lang: Language) -> str:
    return f'<span class="cb-faces">{"".join(card_face(card, lang) for card in cards)}</span>'


def _crib_spot(game: Game, crib_shown: bool, lang: Language) -> str:
    """The crib, and the pack with the starter turned on it, beside the dealer."""
    crib = game.crib
    parts = []
    if crib:
        label = t("game.crib_cards", lang, count=len(crib))
        cards = _faces(crib, lang) if crib_shown or game.is_over else _backs(len(crib), label)
        parts.append(f'<span class="cb-crib"><span class="cb-label">{escape(t("ui.crib", lang))}</span>{cards}</span>')
    if game.starter is not None:
        parts.append(
            f'<span class="cb-pack"><span class="cb-label">{escape(t("ui.starter", lang))}</span>'
            f"{card_face(game.starter, lang, 'cb-starter')}</span>"
        )
    return f'<div class="cb-crib-spot">{"".join(parts)}</div>' if parts else ""


def _seat_html(
    game: Game, seat: int, dealer: int | None, shown: tuple[set[int], bool], lang: Language, hand: str
) -> str:
    players = game.rules.players
    name = seat_name(seat, players, lang)
    mark = f' <span class="cb-dealer-mark">{escape(t("game.dealer_mark", lang))}</span>' if seat == dealer else ""
    if seat == READER:
        cards = hand
    else:
        held = game.hand(seat)
        face_up = seat in shown[0] or game.is_over
        cards = (
            _faces(held, lang) if face_up else _backs(len(held), t("game.seat_cards", lang, name=name, count=len(held)))
        )
    crib = _crib_spot(game, shown[1], lang) if seat == dealer else ""
    return (
        f'<div class="cb-seat cb-at-{place(seat, players)}"{attrs(data_seat=seat)}>'
        f'<p class="cb-seat-name"><strong>{escape(name)}</strong>{mark}</p>'
        f'<div class="cb-seat-cards">{cards}</div>{crib}</div>'
    )


def _centre_html(game: Game, lang: Language) -> str:
    """The cards of the current count, overlapping, and the count in large type."""
    play = game.play_state
    if game.phase != "play" or play is None:
        return '<div class="cb-centre"></div>'
    pile = "".join(card_face(card, lang) for card in play.pile)
    return (
        f'<div class="cb-centre cb-table-state"><span class="cb-label">{escape(t("ui.pile", lang))}</span>'
        f'<span class="cb-pile">{pile}</span>'
        f'<span class="cb-label">{escape(t("ui.count", lang))}</span> '
        f'<strong class="cb-running" data-count="{play.count}">{play.count}</strong></div>'
    )


def table_html(game: Game, lang: Language, hand: str) -> str:
    """The table once a dealer is known; ``hand`` is the reader's hand as built by the view
    (cards to tap when the reader chooses, faces otherwise)."""
    players = game.rules.players
    dealer = dealer_of_the_deal(game)
    shown = _shown(game)
    seats = "".join(_seat_html(game, seat, dealer, shown, lang, hand) for seat in range(1, players))
    return (
        f'<div class="cb-felt"{attrs(role="region", data_players=players, aria_label=t("game.table", lang))}>'
        f"{seats}{_centre_html(game, lang)}{_seat_html(game, READER, dealer, shown, lang, hand)}</div>"
    )


def reader_hand(game: Game, lang: Language) -> str:
    """The reader's cards as faces (while someone else decides), named for screen readers."""
    cards = game.hand(READER)
    if not cards:
        return ""
    return f'<span class="cb-faces" role="group"{attrs(aria_label=t("game.your_cards", lang))}>{"".join(card_face(c, lang) for c in cards)}</span>'
