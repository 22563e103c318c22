"""LaTeX pieces: plain text typeset, exact numbers, decimals and polynomials as math, every numeral whole.

Exact rationals are written here directly (``\\frac{a}{b}``, or ``a / b``
when long), so no LaTeX needs sympy. A numeral is never broken across lines:
a number too long for a line is cut to its first digits (followed by
``\\ldots``; the exact value is in the JSON), as mpmath's ``nstr`` and
sympy's printer shorten them, and every decimal of a page follows one style
by its magnitude (:func:`tex_decimal`): written out from ``10^-4`` to
``10^11``, else in powers of ten. Long math breaks at its operators, in
ragged paragraphs.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Sequence

from ..exact.digits import digit_count, integer_text
from .prose import literal, myst_math, segments, tex_escape

__all__ = ["tex_text", "tex_number", "tex_shown", "tex_decimal", "tex_set", "tex_polynomial", "tex_document"]

_SHORT = 24  # digits of numerator and denominator together below which a fraction is a \frac
LONGEST = 40
"""The most digits of one numeral in LaTeX (a decimal's significant digits, or an exact numerator's): longer ones
are cut, since a numeral never breaks."""


def tex_text(text: str) -> str:
    """Plain text typeset for LaTeX text mode: specials escaped, and the formulas it writes in ASCII
    (:func:`~limits.markup.prose.myst_math`: ``sigma``, ``P(5) -> 1``, ``m = 0``) in math mode.

    Examples
    --------
    >>> print(tex_text("50% of a_1 -> b, so m = 0"))
    50\\% of a\\_1 $\\to$ b, so $m = 0$
    """
    return "".join(f"${t}$" if m else tex_escape(t) for m, t in segments(myst_math(literal(text))))


def _styled(sign: str, digits: str, e: int, dots: str = "") -> str:
    """A number ``0.d1d2... * 10^(e+1)`` (significant ``digits``, the first not 0) in the one style of a page:
    written out when ``-4 <= e <= 10``, else ``d.ddd \\times 10^{e}``."""
    if -4 <= e <= 10:
        head, tail = (digits[:e + 1].ljust(e + 1, "0"), digits[e + 1:]) if e >= 0 else ("0", "0" * (-e - 1) + digits)
        return sign + head + ("." + tail if tail else "") + dots
    return f"{sign}{digits[0]}{'.' + digits[1:] if len(digits) > 1 else ''}{dots} \\times 10^{{{e}}}"


def _cut(x: Fraction) -> str:
    """The first twelve significant digits of ``x != 0``, cut (never rounded), and ``\\ldots`` if there are more."""
    a = abs(x)
    e = digit_count(a.numerator) - digit_count(a.denominator)  # 10^(e-1) <= a < 10^(e+1)
    if a < Fraction(10) ** e:
        e -= 1
    n = a.numerator * 10 ** max(11 - e, 0) // (a.denominator * 10 ** max(e - 11, 0))  # twelve digits, cut
    exact = Fraction(n) * Fraction(10) ** (e - 11) == a
    return _styled("-" if x < 0 else "", str(n).rstrip("0") if exact else str(n), e, "" if exact else "\\ldots")


def tex_number(value: Fraction | int) -> str:
    """An exact rational as LaTeX math: ``\\frac{a}{b}`` when short, ``a / b`` when long, and its first digits
    (:func:`tex_shown`) when a numeral has more than :data:`LONGEST` digits.

    Examples
    --------
    >>> print(tex_number(Fraction(-3, 4)), tex_number(5))
    - \\frac{3}{4} 5
    >>> print(tex_number(Fraction(1, 10**30)))
    1 \\mathbin{/} 1000000000000000000000000000000
    >>> print(tex_number(Fraction(1, 3 * 10**40)))
    3.33333333333\\ldots \\times 10^{-41}
    """
    x = Fraction(value)
    if max(digit_count(x.numerator), digit_count(x.denominator)) > LONGEST:
        return _cut(x)
    sign = "- " if x < 0 else ""
    num, den = integer_text(abs(x.numerator)), integer_text(x.denominator)
    if x.denominator == 1:
        return sign + num
    if len(num) + len(den) <= _SHORT:
        return f"{sign}\\frac{{{num}}}{{{den}}}"
    return f"{sign}{num} \\mathbin{{/}} {den}"


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
    >>> print(tex_shown(Fraction(97911382918681455541957, 2640274999110624859)), tex_shown(10**25))
    37083.7821634\\ldots 1 \\times 10^{25}
    """
    x = Fraction(value)
    if digit_count(x.numerator) + (digit_count(x.denominator) if x.denominator != 1 else 0) <= SHOWN_DIGITS:
        return tex_number(x)
    return _cut(x)


def tex_decimal(text: str) -> str:
    """A decimal from :mod:`limits.exact.digits` as math in the page's one style, whole: ``1.5e-7`` and
    ``0.00000015`` become ``1.5 \\times 10^{-7}``; past :data:`LONGEST` significant digits it is cut (``\\ldots``).

    Examples
    --------
    >>> print(tex_decimal("1.5e-7"), tex_decimal("-0.25"), tex_decimal("inf"), tex_decimal("0.000008026"))
    1.5 \\times 10^{-7} -0.25 \\infty 8.026 \\times 10^{-6}
    >>> print(tex_decimal("0.500"), tex_decimal("123000"), tex_decimal("-123000000000000"), tex_decimal("0"))
    0.500 123000 -1.23 \\times 10^{14} 0
    """
    if text in ("inf", "-inf"):
        return text.replace("inf", r"\infty")
    sign, body = ("-", text[1:]) if text.startswith("-") else ("", text)
    mant, _, exp = body.partition("e")
    whole, _, frac = mant.partition(".")
    digits = (whole + frac).lstrip("0")
    if not digits:
        return "0"
    e = len(whole) - 1 - (len(whole + frac) - len(digits)) + int(exp or 0)
    if not frac:  # the zeros that end a whole number hold places only
        digits = digits.rstrip("0")
    cut = len(digits) > LONGEST
    return _styled(sign, digits[:LONGEST], e, "\\ldots" if cut else "")


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
        r"\let\timessign\times\renewcommand{\times}{\timessign\nobreak}",  # a x 10^k: never a break after x
        r"\setlength{\parindent}{0pt}\setlength{\parskip}{0.6em}\setlength{\emergencystretch}{3em}",
        r"\begin{document}",
        r"\raggedright",
        f"\\section*{{{title}}}",
        "\n\n".join(paragraphs),
        r"\end{document}",
        "",
    ])
