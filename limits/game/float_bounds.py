"""Certified bounds on float moments, from their residuals.

For the absorbing chain's ``A = I - T`` (an M-matrix, ``A^{-1} >= 0``) the
expected turns ``m`` solve ``A m = 1``. For any float approximation ``x`` the
error is ``m - x = A^{-1} r`` with the residual ``r = 1 - A x``, so
``|m - x| <= ||r||_inf A^{-1} 1 = rho m`` square by square, and

    x / (1 + rho) <= m <= x / (1 - rho)        (rho < 1).

The variance ``v`` solves ``A v = q(m)``; with ``w`` a bound on
``|q(m) - A y|`` for the float ``y``, ``|v - y| <= A^{-1} w <= ||w||_inf m``.
The residuals are computed in floats, and bounded together with every
rounding (of the probabilities, the products and the sums) by the standard
``gamma_k = k u / (1 - k u)`` bounds of round-to-nearest arithmetic, ``u = 2^-53``.

Where the chain is nearly singular (a loop left with chance ``1e-30``) the
residual of even an accurate float answer is large, and no bound is given:
the state reduction's accuracy there is real but not provable this way.
"""

from __future__ import annotations

import numpy as np

__all__ = ["moment_bounds"]

_U = 2.0**-53
_SLACK = 1.0 + 1e-12  # covers the rounding of the bounds' own sums (gamma_n for n below 9,000 terms)


def _gamma(k: int) -> float:
    return k * _U / (1.0 - k * _U)


def moment_bounds(inner, exits: np.ndarray, mean: np.ndarray, variance: np.ndarray, faces: int):
    """Lower and upper bounds of the mean and the variance at every square, or None where none is proven.

    Parameters
    ----------
    inner : scipy.sparse.csr_matrix
        The float ``T`` between transient squares (each entry a sum of at most
        ``faces`` rounded probabilities).
    exits : ndarray
        The float chance of reaching the goal from each square.
    mean, variance : ndarray
        The float answers to bound.
    faces : int
        The number of faces of the die (the terms of any one entry of ``T``).

    Returns
    -------
    tuple of four ndarrays, or None
        ``(mean_lower, mean_upper, variance_lower, variance_upper)``.

    Examples
    --------
    >>> import numpy as np, scipy.sparse as sp
    >>> t = sp.csr_matrix(np.array([[0.5]]))  # one square, left with chance 1/2: mean 2, variance 2
    >>> lo, hi, vlo, vhi = moment_bounds(t, np.array([0.5]), np.array([2.0]), np.array([2.0]), 2)
    >>> bool(lo[0] <= 2 <= hi[0] and vlo[0] <= 2 <= vhi[0] and hi[0] - lo[0] < 1e-12)
    True
    """
    if mean.size == 0:
        return mean, mean, variance, variance
    if not (np.all(np.isfinite(mean)) and np.all(np.isfinite(variance))):
        return None
    g = _gamma(2 * faces + 12)
    x, y = mean, variance
    ax = np.abs(x)
    # the mean: r = 1 - x + T x
    tx = inner @ ax
    r = 1.0 - x + inner @ x
    rho = float(np.max(np.abs(r) + g * (1.0 + ax + 2.0 * tx))) * _SLACK
    if not rho < 0.5:
        return None
    lower = x / (1.0 + rho) * (1.0 - 4 * _U)
    upper = x / (1.0 - rho) * (1.0 + 4 * _U)
    mh = np.maximum(np.abs(lower), np.abs(upper))
    # |q(m) - q(x)| square by square, with the rounding of q(x) itself
    coo = inner.tocoo()
    gap = np.abs(x[coo.col] - x[coo.row] + 1.0)
    delta = rho * (mh[coo.col] + mh[coo.row]) + g * (ax[coo.col] + ax[coo.row] + 1.0)
    terms = coo.data * ((1.0 + g) * (2.0 * gap * delta + delta * delta) + 3.0 * g * gap * gap)
    dq = np.bincount(coo.row, weights=terms, minlength=x.size).astype(float)
    egap = np.abs(1.0 - x)
    edelta = rho * mh + g * (ax + 1.0)
    dq += exits * ((1.0 + g) * (2.0 * egap * edelta + edelta * edelta) + 3.0 * g * egap * egap)
    gaps = x[coo.col] - x[coo.row] + 1.0
    q = np.bincount(coo.row, weights=coo.data * gaps * gaps, minlength=x.size).astype(float)
    q += exits * (1.0 - x) ** 2
    # the variance's residual q - y + T y, with its rounding
    ay = np.abs(y)
    rv = q - y + inner @ y
    w = np.abs(rv) + g * (np.abs(q) + ay + 2.0 * (inner @ ay)) + dq
    width = float(np.max(w)) * _SLACK
    if not np.isfinite(width):
        return None
    spread = width * mh * (1.0 + 4 * _U)
    vlower = np.maximum((y - spread) * (1.0 - 4 * _U) - 4 * _U * spread, 0.0)
    vupper = (y + spread) * (1.0 + 4 * _U) + 4 * _U * spread
    return lower, upper, vlower, vupper
