"""Which exact engine solves (I - T) x = 1 faster on the standard board?

Run: ``python benchmarks/engine.py``. Prints seconds per solve for
python-flint ``fmpq_mat.solve`` (the engine limits uses), sympy
``DomainMatrix.lu_solve`` over QQ and plain Fraction Gauss-Jordan, and the
ratios against the slowest, measured in the same run.
"""

from __future__ import annotations

import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limits import build_chain  # noqa: E402
from limits.exact.linsolve import solve_fractions  # noqa: E402
from limits.game.linear_system import finite_system  # noqa: E402


def _time(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    chain = build_chain()
    a = finite_system(chain).dense()
    ones = [Fraction(1)] * len(a)

    def flint_solve():
        return solve_fractions(a, [ones])

    def sympy_solve():
        import sympy
        from sympy.polys.matrices import DomainMatrix

        am = DomainMatrix([[sympy.QQ(v.numerator, v.denominator) for v in row] for row in a], (len(a), len(a)), sympy.QQ)
        bm = DomainMatrix([[sympy.QQ(1)] for _ in a], (len(a), 1), sympy.QQ)
        return am.lu_solve(bm)

    def fraction_solve():
        from tests.oracle import gauss_solve

        return gauss_solve(a, ones)

    times = {"python-flint fmpq_mat": _time(flint_solve), "sympy DomainMatrix QQ": _time(sympy_solve),
             "Fraction Gauss-Jordan": _time(fraction_solve, 1)}
    base = max(times.values())
    for name, t in times.items():
        print(f"{name:24s} {t * 1000:9.2f} ms   {base / t:7.1f}x")


if __name__ == "__main__":
    main()
