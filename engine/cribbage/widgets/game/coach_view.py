"""The coach's view: a review of the reader's decisions after each deal, and at the
end of a game a summary with the three costliest moments, each opened in a replay
of that deal's play (the ``cribbage-play`` widget's view, inside the game).

The numbers are the engine's (:mod:`cribbage.players.coach`); only the words are chosen here.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from html import escape
from typing import Any

from ...analysis.reasons import CribOwner, adds_crib, compare, discard_reason
from ...core.cards import Card
from ...core.game import Game
from ...core.play import replay
from ...core.show import ScoreItem
from ...i18n import Language, expected, expected_points_text, number, points_text, seat_name, shown_difference, t
from ...players.coach import review_game
from ...players.reviews import DealReview, DiscardReview, GameReview, Moment, PlayReview
from ..discard_reason import comparison_html, facts_html
from ..html import attrs, button, card_html, cards_html, scroll_box
from ..lesson_hints import and_list, or_list
from ..play import GO, play_state, play_view
from ..source import State, StateError
from ..spoken import tallied_texts
from .coach_state import reviews_of, said_of
from .state import READER


def _points(value: float, lang: Language) -> str:
    """A figure of the coach's tables, with the decimals of every other row."""
    return number(value, lang)


def _discard_given_up(item: DiscardReview) -> float:
    """What a discard gave up, as the difference of the two nets shown beside it, so that
    the page's own subtraction, the deal's totals and the game's summary all agree with it."""
    return shown_difference(item.best_option.net, item.chosen_option.net)


def _play_given_up(item: PlayReview) -> float:
    """What a card gave up, as the difference of the two figures of its row."""
    values = dict(item.values)
    return shown_difference(values[item.best], values[item.chosen])


def _deal_given_up(review: DealReview) -> tuple[float, float, int]:
    """The deal's discards, play and counts given up: the sums of the figures its review shows."""
    return (
        sum(_discard_given_up(item) for item in review.discards),
        sum(_play_given_up(item) for item in review.plays),
        review.lost_to_counting,
    )


def _card_or_go(card: Card | None, lang: Language) -> str:
    return card_html(card, lang) if card is not None else escape(t("ui.say_go", lang))


def _discard_html(review: DealReview, lang: Language) -> str:
    if not review.discards:
        return ""
    item = review.discards[0]
    head = "".join(
        f'<th scope="col">{escape(t(key, lang))}</th>'
        for key in ("game.coach_choice", "ui.discard", "ui.hand_mean", "ui.crib_mean", "ui.net")
    )
    rows = [("game.coach_yours", item.chosen_option), ("game.coach_best", item.best_option)]
    body = "".join(
        f'<tr{attrs(class_="cb-best" if key == "game.coach_best" else None)}><th scope="row">{escape(t(key, lang))}</th>'
        f"<td>{cards_html(option.discard, lang)}</td><td>{_points(option.hand_mean, lang)}</td>"
        f"<td>{_points(option.crib_mean, lang)}</td><td>{_points(option.net, lang)}</td></tr>"
        for key, option in rows
    )
    table = f'<table class="cb-options cb-coach-discard"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
    verdict = (
        t("game.coach_lost", lang, points=expected_points_text(_discard_given_up(item), lang))
        if item.cost
        else t("game.coach_best_choice", lang)
    )
    return (
        f"<h4>{escape(t('ui.discard', lang))}</h4>{scroll_box(table, t('ui.discard', lang))}"
        f'<p class="cb-coach-cost" data-cost="{item.cost:.4f}">{escape(verdict)}</p>{_discard_reason_html(item, lang)}'
    )


def _discard_reason_html(item: DiscardReview, lang: Language) -> str:
    """Why the best discard beats the reader's, or what the reader's (a best one) keeps and throws.

    Whose crib it was is read from the figures (the review keeps no dealer); another's crib
    is the dealer's, with any number of players."""
    owner = CribOwner.YOURS if adds_crib(item.chosen_option) else CribOwner.DEALERS
    mine = discard_reason(item.chosen_option, owner)
    if not item.cost:
        return facts_html(mine, lang)
    return comparison_html(compare(mine, discard_reason(item.best_option, owner)), lang)


