"""How the best policy and the paper's strategies scale with the board.

Run: ``python benchmarks/policies.py`` (sizes 1,000 and 10,000; ``--quick``
for 500 and 2,000; ``--baseline`` adds, in the same process, the dense exact
iteration at the smaller size and the strategies by the whole-vector p-adic
solve, every unknown lifted to the float estimate of the determinant and
checked, at the larger size). Random boards with N/10 ladders and N/10
chutes (``BoardFamily(N, N // 10, N // 10)``, seed 1), a fair die, the
``stay`` rule. For each size: seconds of ``optimal_policy`` (float policy
iteration on sparse matrices and one exact certificate, chosen by size),
its rounds, and the seconds of the exact expected turns of strategies -1..6
and of the board without chutes (what ``limits strategies`` computes); the
growth exponent between the two sizes is ``log(t2 / t1) / log(N2 / N1)``.
Memory: the process's peak resident set after each size (it only grows).
"""

from __future__ import annotations

import math
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limits import Board, build_chain, fair  # noqa: E402
from limits.coin.strategies import all_strategies  # noqa: E402
from limits.model.random_board import BoardFamily  # noqa: E402


def _board(n: int) -> Board:
    return BoardFamily(n, n // 10, n // 10).board_of(0, 1)


def _timed(fn):
    began = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - began


def _strategies(board: Board) -> list:
    values = [build_chain(board, fair(), policy=s).expected_duration() for s in all_strategies(board)]
    no_chutes = Board(board.size, board.ladders, name="no chutes")
    return values + [build_chain(no_chutes, fair()).expected_duration()]


def _strategies_whole_vector(board: Board) -> list:
    """The same values by the whole-vector solve (``exact_moments``), the route before one entry was lifted."""
    from limits.game.linear_system import finite_system

    chains = [build_chain(board, fair(), policy=s) for s in all_strategies(board)]
    chains.append(build_chain(Board(board.size, board.ladders, name="no chutes"), fair()))
    values = []
    for chain in chains:
        system = finite_system(chain)
        values.append(system.exact_moments(False)[0][system.position[chain.entry(0)]])
    return values


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    quick = "--quick" in sys.argv
    sizes = (500, 2000) if quick else (1000, 10_000)
    build_chain(_board(300), fair()).optimal_policy()  # load the compiled kernels once, outside the timings
    print(f"{'N':>6} {'optimal s':>10} {'rounds':>6} {'turns':>10} {'strategies s':>13} {'peak RSS MB':>12}")
    rows = []
    values = []
    for n in sizes:
        board = _board(n)
        best, t_opt = _timed(lambda: build_chain(board, fair(), policy=0).optimal_policy())
        found, t_str = _timed(lambda: _strategies(board))
        values.append(found)
        rows.append((n, t_opt, t_str))
        print(f"{n:>6} {t_opt:>10.2f} {best.iterations:>6} {float(best.expected_turns):>10.4f} {t_str:>13.2f} "
              f"{_peak_mb():>12.0f}", flush=True)
    (n1, a1, b1), (n2, a2, b2) = rows
    scale = math.log(n2 / n1)
    print(f"growth exponents {n1} -> {n2}: optimal {math.log(a2 / a1) / scale:.2f}, "
          f"strategies {math.log(b2 / b1) / scale:.2f}")
    if "--baseline" in sys.argv:
        board = _board(sizes[0])
        dense, t_dense = _timed(lambda: build_chain(board, fair(), policy=0).optimal_policy(engine="dense"))
        fast, t_fast = _timed(lambda: build_chain(board, fair(), policy=0).optimal_policy(engine="sparse"))
        assert dense.remaining == fast.remaining
        print(f"N = {sizes[0]}: dense exact iteration {t_dense:.2f} s, sparse certified {t_fast:.2f} s "
              f"({t_dense / t_fast:.1f}x), the same values")
        board = _board(sizes[1])
        whole, t_whole = _timed(lambda: _strategies_whole_vector(board))
        assert whole == values[1]
        print(f"N = {sizes[1]}: strategies by the whole-vector solve {t_whole:.2f} s, by one entry {b2:.2f} s "
              f"({t_whole / b2:.1f}x), the same values")


if __name__ == "__main__":
    main()
