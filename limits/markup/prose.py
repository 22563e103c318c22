"""Prose with inline mathematics, in every format: plain text, LaTeX, MathJax, HTML; and ASCII formulas as math.

Prose is written once, with inline mathematics between dollar signs in
LaTeX (an odd number of dollars means no mathematics); ``\\$`` is a dollar
sign of the text, and :func:`literal` makes a user's text (a board's name)
safe to put in prose, so that its dollars start no mathematics. :func:`plain` reads
the mathematics aloud (``\\varepsilon`` is ``eps``, ``\\frac{5}{26}`` is
``5/26``); :func:`latex_prose` escapes the text for a LaTeX document and
keeps the mathematics; :func:`mathjax_prose` puts the text in ``\\text{}``
for math mode (Jupyter's ``_repr_latex_``); :func:`html_prose` escapes the
text and hands the mathematics to MathJax or to a renderer. Long words
(exact fractions, test names) get break chances in LaTeX and HTML.

The other way round, :func:`myst_math` finds the formulas written in ASCII
inside prose (``sigma -> 93 as P(5) -> 1``) and typesets them as ``$...$``
for Markdown pages. A formula is a run of symbols the project's prose uses
(``sigma``, ``psi``, ``pi_Win``, ``eps^-2``, ``delta``, ``P(...)``,
``E_5(x)``, ``c_5``, ``p``, ``lim``) joined by numbers, operators and
brackets; words end it.

Examples
--------
>>> myst_math("delta for which sigma -> infinity as P(delta) -> 1")
'$\\\\delta$ for which $\\\\sigma \\\\to \\\\infty$ as $P(\\\\delta) \\\\to 1$'
>>> myst_math("3 fastest (5/26 eps^-2)")
'3 fastest $(5/26\\\\, \\\\varepsilon^{-2})$'
>>> myst_math("the limit is psi / pi_Win = 93")
'the limit is $\\\\psi / \\\\pi_{\\\\mathrm{Win}} = 93$'
>>> myst_math("21.843, and strategy 4 lower")  # no formula: unchanged
'21.843, and strategy 4 lower'
"""

from __future__ import annotations

import html
import re
from typing import Callable

from .jupyter import math_html

__all__ = ["segments", "literal", "plain", "math_text", "tex_escape", "latex_prose", "mathjax_prose", "mathjax_text",
           "html_prose", "html_text", "myst_math"]

_SYMBOLS = {
    "sigma": "\\sigma", "psi": "\\psi", "pi_Win": "\\pi_{\\mathrm{Win}}", "delta": "\\delta", "infinity": "\\infty",
    "lim": "\\lim", "eps": "\\varepsilon", "->": "\\to", "<=": "\\le", ">=": "\\ge",
}
_SYMBOL = (r"(?:\bP\((?:Win|Loop) -> (?:Win|\{[\d, ]+\})\)|\bP\((?:delta|\d)\)|\bE_\d\(x\)|\bc_\d\b|\bsigma\b|\bpsi\b"
           r"|\bpi_Win\b|\beps(?:\^-?\d+)?\b|\bdelta\b|\binfinity\b|\blim\b|(?<![\w'])[pm]\b|\bmax\([\w ,-]+\))")
_GLUE = r"(?:\d+(?:\.\d+)?(?:e-\d+)?\b|->|<=|>=|\^-?\d+|[-+*/=<>()]| )"
_LEAD = r"(?:(?<![\w.])(?<!e-)[(\d][\d./()+\- ]*?)?"  # a coefficient or an opening bracket before the first symbol
_RUN = re.compile(rf"{_LEAD}{_SYMBOL}(?:{_GLUE}*{_SYMBOL})*(?:{_GLUE}*(?:\d+(?:\.\d+)?(?:e-\d+)?\b|\)|\^-?\d+))?")
_ATOM = re.compile(r"P\((Win|Loop) -> (Win|\{[\d, ]+\})\)|pi_Win|E_(\d)\(x\)|c_(\d)|eps\^(-?\d+)|(?:1|([\d.]+))e-(\d+)|"
                   r"max\(([\w ,-]+)\)|\^(-?\d+)|->|<=|>=|sigma|psi|delta|infinity|lim|eps")


