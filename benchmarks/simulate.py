"""Simulator throughput against a straightforward pure-Python game loop, in the same run, on one core.

Run: ``python benchmarks/simulate.py [--games N] [--rounds R]``. Prints games
per second of a plain per-game Python loop (``random.randint``, a dict of
jumps: the paper's loop), of limits' vectorised numpy engine and of its
compiled engine (numba), each on one thread, and the ratios to the plain
loop; the compiled engine again with the tables it uses on large boards
(one more table lookup a turn), and on two threads. They are measured in
turn, ``R`` rounds, and each keeps its best round, so that other work on the
machine slows one of them no more than the others. The goals: 200x (numba)
and 30x (numpy) on one core.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limits import build_chain, standard  # noqa: E402
from limits.coin import compiled  # noqa: E402


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
    parser.add_argument("--games", type=int, default=4_000_000, help="games for the compiled engine")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; each engine keeps its best")
    args = parser.parse_args()
    base_games = 100_000
    build_chain().simulate(10, seed=0, engine="numba")  # compile once, outside the timings
    best: dict[str, float] = {}
    means: dict[str, float] = {}
    runs = (("python", base_games), ("numpy", args.games // 4), ("numba", args.games), ("wide", args.games))
    narrow = compiled._NARROW
    for _ in range(args.rounds):
        for engine, games in runs:
            if engine == "python":
                speed, mean = rate(lambda: python_loop(base_games, 1), base_games)
            else:
                compiled._NARROW = 0 if engine == "wide" else narrow  # wide: the alias rows in a table apart
                sim = build_chain().simulate(games, seed=2, engine="numba" if engine == "wide" else engine, workers=1)
                compiled._NARROW = narrow
                speed, mean = sim.games_per_second, sim.mean_float
            best[engine] = max(best.get(engine, 0.0), speed)
            means[engine] = mean
    base = best["python"]
    print(f"pure-Python loop     {base:12,.0f} games/s   mean {means['python']:.3f}")
    for engine, goal in (("numpy", 30), ("numba", 200), ("wide", None)):
        ratio = best[engine] / base
        print(f"limits ({engine:5s}, 1 thread) {best[engine]:12,.0f} games/s   mean {means[engine]:.3f}   "
              f"ratio {ratio:6.1f}x" + (f" (goal {goal}x)" if goal else ""))
    two = build_chain().simulate(args.games, seed=2, engine="numba", workers=2)
    print(f"limits (numba, 2 threads) {two.games_per_second:12,.0f} games/s   ratio {two.games_per_second / base:6.1f}x")
    same = build_chain().simulate(200_000, seed=3, engine="numpy").counts
    print("same games under both engines:", bool((same == build_chain().simulate(200_000, seed=3, engine="numba").counts).all()))


if __name__ == "__main__":
    main()
