"""Derivations as documents: steps of prose, mathematics and tables, printed as text, LaTeX or in Jupyter.

A :class:`Derivation` is a sequence of :class:`Step` objects, built by
:func:`limits.limit.derive_steps.derive_family` from the hierarchy of a family. Prose is
written once, with inline mathematics between dollar signs in LaTeX, and
rendered three ways: plain text (the mathematics read aloud: ``\\varepsilon``
is ``eps``, ``\\frac{5}{26}`` is ``5/26``), a LaTeX document for pdflatex
(text escaped, mathematics typeset), and Jupyter's ``_repr_latex_`` in the
subset MathJax and KaTeX typeset (math mode only: ``\\text{}``, ``array``),
with ``_repr_html_`` beside it. Every small chain is a :class:`Table`.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..markup.latex import tex_text

__all__ = ["Table", "Step", "Derivation", "plain", "latex_prose", "mathjax_prose", "html_prose"]

_WORDS = {"varepsilon": "eps", "sigma": "sigma", "psi": "psi", "pi": "pi", "delta": "delta", "alpha": "alpha",
          "infty": "inf", "to": "->", "cdot": "*", "times": "x", "le": "<=", "ge": ">=", "ne": "!=",
          "approx": "~", "sim": "~", "quad": "  ", "qquad": "  ", "ldots": "...", "dots": "...", "left": "", "right": "", "sum": "sum", "lim": "lim", "mid": "|", "in": "in", "lambda": "lambda", "mathrm": "",
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


def _math_to_text(math: str) -> str:
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


def _segments(prose: str) -> list[tuple[bool, str]]:
    """``(is_math, text)`` pieces of prose with inline ``$...$`` mathematics."""
    parts = prose.split("$")
    return [(i % 2 == 1, p) for i, p in enumerate(parts) if p]


def plain(prose: str) -> str:
    """Prose as plain text.

    Examples
    --------
    >>> plain(r"so $\\sigma \\sim \\frac{5}{26}\\,\\varepsilon^{-2}$ as $\\varepsilon \\to 0$")
    'so sigma ~ 5/26 eps^-2 as eps -> 0'
    >>> from limits.markup.latex import tex_number
    >>> plain(f"${tex_number(Fraction(1, 10**30))}$")  # a long number's break points are not words
    '1 / 1000000000000000000000000000000'
    """
    return "".join(_math_to_text(t) if m else t for m, t in _segments(prose))


def latex_prose(prose: str) -> str:
    """Prose for a LaTeX document: text escaped, mathematics kept.

    Examples
    --------
    >>> print(latex_prose(r"50% of $\\varepsilon$"))
    50\\% of $\\varepsilon$
    """
    return "".join(f"${t}$" if m else tex_text(t) for m, t in _segments(prose))


def _title(title: str) -> str:
    """A plain-text title as prose: ``eps`` and its powers become mathematics."""
    return re.sub(r"\beps(\^(\d+)| = 0)?", lambda m: "$\\varepsilon" + (
        f"^{{{m.group(2)}}}" if m.group(2) else m.group(1) or "") + "$", title)


def _mathjax_text(text: str) -> str:
    for bad, good in (("\\", ""), ("{", "("), ("}", ")"), ("&", "and"), ("%", " percent"), ("#", "no. "),
                      ("_", " "), ("^", ""), ("~", " ")):
        text = text.replace(bad, good)
    return f"\\text{{{text}}}" if text else ""


def mathjax_prose(prose: str) -> str:
    """Prose inside math mode (MathJax/KaTeX): text in ``\\text{}``, mathematics as it is.

    Examples
    --------
    >>> mathjax_prose(r"order $m = 2$")
    '\\\\text{order }m = 2'
    """
    return "".join(t if m else _mathjax_text(t) for m, t in _segments(prose))


_LONG_CELL = 40
"""Cells with more characters than this are wrapped in a ragged box in LaTeX tables."""


def _cell(prose: str, wrap: bool, wrapped_columns: int) -> str:
    """A table cell for LaTeX; in a column of long cells, a ragged box sharing half the text width."""
    text = latex_prose(prose)
    if not wrap:
        return text
    return f"\\parbox[t]{{\\dimexpr\\textwidth/{2 * wrapped_columns}\\relax}}{{\\raggedright {text}}}"


def html_prose(prose: str) -> str:
    """Prose as HTML: text escaped, mathematics between ``\\(`` and ``\\)`` for MathJax or KaTeX.

    Examples
    --------
    >>> print(html_prose(r"so $\\sigma < 1$ & more"))
    so \\(\\sigma &lt; 1\\) &amp; more
    """
    from ..markup.jupyter import math_html

    return "".join(math_html(t) if m else html.escape(t) for m, t in _segments(prose))


@dataclass(frozen=True)
class Table:
    """A small table: headers and rows of prose cells."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def text(self) -> str:
        """Aligned plain-text columns."""
        cells = [[plain(c) for c in self.headers]] + [[plain(c) for c in r] for r in self.rows]
        widths = [max(len(r[i]) for r in cells) for i in range(len(self.headers))]
        lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(lines)

    def latex(self) -> str:
        """A ``tabular`` for the LaTeX document (a column with long cells wraps them in ragged boxes)."""
        cols = "l" * len(self.headers)
        long = [i for i in range(len(self.headers)) if any(len(plain(r[i])) > _LONG_CELL for r in self.rows)]
        body = " \\\\\n".join(" & ".join(_cell(c, i in long, len(long)) for i, c in enumerate(r))
                                 for r in self.rows)
        head = " & ".join(latex_prose(c) for c in self.headers)
        return (f"\\begin{{center}}\\begin{{tabular}}{{{cols}}}\\hline\n{head} \\\\\\hline\n{body} \\\\\\hline\n"
                "\\end{tabular}\\end{center}")

    def mathjax(self) -> str:
        """An ``array`` (math mode) for Jupyter."""
        cols = "l" * len(self.headers)
        body = " \\\\ ".join(" & ".join(mathjax_prose(c) for c in r) for r in self.rows)
        head = " & ".join(mathjax_prose(c) for c in self.headers)
        return f"\\begin{{array}}{{{cols}}}{head} \\\\ \\hline {body}\\end{{array}}"

    def html(self) -> str:
        """An HTML table (plain-text cells)."""
        from ..markup.document import html_table

        return html_table([plain(c) for c in self.headers], [[plain(c) for c in r] for r in self.rows])

    def html_math(self) -> str:
        """An HTML table whose cells keep their mathematics, for a page that typesets it."""
        head = "".join(f"<th>{html_prose(c)}</th>" for c in self.headers)
        body = "".join("<tr>" + "".join(f"<td>{html_prose(c)}</td>" for c in r) + "</tr>" for r in self.rows)
        return f"<table><tr>{head}</tr>{body}</table>"


