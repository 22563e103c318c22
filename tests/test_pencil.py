"""One entry of (C0 + eps C1)^-1 c (limits.exact.pencil), with small primes patched in, against sympy.

With word-size primes one modulus is often enough and the Chinese remainder step does nothing; with small
primes several are needed, so a wrong inverse or bound in that step shows.
"""

import math
from unittest.mock import patch

import pytest
import sympy
from flint import fmpz_poly
from hypothesis import example, given
from hypothesis import strategies as st
from sympy.polys.matrices import DomainMatrix

from limits.exact import pencil
from limits.exact.pencil import pencil_entries

EPS = sympy.Symbol("eps")
RING = sympy.ZZ[EPS]


def _det(rows):
    n = len(rows)
    m = [[RING.from_sympy(sympy.sympify(v)) for v in row] for row in rows]
    return fmpz_poly([int(c) for c in reversed(DomainMatrix(m, (n, n), RING).det().to_dense())])


def _cramer(c0, c1, c, row):
    """``(N, D)`` by Cramer's rule over ZZ[eps]."""
    a = [[c0[i][j] + EPS * c1[i][j] for j in range(len(c0))] for i in range(len(c0))]
    return _det([r[:row] + [c[i]] + r[row + 1:] for i, r in enumerate(a)]), _det(a)


def _primes_from(order):
    def primes():
        yield from order
    return patch.object(pencil, "_primes", primes)


SMALL = list(sympy.primerange(11, 5000))


@st.composite
def pencils(draw):
    n = draw(st.integers(1, 4))
    entries = st.lists(st.lists(st.integers(-3, 3), min_size=n, max_size=n), min_size=n, max_size=n)
    c = draw(st.lists(st.integers(-4, 4), min_size=n, max_size=n))
    return draw(entries), draw(entries), c, draw(st.integers(0, n - 1))


def pencil_entry(c0, c1, c, row):
    return pencil_entries(c0, c1, c, [row])[0]


@given(pencils())
@example(([[0, 0], [0, 0]], [[1, 0], [0, 1]], [1, 1], 0))  # det(C0) = 0: the first points are singular
@example(([[1, 2], [2, 4]], [[0, 0], [0, 0]], [1, 0], 1))  # det(C0 + eps C1) = 0 for every eps
def test_an_entry_is_cramers_quotient(case):
    c0, c1, c, row = case
    num, den = _cramer(c0, c1, c, row)
    with _primes_from(SMALL):
        if den == 0:
            with pytest.raises(ZeroDivisionError):
                pencil_entry(c0, c1, c, row)
            return
        f = pencil_entry(c0, c1, c, row)
    assert fmpz_poly(list(f.numerator)) * den == fmpz_poly(list(f.denominator)) * num
    assert f == pencil_entry(c0, c1, c, row)  # the word-size primes agree


def test_a_pencil_singular_at_the_first_ten_points():
    # det(C0 + eps C1) = eps (eps - 1)(eps + 1)...(eps - 5)(eps + 4): zero at 0, +-1, ..., +-4 and 5
    roots = [0, 1, -1, 2, -2, 3, -3, 4, -4, 5]
    n = len(roots)
    c0 = [[-r if i == j else 0 for j, r in enumerate(roots)] for i in range(n)]
    c1 = [[int(i == j) for j in range(n)] for i in range(n)]
    f = pencil_entry(c0, c1, [1] * n, 3)  # 1 / (eps - 2)
    assert (f.numerator, f.denominator) == ((1,), (-2, 1))


def test_the_primes_stop_at_twice_the_bound():
    c0, c1, c = [[3, -1, 0], [-1, 4, -2], [0, -1, 2]], [[1, 0, 1], [0, -1, 0], [2, 0, 1]], [1, -2, 3]
    bound = math.prod(sum(map(abs, r0)) + sum(map(abs, r1)) + abs(ci) for r0, r1, ci in zip(c0, c1, c))
    q1 = sympy.prevprime(math.isqrt(bound))
    q2 = sympy.nextprime(bound // q1 + 1)
    assert bound < q1 * q2 <= 2 * bound  # two primes past the bound but not past twice it
    num, den = _cramer(c0, c1, c, 2)
    drawn = []
    with _primes_from(q for q in [q1, q2, *SMALL] if not drawn.append(q)):
        f = pencil_entry(c0, c1, c, 2)
    assert fmpz_poly(list(f.numerator)) * den == fmpz_poly(list(f.denominator)) * num
    assert math.prod(drawn) > 2 * bound + 1 >= math.prod(drawn[:-1])  # det(C0) = 16: no prime skipped


@given(pencils())
def test_every_entry_over_one_denominator_is_cramers_quotient(case):
    """Garner's scheme on whole matrices with small primes, and the early exact check that stops them."""
    c0, c1, c, _ = case
    den = _det([[a + EPS * b for a, b in zip(r0, r1)] for r0, r1 in zip(c0, c1)])
    if den == 0:
        return
    with _primes_from(SMALL):
        d, nums = pencil.pencil_solution(c0, c1, c)
    for row, n in enumerate(nums):
        num, den = _cramer(c0, c1, c, row)
        assert n * den == d * num
