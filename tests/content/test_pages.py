"""The tutorial: the same pages and live blocks in every language, spelled right,
in the page's own language."""

from __future__ import annotations

import pytest
from helpers import OTHER_LANGUAGES
from tutorial_pages import (
    DOCS,
    LANGUAGES,
    PAGES,
    anchors,
    live_blocks,
    page_source,
    prose,
    unknown_words_cached,
    words_of,
)


def test_every_english_page_is_in_the_navigation_and_every_navigation_entry_has_its_page():
    assert sorted(path.name for path in (DOCS / "en").glob("*.md")) == PAGES


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_every_page_exists_in_every_language(lang, page):
    assert (DOCS / lang / page).exists(), f"docs/{lang}/{page} is missing"


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_every_language_has_the_same_live_blocks_in_the_same_order(lang, page):
    assert live_blocks(page_source(lang, page)) == live_blocks(page_source("en", page))


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_every_language_has_the_same_section_anchors(lang, page):
    assert anchors(page_source(lang, page)) == anchors(page_source("en", page))


def test_every_page_states_its_scores_through_live_blocks_with_expect():
    for page in ("play.md", "show.md"):
        blocks = live_blocks(page_source("en", page))
        assert len(blocks) >= 10
        assert all("expect:" in body for kind, body in blocks if kind in ("cribbage-hand", "cribbage-play"))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_page_passes_hunspell_in_its_language(hunspell, lang, page):
    misspelled = unknown_words_cached(words_of(prose(page_source(lang, page))), lang)
    assert not misspelled, f"docs/{lang}/{page}: {sorted(misspelled)}"


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_no_english_is_left_in_other_languages(hunspell, lang, page):
    not_in_language = unknown_words_cached(words_of(prose(page_source(lang, page))), lang)
    english = not_in_language - unknown_words_cached(not_in_language, "en", with_word_list=False)
    assert not english, f"docs/{lang}/{page} has English words: {sorted(english)}"


def test_prose_filter_keeps_words_and_drops_code_blocks_and_foreign_spans():
    text = 'Say `5H` and <span lang="en">go</span>.\n\n```cribbage-hand\nhand: 5H\n```\n!!! tip "Rada"\n[odkaz](play.md#go)'
    words = prose(text).split()
    assert words == ["Say", "and", ".", '"Rada"', "[odkaz]"]
