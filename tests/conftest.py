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
from helpers import SERVICE_WORKER_IN_CONTROL
from prerequisites import in_ci, require

import site_build

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
    require(
        importlib.util.find_spec("playwright"),
        "Playwright for Python: `pip install --require-hashes -r requirements/site.txt` (site_build.py does)",
    )
    require(
        site_build.CHROMIUM.exists(), f"Debian's Chromium at {site_build.CHROMIUM}: `sudo apt-get install -y chromium`"
    )
    from playwright import sync_api

    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(site_build.CHROMIUM), args=list(site_build.CHROMIUM_ARGS), headless=True
        )
        yield chromium
        chromium.close()


class PageWatch:
    """What one test's pages did: every request, those that left the site's origin,
    and console and page errors."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.urls: list[str] = []
        self.foreign: list[str] = []
        self.errors: list[str] = []

    def request(self, request) -> None:  # a Playwright Request
        url = request.url
        self.urls.append(url)
        parts = urlsplit(url)
        if parts.scheme not in ("data", "blob") and f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign.append(url)

    def console(self, message) -> None:  # a Playwright ConsoleMessage
        if message.type == "error":
            self.errors.append(f"{message.text} ({message.location.get('url', '')})")

    def web_error(self, error) -> None:  # a Playwright WebError
        self.errors.append(str(error.error))

    def attach(self, context) -> None:
        context.on("request", self.request)
        context.on("console", self.console)
        context.on("weberror", self.web_error)

    def detach(self, context) -> None:
        context.remove_listener("request", self.request)
        context.remove_listener("console", self.console)
        context.remove_listener("weberror", self.web_error)


def origin_of(url: str) -> str:
    return "{0.scheme}://{0.netloc}".format(urlsplit(url))


def block_foreign_requests(context, origin: str) -> None:
    """Refuse every http(s) request off ``origin``, so that no test can depend on one."""
    context.route(
        "**/*",
        lambda route: (
            route.abort()
            if urlsplit(route.request.url).scheme in ("http", "https")
            and not route.request.url.startswith(origin + "/")
            else route.continue_()
        ),
    )


# A page of the site with a live example: visiting it once installs the service worker.
PRIMING_PAGE = "play/"
# The options that make a device: pages of one context share them (a viewport is set per page).
DEVICE_OPTIONS = ("is_mobile", "has_touch")


class WarmContexts:
    """One browser context per device (desktop; phone: touch, mobile) for the whole test
    process, primed once: the site's service worker installed and its precache filled, as a
    reader who has visited before has it. A page then starts the engine from the memory
    snapshot in 2-3 s instead of a cold Pyodide start of 9-12 s plus a 32-47 MB precache.

    Tests that read pages use these; a test whose subject is a first visit (offline, a cold
    start, the page before the engine) asks for a fresh context instead.
    """

    def __init__(self, browser, site_url: str) -> None:
        self.browser = browser
        self.site_url = site_url
        self.origin = origin_of(site_url)
        self.contexts: dict[tuple[bool, ...], object] = {}

    def get(self, **device: bool):
        key = tuple(bool(device.get(name)) for name in DEVICE_OPTIONS)
        if key not in self.contexts:
            context = self.browser.new_context(**dict(zip(DEVICE_OPTIONS, key)))
            block_foreign_requests(context, self.origin)
            page = context.new_page()
            page.goto(self.site_url + PRIMING_PAGE)
            page.evaluate(SERVICE_WORKER_IN_CONTROL)
            page.close()
            self.contexts[key] = context
        return self.contexts[key]

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


@pytest.fixture(scope="session")
def warm_contexts(browser, site_copy_url: str) -> Iterator[WarmContexts]:
    contexts = WarmContexts(browser, site_copy_url)
    yield contexts
    contexts.close()


class TestContext:
    """A test's view of a browser context: ``new_page()`` (at the viewport the test asked
    for), ``watch`` (what this test's pages did), ``route`` and ``unroute``; the rest is the
    Playwright context's. On a warm context, ``end()`` closes the test's pages, takes back
    its routes and clears localStorage (saved games, stars, the colour scheme), so the next
    test finds the site as a returning reader with nothing saved."""

    def __init__(self, context, origin: str, viewport: dict | None, warm: bool) -> None:
        self.context = context
        self.origin = origin
        self.viewport = viewport
        self.warm = warm
        self.watch = PageWatch(origin)
        self.watch.attach(context)
        self.pages: list = []
        self.routes: list = []

    def new_page(self):
        page = self.context.new_page()
        if self.viewport:
            page.set_viewport_size(self.viewport)
        self.pages.append(page)
        return page

    def route(self, url, handler) -> None:
        self.routes.append((url, handler))
        self.context.route(url, handler)

    def unroute(self, url, handler=None) -> None:
        self.routes = [(u, h) for u, h in self.routes if u != url or (handler is not None and h is not handler)]
        self.context.unroute(url, handler)

    def __getattr__(self, name: str):
        return getattr(self.context, name)

    def end(self) -> None:
        self.watch.detach(self.context)
        if not self.warm:
            self.context.close()
            return
        for url, handler in self.routes:
            self.context.unroute(url, handler)
        for page in self.pages:
            if not page.is_closed():
                page.close()
        janitor = self.context.new_page()
        janitor.goto(self.origin + urlsplit(site_build.SUB_PATH).path + "404.html", wait_until="commit")
        janitor.evaluate("() => localStorage.clear()")
        janitor.close()


@pytest.fixture
def watched_context(browser, warm_contexts: WarmContexts):
    """``open(site_url, block_foreign=False, fresh=False, **context_options)``: a browser
    context whose ``.watch`` records what this test's pages did.

    By default it is the process's warm context for the device (``is_mobile``, ``has_touch``;
    a ``viewport`` is set on each new page), with requests off the origin refused. With
    ``fresh=True``, or options a warm context cannot take, it is a new context of its own
    (own cache and localStorage) with service workers blocked unless
    ``service_workers="allow"`` is given: only a test of a first visit or of offline use
    needs one. ``block_foreign`` refuses requests off the origin in a fresh context."""
    opened: list[TestContext] = []

    def open_context(site_url: str, block_foreign: bool = False, fresh: bool = False, **options):
        origin = origin_of(site_url)
        viewport = options.pop("viewport", None)
        device = {name: options.pop(name) for name in DEVICE_OPTIONS if name in options}
        warm = not fresh and not options and origin == warm_contexts.origin
        if warm:
            context = warm_contexts.get(**device)
        else:
            options.setdefault("service_workers", "block")
            context = browser.new_context(**device, **options, **({"viewport": viewport} if viewport else {}))
            if block_foreign:
                block_foreign_requests(context, origin)
        test_context = TestContext(context, origin, viewport if warm else None, warm)
        opened.append(test_context)
        return test_context

    yield open_context
    for test_context in opened:
        test_context.end()


# --- markers and order ------------------------------------------------------------------


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test that drives the browser is marked ``browser`` (read from the fixtures it
    uses, so no test can forget it); and the longest tests (``pyodide``, then ``slow``) go
    first, so that with pytest-xdist no worker starts one of them when the others are done."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
    items.sort(
        key=lambda item: 0 if item.get_closest_marker("pyodide") else 1 if item.get_closest_marker("slow") else 2
    )


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
