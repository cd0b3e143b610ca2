#!/usr/bin/env python3
"""Speed of the game page's engine side: one reader action, answered as the worker does.

    python3 benchmarks/game_page.py [--games 20] [--strength expert]

Plays seeded games to 121 with a computer in the reader's seat, every step sent
through ``cribbage.widgets.update`` (JSON in, JSON out, as the page's worker calls
it), and prints the time of each answer: median, 95th percentile and worst, in
CPython.  Pyodide runs the same code several times slower; the browser test
(tests/game/test_game_browser.py) plays a whole game there.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "tests" / "game")]

from cribbage.computer import ComputerPlayer  # noqa: E402
from cribbage.widgets import update  # noqa: E402
from cribbage.widgets.game import GameOptions, new_state  # noqa: E402
from driver import read, reader_actions  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--strength", default="expert", choices=("expert", "easy", "random"))
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
    print(f"{args.games} games, {len(times)} answers, computer {args.strength}: "
          f"median {statistics.median(times) * 1000:.1f} ms, "
          f"95th percentile {times[int(len(times) * 0.95)] * 1000:.1f} ms, worst {times[-1] * 1000:.1f} ms; "
          f"state kept in the page: median {statistics.median(sizes) / 1024:.1f} KiB, largest {max(sizes) / 1024:.1f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
