"""The classification of the P(delta) = 1 walk drawn as text: the board as a grid."""

from __future__ import annotations

import string
from typing import Callable

from ..limit.walk import Classification
from ..markup.numerals import counted
from ..model.board import Board
from ..model.layout import WIDTH, cell

__all__ = ["board_grid", "flip_grid"]


def board_grid(c: Classification) -> str:
    """The board as rows of ten cells, top row first, each square marked by its class.

    A capital letter marks a square of a loop, the same small letter its
    on-ramp, ``.`` the win path and ``*`` the squares the walk from 0 passes.

    Examples
    --------
    >>> from limits import Perturbation
    >>> print(board_grid(Perturbation.loaded(delta=3).classify()).splitlines()[-3])
    A:  c-loop {53}, with 77 on-ramp squares
    """
    n = c.board.size
    letters = string.ascii_uppercase
    marks: dict[int, str] = {}
    for i, lp in enumerate(c.loops):
        letter = letters[i % 26]
        for s in lp.squares:
            marks[s] = letter
        for s in lp.on_ramp:
            marks[s] = letter.lower()
    walked = set(c.walk_from_start)
    for s in c.win_path:
        marks[s] = "*" if s in walked else "."
    lines = _rows(n, lambda s: "#" if s == n else marks.get(s, "?"))
    lines.append(f"   0{marks.get(0, '?')}  (the start, off the board)")
    lines.append("")
    for i, lp in enumerate(c.loops):
        squares = ", ".join(map(str, lp.squares))
        lines.append(f"{letters[i % 26]}:  {lp.kind}-loop {{{squares}}}, with {counted(len(lp.on_ramp), 'on-ramp square')}")
    lines.append(".:  win path;  *: on the walk from the start;  #: the last square")
    return "\n".join(lines)


def flip_grid(board: "Board", flips: set[int]) -> str:
    """The board as rows of ten cells, ``F`` where the policy flips on landing, ``.`` where not.

    Examples
    --------
    >>> from limits.model.board import standard
    >>> print(flip_grid(standard(), {56, 64}).splitlines()[4])
      60.   59.   58.   57.   56F   55.   54.   53.   52.   51.
    """
    n = board.size
    lines = _rows(n, lambda s: "F" if s in flips else ".")
    if n + 1 in flips:
        lines.append(f"one past the last square ({n + 1}): F")
    lines.append("F: flip on landing there;  .: do not flip")
    return "\n".join(lines)


def _rows(n: int, mark: Callable[[int], str]) -> list[str]:
    """Squares 1..n in rows of ten cells as the board runs (top row first), each followed by its mark."""
    grid = [["      "] * WIDTH for _ in range((n + WIDTH - 1) // WIDTH)]
    for s in range(1, n + 1):
        col, row = cell(s)
        grid[row][col] = f"{s:4d}{mark(s)} "
    return ["".join(r).rstrip() for r in reversed(grid)]
