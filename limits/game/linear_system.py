"""The system ``(I - T) x = r`` on the squares with finite moments, and the engine that solves it.

Exactly, small systems are solved dense (python-flint); from
:data:`~limits.checks.SPARSE_FROM` squares on, by p-adic lifting
(:func:`limits.exact.dixon.dixon_solve`, with numba, the ``fast`` extra), the
mean and then the second moment in the same order: the same values bit for
bit. In floats every system goes to the state reduction
(:class:`limits.exact.gth_sparse.SparseChainSolver`), which keeps its digits
near p = 1 where a dense float solve, forming ``1 - T_ii``, loses them all.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import Any

from ..checks import MAX_EXACT_SQUARES, SPARSE_FROM
from ..errors import TooLargeError
from ..model.chain import Chain

__all__ = ["FiniteSystem", "finite_system"]


@dataclass(frozen=True, eq=False)
class FiniteSystem:
    """The squares with finite moments and ``I - T`` on them, as sparse rows.

    Attributes
    ----------
    finite : tuple of int
        The squares of the system, in increasing order: for the moments (:func:`finite_system`) those from
        which no trap can be reached; for the chance to end, those outside the closed traps.
    """

    chain: Chain
    finite: tuple[int, ...]

    @cached_property
    def position(self) -> dict[int, int]:
        """Index of each finite square."""
        return {s: i for i, s in enumerate(self.finite)}

    @cached_property
    def entries(self) -> tuple[list[int], list[int], list[Any], list[Any]]:
        """``I - T`` as (rows, columns, values) and each row's exit probability (to the goal), exact."""
        rows: list[int] = []
        cols: list[int] = []
        vals: list[Any] = []
        exits: list[Any] = []
        chain, pos = self.chain, self.position
        for s in self.finite:
            i = pos[s]
            diagonal: Any = Fraction(1)
            out: Any = Fraction(0)
            for target, prob in chain.rows[chain.index[s]]:
                if target == s:
                    diagonal -= prob
                elif target in pos:
                    rows.append(i)
                    cols.append(pos[target])
                    vals.append(-prob)
                elif target == chain.goal:  # a square outside the system and off the goal is a trap's
                    out += prob
            rows.append(i)
            cols.append(i)
            vals.append(diagonal)
            exits.append(out)
        return rows, cols, vals, exits

    def dense(self) -> list[list[Any]]:
        """``I - T`` on the finite squares as a dense exact matrix (from the same sparse entries).

        Examples
        --------
        >>> from limits import Board, build_chain, fair
        >>> finite_system(build_chain(Board(2), fair(2))).dense()
        [[Fraction(1, 1), Fraction(-1, 2)], [Fraction(0, 1), Fraction(1, 2)]]
        """
        n = len(self.finite)
        a = [[Fraction(0)] * n for _ in range(n)]
        rows, cols, vals, _ = self.entries
        for i, j, v in zip(rows, cols, vals):
            a[i][j] = v
        return a

    def solved_sparse(self, exact: bool) -> bool:
        """Whether a sparse engine solves the system: from :data:`~limits.checks.SPARSE_FROM` squares on, numbers (not
        symbols); exactly, only with numba and when the common denominator ``D`` of the probabilities
        keeps the lifting in 64-bit words (4 D at most :data:`~limits.exact.dixon.MAX_ROW_WEIGHT`)."""
        if len(self.finite) < SPARSE_FROM or self.chain.is_symbolic:
            return False
        if not exact:
            return True
        from ..exact._kernels import have_numba
        from ..exact.dixon import MAX_ROW_WEIGHT

        return have_numba() and 4 * self.scale <= MAX_ROW_WEIGHT

    @cached_property
    def scale(self) -> int:
        """The common denominator ``D`` of the entries of ``I - T``."""
        return lcm(*(Fraction(v).denominator for v in self.entries[2])) if self.entries[2] else 1

    def integer_matrix(self) -> tuple[Any, int]:
        """``(M, D)`` with ``M = D (I - T)`` a sparse integer matrix and ``D`` the common denominator."""
        import numpy as np
        import scipy.sparse as sp

        rows, cols, vals, _ = self.entries
        scale = self.scale
        data = [int(v * scale) for v in vals]
        n = len(self.finite)
        return sp.csr_matrix((np.array(data, dtype=np.int64), (rows, cols)), shape=(n, n)), scale

    def exact_moments(self, second: bool) -> tuple[Any, Any]:
        """The mean from every finite square and, with ``second``, the second moment (RationalVectors).

        With ``M = D (I - T)`` the mean ``n / d`` solves ``M m = D 1`` and the second moment ``s`` solves
        ``M s = D (2 m - 1)``, so ``d s`` solves ``M (d s) = D (2 n - d)``, in the same order as the mean; the
        denominator of ``s`` divides ``d^2``, so that of ``d s`` divides ``d``.
        """
        from ..exact.dixon import RationalVector, dixon_solve
        from ..exact.sparse_lu import fill_reducing_order

        n = len(self.finite)
        self._check_exact_size()
        m, scale = self.integer_matrix()
        order = fill_reducing_order(m)
        mean = dixon_solve(m, [scale] * n, ordering=order)
        if not second:
            return mean, None
        d = mean.denominator
        s = dixon_solve(m, [scale * (2 * v - d) for v in mean.numerators], ordering=order, denominator=d)
        return mean, RationalVector(s.numerators, s.denominator * d)

    def exact_mean_at(self, at: int) -> Fraction:
        """The mean from the finite square of index ``at`` alone, exactly (:func:`limits.exact.padic_entry.dixon_entry`)."""
        from ..exact.padic_entry import dixon_entry

        self._check_exact_size()
        m, scale = self.integer_matrix()
        return dixon_entry(m, [scale] * len(self.finite), at)

    def _check_exact_size(self) -> None:
        n = len(self.finite)
        if n > MAX_EXACT_SQUARES:
            raise TooLargeError(f"exact moments on {n} squares are past the limit MAX_EXACT_SQUARES = "
                                f"{MAX_EXACT_SQUARES}; ask for floats")

    def float_moments(self, second: bool) -> tuple[Any, Any]:
        """The mean and, with ``second``, the variance from every finite square, in floats, by the state
        reduction (:func:`limits.game.float_duration.reduced_moments`)."""
        import numpy as np
        import scipy.sparse as sp

        from .float_duration import reduced_moments

        rows, cols, vals, exits = self.entries
        n, ends = len(self.finite), np.array([float(e) for e in exits])
        a = sp.csr_matrix((np.array([float(v) for v in vals]), (rows, cols)), shape=(n, n))
        steps = [float(int(i == j) - v) for i, j, v in zip(rows, cols, vals)]  # T itself, each entry as the chain's
        return reduced_moments(a, ends, sp.csr_matrix((steps, (rows, cols)), shape=(n, n)) if second else None)


def finite_system(chain: Chain) -> FiniteSystem:
    """The system of ``chain`` on the squares with finite moments.

    Examples
    --------
    >>> from limits import build_chain, weighted
    >>> s = finite_system(build_chain(die=weighted(3, 1)))
    >>> len(s.finite), 0 in s.position, s.solved_sparse(exact=True)
    (16, False, False)
    """
    trapped = chain.trapped
    return FiniteSystem(chain, tuple(s for s in chain.states if s not in trapped))
