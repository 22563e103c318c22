"""sigma_delta(p) as an exact rational function: limits vs a straightforward sympy solve.

Run: ``python benchmarks/sigma.py [--baseline-deltas 1]``. Times limits'
modular evaluation (all six delta on the paper's board), then a
straightforward exact solve of ``(I - T(p)) x = 1`` with sympy's
``DomainMatrix`` over the field QQ(p) for the first few delta, checks both
give the same function, and prints the ratio of time per delta.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import sympy  # noqa: E402
from sympy.polys.matrices import DomainMatrix  # noqa: E402

from limits import Perturbation, build_chain, weighted  # noqa: E402
from limits.game.linear_system import finite_system  # noqa: E402


def baseline(delta: int) -> sympy.Expr:
    p = sympy.Symbol("p")
    chain = build_chain(die=weighted(delta, p))
    a = finite_system(chain).dense()
    field = sympy.QQ.frac_field(p)
    n = len(a)
    am = DomainMatrix([[field.from_sympy(sympy.sympify(v)) for v in row] for row in a], (n, n), field)
    bm = DomainMatrix([[field.one] for _ in range(n)], (n, 1), field)
    x = am.lu_solve(bm)
    return field.to_sympy(x[chain.states.index(0), 0].element)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline-deltas", type=int, default=1, help="how many delta to time the baseline on")
    args = parser.parse_args()
    t = time.perf_counter()
    ours = {d: Perturbation.loaded(delta=d).rational_function("p") for d in range(1, 7)}
    ours_total = time.perf_counter() - t
    print(f"limits: all six delta in {ours_total:.2f} s ({ours_total / 6:.3f} s per delta)")
    p = sympy.Symbol("p")
    times = []
    for d in range(1, args.baseline_deltas + 1):
        t = time.perf_counter()
        expr = baseline(d)
        times.append(time.perf_counter() - t)
        same = sympy.cancel(expr - ours[d].to_sympy(p)) == 0
        print(f"sympy DomainMatrix over QQ(p), delta={d}: {times[-1]:.1f} s, same function: {same}")
    per_delta = sum(times) / len(times)
    print(f"ratio (time per delta, baseline / limits): {per_delta / (ours_total / 6):.0f}x")


if __name__ == "__main__":
    main()
