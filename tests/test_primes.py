"""The word-size primes of limits.exact.pencil: the same as sympy's, without sympy."""

from itertools import islice

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sympy import prevprime as sympy_prevprime

from limits.exact.pencil import prevprime, primes_below


@given(st.integers(3, 2**64))
def test_prevprime_is_sympys(n):
    assert prevprime(n) == sympy_prevprime(n)


def test_small_numbers_and_the_primes_below_two_to_the_62():
    assert [prevprime(n) for n in range(3, 14)] == [2, 3, 3, 5, 5, 7, 7, 7, 7, 11, 11]
    assert list(primes_below(12)) == [11, 7, 5, 3, 2]
    q, expected = 1 << 62, []
    for _ in range(20):
        q = sympy_prevprime(q)
        expected.append(q)
    assert list(islice(primes_below(1 << 62), 20)) == expected
    with pytest.raises(ValueError):
        prevprime(2)
