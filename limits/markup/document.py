"""A tiny document model rendered both as Markdown and as HTML.

The report is built once as blocks (headings, paragraphs, tables, figures,
code) and written in both formats from the same blocks, so the two never
disagree.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Callable

__all__ = ["Document", "html_table"]


def html_table(headers: list, rows: list[list]) -> str:
    """A bare HTML table (for Jupyter's ``_repr_html_``).

    Examples
    --------
    >>> html_table(["a"], [["<1>"]])
    '<table><tr><th>a</th></tr><tr><td>&lt;1&gt;</td></tr></table>'
    """
    e = html.escape
    head = "<tr>" + "".join(f"<th>{e(str(h))}</th>" for h in headers) + "</tr>"
    body = "".join("<tr>" + "".join(f"<td>{e(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table>{head}{body}</table>"


_LONG = re.compile(r"\S{25,}")
_DIGITS = re.compile(r"(\d{10})(?=\d)")


def _breakable(text: str) -> str:
    """Escaped HTML with line-break chances (``<wbr>``) in long words: every 10 digits, after ``/ _ . :``.

    Long exact fractions and test names then wrap instead of widening the page.

    Examples
    --------
    >>> _breakable("x = 12345678901234567890123/7 in tests/a_b.py")
    'x = 1234567890<wbr>1234567890<wbr>123/<wbr>7 in tests/a_b.py'
    """
    def split(match: re.Match) -> str:
        word = _DIGITS.sub(r"\1<wbr>", match.group())
        return re.sub(r"([/_.:])(?!<wbr>|$)", r"\1<wbr>", word)

    return _LONG.sub(split, text)


@dataclass
class Document:
    """Blocks in order; ``add_*`` appends, ``markdown()``/``html()`` render.

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
    >>> "x &lt; y" in doc.html()
    True
    """

    title: str
    blocks: list[tuple] = field(default_factory=list)

    def heading(self, text: str) -> None:
        self.blocks.append(("h", text))

    def paragraph(self, text: str) -> None:
        self.blocks.append(("p", text))

    def table(self, headers: list, rows: list[list]) -> None:
        self.blocks.append(("table", [str(h) for h in headers], [[str(c) for c in r] for r in rows]))

    def figure(self, path: str, caption: str) -> None:
        self.blocks.append(("img", path, caption))

    def code(self, text: str) -> None:
        self.blocks.append(("code", text))

    def link(self, href: str, text: str, before: str = "") -> None:
        """A paragraph ending in a link to a file beside the document (``before`` is its text up to the link)."""
        self.blocks.append(("link", href, text, before))

    def markdown(self) -> str:
        out = [f"# {self.title}", ""]
        for block in self.blocks:
            kind = block[0]
            if kind == "h":
                out += [f"## {block[1]}", ""]
            elif kind == "p":
                out += [block[1], ""]
            elif kind == "table":
                _, headers, rows = block
                out.append("| " + " | ".join(h.replace("|", "\\|") for h in headers) + " |")
                out.append("| " + " | ".join("---" for _ in headers) + " |")
                out += ["| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in rows]
                out.append("")
            elif kind == "img":
                out += [f"![{block[2]}]({block[1]})", "", f"*{block[2]}*", ""]
            elif kind == "code":
                out += ["```", block[1], "```", ""]
            elif kind == "link":
                out += [f"{block[3]}[{block[2]}]({block[1]})", ""]
        return "\n".join(out)

    def html(self, *, math: Callable[[str], str] | None = None, image: Callable[[str], str] | None = None) -> str:
        """The document as one HTML page.

        Parameters
        ----------
        math : callable, optional
            Renders the TeX between ``$...$`` in headings, paragraphs, tables
            and captions as HTML (e.g. an image of the typeset formula); by
            default the text is kept as written.
        image : callable, optional
            Maps a figure's path to the ``src`` of its image (e.g. a data
            URI, so that the page holds its figures); by default the path.

        Examples
        --------
        >>> doc = Document("T")
        >>> doc.paragraph("so $x < y$"); doc.figure("a.svg", "A")
        >>> page = doc.html(math=lambda tex: f"<i>{tex}</i>", image=lambda path: "data:,")
        >>> "<p>so <i>x < y</i></p>" in page, "<img src='data:,' alt='A'>" in page
        (True, True)
        """
        def e(s: str) -> str:
            return _breakable(html.escape(s))

        def text(s: str) -> str:
            if math is None:
                return e(s)
            parts = s.split("$")
            if len(parts) % 2 == 0:  # an odd number of $: not math
                return e(s)
            return "".join(math(part) if i % 2 else e(part) for i, part in enumerate(parts))

        source = image or (lambda path: path)
        out = ["<!DOCTYPE html>", "<html><head><meta charset='utf-8'>",
               "<meta name='viewport' content='width=device-width, initial-scale=1'>",
               f"<title>{html.escape(self.title)}</title>",
               "<style>body{font-family:sans-serif;max-width:60em;margin:auto;padding:1em}"
               "p,td,th,figcaption{overflow-wrap:break-word}"
               "table{border-collapse:collapse;margin:1em 0;max-width:100%}td,th{border:1px solid #ccc;"
               "padding:.25em .5em;font-size:90%;vertical-align:top}img{max-width:100%}figure{margin:1em 0}"
               "pre{background:#f5f5f5;padding:.5em;overflow-x:auto;white-space:pre-wrap}</style>",
               "</head><body>", f"<h1>{text(self.title)}</h1>"]
        for block in self.blocks:
            kind = block[0]
            if kind == "h":
                out.append(f"<h2>{text(block[1])}</h2>")
            elif kind == "p":
                out.append(f"<p>{text(block[1])}</p>")
            elif kind == "table":
                _, headers, rows = block
                out.append("<table><tr>" + "".join(f"<th>{text(h)}</th>" for h in headers) + "</tr>")
                out += ["<tr>" + "".join(f"<td>{text(c)}</td>" for c in r) + "</tr>" for r in rows]
                out.append("</table>")
            elif kind == "img":
                out.append(f"<figure><img src='{html.escape(source(block[1]))}' alt='{html.escape(block[2])}'>"
                           f"<figcaption>{text(block[2])}</figcaption></figure>")
            elif kind == "code":
                out.append(f"<pre>{html.escape(block[1])}</pre>")
            elif kind == "link":
                out.append(f"<p>{text(block[3])}<a href='{html.escape(block[1])}'>{e(block[2])}</a></p>")
        out.append("</body></html>")
        return "\n".join(out)
