"""Mean and variance of the length of a game in floats, for boards of a million squares.

The exact chain (:func:`limits.model.chain.build_chain`) holds every
probability as a Fraction, which costs seconds per hundred thousand squares.
This path builds ``I - T`` straight from the board, the die and the rule with
numpy (one vectorised step per face), finds the squares with finite moments
by two breadth-first searches (scipy's compressed graphs), and solves with
the sparse state reduction of :class:`limits.exact.gth_sparse.SparseChainSolver`,
which keeps a small relative error near singular chains. Checked against the
exact path in ``tests/test_scale.py``.

From :data:`~limits.checks.ITERATIVE_FROM` squares an iterative solve comes first
(BiCGSTAB preconditioned by the LU of the band of the die's moves, then one
step of refinement on the residual): with jumps of any length the state reduction's factors fill in as the square of the squares
(a 100,000-square board did not finish in two minutes), while the iterations
cost a sparse product each. Its answer is kept only where its exact residual
proves it (:func:`moment_enclosures`); otherwise (a chain near singular,
iterations that do not converge) the state reduction answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any

import numpy as np

from ..checks import ITERATIVE_FROM
from ..exact.enclosure import Enclosure, Enclosures
from ..model.board import Board
from ..model.die import Die
from ..model.rules import Rule, as_rule, landing, steps

__all__ = ["FloatMoments", "float_moments", "reduced_moments", "moment_enclosures", "MAX_ITERATIONS"]


MAX_ITERATIONS = 200
"""The most BiCGSTAB iterations of one solve (each a sparse product) before the state reduction takes over.

