"""Long numerals folded for a reader: the decimal in the text, the exact value one click away.

An exact fraction of sixty digits in running prose or in a table cell is
correct and unreadable. :func:`fold` finds the numerals of a piece of prose
(outside its ``$...$`` mathematics) with more than :data:`MAX_SHOWN_DIGITS`
digits, puts their decimal in their place (rounded half to even to
:data:`FOLDED_DIGITS` significant digits, marked ``≈``), and hands back the
exact values, which the HTML of :mod:`limits.markup.document` shows in an
expandable ``<details>`` beside the paragraph or inside the cell, and its
LaTeX in an appendix of exact values. Markdown and plain text keep the exact
values where they are, for copying.

Examples
--------
>>> fold("p = 1 - 1/300000000000000000000000, and $x = 2$")
('p = 1 - ≈3.33333333333e-24, and $x = 2$', ['1/300000000000000000000000'])
>>> fold("sigma = 2222222222222222222222223/100 turns")[0]
'sigma = ≈2.22222222222e22 turns'
>>> fold("x = 123456789012345678901234/1000 and 999999999999999999999999/10000")[0]
'x = ≈1.23456789012e20 and ≈1e20'
>>> fold("sigma = 4444444444444444444444441/100000 = 44444444444444444444.4 turns")[0]  # the decimal given
'sigma = 44444444444444444444.4 turns'
>>> fold("12/25 and 3 and 10^6")
('12/25 and 3 and 10^6', [])
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Callable

from ..exact.digits import decimal, ratio_value
from .latex import tex_decimal, tex_number
from .prose import html_text, literal, segments

__all__ = ["fold", "details_html", "counted", "digits_of", "value_math", "relation_math", "MAX_SHOWN_DIGITS",
           "FOLDED_DIGITS", "NUMERAL"]

MAX_SHOWN_DIGITS = 20
"""The longest numeral (digits of a whole number, or of numerator and denominator together) shown as it is."""

FOLDED_DIGITS = 12
"""Significant digits of the decimal that stands in for a folded numeral."""

NUMERAL = re.compile(r"(?<![\w.^])-?\d+(?:/\d+)?(?![\w.]*\d)")
"""A whole number or an exact fraction ``a/b`` (not a part of a decimal, a name or an exponent)."""

_DECIMAL = r"(?<![\w.^])-?\d+\.\d+(?:e-?\d+)?(?![\w.]*\d)"
_FOLDABLE = re.compile(rf"(?P<numeral>{NUMERAL.pattern}|{_DECIMAL})(?P<rest> = (?P<decimal>-?\d+(?:\.\d+)?(?:e-?\d+)?)(?![\w.]))?")


def digits_of(numeral: str) -> int:
    """The digits of a numeral (``"-12/345"`` has 5).

    Examples
    --------
    >>> digits_of("-12/345"), digits_of("3.25")
    (5, 3)
    """
    return sum(c.isdigit() for c in numeral)


def _short(value: Fraction) -> str:
    text = decimal(value, FOLDED_DIGITS)
    if digits_of(text.split("e")[0]) <= MAX_SHOWN_DIGITS:
        return text
    sign, whole = ("-", text[1:]) if text.startswith("-") else ("", text)  # a whole number of 21 digits or so:
    whole = whole.split(".")[0]                                           # in powers of ten, its digits as they are
    kept = whole.rstrip("0")
    return f"{sign}{kept[0]}{'.' + kept[1:] if len(kept) > 1 else ''}e{len(whole) - 1}"


def fold(prose: str, show: Callable[[str, str, bool], str] = lambda numeral, decimal, rounded: "≈" * rounded + decimal,
         decimals: bool = False) -> tuple[str, list[str]]:
    """``prose`` with every numeral of more than :data:`MAX_SHOWN_DIGITS` digits replaced by ``show(numeral, decimal, rounded)``
    (by default ``≈`` and its decimal; the decimal the text gives after it, not rounded here); the exact numerals,
    in order.
    With ``decimals``, a decimal of more than :data:`MAX_SHOWN_DIGITS` significant digits is a numeral too.

    Examples
    --------
    >>> fold("sigma = 5.000000000000000000000085e23 or 0.5", decimals=True)
    ('sigma = ≈5e23 or 0.5', ['5.000000000000000000000085e23'])
    """
    exact: list[str] = []

    def one(match: re.Match) -> str:
        numeral = match.group("numeral")
        if digits_of(numeral.split("e")[0].lstrip("-0.")) <= MAX_SHOWN_DIGITS or ("." in numeral and not decimals) \
                or re.fullmatch(r"[^/]*/0+", numeral):  # a/0 is no value: left as it is
            return match.group(0)
        exact.append(numeral)
        given = match.group("decimal")  # "a/b = 39.598...": the decimal the text gives is enough
        value = Fraction(numeral) if "." in numeral or "e" in numeral else ratio_value(numeral)  # a decimal is short
        return show(numeral, given or _short(value), given is None)

    parts = [f"${t}$" if is_math else _FOLDABLE.sub(one, literal(t)) for is_math, t in segments(prose)]
    return "".join(parts), exact


def details_html(exact: list[str]) -> str:
    """The exact values of folded numerals in an expandable ``<details>`` (nothing when there are none).

    Examples
    --------
    >>> details_html(["1/3"])
    "<details class='exact'><summary>exact value</summary><div class='exact-value'>1/3</div></details>"
    >>> details_html([])
    ''
    """
    if not exact:
        return ""
    values = "".join(f"<div class='exact-value'>{html_text(x)}</div>" for x in exact)
    return (f"<details class='exact'><summary>exact value{'s' if len(exact) > 1 else ''}</summary>{values}"
            "</details>")


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular for one, "no" for none: ``1 square``, ``12,000 squares``, ``no squares``.

    Examples
    --------
    >>> counted(1, "square"), counted(12000, "on-ramp square"), counted(0, "policy", "policies")
    ('1 square', '12,000 on-ramp squares', 'no policies')
    """
    return f"{f'{n:,}' if n else 'no'} {noun if n == 1 else plural or noun + 's'}"



