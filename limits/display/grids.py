"""A coin policy drawn as text: the board as a grid of where it flips."""

from __future__ import annotations

from ..model.board import Board
from ..model.layout import text_rows

__all__ = ["flip_grid"]


def flip_grid(board: "Board", flips: set[int]) -> str:
    """The board as rows of ten cells, ``F`` where the policy flips on landing, ``.`` where not.

    Examples
    --------
    >>> from limits.model.board import standard
    >>> print(flip_grid(standard(), {56, 64}).splitlines()[4])
      60.   59.   58.   57.   56F   55.   54.   53.   52.   51.
    """
    n = board.size
    lines = text_rows(n, lambda s: "F" if s in flips else ".")
    if n + 1 in flips:
        lines.append(f"one past the last square ({n + 1}): F")
    lines.append("F: flip on landing there;  .: do not flip")
    return "\n".join(lines)
