"""How the exact and float moments of a game scale with the board.

Run: ``python benchmarks/scale.py`` (``--quick`` for the small sizes only).
Random boards with N/10 ladders and N/10 chutes (``BoardFamily``), jumps of
any length ("uniform") or at most 60 squares long ("short"). For each size:
seconds and peak traced memory (tracemalloc: Python objects and numpy arrays)
of the exact mean and variance from every square (the sparse p-adic engine),
the same by the dense engine where it is feasible (the baseline, in the same
process), and of the float path; the growth exponent between two sizes is
``log(t2 / t1) / log(N2 / N1)``, printed from the smallest size to the
largest and from 1,000 to 8,000 (the sizes of the goal).
"""

from __future__ import annotations

import math
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limits import build_chain, fair  # noqa: E402
from limits.game.float_duration import float_moments  # noqa: E402
from limits.game.linear_system import finite_system  # noqa: E402
from limits.model.random_board import BoardFamily  # noqa: E402


def _measured(fn):
    tracemalloc.start()
    t = time.perf_counter()
    out = fn()
    seconds = time.perf_counter() - t
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return out, seconds, peak


def _board(n: int, kind: str):
    longest = None if kind == "uniform" else 60
    return BoardFamily(n, n // 10, n // 10, longest, longest).board_of(0, 1)


def _exact_all(board):
    system = finite_system(build_chain(board))
    x1, x2 = system.exact_moments(True)
    return x1, x2


def _dense_all(board):
    from fractions import Fraction

    from limits.exact.linsolve import solve_fractions
    from limits.game.duration import _finite_system

    finite, a = _finite_system(build_chain(board), True)
    (m1,) = solve_fractions(a, [[Fraction(1)] * len(finite)])
    (m2,) = solve_fractions(a, [[2 * x - 1 for x in m1]])
    return m1, m2


def _output_bytes(x1, x2) -> int:
    return sum((abs(v).bit_length() + 7) // 8 for v in (*x1.numerators, *x2.numerators))


def _exponent(rows, key):
    (n1, a), (n2, b) = rows[0], rows[-1]
    return math.log(b[key] / a[key]) / math.log(n2 / n1)


def main() -> None:
    quick = "--quick" in sys.argv
    _exact_all(_board(300, "uniform"))  # compile the kernels once, outside the timings
    float_moments(_board(300, "uniform"), fair())
    for kind in ("uniform", "short"):
        sizes = [1000, 2000] if quick else [1000, 2000, 4000, 8000, 10000]
        print(f"exact mean and variance from every square, {kind} jumps")
        print(f"{'N':>6} {'sparse s':>9} {'peak MB':>8} {'output MB':>9} {'dense s':>8} {'dense MB':>8}")
        rows = []
        for n in sizes:
            board = _board(n, kind)
            (x1, x2), seconds, peak = _measured(lambda: _exact_all(board))
            dense = ""
            if n <= 1000:
                (m1, m2), ds, dpeak = _measured(lambda: _dense_all(board))
                assert [x1[i] for i in range(len(m1))] == m1 and x2[0] == m2[0]
                dense = f"{ds:8.2f} {dpeak / 1e6:8.0f}"
            out = _output_bytes(x1, x2)
            rows.append((n, {"t": seconds, "m": peak}))
            print(f"{n:6d} {seconds:9.2f} {peak / 1e6:8.0f} {out / 1e6:9.1f} {dense}")
        if len(rows) > 1:
            print(f"growth exponent {rows[0][0]} -> {rows[-1][0]}: time {_exponent(rows, 't'):.2f}, "
                  f"memory {_exponent(rows, 'm'):.2f}")
        goal = [row for row in rows if row[0] in (1000, 8000)]
        if len(goal) == 2:  # the goal: at most 1.5 between these sizes
            print(f"growth exponent 1000 -> 8000: time {_exponent(goal, 't'):.2f}")
    print("float mean and variance from every square (board, I - T and solve)")
    rows = []
    for n in [100_000, 1_000_000] if not quick else [10_000, 100_000]:
        board = BoardFamily(n, n // 10, n // 10, 100, 100).board_of(0, 1)
        m, seconds, peak = _measured(lambda: float_moments(board, fair()))
        rows.append((n, {"t": seconds, "m": peak}))
        print(f"{n:8d} {seconds:7.2f} s {peak / 1e6:7.0f} MB  mean from 0: {m.at(0)[0]:.6g}")
    print(f"growth exponent: time {_exponent(rows, 't'):.2f}, memory {_exponent(rows, 'm'):.2f}")


if __name__ == "__main__":
    main()