def _latex(run: str) -> str:
    def atom(m: re.Match) -> str:
        text = m.group(0)
        if m.group(1):
            to = m.group(2)
            target = "\\" + to[:-1] + "\\}" if to.startswith("{") else "\\mathrm{" + to + "}"
            return "P(\\mathrm{" + m.group(1) + "} \\to " + target + ")"
        if m.group(3):
            return f"E_{m.group(3)}(x)"
        if m.group(4):
            return f"c_{m.group(4)}"
        if m.group(5):
            return f"\\varepsilon^{{{m.group(5)}}}"
        if m.group(7):  # 1e-23 is 10^{-23}, 2.5e-7 is 2.5 \times 10^{-7}
            return (f"{m.group(6)} \\times " if m.group(6) else "") + f"10^{{-{m.group(7)}}}"
        if m.group(8):  # max(0, leave - enter): its words upright
            return "\\max(" + re.sub(r"[A-Za-z]{2,}", r"\\mathrm{\g<0>}", m.group(8)) + ")"
        if m.group(9):
            return f"^{{{m.group(9)}}}"
        return _SYMBOLS[text]

    out = _ATOM.sub(atom, run.strip())
    out = re.sub(r"(\d) (\\varepsilon)", r"\1\\, \2", out)  # a coefficient and its power of eps
    return out


def _balanced(run: str) -> str:
    """Drop unmatched closing brackets at the end of a run (they belong to the prose)."""
    while run.endswith(")") and run.count(")") > run.count("("):
        run = run[:-1]
    return run


def myst_math(text: str) -> str:
    """``text`` with each ASCII formula in ``$...$`` (MyST's dollar math), the prose around it untouched."""
    out, i = "", 0
    for m in _RUN.finditer(text):
        run = _balanced(m.group(0).rstrip())
        if run.count("(") != run.count(")"):
            continue
        out += text[i:m.start()] + f"${_latex(run)}$"
        i = m.start() + len(run)
    return out + text[i:]


_WORDS = {"varepsilon": "eps", "sigma": "sigma", "psi": "psi", "pi": "pi", "delta": "delta", "alpha": "alpha",
          "infty": "inf", "to": "->", "cdot": "*", "times": "x", "le": "<=", "ge": ">=", "ne": "!=",
          "approx": "~", "sim": "~", "quad": "  ", "qquad": "  ", "ldots": "...", "dots": "...", "left": "",
          "right": "", "sum": "sum", "lim": "lim", "mid": "|", "in": "in", "lambda": "lambda", "mathrm": "",
          "text": "", "exp": "exp", "mu": "mu", "ell": "l", "allowbreak": "", "mathbin": ""}


def _group(text: str, i: int) -> tuple[str, int]:
    """The balanced ``{...}`` group starting at ``text[i]``, and the index after it."""
    depth = 0
    for j in range(i, len(text)):
        depth += {"{": 1, "}": -1}.get(text[j], 0)
        if depth == 0:
            return text[i + 1:j], j + 1
    return text[i + 1:], len(text)


def _fracs(text: str) -> str:
    out, i = "", 0
    while (k := text.find("\\frac{", i)) >= 0:
        top, j = _group(text, k + 5)
        bottom, j = _group(text, j) if j < len(text) and text[j] == "{" else ("", j)
        top, bottom = _fracs(top), _fracs(bottom)
        wrap = [f"({x})" if re.search(r"[ +\-*]", x.strip()) else x for x in (top, bottom)]
        out += text[i:k] + f"{wrap[0]}/{wrap[1]}"
        i = j
    return out + text[i:]


