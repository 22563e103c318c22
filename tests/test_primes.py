"""The word-size primes of limits.exact.pencil: the same as sympy's, without sympy."""

from itertools import islice

from sympy import prevprime as sympy_prevprime

from limits.exact.pencil import _primes


def test_the_primes_below_two_to_the_62_are_sympys():
    q, expected = 1 << 62, []
    for _ in range(50):
        q = sympy_prevprime(q)
        expected.append(q)
    assert list(islice(_primes(), 50)) == expected
