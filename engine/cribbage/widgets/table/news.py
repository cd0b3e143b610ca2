"""What the table just did, said in the page's language: every point pegged by whom and why,
the cut for the deal, the end of the game.  The view marks these lines as news
(``data-announce``), so a screen reader hears each pegged point once.

>>> from cribbage.companion import Options, TableGame, DealCards, LayAway, StarterCard
>>> game = TableGame(Options(first_dealer=1))
>>> for action in (DealCards(), LayAway()):
...     _ = game.apply(action)
>>> news_lines(game.apply(StarterCard(Card.parse("JH"))), game, "en")
['Player 2 turns the starter: jack of hearts. Player 2 pegs 2 points for his heels.']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...companion import TableGame
from ...companion.events import (
    Counted,
    CutAgain,
    CutForDeal,
    GameOver,
    Muggins,
    NewGame,
    Pegged,
    PointsPegged,
    Shown,
    Starter,
    TableEvent,
    ThreeForLast,
)
from ...core.cards import Card
from ...i18n import Language, Named, card_name, named, points_text, t
from ..spoken import reason_text

__all__ = ["news_lines", "seat_names", "side_names"]


def seat_names(game: TableGame, lang: Language) -> list[str | Named]:
    """Each seat's name: the one entered, else ``Player 1`` ... in the page's language."""
    given = game.options.names
    return [given[seat] if given else named("ui.player", lang, n=seat + 1) for seat in range(game.rules.players)]


def side_names(game: TableGame, lang: Language) -> list[str]:
    """Each side's name: a player's, or with four the partners' together."""
    names = seat_names(game, lang)
    if game.rules.players != 4:
        return [str(name) for name in names]
    return [t("table.partners", lang, first=names[side], second=names[side + 2]) for side in range(2)]


def news_lines(events: Iterable[TableEvent], game: TableGame, lang: Language) -> list[str]:
    """One sentence (or a few) for each event that tells the table something."""
    names = seat_names(game, lang)
    lines = [_line(event, game, names, lang) for event in events]
    return [line for line in lines if line]


def _pegs(name: str | Named, points: int, lang: Language) -> str:
    return t("game.pegs_seat", lang, name=name, points=points_text(points, lang))


def _line(event: TableEvent, game: TableGame, names: Sequence[str | Named], lang: Language) -> str:
    match event:
        case CutForDeal():
            return t("game.cut_lowest_seat", lang, name=names[event.dealer])
        case CutAgain():
            return t("table.cut_again", lang, names=", ".join(str(names[seat]) for seat in event.seats))
        case ThreeForLast():
            return t("table.three_for_last", lang, name=names[event.seat])
        case Starter():
            turned = t("table.starter_turned", lang, name=names[event.seat], card=card_name(event.card, lang))
            heels = t("table.heels", lang, name=names[event.seat], points=points_text(event.points, lang))
            return f"{turned} {heels}" if event.points else turned
        case Pegged():
            return _played(event, names, lang)
        case PointsPegged() | Counted():
            return _pegs(names[event.seat], event.points, lang)
        case Shown():
            said = (
                ""
                if event.announced is None
                else t("game.announced_seat", lang, name=names[event.seat], said=event.announced) + " "
            )
            return said + _pegs(names[event.seat], event.points, lang)
        case Muggins():
            if not event.points:
                return t("game.muggins_declined", lang)
            return t("table.muggins", lang, name=names[event.seat], points=points_text(event.points, lang))
        case GameOver():
            return _game_over(event, game, lang)
        case NewGame():
            return t("game.next_deals_seat", lang, name=names[event.seat])
    return ""


def _played(event: Pegged, names: Sequence[str | Named], lang: Language) -> str:
    """A card played and what it pegged, or a go, in the words of the play's own example."""
    action, name = event.action, names[event.seat]
    if action.card is None:
        return t("play.go_point" if action.points else "play.go", lang, seat=name)
    played = t("table.plays", lang, name=name, card=_card(action.card, lang), count=action.count)
    scored = [item for item in action.reasons if item.kind != "go"]
    if not scored:
        return played
    why = "; ".join(reason_text(item, lang) for item in scored)
    return f"{played} {t('table.pegged_for', lang, name=name, points=points_text(action.points, lang), why=why)}"


def _card(card: Card, lang: Language) -> str:
    return card_name(card, lang, "acc")


def _game_over(event: GameOver, game: TableGame, lang: Language) -> str:
    sides = side_names(game, lang)
    rules = game.rules
    lines = [t("table.wins", lang, name=sides[event.winner], target=rules.game_hole)]
    line_of = {"skunk": rules.skunk_line, "double_skunk": rules.double_skunk_line, "lurch": rules.lurch_line}
    for side, outcome in enumerate(event.outcomes):
        if outcome in line_of:
            lines.append(t(f"game.outcome_{outcome}", lang, name=sides[side], line=line_of[outcome]))
    return " ".join(lines)
