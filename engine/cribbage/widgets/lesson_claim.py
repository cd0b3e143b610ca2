"""The HTML of a ``claim`` stage of the Learn course: a whole play against the computer.

The table (who sits where, who deals, what each side has pegged), the count and its cards,
what has been played, then the one question the play asks now: the reader's card (or go),
what the last card or go pegged, or who leads after a reset. The last answer's verdict says
the engine's items in words ("fifteen for 2 points and pair for 2 points") and, for the go,
the last card and the lead, the rule behind them.

>>> from cribbage.core.cards import parse_cards
>>> from cribbage.course.tasks import Task, TaskKind
>>> task = Task(TaskKind.CLAIM, parse_cards("5H 10S 4C KD"), others=parse_cards("10D 5S 6C AH"), players=2)
>>> who(task, 1, "en"), who(task, 0, "en")
('Computer', 'You')
"""

from __future__ import annotations

from html import escape

from ..core.cards import Card
from ..core.play import PlayAction
from ..core.rules import Seat
from ..core.show import ScoreKind
from ..course.claims import Ask, Step, Walk, lead_choices, reader_seat, walk
from ..course.tasks import Task
from ..i18n import Language, Named, card_name, points_text, t
from .game.seats import seat_name, side_name
from .html import attrs, button, card_face, tap_card, tap_cards
from .lesson_hints import and_list
from .lesson_state import Attempt
from .spoken import reason_text


def _relative(task: Task, seat: Seat) -> int:
    """The seat as the game's table numbers it: the reader 0, then round from the reader's left."""
    return (seat - reader_seat(task)) % task.players


def who(task: Task, seat: Seat, lang: Language) -> Named:
    """A seat of the play by its place at the reader's table: ``You``, ``Computer``, ``Your partner`` ...
    (a sentence asks for its running-text form with ``{who:mid}``)."""
    return seat_name(_relative(task, seat), task.players, lang)


def _side(task: Task, seat: Seat, lang: Language) -> str:
    return side_name(_relative(task, seat) % 2, task.players, lang)


def _faces(cards: tuple[Card, ...], lang: Language, label: str) -> str:
    inner = "".join(card_face(card, lang) for card in cards)
    return f'<div class="cb-tap-row cb-faces" role="group"{attrs(aria_label=label)}>{inner}</div>'


def _table(task: Task, walked: Walk, lang: Language) -> str:
    """Each seat: its name, the dealer marked, the cards it still holds, its points (a side's with four)."""
    played = [action.seat for action in walked.play_actions if action.card is not None]
    rows = []
    for seat in range(task.players):
        dealer = f" · {t('lesson.seat.dealer', lang)}" if seat == task.players - 1 else ""
        left = len(task.cards) - played.count(seat)
        rows.append(
            f'<li data-seat="{seat}"><strong>{escape(who(task, seat, lang))}</strong>{escape(dealer)}: '
            f"{escape(t('lesson.claim.cards_left', lang, count=left))}</li>"
        )
    if task.players == 4:
        sides = [walked.scores[0] + walked.scores[2], walked.scores[1] + walked.scores[3]]
        pegged = [(_side(task, seat, lang), sides[seat]) for seat in (reader_seat(task) % 2, 1 - reader_seat(task) % 2)]
    else:
        pegged = [(who(task, seat, lang), walked.scores[seat]) for seat in range(task.players)]
    scores = "".join(f"<li>{escape(name)}: {escape(points_text(points, lang))}</li>" for name, points in pegged)
    return (
        f'<p class="cb-label">{escape(t("lesson.claim.table", lang))}</p><ul class="cb-claim-table">{"".join(rows)}</ul>'
        f'<p class="cb-label">{escape(t("lesson.claim.scores", lang))}</p><ul class="cb-claim-scores">{scores}</ul>'
    )


def _pile(walked: Walk, lang: Language) -> str:
    label = t("ui.pile", lang)
    cards = _faces(walked.pile, lang, label) if walked.pile else f"<p>{escape(t('ui.pile_empty', lang))}</p>"
    return (
        f'<div class="cb-lesson-cards"><p class="cb-label">{escape(label)}</p>{cards}</div>'
        f'<p class="cb-count"><span class="cb-label">{escape(t("ui.count", lang))}:</span> <strong>{walked.count}</strong></p>'
    )


def action_text(task: Task, action: PlayAction, lang: Language) -> str:
    """``Computer: ten of diamonds, count 15.`` or ``You: go, count 27.``"""
    name = who(task, action.seat, lang)
    if action.card is None:
        key = (
            "lesson.claim.went_point"
            if any(item.kind is ScoreKind.GO for item in action.reasons)
            else "lesson.claim.went"
        )
        return t(key, lang, who=name, count=action.count)
    return t("lesson.claim.played", lang, who=name, card=card_name(action.card, lang), count=action.count)


def pegged_text(action: PlayAction, lang: Language) -> str:
    """What an action pegged in words: each item (``fifteen for 2 points``), their total before
    them when there are several, or that nothing pegs."""
    items = [reason_text(item, lang) for item in action.reasons]
    if not items:
        return t("lesson.claim.nothing", lang)
    listed = and_list(items, lang)
    return (
        listed
        if len(items) == 1
        else t("lesson.claim.total", lang, points=points_text(action.points, lang), items=listed)
    )


