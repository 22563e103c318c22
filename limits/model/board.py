"""Boards: a size N and a map of jumps (chutes and ladders).

A board is plain, immutable data: the last square ``size`` (the goal, N) and a
sorted tuple of ``(from, to)`` jumps. A jump with ``to > from`` is a ladder,
one with ``to < from`` a chute. Square 0 is the start, off the board.
"""

from __future__ import annotations

import html
import numbers
import re
from dataclasses import dataclass, field
from functools import cached_property
from itertools import islice
from typing import Iterable, Mapping

from ..checks import MAX_PICTURED, MAX_SQUARES, instance
from ..errors import BoardError, TooLargeError, one_line, shown

__all__ = ["Board", "standard", "althoen", "empty", "BUILTIN_BOARDS", "builtin_board"]


_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")


@dataclass(frozen=True)
class Board:
    """A Chutes & Ladders board.

    Parameters
    ----------
    size : int
        The number N of the last square; the player wins on reaching it.
    jumps : mapping or iterable of pairs
        Jumps as ``from -> to``: a mapping or ``(from, to)`` pairs.
    name : str, optional
        A label used in reports.

    Raises
    ------
    BoardError
        A jump from square 0 or from N, a square or target off the board, a
        jump to itself, two jumps from one square, or a jump that lands on the
        start of another jump; squares must be whole numbers (ints, or
        strings of ASCII digits).
    TooLargeError
        A size above :data:`~limits.checks.MAX_SQUARES`.

    Examples
    --------
    >>> b = Board(10, {3: 7, 9: 2})
    >>> b.ladders, b.chutes
    (((3, 7),), ((9, 2),))
    >>> b.land(3), b.land(4)
    (7, 4)
    >>> Board(10, {3: 3})
    Traceback (most recent call last):
    ...
    limits.errors.BoardError: the jump 3->3 goes to the square it starts from
    """

    size: int
    jumps: tuple[tuple[int, int], ...]
    name: str = field(default="custom", compare=False)

    def __init__(
        self,
        size: int,
        jumps: Mapping[int, int] | Iterable[tuple[int, int]] = (),
        name: str = "custom",
    ) -> None:
        if isinstance(size, bool) or not isinstance(size, numbers.Integral) or size < 1:
            raise BoardError(f"the board size must be a whole number >= 1, not {shown(size)}")
        size = int(size)
        if size > MAX_SQUARES:
            raise TooLargeError(f"a board may have at most {MAX_SQUARES} squares (the limit MAX_SQUARES), "
                                f"not {shown(size)}")
        if isinstance(jumps, (str, bytes)) or not isinstance(jumps, (Mapping, Iterable)):
            raise BoardError(f"the jumps must be a mapping or pairs (from, to), not {shown(jumps)}")
        given = iter(jumps.items()) if isinstance(jumps, Mapping) else iter(jumps)
        pairs = list(islice(given, size))  # at most one jump from each of the squares 1..N-1
        if next(given, None) is not None:
            raise BoardError(f"more jumps than squares: a board of {size} squares has at most {size - 1}")
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "jumps", _validated(size, pairs))
        object.__setattr__(self, "name", instance(name, str, "a board's name", BoardError))
        object.__setattr__(self, "_landing", dict(self.jumps))

    @property
    def jump_map(self) -> dict[int, int]:
        """The jumps as a new ``{from: to}`` dict."""
        return dict(self.jumps)

    @property
    def ladders(self) -> tuple[tuple[int, int], ...]:
        """Jumps that go up."""
        return tuple((a, b) for a, b in self.jumps if b > a)

    @property
    def chutes(self) -> tuple[tuple[int, int], ...]:
        """Jumps that go down."""
        return tuple((a, b) for a, b in self.jumps if b < a)

    @cached_property
    def squares(self) -> tuple[int, ...]:
        """The squares a player can rest on before winning: 0..N-1 without jump starts (kept once made)."""
        return tuple(s for s in range(self.size) if s not in self._landing)  # type: ignore[attr-defined]

    def land(self, square: int) -> int:
        """Where a player who lands on ``square`` ends the turn (after any jump)."""
        return self._landing.get(square, square)  # type: ignore[attr-defined]

    def to_dict(self) -> dict:
        """The board as plain data, the shape read by :func:`limits.model.board_files.board_from_data`."""
        return {"size": self.size, "jumps": {str(a): b for a, b in self.jumps}}

    @property
    def sha256(self) -> str:
        """The first 16 hex digits of the SHA-256 of :meth:`to_dict` as canonical JSON (the size and the jumps,
        not the name): what every output records to tell boards apart.

        Examples
        --------
        >>> standard().sha256, Board(3).sha256 == Board(3, name="other").sha256
        ('a9220c01ab728b50', True)
        """
        import hashlib
        import json

        return hashlib.sha256(json.dumps(self.to_dict(), sort_keys=True).encode()).hexdigest()[:16]

    def __repr__(self) -> str:
        return f"Board({one_line(self.summary())})"

    def summary(self) -> str:
        """One line: name, size and jumps.

        Examples
        --------
        >>> standard().summary()
        'standard: 100 squares, 9 ladders, 10 chutes'
        """
        return f"{self.name}: {self.size} squares, {len(self.ladders)} ladders, {len(self.chutes)} chutes"

    def _repr_svg_(self) -> str | None:
        """The board with its jumps (None above :data:`~limits.checks.MAX_PICTURED` squares)."""
        if self.size > MAX_PICTURED:
            return None
        from .picture import board_svg

        return board_svg(self.size, self.jumps, title=self.summary())

    def _repr_html_(self) -> str:
        """The summary, the jumps as a table, and the picture (or why there is none)."""
        from ..markup.document import html_table
        from .picture import picture_html

        jumps = html_table(["from", "to", "kind"], [[a, b, "ladder" if b > a else "chute"] for a, b in self.jumps])
        return (f"<div><p><strong>{html.escape(self.summary())}</strong></p>"
                f"<details><summary>jumps</summary>{jumps}</details>{picture_html(self._repr_svg_(), self.size)}</div>")


