"""Boards from TOML or JSON text, and from files.

The format, in TOML::

    size = 100            # the last square N
    name = "my board"     # optional
    [jumps]               # from = to
    1 = 38
    16 = 6

and in JSON ``{"size": 100, "jumps": {"1": 38, "16": 6}}``; ``jumps`` may
also be a list of ``[from, to]`` pairs.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from ..errors import BoardError
from .board import BUILTIN_BOARDS, Board, builtin_board

__all__ = ["board_from_data", "board_from_text", "load_board", "resolve_board"]


def board_from_data(data: Any, name: str = "custom") -> Board:
    """A board from parsed data: a mapping with ``size`` and ``jumps``.

    Raises
    ------
    BoardError
        For missing or malformed fields, or an invalid board.

    Examples
    --------
    >>> board_from_data({"size": 10, "jumps": {"3": 7}}).jumps
    ((3, 7),)
    >>> board_from_data({"jumps": {}})
    Traceback (most recent call last):
    ...
    limits.errors.BoardError: a board needs a 'size' (the last square N)
    """
    if not isinstance(data, dict):
        raise BoardError("a board must be a table/object with 'size' and 'jumps'")
    unknown = set(data) - {"size", "jumps", "name"}
    if unknown:
        raise BoardError(f"unknown board field(s): {', '.join(sorted(unknown))}")
    if "size" not in data:
        raise BoardError("a board needs a 'size' (the last square N)")
    jumps = data.get("jumps", {})
    if not isinstance(jumps, (dict, list)):
        raise BoardError("'jumps' must be a table of from = to, or a list of [from, to] pairs")
    return Board(data["size"], jumps, name=str(data.get("name", name)))


def board_from_text(text: str, format: str = "toml", name: str = "custom") -> Board:
    """A board from TOML or JSON text.

    Examples
    --------
    >>> board_from_text("size = 10\\n[jumps]\\n3 = 7\\n9 = 2\\n").jumps
    ((3, 7), (9, 2))
    >>> board_from_text('{"size": 10, "jumps": [[3, 7]]}', "json").ladders
    ((3, 7),)
    """
    try:
        if format == "toml":
            data = tomllib.loads(text)
        elif format == "json":
            data = json.loads(text)
        else:
            raise BoardError(f"unknown board format {format!r} (toml or json)")
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise BoardError(f"cannot parse the board as {format.upper()}: {exc}") from None
    return board_from_data(data, name)


def load_board(path: str | Path) -> Board:
    """A board from a ``.toml`` or ``.json`` file (by its extension; TOML otherwise)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BoardError(f"cannot read the board file {str(path)!r}: {exc.strerror}") from None
    fmt = "json" if path.suffix.lower() == ".json" else "toml"
    return board_from_text(text, fmt, name=path.stem)


def resolve_board(spec: str) -> Board:
    """A built-in board by name, or a board file by path.

    Examples
    --------
    >>> resolve_board("althoen").name
    'althoen'
    """
    if spec in BUILTIN_BOARDS:
        return builtin_board(spec)
    if not Path(spec).exists():
        known = ", ".join(BUILTIN_BOARDS)
        raise BoardError(f"no built-in board or file named {spec!r} (built in: {known})")
    return load_board(spec)
