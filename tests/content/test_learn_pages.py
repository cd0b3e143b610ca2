"""The Learn section: the same lesson pages, blocks and anchors in every language, and the
English pages (and every page once translated) spelled right with one term per concept.

A page still marked ``<!-- translate -->`` on its first line (the English page waiting for
its translator) fails: every language has the whole course.
"""

from __future__ import annotations

import re

import pytest
from cribbage.course.lessons import COURSE, stages
from helpers import NAV_PAGES, OTHER_LANGUAGES
from test_terminology import forbidden_uses
from tutorial_pages import DOCS, LANGUAGES, anchors, prose, unknown_words, words_of

LEARN = sorted(path.name for path in (DOCS / "en" / "learn").glob("*.md"))
PLACEHOLDER = "<!-- translate -->"


BLOCK = re.compile(r"^```(cribbage-[a-z-]+)[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)


def blocks(text: str) -> list[tuple[str, str]]:
    """Every live block (kinds with a hyphen too, such as ``cribbage-course-progress``)."""
    return [(kind, body.strip()) for kind, body in BLOCK.findall(text)]


def source(lang: str, page: str) -> str:
    return (DOCS / lang / "learn" / page).read_text(encoding="utf-8")


def translated(lang: str, page: str) -> bool:
    return not source(lang, page).startswith(PLACEHOLDER)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_stage_and_lesson_links_a_rules_section_that_the_language_has(lang):
    for item in [*stages(), *COURSE]:
        page, anchor = item.rule.split("#")
        assert anchor in anchors((DOCS / lang / page).read_text(encoding="utf-8")), (lang, item.rule)


def test_the_learn_section_has_its_index_and_a_page_per_lesson():
    assert LEARN == sorted(["index.md", *(f"{lesson.id}.md" for lesson in COURSE)])


def test_the_navigation_lists_the_learn_index_then_every_lesson_in_the_courses_order():
    assert [page for page in NAV_PAGES if page.startswith("learn/")] == [
        "learn/index",
        *(f"learn/{lesson.id}" for lesson in COURSE),
    ]


def test_every_english_lesson_page_has_every_stage_of_its_lesson_in_order_under_its_anchor():
    for lesson in COURSE:
        text = source("en", f"{lesson.id}.md")
        stages = [body.removeprefix("stage:").strip() for kind, body in blocks(text) if kind == "cribbage-lesson"]
        assert stages == [stage.id for stage in lesson.stages], lesson.id
        assert [anchor for anchor in anchors(text) if anchor != "progress"] == stages, lesson.id
        assert ("cribbage-course-progress", f"lesson: {lesson.id}") in blocks(text)


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
@pytest.mark.parametrize("page", LEARN)
def test_every_lesson_page_exists_with_the_same_blocks_and_anchors(lang, page):
    assert (DOCS / lang / "learn" / page).exists(), f"docs/{lang}/learn/{page} is missing"
    assert blocks(source(lang, page)) == blocks(source("en", page))
    assert anchors(source(lang, page)) == anchors(source("en", page))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", LEARN)
def test_a_translated_lesson_page_passes_hunspell_and_uses_one_term_per_concept(hunspell, lang, page):
    assert lang == "en" or translated(lang, page), f"docs/{lang}/learn/{page} is still the English placeholder"
    words = words_of(prose(source(lang, page)))
    assert not unknown_words("\n".join(sorted(words)), lang), f"docs/{lang}/learn/{page}"
    assert forbidden_uses(prose(source(lang, page)), lang, page) == []
    if lang != "en":
        unknown = unknown_words(
            "\n".join(sorted(words)), lang
        )  # the site's word list may hold a term taken from English (crib)
        english = unknown - unknown_words("\n".join(sorted(unknown)), "en", with_word_list=False)
        assert not english, f"docs/{lang}/learn/{page} has English words: {sorted(english)}"
