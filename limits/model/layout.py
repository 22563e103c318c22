"""Where each square sits on the printed board: rows of ten, back and forth."""

from __future__ import annotations

__all__ = ["cell", "WIDTH"]

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
