"""One document model: blocks of prose with inline mathematics, rendered as text, Markdown, HTML, LaTeX or MathJax.

A :class:`Document` is a title and blocks: headings, paragraphs (prose with
inline ``$...$`` TeX, :mod:`limits.markup.prose`; an aside is set apart),
display mathematics, tables of prose cells, lists, figures, code, links to
files beside the document, and the numbered steps of a derivation. Every
format is rendered from the same blocks by one function each, so they never
disagree: plain text (the mathematics read aloud), Markdown, HTML (formulas
for MathJax or KaTeX, or typeset by a callable), a LaTeX document for
pdflatex (ragged, so long numbers and words break), and one math-mode
``array`` for Jupyter's ``_repr_latex_``.

Examples
--------
>>> doc = Document("T"); doc.heading("A"); doc.paragraph("so $x^2 < y$"); doc.table(["a", "b"], [[1, 2]])
>>> doc.text().splitlines()
['T', '', 'A', '   so x^2 < y', '   a  b', '   -  -', '   1  2']
>>> doc.markdown()
'# T\\n\\n## A\\n\\nso $x^2 < y$\\n\\n| a | b |\\n| --- | --- |\\n| 1 | 2 |\\n'
"""

from __future__ import annotations

import html
import itertools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Union

from .jupyter import math_html
from .latex import tex_decimal, tex_document, tex_exact_values, tex_table
from .numerals import MAX_SHOWN_DIGITS, details_html, fold
from .prose import (
    html_prose,
    html_text,
    latex_prose,
    literal,
    math_text,
    mathjax_prose,
    mathjax_text,
    myst_math,
    plain,
    segments,
)

__all__ = ["latex_document", "Heading", "Paragraph", "Math", "Table", "Items", "Figure", "Code", "Link", "Step", "Document",
           "html_table"]

Render = Callable[[str], str]
"""Renders a formula (TeX) as HTML."""

