"""The HTML of one stage of the Learn course: the task, the answer controls, the verdict.

Every word comes from the catalogues; the cards the reader chooses are faces a finger
can tap (:func:`~.html.tap_card`), never a list to pick from.

>>> rule_href("show.md#fifteens"), rule_href("basics.md#values-and-ranks")
('../../show/#fifteens', '../../basics/#values-and-ranks')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from ..analysis.credit import STAR_BANDS
from ..core.cards import Card
from ..core.show import ScoreItem, ShowScore
from ..course.exercises import Goal, Task, TaskKind, Verdict, find_items, hint
from ..course.lessons import COURSE, Stage
from ..course.tasks import count_of
from ..i18n import Language, card_name, card_symbol, has_message, points_text, t
from .count import spoken_html
from .html import attrs, button, card_face, screen_reader, tap_card, tap_cards
from .lesson_claim import claim_html
from .lesson_hints import and_list, hint_text, option_rows, or_list, said_answer
from .lesson_state import Attempt, task_cards
from .lesson_table import choice_buttons, choice_label, position_html, reason
from .spoken import kind_name, tallied_kinds

STAR, NO_STAR = "★", "☆"


def rule_href(rule: str) -> str:
    """The link from a lesson page (``learn/<lesson>/``) to a rule's section (``show.md#fifteens``)."""
    page, _, anchor = rule.partition("#")
    return f"../../{page.removesuffix('.md')}/" + (f"#{anchor}" if anchor else "")


def rule_name(rule: str, lang: Language) -> str:
    """The rule's name as the lesson says it (``lesson.rule.show-fifteens``), or a plain "the rule"."""
    page, _, anchor = rule.partition("#")
    key = f"lesson.rule.{page.removesuffix('.md')}-{anchor}"
    return t(key if has_message(key, lang) else "lesson.rule_link", lang)


def next_stage(stage: Stage) -> tuple[str, str]:
    """Where "Next" leads and its message key: the next stage on this page, the next
    lesson's page from its top (its rule comes before its first stage), or the course's
    index after the last stage."""
    stages = [each for lesson in COURSE for each in lesson.stages]
    index = next(i for i, each in enumerate(stages) if each.id == stage.id)
    if index + 1 == len(stages):
        return "../", "lesson.to_course"
    following = stages[index + 1]
    if following.lesson == stage.lesson:
        return f"#{following.id}", "lesson.next"
    return f"../{following.lesson}/", "lesson.next_lesson"


def stars_html(best: int | None, lang: Language) -> str:
    """★★☆ with the words for screen readers (the symbols are hidden from them)."""
    earned = best or 0
    words = t("lesson.no_stars", lang) if best is None else t("lesson.stars", lang, count=earned)
    return (
        f'<p class="cb-stars"{attrs(data_stars=best)}><span aria-hidden="true">{STAR * earned}{NO_STAR * (3 - earned)}</span> '
        f"{screen_reader(words)}</p>"
    )


def star_rule_html(lang: Language) -> str:
    """How a discard earns its stars, the bands' figures read from :data:`~cribbage.analysis.credit.STAR_BANDS`."""
    within = {band.stars: points_text(float(band.within), lang) for band in STAR_BANDS}
    return f'<p class="cb-star-rule">{escape(t("lesson.star_rule", lang, two=within[2], one=within[1]))}</p>'


def faces(cards: Iterable[Card], lang: Language, label: str, marked: Iterable[Card] = ()) -> str:
    """A row of card faces to look at (not to choose), ``marked`` ones highlighted."""
    lit = set(marked)
    inner = "".join(card_face(card, lang, "cb-in" if card in lit else "") for card in cards)
    return f'<div class="cb-tap-row cb-faces" role="group"{attrs(aria_label=label)}>{inner}</div>'


def _labelled(label: str, body: str) -> str:
    return f'<div class="cb-lesson-cards"><p class="cb-label">{escape(label)}</p>{body}</div>'


def task_label(stage: Stage, lang: Language) -> str:
    """The widget's name for screen readers: the lesson and the stage's number in it."""
    lesson = next(each for each in COURSE if each.id == stage.lesson)
    number = next(i for i, each in enumerate(lesson.stages, 1) if each.id == stage.id)
    return t(
        "lesson.stage_label", lang, lesson=t(f"lesson.title.{lesson.id}", lang), n=number, total=len(lesson.stages)
    )


