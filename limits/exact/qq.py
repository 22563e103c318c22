"""Rationals between Python's :class:`~fractions.Fraction` and FLINT's ``fmpq``, without a second gcd.

FLINT keeps an ``fmpq`` reduced, and ``Fraction(n, d)`` would reduce it again
with Python's gcd, quadratic in the digits: a 4,000-digit answer spends more
time there than in the solve. Every conversion of the package goes through
these three functions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from flint import fmpq

__all__ = ["coprime", "to_fmpq", "to_fraction"]


def coprime(n: int, d: int) -> Fraction:
    """``Fraction(n, d)`` for coprime ``n`` and ``d > 0``, without the gcd where the running Python offers a way
    (3.12 on: ``Fraction._from_coprime_ints``; 3.11: ``_normalize=False``).

    Examples
    --------
    >>> coprime(-3, 4)
    Fraction(-3, 4)
    """
    make = getattr(Fraction, "_from_coprime_ints", None)
    if make is not None:
        return make(n, d)
    try:
        return Fraction(n, d, _normalize=False)  # type: ignore[call-arg]
    except TypeError:  # pragma: no cover - a Python with neither
        return Fraction(n, d)


def to_fmpq(x: Any) -> fmpq:
    """An int, a Fraction, a decimal string or anything ``Fraction`` takes, as an ``fmpq``.

    Examples
    --------
    >>> to_fmpq(Fraction(6, 4)), to_fmpq(3), to_fmpq("0.25")
    (3/2, 3, 1/4)
    """
    if type(x) is not Fraction:  # a Fraction as it is: Fraction(x) would copy it (0.5 us here, 2.4 us with the copy)
        if type(x) is int:
            return fmpq(x)
        x = Fraction(x)  # numpy's integers stay numpy's in a Fraction, which fmpq refuses
        return fmpq(int(x.numerator), int(x.denominator))
    return fmpq(x.numerator, x.denominator)


def to_fraction(x: fmpq) -> Fraction:
    """An ``fmpq`` (or an ``fmpz``) as a Fraction.

    Examples
    --------
    >>> to_fraction(fmpq(-6, 4))
    Fraction(-3, 2)
    """
    return coprime(int(x.p), int(x.q)) if hasattr(x, "q") else Fraction(int(x))