@dataclass(frozen=True)
class Heading:
    """A heading (prose)."""
    text: str


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of prose; an aside (why a step holds) is in italics, in brackets in plain text."""
    text: str
    aside: bool = False


@dataclass(frozen=True)
class Math:
    """Display mathematics (TeX)."""
    tex: str


@dataclass(frozen=True)
class Table:
    """Headers and rows of prose cells."""
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Items:
    """A list of prose items."""
    items: tuple[str, ...]


@dataclass(frozen=True)
class Figure:
    """A figure by the path of its SVG (``figures/x.svg``; LaTeX reads ``figures/x.pdf``), and a caption."""
    path: str
    caption: str


@dataclass(frozen=True)
class Code:
    """Preformatted text."""
    text: str


@dataclass(frozen=True)
class Link:
    """A paragraph ending in a link to a file beside the document: ``before`` (prose), then ``text`` linking ``href``."""
    href: str
    text: str
    before: str = ""


Block = Union[Heading, Paragraph, Math, Table, Items, Figure, Code, Link]


def _lines(b: Block) -> list[str]:
    """Plain text (a table in aligned columns, a rule of dashes under its headers)."""
    match b:
        case Heading(text) | Paragraph(text, False):
            return [plain(text)]
        case Paragraph(text):
            return [f"({plain(text)})"]
        case Math(tex):
            return [math_text(tex)]
        case Table(headers, rows):
            cells = [[plain(c) for c in r] for r in (headers, *rows)]
            widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
            lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
            return [lines[0], "  ".join("-" * w for w in widths), *lines[1:]]
        case Items(items):
            return [f"- {plain(i)}" for i in items]
        case Figure(path, caption):
            return [f"[{plain(caption)}: {path}]"]
        case Code(text):
            return text.splitlines()
        case Link(href, text, before):
            return [f"{plain(before)}{text} ({href})"]
    raise TypeError(f"not a block: {b!r}")


def _markdown(b: Block, level: int) -> str:
    match b:
        case Heading(text):
            return f"{'#' * level} {text}"
        case Paragraph(text, aside):
            return f"*{text}*" if aside else text
        case Math(tex):
            return f"$$\n{tex}\n$$"
        case Table(headers, rows):
            return "\n".join("| " + " | ".join(c.replace("|", "\\|") for c in r) + " |"
                             for r in (headers, ["---"] * len(headers), *rows))
        case Items(items):
            return "\n".join(f"- {i}" for i in items)
        case Figure(path, caption):
            return f"![{caption}]({path})\n\n*{caption}*"
        case Code(text):
            return f"```\n{text}\n```"
        case Link(href, text, before):
            return f"{before}[{text}]({href})"
    raise TypeError(f"not a block: {b!r}")


def _html(b: Block, level: int = 0, math: Render | None = None, image: Callable[[str], str] | None = None) -> str:
    def prose(text: str) -> str:
        return html_prose(text, math)

    def folded(text: str) -> tuple[str, str]:  # long numerals as decimals; their exact values one click away
        short, exact = fold(text)
        return prose(short), details_html(exact)

    match b:
        case Heading(text):
            return f"<h{level}>{prose(text)}</h{level}>"
        case Paragraph(text, aside):
            short, more = folded(text)
            return (f"<p><em>{short}</em></p>" if aside else f"<p>{short}</p>") + more
        case Math(tex):
            return f"<p>{math(tex) if math else math_html(tex, display=True)}</p>"
        case Table(headers, rows):
            head = "".join(f"<th>{prose(c)}</th>" for c in headers)
            body = "".join("<tr>" + "".join("<td>{}{}</td>".format(*folded(c)) for c in r) + "</tr>" for r in rows)
            return f"<table><tr>{head}</tr>{body}</table>"
        case Items(items):
            return "<ul>" + "".join("<li>{}{}</li>".format(*folded(i)) for i in items) + "</ul>"
        case Figure(path, caption):
            return (f"<figure><img src='{html.escape((image or str)(path))}' alt='{html.escape(caption)}'>"
                    f"<figcaption>{prose(caption)}</figcaption></figure>")
        case Code(text):
            return f"<pre>{html.escape(text)}</pre>"
        case Link(href, text, before):
            return f"<p>{prose(before)}<a href='{html.escape(href)}'>{html_text(text)}</a></p>"
    raise TypeError(f"not a block: {b!r}")


def _latex(b: Block, fold_prose: Callable[[str], str]) -> str:
    """A block as LaTeX; ``fold_prose`` shortens the long numerals of paragraphs, items and cells first."""
    match b:
        case Heading(text):
            return f"\\subsection*{{{latex_prose(text)}}}"
        case Paragraph(text, aside):
            text = latex_prose(fold_prose(text))
            return f"\\noindent\\emph{{{text}}}" if aside else text
        case Math(tex):  # inline in a ragged quote, so that long math breaks across lines
            return f"\\begin{{quote}}$\\displaystyle {tex}$\\end{{quote}}"
        case Table(headers, rows):
            return tex_table(list(headers), [list(map(fold_prose, r)) for r in rows])
        case Items(items):
            return "\\begin{itemize}\n" + "\n".join(f"\\item {latex_prose(fold_prose(i))}" for i in items) + "\n\\end{itemize}"
        case Figure(path, caption):
            return ("\\begin{center}\n\\includegraphics[width=0.7\\linewidth,height=0.42\\textheight,keepaspectratio]"
                    f"{{{Path(path).with_suffix('.pdf').as_posix()}}}\\\\\n{{\\small {latex_prose(caption)}}}\n"
                    "\\end{center}")
        case Code(text):
            return f"\\begin{{verbatim}}\n{text}\n\\end{{verbatim}}"
        case Link(href, text, before):  # named, since a PDF reader may not open a file beside it
            return f"{latex_prose(before + text)} (\\texttt{{{latex_prose(href.split('#')[0])}}})."
    raise TypeError(f"not a block: {b!r}")


_APPROX = "\\approx "
_POWERS = re.compile(r"(?<![\w.^])-?\d+(?:\.\d+)?e-?\d+(?![\w.])")


def _mathjax(b: Block) -> str:
    """Math mode only (``\\text{}``, ``array``): what MathJax and KaTeX typeset."""
    match b:
        case Heading(text) | Paragraph(text, False):
            return mathjax_prose(text)
        case Paragraph(text):
            return mathjax_prose(f"({text})")
        case Math(tex):
            return tex
        case Table(headers, rows):
            body = " \\\\ ".join(" & ".join(mathjax_prose(c) for c in r) for r in rows)
            head = " & ".join(mathjax_prose(c) for c in headers)
            return f"\\begin{{array}}{{{'l' * len(headers)}}}{head} \\\\ \\hline {body}\\end{{array}}"
        case Items(items):
            return " \\\\ ".join(mathjax_text("- ") + mathjax_prose(i) for i in items)
        case Figure(caption=caption):
            return mathjax_prose(caption)
        case Code(text):
            return mathjax_text(text)
        case Link(text=text, before=before):
            return mathjax_prose(before + text)
    raise TypeError(f"not a block: {b!r}")


@dataclass(frozen=True)
class Step:
    """One step of a derivation: a title (text; ``eps`` becomes math), a statement, display mathematics, tables,
    notes and why it holds (prose with ``$...$``). A document numbers its steps."""

    title: str
    statement: str
    math: str = ""
    justification: str = ""
    tables: tuple[Table, ...] = ()
    notes: tuple[str, ...] = ()

    def blocks(self, number: int) -> list[Block]:
        """The step as blocks, under the heading ``number. title``."""
        return [Heading(f"{number}. {myst_math(self.title)}"), Paragraph(self.statement),
                *([Math(self.math)] if self.math else []), *self.tables, *([Items(self.notes)] if self.notes else []),
                *([Paragraph(self.justification, aside=True)] if self.justification else [])]

    def to_dict(self) -> dict:
        """The step as plain text."""
        return {"title": self.title, "statement": plain(self.statement), "math": self.math,
                "justification": plain(self.justification)}


_STYLE = ("<style>body{font-family:sans-serif;max-width:60em;margin:auto;padding:1em}"
          "p,td,th,figcaption{overflow-wrap:break-word}"
          "table{border-collapse:collapse;margin:1em 0;max-width:100%}td,th{border:1px solid #ccc;"
          "padding:.25em .5em;font-size:90%;vertical-align:top}img{max-width:100%}figure{margin:1em 0}"
          "pre{background:#f5f5f5;padding:.5em;overflow-x:auto;white-space:pre-wrap}"
          "details.exact{font-size:85%;color:#444}details.exact summary{cursor:pointer}"
          ".exact-value{font-family:monospace;overflow-wrap:anywhere}</style>")


@dataclass
class Document:
    """A title (prose) and blocks in order; the ``heading`` ... ``link`` methods append, the others render."""

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

    def link(self, href: str, text: str, before: str = "") -> None:
        """A paragraph ending in a link to a file beside the document (``before`` is its text up to the link)."""
        self.blocks.append(Link(href, text, before))

    def text(self) -> str:
        """Plain text: the title, then each heading with what follows it indented by three spaces."""
        out, indent = [plain(self.title), ""], ""
        for block in self._blocks():
            out += [("" if isinstance(block, Heading) else indent) + line for line in _lines(block)]
            indent = "   " if isinstance(block, Heading) else indent
        return "\n".join(out)

    def markdown(self, level: int = 1) -> str:
        """Markdown with ``$...$`` mathematics: the title at ``level``, headings one below."""
        return "\n\n".join([f"{'#' * level} {self.title}", *(_markdown(b, level + 1) for b in self._blocks())]) + "\n"

    def html_body(self, *, math: Render | None = None, image: Callable[[str], str] | None = None,
                  level: int = 1) -> str:
        """The title (``<h{level}>``) and the blocks as HTML: ``math`` renders a formula (TeX) as HTML, by default
        left between ``\\(`` and ``\\)`` (``\\[`` and ``\\]`` on its own line) for MathJax or KaTeX; ``image`` maps a
        figure's path to the ``src`` of its image (e.g. a data URI), by default the path."""
        return "\n".join([f"<h{level}>{html_prose(self.title, math)}</h{level}>",
                          *(_html(b, level + 1, math, image) for b in self._blocks())])

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
        """The blocks as LaTeX (amsmath, graphicx, longtable, array; breaks best in a ragged-right document).

        A numeral of more than :data:`~limits.markup.numerals.MAX_SHOWN_DIGITS`
        digits in prose reads as its decimal and a number, its exact value in
        an appendix of exact values at the end.

        Examples
        --------
        >>> doc = Document("T"); doc.paragraph("so $x$ = 1/300000000000000000000000 and 2")
        >>> print(doc.latex_body())  # doctest: +NORMALIZE_WHITESPACE
        so $x$ = $\\approx 3.33333333333 \\times 10^{-24}$ [1] and 2
        \\subsection*{Exact values}
        Each numeral of more than 20 digits is shown above to twelve digits, marked by its number here, where it is
        written out.
        \\begin{verbatim}
        [1]   1/300000000000000000000000
        \\end{verbatim}
        """
        exact: dict[str, int] = {}  # each numeral by its number in the appendix

        def fold_prose(text: str) -> str:
            def show(numeral: str, decimal: str, rounded: bool) -> str:
                return f"${_APPROX * rounded}{tex_decimal(decimal)}$ [{exact.setdefault(numeral, len(exact) + 1)}]"

            short = fold(text, show=show, decimals=True)[0]
            return "".join(f"${t}$" if m else _POWERS.sub(lambda x: f"${tex_decimal(x[0])}$", literal(t))
                           for m, t in segments(short))  # and a decimal in powers of ten typeset as one

        blocks = [_latex(b, fold_prose) for b in self._blocks()]
        return "\n\n".join(blocks + ([tex_exact_values(list(exact), MAX_SHOWN_DIGITS)] if exact else [])) + "\n"

    def latex(self, preamble: Iterable[str] = ()) -> str:
        """A complete LaTeX document that pdflatex compiles (:func:`~limits.markup.latex.tex_document`)."""
        return tex_document(latex_prose(self.title), [self.latex_body()], preamble)

    def mathjax(self) -> str:
        """The whole document as one display ``array`` in the subset MathJax and KaTeX typeset (math mode only)."""
        lines = [mathjax_prose(self.title), *(_mathjax(b) for b in self._blocks())]
        return "$$\\begin{array}{l}" + " \\\\ ".join(line for line in lines if line) + "\\end{array}$$"

    def _blocks(self) -> list[Block]:
        """The blocks, each step as its own, numbered from 1."""
        number = itertools.count(1)
        return [x for b in self.blocks for x in (b.blocks(next(number)) if isinstance(b, Step) else [b])]


def html_table(headers: Iterable[Any], rows: Iterable[Iterable[Any]]) -> str:
    """A bare HTML table of values shown as text (for Jupyter's ``_repr_html_``).

    Examples
    --------
    >>> html_table(["a"], [["<1>"]])
    '<table><tr><th>a</th></tr><tr><td>&lt;1&gt;</td></tr></table>'
    """
    return _html(Table(tuple(map(str, headers)), tuple(tuple(map(str, r)) for r in rows)))


def latex_document(title: str, paragraphs: Iterable[str], table: tuple[list[str], list[list[str]]] | None = None
                   ) -> str:
    """A LaTeX document of ``paragraphs`` (empty ones left out), then ``table`` (its header and rows): the page of a
    command's answer."""
    doc = Document(title, [Paragraph(p) for p in paragraphs if p])
    if table is not None:
        doc.table(*table)
    return doc.latex()
