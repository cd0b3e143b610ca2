"""The Learn course in headless Chromium, on the built site served under a sub-path:
a whole lesson by keyboard only, one by touch on a phone, stars and progress kept
across a reload, a wrong answer explained, and the course reset.

The answers come from tests/widgets/lesson_answers.py (independent counts), the cards
from each stage's state on the page.
"""

from __future__ import annotations

import json
import re

import pytest
from cribbage.core.cards import DECK
from cribbage.course.tasks import Task
from cribbage.i18n import card_name, t
from lesson_answers import best_plays, claim_answer, combinations_of, expected_number, pair_points

LIVE_TIMEOUT = 60_000
# Material's language switcher asks for sitemap.xml at the host's root, outside the sub-path.
SITE_FRAME_NOISE = re.compile(r"/sitemap\.xml\)$")


def errors_of(context) -> list[str]:
    return [error for error in context.watch.errors if not SITE_FRAME_NOISE.search(error)]


def open_lesson(context, base_url: str, lesson: str, lang: str = "en"):
    page = context.new_page()
    prefix = "" if lang == "en" else f"{lang}/"
    page.goto(f"{base_url}{prefix}learn/{lesson}/")
    wait_live(page)
    return page


def wait_live(page) -> None:
    """Every widget of the page live, and every saved state given back."""
    page.wait_for_function(
        "() => { const all = [...document.querySelectorAll('[data-widget]')];"
        " return all.length > 0 && (all.every(w => w.dataset.ready === 'true' && !w.classList.contains('cb-restoring')"
        " && !w.hasAttribute('aria-busy')) || all.some(w => w.classList.contains('cb-unavailable'))); }",
        timeout=LIVE_TIMEOUT,
    )
    assert page.locator(".cb-unavailable").count() == 0, "the engine did not load"


def settled(page) -> None:
    page.wait_for_function("() => !document.querySelector('[data-widget][aria-busy]')", timeout=LIVE_TIMEOUT)


def task_of(stage) -> Task:
    return Task.from_json(json.loads(stage.get_attribute("data-state"))["task"])


def answer_of(task: Task) -> int:
    return pair_points([*task.cards, task.starter]) if task.only == ("pair",) else expected_number(task)


# -- keyboard -------------------------------------------------------------------------


def focus_by_tab(page, selector: str) -> None:
    """Tab (then Shift+Tab) until ``selector`` has the focus, as a keyboard user would."""
    matches = "s => !!document.activeElement && document.activeElement.matches(s)"
    for key, presses in (("Tab", 80), ("Shift+Tab", 160)):
        for _ in range(presses):
            if page.evaluate(matches, selector):
                return
            page.keyboard.press(key)
    assert page.evaluate(matches, selector), f"the keyboard never reached {selector}"


def test_a_whole_lesson_by_keyboard_only_on_a_phone_with_stars_and_progress_kept_after_a_reload(
    watched_context, base_url
):
    context = watched_context(base_url, viewport={"width": 360, "height": 740})
    page = open_lesson(context, base_url, "pairs")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    stages = page.locator('[data-widget="lesson"]')
    ids = [stages.nth(i).get_attribute("data-stage") for i in range(stages.count())]
    assert ids == ["pairs-1", "pairs-2", "pairs-3", "pairs-4"]
    for stage_id in ids:
        stage = page.locator(f'[data-stage="{stage_id}"]')
        task = task_of(stage)
        if task.kind == "find":
            for cards in sorted(combinations_of(task), key=lambda found: sorted(card.index for card in found)):
                for card in cards:
                    focus_by_tab(page, f'[data-stage="{stage_id}"] [data-key="card-{card}"]')
                    page.keyboard.press("Space")
                    settled(page)
                focus_by_tab(page, f'[data-stage="{stage_id}"] [data-key="check"]')
                page.keyboard.press("Enter")
                settled(page)
        else:
            focus_by_tab(page, f'[data-stage="{stage_id}"] input[name="said"]')
            page.keyboard.type(str(answer_of(task)))
            page.keyboard.press("Enter")
            settled(page)
        assert stage.get_attribute("data-stars") == "3", stage_id
        assert stage.locator('.cb-verdict[data-correct="true"]').count() == 1
    progress = page.locator('[data-widget="course-progress"] [data-lesson="pairs"]')
    page.wait_for_function(
        "() => document.querySelector('[data-lesson=pairs]').dataset.done === '4'", timeout=LIVE_TIMEOUT
    )
    assert "★★★" in progress.text_content()
    page.reload()
    wait_live(page)
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-widget=lesson]')].every(w => w.dataset.stars === '3')",
        timeout=LIVE_TIMEOUT,
    )
    page.wait_for_function(
        "() => document.querySelector('[data-lesson=pairs]').dataset.done === '4'", timeout=LIVE_TIMEOUT
    )
    # the whole course's count on the index page too
    index = context.new_page()
    index.goto(f"{base_url}learn/")
    wait_live(index)
    index.wait_for_function(
        "() => document.querySelector('.cb-progress-course').dataset.done === '4'", timeout=LIVE_TIMEOUT
    )
    assert errors_of(context) == [] and context.watch.foreign == []


