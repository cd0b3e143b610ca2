"""Engine speed targets (issue 2), measured in one run on this machine.

    python3 benchmarks/engine.py

* both exact histograms together: target under 2 s;
* the discard advisor's 15 exact options for a six-card hand: target under 0.5 s;
* a hand's total at least 10x, and the full breakdown at least 3x, faster than
  the straightforward itertools scorer in tests/engine/naive_scorer.py, on the
  same random hands (the engine's caches start cold and fill during the run).
"""

import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "tests" / "engine")]

from cribbage.cards import DECK  # noqa: E402
from cribbage.discard import analyse_discards  # noqa: E402
from cribbage.show import score_show, show_total  # noqa: E402
from naive_scorer import naive_show_total  # noqa: E402


def timed(function, deals) -> float:
    start = time.perf_counter()
    for hand, starter, crib in deals:
        function(hand, starter, crib)
    return time.perf_counter() - start


def histograms_in_fresh_process() -> float:
    """Timed in a new interpreter so that neither measurement warms the other's caches."""
    code = (
        "import time; start = time.perf_counter(); "
        "from cribbage.stats import show_histograms; show_histograms(); "
        "print(time.perf_counter() - start)"
    )
    output = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "engine", capture_output=True, text=True, check=True)
    return float(output.stdout)


def main(hands: int = 50_000) -> dict[str, float]:
    histograms_seconds = histograms_in_fresh_process()

    rng = random.Random(1)
    deals = []
    for _ in range(hands):
        *hand, starter = rng.sample(DECK, 5)
        deals.append((hand, starter, rng.random() < 0.5))
    naive = timed(naive_show_total, deals)
    total = timed(show_total, deals)
    breakdown = timed(score_show, deals)
    start = time.perf_counter()
    for _ in range(20):
        analyse_discards(rng.sample(DECK, 6), dealer=rng.random() < 0.5)
    advisor = (time.perf_counter() - start) / 20
    results = {
        "advisor_s_per_six_card_hand": advisor,
        "histograms_s": histograms_seconds,
        "naive_us_per_hand": naive / hands * 1e6,
        "total_us_per_hand": total / hands * 1e6,
        "breakdown_us_per_hand": breakdown / hands * 1e6,
        "total_speedup": naive / total,
        "breakdown_speedup": naive / breakdown,
    }
    print(f"both exact histograms: {histograms_seconds:.3f} s (target < 2 s)")
    print(f"naive itertools scorer: {results['naive_us_per_hand']:.1f} us/hand over {hands} random hands")
    print(f"show_total: {results['total_us_per_hand']:.1f} us/hand, {results['total_speedup']:.1f}x faster (target >= 10x)")
    print(f"score_show: {results['breakdown_us_per_hand']:.1f} us/hand, {results['breakdown_speedup']:.1f}x faster (target >= 3x)")
    print(f"discard advisor, all 15 discards exact: {advisor * 1000:.0f} ms per six-card hand (target < 500 ms)")
    return results


if __name__ == "__main__":
    main()
