"""The blocks of the document model, each rendered in every format: text, Markdown, HTML, LaTeX and MathJax.

A block is a frozen value: a heading, a paragraph (prose with inline
``$...$`` TeX, :mod:`limits.markup.prose`; an aside is set apart), display
mathematics, a table of prose cells, a list, a figure, code, or a link to a
file beside the document. Each has ``lines()`` (plain text), ``markdown(level)``,
``html(level, math, image)``, ``latex()`` and ``mathjax()``;
:class:`~limits.markup.document.Document` puts them together.

Examples
--------
>>> t = Table(("a", "$x$"), (("1", "$y^2$"),))
>>> t.lines()
['a  x', '-  ---', '1  y^2']
>>> print(t.markdown())
| a | $x$ |
| --- | --- |
| 1 | $y^2$ |
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Union

from .jupyter import math_html
from .prose import html_prose, html_text, latex_prose, math_text, mathjax_prose, mathjax_text, plain, segments

__all__ = ["Heading", "Paragraph", "Math", "Table", "Items", "Figure", "Code", "Link", "Block"]

Render = Callable[[str], str]
"""Renders a formula (TeX) as HTML."""

_NATURAL = 75
"""Characters a row of a LaTeX table holds: a table whose widest cells fit keeps its natural column widths."""

_WIDEST = 60
"""In a table that shares the width, a column's share counts at most this many characters."""


@dataclass(frozen=True)
class Heading:
    """A heading (prose)."""

    text: str

    def lines(self) -> list[str]:
        return [plain(self.text)]

    def markdown(self, level: int) -> str:
        return f"{'#' * level} {self.text}"

    def html(self, level: int, math: Render | None, image: Any) -> str:
        return f"<h{level}>{html_prose(self.text, math)}</h{level}>"

    def latex(self) -> str:
        return f"\\subsection*{{{latex_prose(self.text)}}}"

    def mathjax(self) -> str:
        return mathjax_prose(self.text)


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of prose; an aside (why a step holds) is set in italics, or in brackets in plain text."""

    text: str
    aside: bool = False

    def lines(self) -> list[str]:
        return [f"({plain(self.text)})" if self.aside else plain(self.text)]

    def markdown(self, level: int) -> str:
        return f"*{self.text}*" if self.aside else self.text

    def html(self, level: int, math: Render | None, image: Any) -> str:
        body = html_prose(self.text, math)
        return f"<p><em>{body}</em></p>" if self.aside else f"<p>{body}</p>"

    def latex(self) -> str:
        return f"\\noindent\\emph{{{latex_prose(self.text)}}}" if self.aside else latex_prose(self.text)

    def mathjax(self) -> str:
        return mathjax_prose(f"({self.text})" if self.aside else self.text)


@dataclass(frozen=True)
class Math:
    """Display mathematics (TeX)."""

    tex: str

    def lines(self) -> list[str]:
        return [math_text(self.tex)]

    def markdown(self, level: int) -> str:
        return f"$$\n{self.tex}\n$$"

    def html(self, level: int, math: Render | None, image: Any) -> str:
        return f"<p>{math(self.tex) if math else math_html(self.tex, display=True)}</p>"

    def latex(self) -> str:  # inline in a ragged quote, so that long numbers break across lines
        return f"\\begin{{quote}}$\\displaystyle {self.tex}$\\end{{quote}}"

    def mathjax(self) -> str:
        return self.tex


@dataclass(frozen=True)
class Table:
    """A table: headers and rows of prose cells."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def lines(self) -> list[str]:
        """Aligned plain-text columns, a rule of dashes under the headers."""
        cells = [[plain(c) for c in self.headers]] + [[plain(c) for c in r] for r in self.rows]
        widths = [max(len(r[i]) for r in cells) for i in range(len(self.headers))]
        lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return lines

    def markdown(self, level: int = 0) -> str:
        def row(cells: Iterable[str]) -> str:
            return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

        return "\n".join([row(self.headers), row("---" for _ in self.headers), *map(row, self.rows)])

    def html(self, level: int = 0, math: Render | None = None, image: Any = None) -> str:
        head = "".join(f"<th>{html_prose(c, math)}</th>" for c in self.headers)
        body = "".join("<tr>" + "".join(f"<td>{html_prose(c, math)}</td>" for c in r) + "</tr>" for r in self.rows)
        return f"<table><tr>{head}</tr>{body}</table>"

    def latex(self) -> str:
        """A ``longtable``: natural columns when they fit, else ragged columns sharing the width by their contents."""
        n, table = len(self.headers), (self.headers, *self.rows)
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
        body = "".join(" & ".join(latex_prose(c) for c in r) + " \\\\\n" for r in self.rows)
        return (f"{{\\footnotesize\\begin{{longtable}}{{{columns}}}\\hline\n"
                f"{' & '.join(latex_prose(h) for h in self.headers)} \\\\ \\hline\n\\endhead\n"
                f"{body}\\hline\n\\end{{longtable}}}}")

    def mathjax(self) -> str:
        """An ``array`` (math mode) for Jupyter."""
        body = " \\\\ ".join(" & ".join(mathjax_prose(c) for c in r) for r in self.rows)
        head = " & ".join(mathjax_prose(c) for c in self.headers)
        return f"\\begin{{array}}{{{'l' * len(self.headers)}}}{head} \\\\ \\hline {body}\\end{{array}}"


