"""The coin where the die is loaded: the limit policy and the map over p, against a baseline in the same process.

Run: ``python benchmarks/coin_limit.py [deltas...]`` (default 1..6, the paper's board, fair coin, stay rule).
For each delta: CPU seconds of ``Perturbation.loaded(delta=d).optimal_policy()`` at p -> 1 and p -> 0 (policy
iteration at the end and one breakpoint, the threshold), and of the whole map ``policy_map()`` over (0, 1), with
its breakpoints; each beside the baseline, the exact optimal policy at one die (``Chain.optimal_policy`` at P(d) =
1/2), as a ratio, so that the numbers say how many one-die answers a command costs on any machine. The map costs
one exact solve of the board's 81 squares per breakpoint, which is the floor of the method.
"""

from __future__ import annotations

import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limits.limit.perturbed_chain import Perturbation  # noqa: E402


def _cpu(fn):
    began = time.process_time()
    out = fn()
    return out, time.process_time() - began


def main() -> None:
    deltas = [int(a) for a in sys.argv[1:]] or [1, 2, 3, 4, 5, 6]
    print(f"{'delta':>5} {'one die s':>10} {'limit p->1':>11} {'ratio':>6} {'limit p->0':>11} {'ratio':>6} "
          f"{'map s':>7} {'ratio':>6} {'breakpoints':>11}")
    for d in deltas:
        family = Perturbation.loaded(delta=d)
        _, base = _cpu(lambda: family.chain_at(p=Fraction(1, 2)).with_policy(0).optimal_policy())
        _, one = _cpu(lambda: family.optimal_policy())
        _, zero = _cpu(lambda: Perturbation.loaded(delta=d, p_to=0).optimal_policy())
        m, whole = _cpu(lambda: family.policy_map())
        print(f"{d:>5} {base:>10.3f} {one:>11.2f} {one / base:>6.0f} {zero:>11.2f} {zero / base:>6.0f} "
              f"{whole:>7.1f} {whole / base:>6.0f} {len(m.breakpoints):>11}", flush=True)


if __name__ == "__main__":
    main()
