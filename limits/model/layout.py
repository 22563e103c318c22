"""Where each square sits on the printed board: rows of ten, back and forth."""

from __future__ import annotations

from typing import Callable

__all__ = ["cell", "text_rows", "WIDTH"]

WIDTH = 10


def cell(square: int) -> tuple[int, int]:
    """``(column, row)`` of square 1.. on a boustrophedon board, row 0 at the bottom.

    Square 0, off the board, sits left of square 1 at column -1.

    Examples
    --------
    >>> cell(1), cell(10), cell(11), cell(100), cell(0)
    ((0, 0), (9, 0), (9, 1), (0, 9), (-1, 0))
    """
    if square == 0:
        return -1, 0
    row, offset = divmod(square - 1, WIDTH)
    return (offset if row % 2 == 0 else WIDTH - 1 - offset), row


def text_rows(n: int, mark: Callable[[int], str]) -> list[str]:
    """Squares 1..n in rows of ten cells as the board runs (top row first), each followed by its mark.

    Examples
    --------
    >>> text_rows(12, lambda s: "*" if s == 3 else ".")
    ['  12.   11.', '   1.    2.    3*    4.    5.    6.    7.    8.    9.   10.']
    """
    grid = [["      "] * WIDTH for _ in range((n + WIDTH - 1) // WIDTH)]
    for s in range(1, n + 1):
        col, row = cell(s)
        grid[row][col] = f"{s:4d}{mark(s)} "
    return ["".join(r).rstrip() for r in reversed(grid)]
