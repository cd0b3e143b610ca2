"""This deal's steps as a list: the cut, the deal, the discards, each card played and
each count, with the computers' reasons ("Why?") under their decisions.

>>> from cribbage.core.game import Game
>>> from cribbage.widgets.game.state import GameOptions, new_state
>>> game = Game(GameOptions(players=4).rules, seed=3)
>>> _ = game.advance(), game.advance()
>>> html = log_html(new_state(GameOptions(players=4), 3, "g1"), game, "en")
>>> "five cards each" in html, "the other side 0" in html
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ...core.events import CutForDeal, Deal, Discard, Event, GameOver, Muggins, Pegged, Shown, Starter, ThreeForLast
from ...core.game import Game, Phase
from ...i18n import Language, points_text, t
from ..count import show_html
from ..html import attrs, card_html, cards_html, unbroken
from ..source import State
from ..spoken import reason_text
from .coach_state import said_of
from .seats import said, seat_name, side_name
from .state import READER
from .why import why_html


def deal_start(events: Sequence[Event]) -> int:
    """Index of the first event of the latest deal (its cut for deal and three for last included:
    the five-card game logs both before its first deal)."""
    for index in range(len(events) - 1, -1, -1):
        if isinstance(events[index], Deal):
            while index and isinstance(events[index - 1], (CutForDeal, ThreeForLast)):
                index -= 1
            return index
    return 0


def revealed_seats(game: Game, start: int) -> set[int]:
    """The seats whose cards are face up in this deal (their hand was shown), every seat once the game is over."""
    if game.is_over:
        return set(range(game.rules.players))
    return {event.seat for event in game.events[start:] if isinstance(event, Shown) and not event.crib}


def record_html(won: Sequence[int], players: int, lang: Language) -> str:
    """The games won at this page, per side."""
    if players == 2:
        text = t("game.record", lang, you=won[READER], computer=won[1])
    elif players == 3:
        text = t("game.record_three", lang, you=won[0], left=won[1], right=won[2])
    else:
        text = t("game.record_sides", lang, us=won[0], them=won[1])
    return f'<p class="cb-record">{escape(text)}</p>'


def log_html(state: State, game: Game, lang: Language) -> str:
    events = game.events
    start = deal_start(events)
    seen = state.get("seen", 0)
    revealed = revealed_seats(game, start)
    # What the reader said of this deal's counts (the table may have corrected it).
    counts = {what: value for (deal, what), value in said_of(state).items() if deal == game.deals}
    items = []
    for index in range(start, len(events)):
        event, new = events[index], index >= seen
        html = _event_html(event, index, state["why"], revealed, game, lang, new, counts)
        # What happened since the reader's last move is marked, and widgets.js reads it out:
        # a show by its short line (whose hand, the points), not its whole breakdown.
        mark = attrs(class_="cb-new" if new else None, data_announce=new and not isinstance(event, Shown))
        items.append(f"<li{mark}>{html}</li>")
    record = record_html(state["won"], game.rules.players, lang)
    if not items:  # before the first cut there is nothing to log: no empty box
        return f'<div class="cb-result">{record}</div>'
    title = t("game.log", lang, n=max(game.deals, 1))
    return (
        f'<div class="cb-result"><details class="cb-log-box" open><summary>{escape(title)}</summary>'
        f'<ol class="cb-log">{"".join(items)}</ol></details>{record}</div>'
    )


def _shown_html(event: Shown, new: bool, players: int, lang: Language, counts: Mapping[str, int]) -> str:
    """A show in the log: its short line (announced when new), then the count in full.

    ``counts``: what the reader said of this deal's hand and crib; the show's own
    ``announced`` is what was pegged, the real count when the table corrected it."""
    base = "game.show_crib" if event.crib else "game.show_hand"
    scored = _scored(event.seat, event.points, players, lang) or (
        f" <strong>{escape(said('game.pegs_nothing', event.seat, players, lang))}</strong>"
    )
    announced = ""
    if event.announced is not None:
        told = counts.get("crib" if event.crib else "hand", event.announced) if event.seat == READER else None
        if told is not None and told != event.actual:  # the computers count right
            text = t("game.announced_short_you", lang, said=told, total=event.actual)
        else:
            text = said("game.announced", event.seat, players, lang, said=event.announced)
        announced = f' <span class="cb-said">{escape(text)}</span>'
    return (
        f'<p class="cb-show-summary"{" data-announce" if new else ""}><span class="cb-show-title">{escape(said(base, event.seat, players, lang))}</span>'
        f"{announced}{scored}</p>{show_html(event.hand, event.starter, event.crib, lang, False, len(event.hand))}"
    )


def _scored(seat: int, points: int, players: int, lang: Language) -> str:
    if not points:
        return ""
    text = said("game.pegs", seat, players, lang, points=points_text(points, lang))
    return f' <strong class="cb-pegged" data-seat="{seat}">{escape(text)}</strong>'


def _cut_html(event: CutForDeal, players: int, lang: Language) -> str:
    lines = []
    for round_number, cuts in enumerate(event.rounds):
        named = " ".join(
            f"{escape(seat_name(seat, players, lang).mid)} {unbroken(card_html(card, lang), ',' if later else '.')}"
            for later, (seat, card) in zip([True] * (len(cuts) - 1) + [False], cuts)
        )
        tie = f" {escape(t('game.cut_tie', lang))}" if round_number < len(event.rounds) - 1 else ""
        lines.append(f"{escape(t('game.cut_cards', lang))}: {named}{tie}")
    lines.append(escape(said("game.cut" if players == 2 else "game.cut_lowest", event.dealer, players, lang)))
    return " ".join(lines)


_DEALS = {6: "game.deals", 5: "game.deals_five", 7: "game.deals_seven"}
"""The deal's sentence by the cards dealt to each."""