@dataclass(frozen=True)
class Step:
    """One step: a title, a statement, display mathematics, tables, and why it holds (prose with ``$...$``)."""

    title: str
    statement: str
    math: str = ""
    justification: str = ""
    tables: tuple[Table, ...] = ()
    notes: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict:
        """The step as plain text."""
        return {"title": self.title, "statement": plain(self.statement), "math": self.math,
                "justification": plain(self.justification)}


@dataclass(frozen=True)
class Derivation:
    """The steps of a derivation, with what it concluded.

    Attributes
    ----------
    title : str
        Prose.
    steps : tuple of Step
    order, leading_coefficient
        sigma ~ leading_coefficient eps^-order, from the hierarchy (None when infinite).
    levels : tuple of HierarchyLevel
        The aggregated chains (:mod:`limits.limit.hierarchy`, which this module does not import).
    check : Expansion or None
        The whole chain's exact expansion (None when not computed).
    trap : tuple of int or None
        For a family whose game may never end.
    """

    title: str
    steps: tuple[Step, ...]
    order: int | None
    leading_coefficient: Fraction | None
    levels: tuple[Any, ...] = ()
    check: Any = None
    trap: tuple[int, ...] | None = None

    def __repr__(self) -> str:
        if self.trap is not None:
            end = "sigma is infinite"
        else:
            from ..exact.digits import decimal

            end = f"sigma ~ {decimal(self.leading_coefficient, 10)}" + (f" eps^-{self.order}" if self.order else "")
        return f"Derivation({plain(self.title)[:100]}: {len(self.steps)} steps; {end})"

    @property
    def finite(self) -> bool:
        """Whether sigma has a finite limit as eps -> 0."""
        return self.trap is None and self.order == 0

    def text(self) -> str:
        """Plain text, one block per step."""
        blocks = [plain(self.title), ""]
        for i, s in enumerate(self.steps, 1):
            lines = [f"{i}. {s.title}", "   " + plain(s.statement)]
            if s.math:
                lines.append("   " + _math_to_text(s.math))
            for t in s.tables:
                lines.extend("   " + line for line in t.text().splitlines())
            lines.extend("   - " + plain(n) for n in s.notes)
            if s.justification:
                lines.append(f"   ({plain(s.justification)})")
            blocks.append("\n".join(lines))
        return "\n".join(blocks)

    def latex_body(self) -> str:
        """The steps as LaTeX sections (needs amsmath; long numbers break in a ragged-right document)."""
        parts = []
        for s in self.steps:
            part = [f"\\section*{{{latex_prose(_title(s.title))}}}", latex_prose(s.statement)]
            if s.math:  # inline in a ragged paragraph, so that long numbers break across lines
                part.append(f"\\begin{{quote}}$\\displaystyle {s.math}$\\end{{quote}}")
            part.extend(t.latex() for t in s.tables)
            if s.notes:
                part.append("\\begin{itemize}\n" + "\n".join(f"\\item {latex_prose(n)}" for n in s.notes)
                            + "\n\\end{itemize}")
            if s.justification:
                part.append(f"\\noindent\\emph{{{latex_prose(s.justification)}}}")
            parts.append("\n\n".join(part) + "\n")
        return "\n".join(parts)

    def latex_document(self) -> str:
        """A complete LaTeX document (article, amsmath) that pdflatex compiles."""
        return "\n".join([
            r"\documentclass{article}",
            r"\usepackage{amsmath}",
            r"\setlength{\textwidth}{16cm}\setlength{\oddsidemargin}{0cm}",
            r"\begin{document}",
            r"\raggedright",  # long exact numbers break at their break points, never past the margin
            f"\\title{{{latex_prose(self.title)}}}\\date{{}}\\maketitle",
            self.latex_body(),
            r"\end{document}",
            "",
        ])

    def _repr_latex_(self) -> str:
        lines = [mathjax_prose(self.title)]
        for i, s in enumerate(self.steps, 1):
            lines.append(_mathjax_text(f"{i}. ") + mathjax_prose(_title(s.title)) + _mathjax_text(": ")
                         + mathjax_prose(s.statement))
            if s.math:
                lines.append(s.math)
            lines.extend(t.mathjax() for t in s.tables)
            lines.extend(_mathjax_text("- ") + mathjax_prose(n) for n in s.notes)
        return "$$\\begin{array}{l}" + " \\\\ ".join(lines) + "\\end{array}$$"

    def _repr_html_(self) -> str:
        """Headings, prose, tables and display mathematics, the formulas left for MathJax or KaTeX to typeset."""
        from ..markup.jupyter import math_html

        out = [f'<div class="limits-derivation"><h3>{html_prose(self.title)}</h3>']
        for i, s in enumerate(self.steps, 1):
            out.append(f"<h4>{i}. {html_prose(_title(s.title))}</h4><p>{html_prose(s.statement)}</p>")
            if s.math:
                out.append(f"<p>{math_html(s.math, display=True)}</p>")
            out.extend(t.html_math() for t in s.tables)
            if s.notes:
                out.append("<ul>" + "".join(f"<li>{html_prose(n)}</li>" for n in s.notes) + "</ul>")
            if s.justification:
                out.append(f"<p><em>{html_prose(s.justification)}</em></p>")
        return "".join(out) + "</div>"

    def _repr_markdown_(self) -> str:
        """Markdown with ``$...$`` mathematics (VS Code and JupyterLab render it with KaTeX or MathJax)."""
        out = [f"### {self.title}"]
        for i, s in enumerate(self.steps, 1):
            out.append(f"#### {i}. {_title(s.title)}\n\n{s.statement}")
            if s.math:
                out.append(f"$$\n{s.math}\n$$")
            for t in s.tables:
                out.append("\n".join(["| " + " | ".join(t.headers) + " |", "|" + " --- |" * len(t.headers)]
                                      + ["| " + " | ".join(r) + " |" for r in t.rows]))
            out.extend(f"- {n}" for n in s.notes)
            if s.justification:
                out.append(f"*{s.justification}*")
        return "\n\n".join(out)

    def to_dict(self) -> dict:
        """``order``, ``leading_coefficient`` (from the hierarchy), ``levels``, ``check`` and the steps."""
        if self.trap is not None:
            return {"infinite": True, "loop": self.trap, "steps": tuple(s.to_dict() for s in self.steps)}
        return {"order": self.order, "leading_coefficient": self.leading_coefficient,
                "levels": tuple(lv.to_dict() for lv in self.levels),
                "check": None if self.check is None else self.check.to_dict(),
                "steps": tuple(s.to_dict() for s in self.steps)}
