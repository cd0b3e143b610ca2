"""No broken links in the built site: every internal link reaches a page, and every
#anchor exists on it, in every language."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from helpers import NAV_PAGES, OTHER_LANGUAGES

SITE = Path(__file__).resolve().parents[2] / "site"
LANGUAGE_DIRS = ("", *OTHER_LANGUAGES)  # the default language sits at the site's root
SKIPPED_DIRS = {"assets", "pyodide", "search"}


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(attributes["id"])
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"])


def parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def tutorial_pages() -> list[Path]:
    pages = []
    for path in sorted(SITE.rglob("index.html")):
        relative = path.relative_to(SITE).parts
        if relative and relative[0] in SKIPPED_DIRS:
            continue
        pages.append(path)
    return pages


def target_of(page: Path, href: str) -> tuple[Path, str] | None:
    """The file and fragment an internal link points at, or None for another site."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
        return None
    if not parts.path:
        return page, unquote(parts.fragment)
    target = (page.parent / unquote(parts.path)).resolve()
    if target.is_dir() or parts.path.endswith("/"):
        target = target / "index.html"
    return target, unquote(parts.fragment)


@pytest.fixture(scope="module")
def built_pages(built_site):
    return {path: parse(path) for path in tutorial_pages()}


def test_every_internal_link_and_anchor_resolves_in_every_language(built_pages):
    broken = []
    for page, parsed in built_pages.items():
        for href in parsed.links:
            target = target_of(page, href)
            if target is None:
                continue
            path, fragment = target
            if href.startswith("/"):
                broken.append(f"{page.relative_to(SITE)}: {href} (root-absolute: breaks under a sub-path)")
            elif not path.exists():
                broken.append(f"{page.relative_to(SITE)}: {href} (no such page)")
            elif fragment and path.suffix == ".html":
                ids = built_pages[path].ids if path in built_pages else parse(path).ids
                if fragment not in ids:
                    broken.append(f"{page.relative_to(SITE)}: {href} (no #{fragment})")
    assert not broken, "\n".join(broken)


def test_every_language_has_all_tutorial_pages_built(built_pages):
    per_language = {
        lang: sum(
            1
            for p in built_pages
            if (p.relative_to(SITE).parts[:1] == (lang,)) == bool(lang)
            and (lang or p.relative_to(SITE).parts[0] not in LANGUAGE_DIRS[1:])
        )
        for lang in LANGUAGE_DIRS
    }
    assert set(per_language.values()) == {len(NAV_PAGES)}, per_language


def test_link_checker_notices_a_missing_anchor(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text('<h2 id="here">x</h2><a href="../a/#there">y</a>')
    page = tmp_path / "a" / "index.html"
    path, fragment = target_of(page, "../a/#there")
    assert path == page.resolve() and fragment == "there" and fragment not in parse(path).ids
    assert target_of(page, "https://example.org/") is None
