"""Shared by every test folder: the built site, and one Debian Chromium for the whole session.

Playwright's sync API allows one running instance per thread, so the site, widget and
game tests all take their pages from this one browser (each in its own context).
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import site_build


# What a complete `python3 site_build.py build` leaves: pages, the runtime, the widgets, the game.
BUILT_SITE_MARKS = ("index.html", "pyodide/pyodide-lock.json", "assets/cribbage/worker.js", "game/index.html")


@pytest.fixture(scope="session")
def built_site() -> Path:
    """site/, built. `python3 site_build.py test` builds first and sets CRIBBAGE_REQUIRE_SITE=1,
    so a missing build fails there; a bare `pytest` without a build skips these tests instead."""
    missing = [mark for mark in BUILT_SITE_MARKS if not (site_build.SITE / mark).exists()]
    if missing:
        message = f"site/ is not built (no {', '.join(missing)}): run `python3 site_build.py build`"
        if os.environ.get("CRIBBAGE_REQUIRE_SITE"):
            pytest.fail(message)
        pytest.skip(message)
    return site_build.SITE


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not site_build.CHROMIUM.exists():
        pytest.fail(f"Debian's Chromium is missing at {site_build.CHROMIUM} "
                    "(`python3 site_build.py test` installs it when run as root)")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(site_build.CHROMIUM), args=list(site_build.CHROMIUM_ARGS), headless=True)
        yield chromium
        chromium.close()


class PageWatch:
    """What one browser context did: every request, those that left the site's origin,
    and console and page errors."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.urls: list[str] = []
        self.foreign: list[str] = []
        self.errors: list[str] = []

    def request(self, url: str) -> None:
        self.urls.append(url)
        parts = urlsplit(url)
        if parts.scheme not in ("data", "blob") and f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign.append(url)

    def console(self, message) -> None:  # a Playwright ConsoleMessage
        if message.type == "error":
            self.errors.append(f"{message.text} ({message.location.get('url', '')})")


@pytest.fixture
def watched_context(browser):
    """``open(site_url, block_foreign=False, **context_options)``: a fresh browser context
    (its own cache and localStorage) whose ``.watch`` records what its pages did. With
    ``block_foreign`` requests off the origin are refused, so no test can depend on one."""
    contexts = []

    def open_context(site_url: str, block_foreign: bool = False, **options):
        origin = "{0.scheme}://{0.netloc}".format(urlsplit(site_url))
        context = browser.new_context(**options)
        watch = PageWatch(origin)
        if block_foreign:
            context.route("**/*", lambda route: route.abort() if urlsplit(route.request.url).scheme in ("http", "https")
                          and not route.request.url.startswith(origin + "/") else route.continue_())
        context.on("request", lambda request: watch.request(request.url))
        context.on("console", watch.console)
        context.on("weberror", lambda error: watch.errors.append(str(error.error)))
        context.watch = watch
        contexts.append(context)
        return context

    yield open_context
    for context in contexts:
        context.close()