def _unbreakable(prose: str) -> int:
    """The characters of the longest piece of a cell LaTeX cannot break: a formula, a word, or in a long word
    (:func:`~limits.markup.prose.latex_prose` breaks it) ten digits or what stands between ``/ _ . :``."""
    def word(w: str) -> int:
        return len(w) if len(w) < 25 else max(map(len, re.findall(r"\d{1,10}|[^\d/_.:]+", w)), default=1)

    return max((len(math_text(t)) if m else max(map(word, t.split()), default=0) for m, t in segments(prose)),
               default=0)


@dataclass(frozen=True)
class Items:
    """A list of prose items."""

    items: tuple[str, ...]

    def lines(self) -> list[str]:
        return [f"- {plain(i)}" for i in self.items]

    def markdown(self, level: int) -> str:
        return "\n".join(f"- {i}" for i in self.items)

    def html(self, level: int, math: Render | None, image: Any) -> str:
        return "<ul>" + "".join(f"<li>{html_prose(i, math)}</li>" for i in self.items) + "</ul>"

    def latex(self) -> str:
        return "\\begin{itemize}\n" + "\n".join(f"\\item {latex_prose(i)}" for i in self.items) + "\n\\end{itemize}"

    def mathjax(self) -> str:
        return " \\\\ ".join(mathjax_text("- ") + mathjax_prose(i) for i in self.items)


@dataclass(frozen=True)
class Figure:
    """A figure, by the path of its SVG (``figures/x.svg``; LaTeX reads ``figures/x.pdf``), with a caption (prose)."""

    path: str
    caption: str

    def lines(self) -> list[str]:
        return [f"[{plain(self.caption)}: {self.path}]"]

    def markdown(self, level: int) -> str:
        return f"![{self.caption}]({self.path})\n\n*{self.caption}*"

    def html(self, level: int, math: Render | None, image: Callable[[str], str] | None) -> str:
        source = html.escape((image or str)(self.path))
        return (f"<figure><img src='{source}' alt='{html.escape(self.caption)}'>"
                f"<figcaption>{html_prose(self.caption, math)}</figcaption></figure>")

    def latex(self) -> str:
        path = Path(self.path).with_suffix(".pdf").as_posix()
        return ("\\begin{center}\n\\includegraphics[width=0.7\\linewidth,height=0.42\\textheight,keepaspectratio]"
                f"{{{path}}}\\\\\n{{\\small {latex_prose(self.caption)}}}\n\\end{{center}}")

    def mathjax(self) -> str:
        return mathjax_prose(self.caption)


@dataclass(frozen=True)
class Code:
    """Preformatted text."""

    text: str

    def lines(self) -> list[str]:
        return self.text.splitlines()

    def markdown(self, level: int) -> str:
        return f"```\n{self.text}\n```"

    def html(self, level: int, math: Render | None, image: Any) -> str:
        return f"<pre>{html.escape(self.text)}</pre>"

    def latex(self) -> str:
        return f"\\begin{{verbatim}}\n{self.text}\n\\end{{verbatim}}"

    def mathjax(self) -> str:
        return mathjax_text(self.text)


@dataclass(frozen=True)
class Link:
    """A paragraph ending in a link to a file beside the document: ``before`` (prose), then ``text`` linking ``href``."""

    href: str
    text: str
    before: str = ""

    def lines(self) -> list[str]:
        return [f"{plain(self.before)}{self.text} ({self.href})"]

    def markdown(self, level: int) -> str:
        return f"{self.before}[{self.text}]({self.href})"

    def html(self, level: int, math: Render | None, image: Any) -> str:
        return f"<p>{html_prose(self.before, math)}<a href='{html.escape(self.href)}'>{html_text(self.text)}</a></p>"

    def latex(self) -> str:  # named, since a PDF reader may not open a file beside it
        return f"{latex_prose(self.before + self.text)} (\\texttt{{{latex_prose(self.href.split('#')[0])}}})."

    def mathjax(self) -> str:
        return mathjax_prose(self.before + self.text)


Block = Union[Heading, Paragraph, Math, Table, Items, Figure, Code, Link]
