"""Families at several speeds: each route's CPU time on the paper's board, and its growth as the board grows.

Run: ``python benchmarks/speeds.py [--sizes 100 200 400]``.

1. On the paper's board, for the families of ``docs/speeds.md`` (up to four
   vanishing faces, degree up to 6 in t = eps^(1/q)): the CPU time of the
   Puiseux expansion (four coefficients, the reduction process on ``A(t)``) and
   of the order with its leading coefficient from the structure
   (``explain_order``: the trees and min-plus state reduction), which must agree.
2. The (3, 1) phase diagram with the rest on 5.
3. On boards made of copies of the paper's board: both routes for
   ``eps^2, 0, eps^(1/2), 0, 1 - eps^(1/2) - eps^2, 0``, and the growth
   exponent of each (log of the time ratio over log of the size ratio); no
   timing is asserted anywhere.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from hierarchy import tiled  # noqa: E402

from limits import Perturbation  # noqa: E402

FAMILIES = ["eps^2, 0, eps, 0, 1 - eps - eps^2, 0",
            "eps^3, 0, eps^(1/2), 0, 1 - eps^(1/2) - eps^3, 0",
            "eps^(3/2), eps^2, eps^(1/2), eps^3, 1 - eps^(3/2) - eps^2 - eps^(1/2) - eps^3, 0",
            "eps^3, eps^(5/2), eps^2, eps^(3/2), 1 - eps^3 - eps^(5/2) - eps^2 - eps^(3/2), 0"]


def timed(f, *args):
    start = time.process_time()
    out = f(*args)
    return out, time.process_time() - start


def routes(family: Perturbation) -> tuple[float, float]:
    series, t_series = timed(family.expansion, 4)
    why, t_structure = timed(family.explain_order)
    assert (series.order, series.leading_coefficient) == (why.order, why.leading_coefficient)
    return t_series, t_structure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 200, 400])
    args = parser.parse_args()
    print("family on the paper's board                           series (s)  structure (s)")
    for source in FAMILIES:
        t_series, t_structure = routes(Perturbation.of_eps(source))
        print(f"{source[:52]:52}  {t_series:10.3f}  {t_structure:13.3f}")
    diagram, t = timed(Perturbation.loaded(delta=5).phase, 3, 1)
    print(f"\nthe (3, 1) phase diagram, rest on 5: {t:.3f} s\n{diagram.text()}")
    print("\nboards of copies of the paper's board   series (s)  structure (s)  growth exponents")
    last = None
    for size in args.sizes:
        times = routes(Perturbation.of_eps("eps^2, 0, eps^(1/2), 0, 1 - eps^(1/2) - eps^2, 0", tiled(size // 100)))
        growth = "" if last is None else "  ".join(
            f"{math.log(t / u) / math.log(size / last[0]):.2f}" for t, u in zip(times, last[1]))
        print(f"{size:38}  {times[0]:10.3f}  {times[1]:13.3f}  {growth}")
        last = (size, times)


if __name__ == "__main__":
    main()
