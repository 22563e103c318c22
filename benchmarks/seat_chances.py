"""Exact seat chances of two players: the routes against each other, and beside the published time.

Run: ``python benchmarks/seat_chances.py`` (``--slow`` adds the ordered-pairs solve, about a minute;
``--sizes`` runs only the last table).

On the paper's board, every route gives the same fraction of 4,453 digits over
4,453 (checked here); the times are measured in this run:

* **series**: the sum of the squares of one player's finishing law by residues
  of its generating function (what ``limits players`` does);
* **unordered pairs**: one unknown of the linear system on the 3,321
  unordered pairs of squares, lifted p-adically to its proven bound;
* **ordered pairs** (``--slow``): the same on the 6,561 ordered pairs;
* **certified**: the certified enclosure ``limits players`` gave before, to
  30 and to 150 digits (not exact: the baseline it replaces).

The published computation of the same fraction took between 100 minutes and
9.3 hours with GMP. Then the growth of the series route with the board: the
exponent a in time ~ n^a between two random boards. Last, ``players(k)`` for
k = 2..4 on random boards of 10 to 200 squares, in CPU seconds, with the
exponent between the smallest and the largest: the cost model's choice of
route (exact where predicted quicker, else certified digits) keeps the time
growing with the board, never a smaller board slower than a larger one.
"""

from __future__ import annotations

import math
import random
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limits import Board, build_chain, fair  # noqa: E402
from limits.exact.digits import decimal, digit_count  # noqa: E402
from limits.game.one_player import OnePlayer  # noqa: E402
from limits.game.players import Party  # noqa: E402
from limits.game.seat_chances import SeatChances, seat_chances  # noqa: E402
from tests.multiset_oracle import _lumped  # noqa: E402

PUBLISHED = "0.50780277346091397787392387841954080716542767187942"
PUBLISHED_SECONDS = (100 * 60, 9.3 * 3600)


def _time(fn, repeat: int = 1):
    best, value = math.inf, None
    for _ in range(repeat):
        t = time.perf_counter()
        value = fn()
        best = min(best, time.perf_counter() - t)
    return best, value


def _pairs(chain, ordered: bool) -> Fraction:
    """P(seat 1 wins) = (1 + sum_t f(t)^2) / 2, the sum from one unknown of the pairs' system."""
    import scipy.sparse as sp

    from limits.exact.padic_entry import dixon_entry

    d = 6
    idx = chain.index
    moves = [[(idx[t], int(p * d)) for t, p in row if t != chain.goal] for row in chain.rows]
    finish = [sum(int(p * d) for t, p in row if t == chain.goal) for row in chain.rows]
    start = idx[chain.entry(0)]
    if ordered:
        n = len(moves)
        states = [(a, b) for a in range(n) for b in range(n)]
        out = [{(ta, tb): wa * wb for ta, wa in moves[a] for tb, wb in moves[b]} for a, b in states]
    else:
        states, out = _lumped((start, start), moves)
    pos = {s: i for i, s in enumerate(states)}
    rows, cols, vals = [], [], []
    for s, targets in zip(states, out):
        rows.append(pos[s]), cols.append(pos[s]), vals.append(d * d)
        for t, w in targets.items():
            rows.append(pos[s]), cols.append(pos[t]), vals.append(-w)
    m = sp.csr_matrix((vals, (rows, cols)), shape=(len(states), len(states)))
    m.sum_duplicates()
    squares = dixon_entry(m, [finish[a] * finish[b] for a, b in states], pos[(start, start)])
    return (1 + squares) / 2


def _board(n: int, seed: int) -> Board:
    rnd = random.Random(seed)
    jumps: dict[int, int] = {}
    used: set[int] = set()
    for _ in range(n // 6):
        a, b = rnd.randrange(1, n), rnd.randrange(0, n)
        if a != b and not {a, b} & used:
            jumps[a] = b
            used |= {a, b}
    return Board(n, jumps)


def sizes() -> None:
    """CPU seconds of ``players(k)`` (the seats' chances with the route the cost model picks) by board size."""
    squares = (10, 25, 50, 100, 200)
    for k in (2, 3, 4):  # the imports and the compiled kernels, outside the times
        build_chain(_board(10, 1), fair()).players(k)
    print("players  " + "".join(f"{n:>9}" for n in squares) + "  exponent   routes")
    for k in (2, 3, 4):
        times, routes = [], []
        for n in squares:
            chain = build_chain(_board(n, 1), fair())
            t = time.process_time()
            chain.players(k)
            times.append(max(time.process_time() - t, 1e-3))
            routes.append(seat_chances(chain, k, solve=False).route or "certified")
        slope = math.log(times[-1] / times[0]) / math.log(squares[-1] / squares[0])
        print(f"{k:7d}  " + "".join(f"{t:9.3f}" for t in times) + f"  {slope:8.1f}   {', '.join(routes)}")


def main() -> None:
    if "--sizes" in sys.argv:
        return sizes()
    chain = build_chain()
    t_series, (first, _) = _time(lambda: seat_chances(chain, 2).exact, 3)
    assert decimal(first, 50) == PUBLISHED
    assert digit_count(first.numerator) == digit_count(first.denominator) == 4453
    lo, hi = PUBLISHED_SECONDS
    print(f"series (residues)          {t_series:8.2f} s   4,453 / 4,453 digits, the published 50 places; "
          f"the published run: {lo / t_series:,.0f}x to {hi / t_series:,.0f}x longer")
    t_pairs, value = _time(lambda: _pairs(chain, ordered=False))
    assert value == first
    print(f"unordered pairs (p-adic)   {t_pairs:8.2f} s   3,321 unknowns: {t_pairs / t_series:.1f}x the series")
    if "--slow" in sys.argv:
        t_ordered, value = _time(lambda: _pairs(chain, ordered=True))
        assert value == first
        print(f"ordered pairs (p-adic)     {t_ordered:8.2f} s   6,561 unknowns: {t_ordered / t_series:.1f}x the series")
    for digits in (30, 150):
        one = OnePlayer(chain, tolerance=Fraction(1, 10**digits))
        t_cert, seats = _time(lambda: Party(one, 2).win_probability(SeatChances(2, None, reason="baseline")))
        assert seats[0].lower <= first <= seats[0].upper
        print(f"certified, {digits:3d} digits       {t_cert:8.2f} s   not exact: {t_cert / t_series:.2f}x the series")
    small, large = 100, 200
    times = {}
    for n in (small, large):
        c = build_chain(_board(n, 1), fair())
        times[n], _ = _time(lambda c=c: seat_chances(c, 2))
    print(f"series growth              {small} squares: {times[small]:.2f} s, {large}: {times[large]:.2f} s, exponent "
          f"{math.log(times[large] / times[small]) / math.log(large / small):.1f}")
    sizes()


if __name__ == "__main__":
    main()
