"""Speed of the built site in headless Chromium (Debian's), served locally under /cribbage/.

    python3 site_build.py bench        # builds first, then runs this with .venv's Python

Prints, for every page of every language, what the page itself transfers (everything
but the Pyodide runtime in /pyodide/: HTML, CSS, JS, search index, images), raw and
gzip-compressed as a static host such as GitHub Pages sends it; the 300 KB target is
checked against the transfer (gzip), the raw size is shown beside it. Then when
the first paint happens; and the time until Pyodide and the engine are ready in a module
worker on a cold cache (target: under 4 s), measured from navigation start.
"""

from __future__ import annotations

import gzip
import os
import statistics
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "engine")]

import site_build  # noqa: E402

SUB_PATH = "/cribbage/"
PAGE_BUDGET = 300 * 1024
READY_BUDGET_MS = 4000
COLD_RUNS = 3

# A module worker that loads the site's own Pyodide and the engine, then scores a hand:
# the same path the live widgets take.
READY_IN_WORKER = """
async () => {
  const runtime = new URL("pyodide/", document.baseURI.replace(/[^/]*$/, "")).href;
  const source = `
    import { loadPyodide } from "${runtime}pyodide.mjs";
    const pyodide = await loadPyodide({ indexURL: "${runtime}" });
    const errors = [];
    await pyodide.loadPackage("cribbage", { messageCallback: () => {}, errorCallback: (e) => errors.push(e) });
    if (errors.length) throw new Error(errors.join(" "));
    const total = pyodide.runPython(
      "from cribbage.core.cards import parse_cards\\\\nfrom cribbage.core.show import score_show\\\\n"
      + "score_show(parse_cards('5H 5S 5C JD'), parse_cards('5D')[0]).total");
    postMessage(total);`;
  const started = performance.now();
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })),
                            { type: "module" });
  const total = await new Promise((resolve, reject) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(event.message));
  });
  const ready = performance.now();
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return { total, ready, workerMs: ready - started, firstPaint: paint ? paint.startTime : null };
}
"""


def file_for(url: str) -> Path | None:
    path = unquote(urlsplit(url).path)
    if not path.startswith(SUB_PATH):
        return None
    target = site_build.SITE / path[len(SUB_PATH) :]
    if target.is_dir():
        target = target / "index.html"
    return target if target.is_file() else None


def transfer_of(urls: set[str]) -> tuple[int, int]:
    """(raw bytes, gzip bytes) of the files behind the URLs, the Pyodide runtime left out."""
    raw = compressed = 0
    for url in urls:
        target = file_for(url)
        if target is None or f"{SUB_PATH}pyodide/" in urlsplit(url).path:
            continue
        content = target.read_bytes()
        raw += len(content)
        compressed += len(gzip.compress(content, compresslevel=6))
    return raw, compressed


def page_paths() -> list[str]:
    paths = []
    for index in sorted(site_build.SITE.rglob("index.html")):
        relative = index.parent.relative_to(site_build.SITE).as_posix()
        if relative.split("/")[0] in ("assets", "pyodide", "search"):
            continue
        paths.append("" if relative == "." else relative + "/")
    return paths


def main() -> int:
    from playwright.sync_api import sync_playwright

    with site_build.served(site_build.SITE, SUB_PATH) as base:
        failures = 0
        print(
            "load average of this machine (1, 5, 15 min): "
            + ", ".join(f"{load:.2f}" for load in os.getloadavg())
            + f" on {os.cpu_count()} cores\n"
        )
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(site_build.CHROMIUM), args=list(site_build.CHROMIUM_ARGS), headless=True
            )
            print(f"page transfer without the Pyodide runtime (budget {PAGE_BUDGET // 1024} KB)")
            sizes = []
            for path in page_paths():
                context = browser.new_context()
                page = context.new_page()
                urls: set[str] = set()
                page.on("request", lambda request, urls=urls: urls.add(request.url))
                page.goto(base + path, wait_until="networkidle")  # the search index loads too
                raw, compressed = transfer_of(urls)
                sizes.append((raw, compressed, path or "(en) index"))
                context.close()
            for raw, compressed, path in sizes:
                print(f"  {path:28} {raw / 1024:7.1f} KB raw {compressed / 1024:7.1f} KB gzip")
            worst = max(sizes)
            print(f"  largest: {worst[2]} {worst[0] / 1024:.1f} KB raw, {max(s[1] for s in sizes) / 1024:.1f} KB gzip")
            failures += max(s[1] for s in sizes) > PAGE_BUDGET

            print(
                f"\nPyodide + engine ready in a module worker, cold cache ({COLD_RUNS} runs, "
                f"budget {READY_BUDGET_MS / 1000:.0f} s from navigation start)"
            )
            ready = []
            for run in range(COLD_RUNS):
                context = browser.new_context()  # a fresh context: empty HTTP and code caches
                page = context.new_page()
                page.goto(base, wait_until="load")
                result = page.evaluate(READY_IN_WORKER)
                assert result["total"] == 29, result
                ready.append(result["ready"])
                print(
                    f"  run {run + 1}: first contentful paint {result['firstPaint']:.0f} ms, "
                    f"ready {result['ready']:.0f} ms after navigation "
                    f"({result['workerMs']:.0f} ms in the worker)"
                )
                context.close()
            median = statistics.median(ready)
            print(f"  median ready: {median:.0f} ms")
            failures += median > READY_BUDGET_MS
            browser.close()
    print("\nwithin budget" if not failures else f"\n{failures} budget(s) exceeded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
