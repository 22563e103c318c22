"""The board as an SVG picture: rows of ten, back and forth, ladders green and chutes red.

What :class:`~limits.model.board.Board` shows in Jupyter, and what the layers
above colour in (the classes of the walk, the squares where a policy flips).
Written with :mod:`limits.markup.svg`, so it needs no plotting library. A
board past :data:`~limits.checks.MAX_PICTURED` squares is not drawn; a page
says so in its place (:func:`picture_html`).
"""

from __future__ import annotations

import textwrap
from typing import Any, Iterable, Mapping

from ..checks import MAX_PICTURED
from ..markup.jupyter import summary_html
from ..markup.svg import arrow, legend, rect, svg_document, text
from .layout import WIDTH, cell

__all__ = ["board_svg", "picture_html", "chain_html", "LADDER_COLOUR", "CHUTE_COLOUR", "WIN_COLOUR", "LOOP_COLOURS", "FLIP_COLOUR",
           "CELL"]

LADDER_COLOUR = "#2e8b57"
CHUTE_COLOUR = "#c0392b"
WIN_COLOUR = "#b7e4a7"
LOOP_COLOURS = ("#1f77b4", "#ff7f0e", "#9467bd", "#d62728", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
                "#17becf")  # tab10 without its green, which is the win path's
FLIP_COLOUR = "#f4d35e"
CELL = 36
"""Pixels per square."""

_PAD = 8


def board_svg(size: int, jumps: Iterable[tuple[int, int]], *, colours: Mapping[int, str] | None = None,
              outlined: Iterable[int] = (), entries: Iterable[tuple[str, str]] = (), title: str = "") -> str:
    """The board of ``size`` squares with its ``jumps`` as arrows, squares filled by ``colours``.

    Parameters
    ----------
    size : int
        The last square N.
    jumps : iterable of (int, int)
        ``(from, to)``: a ladder when ``to > from``, else a chute.
    colours : mapping, optional
        Fill colour (``#rrggbb``) by square; white otherwise.
    outlined : iterable of int, optional
        Squares drawn with a heavy border.
    entries : iterable of (colour, label), optional
        Legend rows below the board, before the ladder and chute rows.
    title : str, optional
        A line above the board (and the SVG's title).

    Examples
    --------
    >>> import xml.etree.ElementTree as ET
    >>> svg = board_svg(12, [(3, 7), (11, 2)], colours={5: "#ffcc00"}, title="twelve squares")
    >>> root = ET.fromstring(svg)
    >>> ns = "{http://www.w3.org/2000/svg}"
    >>> len(root.findall(f"{ns}rect")) >= 13, len(root.findall(f"{ns}path"))
    (True, 2)
    """
    colours = dict(colours or {})
    heavy = set(outlined)
    jumps = list(jumps)
    rows = (size + WIDTH - 1) // WIDTH
    heading = textwrap.wrap(title, 64)  # about the board's width at 13 pixels
    top = _PAD + 18 * len(heading)
    board_height = rows * CELL

    def corner(square: int) -> tuple[int, int]:
        col, row = cell(square)
        return _PAD + (col + 1) * CELL, top + (rows - 1 - row) * CELL

    shapes = [text(_PAD, _PAD + 13 + 18 * i, words, size=13) for i, words in enumerate(heading)]
    for square in range(size + 1):
        x, y = corner(square)
        shapes.append(rect(x, y, CELL, CELL, fill=colours.get(square, "#ffffff"),
                           stroke_width=2.5 if square in heavy else 0.5))
        shapes.append(text(x + 3, y + 11, "start" if square == 0 else str(square), size=9))
    for a, b in jumps:
        (xa, ya), (xb, yb) = corner(a), corner(b)
        half = CELL // 2
        shapes.append(arrow(xa + half, ya + half, xb + half, yb + half,
                            colour=LADDER_COLOUR if b > a else CHUTE_COLOUR, bend=CELL // 3))
    rows_of_legend = list(entries)
    below = top + board_height + 12
    shapes += legend(_PAD + CELL, below, rows_of_legend)
    shapes += legend(_PAD + CELL, below + len(rows_of_legend) * 17,
                     [(LADDER_COLOUR, "ladder"), (CHUTE_COLOUR, "chute")], kind="line")
    height = below + (len(rows_of_legend) + 2) * 17 + _PAD
    widest = max([len(label) for _, label in rows_of_legend] + [0])
    width = max(_PAD * 2 + (WIDTH + 1) * CELL, _PAD + CELL + 20 + 7 * widest)
    return svg_document(width, height, shapes, title=title or f"a board of {size} squares")


def picture_html(svg: str | None, size: int) -> str:
    """A board's picture for a page: ``svg``, or, where none was drawn, a line that says why.

    Examples
    --------
    >>> picture_html(None, 1000)
    '<p><em>No picture: the board has 1000 squares, and boards are drawn up to 400 (MAX_PICTURED).</em></p>'
    """
    if svg is not None:
        return svg
    return (f"<p><em>No picture: the board has {size} squares, and boards are drawn up to {MAX_PICTURED} "
            "(MAX_PICTURED).</em></p>")


def chain_html(chain: Any, svg: str | None) -> str:
    """What a chain is built from, its size and its traps (nothing is solved), and its board's picture ``svg``: its
    ``_repr_html_``."""
    traps = "; ".join("{" + ", ".join(map(str, t)) + "}" for t in chain.traps) or "none"
    rows = [("board", chain.board.summary()), ("die", chain.die.summary()), ("rule", chain.rule.value),
            ("start", str(chain.start)), ("transient squares", str(len(chain.states))),
            ("loops that can trap a player", traps)]
    if chain.policy is not None:
        rows.append(("coin policy", f"{getattr(chain.policy, 'name', 'custom')}, heads {chain.coin}"))
    return summary_html("The absorbing chain of one game", rows, picture_html(svg, chain.board.size))
