"""The built site/: every page in every language, the language switcher, per-language
navigation, search and anchors, nothing fetched from elsewhere, and the vendored runtime."""

from __future__ import annotations

import hashlib
import json
import re
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from cribbage.i18n import DEFAULT_LANGUAGE
from helpers import LANGUAGES, NAV_PAGES, OTHER_LANGUAGES

import site_build

# The contract (ARCHITECTURE.md): the same page names in every language, English at the root.
# Every page of the navigation, the Learn section's index as "learn": "index", "learn", "learn/values", ...
PAGES = tuple(page.removesuffix("/index") for page in NAV_PAGES)
THEME_WORDS = json.loads((site_build.ROOT / "content" / "theme.json").read_text(encoding="utf-8"))
SITE_ROOT = "https://site.invalid/sub/path/"  # wherever site/ is served, e.g. a Pages project site


def language_root(lang: str) -> str:
    return "" if lang == DEFAULT_LANGUAGE else f"{lang}/"


def page_path(lang: str, page: str) -> str:
    """The page's path from the site root, as use_directory_urls builds it."""
    return language_root(lang) + ("" if page == "index" else f"{page}/")


def page_file(site: Path, path: str) -> Path:
    return site / path / "index.html"


class PageParser(HTMLParser):
    """The parts of a built page these tests look at."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.html_lang: str | None = None
        self.title = ""
        self.switcher: dict[str, str] = {}  # hreflang -> href
        self.fetched: list[tuple[str, str]] = []  # (tag, URL) of resources the page loads
        self.headings: list[tuple[str | None, str]] = []  # (id, text)
        self.nav_links: list[tuple[str, str]] = []  # (href, text) of the primary navigation
        self.config: dict | None = None
        self._stack: list[str] = []
        self._heading: list | None = None
        self._nav_link: list | None = None
        self._in_title = False
        self._in_config = False
        self._nav_depth: int | None = None
        self._config_text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag == "html":
            self.html_lang = attributes.get("lang")
        elif tag == "title":
            self._in_title = True
        elif tag == "a" and "md-select__link" in classes:
            self.switcher[attributes["hreflang"]] = attributes["href"]
        elif tag == "script" and attributes.get("id") == "__config":
            self._in_config = True
        if tag in ("img", "script", "iframe", "audio", "video", "source", "embed", "track") and attributes.get("src"):
            self.fetched.append((tag, attributes["src"]))
        if tag == "link" and attributes.get("href"):
            rel = set((attributes.get("rel") or "").split())
            if rel & {"stylesheet", "icon", "preload", "modulepreload", "manifest", "apple-touch-icon"}:
                self.fetched.append((f"link rel={' '.join(sorted(rel))}", attributes["href"]))
        if tag == "nav" and "md-nav--primary" in classes:
            self._nav_depth = len(self._stack)
        if tag == "a" and self._nav_depth is not None and "md-nav__link" in classes:
            self._nav_link = [attributes.get("href"), ""]
        if re.fullmatch(r"h[1-6]", tag):
            self._heading = [attributes.get("id"), ""]
        self._stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        elif tag == "script" and self._in_config:
            self._in_config = False
            self.config = json.loads(self._config_text)
        elif re.fullmatch(r"h[1-6]", tag) and self._heading is not None:
            self.headings.append((self._heading[0], self._heading[1].strip()))
            self._heading = None
        elif tag == "a" and self._nav_link is not None:
            self.nav_links.append((self._nav_link[0], " ".join(self._nav_link[1].split())))
            self._nav_link = None
        while self._stack:
            if self._stack.pop() == tag:
                break
        if self._nav_depth is not None and len(self._stack) <= self._nav_depth:
            self._nav_depth = None

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        if self._in_config:
            self._config_text += data
        if self._heading is not None:
            self._heading[1] += data
        if self._nav_link is not None:
            self._nav_link[1] += data


def parse_page(path: Path) -> PageParser:
    parser = PageParser()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser


def resolve(from_path: str, href: str) -> str:
    """A link's target as a path from the site root ("" is the root). The site is taken
    to live under a sub-path, so a root-absolute link ("/pl/") counts as leaving it."""
    url = urljoin(SITE_ROOT + from_path, href)
    assert url.startswith(SITE_ROOT), f"{href!r} from {from_path!r} leaves the site"
    return url.removeprefix(SITE_ROOT).split("#")[0].split("?")[0]


ALL_PAGES = [(lang, page) for lang in LANGUAGES for page in PAGES]


@pytest.mark.parametrize(("lang", "page"), ALL_PAGES)
def test_every_page_is_built_in_every_language(built_site, lang, page):
    built = page_file(built_site, page_path(lang, page))
    assert built.exists(), f"{built} is missing"
    assert parse_page(built).html_lang == lang


@pytest.mark.parametrize(("lang", "page"), ALL_PAGES)
def test_language_switcher_keeps_the_reader_on_the_same_page(built_site, lang, page):
    here = page_path(lang, page)
    switcher = parse_page(page_file(built_site, here)).switcher
    assert set(switcher) == set(LANGUAGES)
    for other, href in switcher.items():
        target = resolve(here, href)
        assert target == page_path(other, page), f"{lang}/{page}: {other} link {href!r}"
        assert page_file(built_site, target).exists()


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_navigation_and_site_name_are_in_the_pages_language(built_site, lang):
    english = parse_page(page_file(built_site, page_path(DEFAULT_LANGUAGE, "basics")))
    translated = parse_page(page_file(built_site, page_path(lang, "basics")))
    english_titles = dict(
        (resolve(page_path(DEFAULT_LANGUAGE, "basics"), href), text) for href, text in english.nav_links
    )
    translated_titles = dict((resolve(page_path(lang, "basics"), href), text) for href, text in translated.nav_links)
    for page in PAGES:
        english_title = english_titles[page_path(DEFAULT_LANGUAGE, page)]
        title = translated_titles[page_path(lang, page)]
        assert title and title != english_title, f"{lang} navigation for {page}: {title!r}"
    separator = f" {THEME_WORDS['title_separator'][lang]} "
    english_site_name = english.title.rsplit(f" {THEME_WORDS['title_separator'][DEFAULT_LANGUAGE]} ", 1)[-1]
    assert separator in translated.title
    assert translated.title.rsplit(separator, 1)[-1] != english_site_name


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_material_interface_speaks_the_pages_language(built_site, lang):
    english = parse_page(page_file(built_site, page_path(DEFAULT_LANGUAGE, "index"))).config
    translated = parse_page(page_file(built_site, page_path(lang, "index"))).config
    assert translated["translations"]["search.result.none"] != english["translations"]["search.result.none"]


def test_cyrillic_headings_keep_their_letters_in_anchors(built_site):
    """A generated anchor keeps the heading's Cyrillic letters; an ASCII anchor on a
    Bulgarian heading is only one its author wrote ({#id})."""
    generated = translated = 0
    for page in PAGES:
        source = (site_build.DOCS / "bg" / f"{page}{'/index' if page == 'learn' else ''}.md").read_text("utf-8")
        translated += not source.startswith("<!-- translate -->")  # a lesson page waiting for its translator is English
        for anchor, text in parse_page(page_file(built_site, page_path("bg", page))).headings:
            letters = re.findall(r"[\u0400-\u04ff]+", text)
            if not letters:
                continue
            assert anchor, f"bg/{page}: heading {text!r} has no anchor"
            if anchor.isascii():
                assert f"#{anchor}" in source, f"bg/{page}: {text!r} -> #{anchor}"
            else:
                generated += 1
                assert letters[0].lower() in anchor, f"bg/{page}: {text!r} -> #{anchor}"
    assert generated >= translated  # at least the page titles


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_finds_only_pages_in_the_readers_language(built_site, lang):
    index = json.loads((built_site / language_root(lang) / "search" / "search_index.json").read_text("utf-8"))
    found_pages = {doc["location"].split("#")[0] for doc in index["docs"]}
    assert found_pages == {page_path(lang, page).removeprefix(language_root(lang)) for page in PAGES}
    for page in PAGES:
        here = page_path(lang, page)
        config = parse_page(page_file(built_site, here)).config
        # Material fetches search/search_index.json and resolves results against "base".
        assert resolve(here, config["base"]) == language_root(lang)


def is_external(url: str) -> bool:
    parts = urlsplit(url.strip())
    return url.strip().startswith("//") or parts.scheme in ("http", "https", "ftp", "ws", "wss")


CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)|@import\s+(['"])([^'"]+)\3""")


def test_no_page_or_stylesheet_fetches_anything_from_another_host(built_site):
    external = []
    for html in built_site.rglob("*.html"):
        for tag, url in parse_page(html).fetched:
            if is_external(url):
                external.append(f"{html.relative_to(built_site)}: <{tag}> {url}")
        for match in re.finditer(r"<style[^>]*>(.*?)</style>", html.read_text("utf-8"), re.S):
            external += [
                f"{html.relative_to(built_site)}: <style> {m.group(2) or m.group(4)}"
                for m in CSS_URL.finditer(match.group(1))
                if is_external(m.group(2) or m.group(4))
            ]
    for css in built_site.rglob("*.css"):
        for m in CSS_URL.finditer(css.read_text("utf-8")):
            url = m.group(2) or m.group(4)
            if is_external(url):
                external.append(f"{css.relative_to(built_site)}: {url}")
    assert external == []


def test_scanner_sees_external_resources():
    """The scan above would catch what it looks for."""
    parser = PageParser()
    parser.feed(
        '<link rel="stylesheet" href="https://fonts.example/css"><script src="//cdn.example/x.js"></script>'
        '<a href="https://example.org/">a plain link is fine</a>'
    )
    assert [url for _, url in parser.fetched if is_external(url)] == ["https://fonts.example/css", "//cdn.example/x.js"]
    assert [
        m.group(2) or m.group(4)
        for m in CSS_URL.finditer("@import 'https://x.example/a.css'; b{background:url(/i.png)}")
    ] == ["https://x.example/a.css", "/i.png"]


def test_site_ships_only_the_runtime_files_the_engine_wheel_and_their_snapshot(built_site):
    shipped = {path.name for path in (built_site / "pyodide").iterdir()}
    wheels = {name for name in shipped if name.endswith(".whl")}
    assert shipped - wheels == set(site_build.RUNTIME_FILES) | set(site_build.SNAPSHOT_FILES)
    assert len(wheels) == 1 and re.fullmatch(r"cribbage-[^-]+-py3-none-any\.whl", wheels.pop())


def test_runtime_files_are_the_ones_of_the_pinned_npm_package(built_site):
    lock = json.loads(site_build.PACKAGE_LOCK.read_text("utf-8"))
    pinned = json.loads((site_build.ROOT / "package.json").read_text("utf-8"))["dependencies"]["pyodide"]
    assert lock["packages"]["node_modules/pyodide"]["version"] == pinned
    for name in site_build.RUNTIME_FILES:
        if name == "pyodide-lock.json":
            continue  # rewritten by add-wheels; checked below
        assert (built_site / "pyodide" / name).read_bytes() == (site_build.PYODIDE_PACKAGE / name).read_bytes()


def test_engine_wheel_is_registered_in_the_sites_lock_with_its_checksum(built_site):
    lock = json.loads((built_site / "pyodide" / "pyodide-lock.json").read_text("utf-8"))
    entry = lock["packages"]["cribbage"]
    wheel = built_site / "pyodide" / entry["file_name"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
    assert entry["imports"] == ["cribbage"] and entry["depends"] == []
    original = json.loads((site_build.PYODIDE_PACKAGE / "pyodide-lock.json").read_text("utf-8"))
    assert lock["info"] == original["info"]
    assert set(lock["packages"]) - set(original["packages"]) == {"cribbage"}


def test_engine_wheel_holds_the_whole_package_and_nothing_else(built_site):
    wheel = next((built_site / "pyodide").glob("cribbage-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    package = site_build.ROOT / "engine" / "cribbage"
    sources = {
        f"cribbage/{path.relative_to(package).as_posix()}"
        for path in package.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }
    assert {name for name in names if not name.startswith("cribbage-")} == sources
    assert any(name.startswith("cribbage/messages/") and name.endswith(".json") for name in names)


def test_link_check_counts_root_absolute_links_as_leaving_the_site():
    assert resolve("pl/basics/", "../../cs/basics/") == "cs/basics/"
    with pytest.raises(AssertionError, match="leaves the site"):
        resolve("", "/pl/")
