"""One document model: blocks of prose with inline mathematics, rendered as text, Markdown, HTML, LaTeX or MathJax.

A :class:`Document` is a title and blocks (:mod:`limits.markup.blocks`):
headings, paragraphs (prose with inline ``$...$`` TeX), display mathematics,
tables of prose cells, lists, figures, code, links to files beside it, and
the numbered steps of a derivation. Every format is rendered from the same
blocks, so they never disagree: plain text (the mathematics read aloud),
Markdown, HTML (formulas for MathJax or KaTeX, or typeset by a callable), a
LaTeX document for pdflatex (ragged, so long numbers and words break), and
one math-mode ``array`` for Jupyter's ``_repr_latex_``.

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
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .blocks import Block, Code, Figure, Heading, Items, Link, Math, Paragraph, Render, Table
from .latex import tex_document
from .prose import html_prose, latex_prose, mathjax_prose, myst_math, plain

__all__ = ["Step", "Document", "html_table"]


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

    def link(self, href: str, text: str, before: str = "") -> None:
        """A paragraph ending in a link to a file beside the document (``before`` is its text up to the link)."""
        self.blocks.append(Link(href, text, before))

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
