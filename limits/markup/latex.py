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

from ..exact.digits import _exponent, digit_count, integer_text
from .prose import TEX_CHANCES, latex_prose, literal, math_text, myst_math, plain, segments, tex_escape

__all__ = ["tex_text", "tex_number", "tex_shown", "tex_decimal", "tex_set", "tex_polynomial", "tex_document",
           "tex_table", "tex_exact_values"]

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
    e = _exponent(a)  # 10^e <= a < 10^(e+1)
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


_NATURAL = 75
"""Characters a row of a LaTeX table holds: a table whose widest cells fit keeps its natural column widths."""

_WIDEST = 60
"""In a table that shares the width, a column's share counts at most this many characters."""


def tex_table(headers: list[str], rows: list[list[str]]) -> str:
    """A ``longtable`` of prose cells: natural columns when they fit, else ragged columns sharing the width by their
    contents."""
    n, table = len(headers), (headers, *rows)
    widths = [max(len(plain(r[i])) for r in table) for i in range(n)]
    if sum(widths) + 2 * n <= _NATURAL:
        columns = "l" * n
    else:  # each column the longest piece it cannot break (a word, a formula), then a share of the rest
        least = [max(_unbreakable(r[i]) for r in table) + 1 for i in range(n)]
        want = [max(min(w, _WIDEST), a) for w, a in zip(widths, least)]
        spare, extra = max(_NATURAL - sum(least), 0), sum(want) - sum(least)
        shares = [a + (w - a) * spare / extra if extra else a for a, w in zip(least, want)]
        columns = "".join(f">{{\\raggedright\\arraybackslash}}p{{{int(999 * s / sum(shares)) / 1000}\\dimexpr"
                          f"\\linewidth-{2 * n}\\tabcolsep\\relax}}" for s in shares)
    body = "".join(" & ".join(latex_prose(c) for c in r) + " \\\\\n" for r in rows)
    return (f"{{\\footnotesize\\begin{{longtable}}{{{columns}}}\\hline\n"
            f"{' & '.join(latex_prose(h) for h in headers)} \\\\ \\hline\n\\endhead\n{body}\\hline\n"
            "\\end{longtable}}")


def _unbreakable(prose: str) -> int:
    """The characters of the longest piece of a cell LaTeX cannot break: a formula, a word, or in a long word
    (:func:`~limits.markup.prose.latex_prose` breaks it) what stands between its break chances."""
    def word(w: str) -> int:
        return len(w) if len(w) < 25 else max(map(len, TEX_CHANCES.split(w)), default=1)

    return max((len(math_text(t)) if m else max(map(word, t.split()), default=0) for m, t in segments(prose)),
               default=0)


_WRAP = 72
"""Characters of a line of the appendix of exact values (verbatim)."""


def tex_exact_values(exact: list[str], shown: int) -> str:
    """The appendix of a LaTeX document's exact values (numerals of more than ``shown`` digits), numbered as their
    decimals are marked; a numeral longer than a line goes on over several, each but its last ending in a backslash
    (as ``bc`` prints)."""
    lines = []
    for k, numeral in enumerate(exact, 1):
        pieces = []
        for part in numeral.replace("/", "/ ").split(" ") if len(numeral) + 6 > _WRAP else [numeral]:
            chunks = [part[i:i + _WRAP - 6] for i in range(0, len(part), _WRAP - 6)]
            pieces += [c + "\\" for c in chunks[:-1]] + chunks[-1:]
        lines += [f"[{k}]".ljust(6) + pieces[0], *(" " * 6 + p for p in pieces[1:])]
    note = latex_prose(f"Each numeral of more than {shown} digits is shown above to twelve digits, marked by its "
                       "number here, where it is written out.")
    return f"\\subsection*{{Exact values}}\n\n{note}\n\n\\begin{{verbatim}}\n" + "\n".join(lines) + "\n\\end{verbatim}"
