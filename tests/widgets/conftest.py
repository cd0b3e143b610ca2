"""Fixtures for the widget tests: fixture pages built by the hook beside the built site,
served under a sub-path, and Debian's Chromium driven by Playwright.

The fixture pages (``tests/widgets/fixtures/*.md`` rendered by the hook in each
language) hold one block of every kind, so the widgets are tested whatever the
content pages hold; the real pages are checked too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
FIXTURES = HERE / "fixtures"
ARTIFACTS = ROOT / "test-artifacts" / "widgets"
FIXTURE_DIR = "_widgets"
PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>widgets {lang}</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="../../assets/cribbage/cribbage.css"></head>
<body><main>{body}</main>
<script type="module" src="../../assets/cribbage/widgets.js"></script></body></html>
"""


def fixture_page(lang: str) -> str:
    """The fixture Markdown in ``lang``, through the hook and Python-Markdown."""
    import markdown

    from hooks.cribbage_blocks import replace_blocks

    source = (FIXTURES / "widgets.md").read_text(encoding="utf-8")
    body = markdown.markdown(replace_blocks(source, lang, "fixtures/widgets.md"))
    return PAGE.format(lang=lang, body=body)


@pytest.fixture(scope="session")
def served_root(site_copy: Path) -> Path:
    """The served copy of the built site plus ``_widgets/<lang>/index.html``."""
    from cribbage.i18n import LANGUAGES

    for lang in LANGUAGES:
        page = site_copy / FIXTURE_DIR / lang / "index.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(fixture_page(lang), encoding="utf-8")
    return site_copy


@pytest.fixture(scope="session")
def base_url(served_root: Path, site_copy_url: str) -> str:
    return site_copy_url


@pytest.fixture(scope="session")
def fixtures_url(base_url: str) -> str:
    """Where the fixture pages are: ``<fixtures_url><lang>/``."""
    return f"{base_url}{FIXTURE_DIR}/"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Screenshots for review (gitignored)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def watched(watched_context, base_url):
    """A fresh context (own localStorage) whose pages are watched, at a desktop width."""
    return watched_context(base_url, viewport={"width": 1280, "height": 900})
