"""A fill-reducing order and the pattern of the LU factors of a sparse matrix.

The sparse solvers (:mod:`limits.exact.dixon` exactly, :mod:`limits.exact.gth_sparse`
in floats) factor ``B = P A P^T`` row by row on a pattern known beforehand.
SuperLU (through ``scipy.sparse.linalg.splu``) finds both: a column order
that keeps the fill-in small (COLAMD), applied symmetrically with diagonal
pivots, which never fail for the nonsingular M-matrices ``I - T`` of absorbing
chains. Its float factors also give ``log2 |det A|``, from which the exact
solver predicts the size of its answer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import ConvergenceError

__all__ = ["Ordering", "fill_reducing_order"]


@dataclass(frozen=True)
class Ordering:
    """``B = A[perm][:, perm]`` and the patterns of its factors ``B = L U`` (compressed rows).

    Attributes
    ----------
    perm : ndarray
        ``B[i, j] = A[perm[i], perm[j]]``.
    l_ptr, l_idx : ndarray
        The pattern of the strictly lower factor (its unit diagonal implied).
    u_ptr, u_idx : ndarray
        The pattern of the upper factor, the diagonal first in each row.
    log2_det : float
        ``log2 |det A|`` from the float factors (an estimate good to many digits).
    """

    perm: np.ndarray
    l_ptr: np.ndarray
    l_idx: np.ndarray
    u_ptr: np.ndarray
    u_idx: np.ndarray
    log2_det: float

    @property
    def size(self) -> int:
        """The number of rows."""
        return int(self.perm.shape[0])

    def permuted(self, matrix: Any) -> Any:
        """``matrix[perm][:, perm]`` in compressed rows with sorted columns."""
        b = matrix.tocsr()[self.perm][:, self.perm].tocsr()
        b.sort_indices()
        return b

    def inverse(self) -> np.ndarray:
        """``inv`` with ``inv[perm[i]] = i``."""
        inv = np.empty_like(self.perm)
        inv[self.perm] = np.arange(self.perm.shape[0])
        return inv


def fill_reducing_order(matrix: Any, *, pattern_only: bool = False) -> Ordering:
    """The order and factor patterns of a square sparse ``matrix`` whose diagonal pivots do not vanish.

    The patterns come from a strictly diagonally dominant M-matrix of the
    same pattern with unit off-diagonal entries: its Schur complements only
    add, so no fill-in cancels, or underflows (products of entries such as
    1e-30), to a zero that the factors would leave out. ``log2_det`` comes
    from the values factored in that order; with ``pattern_only`` (for a
    matrix singular in floats though not in exact arithmetic) it is NaN.

    Raises
    ------
    ConvergenceError
        If SuperLU had to pivot off the diagonal (the matrix is not of the
        kind the solvers are for).

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> a = sp.csr_matrix([[2.0, -1.0, 0.0], [-1.0, 2.0, -1.0], [0.0, -1.0, 2.0]])
    >>> o = fill_reducing_order(a)
    >>> round(2 ** o.log2_det, 9), o.l_idx.size + o.u_idx.size  # the entries of L and U
    (4.0, 7)
    """
    import scipy.sparse as sp
    from scipy.sparse.linalg import splu

    a = sp.csc_matrix(matrix, dtype=float)
    n = a.shape[0]
    unit = abs(a)
    unit.setdiag(0.0)
    unit.eliminate_zeros()
    unit.data[:] = 1.0
    unit = (sp.diags(np.asarray(unit.sum(axis=1)).ravel() + 1.0) - unit).tocsc()
    lu = splu(unit, permc_spec="COLAMD", diag_pivot_thresh=0.0, options={"SymmetricMode": True})
    if not np.array_equal(lu.perm_r, lu.perm_c):
        raise ConvergenceError("the sparse factorisation needed off-diagonal pivots")
    perm = np.argsort(lu.perm_c)
    lower = sp.tril(lu.L, k=-1, format="csr")
    lower.sort_indices()
    upper = sp.csr_matrix(lu.U)
    upper.sort_indices()
    log2_det = math.nan if pattern_only else 0.0
    if n and not pattern_only:
        values = splu(a[perm][:, perm].tocsc(), permc_spec="NATURAL", diag_pivot_thresh=0.0,
                      options={"SymmetricMode": True})
        if not np.array_equal(values.perm_r, np.arange(n)):
            raise ConvergenceError("the sparse factorisation needed off-diagonal pivots")
        log2_det = float(np.sum(np.log2(np.abs(values.U.diagonal()))))
    return Ordering(perm.astype(np.int64), lower.indptr.astype(np.int64), lower.indices.astype(np.int64),
                    upper.indptr.astype(np.int64), upper.indices.astype(np.int64), log2_det)
