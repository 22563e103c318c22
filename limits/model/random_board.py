"""Random boards: a family given by its size, its counts of ladders and chutes, and their lengths.

A :class:`BoardFamily` draws boards from a numpy ``Generator`` (the caller's)
or, reproducibly, board number ``index`` of a seed
(:meth:`BoardFamily.board_of`): the same seed and index give the same board on
any machine, which is what lets a survey resume or run in pieces.

Jump starts are distinct squares 1..N-1 drawn uniformly; each jump's length
is uniform on 1..its family's longest length (a ladder's capped by the room
up to N, a chute's by the room down to 0), redrawn while it lands on the
start of another jump.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..checks import MAX_SQUARES
from ..errors import BoardError, TooLargeError
from .board import Board

__all__ = ["BoardFamily"]

_REDRAWS = 64


@dataclass(frozen=True)
class BoardFamily:
    """Boards of ``size`` squares with ``ladders`` ladders and ``chutes`` chutes.

    Parameters
    ----------
    size : int
        The last square N.
    ladders, chutes : int
        How many of each; together at most N - 1, and at most half the squares
        (so that targets can avoid the starts).
    longest_ladder, longest_chute : int, optional
        The longest jump of each kind, 1..size (default: any length the board allows).

    Raises
    ------
    BoardError
        For counts or lengths the board cannot hold.

    Examples
    --------
    >>> family = BoardFamily(100, 9, 10, longest_chute=40)
    >>> b = family.board_of(0, seed=1)
    >>> len(b.ladders), len(b.chutes), b == family.board_of(0, seed=1)
    (9, 10, True)
    >>> max(a - t for a, t in b.chutes) <= 40
    True
    """

    size: int
    ladders: int
    chutes: int
    longest_ladder: int | None = None
    longest_chute: int | None = None

    def __post_init__(self) -> None:
        for name in ("size", "ladders", "chutes"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
                raise BoardError(f"a board family's {name} must be a whole number >= 0, not {value!r}")
        if self.size < 2:
            raise BoardError(f"a board family's size must be 2..{MAX_SQUARES}, not {self.size}")
        if self.size > MAX_SQUARES:
            raise TooLargeError(f"a board family's size is at most {MAX_SQUARES} (the limit MAX_SQUARES), not "
                                f"{self.size}")
        if 2 * (self.ladders + self.chutes) > self.size - 1:
            raise BoardError(f"{self.ladders} ladders and {self.chutes} chutes need more than the "
                             f"{self.size - 1} squares of the board (at most half may start a jump)")
        for name in ("longest_ladder", "longest_chute"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, np.integer))
                                      or not 1 <= value <= self.size):
                raise BoardError(f"a board family's {name} must be a whole number 1..{self.size} (the size: no "
                                 f"jump is longer), not {value!r}")

    @property
    def name(self) -> str:
        """A label such as ``random1000-100L-100C``."""
        return f"random{self.size}-{self.ladders}L-{self.chutes}C"

    def board(self, rng: np.random.Generator) -> Board:
        """One board drawn with ``rng``."""
        n, k = self.size, self.ladders + self.chutes
        starts = rng.choice(np.arange(1, n, dtype=np.int64), size=k, replace=False)
        up = np.zeros(k, dtype=bool)
        up[: self.ladders] = True
        taken = np.zeros(n + 1, dtype=bool)
        taken[starts] = True
        room = np.where(up, n - starts, starts)  # a ladder may reach N, a chute square 0
        longest = np.where(up, self.longest_ladder or n, self.longest_chute or n)
        reach = np.minimum(room, longest)
        targets = np.zeros(k, dtype=np.int64)
        todo = np.arange(k)
        for _ in range(_REDRAWS):
            lengths = rng.integers(1, reach[todo] + 1)
            targets[todo] = np.where(up[todo], starts[todo] + lengths, starts[todo] - lengths)
            todo = todo[taken[targets[todo]]]
            if not todo.size:
                break
        else:
            raise BoardError(f"{self.name}: no free target within reach of the jump from square {starts[todo[0]]}")
        return Board(n, zip(starts.tolist(), targets.tolist()), name=self.name)

    def board_of(self, index: int, seed: int) -> Board:
        """Board number ``index`` of ``seed``: always the same board for the same pair."""
        return self.board(np.random.default_rng(np.random.SeedSequence([int(seed), int(index)])))
