"""Exact numbers as text: correctly rounded decimals and shared digits of intervals."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable

__all__ = ["decimal", "decimal_sqrt", "certain_digits", "ratio", "mpf_to_fraction", "EXACT_DIGITS"]

EXACT_DIGITS = 1_000_000
"""What :func:`certain_digits` says of a one-point interval: every digit is shared."""


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


def certain_digits(lower: Fraction, upper: Fraction) -> int:
    """How many significant digits an interval pins down: the largest d with
    ``(upper - lower) * 10**d <= min(|lower|, |upper|)``.

    Any number of the interval, printed to d significant digits, is then off
    by at most one unit in the last place. An interval that holds 0 pins down
    no digit; a single point pins down all of them (:data:`EXACT_DIGITS`).

    Examples
    --------
    >>> certain_digits(Fraction(39598, 1000), Fraction(39599, 1000))
    4
    >>> certain_digits(Fraction(19999, 10000), Fraction(20001, 10000))
    3
    >>> certain_digits(Fraction(-1), Fraction(1))
    0
    >>> certain_digits(Fraction(1, 3), Fraction(1, 3)) == EXACT_DIGITS
    True
    """
    lo, hi = sorted((Fraction(lower), Fraction(upper)))
    if lo == hi:
        return EXACT_DIGITS
    if lo <= 0 <= hi:
        return 0
    size = min(abs(lo), abs(hi))
    width = hi - lo
    d = max(0, _exponent(size / width))
    while d > 0 and width * 10**d > size:
        d -= 1
    while d < EXACT_DIGITS and width * 10 ** (d + 1) <= size:
        d += 1
    return d


def _exponent(x: Fraction) -> int:
    """The integer e with ``10**e <= x < 10**(e+1)``, for x > 0."""
    e = math.floor((x.numerator.bit_length() - x.denominator.bit_length()) * 0.30102999566398120)
    while Fraction(10) ** e > x:
        e -= 1
    while Fraction(10) ** (e + 1) <= x:
        e += 1
    return e


def mpf_to_fraction(x: Any) -> Fraction:
    """The exact value of a finite mpmath ``mpf`` (or python-flint ``arf``/``arb`` midpoint) as a Fraction.

    Examples
    --------
    >>> import mpmath
    >>> mpf_to_fraction(mpmath.mpf(-3.5)), mpf_to_fraction(mpmath.mpf(0))
    (Fraction(-7, 2), Fraction(0, 1))
    """
    if hasattr(x, "_mpf_"):
        sign, man, exp, _ = x._mpf_
        if not man and exp:
            raise ValueError("not a finite number")
        man = -int(man) if sign else int(man)
    else:  # python-flint arf / arb: man_exp() keeps the sign
        man, exp = (int(v) for v in x.man_exp())
    exp = int(exp)
    return Fraction(man * 2**exp) if exp >= 0 else Fraction(man, 2**-exp)