def math_text(math: str) -> str:
    """TeX mathematics read aloud in ASCII.

    Examples
    --------
    >>> math_text(r"\\sigma \\sim \\frac{5}{26}\\,\\varepsilon^{-2}")
    'sigma ~ 5/26 eps^-2'
    """
    out = math.replace("\\{", "\x00").replace("\\}", "\x01")
    out = re.sub(r"\\(?:mathrm|text)\{([^{}]*)\}", r"\1", out)
    out = _fracs(out)
    out = out.replace("\\,", " ").replace("\\;", " ").replace("\\!", "").replace("\\ ", " ")
    out = out.replace("\\\\", "; ")
    out = re.sub(r"\\([A-Za-z]+) ?", lambda m: _WORDS.get(m.group(1), m.group(1)) + (
        " " if m.group(0).endswith(" ") and _WORDS.get(m.group(1), "x") else ""), out)
    out = re.sub(r"([_^])\{([^{}]*)\}", lambda m: m.group(1) + (
        m.group(2) if m.group(2).lstrip("-").isalnum() or m.group(2).startswith("(") else f"({m.group(2)})"), out)
    out = out.replace("{", "").replace("}", "").replace("&", " ")
    out = out.replace("\x00", "{").replace("\x01", "}")
    return re.sub(r"  +", " ", out).strip()


_DOLLAR = re.compile(r"(\\*)\$")


def literal(text: str) -> str:
    """Text for prose as it is: each dollar sign escaped (``\\$``, with the backslashes before it doubled).

    Examples
    --------
    >>> segments(literal("a $5$ board") + ", $x$")
    [(False, 'a $5$ board, '), (True, 'x')]
    """
    return _DOLLAR.sub(lambda m: "\\" * (2 * len(m.group(1)) + 1) + "$", text)


