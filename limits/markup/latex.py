"""LaTeX pieces: plain text made safe, exact numbers and polynomials as math that breaks across lines.

Exact rationals are written here directly (``\\frac{a}{b}``, or ``a / b``
with break points when long), so no LaTeX needs sympy. Long numbers carry
``\\allowbreak`` between groups of digits and sit in inline math inside
ragged paragraphs, so pdflatex can always break a line: no output of
``--format latex`` overfills a line, however large its numbers.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Iterable, Sequence

from ..exact.digits import digit_count, integer_text

__all__ = ["tex_text", "tex_number", "tex_shown", "tex_digits", "tex_decimal", "tex_set", "tex_polynomial", "tex_document"]

_ESCAPES = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "_": r"\_", "%": r"\%", "&": r"\&",
            "#": r"\#", "^": r"\^{}", "~": r"\~{}", "$": r"\$"}
_UNREADABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_GROUP = 10
_SHORT = 24  # digits of numerator and denominator together below which a fraction is a \frac


def tex_text(text: str) -> str:
    """Plain text made safe for LaTeX text mode (arrows and comparisons in math mode); the control characters
    TeX cannot read (all but tab and line ends) are left out.

    Examples
    --------
    >>> print(tex_text("50% of a_1 -> b"))
    50\\% of a\\_1 $\\to$ b
    """
    out = "".join(_ESCAPES.get(ch, ch) for ch in _UNREADABLE.sub("", text))
    return out.replace("->", "$\\to$").replace(">", "$>$").replace("<", "$<$")


def tex_digits(digits: str) -> str:
    """A string of digits for math mode, with a break point after every group of ten.

    Examples
    --------
    >>> print(tex_digits("123456789012345"))
    1234567890\\allowbreak 12345
    """
    groups = [digits[i:i + _GROUP] for i in range(0, len(digits), _GROUP)]
    return r"\allowbreak ".join(groups)


def tex_number(value: Fraction | int) -> str:
    """An exact rational as LaTeX math: ``\\frac{a}{b}`` when short, ``a / b`` with break points when long.

    Examples
    --------
    >>> print(tex_number(Fraction(-3, 4)), tex_number(5))
    - \\frac{3}{4} 5
    >>> print(tex_number(Fraction(1, 10**30)))
    1 \\mathbin{/} \\allowbreak 1000000000\\allowbreak 0000000000\\allowbreak 0000000000\\allowbreak 0
    """
    x = Fraction(value)
    sign = "- " if x < 0 else ""
    num, den = integer_text(abs(x.numerator)), integer_text(x.denominator)
    if x.denominator == 1:
        return sign + tex_digits(num)
    if len(num) + len(den) <= _SHORT:
        return f"{sign}\\frac{{{num}}}{{{den}}}"
    return f"{sign}{tex_digits(num)} \\mathbin{{/}} \\allowbreak {tex_digits(den)}"


SHOWN_DIGITS = 20
"""The longest exact value (digits of numerator and denominator together) :func:`tex_shown` writes out."""


def tex_shown(value: Fraction | int) -> str:
    """An exact rational as a person reads it: exactly when short (:data:`SHOWN_DIGITS`), else its first twelve
    significant digits, cut (never rounded) and followed by ``\\ldots``; the exact value is in the JSON.

    Examples
    --------
    >>> print(tex_shown(Fraction(-3, 4)), tex_shown(Fraction(10**30 + 1, 3)))
    - \\frac{3}{4} 3.33333333333\\ldots \\times 10^{29}
    >>> print(tex_shown(Fraction(-2, 3 * 10**25)), tex_shown(Fraction(10**25 + 1, 10**25)))
    -6.66666666666\\ldots \\times 10^{-26} 1.00000000000\\ldots
    >>> print(tex_shown(Fraction(97911382918681455541957, 2640274999110624859)))
    37083.7821634\\ldots
    """
    x = Fraction(value)
    if digit_count(x.numerator) + (digit_count(x.denominator) if x.denominator != 1 else 0) <= SHOWN_DIGITS:
        return tex_number(x)
    sign, a = ("-" if x < 0 else ""), abs(x)
    e = digit_count(a.numerator) - digit_count(a.denominator)  # 10^(e-1) <= a < 10^(e+1)
    if a < Fraction(10) ** e:
        e -= 1
    n = a.numerator * 10 ** max(11 - e, 0) // (a.denominator * 10 ** max(e - 11, 0))  # twelve digits, cut
    dots = "" if Fraction(n) * Fraction(10) ** (e - 11) == a else "\\ldots"
    digits = str(n)
    if -4 <= e <= 10:
        body = digits[:e + 1] + "." + digits[e + 1:] if e >= 0 else "0." + "0" * (-e - 1) + digits
        return sign + body + dots
    return f"{sign}{digits[0]}.{digits[1:]}{dots} \\times 10^{{{e}}}"


def tex_decimal(text: str) -> str:
    """A decimal from :mod:`limits.exact.digits` as math: ``1.5e-7`` becomes ``1.5 \\times 10^{-7}``.

    Examples
    --------
    >>> print(tex_decimal("1.5e-7"), tex_decimal("-0.25"), tex_decimal("inf"))
    1.5 \\times 10^{-7} -0.25 \\infty
    """
    if text in ("inf", "-inf"):
        return text.replace("inf", r"\infty")
    mant, _, exp = text.partition("e")
    body = tex_digits(mant)
    return f"{body} \\times 10^{{{int(exp)}}}" if exp else body


def tex_set(squares: Sequence[int], shown: int = 12) -> str:
    """Squares as a set in math mode, the first ``shown`` of them and dots for the rest.

    Examples
    --------
    >>> print(tex_set((53,)), tex_set(range(20), 3))
    \\{53\\} \\{0, 1, 2, \\ldots\\}
    """
    listed = ", ".join(map(str, squares[:shown])) + (", \\ldots" if len(squares) > shown else "")
    return f"\\{{{listed}\\}}"


def tex_polynomial(coefficients: Sequence[int | Fraction], variable: str = "p") -> str:
    """``c_0 + c_1 x + ...`` (low to high) as math that may break after each sign.

    Examples
    --------
    >>> print(tex_polynomial([1, 0, -3, 1], "x"))
    1 - 3 x^{2} + x^{3}
    """
    terms: list[str] = []
    for k, c in enumerate(coefficients):
        c = Fraction(c)
        if c == 0:
            continue
        sign = "-" if c < 0 else "+"
        mag = abs(c)
        power = "" if k == 0 else variable if k == 1 else f"{variable}^{{{k}}}"
        coeff = tex_number(mag) if (mag != 1 or not power) else ""
        body = " ".join(t for t in (coeff, power) if t)
        terms.append(f"{sign} {body}" if terms or sign == "-" else body)
    return " ".join(terms) if terms else "0"


def tex_document(title: str, paragraphs: Iterable[str], preamble: Iterable[str] = ()) -> str:
    """A complete LaTeX document (article, amsmath, tables and figures) whose paragraphs are ragged, so long math breaks.

    ``title`` and ``paragraphs`` are LaTeX; ``preamble`` adds lines before ``\\begin{document}``.

    Examples
    --------
    >>> doc = tex_document("T", ["$x = 1$"])
    >>> doc.startswith("\\\\documentclass") and doc.rstrip().endswith("\\\\end{document}")
    True
    """
    return "\n".join([
        r"\documentclass[11pt]{article}",
        r"\usepackage[margin=2.5cm]{geometry}",
        r"\usepackage{amsmath,graphicx,longtable,array}",
        *preamble,
        r"\allowdisplaybreaks",
        r"\setlength{\parindent}{0pt}\setlength{\parskip}{0.6em}\setlength{\emergencystretch}{3em}",
        r"\begin{document}",
        r"\raggedright",
        f"\\section*{{{title}}}",
        "\n\n".join(paragraphs),
        r"\end{document}",
        "",
    ])
