"""The CRT reconstruction of sigma_delta(p) (limits.limit.rational_sigma), with small primes patched in.

With word-size primes the product of the moduli passes the coefficient bound by a factor near 2^62, so a
bound too small by a little would never show. With small primes the product passes it by little, and the
reconstructed determinants are compared with sympy's exact ones.
"""

import math
from contextlib import contextmanager
from unittest.mock import patch

import sympy
from flint import fmpz_poly
from hypothesis import example, given
from hypothesis import strategies as st
from sympy.polys.matrices import DomainMatrix

from limits import Board, BoardError, InfiniteExpectationError, Rule
from limits.limit import rational_sigma
from limits.limit.family import pencil
from tests.strategies import boards, rules

SMALL_PRIMES = list(sympy.primerange(11, 2000))


@contextmanager
def small_primes(primes_in_order=SMALL_PRIMES):
    """Primes from 11 up instead of down from 2^62: the fewest bits per modulus, the smallest margin.

    Yields the list of runs, each the primes one reconstruction drew.
    """
    used: list[list[int]] = []

    def primes():
        run: list[int] = []
        used.append(run)
        for q in primes_in_order:
            run.append(q)
            yield q

    with patch.object(rational_sigma, "_primes", primes):
        yield used


def _cramer(board, delta, rule, faces):
    """sympy's exact det(C0 + p C1) and the determinants with column s replaced by (k - 1) 1, as fmpz_poly."""
    p = sympy.Symbol("p")
    ring = sympy.ZZ[p]
    states, c0, c1 = pencil(board, delta, rule, faces)
    n = len(states)
    m = [[ring.from_sympy(c0[i][j] + p * c1[i][j]) for j in range(n)] for i in range(n)]

    def det(rows):
        return fmpz_poly([int(c) for c in reversed(DomainMatrix(rows, (n, n), ring).det().to_dense())])

    ones = ring.from_sympy(sympy.Integer(faces - 1))
    nums = [det([row[:s] + [ones] + row[s + 1:] for row in m]) for s in range(n)]
    return states, det(m), nums


@given(boards(max_size=9), rules, st.integers(2, 4), st.data())
@example(Board(7, {2: 6, 5: 1}), Rule.BOUNCE, 3, None)
@example(Board(9, {3: 8, 7: 0, 5: 2}), Rule.STAY, 4, None)
def test_small_primes_reconstruct_sympys_determinants(board, rule, faces, data):
    delta = data.draw(st.integers(1, faces)) if data is not None else 1
    with small_primes() as used:
        try:
            states, den, nums = rational_sigma._polynomials(board, delta, rule, faces)
        except (BoardError, InfiniteExpectationError):
            return
    assert (states, den, nums) == _cramer(board, delta, rule, faces)
    (run,) = used  # several small moduli were needed
    assert len(run) > 1


def test_the_symmetric_crt_recovers_negative_values_up_to_half_the_product():
    moduli = [11, 13, 17]
    total = math.prod(moduli)  # 2431: the range (-1215, 1215]
    for values in ([0, 1, -1], [1215, -1215, 7], [total // 2, -(total // 2), -2]):
        residues = [[v % q for v in values] for q in moduli]
        assert rational_sigma._crt_symmetric(residues, moduli) == values
    # one past half the product is read as its negative counterpart: the bound must leave room for the sign
    assert rational_sigma._crt_symmetric([[1216 % q] for q in moduli], moduli) == [1216 - total]


def test_the_bound_covers_every_coefficient():
    # D and every N_s, in y = p - x0, stay within the Hadamard-type bound the moduli must pass
    board = Board(9, {3: 8, 7: 0, 5: 2})
    states, c0, c1 = pencil(board, 2, Rule.STAY, 3)
    b0 = [[a - b for a, b in zip(r0, r1)] for r0, r1 in zip(c0, c1)]  # x0 = -1, the first point tried
    bound = rational_sigma._bound(b0, c1, 2)
    _, den, nums = _cramer(board, 2, Rule.STAY, 3)
    shift = fmpz_poly([-1, 1])  # p = y - 1
    for poly in [den, *nums]:
        assert max(abs(int(c)) for c in poly(shift).coeffs()) <= bound
    assert bound == math.prod(sum(map(abs, r0)) + sum(map(abs, r1)) + 2 for r0, r1 in zip(b0, c1))
    # the reconstruction takes primes until their product passes twice the bound (room for the sign), and no
    # further; a prime that divides det(B0) is skipped. Two primes whose product lies between the bound and
    # twice the bound come first, so a missing factor 2 would stop one prime early.
    q1 = sympy.prevprime(math.isqrt(bound))
    q2 = sympy.nextprime(bound // q1 + 1)
    assert bound < q1 * q2 <= 2 * bound
    det_b0 = int(sympy.Matrix(b0).det())
    for order in ([q1, q2, *SMALL_PRIMES], SMALL_PRIMES):
        with small_primes(order) as used:
            assert rational_sigma._polynomials(board, 2, Rule.STAY, 3) == _cramer(board, 2, Rule.STAY, 3)
        (run,) = used
        lucky = [q for q in run if det_b0 % q]
        assert run[-1] == lucky[-1] and math.prod(lucky) > 2 * bound + 1 >= math.prod(lucky[:-1])