def _unescaped(text: str) -> str:
    return _DOLLAR.sub(lambda m: "\\" * (len(m.group(1)) // 2) + "$" if len(m.group(1)) % 2 else m.group(0), text)


def segments(prose: str) -> list[tuple[bool, str]]:
    """``(is_math, text)`` pieces of prose with inline ``$...$`` mathematics (an odd number of ``$``: none); in
    the text, ``\\$`` is a dollar sign (:func:`literal`)."""
    cuts = [m.end() - 1 for m in _DOLLAR.finditer(prose) if len(m.group(1)) % 2 == 0]
    if len(cuts) % 2:
        return [(False, _unescaped(prose))]
    pieces, start = [], 0
    for i, cut in enumerate([*cuts, len(prose)]):
        if cut > start:
            piece = prose[start:cut]
            pieces.append((True, piece) if i % 2 else (False, _unescaped(piece)))
        start = cut + 1
    return pieces


def plain(prose: str) -> str:
    """Prose as plain text.

    Examples
    --------
    >>> plain(r"so $\\sigma \\sim \\frac{5}{26}\\,\\varepsilon^{-2}$ as $\\varepsilon \\to 0$")
    'so sigma ~ 5/26 eps^-2 as eps -> 0'
    >>> from fractions import Fraction
    >>> from limits.markup.latex import tex_number
    >>> plain(f"${tex_number(Fraction(1, 10**30))}$")  # a long number's break points are not words
    '1 / 1000000000000000000000000000000'
    """
    return "".join(math_text(t) if m else t for m, t in segments(prose))


_LONG = re.compile(r"\S{25,}")
_CHANCES = re.compile(r"\d{10}(?=\d)|[/_.:](?=.)")
TEX_CHANCES = re.compile(r"[/_:](?=.)|\.(?=\D)")
"""Where LaTeX may break a long word: after ``/ _ :`` and a point that ends no digit (never inside a numeral)."""

_ESCAPES = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "_": r"\_", "%": r"\%", "&": r"\&",
            "#": r"\#", "^": r"\^{}", "~": r"\~{}", "$": r"\$"}
_UNREADABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def tex_escape(text: str) -> str:
    """Text made safe for LaTeX text mode (arrows and comparisons in math mode); the control characters TeX cannot
    read (all but tab and line ends) are left out.

    Examples
    --------
    >>> print(tex_escape("50% of a_1 -> b"))
    50\\% of a\\_1 $\\to$ b
    """
    out = "".join(_ESCAPES.get(ch, ch) for ch in _UNREADABLE.sub("", text))
    return out.replace("->", "$\\to$").replace(">", "$>$").replace("<", "$<$")


def _breakable(text: str, escape: Callable[[str], str], chance: str, chances: re.Pattern = _CHANCES) -> str:
    """``text`` escaped, with a line-break ``chance`` in long words at ``chances`` (after ten digits and after
    ``/ _ . :``, or :data:`TEX_CHANCES`).

    Long exact fractions and test names then wrap instead of widening the line.

    Examples
    --------
    >>> _breakable("x = 12345678901234567890123/7 in tests/a_b.py", str, "|")
    'x = 1234567890|1234567890|123/|7 in tests/a_b.py'
    >>> _breakable("x = 1234567890123.4567890123/7 in tests/a_b.py", str, "|", TEX_CHANCES)
    'x = 1234567890123.4567890123/|7 in tests/a_b.py'
    """
    def split(word: str) -> str:
        cuts = sorted({m.end() for m in chances.finditer(word)})
        return chance.join(escape(word[i:j]) for i, j in zip([0, *cuts], [*cuts, len(word)]))

    pos, out = 0, []
    for match in _LONG.finditer(text):
        out += [escape(text[pos:match.start()]), split(match.group())]
        pos = match.end()
    return "".join(out) + escape(text[pos:])


def latex_prose(prose: str) -> str:
    """Prose for a LaTeX document: text escaped (long words breakable), mathematics kept.

    Examples
    --------
    >>> print(latex_prose(r"50% of $\\varepsilon$, like 5/26 eps^-2"))  # a power in text is a superscript
    50\\% of $\\varepsilon$, like 5/26 eps$^{-2}$
    """
    out = []
    for is_math, text in segments(prose):
        if is_math:
            out.append(f"${text}$")
            continue
        for i, part in enumerate(re.split(r"\^(-?\d+)\b", text)):  # eps^-2: the power raised, not after a hat
            out.append(f"$^{{{part}}}$" if i % 2 else _breakable(part, tex_escape, "\\allowbreak{}", TEX_CHANCES))
    return "".join(out)


def mathjax_text(text: str) -> str:
    """Plain text for math mode: in ``\\text{}``, with the characters that would break it replaced."""
    for bad, good in (("\\", ""), ("{", "("), ("}", ")"), ("&", "and"), ("%", " percent"), ("#", "no. "),
                      ("_", " "), ("^", ""), ("~", " "), ("$", "\\$")):
        text = text.replace(bad, good)
    return f"\\text{{{text}}}" if text else ""


def mathjax_prose(prose: str) -> str:
    """Prose inside math mode (MathJax/KaTeX): text in ``\\text{}``, mathematics as it is.

    Examples
    --------
    >>> mathjax_prose(r"order $m = 2$")
    '\\\\text{order }m = 2'
    """
    return "".join(t if m else mathjax_text(t) for m, t in segments(prose))


def html_text(text: str) -> str:
    """Escaped HTML with line-break chances (``<wbr>``) in long words.

    Examples
    --------
    >>> html_text("a < 12345678901234567890123/7")
    'a &lt; 1234567890<wbr>1234567890<wbr>123/<wbr>7'
    """
    return _breakable(text, html.escape, "<wbr>")


def html_prose(prose: str, math: Callable[[str], str] | None = None) -> str:
    """Prose as HTML: text escaped, mathematics between ``\\(`` and ``\\)`` for MathJax or KaTeX, or by ``math``.

    Examples
    --------
    >>> print(html_prose(r"so $\\sigma < 1$ & more"))
    so \\(\\sigma &lt; 1\\) &amp; more
    """
    return "".join((math or math_html)(t) if m else html_text(t) for m, t in segments(prose))