def prompt(task: Task, lang: Language) -> str:
    """What the reader is asked to do, per kind (and goal, role, crib, target)."""
    match task.kind:
        case TaskKind.COUNT:
            return t("lesson.prompt.count", lang)
        case TaskKind.FIND:
            return t(f"lesson.prompt.find_{task.only[0]}", lang)
        case TaskKind.SCORE:
            text = t("lesson.prompt.score_crib" if task.crib else "lesson.prompt.score", lang)
            if task.only:
                text += " " + t(
                    "lesson.prompt.only",
                    lang,
                    kinds=and_list([t(f"lesson.only.{kind}", lang) for kind in task.only], lang),
                )
            return text
        case TaskKind.PEG:
            return t("lesson.prompt.peg", lang)
        case TaskKind.PLAY:
            return t(f"lesson.prompt.play_{task.goal}", lang)
        case TaskKind.DISCARD:
            return t("lesson.prompt.discard_dealer" if task.dealer else "lesson.prompt.discard_pone", lang)
        case TaskKind.CHOOSE:
            in_play = "_play" if task.cards and not task.starter else ""
            return t(f"lesson.prompt.choose_{task.question}{in_play}", lang)
        case TaskKind.CLAIM:
            return t("lesson.prompt.claim", lang)


def _pile(task: Task, lang: Language) -> str:
    count = task.count
    pile = faces(task.pile, lang, t("ui.pile", lang)) if task.pile else f"<p>{escape(t('ui.pile_empty', lang))}</p>"
    return (
        _labelled(t("ui.pile", lang), pile)
        + f'<p class="cb-count"><span class="cb-label">{escape(t("ui.count", lang))}:</span> <strong>{count}</strong></p>'
    )


def _number_form(attempt: Attempt, lang: Language) -> str:
    said = attempt.said if isinstance(attempt.said, int) else None
    return (
        # novalidate: a number out of range is answered by the engine in the page's language, not the browser's
        f'<form class="cb-answer" data-action="check" novalidate><label class="cb-field"><span class="cb-label">{escape(t("lesson.your_answer", lang))}</span>'
        f'<input type="number" name="said" min="0" max="99" step="1" inputmode="numeric" required{attrs(value=said, data_key="said")}></label>'
        f' <button type="submit" class="cb-button" data-key="check">{escape(t("ui.check", lang))}</button></form>'
    )


def _choose(cards: Sequence[Card], attempt: Attempt, lang: Language, label: str, action: str) -> str:
    """Cards to tap: toggles (``select``) or a choice that is the answer itself (``check``)."""
    chosen = set(attempt.selected)
    toggles = action == "select"
    return tap_cards(
        (
            tap_card(
                card, lang, f"card-{card}", action, pressed=card in chosen if toggles else None, disabled=attempt.done
            )
            for card in cards
        ),
        label,
    )


def task_html(attempt: Attempt, lang: Language) -> str:
    """The task's cards, and the controls to answer it while it is open."""
    task, open_ = attempt.task, not attempt.done
    check = button(t("ui.check", lang), "check", "check") if open_ else ""
    match task.kind:
        case TaskKind.COUNT:
            return _labelled(t("lesson.cards", lang), faces(task.cards, lang, t("lesson.cards", lang))) + (
                _number_form(attempt, lang) if open_ else ""
            )
        case TaskKind.SCORE:
            assert task.starter is not None
            cards = _labelled(
                t("ui.crib" if task.crib else "ui.hand", lang),
                faces(task.cards, lang, t("ui.crib" if task.crib else "ui.hand", lang)),
            )
            cards += _labelled(t("ui.starter", lang), faces((task.starter,), lang, t("ui.starter", lang)))
            return cards + (_number_form(attempt, lang) if open_ else "")
        case TaskKind.FIND:
            assert task.starter is not None
            cards = _labelled(t("ui.hand", lang), _choose(task.cards, attempt, lang, t("ui.hand", lang), "select"))
            cards += _labelled(
                t("ui.starter", lang), _choose((task.starter,), attempt, lang, t("ui.starter", lang), "select")
            )
            return cards + (f'<div class="cb-controls">{check}</div>' if open_ else "") + _found_html(attempt, lang)
        case TaskKind.PEG:
            return (
                _pile(task, lang)
                + _labelled(t("lesson.your_card", lang), faces(task.cards, lang, t("lesson.your_card", lang)))
                + (_number_form(attempt, lang) if open_ else "")
            )
        case TaskKind.PLAY:
            go = button(t("ui.say_go", lang), "go", "check", "go", disabled=attempt.done) if task.goal == "go" else ""
            return _pile(task, lang) + _labelled(
                t("lesson.your_cards", lang),
                _choose(task.cards, attempt, lang, t("lesson.your_cards", lang), "check") + go,
            )
        case TaskKind.CHOOSE:
            return _choose_html(attempt, lang)
        case TaskKind.CLAIM:
            return claim_html(attempt, lang)
        case TaskKind.DISCARD:
            role = t("lesson.role_dealer" if task.dealer else "lesson.role_pone", lang)
            cards = _labelled(
                t("lesson.your_cards", lang), _choose(task.cards, attempt, lang, t("lesson.your_cards", lang), "select")
            )
            return (
                f'<p class="cb-role">{escape(role)}</p>'
                + cards
                + (f'<div class="cb-controls">{check}</div>' if open_ else "")
            )


