"""The HTML of a ``choose`` stage of the Learn course: a question about the deal at the table.

The position (the cards and the starter, the scores, the counts, the card of the play) is
shown with the choices as buttons; the verdict says the rule's reason in words, from the
engine's facts (:mod:`cribbage.course.exercises`: the jacks, the show's order, who reaches the
hole first, the loser's outcome).

>>> from cribbage.course.tasks import Task, TaskKind
>>> task = Task(TaskKind.CHOOSE, (), question="show_order", players=3, shown=1)
>>> [choice_label(task, choice, "en") for choice in choices(task)]
['Player on the dealer’s left', 'Next player', 'Dealer', 'Dealer’s crib']
>>> reason(task, "en").endswith(": Player on the dealer’s left → Next player → Dealer → Dealer’s crib.")
True
"""

from __future__ import annotations

from html import escape

from ..core.cards import JACK
from ..core.rules import GameRules
from ..core.show import nobs_jack
from ..course.table import jack_points, mover, right_choice, show_turns, table_dealer, winner, winner_pegs
from ..course.tasks import CRIB, NOBODY, ROLES, Question, Task, choices
from ..i18n import Language, Named, card_name, named, points_text, t
from .html import button


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def seat_label(seat: int, players: int, lang: Language) -> Named:
    """A seat's name: the pone and the dealer, or with three the dealer's left and the next player
    (a sentence asks for its running-text form, ``{who:mid}``)."""
    if seat == table_dealer(players):
        return named("lesson.seat.dealer", lang)
    if players == 2:
        return named("lesson.seat.pone", lang)
    return named("lesson.seat.left" if seat == 0 else "lesson.seat.next", lang)


def _players(task: Task) -> int:
    return task.players or len(task.scores)


def choice_label(task: Task, choice: str, lang: Language) -> str:
    """A choice as its button says it."""
    if task.question == Question.OUTCOME:
        return _upper_first(t(f"outcome.{choice}", lang))
    if choice == NOBODY:
        return t(f"lesson.choice.{task.question}_nobody", lang)
    if choice == CRIB:
        return t("lesson.seat.crib", lang)
    who, _, number = choice.partition(":")
    if who in ROLES:
        seat = ROLES.index(who)
        return t("lesson.choice.pegs", lang, who=seat_label(seat, 2, lang), points=points_text(int(number), lang))
    return seat_label(int(number), _players(task), lang)


def _order(task: Task, lang: Language, upto: int | None = None) -> str:
    turns = show_turns(task)[:upto]
    return " → ".join(
        t("lesson.seat.crib", lang) if crib else seat_label(seat, _players(task), lang) for seat, crib in turns
    )


def _scores(task: Task, lang: Language) -> str:
    parts = ", ".join(f"{seat_label(seat, len(task.scores), lang)} {score}" for seat, score in enumerate(task.scores))
    return t("lesson.scores", lang, scores=parts, hole=task.game_to)


def position_html(task: Task, lang: Language) -> str:
    """What a ``choose`` task shows besides cards: the counts made, the scores, the counts to come."""
    match task.question:
        case Question.SHOW_ORDER:
            done = _order(task, lang, task.shown)
            text = t("lesson.counted", lang, counts=done) if task.shown else t("lesson.none_counted", lang)
            return f'<p class="cb-table-players">{escape(t("lesson.players", lang, count=task.players))}</p><p class="cb-counted">{escape(text)}</p>'
        case Question.WINNER | Question.OUTCOME:
            rows = f'<p class="cb-scores">{escape(_scores(task, lang))}</p>'
            if task.counts:
                counts = "".join(
                    f"<li>{escape(t('lesson.seat.crib', lang) if crib else seat_label(seat, 2, lang))}: {escape(points_text(count, lang))}</li>"
                    for (seat, crib), count in zip(show_turns(task), task.counts, strict=True)
                )
                rows += f'<p class="cb-label">{escape(t("lesson.counts_to_come", lang))}</p><ul class="cb-counts">{counts}</ul>'
            if task.cards:
                who = seat_label(mover(task), 2, lang)
                rows += f'<p class="cb-mover">{escape(t("lesson.plays_now", lang, who=who))}</p>'
            return rows
    return ""


