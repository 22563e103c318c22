"""Exact numbers as text: correctly rounded decimals, at any size.

This module and :mod:`limits.exact.known_digits` are the only path from a
value to a decimal in the package: text, JSON and LaTeX all print through
them. The rules:

* an exact rational is rounded **half to even** to the significant digits
  asked for (:func:`decimal`); a bound may instead be rounded down or up
  (``rounding="floor"``/``"ceiling"``), so an interval printed with its
  bounds rounded outward still holds its value;
* integers of any size are written without Python's limit on the digits of
  ``str(int)`` (:func:`integer_text` uses python-flint's conversion);
* at most :data:`~limits.checks.MAX_DIGITS` significant digits are printed for a decimal,
  and an exact fraction whose numerator and denominator together have more
  than :data:`~limits.checks.MAX_TEXT_DIGITS` digits is summarised unless the caller asks
  for every digit (:func:`ratio` with ``limit=None``).
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Callable

__all__ = [
    "decimal",
    "decimal_sqrt",
    "certain_digits",
    "ratio",
    "ratio_value",
    "decimal_places",
    "integer_text",
    "digit_count",
    "rounded",
    "EXACT_DIGITS",
    "ROUNDINGS",
]

EXACT_DIGITS = 1_000_000
"""What :func:`certain_digits` says of a one-point interval: every digit is shared."""

ROUNDINGS = ("half_even", "floor", "ceiling")
"""Half to even for a value; floor and ceiling for the lower and upper bound of an interval."""

_STEPS: dict[str, Callable[[Fraction], int]] = {"half_even": round, "floor": math.floor, "ceiling": math.ceil}
"""Each rounding as a function of an exact Fraction (``Fraction.__round__`` is exact, half to even)."""

_SMALL = 4000  # below Python's default limit on the digits of str(int)


def integer_text(n: int) -> str:
    """The decimal digits of an integer of any size.

    Examples
    --------
    >>> integer_text(-120)
    '-120'
    >>> len(integer_text(10**5000))
    5001
    """
    n = int(n)
    if n.bit_length() < _SMALL * 3:  # well under 4300 decimal digits
        return str(n)
    from flint import fmpz

    return str(fmpz(n))


def digit_count(n: int) -> int:
    """How many decimal digits ``|n|`` has (1 for 0), without writing it out.

    Examples
    --------
    >>> digit_count(0), digit_count(-999), digit_count(1000), digit_count(10**6000)
    (1, 3, 4, 6001)
    """
    n = abs(int(n))
    return 1 if n == 0 else _exponent(Fraction(n)) + 1


def decimal_places(value: Fraction) -> int | None:
    """The places after the point of ``value``'s terminating decimal; None when it has none (1/3).

    Examples
    --------
    >>> decimal_places(Fraction(3, 16)), decimal_places(Fraction(7)), decimal_places(Fraction(1, 3))
    (4, 0, None)
    """
    rest, places = value.denominator, 0
    for prime in (2, 5):
        count = 0
        while rest % prime == 0:
            rest //= prime
            count += 1
        places = max(places, count)
    return places if rest == 1 else None


def ratio(value: Fraction | int, limit: int | None = None) -> str:
    """``"a/b"`` (or ``"a"`` for an integer) for an exact rational, at any size.

    Parameters
    ----------
    limit : int, optional
        With a limit, a fraction whose numerator and denominator have more
        digits than this together raises :class:`ValueError` instead of
        being written (the caller summarises it); ``None`` writes every digit.

    Examples
    --------
    >>> ratio(Fraction(6, 4)), ratio(Fraction(3)), ratio(Fraction(-1, 2))
    ('3/2', '3', '-1/2')
    >>> ratio(Fraction(1, 10**20), limit=10)
    Traceback (most recent call last):
    ...
    ValueError: an exact fraction of 22 digits (more than 10)
    """
    value = Fraction(value)
    if limit is not None:
        size = digit_count(value.numerator) + digit_count(value.denominator)
        if size > limit:
            raise ValueError(f"an exact fraction of {size} digits (more than {limit})")
    num = integer_text(value.numerator)
    return num if value.denominator == 1 else f"{num}/{integer_text(value.denominator)}"


_RATIO = re.compile(r"(-?[0-9]+)(?:/([0-9]+))?")


def ratio_value(text: str) -> Fraction:
    """The exact value of ``"a/b"`` or ``"a"``, the text :func:`ratio` writes, at any size.

    Raises
    ------
    ValueError
        For other text (no exponent, point or space: ``ratio`` writes none).
    ZeroDivisionError
        For ``b = 0``.

    Examples
    --------
    >>> ratio_value("-3/2"), ratio_value(ratio(Fraction(10**5000 + 1, 3))) == Fraction(10**5000 + 1, 3)
    (Fraction(-3, 2), True)
    """
    found = _RATIO.fullmatch(text)
    if found is None:
        raise ValueError(f"not a fraction a/b: {text[:40]!r}")
    from flint import fmpz

    num, den = (int(fmpz(part)) for part in (found[1], found[2] or "1"))  # int() of text stops at 4300 digits
    return Fraction(num, den)


def _check_digits(digits: int) -> None:
    if isinstance(digits, bool) or not isinstance(digits, int) or digits < 1:
        raise ValueError(f"at least one significant digit is needed, not {digits!r}")


def rounded(value: Fraction | int | float, digits: int, rounding: str = "half_even") -> Fraction:
    """``value`` rounded to ``digits`` significant digits, as an exact Fraction.

    Examples
    --------
    >>> rounded(Fraction(2, 3), 2), rounded(Fraction(25, 100), 1), rounded(Fraction(-2, 3), 1, "floor")
    (Fraction(67, 100), Fraction(1, 5), Fraction(-7, 10))
    """
    x = Fraction(value)
    if x == 0:
        return x
    n, shift = _scaled(x, digits, rounding)
    return Fraction(n) / Fraction(10) ** shift


def decimal(value: Fraction | int | float, digits: int = 15, rounding: str = "half_even") -> str:
    """``value`` rounded to ``digits`` significant digits, as text.

    Rounding is half to even, or ``"floor"``/``"ceiling"`` for the bounds of
    an interval. Floats are read as their exact binary value (to print a
    float, use :func:`limits.exact.known_digits.float_decimal`, which keeps
    to the digits a float carries). Trailing zeros are dropped; exponents of
    ten from -6 to 20 are written out, others as ``1.5e-7``.

    Examples
    --------
    >>> decimal(Fraction(2, 3), 5), decimal(Fraction(-1, 8), 2), decimal(0, 3)
    ('0.66667', '-0.12', '0')
    >>> decimal(Fraction(123456), 3), decimal(Fraction(1, 3) * Fraction(1, 10**30), 3)
    ('123000', '3.33e-31')
    >>> decimal(Fraction(99999, 100000), 3)
    '1'
    >>> decimal(Fraction(2917009, 10), 1, "floor"), decimal(Fraction(2917009, 10), 1, "ceiling")
    ('200000', '300000')
    """
    x = Fraction(value)
    if x == 0:
        return "0"
    n, shift = _scaled(x, digits, rounding)
    return _render(n, shift)


def _scaled(x: Fraction, digits: int, rounding: str) -> tuple[int, int]:
    """``(n, shift)`` with ``n / 10**shift`` the rounding of ``x != 0`` and ``|n| < 10**digits``."""
    _check_digits(digits)
    step = _STEPS.get(rounding)
    if step is None:
        raise ValueError(f"unknown rounding {rounding!r} (one of {', '.join(ROUNDINGS)})")
    return _fitted(lambda shift: step(x * Fraction(10) ** shift), digits, _exponent(abs(x)))


def _fitted(at: Callable[[int], int], digits: int, exp: int) -> tuple[int, int]:
    """``(n, shift)`` with ``n = at(shift)`` of ``digits`` digits, for a value ``10**exp <= |value| < 10**(exp+1)``
    (``at`` rounds it times ``10**shift``)."""
    shift = digits - 1 - exp
    n = at(shift)
    if abs(n) >= 10**digits:  # rounding carried into a new leading digit
        shift -= 1
        n = at(shift)
    return n, shift


def _render(n: int, shift: int) -> str:
    """Text for ``n / 10**shift`` (n != 0), trailing zeros dropped."""
    sign = "-" if n < 0 else ""
    text = integer_text(abs(n)).rstrip("0")
    shift -= len(integer_text(abs(n))) - len(text)
    exp = len(text) - 1 - shift  # 10**exp <= |value| < 10**(exp+1)
    if exp < -6 or exp >= 21:
        mant = text[0] + ("." + text[1:] if len(text) > 1 else "")
        return f"{sign}{mant}e{exp}"
    if shift <= 0:
        return sign + text + "0" * (-shift)
    if shift >= len(text):
        text = "0" * (shift - len(text) + 1) + text
    whole, frac = text[: len(text) - shift], text[len(text) - shift :]
    return f"{sign}{whole}.{frac}"


def decimal_sqrt(value: Fraction | int, digits: int = 15) -> str:
    """The square root of a rational ``value >= 0``, rounded half to even to ``digits`` significant digits.

    Rounding is exact, by integer square roots, never through floats.

    Examples
    --------
    >>> decimal_sqrt(Fraction(2), 20), decimal_sqrt(Fraction(1, 4)), decimal_sqrt(0)
    ('1.4142135623730950488', '0.5', '0')
    >>> decimal_sqrt(Fraction(625, 10000), 1)  # 0.25 is a tie: to even
    '0.2'
    """
    x = Fraction(value)
    if x < 0:
        raise ValueError("the square root of a negative number is not real")
    if x == 0:
        return "0"
    _check_digits(digits)

    def round_at(shift: int) -> int:
        a = x * Fraction(10) ** (2 * shift)
        n = math.isqrt(math.floor(a))  # floor(sqrt(a))
        half = (Fraction(2 * n + 1, 2)) ** 2
        return n + 1 if a > half or (a == half and n % 2) else n

    n, shift = _fitted(round_at, digits, _exponent(x) // 2)  # 10**(2e) <= x < 10**(2e+2) <=> 10**e <= sqrt(x)
    return _render(n, shift)


def certain_digits(lower: Fraction, upper: Fraction) -> int:
    """How many significant digits an interval pins down: the largest d with
    ``(upper - lower) * 10**d <= min(|lower|, |upper|)``.

    Any number of the interval, printed to d significant digits, is then off
    by at most one unit in the last place. An interval that holds 0 pins down
    no digit; a single point pins down all of them (:data:`EXACT_DIGITS`).
    (Which digits to *print* for an interval is
    :func:`limits.exact.known_digits.interval_text`'s question.)

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
