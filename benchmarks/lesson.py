#!/usr/bin/env python3
"""Speed of the Learn course's answer checks in headless Chromium (Debian's), against the built site.

    python3 site_build.py build && .venv/bin/python benchmarks/lesson.py [--rounds 20]

Once the engine is up in the page, times the round trip of checking an answer (from the
reader's click or submit to the verdict's HTML in the page) for each kind of task: count,
find, score, peg, play and discard; target <= 50 ms (issue 13). Median and worst are printed.
Each round puts the stage back as it was printed (its view) with a task of a new seed, so
no check reuses an earlier one's work. A discard is timed twice: as the page runs it, after
the ``prepare`` the page sends when the cards are shown (the exact advisor works while the
reader thinks), and cold, answered before that work is done.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "engine")]

from cribbage.course.lessons import stage, task_for  # noqa: E402
from cribbage.widgets import render_block  # noqa: E402
from cribbage.widgets.lesson_state import fresh  # noqa: E402

import site_build  # noqa: E402

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<link rel="stylesheet" href="../assets/cribbage/cribbage.css"></head><body>{widgets}
<script type="module" src="../assets/cribbage/widgets.js"></script></body></html>"""

# stage, how the reader answers (a number typed, or a button pressed), the answer
CASES = {
    "count": ("values-3", "form", "28"),
    "find": ("fifteens-1", "button", "check"),
    "score": ("hand-1", "form", "9"),
    "peg": ("pegging-5", "form", "2"),
    "play": ("leading-3", "button", None),
    "discard": ("discard-1", "button", "check"),
}

CHECK_AND_WAIT = """
async ([stage, state, how, value, prepared]) => {
  const root = document.querySelector(`[data-widget=lesson][data-stage="${stage}"]`);
  const view = root.querySelector(':scope > .cb-view');
  const settled = () => new Promise((resolve) => {
    const done = () => !root.hasAttribute('aria-busy');
    if (done()) return resolve();
    new MutationObserver((_, observer) => { if (done()) { observer.disconnect(); resolve(); } })
      .observe(root, { attributes: true });
  });
  if (!root.dataset.firstView) root.dataset.firstView = view.innerHTML;
  view.innerHTML = root.dataset.firstView;
  root.dataset.state = state;
  if (prepared) {  // what the page sends when it shows the cards
    view.insertAdjacentHTML('beforeend', '<button type="button" data-action="prepare" hidden></button>');
    view.querySelector('[data-action=prepare]').click();
    await settled();
    view.innerHTML = root.dataset.firstView;
  }
  state = root.dataset.state;
  const start = performance.now();
  if (how === 'form') {
    root.querySelector('input[name=said]').value = value;
    root.querySelector('form').requestSubmit();
  } else {
    root.querySelector(`[data-key="${value}"]`).click();
  }
  await new Promise((resolve) => {
    const done = () => root.dataset.state !== state && !root.hasAttribute('aria-busy');
    if (done()) return resolve();
    new MutationObserver((_, observer) => { if (done()) { observer.disconnect(); resolve(); } })
      .observe(root, { attributes: true, subtree: true });
  });
  return performance.now() - start;
}
"""


def state_to_check(kind: str, stage_id: str, seed: int) -> tuple[str, str | None]:
    """A state of the stage (seed 0: as printed), with the cards of an answer already chosen where
    the reader taps cards before Check (find, discard), and the key of the button the reader presses."""
    item = stage(stage_id)
    task = task_for(item, seed if kind != "play" else 0)  # a play's buttons are the printed cards
    attempt = fresh("bench", item, seed if kind != "play" else 0).to_state()
    if kind == "find":
        attempt["selected"] = [str(card) for card in (*task.cards, task.starter)[:2]]
    if kind == "discard":
        attempt["selected"] = [str(card) for card in task.cards[:2]]
    key = CASES[kind][2] if kind != "play" else f"card-{task.cards[0]}"
    return json.dumps(attempt, separators=(",", ":")), key


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20, help="checks to time per kind")
    args = parser.parse_args()
    if not (site_build.SITE / "pyodide" / "pyodide-lock.json").exists():
        print("site/ is not built: run `python3 site_build.py build` first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as served:
        root = Path(served)
        for entry in site_build.SITE.iterdir():
            (root / entry.name).symlink_to(entry)
        (root / "_bench").mkdir()
        widgets = "".join(render_block("lesson", f"stage: {stage_id}", "en") for stage_id, _, _ in CASES.values())
        (root / "_bench" / "index.html").write_text(PAGE.format(widgets=widgets), encoding="utf-8")
        with site_build.served(root, "/cribbage/") as site_url:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=str(site_build.CHROMIUM), args=list(site_build.CHROMIUM_ARGS), headless=True
                )
                page = browser.new_page()
                page.goto(site_url + "_bench/", wait_until="load")
                page.wait_for_function(
                    "() => [...document.querySelectorAll('[data-widget]')].every(w => w.dataset.ready === 'true')",
                    timeout=120_000,
                )
                for kind, (stage_id, how, answer) in CASES.items():
                    runs = [("", False)] if kind != "discard" else [(" after prepare", True), (" cold", False)]
                    for label, prepared in runs:
                        times = []
                        for round_ in range(args.rounds + 1):
                            state, key = state_to_check(kind, stage_id, 1000 * prepared + round_ + 1)
                            value = answer if how == "form" else key
                            times.append(page.evaluate(CHECK_AND_WAIT, [stage_id, state, how, value, prepared]))
                        results[kind + label] = times[1:]  # the first check of a kind loads its code
                browser.close()
    worst = 0.0
    for kind, times in results.items():
        if not kind.endswith(" cold"):
            worst = max(worst, statistics.median(times))
        print(
            f"check round trip, {kind:22} ({CASES[kind.split()[0]][0]}), {len(times)} checks: median "
            f"{statistics.median(times):.1f} ms, worst {max(times):.1f} ms (target <= 50 ms)"
        )
    print(f"slowest median as the page runs: {worst:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
