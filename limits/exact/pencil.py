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
theorem (Garner's scheme, on whole matrices) until the product of the primes
exceeds twice a Hadamard-type bound on every coefficient, or earlier when an
exact check of the system proves the result: it is exact, not probable.
:func:`pencil_solution` gives every entry over one common denominator,
:func:`pencil_entries` the entries asked for, reduced. The work grows like the cube of n times the
number of primes, which grows with n too; callers bound n
(:data:`~limits.checks.MAX_FUNCTION_STATES`).
"""

from __future__ import annotations

import math
from typing import Iterator, Sequence

from flint import fmpz, fmpz_mat, fmpz_poly, nmod_mat

from .rational import RationalFunction

__all__ = ["pencil_solution", "pencil_entries"]


_CHECK_PRIME = (1 << 61) - 1  # a Mersenne prime


def _primes() -> Iterator[int]:
    """The word-size primes of the multi-modular algorithms: those below 2^62, largest first, by python-flint's
    proven primality test (sympy's ``prevprime`` gives the same, and importing sympy takes half a second).

    Examples
    --------
    >>> from itertools import islice
    >>> list(islice(_primes(), 3))
    [4611686018427387847, 4611686018427387817, 4611686018427387787]
    """
    q = (1 << 62) - 1
    while True:
        if fmpz(q).is_prime():
            yield q
        q -= 2


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


def pencil_solution(c0: Sequence[Sequence[int]], c1: Sequence[Sequence[int]], c: Sequence[int]
                    ) -> tuple[fmpz_poly, list[fmpz_poly]]:
    """``(D, [N_s])`` with ``(C0 + x C1)^-1 c = N / D`` for every s over one common denominator, exactly: integer
    polynomials with no common content, ``D`` not zero.

    Each row is first divided by the gcd of its entries. Per prime, the numerators' coefficients come from
    ``h_j = M h_(j-1) + rev_j v`` on whole matrices, and the residues are joined by Garner's scheme. The primes
    stop past twice the Hadamard-type bound, or earlier once ``D``'s coefficients are 32 bits shorter than the
    modulus and ``(B0 + y C1) N = c D`` holds exactly (:func:`_solves`), which proves the result.

    Raises
    ------
    ZeroDivisionError
        If ``det(C0 + x C1)`` is the zero polynomial.
    """
    rows = []
    for r0, r1, ci in zip(c0, c1, c):
        g = math.gcd(*r0, *r1, ci) or 1
        rows.append(([v // g for v in r0], [v // g for v in r1], ci // g))
    c0, c1, c = [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows]
    n = len(c)
    x0, b0 = _invertible_point(c0, c1)
    bound = 2 * math.prod(sum(map(abs, r0)) + sum(map(abs, r1)) + abs(ci) for r0, r1, ci in zip(b0, c1, c)) + 1
    big0, big1, cv = fmpz_mat(b0), fmpz_mat(c1), fmpz_mat(n, 1, c)
    sparse = [[(t, a, b) for t, (a, b) in enumerate(zip(r0, r1)) if a or b] for r0, r1 in zip(b0, c1)]
    x, den, modulus, polys = None, [], fmpz(1), None
    for q in _primes():
        a0 = nmod_mat(big0, q)
        d0 = a0.det()
        if d0 == 0:
            continue  # an unlucky prime
        inverse = a0.inv()
        m = -(inverse * nmod_mat(big1, q))
        v = inverse * nmod_mat(cv, q) * d0
        chi = [int(t) for t in m.charpoly().coeffs()]
        rev = [chi[n - i] for i in range(n + 1)]  # det(I - y M), low to high
        h = v * rev[0]  # N's coefficient of y^j is d0 h_j, h_j = sum_(t <= j) rev_(j-t) M^t v
        flat = list(h.entries())
        for j in range(1, n):
            h = m * h + v * rev[j]
            flat += h.entries()
        res = nmod_mat(n, n, flat, q).transpose()  # row s: N_s's coefficients of y^0..y^(n-1)
        dq = [r * int(d0) % q for r in rev]
        if x is None:
            x, den = fmpz_mat(n, n, [int(t) for t in res.entries()]), dq
        else:  # Garner: x + modulus t, t = (res - x) / modulus mod q
            inv = pow(int(modulus % q), -1, q)
            x += fmpz_mat(n, n, [int(e) for e in ((res - nmod_mat(x, q)) * inv).entries()]) * modulus
            den = [a + modulus * ((b - a) * inv % q) for a, b in zip(den, dq)]
        modulus *= q
        short = max(abs(e) for e in _symmetric(den, modulus)).bit_length() + 32 < modulus.bit_length()
        if modulus > bound or (short and _solves(sparse, c, polys := _lift(x, den, modulus))):
            break
    polys = _lift(x, den, modulus) if modulus > bound else polys
    content = fmpz(0)
    for p in polys:
        content = content.gcd(p.content())
    shift = fmpz_poly([-x0, 1])  # y = x - x0
    polys = [(p / content if content > 1 else p)(shift) for p in polys]
    return polys[n], polys[:n]


def _symmetric(values: list, modulus: fmpz) -> list:
    half = modulus // 2
    return [e - modulus if e > half else e for e in values]


def _lift(x: fmpz_mat, den: list, modulus: fmpz) -> list[fmpz_poly]:
    """The numerators and D (last) from their residues modulo ``modulus``, in (-modulus/2, modulus/2]."""
    n = x.nrows()
    entries = _symmetric(list(x.entries()), modulus)
    return [fmpz_poly(entries[i * n:(i + 1) * n]) for i in range(n)] + [fmpz_poly(_symmetric(den, modulus))]


def _solves(sparse: list[list[tuple[int, int, int]]], c: list[int], polys: list[fmpz_poly]) -> bool:
    """Whether ``(B0 + y C1) N = c D`` holds exactly with ``D`` not zero: then ``N / D`` is the solution.

    Each residual is an integer polynomial with coefficients below ``2^k`` in size, so it has no root past
    ``2^k`` (Cauchy) and vanishes at ``y = 2^k`` only if it is zero; there each polynomial is one integer.
    """
    *nums, den = polys
    if den.is_zero():
        return False
    widest = max(sum(abs(a) + abs(b) for _, a, b in row) + abs(ci) for row, ci in zip(sparse, c))
    k = max(p.height_bits() for p in polys) + widest.bit_length() + 2
    at = [int(p(fmpz(1) << k)) for p in nums]
    return all(sum(a * at[t] for t, a, _ in row) + (sum(b * at[t] for t, _, b in row) << k) == ci * int(den(fmpz(1) << k))
               for row, ci in zip(sparse, c))


def pencil_entries(c0: Sequence[Sequence[int]], c1: Sequence[Sequence[int]], c: Sequence[int], rows: Sequence[int]
                   ) -> list[RationalFunction]:
    """Entries ``rows`` of ``(C0 + x C1)^-1 c``, each a reduced rational function of x (:func:`pencil_solution`).

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
    den, nums = pencil_solution(c0, c1, c)
    return [RationalFunction.from_integer_polys(nums[i], den) for i in rows]

