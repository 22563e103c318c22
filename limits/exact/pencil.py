"""One entry of ``(C0 + eps C1)^-1 c`` as an exact rational function of eps, for integer C0, C1, c.

By Cramer's rule the entry is ``N(eps) / D(eps)`` with ``D = det(C0 + eps C1)``.
Around a point ``x0`` where ``B0 = C0 + x0 C1`` is invertible, with
``y = eps - x0`` and ``M = -B0^-1 C1``, ``D = det(B0) det(I - y M)`` (the
reversed characteristic polynomial of M) and ``N = det(B0) sum_j y^j
sum_{i <= j} c_i (M^(j-i) v)_row`` with ``v = B0^-1 c`` (the Neumann series
cut by Cayley-Hamilton). Both are computed modulo word-size primes and joined
by the Chinese remainder theorem until the product of the primes exceeds
twice a Hadamard-type bound on every coefficient: the result is exact.

This is the method of :mod:`limits.limit.rational_sigma` for any integer
pencil and right-hand side; the explorer uses it to check its reduction
against the whole chain's rational function.
"""

from __future__ import annotations

import math
from typing import Iterator, Sequence

from flint import fmpz_mat, fmpz_poly, nmod_mat

from .primes import primes_below
from .rational import RationalFunction

__all__ = ["pencil_entry"]


def _primes() -> Iterator[int]:
    return primes_below(1 << 62)


def _residues(b0: list[list[int]], c1: list[list[int]], c: list[int], row: int, q: int
              ) -> tuple[list[int], list[int]] | None:
    n = len(b0)
    a0 = nmod_mat(n, n, [v % q for r in b0 for v in r], q)
    d0 = int(a0.det())
    if d0 == 0:
        return None  # an unlucky prime
    m = -(a0.solve(nmod_mat(n, n, [v % q for r in c1 for v in r], q)))
    v = a0.solve(nmod_mat(n, 1, [x % q for x in c], q))
    chi = [int(x) for x in m.charpoly().coeffs()]  # det(lambda I - M), low to high
    rev = [chi[n - i] for i in range(n + 1)]  # det(I - y M)
    krylov, col = [], v
    for _ in range(n):
        krylov.append(int(col[row, 0]))
        col = m * col
    num = [sum(rev[i] * krylov[j - i] for i in range(j + 1)) * d0 % q for j in range(n)]
    return [d0 * x % q for x in rev], num


def _crt(residues: list[list[int]], moduli: list[int]) -> list[int]:
    total = math.prod(moduli)
    out = [0] * len(residues[0])
    for res, q in zip(residues, moduli):
        rest = total // q
        inv = pow(rest, -1, q)
        for i, r in enumerate(res):
            out[i] += r * inv % q * rest
    half = total // 2
    return [x % total - total if x % total > half else x % total for x in out]


def pencil_entry(c0: Sequence[Sequence[int]], c1: Sequence[Sequence[int]], c: Sequence[int], row: int
                 ) -> RationalFunction:
    """Entry ``row`` of ``(C0 + eps C1)^-1 c`` as a reduced rational function of eps.

    Raises
    ------
    ZeroDivisionError
        If ``det(C0 + eps C1)`` is the zero polynomial.

    Examples
    --------
    >>> f = pencil_entry([[1, 0], [0, 2]], [[1, 0], [0, 0]], [1, 1], 0)  # 1 / (1 + eps)
    >>> f.numerator, f.denominator
    ((1,), (1, 1))
    """
    n = len(c0)
    for x0 in (0, 1, -1, 2, -2, 3, -3, 4, -4, 5):
        b0 = [[a + x0 * b for a, b in zip(r0, r1)] for r0, r1 in zip(c0, c1)]
        if fmpz_mat(b0).det() != 0:
            break
    else:
        for x0 in range(6, n + 8):
            b0 = [[a + x0 * b for a, b in zip(r0, r1)] for r0, r1 in zip(c0, c1)]
            if fmpz_mat(b0).det() != 0:
                break
        else:
            raise ZeroDivisionError("det(C0 + eps C1) is the zero polynomial")
    bound = 1
    for r0, r1, ci in zip(b0, c1, c):
        bound *= sum(abs(v) for v in r0) + sum(abs(v) for v in r1) + abs(ci)
    bound = 2 * bound + 1
    moduli: list[int] = []
    dens: list[list[int]] = []
    nums: list[list[int]] = []
    for q in _primes():
        got = _residues(b0, [list(r) for r in c1], list(c), row, q)
        if got is None:
            continue
        moduli.append(q)
        dens.append(got[0])
        nums.append(got[1])
        if math.prod(moduli) > bound:
            break
    shift = fmpz_poly([-x0, 1])  # y = eps - x0
    den = fmpz_poly(_crt(dens, moduli))(shift)
    num = fmpz_poly(_crt(nums, moduli))(shift)
    return RationalFunction.from_integer_polys(num, den)
