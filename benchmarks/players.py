"""Several players and counts along the way: what the exact answers cost.

Run: ``python benchmarks/players.py``. Everything is measured in this run and
reported as ratios:

* the table of ``limits players --players 1..8`` against one exact solve of
  the one-player chain (the unit of work of the package);
* the certified mean of two players' spins, summed as integer Horner sums
  (as limits does) against the same sum in plain Fractions;
* eleven solves with the matrix of the law of the number of chutes
  (P(C = 0..10) needs one per value), the matrix prepared once, against a
  fresh solve each time;
* the growth of one player's exact survival prefix with its length: the
  exponent a in time ~ L^a between L = 1000 and L = 2000 rounds (a = 2 is the
  expected: L steps on integers of size ~L).
"""

from __future__ import annotations

import math
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limits import build_chain  # noqa: E402
from limits.exact.linsolve import fmpq_solver, solve  # noqa: E402
from limits.exact.qq import to_fmpq, to_fraction  # noqa: E402
from limits.game.counts import Count, CountKind  # noqa: E402
from limits.game.game_length import GameLength, Unit  # noqa: E402
from limits.game.one_player import OnePlayer  # noqa: E402
from limits.game.players import players_table  # noqa: E402
from limits.game.rewards import RewardChain  # noqa: E402


def _time(fn, repeat: int = 3) -> float:
    best = math.inf
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def _fraction_mean(one: OnePlayer, k: int, count: int) -> Fraction:
    s = list(one.chain.survival(count // k + 1))  # S(0..), exact
    return sum((s[t // k + 1] ** (t % k) * s[t // k] ** (k - t % k) for t in range(count)), Fraction(0))


def main() -> None:
    chain = build_chain()
    solve_one = _time(lambda: chain.expected_duration())
    table = _time(lambda: players_table(chain, range(1, 9)), 1)
    print(f"players table k = 1..8        {table:8.3f} s  = {table / solve_one:7.0f} one-player solves "
          f"({solve_one * 1000:.1f} ms each)")

    one = OnePlayer(chain)
    one.horizon  # computed once, shared by both sums
    spins = GameLength(one, 2, Unit.SPINS)
    count = 2 * 900
    horner = _time(lambda: spins._sums("mean"))
    plain = _time(lambda: _fraction_mean(one, 2, count), 1)
    print(f"mean of 2 players' spins      {horner:8.3f} s  integer Horner vs {plain:.3f} s in Fractions: "
          f"{plain / horner:.1f}x")

    moves = RewardChain(chain)
    chutes = Count(CountKind.CHUTES).reward(chain)
    a = moves._matrix(lambda m: chutes(m) == 0)
    columns = [[Fraction(c + 1, 7)] * len(a) for c in range(11)]

    def prepared() -> None:
        solve_with = fmpq_solver(a)
        for column in columns:
            [to_fraction(x) for x in solve_with([to_fmpq(v) for v in column])]

    t_prepared = _time(prepared)
    t_fresh = _time(lambda: [solve(a, [column]) for column in columns])
    t_law = _time(lambda: moves.law(chutes, 10))
    print(f"11 solves with one matrix     {t_prepared:8.3f} s  prepared once vs {t_fresh:.3f} s fresh: "
          f"{t_fresh / t_prepared:.1f}x (the whole law of chutes: {t_law:.3f} s)")

    small, large = 1000, 2000
    t_small = _time(lambda: one.numerators(small), 1)
    t_large = _time(lambda: one.numerators(large), 1)
    print(f"survival prefix               L = {small}: {t_small:.3f} s, L = {large}: {t_large:.3f} s, "
          f"exponent {math.log(t_large / t_small) / math.log(large / small):.2f}")


if __name__ == "__main__":
    main()
