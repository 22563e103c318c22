"""Exact numbers as text: correctly rounded decimals and shared digits of intervals."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable

__all__ = ["decimal", "decimal_sqrt", "shared_digits", "ratio"]


def ratio(value: Fraction | int) -> str:
    """``"a/b"`` (or ``"a"`` for an integer) for an exact rational.

    Examples
    --------
    >>> ratio(Fraction(6, 4)), ratio(Fraction(3))
    ('3/2', '3')
    """
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def decimal(value: Fraction | int | float, digits: int = 15) -> str:
    """``value`` rounded to ``digits`` significant digits (half to even), as text.

    Floats are read as their exact binary value. Trailing zeros are dropped.

    Examples
    --------
    >>> decimal(Fraction(2, 3), 5), decimal(Fraction(-1, 8), 2), decimal(0, 3)
    ('0.66667', '-0.12', '0')
    >>> decimal(Fraction(123456), 3), decimal(Fraction(1, 3) * Fraction(1, 10**30), 3)
    ('123000', '3.33e-31')
    >>> decimal(Fraction(99999, 100000), 3)
    '1'
    """
    x = Fraction(value)
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    x = abs(x)
    return sign + _render(_exponent(x), digits, lambda shift: round(x * Fraction(10) ** shift))


def decimal_sqrt(value: Fraction | int, digits: int = 15) -> str:
    """The square root of a rational ``value >= 0``, rounded to ``digits`` significant digits.

    Rounding is exact (half up) by integer square roots, never through floats.

    Examples
    --------
    >>> decimal_sqrt(Fraction(2), 20), decimal_sqrt(Fraction(1, 4)), decimal_sqrt(0)
    ('1.4142135623730950488', '0.5', '0')
    """
    x = Fraction(value)
    if x < 0:
        raise ValueError("the square root of a negative number is not real")
    if x == 0:
        return "0"
    exp = _exponent(x) // 2  # 10**(2e) <= x  <=>  10**e <= sqrt(x)
    while Fraction(10) ** (2 * exp + 2) <= x:
        exp += 1
    while Fraction(10) ** (2 * exp) > x:
        exp -= 1

    def round_at(shift: int) -> int:
        a = x * Fraction(10) ** (2 * shift)  # round(sqrt(a)) = floor((floor(2 sqrt(a)) + 1) / 2)
        return (math.isqrt(math.floor(4 * a)) + 1) // 2

    return _render(exp, digits, round_at)


def _render(exp: int, digits: int, round_at: Callable[[int], int]) -> str:
    """Text for a positive number with ``10**exp <= x < 10**(exp+1)``."""
    if digits < 1:
        raise ValueError("at least one significant digit is needed")
    shift = digits - 1 - exp
    n = round_at(shift)
    if n >= 10**digits:  # rounding carried into a new leading digit
        exp += 1
        shift -= 1
        n = round_at(shift)
    text = str(n)
    if exp < -6 or exp >= 21:
        body = text.rstrip("0")
        mant = body[0] + ("." + body[1:] if len(body) > 1 else "")
        return f"{mant}e{exp}"
    if shift <= 0:
        return text + "0" * (-shift)
    if shift >= len(text):
        text = "0" * (shift - len(text) + 1) + text
    whole, frac = text[: len(text) - shift], text[len(text) - shift :].rstrip("0")
    return f"{whole}.{frac}" if frac else whole


def shared_digits(lower: Fraction, upper: Fraction) -> int:
    """Significant digits shared by the truncated decimals of every number in ``[lower, upper]``.

    Examples
    --------
    >>> shared_digits(Fraction(39598, 1000), Fraction(39599, 1000))
    4
    >>> shared_digits(Fraction(-1), Fraction(1))
    0
    """
    lo, hi = Fraction(lower), Fraction(upper)
    if lo > hi:
        lo, hi = hi, lo
    if lo <= 0 <= hi:
        return 0
    lo, hi = sorted((abs(lo), abs(hi)))
    exp = _exponent(hi)
    if _exponent(lo) != exp:
        return 0
    d = 0
    while d < 100_000 and lo != hi:
        scale = Fraction(10) ** (d - exp)  # keeps d + 1 significant digits
        if math.floor(lo * scale) != math.floor(hi * scale):
            return d
        d += 1
    return d


def _exponent(x: Fraction) -> int:
    """The integer e with ``10**e <= x < 10**(e+1)``, for x > 0."""
    e = len(str(x.numerator)) - len(str(x.denominator))
    while Fraction(10) ** e > x:
        e -= 1
    while Fraction(10) ** (e + 1) <= x:
        e += 1
    return e
