"""The theme speaks the page's language (hooks/theme_language.py, content/theme.json): the
headings' permalinks and every word of Material's on a page, and the one 404 page GitHub
Pages serves for every missing address, which says its message in the language the address
names (in all five without JavaScript)."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from cribbage.i18n import DEFAULT_LANGUAGE
from cribbage.typography import typeset
from helpers import LANGUAGES, NAV_PAGES, OTHER_LANGUAGES

import site_build

ROOT = Path(__file__).resolve().parents[2]
THEME_WORDS = json.loads((ROOT / "content" / "theme.json").read_text(encoding="utf-8"))
LABELS = ("title", "aria-label", "placeholder", "alt")
LIVE_EXAMPLE_CLASSES = {"cribbage-widget", "cb-static"}  # their words are the engine's (tests/widgets)
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def language_root(lang: str) -> str:
    return "" if lang == DEFAULT_LANGUAGE else f"{lang}/"


class ThemeWords(HTMLParser):
    """What the theme says on a page: its elements' labels and tooltips (outside the live
    examples), the permalinks' titles, the words Material's scripts show (its config), and
    on the 404 page each language's message: {lang: {root, title, link}}."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.labels: set[str] = set()
        self.permalink_titles: list[str] = []
        self.translations: dict[str, str] = {}
        self.not_found: dict[str, dict[str, str]] = {}
        self._open: list[tuple[str, bool]] = []  # (tag, inside a live example)
        self._config: str | None = None
        self._heading_of: str | None = None  # the 404 message whose heading is being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        classes = set(attributes.get("class", "").split())
        live = bool(self._open and self._open[-1][1]) or bool(classes & LIVE_EXAMPLE_CLASSES)
        if tag not in VOID:
            self._open.append((tag, live))
        if "headerlink" in classes:
            self.permalink_titles.append(attributes.get("title", ""))
        elif not live:
            self.labels |= {attributes[name] for name in LABELS if attributes.get(name)}
        if tag == "script" and attributes.get("id") == "__config":
            self._config = ""
        if "data-not-found" in attributes:
            self.not_found[attributes["lang"]] = {"root": attributes["data-not-found"], "title": ""}
        if tag == "h1" and self.not_found:
            self._heading_of = list(self.not_found)[-1]
        if tag == "a" and self.not_found and "hreflang" in attributes:
            self.not_found[attributes["hreflang"]]["link"] = attributes.get("href", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._config is not None:
            self.translations = json.loads(self._config)["translations"]
            self._config = None
        if tag == "h1":
            self._heading_of = None
        names = [name for name, _ in self._open]
        if tag in names:
            del self._open[len(names) - 1 - names[::-1].index(tag) :]

    def handle_data(self, data: str) -> None:
        if self._config is not None:
            self._config += data
        if self._heading_of:
            self.not_found[self._heading_of]["title"] += data


class HTMLTitle(HTMLParser):
    """The text of a page's own <title> (the first: the drawings' titles come after it)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text = ""
        self._inside = False
        self._read = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._inside = tag == "title" and not self._read

    def handle_endtag(self, tag: str) -> None:
        self._read = self._read or self._inside
        self._inside = False

    def handle_data(self, data: str) -> None:
        if self._inside:
            self.text += data

    @classmethod
    def of(cls, html: str) -> str:
        parser = cls()
        parser.feed(html)
        parser.close()
        return parser.text


def theme_words(path: Path) -> ThemeWords:
    parser = ThemeWords()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser


def page_files(site: Path, lang: str) -> list[Path]:
    """Every page of the navigation in ``lang``."""
    return [
        site / language_root(lang) / ("" if page == "index" else page.removesuffix("index")) / "index.html"
        for page in NAV_PAGES
    ]


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_an_english_permalink_title_on_another_languages_page_fails(built_site, lang):
    english = {
        title for page in page_files(built_site, DEFAULT_LANGUAGE) for title in theme_words(page).permalink_titles
    }
    titles = {
        page.relative_to(built_site).as_posix(): set(theme_words(page).permalink_titles)
        for page in page_files(built_site, lang)
    }
    assert len(english) == 1 and all(titles.values())
    assert {page: found for page, found in titles.items() if found & english} == {}
    assert len(set().union(*titles.values())) == 1  # one title for every heading of the language


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
@pytest.mark.parametrize("page", ["index.html", "basics/index.html", "game/index.html"])
def test_material_says_nothing_in_english_on_another_languages_page(built_site, lang, page):
    english = theme_words(built_site / page)
    translated = theme_words(built_site / language_root(lang) / page)
    assert translated.labels and not translated.labels & english.labels
    same = [key for key, text in translated.translations.items() if text == english.translations[key]]
    assert same == []


def test_the_search_prompt_is_the_sites_own_in_every_language(built_site):
    for lang in LANGUAGES:
        config = theme_words(built_site / language_root(lang) / "index.html").translations
        assert config["search.result.placeholder"] == typeset(THEME_WORDS["search.result.placeholder"][lang], lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_materials_scripts_that_the_site_gives_replaces_materials(built_site, lang):
    """The search's counts and messages are shown by Material's scripts from the page's
    config: a word content/theme.json gives in the language is the one they show."""
    config = theme_words(built_site / language_root(lang) / "index.html").translations
    given = {key: texts[lang] for key, texts in THEME_WORDS.items() if key in config and lang in texts}
    assert given and {key: config[key] for key in given} == {key: typeset(text, lang) for key, text in given.items()}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_pages_title_separates_the_site_name_with_its_languages_dash(built_site, lang):
    html = (built_site / language_root(lang) / "basics" / "index.html").read_text(encoding="utf-8")
    title = HTMLTitle.of(html)
    separator = typeset(THEME_WORDS["title_separator"][lang], lang)
    assert title.count(f" {separator} ") == 1 and " - " not in title


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_404_page_says_its_message_in_each_language_with_a_link_home(built_site, lang):
    """Without JavaScript the 404 page shows every language's message, each marked with its
    language; its links start from the site's path (the site root here: built without SITE_URL)."""
    not_found = theme_words(built_site / "404.html").not_found
    assert list(not_found) == list(LANGUAGES)
    assert not_found[lang]["root"] == language_root(lang)
    assert not_found[lang]["link"] == "/" + language_root(lang)
    assert not_found[lang]["title"] == typeset(THEME_WORDS["not_found.title"][lang], lang)
    assert len({words["title"] for words in not_found.values()}) == len(LANGUAGES)


@pytest.fixture(scope="module")
def pages_site_url(pages_site: Path):
    """The site built as the Pages workflow builds it, served under its sub-path; a missing
    address gets the 404 page, as GitHub Pages answers it."""
    with site_build.served(pages_site, site_build.SUB_PATH) as url:
        yield url


@pytest.mark.slow  # the pages built once more, with the SITE_URL of GitHub Pages
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_404_page_speaks_the_language_the_missing_address_names(watched_context, pages_site_url, lang):
    context = watched_context(pages_site_url, fresh=True)
    page = context.new_page()
    missing = f"{pages_site_url}{language_root(lang)}no/such/page/"
    response = page.goto(missing)
    assert response.status == 404
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
    shown = page.locator("[data-not-found]:visible")
    assert shown.count() == 1 and shown.get_attribute("lang") == lang
    assert shown.locator("h1").inner_text() == typeset(THEME_WORDS["not_found.title"][lang], lang)
    home = shown.locator("a")
    assert home.evaluate("link => link.href") == pages_site_url + language_root(lang)
    home.click()
    page.wait_for_url(pages_site_url + language_root(lang))
    assert page.evaluate("() => document.documentElement.lang") == lang
    # The browser reports the missing page's own status; nothing else went wrong.
    assert [error for error in context.watch.errors if not error.endswith(f"({missing})")] == []


@pytest.mark.slow  # the pages built once more, with the SITE_URL of GitHub Pages
def test_the_404_page_without_javascript_shows_every_language(watched_context, pages_site_url):
    context = watched_context(pages_site_url, fresh=True, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{pages_site_url}cs/no/such/page/")
    shown = page.locator("[data-not-found]:visible")
    assert [shown.nth(index).get_attribute("lang") for index in range(shown.count())] == list(LANGUAGES)
    links = [shown.nth(index).locator("a").get_attribute("href") for index in range(shown.count())]
    assert links == [site_build.SUB_PATH + language_root(lang) for lang in LANGUAGES]
