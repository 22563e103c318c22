"""Certified enclosures of one entry of ``(I - T) x = r`` by state reduction in ball arithmetic.

For an absorbing chain, ``x = r + T x`` on the transient states. Eliminating
a state k (Grassmann, Taksar and Heyman) replaces, for every state i that
moves to k with probability ``T[i, k]``,

    T[i, j] += T[i, k] T[k, j] / out(k),   exit(i) += T[i, k] exit(k) / out(k),
    r[i] += T[i, k] r[k] / out(k),

where ``out(k) = exit(k) + sum_{j != k} T[k, j]`` is the probability of
leaving k, added up from its parts and never formed as ``1 - T[k, k]`` (a
move from i back to i through k is a stay at i, which needs no entry: the
pivot of i is again its exit plus its other moves). Once every state but one,
s, is eliminated, ``x[s] = r[s] / out(s)``.

With ``r >= 0`` every operation adds, multiplies or divides nonnegative
numbers. In python-flint's ball arithmetic (``arb``) the relative radius of
each ball then grows by about one rounding per operation along the way,
however close to singular the chain is: a chance of leaving a loop of 1e-23
costs no precision, where a solve with subtractions would lose 23 digits (and
more per order of the pole). The enclosure is rigorous whatever the
precision; the precision only decides how tight it is. States are eliminated
in a fill-reducing order (:func:`~limits.exact.sparse_lu.fill_reducing_order`)
with s last, so the work is that of one sparse factorisation.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

__all__ = ["elimination_order", "ball_reduce"]


def elimination_order(rows: Sequence[Mapping[int, Any]], last: int) -> list[int]:
    """A fill-reducing order of the states (SuperLU's COLAMD), with the state ``last`` moved to the end.

    Examples
    --------
    >>> elimination_order([{1: 1}, {2: 1}, {}], 0)[-1]
    0
    """
    import numpy as np
    import scipy.sparse as sp

    from .sparse_lu import fill_reducing_order

    n = len(rows)
    r = [i for i, row in enumerate(rows) for _ in row] + list(range(n))
    c = [j for row in rows for j in row] + list(range(n))
    pattern = sp.csr_matrix((np.ones(len(r)), (r, c)), shape=(n, n))
    perm = [int(i) for i in fill_reducing_order(pattern, pattern_only=True).perm]
    return [i for i in perm if i != last] + [last]


def ball_reduce(rows: Sequence[Mapping[int, Any]], exits: Sequence[Any], rhs: Sequence[Any], order: Sequence[int],
                bits: int) -> Any:
    """``x[order[-1]]`` of ``(I - T) x = r`` as an ``arb`` ball, by state reduction at ``bits`` of precision.

    Parameters
    ----------
    rows : sequence of mapping
        ``rows[i][j] = T[i, j] >= 0`` for ``j != i`` (moves between the
        system's states; a stay is left out), exact (``fmpq``, ``Fraction``
        or ``int``).
    exits : sequence
        Each state's probability of leaving the system (to the goal), exact, ``>= 0``.
    rhs : sequence
        ``r >= 0``, exact.
    order : sequence of int
        Every state once; the last is the one solved for.
    bits : int
        The working precision.

    Returns
    -------
    arb
        A ball that contains the exact ``x[order[-1]]`` (infinite radius when
        the chain does not leave the system from there).

    Examples
    --------
    A loop {0, 1} left with probability 1e-23 per turn from 1:

    >>> from flint import fmpq
    >>> e = fmpq(1, 10**23)
    >>> x = ball_reduce([{1: fmpq(1)}, {0: 1 - e}], [0, e], [1, 1], [1, 0], 80)
    >>> x.contains(2 * 10**23), x.rad() < x.mid() * fmpq(1, 10**20)
    (True, True)
    """
    from flint import arb, ctx, fmpq

    def ball(v: Any) -> Any:  # an int or a Fraction by its numerator and denominator
        return arb(v) if isinstance(v, fmpq) else arb(fmpq(v.numerator, v.denominator))

    with ctx.workprec(bits):
        out: list[dict[int, Any]] = [{j: ball(v) for j, v in row.items() if v and j != i}
                                     for i, row in enumerate(rows)]
        leave = [ball(v) for v in exits]
        r = [ball(v) for v in rhs]
        into: list[set[int]] = [set() for _ in rows]
        for i, row in enumerate(out):
            for j in row:
                into[j].add(i)
        for k in order[:-1]:
            row = out[k]
            pivot = leave[k] + sum(row.values(), arb(0))
            for j in row:
                into[j].discard(k)
            for i in into[k]:
                f = out[i].pop(k) / pivot
                target = out[i]
                for j, a in row.items():
                    if j == i:
                        continue  # i -> k -> i is a stay at i
                    if j in target:
                        target[j] += f * a
                    else:
                        target[j] = f * a
                        into[j].add(i)
                leave[i] += f * leave[k]
                r[i] += f * r[k]
            out[k] = {}
            into[k] = set()
        s = order[-1]
        pivot = leave[s] + sum(out[s].values(), arb(0))
        return r[s] / pivot
