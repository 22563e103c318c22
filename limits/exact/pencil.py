"""Entries of ``(C0 + x C1)^-1 c`` as exact rational functions of x, for integer C0, C1 and c.

By Cramer's rule entry s is ``N_s(x) / D(x)`` with ``D = det(C0 + x C1)`` and
``N_s`` the determinant with column s replaced by ``c``: integer polynomials
of degrees at most n and n - 1. Around a point ``x0`` where
``B0 = C0 + x0 C1`` is invertible, with ``y = x - x0`` and ``M = -B0^-1 C1``,

* ``D(x0 + y) = det(B0) det(I - y M)``, the reversed characteristic
  polynomial of M;
* ``N(x0 + y) = det(B0) sum_j y^j sum_{i <= j} c_i (M^(j-i) v)`` with
  ``v = B0^-1 c`` and ``c_i`` the coefficients of ``det(I - y M)`` (the
  Neumann series of ``(I - y M)^-1`` cut by Cayley-Hamilton).

Both are computed modulo word-size primes (a modular characteristic
polynomial and Krylov basis per prime) and joined by the Chinese remainder
theorem until the product of the primes exceeds twice a Hadamard-type bound
on every coefficient: the result is exact, not probable. The quotients are
then reduced over the integers. The work grows like the cube of n times the
number of primes, which grows with n too; callers bound n
(:data:`~limits.checks.MAX_FUNCTION_STATES`).
"""

from __future__ import annotations

import math
from typing import Iterator, Sequence

from flint import fmpz_mat, fmpz_poly, nmod_mat, nmod_poly

from .primes import primes_below
from .rational import RationalFunction

__all__ = ["pencil_entries"]


_CHECK_PRIME = (1 << 61) - 1  # a Mersenne prime


def _primes() -> Iterator[int]:
    return primes_below(1 << 62)


def _residues(b0: fmpz_mat, c1: fmpz_mat, c: fmpz_mat, rows: list[int], q: int
              ) -> tuple[list[int], list[list[int]]] | None:
    """D and N_s for s in ``rows``, in y, modulo q (coefficients low to high); None for an unlucky prime."""
    n = b0.nrows()
    a0 = nmod_mat(b0, q)
    d0 = int(a0.det())
    if d0 == 0:
        return None
    inverse = a0.inv()
    m = -(inverse * nmod_mat(c1, q))
    v = inverse * nmod_mat(c, q)
    chi = [int(x) for x in m.charpoly().coeffs()]  # det(lambda I - M), monic, low to high
    rev = nmod_poly([chi[n - i] for i in range(n + 1)], q)  # det(I - y M)
    cols = [v]
    for _ in range(n - 1):
        cols.append(m * cols[-1])
    # N_s's coefficient of y^j is sum_{t <= j} (M^t v)_s rev_(j-t): the product of two polynomials, cut at y^n
    nums = []
    for s in rows:
        product = (nmod_poly([int(col[s, 0]) for col in cols], q) * rev).coeffs()[:n]
        nums.append([int(x) * d0 % q for x in product] + [0] * (n - len(product)))
    den = [int(x) * d0 % q for x in rev.coeffs()]
    return den + [0] * (n + 1 - len(den)), nums  # nmod_poly drops the top zeros: every prime's list is n + 1 long


def _crt(residues: list[list[int]], moduli: list[int]) -> list[int]:
    """Combine coefficient lists by CRT into integers in (-M/2, M/2]."""
    total = math.prod(moduli)
    out = [0] * len(residues[0])
    for res, q in zip(residues, moduli):
        rest = total // q
        inv = pow(rest, -1, q)
        for i, r in enumerate(res):
            out[i] += r * inv % q * rest
    half = total // 2
    return [x % total - total if x % total > half else x % total for x in out]


def _invertible_point(c0: Sequence[Sequence[int]], c1: Sequence[Sequence[int]]) -> tuple[int, list[list[int]]]:
    """A small integer x0 with ``C0 + x0 C1`` invertible, and that matrix."""
    n = len(c0)
    for x0 in (0, 1, -1, 2, -2, 3, -3, 4, -4, 5, *range(6, n + 8)):
        b0 = [[a + x0 * b for a, b in zip(r0, r1)] for r0, r1 in zip(c0, c1)]
        whole = fmpz_mat(b0)
        # a nonzero determinant modulo a prime proves it nonzero, without the exact determinant's size
        if nmod_mat(whole, _CHECK_PRIME).det() != 0 or whole.det() != 0:
            return x0, b0
    raise ZeroDivisionError("det(C0 + x C1) is the zero polynomial")


def pencil_entries(c0: Sequence[Sequence[int]], c1: Sequence[Sequence[int]], c: Sequence[int], rows: Sequence[int]
                   ) -> list[RationalFunction]:
    """Entries ``rows`` of ``(C0 + x C1)^-1 c``, each a reduced rational function of x.

    Raises
    ------
    ZeroDivisionError
        If ``det(C0 + x C1)`` is the zero polynomial.

    Examples
    --------
    >>> f, g = pencil_entries([[1, 0], [0, 2]], [[1, 0], [0, 0]], [1, 1], [0, 1])  # 1 / (1 + x), 1/2
    >>> (f.numerator, f.denominator), (g.numerator, g.denominator)
    (((1,), (1, 1)), ((1,), (2,)))
    """
    x0, b0 = _invertible_point(c0, c1)
    c1 = [list(r) for r in c1]
    bound = 1
    for r0, r1, ci in zip(b0, c1, c):
        bound *= sum(abs(v) for v in r0) + sum(abs(v) for v in r1) + abs(ci)
    bound = 2 * bound + 1
    moduli: list[int] = []
    dens: list[list[int]] = []
    nums: list[list[list[int]]] = []
    matrices = fmpz_mat(b0), fmpz_mat(c1), fmpz_mat(len(c), 1, list(c))  # reduced modulo each prime in C
    for q in _primes():
        got = _residues(*matrices, list(rows), q)
        if got is None:
            continue  # an unlucky prime
        moduli.append(q)
        dens.append(got[0])
        nums.append(got[1])
        if math.prod(moduli) > bound:
            break
    shift = fmpz_poly([-x0, 1])  # y = x - x0
    den = fmpz_poly(_crt(dens, moduli))(shift)
    return [RationalFunction.from_integer_polys(fmpz_poly(_crt([r[i] for r in nums], moduli))(shift), den)
            for i in range(len(rows))]

