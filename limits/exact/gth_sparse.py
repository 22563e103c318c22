"""Float64 solves of sparse ``(I - T) x = r`` that stay accurate near a singular chain.

``A = I - T`` for the transient part of an absorbing chain is factored
``A = L U`` in a fill-reducing order (:func:`~limits.exact.sparse_lu.fill_reducing_order`)
the way Grassmann, Taksar and Heyman reduce states: each pivot is its row's
exit probability plus the sizes of its off-diagonal entries, never
``1 - T[i, i]``, and with ``r >= 0`` the solve only adds. Every entry of ``x``
then keeps a small relative error even when the chance of leaving a loop is
1e-23. The factorisation is compiled with numba (the ``fast`` extra); without
numba, the same kernels run in plain Python on small systems, and SuperLU's
float factors solve large ones with the ordinary (subtraction) pivots.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Sequence

import numpy as np

from ..errors import ConvergenceError
from .sparse_lu import Ordering, fill_reducing_order

__all__ = ["SparseChainSolver", "PYTHON_GTH_ENTRIES", "COMPILED_GTH_FROM"]

COMPILED_GTH_FROM = 40_000
"""With numba, factors of fewer entries are still reduced by the plain Python kernels: importing numba and
loading the compiled kernels from its cache (about 1.2 s of CPU time in all) costs more than reducing them in
Python (0.7 s for a whole process at 20,000 entries, 1.8 s at 66,000; ``python benchmarks/kernels.py``)."""

PYTHON_GTH_ENTRIES = 50_000
"""Without numba, factors of up to this many entries are reduced by the same kernels in plain Python (a second),
which keep their digits where ``1 - p`` vanishes in floats; larger ones go to SuperLU's float factors, which
cannot (a matrix singular in floats is then refused)."""


@dataclass(frozen=True, eq=False)
class SparseChainSolver:
    """Solves ``(I - T) x = r`` for a sparse substochastic ``T``, factored once.

    Parameters
    ----------
    matrix : scipy.sparse matrix
        ``I - T`` in floats (its diagonal is read only by SuperLU, on large systems without numba).
    exits : array of float
        The row sums of ``I - T``: each row's probability of leaving the
        transient states, summed exactly before it was rounded.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> a = sp.csr_matrix([[1.0, -0.5], [0.0, 0.5]])
    >>> SparseChainSolver(a, np.array([0.5, 0.5])).solve(np.ones(2))
    array([2., 2.])
    """

    matrix: Any
    exits: np.ndarray

    @cached_property
    def ordering(self) -> Ordering:
        """The fill-reducing order and the factor patterns."""
        return fill_reducing_order(self.matrix, pattern_only=True)  # its float values may be singular

    @cached_property
    def _kernels(self) -> Any:
        """The plain Python kernels for small factors or without numba, else the compiled ones."""
        from . import _kernels

        o = self.ordering
        if not _kernels.have_numba() or o.l_idx.shape[0] + o.u_idx.shape[0] < COMPILED_GTH_FROM:
            return _kernels.python()
        return _kernels.compiled()

    @cached_property
    def _factors(self) -> tuple:
        from ._kernels import have_numba

        o = self.ordering
        kr = self._kernels
        if not have_numba() and o.l_idx.shape[0] + o.u_idx.shape[0] > PYTHON_GTH_ENTRIES:
            return self._superlu("this chain is singular in floats: its state reduction needs numba (the 'fast' "
                                 f"extra) on factors of more than {PYTHON_GTH_ENTRIES} entries")
        b = o.permuted(self.matrix)
        lx = np.zeros(o.l_idx.shape[0])
        ux = np.zeros(o.u_idx.shape[0])
        exits = np.ascontiguousarray(self.exits[o.perm], dtype=float)
        row = kr.factor_gth(o.size, b.indptr, b.indices, b.data.astype(float), exits, o.l_ptr, o.l_idx, lx,
                            o.u_ptr, o.u_idx, ux)
        if row >= 0:  # a pattern that missed a fill-in: SuperLU's own float factors
            return self._superlu(f"the state reduction failed at row {row}")
        return ("gth", lx, ux)

    def _superlu(self, failure: str) -> tuple:
        """SuperLU's float factors (with subtraction), or ``failure`` as a ConvergenceError."""
        import scipy.sparse as sp
        from scipy.sparse.linalg import splu

        try:
            return ("superlu", splu(sp.csc_matrix(self.matrix, dtype=float)))
        except RuntimeError:
            raise ConvergenceError(failure) from None

    def solve(self, r: Sequence[float]) -> np.ndarray:
        """``x`` with ``(I - T) x = r``; for ``r >= 0`` every entry has a small relative error (by the state reduction)."""
        factors = self._factors
        kr = self._kernels
        rhs = np.asarray(r, dtype=float)
        if factors[0] == "superlu":
            return factors[1].solve(rhs)
        o = self.ordering
        x = np.zeros(o.size)
        kr.solve_gth(o.size, o.l_ptr, o.l_idx, factors[1], o.u_ptr, o.u_idx, factors[2], np.ascontiguousarray(rhs[o.perm]), x)
        return x[o.inverse()]
