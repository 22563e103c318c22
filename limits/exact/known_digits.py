"""Values known only approximately, as text: enclosures, floats and estimates.

Each prints only digits it can vouch for:

* an **enclosure** ``[lower, upper]`` prints the decimal that every number
  of the interval rounds to (half to even), with as many significant digits
  as that holds for (at most the digits asked): the digits come from the
  interval as a whole, never from one end; its bounds print rounded outward
  (lower down, upper up), so the printed interval still holds the value;
* a **float** prints at most the digits it carries: the shortest text that
  reads back as the same float (17 significant digits at most), or fewer
  when fewer are asked;
* an **estimate** with a standard error prints down to the decimal place of
  the error's leading digit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from .digits import _exponent, decimal, rounded

__all__ = ["IntervalText", "interval_text", "float_decimal", "float_digits", "estimate_digits", "FLOAT_DIGITS"]

FLOAT_DIGITS = 17
"""The most significant digits a float64 carries (``repr`` never needs more)."""


@dataclass(frozen=True)
class IntervalText:
    """An enclosure as text.

    Attributes
    ----------
    decimal : str or None
        The decimal every number of the interval rounds to at
        ``certain_digits`` significant digits; None when not even one digit
        is certain (the interval holds 0, or straddles a change of sign or of
        leading digit that no rounding settles).
    certain_digits : int
        Significant digits of ``decimal`` (0 with ``decimal`` None).
    lower, upper : str
        The bounds, rounded outward.
    """

    decimal: str | None
    certain_digits: int
    lower: str
    upper: str


_EXTRA_BOUND_DIGITS = 60
"""How many digits past the certain ones a printed bound may take so that it rounds to the printed value."""


def interval_text(lower: Fraction, upper: Fraction, digits: int, bound_digits: int | None = None) -> IntervalText:
    """The certain digits of ``[lower, upper]`` (at most ``digits``) and its bounds rounded outward.

    Parameters
    ----------
    bound_digits : int, optional
        Significant digits of the printed bounds (default ``digits + 2``).

    Examples
    --------
    >>> t = interval_text(Fraction("291700.93"), Fraction("291700.94"), 1)
    >>> t.decimal, t.certain_digits, t.lower, t.upper
    ('300000', 1, '291000', '292000')
    >>> interval_text(Fraction("291700.93"), Fraction("291700.94"), 8)
    IntervalText(decimal='291700.9', certain_digits=7, lower='291700.93', upper='291700.94')
    >>> interval_text(Fraction("0.1249"), Fraction("0.1251"), 5).decimal  # both ends round to 0.125
    '0.125'
    >>> interval_text(Fraction("21.72805"), Fraction("21.728051"), 6)  # bounds rounded outward still agree
    IntervalText(decimal='21.728', certain_digits=5, lower='21.72805', upper='21.728051')
    >>> interval_text(Fraction(-1), Fraction(1), 5)
    IntervalText(decimal=None, certain_digits=0, lower='-1', upper='1')
    >>> interval_text(Fraction("1.49998e-12"), Fraction("1.49998e-12"), 1)  # a point's bounds round to it too
    IntervalText(decimal='1e-12', certain_digits=1, lower='1.49998e-12', upper='1.49998e-12')
    """
    lo, hi = sorted((Fraction(lower), Fraction(upper)))
    bd = digits + 2 if bound_digits is None else bound_digits
    low, up = decimal(lo, bd, "floor"), decimal(hi, bd, "ceiling")
    if lo == hi:  # a point: every digit is certain
        return _with_bounds(lo, hi, lo, digits, bd)
    if lo <= 0 <= hi:
        return IntervalText(None, 0, low, up)
    # both ends round to the same decimal at d digits <=> every point does (rounding is monotone);
    # agreement at d does not imply it at d - 1 (0.1249..0.1251), so look down from the most possible
    width = hi - lo
    most = _exponent(min(abs(lo), abs(hi))) - _exponent(width) + 2
    for d in range(min(digits, max(most, 1)), 0, -1):
        if rounded(lo, d) == rounded(hi, d):
            return _with_bounds(lo, hi, rounded(lo, d), d, bd)
    return IntervalText(None, 0, low, up)


def _with_bounds(lo: Fraction, hi: Fraction, value: Fraction, d: int, bd: int) -> IntervalText:
    """``value`` at ``d`` digits with the bounds rounded outward to at least ``bd`` digits, more where needed for
    the printed bounds to round to the printed value too (1.49998e-12 is 1e-12, its upper bound not 1.5e-12)."""
    low, up = decimal(lo, bd, "floor"), decimal(hi, bd, "ceiling")
    a = rounded(value, d)
    while not rounded(Fraction(low), d) == a == rounded(Fraction(up), d) and bd < d + _EXTRA_BOUND_DIGITS:
        bd += 1
        low, up = decimal(lo, bd, "floor"), decimal(hi, bd, "ceiling")
    return IntervalText(decimal(a, d), d, low, up)


def float_digits(x: float) -> int:
    """The significant digits a finite float carries: those of its shortest round-trip text.

    Examples
    --------
    >>> float_digits(0.1), float_digits(1 / 3), float_digits(2.0)
    (1, 16, 1)
    """
    if not math.isfinite(x):
        raise ValueError(f"not a finite float: {x!r}")
    if x == 0:
        return 1
    mant = repr(abs(float(x))).split("e")[0].replace(".", "").lstrip("0").rstrip("0")
    return max(1, len(mant))


def float_decimal(x: float, digits: int = FLOAT_DIGITS) -> str:
    """A float as text, never with more digits than it carries.

    With ``digits`` at least :func:`float_digits`, the shortest text that
    reads back as ``x``; with fewer, ``x``'s exact binary value rounded half
    to even. Infinities print as ``inf``/``-inf``.

    Examples
    --------
    >>> float_decimal(0.1, 30), float_decimal(1 / 3, 30), float_decimal(1 / 3, 4)
    ('0.1', '0.3333333333333333', '0.3333')
    >>> float_decimal(float("inf")), float_decimal(-2.5e-300, 2)
    ('inf', '-2.5e-300')
    """
    x = float(x)
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if math.isnan(x):
        raise ValueError("nan has no digits")
    carried = float_digits(x)
    if digits >= carried:
        return decimal(Fraction(repr(x)), carried)
    return decimal(Fraction(x), digits)


def estimate_digits(value: Fraction, error: Fraction, digits: int) -> int:
    """Significant digits of ``value`` down to the decimal place of ``error``'s leading digit (at most ``digits``).

    At least one digit is printed; an error of 0 allows every digit asked for.

    Examples
    --------
    >>> estimate_digits(Fraction("39.6012"), Fraction("0.0123"), 15)
    4
    >>> estimate_digits(Fraction("39.6"), Fraction(0), 8), estimate_digits(Fraction(3), Fraction(50), 8)
    (8, 1)
    """
    value, error = abs(Fraction(value)), abs(Fraction(error))
    if error == 0 or value == 0:
        return digits
    return max(1, min(digits, _exponent(value) - _exponent(error) + 1))
