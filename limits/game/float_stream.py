"""Survival on large boards, turn by turn in floats with proven error bounds, to decide the mode.

The exact stream of :mod:`limits.game.distribution` moves integer masses
through every transition in a Python loop: on a board of 10,000 squares the
mode, decided a few thousand turns out, took fifteen seconds. Here the mass
moves by a sparse float product, and every turn carries a bound on how far
the floats can be from the exact survival, so each decision that the bounds
settle is exact; the rest go back to exact arithmetic (the callers do that).

The bound. With ``Q`` the transitions between transient squares (each
entry rounded to the nearest float, a relative error of at most ``u``) and
``w`` the float mass, one turn computes ``fl(Q^T w)``; each entry is a sum of
at most ``k`` products of nonnegative numbers, so the rounding is at most
``gamma = (k + 2) u / (1 - (k + 2) u)`` times the exact sum, and underflow
adds at most ``2^-1074`` per product. The exact mass ``v`` moves by the same
substochastic ``Q``, which does not enlarge an error in the 1-norm, so after
M turns ``||w - v||_1 <= sum_j (gamma ||w_j||_1 + nnz 2^-1074)``. The
survival ``S(M) = sum v`` is then within that, plus the rounding of the
correctly rounded sum (``math.fsum``), of ``fsum(w)``.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Iterator

from ..model.chain import Chain

__all__ = ["survival_bounds"]


_U = Fraction(1, 2**53)
_TINY = Fraction(1, 2**1074)


def survival_bounds(chain: Chain, square: int) -> Iterator[tuple[Fraction, Fraction]]:
    """Yield ``(lower, upper)`` with ``lower <= S(M) <= upper`` for M = 0, 1, 2, ..., from ``square``.

    Examples
    --------
    >>> from limits import build_chain
    >>> chain = build_chain()
    >>> bounds = survival_bounds(chain, 0)
    >>> pairs = [next(bounds) for _ in range(41)]
    >>> exact = chain.survival(40)
    >>> all(lo <= s <= hi for (lo, hi), s in zip(pairs, exact))
    True
    >>> float(pairs[40][1] - pairs[40][0]) < 1e-13
    True
    """
    import numpy as np
    import scipy.sparse as sp

    index, n = chain.index, len(chain.states)
    rows, cols, vals = [], [], []
    for i, row in enumerate(chain.rows):
        for t, p in row:
            j = index.get(t)
            if j is not None:
                rows.append(j)
                cols.append(i)
                vals.append(float(p))
    terms = np.bincount(np.array(rows, dtype=np.int64), minlength=n).max(initial=0)  # products per entry
    gamma = (int(terms) + 2) * _U / (1 - (int(terms) + 2) * _U)
    matrix = sp.csr_matrix((np.array(vals), (np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64))),
                           shape=(n, n))
    underflow = len(vals) * _TINY
    mass = np.zeros(n)
    mass[index[square]] = 1.0
    error = Fraction(0)
    while True:
        total = Fraction(math.fsum(mass.tolist()))
        margin = error + total * _U
        yield max(Fraction(0), total - margin), min(Fraction(1), total + margin)
        error += gamma * total * (1 + _U) + underflow
        mass = matrix @ mass


def mode_candidates(chain: Chain, square: int, turns: int) -> list[int] | None:
    """The turns that the bounds leave as possible modes, once they prove no later turn can be; None if that
    is not proven within ``turns`` turns. For a chain without traps (every game ends).

    ``P(D = M) = S(M - 1) - S(M)``; the search stops once the upper bound of
    ``S(M)``, all that is still to end, is below the largest lower bound of
    a ``P(D = M)`` seen, and keeps the turns whose upper bound reaches it.

    Examples
    --------
    >>> from limits import build_chain
    >>> mode_candidates(build_chain(), 0, 1000)
    [22]
    """
    best = Fraction(-1)
    highs: list[Fraction] = []
    before_lo = before_hi = Fraction(1)
    for _, (lo, hi) in zip(range(turns + 1), survival_bounds(chain, square)):
        best = max(best, before_lo - hi)
        highs.append(before_hi - lo)
        if hi < best:
            return [m for m, p in enumerate(highs) if p >= best]
        before_lo, before_hi = lo, hi
    return None