def choice_buttons(task: Task, done: bool, lang: Language) -> str:
    """Every choice, a button (44 px, Tab and Enter like every button) that is the answer itself."""
    inner = "".join(
        button(choice_label(task, choice, lang), f"choice-{choice}", "check", choice, disabled=done)
        for choice in choices(task)
    )
    return f'<div class="cb-controls cb-choices" role="group" aria-label="{escape(t("lesson.choices", lang))}">{inner}</div>'


def reason(task: Task, lang: Language) -> str:
    """Why the right choice is right, in words (a sentence may begin with a card's name)."""
    match task.question:
        case Question.JACKS:
            text = _jacks_reason(task, lang)
        case Question.SHOW_ORDER:
            text = t("lesson.why.order", lang, order=_order(task, lang))
        case Question.WINNER:
            text = _winner_reason(task, lang)
        case _:
            text = _outcome_reason(task, lang)
    return _upper_first(text)


def _jacks_reason(task: Task, lang: Language) -> str:
    assert task.starter is not None
    heels, nobs = jack_points(task)
    if heels:
        return t("lesson.why.heels", lang, starter=card_name(task.starter, lang))
    jack = nobs_jack(task.cards, task.starter)
    if nobs and jack is not None:
        key = (
            "lesson.why.nobs_crib"
            if task.crib
            else ("lesson.why.nobs_dealer" if task.dealer else "lesson.why.nobs_pone")
        )
        return t(key, lang, card=card_name(jack, lang), starter=card_name(task.starter, lang))
    others = [card for card in task.cards if card.rank == JACK]
    if others:
        return t("lesson.why.other_jack", lang, card=card_name(others[0], lang), starter=card_name(task.starter, lang))
    return t("lesson.why.no_jack", lang, starter=card_name(task.starter, lang))


def _winner_reason(task: Task, lang: Language) -> str:
    won, made = winner(task)
    pegs = winner_pegs(task)
    if task.cards:
        seat, points = pegs[0]
        key = "lesson.why.reach_play" if won is not None else "lesson.why.short_play"
        return t(
            key,
            lang,
            who=seat_label(seat, 2, lang),
            card=card_name(task.cards[0], lang, "acc"),
            points=points_text(points, lang),
            score=task.scores[seat],
            total=min(task.game_to, task.scores[seat] + points),
            hole=task.game_to,
        )
    if won is None:
        finals = [task.scores[0] + task.counts[0], task.scores[1] + task.counts[1] + task.counts[2]]
        parts = ", ".join(f"{seat_label(seat, 2, lang)} {score}" for seat, score in enumerate(finals))
        return t("lesson.why.nobody_show", lang, order=_order(task, lang), scores=parts, hole=task.game_to)
    before = task.scores[won] + sum(points for seat, points in pegs[: made - 1] if seat == won)
    seat_, crib = show_turns(task)[made - 1]
    count = t("lesson.seat.crib", lang) if crib else seat_label(seat_, 2, lang)
    key = "lesson.why.reach_show_first" if made < len(pegs) else "lesson.why.reach_show_last"
    return t(
        key, lang, order=_order(task, lang), count=count, score=before, points=pegs[made - 1][1], hole=task.game_to
    )


def _outcome_reason(task: Task, lang: Language) -> str:
    rules = GameRules(target=task.game_to)
    loser = min(task.scores)
    outcome = right_choice(task)
    lines = {
        "lurch": rules.lurch_line,
        "double_skunk": rules.double_skunk_line,
        "skunk": rules.skunk_line,
        "loss": rules.lurch_line if rules.lurch else rules.skunk_line,
    }
    key = f"lesson.why.{outcome}" + ("_61" if outcome == "loss" and rules.lurch else "")
    return t(key, lang, score=loser, line=lines[outcome], double=rules.double_skunk_line, hole=task.game_to)
