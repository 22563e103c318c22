"""The hierarchy against the whole chain's rational function, per family and as the board grows.

Run: ``python benchmarks/hierarchy.py [--sizes 100 200 400] [--big 1000]``.

1. On the paper's board, for the loaded die at both ends (delta = 1..6) and a
   few two-face and unequal families: the time for the hierarchy and the
   expansions (three coefficients of sigma, two of the variance, the law),
   against the time for the whole chain's rational function expanded to three
   coefficients (``exact_expansion``, and ``rational_function`` for the loaded
   die at p -> 1), in the same process; both must give the same series.
2. On boards made of copies of the paper's board (100, 200, 400 squares):
   both routes for P(3) -> 1 and P(5) -> 1, and the growth exponent of each
   (log of the time ratio over log of the size ratio).
3. The hierarchy alone on a board of ``--big`` squares, where the rational
   function is out of reach.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limits import Board, Die, Perturbation, standard, uniform_on  # noqa: E402


def _explore(f: Perturbation) -> tuple:
    f.hierarchy()
    e = f.expansion(3)
    f.variance(2)
    f.law()
    return e.order, e.coefficients


def _timed(fn):
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def tiled(copies: int) -> Board:
    """``copies`` copies of the paper's board end to end (the jump 80 -> 100 of each copy leads to the next)."""
    jumps: dict[int, int] = {}
    for i in range(copies):
        for a, b in standard().jumps:
            jumps[a + 100 * i] = b + 100 * i
    return Board(100 * copies, {a: b for a, b in jumps.items() if b not in jumps})


def families() -> dict[str, Perturbation]:
    out = {}
    for p_to in (1, 0):
        for d in range(1, 7):
            f = Perturbation.loaded(delta=d, p_to=p_to)
            out[f.name] = f
    out["P(2) = P(5) -> 1/2"] = Perturbation.between(uniform_on([2, 5]), uniform_on([1, 3, 4, 6]))
    out["faces 3, 4 -> fair"] = Perturbation.between(uniform_on([3, 4]), Die(["1/6"] * 6))
    out["face 5 -> unequal"] = Perturbation.between(uniform_on([5]), Die(["1/10", "2/10", "3/10", "1/10", "0",
                                                                         "3/10"]))
    return out


def per_family() -> None:
    print("paper's board, one family at a time (seconds)")
    print(f"{'family':<24} {'hierarchy':>10} {'rational fn':>12} {'ratio':>7}  same")
    worst, total_h, total_r = 0.0, 0.0, 0.0
    for name, f in families().items():
        th, ours = _timed(lambda: _explore(f))
        fresh = Perturbation(f.board, f.at, f.toward, f.rule, f.start, f.policy, f.coin, f.name)
        loaded = f.loaded_face
        if loaded is not None and loaded[1] == 1:
            tr, series = _timed(lambda: Perturbation.loaded(delta=loaded[0]).rational_function("p").laurent(3))
            theirs = (series.order, series.coefficients)
        else:
            tr, e = _timed(lambda: fresh.exact_expansion(3))
            theirs = (e.order, e.coefficients)
        worst, total_h, total_r = max(worst, th), total_h + th, total_r + tr
        print(f"{name:<24} {th:>10.3f} {tr:>12.3f} {tr / th:>7.1f}  {ours == theirs}")
    print(f"slowest family: {worst:.3f} s (the goal: under 1 s); all: hierarchy {total_h:.2f} s, "
          f"rational functions {total_r:.2f} s, ratio {total_r / total_h:.1f}x")


def growth(sizes: list[int]) -> None:
    print("\nboards of copies of the paper's board (seconds)")
    print(f"{'squares':>8} {'delta':>5} {'hierarchy':>10} {'rational fn':>12} {'ratio':>8}")
    rows: dict[int, list[tuple[int, float, float]]] = {3: [], 5: []}
    for n in sizes:
        board = tiled(n // 100)
        for d in (3, 5):
            th, ours = _timed(lambda: _explore(Perturbation.loaded(board, d)))
            tr, e = _timed(lambda: Perturbation.loaded(board, d).exact_expansion(3))
            assert ours == (e.order, e.coefficients), "the two routes disagree"
            rows[d].append((n, th, tr))
            print(f"{n:>8} {d:>5} {th:>10.3f} {tr:>12.3f} {tr / th:>8.0f}")
    for d, r in rows.items():
        (n0, h0, r0), (n1, h1, r1) = r[0], r[-1]
        k = math.log(n1 / n0)
        print(f"delta = {d}: growth exponent, hierarchy {math.log(h1 / h0) / k:.2f}, "
              f"rational function {math.log(r1 / r0) / k:.2f}")


def big(n: int) -> None:
    board = tiled(n // 100)
    for d in (3, 5):
        th, ours = _timed(lambda: _explore(Perturbation.loaded(board, d)))
        print(f"\n{n} squares, P({d}) -> 1: hierarchy and expansions in {th:.2f} s; sigma ~ "
              f"{ours[1][0][1]} eps^{ours[1][0][0]}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 200, 400])
    parser.add_argument("--big", type=int, default=1000)
    args = parser.parse_args()
    per_family()
    growth(args.sizes)
    big(args.big)


if __name__ == "__main__":
    main()