def _why(task: Task, action: PlayAction, lang: Language) -> list[str]:
    """The rule behind a go, the go point and the last card; with four players, whose side pegs."""
    kinds = {item.kind for item in action.reasons}
    lines = []
    if action.card is None:
        lines.append(t("lesson.claim.why_go_point" if ScoreKind.GO in kinds else "lesson.claim.why_go", lang))
    if ScoreKind.LAST_CARD in kinds:
        lines.append(t("lesson.claim.why_last_card", lang))
    if task.players == 4 and action.points:
        lines.append(t("lesson.claim.side", lang, side=_side(task, action.seat, lang)))
    return lines


def step_verdict(task: Task, step: Step, lang: Language) -> str:
    """The verdict on the last claim or lead: right or the correction, with its reason in words."""
    action = step.action
    assert action is not None
    if step.ask is Ask.CLAIM:
        what, name = pegged_text(action, lang), who(task, action.seat, lang)
        first = (
            t("lesson.claim.right", lang, who=name, what=what)
            if step.correct
            else t("lesson.claim.wrong", lang, said=step.said, who=name, what=what)
        )
        why = _why(task, action, lang)
    else:
        name = who(task, int(step.right.partition(":")[2]), lang)
        first = t("lesson.claim.lead_right" if step.correct else "lesson.claim.lead_wrong", lang, leader=name)
        why = [t("lesson.claim.why_lead", lang, last=who(task, action.seat, lang))]
    lines = "".join(f'<p class="cb-why">{escape(line)}</p>' for line in why)
    return f'<p class="cb-verdict" data-correct="{str(step.correct).lower()}" data-announce>{escape(first)}</p>{lines}'


def _log(task: Task, walked: Walk, lang: Language) -> str:
    """Every card and go claimed so far, with what it pegged."""
    claimed = [step.action for step in walked.steps if step.ask is Ask.CLAIM and step.action is not None]
    if not claimed:
        return ""
    rows = "".join(
        f"<li>{escape(action_text(task, action, lang))} {escape(points_text(action.points, lang))}</li>"
        for action in claimed
    )
    return f'<details class="cb-claim-log"><summary>{escape(t("lesson.claim.log", lang))}</summary><ol>{rows}</ol></details>'


def _question(task: Task, walked: Walk, done: bool, lang: Language) -> str:
    """The one question asked now, with its controls."""
    if walked.asks is None:
        return f'<p class="cb-claim-ask">{escape(t("lesson.claim.done", lang))}</p>'
    if walked.asks is Ask.MOVE:
        label = t("lesson.your_cards", lang)
        cards = tap_cards(
            (
                tap_card(card, lang, f"card-{card}", "check", disabled=done or card not in walked.legal)
                for card in walked.held
            ),
            label,
        )
        go_label = t("ui.take_go" if walked.go_scores else "ui.say_go", lang)
        go = button(go_label, "go", "check", "go", disabled=done or bool(walked.legal))
        ask = t("lesson.claim.ask_move", lang)
        return f'<p class="cb-claim-ask">{escape(ask)}</p><div class="cb-lesson-cards"><p class="cb-label">{escape(label)}</p>{cards}{go}</div>'
    if walked.asks is Ask.LEAD:
        buttons = "".join(
            button(who(task, int(choice.partition(":")[2]), lang), f"lead-{choice}", "check", choice, disabled=done)
            for choice in lead_choices(task)
        )
        ask = t("lesson.claim.ask_lead", lang)
        return (
            f'<p class="cb-claim-ask">{escape(ask)}</p>'
            f'<div class="cb-controls cb-choices" role="group" aria-label="{escape(ask)}">{buttons}</div>'
        )
    assert walked.claimed is not None
    return (
        f'<p class="cb-claim-ask"><strong>{escape(action_text(task, walked.claimed, lang))}</strong> '
        f"{escape(t('lesson.claim.ask_points', lang))}</p>"
        f'<form class="cb-answer" data-action="check" novalidate><label class="cb-field"><span class="cb-label">{escape(t("lesson.your_answer", lang))}</span>'
        f'<input type="number" name="said" min="0" max="99" step="1" inputmode="numeric" required data-key="said"></label>'
        f' <button type="submit" class="cb-button" data-key="check">{escape(t("ui.check", lang))}</button></form>'
    )


def claim_html(attempt: Attempt, lang: Language) -> str:
    """The whole claim task as it stands: the verdict on the last answer first (what the
    reader just did), then the table, the count, the question now and what has been played."""
    task = attempt.task
    walked = walk(task, attempt.steps)
    last = walked.steps[-1] if walked.answered else None
    verdict = step_verdict(task, last, lang) if last is not None else ""
    # the reader's own cards stay in sight while the question is another (on the move they are the buttons)
    label = t("lesson.your_cards", lang)
    held = (
        f'<div class="cb-lesson-cards"><p class="cb-label">{escape(label)}</p>{_faces(walked.held, lang, label)}</div>'
        if walked.held and walked.asks is not Ask.MOVE
        else ""
    )
    return (
        f'<div class="cb-claim-verdict">{verdict}</div>'
        + _table(task, walked, lang)
        + _pile(walked, lang)
        + held
        + _question(task, walked, attempt.done, lang)
        + _log(task, walked, lang)
    )


__all__ = ["action_text", "claim_html", "pegged_text", "step_verdict", "who"]
