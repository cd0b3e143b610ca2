#!/usr/bin/env python3
"""The offline, instant site in headless Chromium (Debian's), served under /cribbage/ as
deployed at that address (its sitemap names it, so Material's instant navigation works).

    python3 site_build.py bench        # builds first, then runs this with .venv's Python

Prints the numbers issue 15 sets targets for, each measured in a fresh browser context
(empty HTTP cache, no service worker) unless it says otherwise:

* first visit, cold: the live examples ready (``data-ready``), from navigation start
  (target 4 s); what the page itself transfers without the Pyodide runtime, gzipped as a
  static host sends it (target 300 KB), apart from what the service worker precaches
  in the background;
* first interaction three seconds after the page opened: its result (target 100 ms);
* moving to another page during the visit: the new page's first interaction, from the
  click on the link to its result (target 100 ms);
* second visit (warm cache, a new tab of the same browser): the examples ready from
  navigation start (target 1.0 s), and what that visit downloads;
* the precache: how many files, MB raw and gzipped.
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "engine")]

from playwright.sync_api import Error as PlaywrightError  # noqa: E402

import site_build  # noqa: E402

SUB_PATH = "/cribbage/"
READY_BUDGET_MS = 4000
WARM_READY_BUDGET_MS = 1000
ANSWER_BUDGET_MS = 100
PAGE_BUDGET = 300 * 1024
FIRST_PAGE = "basics/"  # a hand scorer near the top
NEXT_PAGE = "play/"  # play steppers

# When the first live example of the page became ready, in ms from navigation start.
RECORD_READY = """
new MutationObserver((_, observer) => {
  if (document.querySelector('[data-widget][data-ready="true"]')) {
    window.cbReadyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
"""
READY_AT = "() => window.cbReadyAt"

# One action on the first widget of a kind, timed from the event to the new state in the page.
ACT_AND_WAIT = """
async ([kind, act]) => {
  const root = document.querySelector(`[data-widget=${kind}]`);
  const before = root.dataset.state;
  const start = performance.now();
  if (act === "forward") root.querySelector('button[data-key="forward"]').click();
  else {
    const select = root.querySelector("select[name=starter]");
    select.value = act;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }
  await new Promise((resolve) => {
    const done = () => root.dataset.state !== before && !root.hasAttribute("aria-busy");
    if (done()) return resolve();
    new MutationObserver((_, observer) => { if (done()) { observer.disconnect(); resolve(); } })
      .observe(root, { attributes: true });
  });
  return performance.now() - start;
}
"""

# Click a link to the next page and, once Material swapped it in, act on its first play
# stepper: from the click to the answer, as the reader lives it.
MOVE_AND_ACT = """
async (href) => {
  const link = [...document.querySelectorAll("a[href]")].find((a) => a.href === href && a.offsetParent);
  const start = performance.now();
  link.click();
  const root = await new Promise((resolve) => {
    const found = () => location.href === href && document.querySelector("[data-widget=play][data-ready=true]");
    const poll = () => (found() ? resolve(found()) : requestAnimationFrame(poll));
    poll();
  });
  const swapped = performance.now();
  const before = root.dataset.state;
  const acted = performance.now();
  root.querySelector('button[data-key="forward"]').click();
  await new Promise((resolve) => {
    const done = () => root.dataset.state !== before && !root.hasAttribute("aria-busy");
    if (done()) return resolve();
    new MutationObserver((_, observer) => { if (done()) { observer.disconnect(); resolve(); } })
      .observe(root, { attributes: true });
  });
  const answered = performance.now();
  return { sameDocument: window.cbSameDocument === true, swapMs: swapped - start, answerMs: answered - acted,
           totalMs: answered - start };
}
"""

CONTROLLED = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  }
}"""


def gzip_size(content: bytes) -> int:
    return len(gzip.compress(content, compresslevel=6))


def file_for(folder: Path, url: str) -> Path | None:
    path = unquote(urlsplit(url).path)
    if not path.startswith(SUB_PATH):
        return None
    target = folder / path[len(SUB_PATH) :]
    if target.is_dir():
        target = target / "index.html"
    return target if target.is_file() else None


class Transfers:
    """What a browser context fetched over the network (not from the service worker),
    split into the page's own requests and the service worker's."""

    def __init__(self, context, folder: Path) -> None:
        self.folder = folder
        self.page: list[str] = []
        self.worker: list[str] = []
        context.on("requestfinished", self.finished)

    def finished(self, request) -> None:
        try:
            response = request.response()
        except PlaywrightError:
            return  # its context closed meanwhile
        if response is None or response.from_service_worker:
            return
        (self.worker if request.service_worker else self.page).append(request.url)

    def size(self, urls: list[str], without_runtime: bool = False) -> tuple[int, int]:
        raw = compressed = 0
        for url in urls:
            target = file_for(self.folder, url)
            if target is None or (without_runtime and f"{SUB_PATH}pyodide/" in urlsplit(url).path):
                continue
            content = target.read_bytes()
            raw += len(content)
            compressed += gzip_size(content)
        return raw, compressed

    def clear(self) -> None:
        self.page.clear()
        self.worker.clear()


def precache_size(folder: Path) -> tuple[int, int, int]:
    """(files, raw bytes, gzip bytes) of everything sw.js precaches."""
    urls = re.findall(r'\burl:"([^"]+)"', (folder / "sw.js").read_text(encoding="utf-8"))
    contents = [(folder / unquote(url)).read_bytes() for url in urls]
    return len(urls), sum(map(len, contents)), sum(map(gzip_size, contents))


def kb(size: int) -> str:
    return f"{size / 1024:.1f} KB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh browser contexts per measure")
    args = parser.parse_args()
    if not (site_build.SITE / "sw.js").exists():
        print("site/ is not built: run `python3 site_build.py build` first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    failures = 0
    print(
        "load average of this machine (1, 5, 15 min): "
        + ", ".join(f"{load:.2f}" for load in os.getloadavg())
        + f" on {os.cpu_count()} cores\n"
    )
    with tempfile.TemporaryDirectory() as served:
        folder = Path(served)
        with site_build.served(folder, SUB_PATH) as base, sync_playwright() as playwright:
            site_build.deploy_copy(site_build.SITE, folder, base)
            browser = playwright.chromium.launch(
                executable_path=str(site_build.CHROMIUM), args=list(site_build.CHROMIUM_ARGS), headless=True
            )
            cold, late, moves, warm, page_sizes, second_visits = [], [], [], [], [], []
            cold_without_worker = []
            for run in range(args.runs):
                context = browser.new_context()
                context.add_init_script(RECORD_READY)
                transfers = Transfers(context, folder)
                page = context.new_page()
                page.goto(base + FIRST_PAGE, wait_until="load")
                page.wait_for_function(READY_AT, timeout=90_000)
                cold.append(page.evaluate(READY_AT))
                page.evaluate(CONTROLLED)
                page.wait_for_load_state("networkidle")
                page_sizes.append(transfers.size(transfers.page, without_runtime=True))

                # Moving to another page of the visit (Material swaps it in).
                page.evaluate("window.cbSameDocument = true")
                move = page.evaluate(MOVE_AND_ACT, base + NEXT_PAGE)
                if not move["sameDocument"]:
                    print("  (the page was loaded in full, not swapped: instant navigation is off)")
                moves.append(move)
                page.close()

                # Second visit: a new tab of the same browser, cache and service worker warm.
                transfers.clear()
                page = context.new_page()
                page.goto(base + "pl/" + FIRST_PAGE, wait_until="load")
                page.wait_for_function(READY_AT, timeout=90_000)
                warm.append(page.evaluate(READY_AT))
                page.wait_for_load_state("networkidle")
                second_visits.append(
                    (len(transfers.page) + len(transfers.worker), transfers.size(transfers.page + transfers.worker))
                )
                page.close()
                context.close()

                # The same first visit with service workers blocked: the start as it was before.
                context = browser.new_context(service_workers="block")
                context.add_init_script(RECORD_READY)
                page = context.new_page()
                page.goto(base + FIRST_PAGE, wait_until="load")
                page.wait_for_function(READY_AT, timeout=90_000)
                cold_without_worker.append(page.evaluate(READY_AT))
                context.close()

                # First interaction three seconds after the page opened (a fresh browser).
                context = browser.new_context()
                page = context.new_page()
                page.goto(base + FIRST_PAGE, wait_until="load")
                wait = 3.0 - page.evaluate("performance.now()") / 1000
                if wait > 0:
                    time.sleep(wait)
                late.append(page.evaluate(ACT_AND_WAIT, ["hand", "4C"]))
                context.close()
                print(
                    f"  run {run + 1}: cold ready {cold[-1]:.0f} ms (without a service worker "
                    f"{cold_without_worker[-1]:.0f} ms), move {move['totalMs']:.0f} ms, "
                    f"warm ready {warm[-1]:.0f} ms, answer at 3 s {late[-1]:.0f} ms"
                )
            browser.close()

    print(f"\n{args.runs} runs, medians")
    median_cold = statistics.median(cold)
    print(f"first visit, cold: examples ready {median_cold:.0f} ms after navigation (target {READY_BUDGET_MS} ms)")
    failures += median_cold > READY_BUDGET_MS
    print(
        f"  the same with service workers blocked (no precache, no snapshot): "
        f"{statistics.median(cold_without_worker):.0f} ms"
    )
    raw, compressed = max(page_sizes, key=lambda size: size[1])
    print(
        f"  the page's own transfer without the runtime: {kb(compressed)} gzip, {kb(raw)} raw "
        f"(target {kb(PAGE_BUDGET)} gzip)"
    )
    failures += compressed > PAGE_BUDGET
    median_late = statistics.median(late)
    print(
        f"first interaction 3 s after the page opened: result in {median_late:.0f} ms "
        f"(target {ANSWER_BUDGET_MS} ms; worst {max(late):.0f} ms)"
    )
    failures += median_late > ANSWER_BUDGET_MS
    answer = statistics.median(move["answerMs"] for move in moves)
    print(
        f"moving to another page ({NEXT_PAGE}): swapped in {statistics.median(m['swapMs'] for m in moves):.0f} ms, "
        f"its first interaction answered in {answer:.0f} ms (target {ANSWER_BUDGET_MS} ms), "
        f"click to answer {statistics.median(m['totalMs'] for m in moves):.0f} ms"
    )
    failures += answer > ANSWER_BUDGET_MS
    median_warm = statistics.median(warm)
    print(
        f"second visit (warm cache, new tab): examples ready {median_warm:.0f} ms after navigation "
        f"(target {WARM_READY_BUDGET_MS} ms)"
    )
    failures += median_warm > WARM_READY_BUDGET_MS
    requests, (raw, compressed) = max(second_visits, key=lambda visit: visit[1][0])
    print(f"  downloaded by the second visit: {requests} requests, {kb(compressed)} gzip, {kb(raw)} raw")
    files, raw, compressed = precache_size(site_build.SITE)
    print(
        f"precache (what the first visit downloads in the background once the engine is up): "
        f"{files} files, {compressed / 1048576:.1f} MB gzip, {raw / 1048576:.1f} MB raw"
    )
    print("\nwithin budget" if not failures else f"\n{failures} budget(s) exceeded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
