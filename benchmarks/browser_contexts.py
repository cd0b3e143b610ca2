#!/usr/bin/env python3
"""What one browser test's page costs, by the kind of context the suite gives it.

    python3 site_build.py bench        # builds first, then runs this with .venv's Python
    .venv/bin/python benchmarks/browser_contexts.py --rounds 5

A page with live examples (the play page: six steppers) is opened until every widget is
live (``data-ready``), in headless Chromium (Debian's), the site served under /cribbage/:

* **fresh, service worker allowed**: a new context per page, as the suite did before
  (the engine starts cold, and the service worker then precaches the whole site while
  the page is open: the test's teardown waits for nothing, so this is a lower bound);
* **fresh, service workers blocked**: a new context per page, as the suite now gives a
  test of a first visit (``watched_context(url, fresh=True)``);
* **warm**: one context for the process, primed once (the service worker installed),
  as the suite now gives every test that reads pages (``tests/conftest.py``,
  ``WarmContexts``): the engine starts from the memory snapshot.

The three are measured in turn within each round, so a busy machine weighs on each alike.
Prints the median and the worst per kind, in seconds, and the one-off cost of priming.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "engine"), str(ROOT / "tests")]
SUITE_FIXTURES = ROOT / "tests" / "conftest.py"  # the suite's own warm contexts, measured as it runs them

import site_build  # noqa: E402

PAGE = "play/"
ALL_LIVE = "() => [...document.querySelectorAll('[data-widget]')].every(w => w.dataset.ready === 'true')"
TIMEOUT_MS = 120_000


def until_live(context, url: str) -> float:
    """Seconds from opening a page of ``context`` at ``url`` until every widget is live."""
    started = time.perf_counter()
    page = context.new_page()
    page.goto(url)
    for widget in page.locator("[data-widget]").all():
        widget.scroll_into_view_if_needed()
    page.wait_for_function(ALL_LIVE, timeout=TIMEOUT_MS)
    elapsed = time.perf_counter() - started
    page.close()
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    spec = importlib.util.spec_from_file_location("suite_fixtures", SUITE_FIXTURES)
    assert spec and spec.loader
    suite_fixtures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(suite_fixtures)

    times: dict[str, list[float]] = {
        "fresh, service worker allowed": [],
        "fresh, service workers blocked": [],
        "warm": [],
    }
    with site_build.served(site_build.SITE, site_build.SUB_PATH) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(site_build.CHROMIUM), args=list(site_build.CHROMIUM_ARGS), headless=True
        )
        started = time.perf_counter()
        warm = suite_fixtures.WarmContexts(browser, url)
        warm_context = warm.get()
        priming = time.perf_counter() - started
        for _ in range(args.rounds):
            for kind, options in (
                ("fresh, service worker allowed", {}),
                ("fresh, service workers blocked", {"service_workers": "block"}),
            ):
                context = browser.new_context(**options)
                times[kind].append(until_live(context, url + PAGE))
                context.close()
            times["warm"].append(until_live(warm_context, url + PAGE))
        warm.close()
        browser.close()
    print(f"a page with live examples ({PAGE}) until every widget is live, {args.rounds} rounds:")
    for kind, seconds in times.items():
        print(f"  {kind:32} median {statistics.median(seconds):5.1f} s, worst {max(seconds):5.1f} s")
    print(f"  priming the warm context once: {priming:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
