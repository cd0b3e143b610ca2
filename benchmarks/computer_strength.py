"""The strongest computer against a computer that discards and plays at random.

    python3 benchmarks/computer_strength.py [--games 1000] [--strength expert]

Plays seeded 2-player games to 121 (game ``n`` uses seed ``n``); the strong
player takes seat 0 in even games and seat 1 in odd ones, so neither seat nor
the cut favours it.  Prints the win rate; issue 7 requires at least 80%.
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from cribbage.computer import ComputerPlayer  # noqa: E402
from cribbage.game import Game, GameRules  # noqa: E402

REQUIRED_WIN_RATE = 0.80


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--strength", default="expert", choices=("expert", "easy"))
    args = parser.parse_args()

    wins = skunks = 0
    start = time.perf_counter()
    for seed in range(args.games):
        strong_seat = seed % 2
        players = [None, None]
        players[strong_seat] = ComputerPlayer(args.strength, seed=2 * seed)
        players[1 - strong_seat] = ComputerPlayer("random", seed=2 * seed + 1)
        result = Game(GameRules(), seed=seed).run(players)
        if result.winner == strong_seat:
            wins += 1
            skunks += result.outcomes[1 - strong_seat] != "loss"
    elapsed = time.perf_counter() - start
    rate = wins / args.games
    print(f"{args.strength} vs random: {wins}/{args.games} games won = {rate:.1%} "
          f"({skunks} of the wins were skunks or double skunks); {elapsed:.0f} s, "
          f"{elapsed / args.games * 1000:.0f} ms per game")
    print(f"required >= {REQUIRED_WIN_RATE:.0%}: {'yes' if rate >= REQUIRED_WIN_RATE else 'NO'}")
    return 0 if rate >= REQUIRED_WIN_RATE else 1


if __name__ == "__main__":
    sys.exit(main())
