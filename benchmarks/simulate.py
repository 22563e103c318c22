"""Simulator throughput against a straightforward pure-Python game loop, in the same run.

Run: ``python benchmarks/simulate.py [--games N] [--rounds R]``. Prints games
per second of a plain per-game Python loop (``random.randint``, a dict of
jumps: the paper's loop) and of limits' vectorised numpy engine on one
thread, and the ratio to the plain loop; then the engine on two threads. They
are measured in turn, ``R`` rounds, and each keeps its best round, so that
other work on the machine slows one of them no more than the others. The
goal: 30x on one core.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limits import build_chain, standard  # noqa: E402


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
    parser.add_argument("--games", type=int, default=1_000_000, help="games for the engine")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; each keeps its best")
    args = parser.parse_args()
    base_games = 100_000
    best: dict[str, float] = {}
    means: dict[str, float] = {}
    for _ in range(args.rounds):
        speed, means["python"] = rate(lambda: python_loop(base_games, 1), base_games)
        best["python"] = max(best.get("python", 0.0), speed)
        sim = build_chain().simulate(args.games, seed=2, workers=1)
        best["numpy"], means["numpy"] = max(best.get("numpy", 0.0), sim.games_per_second), sim.mean_float
    base = best["python"]
    print(f"pure-Python loop          {base:12,.0f} games/s   mean {means['python']:.3f}")
    print(f"limits (numpy, 1 thread)  {best['numpy']:12,.0f} games/s   mean {means['numpy']:.3f}   "
          f"ratio {best['numpy'] / base:6.1f}x (goal 30x)")
    two = build_chain().simulate(args.games, seed=2, workers=2)
    print(f"limits (numpy, 2 threads) {two.games_per_second:12,.0f} games/s   ratio {two.games_per_second / base:6.1f}x")
    print("same games on one and two threads:", bool((two.counts == sim.counts).all()))

if __name__ == "__main__":
    main()
