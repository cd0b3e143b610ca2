"""Engine speed targets (issues 2 and 10), measured in one run on this machine.

    python3 benchmarks/engine.py            # everything
    python3 benchmarks/engine.py --batch    # the batch CLI only
    python3 benchmarks/engine.py --batch --instructions  # and both sides counted by valgrind

* both exact histograms together: target under 2 s;
* the discard advisor's 15 exact options for a six-card hand: target under 0.5 s;
* a hand's total at least 10x, and the full breakdown at least 3x, faster than
  the straightforward itertools scorer in tests/engine/naive_scorer.py, on the
  same random hands (the engine's caches start cold and fill during the run);
* the batch CLI, ``score --json -`` on 20,000 random hands with the full
  breakdown, timed from process start to the last line of JSON out, at least 3x
  faster than the naive scorer scoring the same hands in-process. The CLI runs
  as an installed one does, from compiled bytecode (kept in a temporary
  folder), after one warm-up run; each side's best of several runs counts, in
  wall-clock time and in CPU time (the latter is steadier on a busy machine).
  With ``--instructions``, both sides are also counted in CPU instructions under
  valgrind, the one measure other programs on the machine do not move (it
  takes minutes, and it leaves out what an instruction count cannot see, such
  as waiting for memory and for the disk).
"""

import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "tests" / "engine")]

from cribbage.analysis.discard import analyse_discards  # noqa: E402
from cribbage.core.cards import DECK  # noqa: E402
from cribbage.core.show import score_show, show_total  # noqa: E402
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
        "from cribbage.analysis.stats import show_histograms; show_histograms(); "
        "print(time.perf_counter() - start)"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT / "engine", capture_output=True, text=True, check=True
    )
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
    print(
        f"show_total: {results['total_us_per_hand']:.1f} us/hand, {results['total_speedup']:.1f}x faster (target >= 10x)"
    )
    print(
        f"score_show: {results['breakdown_us_per_hand']:.1f} us/hand, {results['breakdown_speedup']:.1f}x faster (target >= 3x)"
    )
    print(f"discard advisor, all 15 discards exact: {advisor * 1000:.0f} ms per six-card hand (target < 500 ms)")
    return results


def batch_deals(hands: int) -> tuple[list, str]:
    """The batch's random deals, and the same deals as the CLI's JSON input."""
    rng = random.Random(2)
    deals = []
    for _ in range(hands):
        *hand, starter = rng.sample(DECK, 5)
        deals.append((hand, starter, rng.random() < 0.5))
    payload = json.dumps(
        [{"hand": [str(c) for c in hand], "starter": str(starter), "crib": crib} for hand, starter, crib in deals]
    )
    return deals, payload


def cli_environment(bytecode: str) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = bytecode
    return env


CLI = [sys.executable, "-m", "cribbage", "score", "--json", "-"]


def batch(hands: int = 20_000, runs: int = 5) -> dict[str, float]:
    deals, payload = batch_deals(hands)
    with tempfile.TemporaryDirectory() as bytecode:
        env = cli_environment(bytecode)

        def cli() -> str:
            done = subprocess.run(
                CLI, input=payload, capture_output=True, text=True, cwd=ROOT / "engine", env=env, check=True
            )
            return done.stdout

        answers = json.loads(cli())  # the warm-up run also writes the bytecode
        naive_wall, naive_cpu, cli_wall, cli_cpu = [], [], [], []
        for _ in range(runs):
            wall, cpu = time.perf_counter(), time.process_time()
            totals = [naive_show_total(hand, starter, crib) for hand, starter, crib in deals]
            naive_wall.append(time.perf_counter() - wall)
            naive_cpu.append(time.process_time() - cpu)
            before, wall = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
            cli()
            cli_wall.append(time.perf_counter() - wall)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cli_cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    if [answer["total"] for answer in answers] != totals:
        raise SystemExit("the batch CLI and the naive scorer disagree")
    results = {
        "batch_naive_s": min(naive_wall),
        "batch_cli_s": min(cli_wall),
        "batch_speedup": min(naive_wall) / min(cli_wall),
        "batch_cpu_speedup": min(naive_cpu) / min(cli_cpu),
    }
    print(
        f"batch CLI, score --json - on {hands} hands with breakdowns, process start and JSON in and out included: "
        f"{min(cli_wall):.3f} s ({min(cli_cpu):.3f} s CPU); naive scorer in-process: {min(naive_wall):.3f} s "
        f"({min(naive_cpu):.3f} s CPU); {results['batch_speedup']:.1f}x faster, {results['batch_cpu_speedup']:.1f}x "
        f"in CPU time (target >= 3x)"
    )
    print(f"  spread over {runs} runs: CLI {spread(cli_wall)}, naive scorer {spread(naive_wall)}")
    return results


def spread(times: list[float]) -> str:
    return f"{min(times):.3f}-{max(times):.3f} s"


NAIVE_RUN = """
import json, sys
from cribbage.core.cards import Card
from naive_scorer import naive_show_total
deals = [(list(map(Card.parse, d["hand"])), Card.parse(d["starter"]), d["crib"]) for d in json.load(sys.stdin)]
if sys.argv[1] == "score":
    totals = [naive_show_total(hand, starter, crib) for hand, starter, crib in deals]
"""
"""The naive side, run twice under valgrind: with the scoring and without, to count the scoring alone."""


def counted(command: list[str], payload: str, env: dict[str, str]) -> int:
    """The instructions ``command`` runs from start to exit, as valgrind counts them."""
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", *command],
        input=payload,
        capture_output=True,
        text=True,
        cwd=ROOT / "engine",
        env=env,
        check=True,
    )
    return int(re.search(r"I\s+refs:\s+([\d,]+)", done.stderr).group(1).replace(",", ""))


def instructions(hands: int = 20_000) -> dict[str, float]:
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind")
    _, payload = batch_deals(hands)
    with tempfile.TemporaryDirectory() as bytecode:
        env = cli_environment(bytecode)
        subprocess.run(CLI, input=payload, capture_output=True, text=True, cwd=ROOT / "engine", env=env, check=True)
        cli = counted(CLI, payload, env)
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "engine"), str(ROOT / "tests" / "engine")])
        naive = counted([sys.executable, "-c", NAIVE_RUN, "score"], payload, env) - counted(
            [sys.executable, "-c", NAIVE_RUN, "read"], payload, env
        )
    print(
        f"in instructions: batch CLI {cli / 1e9:.2f} G from start to exit, naive scorer {naive / 1e9:.2f} G for the "
        f"scoring alone; {naive / cli:.1f}x fewer"
    )
    return {"batch_cli_instructions": cli, "batch_naive_instructions": naive, "batch_instruction_ratio": naive / cli}


if __name__ == "__main__":
    if "--batch" not in sys.argv[1:]:
        main()
    batch()
    if "--instructions" in sys.argv[1:]:
        instructions()