def _as_square(value: object, what: str) -> int:
    """A square from an int (numpy ints too) or a string of ASCII digits ("³" is not one)."""
    if type(value) is int:  # the common case, without the abstract-class check
        return value
    if isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        return int(value)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise BoardError(f"{what} must be a whole number, not {shown(value)}")
    return int(value)


def _validated(size: int, pairs: list) -> tuple[tuple[int, int], ...]:
    seen: dict[int, int] = {}
    for pair in pairs:
        try:
            a, b = pair
        except (TypeError, ValueError):
            raise BoardError(f"a jump must be a pair (from, to), not {shown(pair)}") from None
        a = _as_square(a, "a jump's start")
        b = _as_square(b, "a jump's target")
        if not (-1 <= a <= size + 1 and -1 <= b <= size + 1):  # before any message prints them
            raise BoardError(f"the jump {shown(a)}->{shown(b)} leaves the board (squares 0..{size})")
        if a == 0:
            raise BoardError(f"the jump {a}->{b} starts on square 0, the start, which is off the board")
        if a == size:
            raise BoardError(f"the jump {a}->{b} starts on square {size}, the last square")
        if not 0 < a < size:
            raise BoardError(f"the jump {a}->{b} starts off the board (squares 1..{size - 1})")
        if not 0 <= b <= size:
            raise BoardError(f"the jump {a}->{b} goes off the board (squares 0..{size})")
        if a == b:
            raise BoardError(f"the jump {a}->{b} goes to the square it starts from")
        if a in seen:
            raise BoardError(f"two jumps start on square {a}: {a}->{seen[a]} and {a}->{b}")
        seen[a] = b
    for a, b in seen.items():
        if b in seen:
            raise BoardError(
                f"the jump {a}->{b} lands on square {b}, the start of the jump {b}->{seen[b]}"
            )
    return tuple(sorted(seen.items()))


_STANDARD_JUMPS = {
    1: 38, 4: 14, 9: 31, 16: 6, 21: 42, 28: 84, 36: 44, 48: 26, 49: 11, 51: 67,
    56: 53, 62: 19, 64: 60, 71: 91, 80: 100, 87: 24, 93: 73, 95: 75, 98: 78,
}


def standard() -> Board:
    """The paper's board: 100 squares, 19 jumps, with the chute 48->26.

    Examples
    --------
    >>> b = standard()
    >>> b.size, len(b.jumps), len(b.ladders), len(b.chutes), len(b.squares)
    (100, 19, 9, 10, 81)
    """
    return Board(100, _STANDARD_JUMPS, name="standard")


def althoen() -> Board:
    """The edition of Althoen, King & Schilling (1993): as :func:`standard` but chute 47->26.

    Examples
    --------
    >>> (47, 26) in althoen().jumps, (48, 26) in althoen().jumps
    (True, False)
    """
    jumps = dict(_STANDARD_JUMPS)
    del jumps[48]
    jumps[47] = 26
    return Board(100, jumps, name="althoen")


def empty(size: int = 100) -> Board:
    """A board of ``size`` squares with no jumps.

    Examples
    --------
    >>> empty(10).jumps
    ()
    """
    return Board(size, (), name="empty" if size == 100 else f"empty{shown(size)}")


BUILTIN_BOARDS = {"standard": standard, "althoen": althoen, "empty": empty}


def builtin_board(name: str) -> Board:
    """A built-in board by name: ``standard``, ``althoen`` or ``empty``.

    Raises
    ------
    BoardError
        For an unknown name.

    Examples
    --------
    >>> builtin_board("standard").name
    'standard'
    """
    if not isinstance(name, str) or name not in BUILTIN_BOARDS:
        raise BoardError(f"unknown board {shown(name)} (built in: {', '.join(BUILTIN_BOARDS)})")
    return BUILTIN_BOARDS[name]()