def _plays_html(review: DealReview, lang: Language) -> str:
    if not review.plays:
        return ""
    head = "".join(
        f'<th scope="col">{escape(t(key, lang))}</th>'
        for key in (
            "ui.count",
            "game.coach_your_card",
            "game.coach_best_card",
            "game.coach_value_yours",
            "game.coach_value_best",
            "game.coach_difference",
        )
    )
    rows = []
    for item in review.plays:
        values = dict(item.values)
        notes = and_list([t(f"game.gave_away_{kind}", lang) for kind in item.gave_away], lang) if item.gave_away else ""
        if notes and item.chosen == item.best:  # no card did better: not a mistake, but still a risk taken
            notes = t("game.gave_away_best", lang, notes=notes)
        note = f' <span class="cb-gave-away">({escape(notes)})</span>' if notes else ""
        rows.append(
            f'<tr data-index="{item.index}" data-cost="{item.cost:.4f}"><td>{item.count_before}</td>'
            f"<td>{_card_or_go(item.chosen, lang)}{note}</td><td>{_card_or_go(item.best, lang)}</td>"
            f"<td>{_points(values[item.chosen], lang)}</td><td>{_points(values[item.best], lang)}</td>"
            f"<td>{_points(_play_given_up(item), lang)}</td></tr>"
        )
    table = (
        f'<table class="cb-options cb-coach-plays"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )
    return f"<h4>{escape(t('game.coach_play', lang))}</h4>{scroll_box(table, t('game.coach_play', lang))}"


def _way_text(way: Sequence[ScoreItem], lang: Language) -> str:
    """One way to make up a short count, by its kinds: ``1 fifteen and 1 pair``."""
    kinds = dict.fromkeys(item.kind for item in way)
    return and_list(
        [t(f"lesson.count.{kind}", lang, count=sum(item.kind == kind for item in way)) for kind in kinds], lang
    )


def _counts_html(review: DealReview, lang: Language) -> str:
    lines = []
    for item in review.counts:
        text = t(f"game.coach_count_{item.what}", lang, said=item.said, actual=item.actual)
        short = points_text(item.actual - item.said, lang)
        if item.missed:  # only one combination of the show's items makes up the gap
            text += " " + t("game.coach_missed", lang, items=and_list(tallied_texts(item.missed, lang), lang))
        elif item.either:  # the reader gave a total: which of these was missed is not known
            ways = list(dict.fromkeys(_way_text(way, lang) for way in item.either))
            text += " " + t("game.coach_missed_either", lang, points=short, ways=or_list(ways, lang))
        elif item.said < item.actual:
            # its own plural forms: the verb may govern a case of its own ("Brakuje 3 punktów")
            text += " " + t("game.coach_short", lang, count=item.actual - item.said)
        elif item.said > item.actual:  # refused, so it costs nothing, but the reader learns by how much
            text += " " + t("game.coach_over", lang, count=item.said - item.actual)
        lines.append(f'<li data-cost="{item.cost}">{escape(text)}</li>')
    if not lines:
        return ""
    return f'<h4>{escape(t("game.coach_counting", lang))}</h4><ul class="cb-coach-counts">{"".join(lines)}</ul>'


def _totals_html(
    shown: Sequence[tuple[float, float, int]], discards: float, pegging: float, counting: float, lang: Language
) -> str:
    """What was given up, in the words the sums of the figures shown (``shown``, by deal);
    the engine's own totals in the data."""
    given_up = [sum(deal[part] for deal in shown) for part in range(3)]
    text = t(
        "game.coach_totals",
        lang,
        discards=expected(given_up[0]),
        pegging=expected(given_up[1]),
        counting=int(given_up[2]),
        total=expected(sum(given_up)),
    )
    return (
        f'<p class="cb-coach-totals" data-discards="{discards:.4f}" data-pegging="{pegging:.4f}" '
        f'data-counting="{counting:.4f}">{escape(text)}</p>'
    )


def deal_review_html(review: DealReview, lang: Language, opened: bool) -> str:
    body = (
        _discard_html(review, lang)
        + _plays_html(review, lang)
        + _counts_html(review, lang)
        + _totals_html(
            [_deal_given_up(review)], review.lost_to_discards, review.lost_to_pegging, review.lost_to_counting, lang
        )
    )
    return (
        f'<details class="cb-coach" data-deal="{review.deal}"{" open" if opened else ""}>'
        f"<summary>{escape(t('game.coach_deal', lang, n=review.deal))}</summary>{body}</details>"
    )


def _moment_text(moment: Moment, review: GameReview, lang: Language) -> str:
    """A costly moment, given up as its deal's review shows it."""
    deal = next(each for each in review.deals if each.deal == moment.deal)
    if moment.kind == "discard":
        cost: Decimal | int = expected(_discard_given_up(deal.discards[0]))
    elif moment.kind == "play":
        cost = expected(_play_given_up(next(item for item in deal.plays if item.index == moment.index)))
    else:
        cost = int(moment.cost)  # points left uncounted: a whole number
    return t(f"game.moment_{moment.kind}", lang, n=moment.deal, count=cost)


def summary_html(review: GameReview, lang: Language) -> str:
    totals = review.totals
    moments = "".join(
        f'<li data-kind="{moment.kind}" data-deal="{moment.deal}" data-cost="{moment.cost:.4f}">'
        f"{escape(_moment_text(moment, review, lang))} "
        f"{button(t('game.replay', lang), f'moment-{number}', 'moment', str(number))}</li>"
        for number, moment in enumerate(review.costliest)
    )
    listed = (
        f'<h4>{escape(t("game.coach_moments", lang))}</h4><ol class="cb-moments">{moments}</ol>'
        if moments
        else f"<p>{escape(t('game.coach_perfect', lang))}</p>"
    )
    return (
        f'<details class="cb-coach-summary" open><summary>{escape(t("game.coach_summary", lang))}</summary>'
        f"{_totals_html([_deal_given_up(deal) for deal in review.deals], totals.discards, totals.pegging, float(totals.counting), lang)}"
        f"{listed}</details>"
    )


def game_review(state: State, game: Game) -> GameReview:
    """The review of the whole game from the reviews the state keeps (the missing ones made now)."""
    return review_game(game, READER, said=said_of(state), deals=reviews_of(state, game))


def coach_html(state: State, game: Game, lang: Language) -> str:
    """The deal's review once its last count is shown (until the next deal), and the
    game's summary once it is over."""
    reviews = reviews_of(state, game)
    last = reviews.get(game.deals)
    if last is None:
        return ""
    parts = [deal_review_html(last, lang, opened=not game.is_over)]
    if game.is_over:
        parts.append(summary_html(game_review(state, game), lang))
    return f'<div class="cb-coach-box"{attrs(role="region", aria_label=t("game.coach", lang))}>{"".join(parts)}</div>'


# -- a moment opened in a replay ------------------------------------------------------------


def replay_state(state: State, game: Game, index: int) -> dict[str, Any]:
    """The replay of moment ``index`` of the game's summary: a ``cribbage-play`` state."""
    moments = game_review(state, game).costliest
    if not 0 <= index < len(moments):
        raise StateError("value")
    spec = moments[index].replay
    actions = replay(spec.hands, spec.plays, variant=spec.variant)
    moves = [GO if action.card is None else str(action.card) for action in actions]
    return {
        "moment": index,
        "play": play_state(spec.hands, moves, min(spec.start, len(moves)), spec.variant, state["uid"]),
    }


def replay_html(state: State, game: Game, lang: Language) -> str:
    """The replay in place of the table, with the moment it opens on and a way back."""
    opened = state["replay"]
    if (
        not isinstance(opened, dict)
        or not isinstance(opened.get("moment"), int)
        or not isinstance(opened.get("play"), dict)
    ):
        raise StateError("replay")
    whole = game_review(state, game)
    moments: Sequence[Moment] = whole.costliest
    if not 0 <= opened["moment"] < len(moments):
        raise StateError("replay")
    moment = moments[opened["moment"]]
    # The discard or the count behind the moment, as the deal's review gave it; then the play.
    review = reviews_of(state, game).get(moment.deal)
    behind = ""
    if review is not None and moment.kind == "discard":
        behind = _discard_html(review, lang)
    elif review is not None and moment.kind == "count":
        behind = _counts_html(review, lang)
    # the seat as the replayed play names it: the pone or the dealer with two players, Player n with more
    you = t("game.replay_you", lang, seat=seat_name(moment.replay.seat, moment.replay.players, lang))
    return (
        f'<div class="cb-replay"{attrs(role="region", aria_label=t("game.replay_title", lang, n=moment.deal))}>'
        f"<h3>{escape(t('game.replay_title', lang, n=moment.deal))}</h3><p>{escape(_moment_text(moment, whole, lang))}</p>"
        f'{behind}<p class="cb-replay-you">{escape(you)}</p>{play_view(opened["play"], lang)}'
        f"<p>{button(t('game.replay_close', lang), 'replay-close', 'replay-close')}</p></div>"
    )
