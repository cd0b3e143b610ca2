"""Words for a stage's hint and for the choices of a play or discard task, after a wrong answer.

The engine's :class:`~cribbage.course.exercises.Hint` and :class:`~cribbage.course.exercises.Option` carry
numbers and cards only; this module says them in the page's language.

>>> from cribbage.core.cards import parse_cards
>>> from cribbage.course.exercises import Task, TaskKind, hint
>>> hint_text(Task(TaskKind.COUNT, parse_cards("KH 5S AD")), hint(Task(TaskKind.COUNT, parse_cards("KH 5S AD"))), "en")
'All the cards but the last add up to 15.'
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..analysis.reasons import crib_owner
from ..core.cards import Card
from ..core.pegging import room
from ..core.rules import GameRules
from ..core.show import ScoreItem, ScoreKind
from ..course.exercises import (
    Goal,
    Hint,
    HintKind,
    Option,
    Task,
    TaskKind,
    Verdict,
    discard_analysis,
    show_items,
    threat,
)
from ..course.tasks import GAME_HOLES, Question
from ..i18n import Language, card_name, expected_points_text, number, points_text, shown_difference, t
from .discard_reason import reason_html
from .html import attrs, captioned_scroll_box, card_face, card_html
from .spoken import PAIR_NAMES, kind_name, one_kind, tallied_kinds


def hint_text(task: Task, hint: Hint, lang: Language, shape: str = "") -> str:
    """The hint in words; ``shape`` is the stage's (a 31 to find is hinted at before the
    pegging lesson has taught pairs and runs in the play)."""
    card = card_name(hint.cards[0], lang) if hint.cards else ""
    match hint.kind:
        case HintKind.PARTIAL_COUNT:
            return t("lesson.hint.partial_count", lang, number=hint.number)
        case HintKind.ITEMS if task.kind is TaskKind.FIND:
            # the kind found, for a language that names it ("dva chifta", not "two combinations")
            target = task.only[0]
            what = t(f"lesson.count.{target}", lang, count=hint.number)
            one = t(f"lesson.count.{target}", lang, count=1)
            text = t("lesson.hint.find_count", lang, number=hint.number, count=hint.number, what=what)
            return text + (
                " " + t("lesson.hint.find_card", lang, card=card, count=hint.number, kind_one=one) if card else ""
            )
        case HintKind.ITEMS:
            if not hint.number:
                return t("lesson.hint.score_none", lang)
            # named as the verdict will name them: three sixes are a pair royal, not three pairs
            counts = [
                t(f"lesson.count.{tally.kind}", lang, count=tally.count)
                for tally in tallied_kinds(show_items(task))
                if _base_kind(tally.kind) in hint.kinds
            ]
            return t("lesson.hint.score", lang, kinds=and_list(counts, lang))
        case HintKind.COUNT_BEFORE if task.kind is TaskKind.PEG:
            return t("lesson.hint.peg_31" if shape == "thirty_one" else "lesson.hint.peg", lang, number=hint.number)
        case HintKind.COUNT_BEFORE if room(hint.number) < 10:  # the go goal, when few cards fit
            return t("lesson.hint.room", lang, number=hint.number, room=room(hint.number))
        case HintKind.COUNT_BEFORE:
            return t("lesson.hint.count_before", lang, number=hint.number)
        case HintKind.MOST_POINTS:
            return t("lesson.hint.most_points", lang, points=points_text(hint.number, lang))
        case HintKind.AVOID:
            if not hint.number or not card:
                return t("lesson.hint.all_safe", lang)
            _points, items = threat(task, hint.cards[0])  # the reply is the last card of what it scores
            kinds = and_list([one_kind(item, lang) for item in items], lang)
            reply = card_name(items[0].cards[-1], lang)
            return t(
                "lesson.hint.avoid", lang, card=card, reply=reply, points=points_text(hint.number, lang), kinds=kinds
            )
        case HintKind.RULE if hint.kinds == (Question.OUTCOME,):
            full, short = GameRules(), GameRules(target=min(GAME_HOLES))
            lines = {"skunk": full.skunk_line, "double": full.double_skunk_line, "lurch": short.lurch_line}
            return t("lesson.hint.choose_outcome", lang, hole=full.game_hole, short=short.game_hole, **lines)
        case HintKind.RULE if hint.kinds == (TaskKind.CLAIM,):
            return t("lesson.hint.claim", lang)
        case HintKind.RULE:
            return t(f"lesson.hint.choose_{hint.kinds[0]}", lang)
        case HintKind.KEEP:
            return t("lesson.hint.keep", lang, card=card) if card else t("lesson.hint.keep_any", lang)
    return ""


def _base_kind(spoken: str) -> str:
    """The score kind a spoken name is made of: a pair royal is pairs."""
    return str(ScoreKind.PAIR) if spoken in PAIR_NAMES.values() else spoken


def and_list(parts: Sequence[str], lang: Language) -> str:
    """``a``, ``a and b``, ``a, b and c`` in the page's language."""
    return parts[0] if len(parts) == 1 else t("lesson.and", lang, rest=", ".join(parts[:-1]), last=parts[-1])


def or_list(parts: Sequence[str], lang: Language) -> str:
    """``a``, ``a or b``, ``a, b or c`` in the page's language."""
    return parts[0] if len(parts) == 1 else t("lesson.or", lang, rest=", ".join(parts[:-1]), last=parts[-1])