With the band preconditioner a solve converges in about 25 iterations on boards of 10^5 to 10^6 squares with
random jumps of any length; one that has not in 200 will not (a nearly singular chain: 2,000 iterations of it
took 4 s on the paper's board before the state reduction answered in 5 ms)."""


@dataclass(frozen=True, eq=False)
class FloatMoments:
    """Float mean and variance of the number of turns from every square with finite moments.

    Attributes
    ----------
    squares : ndarray
        The squares a player can rest on (0..N-1 without jump starts).
    mean, variance : ndarray
        By square, ``inf`` where a closed loop can trap the player.
    bounds : tuple of two Enclosures, or None
        The exact mean and variance enclosed by square (:func:`moment_enclosures`), or None where
        nothing is proven.
    """

    squares: np.ndarray
    mean: np.ndarray
    variance: np.ndarray
    bounds: tuple[Enclosures, Enclosures] | None = None

    def at(self, square: int) -> tuple[float, float]:
        """``(mean, variance)`` of a game whose turn ends on ``square`` (a resting square)."""
        i = int(np.searchsorted(self.squares, square))
        return float(self.mean[i]), float(self.variance[i])

    def bounds_at(self, square: int) -> tuple[Enclosure, Enclosure] | None:
        """The proven enclosures of the exact mean and variance on ``square``, or None.

        None where nothing is proven (a chain near singular) or where the moments are infinite.
        """
        i = int(np.searchsorted(self.squares, square))
        if self.bounds is None or not np.isfinite(self.mean[i]):
            return None
        mean, variance = (b[i] for b in self.bounds)
        return mean, Enclosure(max(variance.lower, Fraction(0)), variance.upper)


def float_moments(board: Board, die: Die, rule: Rule | str = Rule.STAY) -> FloatMoments:
    """Float mean and variance of the number of turns from every resting square.

    Examples
    --------
    >>> from limits import standard, fair
    >>> m = float_moments(standard(), fair())
    >>> round(m.at(0)[0], 9), round(m.at(0)[1], 6)
    (39.59836564, 655.488834)
    """
    import scipy.sparse as sp
    from scipy.sparse.csgraph import breadth_first_order

    rule = as_rule(rule)
    n = board.size
    land = landing(board)  # the resting squares: no chute or ladder starts there
    squares = np.flatnonzero(land[:n] == np.arange(n)).astype(np.int64)
    faces = [(f, p) for f, p in die.rolls() if p != 0]
    k = squares.shape[0]
    where = np.full(n + 1, -1, dtype=np.int64)
    where[squares] = np.arange(k)
    where[n] = k  # the goal
    rows = np.concatenate([np.arange(k)] * len(faces))
    cols = np.concatenate([where[steps(land, squares, f, rule)] for f, _ in faces])
    probs = np.concatenate([np.full(k, float(p)) for _, p in faces])
    t = sp.csr_matrix((probs, (rows, cols)), shape=(k + 1, k + 1))  # duplicates summed
    # squares that reach the goal, then those that can reach a square that does not (infinite moments)
    back = t.T.tocsr()
    reach = np.zeros(k + 1, dtype=bool)
    reach[breadth_first_order(back, k, directed=True, return_predecessors=False)] = True
    finite = reach.copy()
    if not reach.all():
        stuck = np.flatnonzero(~reach)
        seeds = sp.csr_matrix((np.ones(stuck.size), (np.full(stuck.size, k + 1), stuck)), shape=(k + 2, k + 2))
        linked = sp.bmat([[back, None], [None, sp.csr_matrix((1, 1))]], format="csr") + seeds
        finite[breadth_first_order(linked, k + 1, directed=True, return_predecessors=False)[1:]] = False
    keep = np.flatnonzero(finite[:k])
    sub = t[keep][:, np.append(keep, k)].tocsr()
    inner = sub[:, : keep.size]
    exits = np.asarray(sub[:, keep.size].todense()).ravel()
    a = (sp.identity(keep.size, format="csr") - inner).tocsr()
    scale = lcm(*(p.denominator for _, p in faces))
    exact = None
    if scale.bit_length() <= 58:  # D (I - T) in 64-bit words, with room for the exact products
        counts = np.concatenate([np.full(k, int(p * scale), dtype=np.int64) for _, p in faces])
        part_t = sp.csr_matrix((counts, (rows, cols)), shape=(k + 1, k + 1))[keep][:, keep]
        exact = (sp.identity(keep.size, dtype=np.int64, format="csr") * scale - part_t).tocsr(), scale
    found = None
    if keep.size >= ITERATIVE_FROM and exact is not None:
        found = _iterative_moments(a, inner, exits, len(faces), exact)
    if found is None:
        mean, variance = reduced_moments(a, exits, inner)
        part = None if exact is None else moment_enclosures(*exact, mean, variance)
    else:
        mean, variance, part = found
    full_mean, full_var = np.full(k, np.inf), np.full(k, np.inf)
    full_mean[keep], full_var[keep] = mean, variance
    bounds = None if part is None else tuple(e.placed(keep, k) for e in part)
    return FloatMoments(squares, full_mean, full_var, bounds)


def reduced_moments(a, exits: np.ndarray, inner=None) -> tuple[np.ndarray, np.ndarray | None]:
    """The mean of ``a = I - T`` (rows leaving with ``exits``) and, given ``inner`` (T itself), the variance, by
    the state reduction of :class:`~limits.exact.gth_sparse.SparseChainSolver`.

    The variance solves ``(I - T) v = q`` with ``q_i = sum_j T_ij (m_j - m_i + 1)^2`` (the goal's mean 0,
    :func:`_second_rhs`): nonnegative terms, so the solve only adds, unlike ``m2 - m^2``.
    """
    from ..exact.gth_sparse import SparseChainSolver

    solver = SparseChainSolver(a, exits)
    mean = solver.solve(np.ones(a.shape[0]))
    return mean, None if inner is None else solver.solve(_second_rhs(inner, exits, mean))


def _second_rhs(inner, exits: np.ndarray, mean: np.ndarray) -> np.ndarray:
    """The variance's right-hand side ``q_i = sum_j T_ij (m_j - m_i + 1)^2`` (the goal's m is 0)."""
    coo = inner.tocoo()
    gaps = mean[coo.col] - mean[coo.row] + 1.0
    q = np.bincount(coo.row, weights=coo.data * gaps * gaps, minlength=mean.size).astype(float)  # int when empty
    return q + exits * (1.0 - mean) ** 2


BAND = 24
"""The widest band (squares either side) of the preconditioner of the iterative solves."""


def _band_preconditioner(a, faces: int):
    """``M^-1`` for ``M`` the part of ``a = I - T`` within ``min(2 faces, BAND)`` squares of the diagonal, or None.

    ``M`` is ``I - T'`` with ``T' <= T``, so it is nonsingular where ``a`` is (the spectral radius of ``T'`` is at
    most that of ``T``, below 1 on the squares kept); its LU in the natural order fills only its band. The long
    jumps are what it leaves out: on a million squares with 100,000 random jumps BiCGSTAB then takes 23
    iterations instead of 211. A preconditioner changes how an answer is found, never what the residual bounds
    prove of it. The band is factored by LAPACK's banded LU (``dgbtrf``), which stores the band alone, where a
    general sparse LU reserves many times the matrix up front (on a million squares, more than 5 GiB).
    """
    from scipy.linalg.lapack import dgbtrf, dgbtrs
    from scipy.sparse.linalg import LinearOperator

    width = min(2 * faces, BAND)
    coo = a.tocoo()
    near = np.abs(coo.row - coo.col) <= width
    rows, cols, values = coo.row[near], coo.col[near], coo.data[near]

    stored = np.zeros((3 * width + 1, a.shape[0]), order="F")  # A[i, j] at [2 width + i - j, j]; LU's fill above
    np.add.at(stored, (2 * width + rows - cols, cols), values)
    lu, pivots, info = dgbtrf(stored, width, width, overwrite_ab=True)
    if info != 0:
        return None
    return LinearOperator(a.shape, lambda b: dgbtrs(lu, width, width, b, pivots)[0])


def _iterative(a, rhs: np.ndarray, m=None) -> np.ndarray | None:
    """``a x = rhs`` by BiCGSTAB (preconditioned by ``m``) and one step of refinement; None if it does not
    converge. One step brings the residual to the floor of its float evaluation (a second gave the same residual
    bounds on 200,000 squares and took a third of the time)."""
    from scipy.sparse.linalg import bicgstab

    x, info = bicgstab(a, rhs, rtol=1e-13, atol=0.0, maxiter=MAX_ITERATIONS, M=m)
    if info != 0 or not np.all(np.isfinite(x)):
        return None
    r = rhs - a @ x
    size = float(np.max(np.abs(r)))
    if size == 0.0:
        return x
    # the correction solves for r / size, since scipy's breakdown test (rho < eps^2) is absolute: on a residual
    # near 1e-13 it stopped the mean's refinement early and the correction was thrown away. 1e-4 of it is enough
    # to bring the residual to the floor of its float evaluation (on 10^5 squares the same bounds as with 1e-10,
    # in 9 iterations instead of 17)
    dx, info = bicgstab(a, r / size, rtol=1e-4, atol=0.0, maxiter=MAX_ITERATIONS, M=m)
    return x if info < 0 or not np.all(np.isfinite(dx)) else x + size * dx


def _iterative_moments(a, inner, exits: np.ndarray, faces: int, exact: tuple[Any, int]):
    """``(mean, variance, enclosures)`` by :func:`_iterative`, or None unless the exact residuals prove them."""
    m = _band_preconditioner(a, faces)
    mean = _iterative(a, np.ones(a.shape[0]), m)
    if mean is None:
        return None
    variance = _iterative(a, _second_rhs(inner, exits, mean), m)
    if variance is None:
        return None
    part = moment_enclosures(*exact, mean, variance)
    return None if part is None else (mean, variance, part)


def _exact_shift(values: np.ndarray) -> int:
    """The least ``s >= 0`` that makes every float of ``values`` times ``2^s`` an integer."""
    return max(0, 53 - int(np.frexp(values)[1].min(initial=53)))


def moment_enclosures(matrix: Any, scale: int, mean: np.ndarray, variance: np.ndarray
                      ) -> tuple[Enclosures, Enclosures] | None:
    """The exact mean and variance enclosed around the floats by their exact residuals, or None where unproven.

    With ``A = D (I - T)`` (``matrix``, integers; ``scale`` is D) the mean m solves ``A m = D 1``, and the
    float mean itself bounds ``A^-1 1`` where its ``A x`` is positive (:mod:`limits.exact.residual`). The second
    moment ``s = v + m^2`` solves ``A s = D (2 m - 1)``, a right-hand side known within ``2 D`` times the
    mean's errors; the variance is ``s - m^2``. The floats are read exactly, so the enclosures hold them too.
    None where the mean's error is not below the mean itself (a chain too near singular for its floats).

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> a = sp.csr_matrix(np.array([[1]]))  # one square, left with chance 1/2: D = 2, mean 2, variance 2
    >>> m, v = moment_enclosures(a, 2, np.array([2.0]), np.array([2.0 + 1e-15]))
    >>> m[0].is_exact, 2 in v[0], float(v[0].width) < 1e-14
    (True, True, True)
    """
    from ..exact.residual import enclose, integers, inverse_bound

    if not (np.all(np.isfinite(mean)) and np.all(np.isfinite(variance))):
        return None
    s = _exact_shift(mean)
    t = max(2 * s, _exact_shift(variance))
    x = integers(mean, s)
    bound = inverse_bound(matrix, x)
    if bound is None:
        return None
    m = enclose(matrix, np.full(x.size, scale << s, dtype=object), x, s, bound)
    if np.any(m.errors >= x):  # a mean not proven to within itself proves nothing of use
        return None
    e, up, squares = m.errors, t - s, (x * x) << (t - 2 * s)
    second = enclose(matrix, scale * (2 * x - (1 << s)) << up, integers(variance, t) + squares, t, bound,
                     2 * scale * max(e, default=0) << up)
    return m, Enclosures(second.numerators - squares, second.errors + ((2 * x + e) * e << (t - 2 * s)), 1 << t)
