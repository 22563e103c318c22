"""One document model: blocks of prose with inline mathematics, rendered as text, Markdown, HTML, LaTeX or MathJax.

A :class:`Document` is a title and blocks: headings, paragraphs (prose with
inline ``$...$`` TeX, :mod:`limits.markup.prose`), display mathematics,
tables of prose cells, lists, figures, code, and the numbered steps of a
derivation. Every format is rendered from the same blocks, so they never
disagree: plain text (the mathematics read aloud), Markdown, HTML (formulas
for MathJax or KaTeX, or typeset by a callable), a LaTeX document for
pdflatex (ragged, so long numbers and words break), and one math-mode
``array`` for Jupyter's ``_repr_latex_``.

Examples
--------
>>> doc = Document("T")
>>> doc.heading("A"); doc.paragraph("x < y"); doc.table(["a", "b"], [[1, 2]])
>>> print(doc.markdown())
# T
<BLANKLINE>
## A
<BLANKLINE>
x < y
<BLANKLINE>
| a | b |
| --- | --- |
| 1 | 2 |
<BLANKLINE>
>>> "x &lt; y" in doc.html(), doc.text().splitlines()[2:4]
(True, ['A', '   x < y'])
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Union

from .jupyter import math_html
from .latex import tex_document
from .prose import html_prose, latex_prose, math_text, mathjax_prose, mathjax_text, myst_math, plain, segments

__all__ = ["Heading", "Paragraph", "Math", "Table", "Items", "Figure", "Code", "Step", "Document", "html_table"]

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
class Step:
    """One step of a derivation: a title (text; ``eps`` becomes math), a statement, display mathematics, tables,
    notes and why it holds (prose with ``$...$``). A document numbers its steps."""

    title: str
    statement: str
    math: str = ""
    justification: str = ""
    tables: tuple[Table, ...] = ()
    notes: tuple[str, ...] = field(default=())

    def blocks(self, number: int) -> list[Block]:
        """The step as blocks, under the heading ``number. title``."""
        return [Heading(f"{number}. {myst_math(self.title)}"), Paragraph(self.statement),
                *([Math(self.math)] if self.math else []), *self.tables, *([Items(self.notes)] if self.notes else []),
                *([Paragraph(self.justification, aside=True)] if self.justification else [])]

    def to_dict(self) -> dict:
        """The step as plain text."""
        return {"title": self.title, "statement": plain(self.statement), "math": self.math,
                "justification": plain(self.justification)}


Block = Union[Heading, Paragraph, Math, Table, Items, Figure, Code]

_STYLE = ("<style>body{font-family:sans-serif;max-width:60em;margin:auto;padding:1em}"
          "p,td,th,figcaption{overflow-wrap:break-word}"
          "table{border-collapse:collapse;margin:1em 0;max-width:100%}td,th{border:1px solid #ccc;"
          "padding:.25em .5em;font-size:90%;vertical-align:top}img{max-width:100%}figure{margin:1em 0}"
          "pre{background:#f5f5f5;padding:.5em;overflow-x:auto;white-space:pre-wrap}</style>")


@dataclass
class Document:
    """A title (prose) and blocks in order; the ``heading`` ... ``code`` methods append, the others render."""

    title: str
    blocks: list[Block | Step] = field(default_factory=list)

    def heading(self, text: str) -> None:
        self.blocks.append(Heading(text))

    def paragraph(self, text: str) -> None:
        self.blocks.append(Paragraph(text))

    def table(self, headers: Iterable[Any], rows: Iterable[Iterable[Any]]) -> None:
        self.blocks.append(Table(tuple(map(str, headers)), tuple(tuple(map(str, r)) for r in rows)))

    def figure(self, path: str, caption: str) -> None:
        self.blocks.append(Figure(path, caption))

    def code(self, text: str) -> None:
        self.blocks.append(Code(text))

    def text(self) -> str:
        """Plain text: the title, then each heading with what follows it indented by three spaces."""
        out, indent = [plain(self.title), ""], ""
        for block in self._blocks():
            out += block.lines() if isinstance(block, Heading) else [indent + line for line in block.lines()]
            indent = "   " if isinstance(block, Heading) else indent
        return "\n".join(out)

    def markdown(self, level: int = 1) -> str:
        """Markdown with ``$...$`` mathematics: the title at ``level``, headings one below."""
        parts = [f"{'#' * level} {self.title}"] + [b.markdown(level + 1) for b in self._blocks()]
        return "\n\n".join(parts) + "\n"

    def html_body(self, *, math: Render | None = None, image: Callable[[str], str] | None = None,
                  level: int = 1) -> str:
        """The title (``<h{level}>``) and the blocks as HTML.

        ``math`` renders a formula (TeX) as HTML, e.g. as an image; by default
        it is left between ``\\(`` and ``\\)`` (``\\[`` and ``\\]`` on its own
        line) for MathJax or KaTeX. ``image`` maps a figure's path to the
        ``src`` of its image (e.g. a data URI); by default the path.
        """
        return "\n".join([f"<h{level}>{html_prose(self.title, math)}</h{level}>",
                          *(b.html(level + 1, math, image) for b in self._blocks())])

    def html(self, *, math: Render | None = None, image: Callable[[str], str] | None = None) -> str:
        """The document as one HTML page (see :meth:`html_body`).

        Examples
        --------
        >>> doc = Document("T")
        >>> doc.paragraph("so $x < y$"); doc.figure("a.svg", "A")
        >>> page = doc.html(math=lambda tex: f"<i>{tex}</i>", image=lambda path: "data:,")
        >>> "<p>so <i>x < y</i></p>" in page, "<img src='data:,' alt='A'>" in page
        (True, True)
        """
        return "\n".join(["<!DOCTYPE html>", "<html><head><meta charset='utf-8'>",
                          "<meta name='viewport' content='width=device-width, initial-scale=1'>",
                          f"<title>{html.escape(plain(self.title))}</title>", _STYLE, "</head><body>",
                          self.html_body(math=math, image=image), "</body></html>"])

    def latex_body(self) -> str:
        """The blocks as LaTeX (amsmath, graphicx, longtable, array; breaks best in a ragged-right document)."""
        return "\n\n".join(b.latex() for b in self._blocks()) + "\n"

    def latex(self, preamble: Iterable[str] = ()) -> str:
        """A complete LaTeX document that pdflatex compiles (:func:`~limits.markup.latex.tex_document`)."""
        return tex_document(latex_prose(self.title), [self.latex_body()], preamble)

    def mathjax(self) -> str:
        """The whole document as one display ``array`` in the subset MathJax and KaTeX typeset (math mode only)."""
        lines = [mathjax_prose(self.title), *(b.mathjax() for b in self._blocks())]
        return "$$\\begin{array}{l}" + " \\\\ ".join(line for line in lines if line) + "\\end{array}$$"

    def _blocks(self) -> list[Block]:
        out: list[Block] = []
        steps = 0
        for block in self.blocks:
            if isinstance(block, Step):
                steps += 1
                out += block.blocks(steps)
            else:
                out.append(block)
        return out


def html_table(headers: Iterable[Any], rows: Iterable[Iterable[Any]]) -> str:
    """A bare HTML table of values shown as text (for Jupyter's ``_repr_html_``).

    Examples
    --------
    >>> html_table(["a"], [["<1>"]])
    '<table><tr><th>a</th></tr><tr><td>&lt;1&gt;</td></tr></table>'
    """
    return Table(tuple(map(str, headers)), tuple(tuple(map(str, r)) for r in rows)).html()