def scored_html(items: Sequence[ScoreItem], lang: Language) -> str:
    """What a card pegs (or a reply would peg): each item, its cards, its points."""
    if not items:
        return f'<p class="cb-none">{escape(t("lesson.nothing_pegs", lang))}</p>'
    rows = "".join(
        f'<li class="cb-item" data-kind="{escape(item.kind)}"><span class="cb-kind">{escape(kind_name(item, lang))}</span> '
        f'<span class="cb-combo">{"".join(card_html(card, lang, "cb-in") for card in item.cards)}</span> '
        f'<span class="cb-points">{escape(points_text(item.points, lang))}</span></li>'
        for item in items
    )
    return f'<ol class="cb-items">{rows}</ol>'


def _play_value(task: Task, option: Option, lang: Language) -> str:
    if not option.cards:  # go: adds nothing to the count, allowed only when no card fits
        return t("lesson.go_allowed" if option.legal else "lesson.go_refused", lang)
    if not option.legal:
        return t("reason.over_31", lang)
    if task.goal == Goal.GO:
        return t("play.count", lang, count=int(option.value))
    if task.goal == Goal.SCORE:
        return points_text(int(option.value), lang)
    return (
        t("lesson.safe", lang)
        if not option.value
        else t("lesson.unsafe", lang, points=points_text(int(option.value), lang))
    )


def _option_row(label: str, value: str, option: Option, chosen: bool, lang: Language) -> str:
    marks = [t("lesson.best", lang)] if option.best else []
    if chosen:
        marks.append(t("lesson.your_choice", lang))
    note = f' <strong class="cb-mark">({escape(", ".join(marks))})</strong>' if marks else ""
    return f"<li{attrs(class_='cb-option', data_best=str(option.best).lower(), data_chosen=str(chosen).lower())}>{label} {escape(value)}{note}</li>"


def option_rows(task: Task, verdict: Verdict, said: object, lang: Language) -> str:
    """Every choice with its value, the best ones and the reader's marked, and for a play
    task what the best card pegs (or the best reply to the reader's card)."""
    if task.kind is TaskKind.DISCARD:
        return _discard_table(task, verdict, said, lang)
    rows = []
    for option in verdict.options:
        label = (
            card_face(option.cards[0], lang)
            if option.cards
            else f'<span class="cb-kind">{escape(t("kind.go", lang))}</span>'
        )
        chosen = (option.cards[0] if option.cards else None) == said
        rows.append(_option_row(label, _play_value(task, option, lang), option, chosen, lang))
    text = f'<p class="cb-label">{escape(t("lesson.options", lang))}</p><ul class="cb-options">{"".join(rows)}</ul>'
    if task.goal == Goal.SCORE and any(option.best and option.cards for option in verdict.options):
        text += f'<p class="cb-label">{escape(t("lesson.best_pegs", lang))}</p>{scored_html(verdict.missed, lang)}'
    elif task.goal == Goal.SAFE and any(option.legal and option.cards == (said,) for option in verdict.options):
        # the reply to the reader's card: a go, or a card over 31, has none
        text += f'<p class="cb-label">{escape(t("lesson.reply_pegs", lang))}</p>{scored_html(verdict.missed, lang)}'
    return text


def _discard_table(task: Task, verdict: Verdict, said: object, lang: Language) -> str:
    chosen = said if isinstance(said, frozenset) else frozenset()
    # What the choice gave up, as the difference of the two nets the table shows.
    best_value = max((option.value for option in verdict.options), default=0.0)
    chosen_value = next((option.value for option in verdict.options if frozenset(option.cards) == chosen), best_value)
    cost = expected_points_text(shown_difference(best_value, chosen_value), lang)
    summary = t("lesson.discard_cost", lang, rank=verdict.rank, total=len(verdict.options), cost=cost)
    rows = "".join(
        f"<tr{attrs(data_best=str(option.best).lower(), data_chosen=str(frozenset(option.cards) == chosen).lower())}>"
        f"<td>{''.join(card_html(card, lang) for card in option.cards)}</td><td>{escape(number(option.value, lang))}</td>"
        f"<td>{escape(_marks(option, frozenset(option.cards) == chosen, lang))}</td></tr>"
        for option in verdict.options
    )
    head = f'<tr><th scope="col">{escape(t("ui.discard", lang))}</th><th scope="col">{escape(t("ui.net", lang))}</th><th scope="col"></th></tr>'
    table = f'<table class="cb-table"><thead>{head}</thead><tbody>{rows}</tbody></table>'
    measure = f'<p class="cb-measure">{escape(t("discard_practice.measure", lang))}</p>'
    cost = "" if verdict.correct else f'<p class="cb-cost">{escape(summary)}</p>'
    return (
        cost
        + discard_reason_html(task, chosen, lang)
        + captioned_scroll_box(table, t("lesson.discard_caption", lang))
        + measure
    )


def discard_reason_html(task: Task, chosen: frozenset[Card], lang: Language) -> str:
    """Why the best discard beats the reader's (or, when the reader's is a best one, the
    runner-up), and what the better one keeps and throws (:mod:`.discard_reason`)."""
    options = discard_analysis(task)
    mine = next((option for option in options if frozenset(option.discard) == chosen), options[0])
    return reason_html(options, mine, crib_owner(task.dealer, players=2), lang)


def _marks(option: Option, chosen: bool, lang: Language) -> str:
    return ", ".join(
        ([t("lesson.best", lang)] if option.best else []) + ([t("lesson.your_choice", lang)] if chosen else [])
    )


def said_answer(task: Task, said: object) -> object:
    """The reader's answer as the engine reads it, from the form the state keeps."""
    if task.kind is TaskKind.PLAY:
        return None if said == "go" else Card.parse(str(said))
    if isinstance(said, list):
        return frozenset(Card.parse(text) for text in said)
    return said
