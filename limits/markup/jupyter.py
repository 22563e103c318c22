"""Values as text, and HTML summaries for Jupyter's ``_repr_html_``: values through the one number layer.

A value prints as the digits it is known to: an exact value rounded
correctly (with the exact fraction beside it when it is short, or before it
in the report's prose), an enclosure to its certain digits, a float to the
digits it carries.
Formulas go between ``\\(`` and ``\\)``, which JupyterLab, Jupyter
Notebook and the docs' MathJax typeset.

Examples
--------
>>> from fractions import Fraction
>>> value_text(Fraction(1, 3))
'0.333333333333 (exactly 1/3)'
>>> summary_html("A title", [("mean", "1 < 2")])
'<div class="limits-summary"><p><strong>A title</strong></p><table><tr><th>mean</th><td>1 &lt; 2</td></tr></table></div>'
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any, Iterable

from ..exact.digits import decimal, ratio
from .quantities import quantity, quantity_text

__all__ = ["value_text", "exact_and_decimal", "summary_html", "math_html", "DIGITS", "SHORT_RATIO"]

DIGITS = 12
"""Significant digits of a value in a summary."""

SHORT_RATIO = 30
"""An exact fraction up to this many characters is shown beside its decimal."""


def value_text(value: Any, digits: int = DIGITS) -> str:
    """A value as text, with no digit it cannot vouch for.

    Parameters
    ----------
    value : Fraction, int, float, enclosure, None or any
        An enclosure is anything with ``lower`` and ``upper``; None prints as
        a dash, infinity as ``inf``; other objects (sympy expressions) as ``str``.
    digits : int, optional
        Significant digits at most.

    Examples
    --------
    >>> import math
    >>> from limits.exact.enclosure import Enclosure
    >>> value_text(Fraction(93)), value_text(0.1), value_text(Enclosure(Fraction(1, 3), Fraction(1, 3) + Fraction(1, 10**9)))
    ('93', '0.1', '0.33333333')
    >>> value_text(None), value_text(math.inf)
    ('-', 'inf')
    """
    if value is None:
        return "-"
    try:  # the digits the JSON of every command shows
        q = quantity(value, digits)
    except TypeError:
        return str(value)
    if not isinstance(q, dict):
        return str(q)
    if "lower" in q:
        return quantity_text(q)
    exact = q.get("exact")
    return q["decimal"] if exact is None or "/" not in exact or len(exact) > SHORT_RATIO else \
        f"{q['decimal']} (exactly {exact})"


def exact_and_decimal(value: Fraction | int, digits: int = 12) -> str:
    """An exact value and its decimal, the decimal left out where it would repeat the value.

    Examples
    --------
    >>> exact_and_decimal(Fraction(93)), exact_and_decimal(Fraction(40634, 865), 10)
    ('93', '40634/865 = 46.97572254')
    """
    exact, rounded = ratio(value), decimal(value, digits)
    return exact if rounded == exact else f"{exact} = {rounded}"


def summary_html(title: str, rows: Iterable[tuple[str, str]], extra: str = "") -> str:
    """A titled two-column table (labels and texts, escaped), then ``extra`` (HTML, e.g. an SVG) as it is."""
    e = html.escape
    body = "".join(f"<tr><th>{e(label)}</th><td>{e(text)}</td></tr>" for label, text in rows)
    return f'<div class="limits-summary"><p><strong>{e(title)}</strong></p><table>{body}</table>{extra}</div>'


def math_html(latex: str, display: bool = False) -> str:
    """LaTeX (math mode) for a page that typesets with MathJax or KaTeX, escaped for HTML.

    Examples
    --------
    >>> math_html(r"a < \\frac{1}{2}")
    '\\\\(a &lt; \\\\frac{1}{2}\\\\)'
    """
    left, right = ("\\[", "\\]") if display else ("\\(", "\\)")
    return f"{left}{html.escape(latex, quote=False)}{right}"
