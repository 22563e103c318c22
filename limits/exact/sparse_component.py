"""Large blocks of an exact sparse solve: a transient component by p-adic lifting, products in integers.

:class:`SparseComponent` holds ``A`` on one transient component of an
:class:`~limits.exact.mmatrix.MMatrix` as ``M = D A`` (sparse integers, ``D``
the common denominator of its entries) with its fill-reducing order, found
once; each column is then solved by p-adic lifting
(:func:`~limits.exact.dixon.dixon_solve`), its right-hand side written over
one common denominator. :func:`common_denominator_times` multiplies a sparse
matrix by a large block the same way: in integers, one reduction per entry
of the product at the end, where adding ``fmpq`` one by one would take a
gcd of large numbers at every step.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from flint import fmpq, fmpz

__all__ = ["SparseComponent", "common_denominator_times"]

ZERO = fmpq(0)


def common_denominator_times(rows: Sequence[Mapping[int, fmpq]], block: list[list[fmpq]]) -> list[list[fmpq]]:
    """``rows @ block`` exactly, each column of ``block`` over its common denominator.

    Examples
    --------
    >>> common_denominator_times([{0: fmpq(1, 2), 1: fmpq(1)}, {}], [[fmpq(2, 3)], [fmpq(1, 6)]])
    [[1/2], [0]]
    """
    c = len(block[0]) if block else 0
    d = math.lcm(1, *(int(a.q) for row in rows for a in row.values()))
    scaled = [{j: int(a.p) * (d // int(a.q)) for j, a in row.items()} for row in rows]
    out: list[list[fmpq]] = [[ZERO] * c for _ in rows]
    for t in range(c):
        den = fmpz(1)
        for r in block:
            q = r[t].q
            if q != 1 and den % q != 0:
                den = den * q // den.gcd(q)
        nums = [r[t].p * (den // r[t].q) for r in block]
        whole = den * d
        for i, row in enumerate(scaled):
            acc = fmpz(0)
            for j, a in row.items():
                acc += a * nums[j]
            if acc:
                out[i][t] = fmpq(acc, whole)
    return out


@dataclass(frozen=True, eq=False)
class SparseComponent:
    """``A`` on one transient component as ``M = D A`` (sparse integers), with its fill-reducing order.

    Attributes
    ----------
    matrix : scipy.sparse.csr_matrix
        ``M``, of 64-bit integers, over the component's states in the order given.
    scale : int
        ``D``, the common denominator of the entries of ``A`` there.
    ordering : Ordering
        The fill-reducing order and the patterns of the factors of ``M``.

    Examples
    --------
    >>> half = fmpq(1, 2)
    >>> c = SparseComponent.of(({0: fmpq(1), 1: -half}, {0: -half, 1: fmpq(1)}), (0, 1))
    >>> c.scale, c.solve([fmpq(1), fmpq(1)])
    (2, [2, 2])
    """

    matrix: Any
    scale: int
    ordering: Any

    @classmethod
    def of(cls, rows: Sequence[Mapping[int, fmpq]], members: Sequence[int]) -> "SparseComponent | None":
        """The component of ``members`` (a nonsingular M-matrix there) of the sparse ``rows``; None when a row of
        ``M`` weighs more than the lifting can carry (:data:`~limits.exact.dixon.MAX_ROW_WEIGHT` less a digit, as
        a die of long denominators makes it): a dense solve then."""
        import numpy as np
        import scipy.sparse as sp

        from .dixon import MAX_ROW_WEIGHT, PRIMES
        from .sparse_lu import fill_reducing_order

        pos = {s: t for t, s in enumerate(members)}
        entries = [(pos[i], pos[j], a) for i in members for j, a in rows[i].items() if j in pos]
        d = math.lcm(*(int(a.q) for _, _, a in entries))
        scaled = [int(a * d) for _, _, a in entries]
        weights = [0] * len(members)
        for (i, _, _), v in zip(entries, scaled):
            weights[i] += abs(v)
        if max(weights) + PRIMES[0] > MAX_ROW_WEIGHT:
            return None
        data = np.array(scaled, dtype=np.int64)
        m = sp.csr_matrix((data, ([i for i, _, _ in entries], [j for _, j, _ in entries])),
                          shape=(len(members), len(members)))
        return cls(m, d, fill_reducing_order(m))

    def solve(self, b: list[fmpq]) -> list[fmpq]:
        """``A^-1 b`` exactly."""
        from .dixon import dixon_solve

        den = math.lcm(*(int(v.q) for v in b))
        if not any(b):
            return [ZERO] * len(b)
        x = dixon_solve(self.matrix, [int(v.p) * (den // int(v.q)) * self.scale for v in b],
                           ordering=self.ordering)
        q = fmpz(x.denominator) * den
        return [fmpq(v, q) for v in x.numerators]