def _deal_html(event: Deal, game: Game, lang: Language) -> str:
    players = game.rules.players
    text = said(_DEALS[game.rules.deal_size], event.dealer, players, lang, n=game.deals)
    if event.crib:  # three players: one card from the pack
        text += " " + t("game.crib_from_deck", lang)
    return escape(text)


def _event_html(
    event: Event,
    index: int,
    why: Mapping[str, Any],
    revealed: set[int],
    game: Game,
    lang: Language,
    new: bool,
    counts: Mapping[str, int],
) -> str:
    players = game.rules.players
    match event:
        case CutForDeal():
            return _cut_html(event, players, lang)
        case Deal():
            return _deal_html(event, game, lang)
        case Discard() if event.seat == READER:
            return escape(t("game.discard_you", lang)) + " " + cards_html(event.cards, lang)
        case Discard():
            text = escape(
                t("game.discard_computer", lang) if players == 2 else said("game.discard", event.seat, players, lang)
            )
            return text + why_html(why.get(str(index)), event.seat in revealed, game, event.seat, lang)
        case Starter():
            text = escape(t("game.starter", lang)) + " " + card_html(event.card, lang, "cb-starter")
            if event.points:
                text += " " + escape(t("game.heels", lang)) + _scored(event.seat, event.points, players, lang)
            return text
        case Pegged():
            return _pegged_html(event, index, why.get(str(index)), game, lang)
        case Shown():
            return _shown_html(event, new, players, lang, counts)
        case Muggins() if not event.points:
            return escape(t("game.muggins_declined", lang))
        case Muggins():
            return escape(said("game.muggins", event.seat, players, lang)) + _scored(
                event.seat, event.points, players, lang
            )
        case GameOver():
            return _game_over_html(event, game, lang)
        case ThreeForLast():
            return escape(t("game.three_for_last", lang)) + _scored(event.seat, event.points, players, lang)


def _ends_play(index: int, game: Game) -> bool:
    """Whether the action logged at ``index`` ends the play: no action of the play follows it
    (a show or the game's end does, or the game has gone on to the show)."""
    following = game.events[index + 1] if index + 1 < len(game.events) else None
    return game.phase != Phase.PLAY if following is None else not isinstance(following, Pegged)


def _pegged_html(event: Pegged, index: int, reason: Any, game: Game, lang: Language) -> str:
    action = event.action
    players = game.rules.players
    if action.card is None:  # a go; the last player's own go takes the point
        text = escape(said("game.go_point" if action.points else "game.go", event.seat, players, lang))
    else:
        # The count is a phrase of its own: "Počítač hraje 3♠, součet 3", not the card's.
        text = (
            f"{escape(said('game.plays', event.seat, players, lang))} {card_html(action.card, lang, case='acc')}, "
            f'<span class="cb-count">{escape(t("play.count", lang, count=action.count))}</span>'
        )
    scored = [item for item in action.reasons if item.kind != "go"]
    if scored:
        reasons = "; ".join(reason_text(item, lang) for item in scored)
        text += f' <span class="cb-reasons">({escape(reasons)})</span>'
    if action.points:
        text += _scored(event.seat, action.points, players, lang)
    if _ends_play(index, game):  # no count starts again after the play's last action
        text += f' <span class="cb-play-over">{escape(t("play.over", lang))}</span>'
    elif action.reset:
        text += f' <span class="cb-reset">{escape(t("play.reset", lang))}</span>'
    if event.seat != READER and action.card is not None:
        text += why_html(reason, True, game, event.seat, lang)
    return text


def _game_over_html(event: GameOver, game: Game, lang: Language) -> str:
    rules = game.rules
    players = rules.players
    if players == 4:
        wins = t("game.wins_seat", lang, name=side_name(event.winner, players, lang), target=rules.target)
    else:
        wins = said("game.wins", event.winner, players, lang, target=rules.target)
    parts = [f'<strong class="cb-winner" data-winner="{event.winner}">{escape(wins)}</strong>']
    lines = {"skunk": rules.skunk_line, "double_skunk": rules.double_skunk_line, "lurch": rules.lurch_line}
    for side, outcome in enumerate(event.outcomes):
        if outcome not in lines:
            continue
        if players == 2:
            text = t(f"game.{outcome}_{'you' if side == READER else 'computer'}", lang, line=lines[outcome])
        else:
            text = t(f"game.outcome_{outcome}", lang, name=side_name(side, players, lang), line=lines[outcome])
        parts.append(f'<span class="cb-skunk" data-outcome="{outcome}" data-side="{side}">{escape(text)}</span>')
    dealer = game.next_game().first_dealer
    if dealer is not None:
        base = "game.next_dealer" if players == 2 else "game.next_deals"
        parts.append(escape(said(base, dealer, players, lang)))
    return " ".join(parts)
