"""Word-size primes for modular arithmetic, by python-flint's proven primality test.

The multi-modular algorithms (rational functions by Chinese remaindering)
take primes just below 2^62, largest first: the same primes as sympy's
``prevprime`` gives, without importing sympy (half a second) where nothing
symbolic is asked for.

Examples
--------
>>> from itertools import islice
>>> list(islice(primes_below(1 << 62), 3))
[4611686018427387847, 4611686018427387817, 4611686018427387787]
>>> prevprime(10), prevprime(3)
(7, 2)
"""

from __future__ import annotations

from typing import Iterator

from flint import fmpz

__all__ = ["prevprime", "primes_below"]


def prevprime(n: int) -> int:
    """The largest prime below ``n`` (``n >= 3``).

    Raises
    ------
    ValueError
        If ``n < 3`` (no prime lies below it).
    """
    if n < 3:
        raise ValueError(f"no prime lies below {n}")
    if n == 3:
        return 2
    q = n - 1 if n % 2 == 0 else n - 2
    while not fmpz(q).is_prime():
        q -= 2
    return q


def primes_below(n: int) -> Iterator[int]:
    """The primes below ``n``, largest first."""
    q = n
    while q > 2:
        q = prevprime(q)
        yield q