def _choose_html(attempt: Attempt, lang: Language) -> str:
    """A question about the deal: the cards and starter (the jacks), the pile and the card
    played (the end in the play), the scores and counts; then the choices."""
    task = attempt.task
    shown = ""
    if task.starter is not None:
        owner = "ui.crib" if task.crib else ("lesson.dealer_hand" if task.dealer else "lesson.pone_hand")
        shown = _labelled(t(owner, lang), faces(task.cards, lang, t(owner, lang)))
        shown += _labelled(t("ui.starter", lang), faces((task.starter,), lang, t("ui.starter", lang)))
    elif task.cards:
        shown = _pile(task, lang) + _labelled(
            t("lesson.card_played", lang), faces(task.cards, lang, t("lesson.card_played", lang))
        )
    return shown + position_html(task, lang) + choice_buttons(task, attempt.done, lang)


def _found_html(attempt: Attempt, lang: Language) -> str:
    """The combinations found so far, each as its cards, and how many are left."""
    total = len(find_items(attempt.task))
    rows = "".join(
        f"<li>{faces(_ordered(attempt.task, item), lang, t(f'kind.{attempt.task.only[0]}', lang))}</li>"
        for item in attempt.found
    )
    listing = f'<ol class="cb-found">{rows}</ol>' if rows else ""
    return f'<p class="cb-found-count">{escape(t("lesson.found", lang, found=len(attempt.found), total=total))}</p>{listing}'


def _ordered(task: Task, cards: Iterable[Card]) -> tuple[Card, ...]:
    chosen = set(cards)
    return tuple(card for card in task_cards(task) if card in chosen)


def items_html(items: Sequence[ScoreItem], shown: Sequence[Card], lang: Language) -> str:
    """Each scoring combination with its cards highlighted among the cards shown."""
    if not items:
        return f'<p class="cb-none">{escape(t("ui.no_score", lang))}</p>'
    rows = "".join(
        f'<li class="cb-item" data-kind="{escape(item.kind)}"><span class="cb-kind">{escape(kind_name(item, lang))}</span>'
        f'{faces(shown, lang, kind_name(item, lang), item.cards)}<span class="cb-points">{escape(points_text(item.points, lang))}</span></li>'
        for item in items
    )
    return f'<ol class="cb-items" aria-label="{escape(t("ui.breakdown", lang))}">{rows}</ol>'


def answer_text(answer: object, lang: Language) -> str:
    """An accepted answer in words: a number, a card, "go", or cards."""
    if answer is None:
        return t("kind.go", lang)
    if isinstance(answer, Card):
        return card_name(answer, lang)
    if isinstance(answer, int):
        return str(answer)
    if isinstance(answer, frozenset):
        return and_list([card_name(card, lang) for card in sorted(answer)], lang)
    return str(answer)