# -- touch, on a phone ------------------------------------------------------------------


def test_a_whole_lesson_by_touch_on_a_phone_in_polish(watched_context, base_url):
    context = watched_context(base_url, viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    page = open_lesson(context, base_url, "the-play", "pl")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    for stage_id in ("the-play-1", "the-play-2", "the-play-3", "the-play-4"):
        stage = page.locator(f'[data-stage="{stage_id}"]')
        task = task_of(stage)
        if task.kind == "play":
            card = next(iter(best_plays(task)))
            target = stage.locator('[data-key="go"]') if card is None else stage.locator(f'[data-key="card-{card}"]')
            box = target.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44
            target.tap()
        else:
            stage.locator('input[name="said"]').tap()
            page.keyboard.type(str(answer_of(task)))
            stage.locator('[data-key="check"]').tap()
        settled(page)
        assert stage.get_attribute("data-stars") == "3", stage_id
        assert stage.locator(".cb-verdict").text_content().strip() == t("lesson.right", "pl")
    page.wait_for_function(
        "() => document.querySelector('[data-lesson=\"the-play\"]').dataset.done === '4'", timeout=LIVE_TIMEOUT
    )
    assert errors_of(context) == [] and context.watch.foreign == []


# -- a wrong answer, a hint, and the reset ------------------------------------------------------


def test_a_wrong_answer_shows_what_was_missed_and_links_the_rule(watched, base_url):
    page = open_lesson(watched, base_url, "hand")
    stage = page.locator('[data-stage="hand-2"]')
    right = answer_of(task_of(stage))
    stage.locator('input[name="said"]').fill(str(right + 1 if right < 29 else right - 1))
    stage.locator('[data-key="check"]').click()
    settled(page)
    assert stage.get_attribute("data-stars") == "0"
    verdict = stage.locator('.cb-verdict[data-correct="false"]')
    assert str(right) in verdict.text_content()
    assert stage.locator(".cb-items .cb-item").count() >= 1 and stage.locator(".cb-face.cb-in").count() >= 2
    link = stage.locator(".cb-rule a")
    link.click()
    page.wait_for_url(re.compile(r"/show/#method$"))
    assert page.locator("#method").is_visible()
    assert errors_of(watched) == []


def test_after_a_wrong_play_every_choice_keeps_its_card_and_value(watched, base_url):
    """The page's own counters (the practice streak) never write into the rows of choices."""
    page = open_lesson(watched, base_url, "leading")
    stage = page.locator('[data-stage="leading-2"]')
    task = task_of(stage)
    wrong = next(card for card in task.cards if card not in best_plays(task))
    stage.locator(f'[data-key="card-{wrong}"]').click()
    settled(page)
    rows = stage.locator(".cb-option")
    assert rows.count() == len(task.cards)
    for row, card in zip(rows.all(), task.cards):
        text = row.text_content()
        assert card_name(card, "en") in text and text.strip() != "0", text
    assert stage.locator('.cb-option[data-chosen="true"]').text_content().count(card_name(wrong, "en")) == 1
    assert errors_of(watched) == []


def test_a_hint_then_the_right_answer_earns_two_stars_and_reset_clears_them(watched, base_url):
    page = open_lesson(watched, base_url, "values")
    stage = page.locator('[data-stage="values-1"]')
    stage.locator('[data-key="hint"]').click()
    settled(page)
    assert stage.locator(".cb-hint").is_visible()
    stage.locator('input[name="said"]').fill(str(answer_of(task_of(stage))))
    stage.locator('[data-key="check"]').click()
    settled(page)
    assert stage.get_attribute("data-stars") == "2"
    progress = page.locator('[data-widget="course-progress"]')
    progress.locator('[data-key="reset"]').click()
    settled(page)
    progress.locator('[data-key="reset-yes"]').click()
    settled(page)
    page.wait_for_function(
        "() => !document.querySelector('[data-stage=\"values-1\"]').hasAttribute('data-stars')", timeout=LIVE_TIMEOUT
    )
    assert (
        page.evaluate(
            "() => Object.keys(localStorage).filter(k => k.startsWith('cribbage-widget-lesson-')"
            " && JSON.parse(localStorage[k]).stars !== null)"
        )
        == []
    )
    page.reload()
    wait_live(page)
    assert page.locator('[data-stage="values-1"]').get_attribute("data-stars") is None
    assert errors_of(watched) == []


def test_earned_stars_survive_a_reload_of_a_state_saved_with_a_counter_past_its_bound(watched, base_url):
    """A page that did not saturate the tries saved 150 of them: the reload keeps the stars."""
    page = open_lesson(watched, base_url, "values")
    stage = page.locator('[data-stage="values-1"]')
    stage.locator('input[name="said"]').fill(str(answer_of(task_of(stage))))
    stage.locator('[data-key="check"]').click()
    settled(page)
    assert stage.get_attribute("data-stars") == "3"
    key = "cribbage-widget-lesson-values-1"
    page.evaluate("key => localStorage[key] = JSON.stringify({...JSON.parse(localStorage[key]), tries: 150})", key)
    page.reload()
    wait_live(page)
    assert page.locator('[data-stage="values-1"]').get_attribute("data-stars") == "3"
    assert json.loads(page.evaluate("key => localStorage[key]", key))["stars"] == 3
    page.wait_for_function(
        "() => document.querySelector('[data-lesson=values]').dataset.done === '1'", timeout=LIVE_TIMEOUT
    )
    assert errors_of(watched) == []


# -- questions about the deal at the table -------------------------------------------------------


def test_the_jacks_by_touch_in_czech_and_the_end_of_the_game_by_keyboard_on_a_phone(watched_context, base_url):
    from naive_exercises import naive_table_answer  # the rules as a player says them

    context = watched_context(base_url, viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    page = open_lesson(context, base_url, "heels-nobs", "cs")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    for n in range(1, 5):
        stage = page.locator(f'[data-stage="heels-nobs-{n}"]')
        target = stage.locator(f'[data-key="choice-{naive_table_answer(task_of(stage))}"]')
        box = target.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        target.tap()
        settled(page)
        assert stage.get_attribute("data-stars") == "3", n
        assert stage.locator(".cb-verdict[data-announce]").text_content().strip() == t("lesson.right", "cs")
    page = open_lesson(context, base_url, "count-end")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    for n in range(1, 7):
        stage_id = f"count-end-{n}"
        stage = page.locator(f'[data-stage="{stage_id}"]')
        focus_by_tab(page, f'[data-stage="{stage_id}"] [data-key="choice-{naive_table_answer(task_of(stage))}"]')
        page.keyboard.press("Enter")
        settled(page)
        assert stage.get_attribute("data-stars") == "3", stage_id
        assert stage.locator(".cb-why").count() == 1  # the reason said, right or wrong
    page.wait_for_function(
        "() => document.querySelector('[data-lesson=\"count-end\"]').dataset.done === '6'", timeout=LIVE_TIMEOUT
    )
    assert errors_of(context) == [] and context.watch.foreign == []


def test_the_jacks_by_keyboard_and_the_end_of_the_game_by_touch_in_bulgarian_on_a_phone(watched_context, base_url):
    """The same two lessons the other way round, in a second language: each by the other input."""
    from naive_exercises import naive_table_answer

    context = watched_context(base_url, viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    page = open_lesson(context, base_url, "heels-nobs", "bg")
    for n in range(1, 5):
        stage_id = f"heels-nobs-{n}"
        stage = page.locator(f'[data-stage="{stage_id}"]')
        focus_by_tab(page, f'[data-stage="{stage_id}"] [data-key="choice-{naive_table_answer(task_of(stage))}"]')
        page.keyboard.press("Enter")
        settled(page)
        assert stage.get_attribute("data-stars") == "3", stage_id
    page = open_lesson(context, base_url, "count-end", "bg")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    for n in range(1, 7):
        stage = page.locator(f'[data-stage="count-end-{n}"]')
        target = stage.locator(f'[data-key="choice-{naive_table_answer(task_of(stage))}"]')
        box = target.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        target.tap()
        settled(page)
        assert stage.get_attribute("data-stars") == "3", n
        assert stage.locator(".cb-verdict[data-announce]").text_content().strip() == t("lesson.right", "bg")
    assert errors_of(context) == [] and context.watch.foreign == []


# -- a whole play, every point claimed by the reader (go-last) -----------------------------------


def claim_control(stage_id: str, said: str) -> str:
    """The control that gives ``said`` to the stage: a card, go, a lead, or the claim box."""
    if said == "go" or said in {str(card) for card in DECK}:
        return f'[data-stage="{stage_id}"] [data-key="{"go" if said == "go" else f"card-{said}"}"]'
    if said.startswith("seat:"):
        return f'[data-stage="{stage_id}"] [data-key="lead-{said}"]'
    return f'[data-stage="{stage_id}"] input[name="said"]'


def claim_whole_play(page, stage_id: str, by_touch: bool) -> int:
    """Play the stage's whole play, claiming every peg and lead right; the answers asked."""
    stage = page.locator(f'[data-stage="{stage_id}"]')
    answered = 0
    while stage.get_attribute("data-stars") is None:
        said = claim_answer(json.loads(stage.get_attribute("data-state")))
        selector = claim_control(stage_id, said)
        box = page.locator(selector)
        if by_touch:
            bounds = box.bounding_box()
            assert bounds["width"] >= 44 and bounds["height"] >= 44, selector
            box.tap()
            if selector.endswith('input[name="said"]'):
                page.keyboard.type(said)
                stage.locator('[data-key="check"]').tap()
        else:
            focus_by_tab(page, selector)
            if selector.endswith('input[name="said"]'):
                page.keyboard.type(said)
            page.keyboard.press("Enter")
        settled(page)
        assert stage.locator('.cb-verdict[data-correct="false"]').count() == 0, said
        answered += 1
        assert answered < 80, "the play never ended"
    assert stage.get_attribute("data-stars") == "3", stage_id
    return answered


@pytest.mark.parametrize(
    ("lang", "by_touch"), [("sk", False), ("cs", True)], ids=["slovak-by-keyboard", "czech-by-touch"]
)
def test_every_play_of_the_go_and_the_last_card_claimed_through_on_a_phone(watched_context, base_url, lang, by_touch):
    options = {"has_touch": True, "is_mobile": True} if by_touch else {}
    context = watched_context(base_url, viewport={"width": 360, "height": 740}, **options)
    page = open_lesson(context, base_url, "go-last", lang)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    for n in range(1, 6):
        stage_id = f"go-last-{n}"
        assert claim_whole_play(page, stage_id, by_touch) >= 8  # at least every card claimed
        done = page.locator(f'[data-stage="{stage_id}"] .cb-claim-ask').text_content()
        assert done.strip() == t("lesson.claim.done", lang)
    page.wait_for_function(
        "() => document.querySelector('[data-lesson=\"go-last\"]').dataset.done === '5'", timeout=LIVE_TIMEOUT
    )
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    assert errors_of(context) == [] and context.watch.foreign == []
