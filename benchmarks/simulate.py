"""Simulator throughput against a straightforward pure-Python game loop, in the same run.

Run: ``python benchmarks/simulate.py [--games N]``. Prints games per second
of a plain per-game Python loop (``random.randint``, a dict of jumps), of
limits' vectorised numpy engine and of its compiled engine (numba, two
threads), and the ratios to the plain loop. The issue's goal is 50x.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limits import standard  # noqa: E402
from limits.coin.simulate import simulate  # noqa: E402


def python_loop(games: int, seed: int) -> float:
    jumps = standard().jump_map
    rng = random.Random(seed)
    total = 0
    for _ in range(games):
        pos = 0
        while pos != 100:
            total += 1
            target = pos + rng.randint(1, 6)
            if target <= 100:
                pos = jumps.get(target, target)
    return total / games


def rate(fn, games: int) -> tuple[float, float]:
    began = time.perf_counter()
    mean = fn()
    return games / (time.perf_counter() - began), mean


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=4_000_000, help="games for the limits engines")
    args = parser.parse_args()
    base_games = 100_000
    base, base_mean = rate(lambda: python_loop(base_games, 1), base_games)
    print(f"pure-Python loop     {base:12,.0f} games/s   mean {base_mean:.3f}")
    for engine, games in (("numpy", args.games // 4), ("numba", args.games)):
        sim = simulate(games=games, seed=2, engine=engine, workers=2)
        print(f"limits ({engine:5s})      {sim.games_per_second:12,.0f} games/s   mean {sim.mean_float:.3f}   "
              f"ratio {sim.games_per_second / base:6.1f}x")


if __name__ == "__main__":
    main()