def verdict_html(attempt: Attempt, verdict: Verdict, lang: Language) -> str:
    """Right, or what was missed: the items with their cards lit, the expected answer, the rule."""
    task = attempt.task
    if task.kind is TaskKind.FIND:
        if verdict.correct:
            key = (
                "lesson.find_again"
                if attempt.note == "again"
                else ("lesson.find_done" if attempt.done else "lesson.find_right")
            )
            return f'<p class="cb-verdict" data-correct="true" data-announce>{escape(t(key, lang))}</p>'
        wrong = t(_find_wrong_key(task, said_answer(task, attempt.said)), lang)
        return f'<p class="cb-verdict" data-correct="false" data-announce>{escape(wrong)}</p>{_rule(attempt, lang)}'
    if task.kind is TaskKind.CHOOSE:
        return _choose_verdict(attempt, verdict, lang)
    if verdict.correct:
        right = f'<p class="cb-verdict" data-correct="true" data-announce>{escape(t("lesson.right", lang))}</p>'
        # A right discard or play still shows why: every other choice beside it, what the best
        # keeps, or what the card pegs or leaves a reply.
        return right + (
            option_rows(task, verdict, said_answer(task, attempt.said), lang)
            if task.kind in (TaskKind.DISCARD, TaskKind.PLAY)
            else ""
        )
    said = t("kind.go", lang) if attempt.said == "go" else (str(attempt.said) if isinstance(attempt.said, int) else "")
    chosen = said_answer(task, attempt.said) if task.kind is TaskKind.PLAY else None
    lines = [
        f'<p class="cb-verdict" data-correct="false" data-announce>{escape(_wrong(task, said, chosen, verdict, lang))}</p>'
    ]
    if task.kind is TaskKind.COUNT:
        lines.append(f'<p class="cb-sum">{escape(_sum_text(task.cards))}</p>')
    elif task.kind in (TaskKind.SCORE, TaskKind.PEG):
        shown = task_cards(task) if task.kind is TaskKind.SCORE else (*task.pile, *task.cards)
        if task.kind is TaskKind.PEG:
            lines.append(f'<p class="cb-sum">{escape(_sum_text((*task.pile, *task.cards)))}</p>')
        elif verdict.missed:
            lines.append(f'<p class="cb-tally">{escape(_tally(verdict.missed, lang))}</p>')
        lines.append(
            f'<p class="cb-label">{escape(t("lesson.what_scores", lang))}</p>{items_html(verdict.missed, shown, lang)}'
        )
        if task.kind is TaskKind.SCORE and not task.only and task.starter is not None:
            # the items counted are the whole show's here: said aloud without scoring it again
            lines.append(spoken_html(ShowScore(verdict.missed, sum(item.points for item in verdict.missed)), lang))
        if task.kind is TaskKind.SCORE and (not task.only or "flush" in task.only):
            note = (
                "lesson.crib_flush"
                if _four_card_crib_flush(task)
                else "lesson.no_flush_with_starter"
                if _three_and_the_starter(task)
                else ""
            )
            lines.append(f'<p class="cb-note">{escape(t(note, lang))}</p>' if note else "")
    else:
        lines.append(option_rows(task, verdict, said_answer(task, attempt.said), lang))
    lines.append(_rule(attempt, lang))
    lines.append(f'<p class="cb-again">{escape(t("lesson.try_new", lang))}</p>')
    return "".join(lines)


def _choose_verdict(attempt: Attempt, verdict: Verdict, lang: Language) -> str:
    """Right or not, the answer and the rule's reason in words (what decides it)."""
    task = attempt.task
    answer = choice_label(task, str(next(iter(verdict.expected))), lang)
    first = t("lesson.right", lang) if verdict.correct else t("lesson.wrong_pick", lang, answer=answer)
    why = f'<p class="cb-why">{escape(reason(task, lang))}</p>'
    again = "" if verdict.correct else f'<p class="cb-again">{escape(t("lesson.try_new", lang))}</p>'
    return (
        f'<p class="cb-verdict" data-correct="{str(verdict.correct).lower()}" data-announce>{escape(first)}</p>'
        f"{why}{_rule(attempt, lang)}{again}"
    )


def _sort_key(answer: object) -> tuple[int, str]:
    return (
        (0, f"{answer:03d}")
        if isinstance(answer, int)
        else (1, str(sorted(answer) if isinstance(answer, frozenset) else answer))
    )


def _wrong(task: Task, said: str, chosen: object, verdict: Verdict, lang: Language) -> str:
    """The verdict's first line; ``chosen`` is the card played (or None for go) in a play task."""
    answers = [answer_text(answer, lang) for answer in sorted(verdict.expected, key=_sort_key)]
    shown = or_list(answers, lang)
    if task.kind in (TaskKind.COUNT, TaskKind.SCORE, TaskKind.PEG):
        return t("lesson.wrong_number", lang, said=said, answer=shown)
    if isinstance(chosen, Card) and any(option.cards == (chosen,) and not option.legal for option in verdict.options):
        # A card that does not fit is not a weak choice but an impossible one: say why.
        return t(
            "lesson.cannot_play",
            lang,
            card=card_name(chosen, lang),
            count=task.count,
            value=chosen.value,
            total=task.count + chosen.value,
            answer=shown,
        )
    if task.kind is TaskKind.PLAY and chosen is None:
        return t("lesson.go_while_fits", lang, answer=shown)
    if task.goal == Goal.SAFE:
        return t("lesson.not_safe", lang, answer=shown)
    return t("lesson.close_choice" if verdict.credit else "lesson.wrong_choice", lang, answer=shown)


