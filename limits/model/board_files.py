"""Boards from TOML or JSON text, and from files.

The format, in TOML::

    size = 100            # the last square N
    name = "my board"     # optional
    [jumps]               # from = to
    1 = 38
    16 = 6

and in JSON ``{"size": 100, "jumps": {"1": 38, "16": 6}}``; ``jumps`` may
also be a list of ``[from, to]`` pairs. A key given twice is refused in
both formats (TOML itself refuses it; JSON would keep the last). Files are
read as UTF-8, at most :data:`~limits.checks.MAX_BOARD_BYTES` bytes.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

from ..checks import MAX_BOARD_BYTES, MAX_SQUARES
from ..errors import BoardError, LimitsError, TooLargeError, shown
from .board import BUILTIN_BOARDS, Board, builtin_board

__all__ = ["board_from_data", "board_from_text", "load_board", "read_board", "resolve_board"]


_MAX_NUMBER_DIGITS = len(str(MAX_SQUARES)) + 1


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
        raise BoardError(f"unknown board {'field' if len(unknown) == 1 else 'fields'}: {shown(', '.join(sorted(map(str, unknown))))}")
    if "size" not in data:
        raise BoardError("a board needs a 'size' (the last square N)")
    jumps = data.get("jumps", {})
    if not isinstance(jumps, (dict, list)):
        raise BoardError("'jumps' must be a table of from = to, or a list of [from, to] pairs")
    label = data.get("name", name)
    if not isinstance(label, str):
        raise BoardError(f"a board's 'name' must be text, not {shown(label)}")
    return Board(data["size"], jumps, name=label)


def board_from_text(text: str, format: str = "toml", name: str = "custom") -> Board:
    """A board from TOML or JSON text.

    Raises
    ------
    BoardError
        For text that does not parse, a duplicate key, or an invalid board.
    TooLargeError
        For a number too large to be a square.

    Examples
    --------
    >>> board_from_text("size = 10\\n[jumps]\\n3 = 7\\n9 = 2\\n").jumps
    ((3, 7), (9, 2))
    >>> board_from_text('{"size": 10, "jumps": [[3, 7]]}', "json").ladders
    ((3, 7),)
    >>> board_from_text('{"size": 10, "jumps": {"3": 7, "3": 8}}', "json")
    Traceback (most recent call last):
    ...
    limits.errors.BoardError: cannot parse the board as JSON: the key '3' is given twice
    """
    if format not in ("toml", "json"):
        raise BoardError(f"unknown board format {shown(format)} (toml or json)")
    try:
        if format == "toml":
            data = tomllib.loads(text)
        else:
            long_run = re.search(r"[0-9]{%d,}" % (_MAX_NUMBER_DIGITS + 1), text)  # else no int needs a check
            data = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant,
                              **({"parse_int": _bounded_int} if long_run else {}))
    except LimitsError:
        raise
    except RecursionError:
        raise BoardError(f"cannot parse the board as {format.upper()}: nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, TOMLDecodeError, and ints past Python's digit limit
        long_number = re.search(r"[0-9][0-9_]{%d,}" % _MAX_NUMBER_DIGITS, text)
        if format == "toml" and long_number is not None:
            _bounded_int(long_number.group().replace("_", ""))
        raise BoardError(f"cannot parse the board as {format.upper()}: {str(exc)[:200]}") from None
    return board_from_data(data, name)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise BoardError(f"cannot parse the board as JSON: the key {shown(key)} is given twice")
        out[key] = value
    return out


def _bounded_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > _MAX_NUMBER_DIGITS:
        raise TooLargeError(f"the board file holds a number of {digits} digits; a board has at most "
                            f"{MAX_SQUARES} squares (the limit MAX_SQUARES)")
    return int(text)


def _no_constant(text: str) -> Any:
    raise BoardError(f"cannot parse the board as JSON: {text} is not a square")


def read_board(stream: Any, where: str, name: str, format: str | None = None) -> Board:
    """A board from a binary (or text) stream: at most :data:`~limits.checks.MAX_BOARD_BYTES` bytes of UTF-8.

    ``where`` names the source in errors; ``format`` is ``"toml"`` or ``"json"``, or None to take JSON
    where the text starts with ``{`` or ``[``.

    Raises
    ------
    BoardError
        For a stream that cannot be read, is not UTF-8 text, or holds no valid board.
    TooLargeError
        For more than :data:`~limits.checks.MAX_BOARD_BYTES` bytes (``/dev/zero`` is one).

    Examples
    --------
    >>> import io
    >>> read_board(io.BytesIO(b'{"size": 10, "jumps": {"3": 7}}'), "the example", "example").ladders
    ((3, 7),)
    """
    try:
        raw = stream.read(MAX_BOARD_BYTES + 1)
    except OSError as exc:
        raise BoardError(f"cannot read {where}: {exc.strerror}") from None
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogateescape")
    if len(raw) > MAX_BOARD_BYTES:
        raise TooLargeError(f"{where} is larger than {MAX_BOARD_BYTES} bytes (the limit MAX_BOARD_BYTES)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BoardError(f"{where} is not UTF-8 text (byte {raw[exc.start]:#04x} at offset {exc.start})") from None
    if "\x00" in text:
        raise BoardError(f"{where} is not text")
    if format is None:
        format = "json" if text.lstrip().startswith(("{", "[")) else "toml"
    return board_from_text(text, format, name=name)


def load_board(path: str | Path) -> Board:
    """A board from a ``.toml`` or ``.json`` file (by its extension; by its content otherwise, as :func:`read_board`).

    Raises
    ------
    BoardError
        For a file that cannot be read, is not UTF-8 text, or holds no valid board.
    TooLargeError
        For a file over :data:`~limits.checks.MAX_BOARD_BYTES` bytes (``/dev/zero`` is one).
    """
    path = Path(path)
    where = f"the board file {shown(str(path))}"
    try:
        with path.open("rb") as handle:
            suffix = path.suffix.lower()
            return read_board(handle, where, path.stem, suffix[1:] if suffix in (".json", ".toml") else None)
    except OSError as exc:
        raise BoardError(f"cannot read {where}: {exc.strerror}") from None


def resolve_board(spec: str) -> Board:
    """A built-in board by name, or a board file by path.

    Examples
    --------
    >>> resolve_board("althoen").name
    'althoen'
    """
    if spec in BUILTIN_BOARDS:
        return builtin_board(spec)
    why = ""
    try:
        found = Path(spec).exists()
    except ValueError:  # a name with a NUL byte
        found = False
    except OSError as exc:  # a name too long
        found, why = False, f"{exc.strerror}; "
    if not found:
        known = ", ".join(BUILTIN_BOARDS)
        raise BoardError(f"no built-in board or file named {shown(spec)} ({why}built in: {known})")
    return load_board(spec)
