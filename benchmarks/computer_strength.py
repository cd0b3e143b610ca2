"""One computer strength against another over seeded two-player games to 121.

    python3 benchmarks/computer_strength.py [--games 1000] [--strength expert] [--against random]
    python3 benchmarks/computer_strength.py --games 2000 --strength expert --against steady

Games come in pairs on the same deals: games ``2n`` and ``2n + 1`` both use
seed ``n`` (the same cut and the same cards dealt to each seat), the first
strength sitting in seat 0 in one and in seat 1 in the other, so neither the
seat, the cut nor the cards favour it.  Prints the win rate with its Wilson 95%
interval.  Against ``random`` issue 7 requires at least 80%; between two
strong players the number is only reported.
"""

import argparse
import sys
import time
from math import sqrt
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from cribbage.core.game import Game  # noqa: E402
from cribbage.core.rules import GameRules  # noqa: E402
from cribbage.players.computer import STRENGTHS, ComputerPlayer  # noqa: E402

REQUIRED_WIN_RATE = 0.80
"""Against the random player (issue 7)."""
Z95 = 1.959964


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default).

    >>> low, high = wilson(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    """
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - spread, centre + spread


def match(strength: str, against: str, games: int, progress: int = 0, first: int = 0) -> tuple[int, int, float]:
    """Wins and skunks of ``strength`` over ``games`` games from game ``first``, and the seconds taken.

    (``first`` lets a long match run in parts, one per core; keep it even so pairs stay whole.)
    """
    wins = skunks = 0
    start = time.perf_counter()
    for number in range(first, first + games):
        seed, seat = divmod(number, 2)
        players = [ComputerPlayer(against, seed=2 * seed + 1)] * 2
        players[seat] = ComputerPlayer(strength, seed=2 * seed)
        result = Game(GameRules(), seed=seed).run(players)
        if result.winner == seat:
            wins += 1
            skunks += result.outcomes[1 - seat] != "loss"
        played = number + 1 - first
        if progress and played % progress == 0:
            low, high = wilson(wins, played)
            print(f"  {played} games: {wins} won, {wins / played:.1%} [{low:.1%}, {high:.1%}]", flush=True)
    return wins, skunks, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--strength", default="expert", choices=STRENGTHS)
    parser.add_argument("--against", default="random", choices=STRENGTHS)
    parser.add_argument("--progress", type=int, default=0, help="print the rate every N games")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (even), to run a match in parts")
    args = parser.parse_args()

    wins, skunks, elapsed = match(args.strength, args.against, args.games, args.progress, args.first)
    rate = wins / args.games
    low, high = wilson(wins, args.games)
    print(
        f"{args.strength} vs {args.against}: {wins}/{args.games} games won = {rate:.1%}, "
        f"95% interval [{low:.1%}, {high:.1%}] (Wilson; games in pairs on the same deals, seats swapped); "
        f"{skunks} of the wins were skunks or double skunks; {elapsed:.0f} s, "
        f"{elapsed / args.games * 1000:.0f} ms per game"
    )
    if args.against != "random":
        return 0
    print(f"required >= {REQUIRED_WIN_RATE:.0%}: {'yes' if rate >= REQUIRED_WIN_RATE else 'NO'}")
    return 0 if rate >= REQUIRED_WIN_RATE else 1


if __name__ == "__main__":
    sys.exit(main())
