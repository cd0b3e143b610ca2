#!/usr/bin/env python3
"""Speed of the game page's engine side: one reader action, answered as the worker does.

    python3 benchmarks/game_page.py [--games 20] [--strength expert] [--no-pyodide]

Plays seeded games to 121 with a computer in the reader's seat, every step sent
through ``cribbage.widgets.update`` (JSON in, JSON out, as the page's worker calls
it), and prints the time of each answer: median, 95th percentile and worst, in
CPython.  Pyodide runs the same code several times slower; the browser test
(tests/game/test_game_browser.py) plays a whole game there.

Then, for 2, 3 and 4 players, the two slow steps of the page timed by the same
Python code in CPython and in the site's own Pyodide (a module worker in headless
Chromium, as the page runs it; needs ``python3 site_build.py build``): the coach's
review of one deal (``review_deal`` as the page calls it; budget 1 s in the
page) and the expert computer's move (a card in the play, budget 200 ms; and its
discard, the exact advisor).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "engine"), str(ROOT / "tests" / "game")]

from cribbage.players.computer import ComputerPlayer  # noqa: E402
from cribbage.widgets import update  # noqa: E402
from cribbage.widgets.game import GameOptions, new_state  # noqa: E402
from driver import read, reader_actions  # noqa: E402

# The slow steps, timed where they run: the same text is run by CPython and by Pyodide.
TIMING = """
import json, time
from cribbage.players.coach import review_deal
from cribbage.players.computer import ComputerPlayer
from cribbage.core.game import Game
from cribbage.core.rules import GameRules

def timings(players, deals=2):
    game = Game(GameRules(players=players, target=121), seed=players)
    seats = [ComputerPlayer("random", seed=seat) for seat in range(players)]
    reviews, plays, discards = [], [], []
    while game.deals <= deals and not game.is_over:
        seat = game.to_act
        if seat is None:
            game.advance()
            continue
        if game.expected in ("play", "discard") and len(game.legal_cards(seat) or game.hand(seat)) > 1:
            start = time.perf_counter()
            ComputerPlayer("expert", seed=1).decide(game, seat)
            (plays if game.expected == "play" else discards).append(time.perf_counter() - start)
        game.apply(seats[seat](game, seat))
    for deal in range(1, deals + 1):
        start = time.perf_counter()
        review_deal(game, 0, deal)
        reviews.append(time.perf_counter() - start)
    return {"review": reviews, "play": plays, "discard": discards}

json.dumps({players: timings(players) for players in (2, 3, 4)})
"""

IN_WORKER = """
async (code) => {
  const runtime = new URL("pyodide/", document.baseURI.replace(/[^/]*$/, "")).href;
  const source = `
    import { loadPyodide } from "${runtime}pyodide.mjs";
    const pyodide = await loadPyodide({ indexURL: "${runtime}" });
    await pyodide.loadPackage("cribbage", { messageCallback: () => {} });
    onmessage = (event) => postMessage(pyodide.runPython(event.data));
    postMessage("ready");`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { type: "module" });
  const answer = (message) => new Promise((resolve, reject) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(event.message));
    if (message !== null) worker.postMessage(message);
  });
  await answer(null);
  return await answer(code);
}
"""


def _summary(label: str, values: list[float], budget_ms: float | None = None) -> str:
    values = sorted(values)
    within = (
        ""
        if budget_ms is None
        else f" (budget {budget_ms:.0f} ms: {'within' if values[-1] * 1000 <= budget_ms else 'OVER'})"
    )
    return (
        f"{label}: median {statistics.median(values) * 1000:.0f} ms, worst {values[-1] * 1000:.0f} ms"
        f" over {len(values)}{within}"
    )


def slow_steps() -> int:
    """The coach's review and the expert's move, in CPython and in the page's Pyodide."""
    import site_build

    results = {"CPython": json.loads(_run_here())}
    if (site_build.SITE / "pyodide" / "pyodide-lock.json").exists():
        from playwright.sync_api import sync_playwright

        with site_build.served(site_build.SITE, "/cribbage/") as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(site_build.CHROMIUM), args=list(site_build.CHROMIUM_ARGS), headless=True
            )
            page = browser.new_context().new_page()
            page.goto(base, wait_until="load")
            results["Pyodide"] = json.loads(page.evaluate(IN_WORKER, TIMING))
            browser.close()
    else:
        print("site/ is not built: Pyodide left out (run `python3 site_build.py build`)")
    for where, by_players in results.items():
        page = where == "Pyodide"
        for players, numbers in by_players.items():
            print(f"{where}, {players} players:")
            print("  " + _summary("coach's review of one deal", numbers["review"], 1000 if page else None))
            print("  " + _summary("expert's card in the play", numbers["play"], 200 if page else None))
            print("  " + _summary("expert's discard", numbers["discard"]))
    return 0


def _run_here() -> str:
    namespace: dict[str, object] = {}
    body, _, last = TIMING.strip().rpartition("\n")
    exec(body, namespace)  # noqa: S102 - the benchmark's own code, the text Pyodide runs
    return str(eval(last, namespace))  # noqa: S307


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--strength", default="expert", choices=("expert", "steady", "easy", "random"))
    parser.add_argument("--no-pyodide", action="store_true", help="only the answers in CPython")
    args = parser.parse_args()
    times: list[float] = []
    sizes: list[int] = []
    for seed in range(args.games):
        state = new_state(GameOptions(strength=args.strength), seed, "bench")
        reader = ComputerPlayer("expert", seed=seed)
        while not read(state).is_over:
            for action in reader_actions(state, reader):
                state_json, action_json = json.dumps(state), json.dumps(action)
                start = time.perf_counter()
                answer = json.loads(update("game", state_json, action_json, "en"))
                times.append(time.perf_counter() - start)
                sizes.append(len(json.dumps(answer["state"])))
                state = answer["state"]
    times.sort()
    print(
        f"{args.games} games, {len(times)} answers, computer {args.strength}: "
        f"median {statistics.median(times) * 1000:.1f} ms, "
        f"95th percentile {times[int(len(times) * 0.95)] * 1000:.1f} ms, worst {times[-1] * 1000:.1f} ms; "
        f"state kept in the page: median {statistics.median(sizes) / 1024:.1f} KiB, largest {max(sizes) / 1024:.1f} KiB"
    )
    if not args.no_pyodide:
        print()
        return slow_steps()
    return 0


if __name__ == "__main__":
    sys.exit(main())
