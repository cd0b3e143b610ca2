"""Shared by every test folder: the built site, one Debian Chromium for the whole session,
and the report of what was skipped.

Playwright's sync API allows one running instance per thread, so the site, widget and
game tests all take their pages from this one browser (each in its own context).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import site_build
from prerequisites import in_ci, require


# What a complete `python3 site_build.py build` leaves: pages, the runtime, the widgets, the game.
BUILT_SITE_MARKS = ("index.html", "pyodide/pyodide-lock.json", "assets/cribbage/worker.js", "game/index.html")


@pytest.fixture(scope="session")
def built_site() -> Path:
    """site/, built. `python3 site_build.py test` builds first and sets CRIBBAGE_REQUIRE_SITE=1,
    so a missing build fails there (and in CI); a bare `pytest` without a build skips these tests."""
    missing = [mark for mark in BUILT_SITE_MARKS if not (site_build.SITE / mark).exists()]
    message = f"site/ is not built (no {', '.join(missing)}): run `python3 site_build.py build`"
    if missing and os.environ.get("CRIBBAGE_REQUIRE_SITE"):
        pytest.fail(message, pytrace=False)
    require(not missing, message)
    return site_build.SITE


@pytest.fixture(scope="session")
def site_copy(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the built site (23 MB) for the browser tests: a build running meanwhile
    cannot pull files away from under them."""
    copy = tmp_path_factory.mktemp("served") / "site"
    shutil.copytree(built_site, copy)
    return copy


@pytest.fixture(scope="session")
def site_copy_url(site_copy: Path) -> Iterator[str]:
    """The copy served on 127.0.0.1 (a free port) under site_build.SUB_PATH."""
    with site_build.served(site_copy, site_build.SUB_PATH) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    require(importlib.util.find_spec("playwright"),
            "Playwright for Python: `pip install --require-hashes -r requirements/site.txt` (site_build.py does)")
    require(site_build.CHROMIUM.exists(),
            f"Debian's Chromium at {site_build.CHROMIUM}: `sudo apt-get install -y chromium`")
    from playwright import sync_api

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


# --- no silent skip ----------------------------------------------------------------------


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """End every run that skipped something with what was skipped and why."""
    skipped = terminalreporter.stats.get("skipped", [])
    if not skipped:
        return
    reasons = Counter(_skip_reason(report) for report in skipped)
    terminalreporter.section(f"{len(skipped)} skipped: what to install to run them", sep="-")
    for reason, count in reasons.most_common():
        terminalreporter.write_line(f"{count:4d} x {reason}")
    if in_ci():
        terminalreporter.write_line("CI=true: a run with skips fails; nothing may be skipped in CI")


def pytest_sessionfinish(session, exitstatus) -> None:
    """In CI a skip from anywhere (pytest's own included) fails the run."""
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if in_ci() and reporter is not None and reporter.stats.get("skipped") and exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def _skip_reason(report) -> str:
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
    return reason.removeprefix("Skipped: ")
