"""A small SVG writer: pictures as plain text, for Jupyter's ``_repr_svg_`` (no matplotlib needed).

Shapes are strings built by the functions below (coordinates in whole
pixels, so no number is rounded here) and joined by :func:`svg_document`,
which adds the arrow heads the shapes ask for. Text is escaped, and the
characters XML cannot hold (controls other than tab and newlines) are left
out, so every picture parses as XML whatever a board is named. The objects
of the lower layers (a board, a classification, a collapsed chain, a policy)
draw themselves with these, so a notebook shows them without importing the
display layer.

Examples
--------
>>> doc = svg_document(60, 20, [rect(0, 0, 20, 20, fill="#ffffff"), arrow(25, 10, 55, 10, colour="#2e8b57")],
...                    title="a square & an arrow")
>>> doc.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and 'marker-end="url(#head-2e8b57)"' in doc
True
>>> "<title>a square &amp; an arrow</title>" in doc
True
"""

from __future__ import annotations

import html
import re

__all__ = ["rect", "circle", "line", "text", "arrow", "legend", "svg_document"]

_HEAD = re.compile(r'marker-end="url\(#head-([0-9a-f]{6})\)"')
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _escaped(text: str) -> str:
    """``text`` for XML: escaped, without the characters XML 1.0 cannot hold.

    Examples
    --------
    >>> _escaped('a\\x07 < "b"')
    'a &lt; &quot;b&quot;'
    """
    return html.escape(_NOT_XML.sub("", text))


def _attrs(**attrs: object) -> str:
    return " ".join(f'{k.rstrip("_").replace("_", "-")}="{_escaped(str(v))}"' for k, v in attrs.items())


def rect(x: int, y: int, width: int, height: int, *, fill: str = "none", stroke: str = "#000000",
         stroke_width: float = 0.5) -> str:
    """A rectangle.

    Examples
    --------
    >>> rect(1, 2, 3, 4, fill="#ff0000")
    '<rect x="1" y="2" width="3" height="4" fill="#ff0000" stroke="#000000" stroke-width="0.5"/>'
    """
    return f"<rect {_attrs(x=x, y=y, width=width, height=height, fill=fill, stroke=stroke, stroke_width=stroke_width)}/>"


def circle(cx: int, cy: int, r: int, *, fill: str = "none", stroke: str = "#000000") -> str:
    """A circle."""
    return f"<circle {_attrs(cx=cx, cy=cy, r=r, fill=fill, stroke=stroke)}/>"


def line(x1: int, y1: int, x2: int, y2: int, *, stroke: str = "#000000", stroke_width: float = 1) -> str:
    """A straight line."""
    return f"<line {_attrs(x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke, stroke_width=stroke_width)}/>"


def text(x: int, y: int, words: str, *, size: int = 10, anchor: str = "start", fill: str = "#000000") -> str:
    """Text (escaped), its baseline at ``y``.

    Examples
    --------
    >>> text(0, 10, "a < b", size=8)
    '<text x="0" y="10" font-size="8" text-anchor="start" fill="#000000" font-family="sans-serif">a &lt; b</text>'
    """
    return (f"<text {_attrs(x=x, y=y, font_size=size, text_anchor=anchor, fill=fill)}"
            f' font-family="sans-serif">{_escaped(words)}</text>')


def arrow(x1: int, y1: int, x2: int, y2: int, *, colour: str = "#000000", bend: int = 0, width: float = 1.4,
          opacity: float = 0.85) -> str:
    """An arrow from ``(x1, y1)`` to ``(x2, y2)``, bowed ``bend`` pixels to its left (a quadratic curve).

    ``colour`` is ``#rrggbb``; :func:`svg_document` defines the arrow head of that colour.

    Examples
    --------
    >>> arrow(0, 0, 10, 0, colour="#000000", bend=4)
    '<path d="M 0 0 Q 5 -4 10 0" fill="none" stroke="#000000" stroke-width="1.4" stroke-opacity="0.85" \
marker-end="url(#head-000000)"/>'
    """
    mx, my = (x1 + x2) // 2, (y1 + y2) // 2
    length = max(1, round(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5))
    cx, cy = mx + (y2 - y1) * bend // length, my - (x2 - x1) * bend // length
    head = colour.lstrip("#").lower()
    return (f'<path d="M {x1} {y1} Q {cx} {cy} {x2} {y2}" '
            f"{_attrs(fill='none', stroke=colour, stroke_width=width, stroke_opacity=opacity)} "
            f'marker-end="url(#head-{head})"/>')


def legend(x: int, y: int, entries: list[tuple[str, str]], *, size: int = 11, kind: str = "box") -> list[str]:
    """Legend rows from ``(x, y)`` down: a swatch (``box``) or a short line (``line``) and its label.

    Examples
    --------
    >>> len(legend(0, 0, [("#ff0000", "red"), ("#00ff00", "green")]))
    4
    """
    out = []
    for i, (colour, label) in enumerate(entries):
        top = y + i * (size + 6)
        if kind == "line":
            out.append(line(x, top + size // 2, x + size + 4, top + size // 2, stroke=colour, stroke_width=2))
        else:
            out.append(rect(x, top, size, size, fill=colour))
        out.append(text(x + size + 8, top + size - 1, label, size=size))
    return out


def svg_document(width: int, height: int, shapes: list[str], *, title: str = "") -> str:
    """A standalone SVG of ``width`` x ``height`` pixels holding ``shapes``, with the arrow heads they use.

    Examples
    --------
    >>> import xml.etree.ElementTree as ET
    >>> root = ET.fromstring(svg_document(10, 10, [circle(5, 5, 4)]))
    >>> root.tag, root.get("viewBox")
    ('{http://www.w3.org/2000/svg}svg', '0 0 10 10')
    """
    heads = sorted({m.group(1) for s in shapes for m in _HEAD.finditer(s)})
    defs = "".join(
        f'<marker id="head-{h}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
        f'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#{h}"/></marker>' for h in heads)
    head = f"<title>{_escaped(title)}</title>" if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">{head}'
            + (f"<defs>{defs}</defs>" if defs else "") + "".join(shapes) + "</svg>")
