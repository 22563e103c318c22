"""LaTeX pieces: plain text made safe for text mode, exact numbers as math.

Exact rationals are written here directly (``\\frac{a}{b}``), so no LaTeX
needs sympy.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["tex_text", "tex_number"]

_ESCAPES = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "_": r"\_", "%": r"\%", "&": r"\&",
            "#": r"\#", "^": r"\^{}", "~": r"\~{}", "$": r"\$"}


def tex_text(text: str) -> str:
    """Plain text made safe for LaTeX text mode (arrows and comparisons in math mode).

    Examples
    --------
    >>> print(tex_text("50% of a_1 -> b"))
    50\\% of a\\_1 $\\to$ b
    """
    out = "".join(_ESCAPES.get(ch, ch) for ch in text)
    return out.replace("->", "$\\to$").replace(">", "$>$").replace("<", "$<$")


def tex_number(value: Fraction | int) -> str:
    """An exact rational as LaTeX math: ``\\frac{a}{b}``, with the sign in front.

    Examples
    --------
    >>> print(tex_number(Fraction(-3, 4)), tex_number(5))
    - \\frac{3}{4} 5
    """
    x = Fraction(value)
    if x.denominator == 1:
        return str(x.numerator)
    sign = "- " if x < 0 else ""
    return f"{sign}\\frac{{{abs(x.numerator)}}}{{{x.denominator}}}"
