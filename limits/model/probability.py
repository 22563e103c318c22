"""Exact probabilities from what a user may type or pass: ints, Fractions, Decimals, strings, floats, sympy.

:func:`as_probability` reads a number exactly and checks it, before any
work: not finite (``inf``, ``NaN``), outside [0, 1], or finer than
:data:`~limits.checks.MAX_PROBABILITY_DIGITS` allows (``1e-99999999`` would build a
100-million-digit integer) is refused. A float (a numpy float too) is read
as the shortest decimal of its float64 value.
"""

from __future__ import annotations

import numbers
import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from ..checks import MAX_PROBABILITY_DIGITS
from ..errors import DieError, TooLargeError, shown
from ..exact.symbolic import is_symbolic

__all__ = ["as_probability"]

Probability = Any  # Fraction, or a sympy expression for symbolic dice


_MAX_DENOMINATOR = 10**MAX_PROBABILITY_DIGITS
_WHOLE = re.compile(r"[+-]?[0-9]+")


def _too_large(text: str) -> TooLargeError:
    return TooLargeError(
        f"the probability {text} needs more than {MAX_PROBABILITY_DIGITS} decimal digits "
        f"(the limit MAX_PROBABILITY_DIGITS = {MAX_PROBABILITY_DIGITS})"
    )


def _from_decimal(d: Decimal, text: str) -> Fraction:
    """The exact value of a finite Decimal, refusing exponents that would build huge integers."""
    if not d.is_finite():
        raise DieError(f"not a finite probability: {text}")
    sign, digits, exponent = d.as_tuple()
    if not any(digits):
        return Fraction(0)
    if d.adjusted() >= 1:  # 10 or more: outside [0, 1] whatever the digits
        raise DieError(f"a probability must lie in [0, 1], not {text}")
    if -int(exponent) > MAX_PROBABILITY_DIGITS or len(digits) > MAX_PROBABILITY_DIGITS:
        raise _too_large(text)
    return Fraction(d)


def _from_text(value: str) -> Fraction:
    text = value.strip()
    if len(text) > 2 * MAX_PROBABILITY_DIGITS + 16:
        raise _too_large(shown(text))
    if "/" in text:
        top, _, bottom = (part.strip() for part in text.partition("/"))
        if not (_WHOLE.fullmatch(top) and _WHOLE.fullmatch(bottom)):
            raise DieError(f"not an exact probability: {shown(value)}")
        if max(len(top), len(bottom)) > MAX_PROBABILITY_DIGITS + 1:
            raise _too_large(shown(text))
        if int(bottom) == 0:
            raise DieError(f"not an exact probability: {shown(value)} (a zero denominator)")
        return Fraction(int(top), int(bottom))
    try:
        d = Decimal(text)
    except InvalidOperation:
        raise DieError(f"not an exact probability: {shown(value)}") from None
    return _from_decimal(d, shown(text))


def _from_float(value: Any) -> Fraction:
    """A float-like number (a Python or numpy float) read as the shortest decimal of its float64 value."""
    try:
        x = float(value)
    except (TypeError, ValueError, OverflowError):
        raise DieError(f"a probability must be a number, not {shown(value)}") from None
    if x != x or x in (float("inf"), float("-inf")):
        raise DieError(f"not a finite probability: {shown(value)}")
    return Fraction(repr(x))


def as_probability(value: Any) -> Probability:
    """An exact probability from an int, Fraction, Decimal, string or sympy value.

    Strings may be fractions (``"1/6"``) or exact decimals (``"0.99"``); a float
    (also a numpy float) is read as the decimal its float64 value prints as;
    numpy integers count as integers. Sympy numbers become Fractions, other
    sympy expressions stay symbolic.

    Raises
    ------
    DieError
        If the value is not a number (or not finite: ``inf``, ``NaN``), or is a
        numeric value outside [0, 1].
    TooLargeError
        If the value needs more than :data:`~limits.checks.MAX_PROBABILITY_DIGITS` digits.

    Examples
    --------
    >>> as_probability("0.25"), as_probability("1/3"), as_probability(0.1)
    (Fraction(1, 4), Fraction(1, 3), Fraction(1, 10))
    >>> as_probability("1.5")
    Traceback (most recent call last):
    ...
    limits.errors.DieError: a probability must lie in [0, 1], not 3/2
    >>> as_probability("-Infinity")
    Traceback (most recent call last):
    ...
    limits.errors.DieError: not a finite probability: '-Infinity'
    >>> as_probability("1e-99999999")
    Traceback (most recent call last):
    ...
    limits.errors.TooLargeError: the probability '1e-99999999' needs more than 4000 decimal digits (the limit MAX_PROBABILITY_DIGITS = 4000)
    """
    if type(value) is Fraction:  # the common case first: exact already
        pass
    elif is_symbolic(value):
        if value.free_symbols:
            return value
        if not value.is_Rational:
            raise DieError(f"a probability must be an exact rational, not {shown(value)}")
        value = Fraction(int(value.p), int(value.q))
    elif isinstance(value, bool):
        raise DieError(f"a probability must be a number, not {value!r}")
    elif isinstance(value, str):
        value = _from_text(value)
    elif isinstance(value, Decimal):
        value = _from_decimal(value, shown(str(value)))
    elif isinstance(value, numbers.Integral):
        value = Fraction(int(value))
    elif isinstance(value, numbers.Rational):
        value = Fraction(int(value.numerator), int(value.denominator))
    elif isinstance(value, numbers.Real):
        value = _from_float(value)
    else:
        raise DieError(f"a probability must be a number, not {shown(value)}")
    if not 0 <= value <= 1:
        raise DieError(f"a probability must lie in [0, 1], not {_show_fraction(value)}")
    if value.denominator > _MAX_DENOMINATOR:
        raise _too_large("given")
    return value


def _show_fraction(x: Fraction) -> str:
    if max(x.numerator.bit_length(), x.denominator.bit_length()) > 100:
        return f"a number of about {int(abs(x.numerator).bit_length() * 0.30103) + 1} digits"
    return str(x)