def _find_wrong_key(task: Task, selection: object) -> str:
    """Why a selection is not a combination to find: for more than the two cards of a pair,
    or a run tapped whole with its extra cards, say how such a group is found (one pair,
    one run at a time)."""
    ranks = [card.rank for card in selection] if isinstance(selection, frozenset) else []
    distinct = sorted(set(ranks))
    # three or four of a rank tapped together (a pair royal, with other cards or not); K 5 5 is no such group
    if task.only[0] == "pair" and len(ranks) > 2 and max(ranks.count(rank) for rank in distinct) >= 3:
        return "lesson.find_pair_one_at_a_time"
    consecutive = len(distinct) >= 3 and distinct == list(range(distinct[0], distinct[0] + len(distinct)))
    if task.only[0] == "run" and len(ranks) > len(distinct) and consecutive:
        return "lesson.find_run_one_of_each"
    return f"lesson.find_wrong_{task.only[0]}"


def _sum_text(cards: Sequence[Card]) -> str:
    """``10 (Q♠) + 7 + 3 = 20``: a court card's value named with its card."""
    parts = [f"{card.value} ({card_symbol(card)})" if card.rank > 10 else str(card.value) for card in cards]
    return f"{' + '.join(parts)} = {count_of(cards)}"


def _tally(items: Sequence[ScoreItem], lang: Language) -> str:
    """``Four fifteens (8 points) + a pair (2 points) = 10``: the items summed by kind, before the
    detail, a rank's three pairs as the pair royal they make (:func:`tallied_kinds`); one kind
    alone is its own sum (``A flush (4 points)``)."""
    parts = [
        f"{t(f'lesson.count.{tallied.kind}', lang, count=tallied.count)} ({points_text(tallied.points, lang)})"
        for tallied in tallied_kinds(items)
    ]
    text = " + ".join(parts) if len(parts) == 1 else f"{' + '.join(parts)} = {sum(item.points for item in items)}"
    return text[:1].upper() + text[1:]


def _three_and_the_starter(task: Task) -> bool:
    """Three cards of the hand and the starter of one suit: no flush (the four of the hand must be)."""
    suits = [card.suit for card in task.cards]
    return (
        task.starter is not None
        and max(suits.count(suit) for suit in suits) == 3
        and suits.count(task.starter.suit) == 3
    )


def _four_card_crib_flush(task: Task) -> bool:
    """A crib whose four cards share a suit the starter does not: no flush, a rule to say."""
    suits = {card.suit for card in task.cards}
    return task.crib and task.starter is not None and len(suits) == 1 and task.starter.suit not in suits


def _rule(attempt: Attempt, lang: Language) -> str:
    rule = attempt.stage.rule
    link = f"<a{attrs(href=rule_href(rule))}>{escape(rule_name(rule, lang))}</a>"
    return f'<p class="cb-rule">{escape(t("lesson.rule", lang))} {link}</p>'


def lesson_view(
    attempt: Attempt, lang: Language, verdict: Verdict | None = None, error: str = "", static: bool = False
) -> str:
    """The whole stage: prompt, cards, controls, hint, verdict, stars."""
    href, next_key = next_stage(attempt.stage)
    controls = [] if attempt.done else [button(t("lesson.hint", lang), "hint", "hint", disabled=attempt.hinted)]
    controls.append(button(t("lesson.new", lang), "new", "new"))
    controls.append(
        f"<a{attrs(class_='cb-button cb-next', href=href, data_key='next')}>{escape(t(next_key, lang))}</a>"
    )
    hint_box = (
        f'<p class="cb-hint" data-announce>{escape(hint_text(attempt.task, hint(attempt.task, attempt.found), lang, attempt.stage.params.shape))}</p>'
        if attempt.hinted and not static
        else ""
    )
    result = f'<p class="cb-error" data-announce>{escape(error)}</p>' if error else ""
    if verdict is not None:
        result += verdict_html(attempt, verdict, lang)
    rule = star_rule_html(lang) if attempt.task.kind is TaskKind.DISCARD else ""
    return (
        f'<p class="cb-prompt">{escape(prompt(attempt.task, lang))}</p>{task_html(attempt, lang)}'
        f'<div class="cb-controls">{"".join(controls)}</div>{hint_box}<div class="cb-result">{result}</div>{stars_html(attempt.best, lang)}{rule}'
    )
