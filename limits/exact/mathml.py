"""Series and laws as MathML, which browsers typeset natively (no script, no font, no network).

Numbers follow the package's rule for what a person reads: an integer or a
short fraction is written exactly; a long fraction is shown by its first
:data:`SHOWN_DIGITS` significant digits, correctly rounded, and the page
keeps its exact value one step away (in the text of a collapsed block).

Examples
--------
>>> from fractions import Fraction
>>> series_mathml("σ", "ε", [(0, Fraction(93)), (1, Fraction(-10834, 25))])
'<math display="block"><mi>σ</mi><mo>=</mo><mn>93</mn><mo>−</mo><mfrac><mn>10834</mn><mn>25</mn></mfrac><mi>ε</mi><mo>+</mo><mi>O</mi><mo>(</mo><msup><mi>ε</mi><mn>2</mn></msup><mo>)</mo></math>'
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Iterable

from .digits import decimal, digit_count

__all__ = ["number_mathml", "power_mathml", "series_mathml", "ratio_mathml", "is_short", "SHOWN_DIGITS", "SHORT_DIGITS"]

SHOWN_DIGITS = 6
"""Significant digits of a long fraction, as shown."""

SHORT_DIGITS = 12
"""A fraction whose numerator and denominator have at most this many digits each is written exactly."""


def is_short(value: Fraction) -> bool:
    """Whether ``value`` is written exactly (numerator and denominator of at most :data:`SHORT_DIGITS` digits).

    Examples
    --------
    >>> is_short(Fraction(30708129, 13750)), is_short(Fraction(1, 3**40))
    (True, False)
    """
    value = Fraction(value)
    return digit_count(value.numerator) <= SHORT_DIGITS and digit_count(value.denominator) <= SHORT_DIGITS


def number_mathml(value: Fraction) -> str:
    """``|value|`` as MathML: exact when short, else its first :data:`SHOWN_DIGITS` digits (sign left out).

    Examples
    --------
    >>> number_mathml(Fraction(-7, 2)), number_mathml(Fraction(12))
    ('<mfrac><mn>7</mn><mn>2</mn></mfrac>', '<mn>12</mn>')
    >>> number_mathml(Fraction(10**40, 3))
    '<mn>3.33333</mn><mo>×</mo><msup><mn>10</mn><mn>39</mn></msup>'
    """
    value = abs(Fraction(value))
    if is_short(value):
        if value.denominator == 1:
            return f"<mn>{value.numerator}</mn>"
        return f"<mfrac><mn>{value.numerator}</mn><mn>{value.denominator}</mn></mfrac>"
    text = decimal(value, SHOWN_DIGITS)
    mantissa, _, exponent = text.partition("e")
    out = f"<mn>{mantissa}</mn>"
    if exponent:
        out += f"<mo>×</mo><msup><mn>10</mn><mn>{int(exponent)}</mn></msup>"
    return out


def power_mathml(variable: str, power: int) -> str:
    """``variable**power`` (empty for power 0).

    Examples
    --------
    >>> power_mathml("ε", 1), power_mathml("ε", -2)
    ('<mi>ε</mi>', '<msup><mi>ε</mi><mn>-2</mn></msup>')
    """
    v = f"<mi>{html.escape(variable)}</mi>"
    if power == 0:
        return ""
    if power == 1:
        return v
    return f"<msup>{v}<mn>{power}</mn></msup>"


def _term(coefficient: Fraction, power: int, variable: str) -> str:
    x = power_mathml(variable, power)
    if abs(coefficient) == 1 and x:
        return x
    return number_mathml(coefficient) + x


def _sum(terms: Iterable[tuple[int, Fraction]], variable: str) -> str:
    """The nonzero terms ``a_j variable**j`` with their signs (``0`` when none)."""
    out = ""
    for power, a in terms:
        if a:
            out += ("<mo>−</mo>" if a < 0 else "<mo>+</mo>" if out else "") + _term(a, power, variable)
    return out or "<mn>0</mn>"


def series_mathml(name: str, variable: str, coefficients: Iterable[tuple[int, Fraction]], *,
                  remainder: bool = True) -> str:
    """``name = sum a_j variable**j + O(variable**next)`` as a display formula (no ``name =`` for an empty name);
    zero terms are left out.

    Examples
    --------
    >>> series_mathml("σ", "ε", [(-1, Fraction(5)), (0, Fraction(17, 2))], remainder=False)
    '<math display="block"><mi>σ</mi><mo>=</mo><mn>5</mn><msup><mi>ε</mi><mn>-1</mn></msup><mo>+</mo><mfrac><mn>17</mn><mn>2</mn></mfrac></math>'
    """
    terms = list(coefficients)
    out = '<math display="block">' + (f"<mi>{html.escape(name)}</mi><mo>=</mo>" if name else "") + _sum(terms, variable)
    if remainder and terms:
        inner = power_mathml(variable, terms[-1][0] + 1) or "<mn>1</mn>"
        out += f"<mo>+</mo><mi>O</mi><mo>(</mo>{inner}<mo>)</mo>"
    return out + "</math>"


def ratio_mathml(numerator: Iterable[int], denominator: Iterable[int], variable: str) -> str:
    """The polynomials ``numerator / denominator`` (coefficients from the constant up) as a display formula.

    Examples
    --------
    >>> ratio_mathml([4, 0, -2], [1], "p")
    '<math display="block"><mn>4</mn><mo>−</mo><mn>2</mn><msup><mi>p</mi><mn>2</mn></msup></math>'
    """
    top, bottom = (_sum(((j, Fraction(c)) for j, c in enumerate(cs)), variable) for cs in (numerator, denominator))
    body = top if bottom == "<mn>1</mn>" else f"<mfrac><mrow>{top}</mrow><mrow>{bottom}</mrow></mfrac>"
    return f'<math display="block">{body}</math>'
