"""The coach's speed targets (issue 14), in CPython on this machine.

    python3 benchmarks/coach.py [--games 4]

* the review of one deal (discard, every card played, counts) for the reader's
  seat: the page allows 1 s in Pyodide, which runs this engine about 3 to 5 times
  slower than CPython, so the target here is 1 s / 5 = 200 ms for the slowest deal;
* the expert's move in the play (the look-ahead of
  :func:`cribbage.analysis.pegging_eval.play_values`): 200 ms in the page, so 40 ms here
  for the slowest move, with 2, 3 and 4 players.

Games are seeded, every seat the expert; each deal is reviewed from seat 0 with
the engine's caches as a page would have them (warm after the first deal).
Times are CPU time of this process (``time.process_time``), steadier than the
wall clock on a busy machine; the wall-clock total is printed too.
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from cribbage.core.game import Game  # noqa: E402
from cribbage.core.rules import GameRules  # noqa: E402
from cribbage.players.coach import review_deal  # noqa: E402
from cribbage.players.computer import ComputerPlayer  # noqa: E402

PYODIDE_FACTOR = 5
"""How much slower the page's Pyodide runs this engine than CPython (at worst)."""
REVIEW_TARGET = 1.0 / PYODIDE_FACTOR
MOVE_TARGET = 0.2 / PYODIDE_FACTOR


class TimedExpert(ComputerPlayer):
    """The expert, timing each of its moves in the play."""

    def __init__(self, seed: int, times: list[float]) -> None:
        super().__init__("expert", seed)
        self.times = times

    def __call__(self, game, seat):
        if game.expected != "play":
            return super().__call__(game, seat)
        start = time.process_time()
        action = super().__call__(game, seat)
        self.times.append(time.process_time() - start)
        return action


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    return (
        f"mean {sum(ordered) / len(ordered) * 1000:.0f} ms, 95th percentile "
        f"{ordered[int(0.95 * (len(ordered) - 1))] * 1000:.0f} ms, slowest {ordered[-1] * 1000:.0f} ms "
        f"({len(ordered)} timed)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per number of players")
    args = parser.parse_args()
    wall = time.perf_counter()
    failures = 0
    for players in (2, 3, 4):
        moves: list[float] = []
        reviews: list[float] = []
        for seed in range(args.games):
            game = Game(GameRules(players=players), seed=seed)
            game.run([TimedExpert(seed * 10 + seat, moves) for seat in range(players)])
            for deal in range(1, game.deals + 1):
                start = time.process_time()
                review_deal(game, 0, deal)
                reviews.append(time.process_time() - start)
        review_ok, move_ok = max(reviews) <= REVIEW_TARGET, max(moves) <= MOVE_TARGET
        failures += (not review_ok) + (not move_ok)
        print(
            f"{players} players, review of one deal: {summary(reviews)}; "
            f"target {REVIEW_TARGET * 1000:.0f} ms: {'yes' if review_ok else 'NO'}"
        )
        print(
            f"{players} players, the expert's move: {summary(moves)}; "
            f"target {MOVE_TARGET * 1000:.0f} ms: {'yes' if move_ok else 'NO'}"
        )
    print(f"{time.perf_counter() - wall:.0f} s wall clock in all")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
