"""Float solutions of a sparse M-matrix system proven by their exact residual: the one certification.

``A`` is a nonsingular M-matrix of integers (``A = D (I - T)`` for a
substochastic ``T`` over its common denominator ``D``), so ``A^-1 >= 0``. A
float solve only proposes: integers ``X`` with ``v ~ X 2^-s`` for the system
``A v = b 2^-s``. The residual ``rho = b - A X`` is computed exactly, in
64-bit limbs (:func:`times`), and

    |v - X 2^-s| = |A^-1 rho| 2^-s <= (max |rho| + w) 2^-s A^-1 1,

``w`` a bound on the error of the right-hand side itself where it is known
only within bounds. Any ``Z`` with ``A Z >= c > 0``, checked exactly, gives
``A^-1 1 <= Z / c`` (:func:`inverse_bound`, which bounds ``A^-1 b`` for any
positive ``b`` alike): a float solution of ``A z = 1``, or the proposal itself
where ``b`` is positive. Every error is an integer
rounded up, so the enclosures (:class:`~limits.exact.enclosure.Enclosures`)
hold the solution. :func:`refine` solves in floats for the correction of the
exact residual, :data:`STEP` bits a round, until the errors are as small as
asked. Every number that decides anything is an integer.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable

import numpy as np

from ..errors import ConvergenceError
from .enclosure import Enclosures

__all__ = ["STEP", "integers", "times", "inverse_bound", "enclose", "refine"]

STEP = 50
"""Bits a refinement round gains (a float solve carries about 52)."""


def integers(values: Any, shift: int = 0) -> np.ndarray:
    """``values 2^shift`` rounded to Python ints (an object array): exact for floats that are multiples of
    ``2^-shift``.

    Examples
    --------
    >>> integers([0.75, -2.0], 2).tolist()
    [3, -8]
    """
    return np.array([int(v) for v in np.rint(np.ldexp(np.asarray(values, dtype=float), shift))], dtype=object)


def times(matrix: Any, x: np.ndarray) -> np.ndarray:
    """``matrix @ x`` exactly, for a sparse int64 matrix and integers of any size: one int64 product per limb of x.

    Raises
    ------
    OverflowError
        If a row's entries are too large for a limb of one bit.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> a = sp.csr_matrix(np.array([[3, -1], [0, 2]], dtype=np.int64))
    >>> times(a, np.array([2**100, -1], dtype=object)).tolist() == [3 * 2**100 + 1, -2]
    True
    """
    widest = int((abs(matrix.astype(float)) @ np.ones(matrix.shape[1])).max(initial=0))
    bits = 61 - widest.bit_length()  # a row's sum of products of one limb stays below 2^61
    if bits < 1:
        raise OverflowError("the matrix's rows are too large for exact products in 64-bit words")
    sign = np.where(x < 0, -1, 1)
    rest = x * sign
    out = np.zeros(matrix.shape[0], dtype=object)
    shift = 0
    while rest.any():
        out += (matrix @ ((rest & ((1 << bits) - 1)).astype(np.int64) * sign)).astype(object) << shift
        rest >>= bits
        shift += bits
    return out


def inverse_bound(matrix: Any, z: np.ndarray, rhs: Any = None) -> tuple[np.ndarray, int] | None:
    """``(Z, c)`` with ``A Z >= c b`` exactly and ``c > 0``, so that ``A^-1 b <= Z / c``, or None where no such c.

    ``b`` is positive integers (all 1 by default); ``z`` is integers (an object array) or floats (a solution of
    ``A z = b``, read at 40 bits).

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> a = sp.csr_matrix(np.array([[2, -1], [0, 2]], dtype=np.int64))
    >>> z, c = inverse_bound(a, np.array([0.75, 0.5]))
    >>> [Fraction(int(v), c) for v in z]  # A^-1 1 = (3/4, 1/2)
    [Fraction(3, 4), Fraction(1, 2)]
    """
    z = z if z.dtype == object else integers(np.maximum(z, 0.0), 40)
    az = times(matrix, z) if rhs is None else times(matrix, z) // np.asarray(rhs, dtype=object)
    c = min(az, default=1)
    return (z, c) if c > 0 else None


def _within(x: np.ndarray, rho: np.ndarray, bound: tuple[np.ndarray, int], shift: int, slack: int) -> Enclosures:
    z, c = bound
    worst = max(map(abs, rho), default=0) + slack
    return Enclosures(x, -(-worst * z // c), 1 << shift)


def enclose(matrix: Any, rhs: np.ndarray, x: np.ndarray, shift: int, bound: tuple[np.ndarray, int],
            slack: int = 0) -> Enclosures:
    """The enclosures around ``x 2^-shift`` of the solution of ``A v = rhs 2^-shift`` (integers).

    ``bound`` is :func:`inverse_bound`'s; ``slack`` bounds the error of ``rhs`` itself (in units of
    ``2^-shift``), where the true right-hand side is known only within it.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> a = sp.csr_matrix(np.array([[2, -1], [0, 2]], dtype=np.int64))
    >>> x = integers([0.74, 0.5], 8)  # v = (3/4, 1/2) proposed to 8 bits, one of them off
    >>> v = enclose(a, np.array([256, 256], dtype=object), x, 8, inverse_bound(a, x))
    >>> Fraction(3, 4) in v[0] and Fraction(1, 2) in v[1], v.widest
    (True, Fraction(5, 256))
    """
    return _within(x, rhs - times(matrix, x), bound, shift, slack)


def refine(matrix: Any, rhs: Any, solve: Callable[[np.ndarray], np.ndarray], width: Any,
           bound: tuple[np.ndarray, int] | None = None, most: int | None = None) -> Enclosures:
    """The solution of ``A v = rhs`` (integers) with every error at most ``width``: float solves of the exact
    residual's correction, :data:`STEP` bits a round, at most ``most`` rounds (by default enough for the
    width, and 20 more). ``bound`` is :func:`inverse_bound`'s, by default from ``solve`` of ones.

    Raises
    ------
    ConvergenceError
        If no bound on the inverse is proven, or the refinement stalls (a system too ill-conditioned for floats
        to propose).

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> a = sp.csr_matrix(np.array([[3, -1], [-1, 3]], dtype=np.int64))
    >>> solve = lambda r: np.linalg.solve(a.toarray(), r)
    >>> v = refine(a, [1, 0], solve, 1e-40)
    >>> Fraction(3, 8) in v[0] and Fraction(1, 8) in v[1], v.widest < Fraction(1, 10**40)
    (True, True)
    """
    b = np.asarray(rhs, dtype=object)
    x = np.zeros(len(b), dtype=object)
    bound = bound or inverse_bound(matrix, solve(np.ones(len(b))))
    if bound is None:
        raise ConvergenceError("no bound on the inverse of the system could be proven from its float solve")
    target = Fraction(width)
    if most is None:
        most = 20 + (math.ceil(math.log2(1 / target) / STEP) if target > 0 else 0)
    for bits in range(0, STEP * most, STEP):
        rho = (b << bits) - times(matrix, x)
        found = _within(x, rho, bound, bits, 0)
        if found.widest <= target:
            return found
        x = (x << STEP) + integers(solve(rho.astype(float)), STEP)
    raise ConvergenceError("the float solves could not be refined to the width asked for")
