"""The course overview draws the stars saved in this browser before the engine is up
(progress.js fills the numbers into the sentences the build wrote), the engine then draws
the same, and a finished course says so and points to the game (issue 24)."""

from __future__ import annotations

import json

from cribbage.course.lessons import COURSE
from cribbage.i18n import t
from cribbage.widgets.course_progress import MAX_STARS, STAGE_IDS
from cribbage.widgets.lesson_state import persist_key

# widgets.js keeps each stage's state in localStorage under this prefix.
PERSIST_PREFIX = "cribbage-widget-"
# A reader part-way through: three stages of lesson 1 and one of lesson 3 have stars.
SOME_STARS = {"values-1": 3, "values-2": 1, "values-4": 2, "pairs-1": 2}
PROGRESS = '[data-widget="course-progress"]'
# The widget's view as HTML, each link as the address it leads to (Material's instant
# navigation writes the page's own links out in full, the engine's stay relative).
DRAWN = f"""window.drawn = () => {{
  const view = document.querySelector('{PROGRESS} .cb-view').cloneNode(true);
  view.querySelectorAll("a[href]").forEach((link) => link.setAttribute("href", link.href));
  return view.innerHTML;
}};"""


def save_stars(page, stars: dict[str, int]) -> None:
    """The stages' states as the lesson pages save them, in place before any script runs."""
    saved = {
        PERSIST_PREFIX + persist_key(stage): json.dumps({"stage": stage, "stars": n}) for stage, n in stars.items()
    }
    page.add_init_script(
        f"Object.entries({json.dumps(saved)}).forEach(([key, value]) => localStorage.setItem(key, value));"
    )


def without_the_engine(context) -> None:
    """The engine's worker never starts, so whatever the widget shows is the page's own."""
    context.route("**/assets/cribbage/worker.js", lambda route: route.abort())


def in_language(site_url: str, lang: str) -> str:
    return f"{site_url}{'' if lang == 'en' else lang + '/'}"


def summary_of(lesson_stages: list[str], stars: dict[str, int], lang: str) -> str:
    """The summary sentence, counted here from the stars the test saved."""
    return t(
        "progress.summary",
        lang,
        done=sum(1 for stage in lesson_stages if stars.get(stage, 0) > 0),
        total=len(lesson_stages),
        stars=sum(stars.get(stage, 0) for stage in lesson_stages),
        most=MAX_STARS * len(lesson_stages),
    )


def test_the_saved_stars_show_on_the_course_overview_before_the_engine_is_up(cold_context, site_url):
    without_the_engine(cold_context)
    for lang in ("en", "pl", "cs"):
        page = cold_context.new_page()
        save_stars(page, SOME_STARS)
        page.goto(f"{in_language(site_url, lang)}learn/")
        progress = page.locator(PROGRESS)
        assert progress.get_attribute("data-ready") is None  # the engine never answered
        course = progress.locator(".cb-progress-course")
        assert course.get_attribute("data-done") == str(len(SOME_STARS))
        assert course.text_content() == f"{t('progress.course', lang)}: {summary_of(list(STAGE_IDS), SOME_STARS, lang)}"
        for lesson in COURSE:
            stages = [stage.id for stage in lesson.stages]
            row = progress.locator(f'[data-lesson="{lesson.id}"]')
            assert row.locator(".cb-progress-summary").text_content() == summary_of(stages, SOME_STARS, lang)
        cell = progress.locator('[data-of-stage="values-2"]')
        assert cell.get_attribute("data-stars") == "1"
        assert cell.locator(".cb-star-row").text_content() == "★☆☆"
        assert cell.locator(".cb-sr").text_content() == t(
            "progress.stage", lang, n=2, stars=t("lesson.stars", lang, count=1)
        )
        assert progress.locator(".cb-progress-finished").is_hidden()
        page.close()


def test_a_finished_course_says_so_and_points_to_the_game_before_the_engine_is_up(cold_context, site_url):
    without_the_engine(cold_context)
    every_stage = {stage: 1 + index % MAX_STARS for index, stage in enumerate(STAGE_IDS)}
    for lang in ("en", "bg"):
        page = cold_context.new_page()
        save_stars(page, every_stage)
        page.goto(f"{in_language(site_url, lang)}learn/")
        progress = page.locator(PROGRESS)
        assert progress.get_attribute("data-ready") is None
        finished = progress.locator(".cb-progress-finished")
        assert finished.is_visible()
        assert finished.text_content() == f"{t('progress.finished', lang)} {t('progress.to_game', lang)}"
        link = finished.locator("a")
        assert link.evaluate("a => a.href") == f"{in_language(site_url, lang)}game/"
        assert page.request.get(f"{in_language(site_url, lang)}game/").ok
        page.close()


def test_the_engine_draws_the_overview_as_the_page_drew_it_before(browser_context, site_url):
    """What the reader saw before the engine was up is what the engine shows: no number moves."""
    for stars in (SOME_STARS, dict.fromkeys(STAGE_IDS, MAX_STARS)):
        page = browser_context.new_page()
        save_stars(page, stars)
        page.add_init_script(
            DRAWN + "addEventListener('DOMContentLoaded', () => { window.drawnBeforeTheEngine = drawn(); });"
        )
        page.goto(f"{in_language(site_url, 'sk')}learn/")
        # The engine has answered the saved states: its state holds the stars.
        page.wait_for_function(
            f"() => {{ const root = document.querySelector('{PROGRESS}');"
            " return root.dataset.ready === 'true' && !root.hasAttribute('aria-busy')"
            " && Object.keys(JSON.parse(root.dataset.state).stars).length > 0; }",
            timeout=60_000,
        )
        drawn_by_the_engine = page.evaluate("() => drawn()")
        assert json.loads(page.locator(PROGRESS).get_attribute("data-state"))["stars"] == stars
        assert page.evaluate("() => window.drawnBeforeTheEngine") == drawn_by_the_engine
        assert page.locator(f"{PROGRESS} .cb-progress-finished").is_visible() == (len(stars) == len(STAGE_IDS))
        page.close()