def value_math(q: Any) -> str:
    """A quantity (or a count, or None) as math: the short exact value, else the certified decimal.

    Examples
    --------
    >>> value_math({"exact": "1/3", "decimal": "0.333333", "float": 0.33}), value_math(7), value_math(None)
    ('\\\\frac{1}{3} \\\\approx 0.333333', '7', '-')
    >>> value_math({"decimal": "inf", "float": None, "infinite": True, "reason": "", "loop": [53]})
    '\\\\infty'
    """
    if q is None:
        return "-"
    if isinstance(q, (int, str)):
        return str(q)
    if q.get("infinite"):
        return "\\infty"
    if q.get("decimal") is None:
        return f"\\in [{tex_decimal(q['lower'])}, {tex_decimal(q['upper'])}]"
    exact = q.get("exact")
    if exact is not None and digits_of(exact) <= MAX_SHOWN_DIGITS:
        shown = tex_number(ratio_value(exact))
        return shown if ratio_value(exact) == Fraction(q["decimal"]) else f"{shown} \\approx {tex_decimal(q['decimal'])}"
    return tex_decimal(q["decimal"])


def relation_math(q: Any) -> str:
    r"""A quantity after its name: ``= value`` where the value shown is exact, ``\approx decimal`` where it is
    rounded, ``\in [lower, upper]`` where no digit is certain.

    Examples
    --------
    >>> relation_math({"exact": "1/4", "decimal": "0.25", "float": 0.25}), relation_math(3)
    ('= \\frac{1}{4}', '= 3')
    >>> relation_math({"exact": "1/3", "decimal": "0.333333", "float": 0.33})
    '= \\frac{1}{3} \\approx 0.333333'
    >>> relation_math({"exact": "1" * 30 + "/7", "decimal": "1.58730e28", "float": 1.6e28})
    '\\approx 1.58730 \\times 10^{28}'
    """
    if q is None or isinstance(q, (int, str)) or q.get("infinite"):
        return "= " + value_math(q)
    if q.get("decimal") is None:
        return value_math(q)
    exact = q.get("exact")
    if exact is not None and (ratio_value(exact) == Fraction(q["decimal"]) or digits_of(exact) <= MAX_SHOWN_DIGITS):
        return "= " + value_math(q)
    return "\\approx " + tex_decimal(q["decimal"])
