"""What every command shares on the way out: JSON with its schema tag, quantities, the board from stdin.

A command returns a JSON-ready ``dict``; :func:`render` tags it with its
schema and writes JSON, or hands it to the command's text or LaTeX writer.
Every number in it comes from :mod:`limits.markup.quantities` (its one
encoder :func:`~limits.markup.quantities.to_json`).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable

from ..checks import MAX_BOARD_BYTES
from ..errors import BoardError
from ..markup.quantities import quantity as to_quantity

__all__ = ["SCHEMA_VERSION", "render", "quantity", "board_of"]

SCHEMA_VERSION = 1


def render(args: argparse.Namespace, command: str, data: dict[str, Any],
           text: Callable[[dict[str, Any]], str] | None = None,
           latex: Callable[[dict[str, Any]], str] | None = None) -> str:
    """``data`` in the format asked for, with the record of its inputs (:mod:`limits.cli.inputs`).

    JSON carries ``"schema": "limits.<command>/<version>"`` first, then ``"inputs"``; text starts with the
    record in one line; LaTeX holds it as a comment after its first line.
    """
    from .inputs import inputs_line, inputs_of

    fmt = getattr(args, "format", "text")
    inputs = inputs_of(args, command, data)
    if fmt == "json":
        tagged = {"schema": f"limits.{command}/{SCHEMA_VERSION}", "inputs": inputs, **data}
        return json.dumps(tagged, indent=2, allow_nan=False)
    if fmt == "latex" and latex is not None:
        first, _, rest = latex(data).partition("\n")  # the record as a comment, after \documentclass
        return f"{first}\n% {inputs_line(inputs)}\n{rest}"
    body = text(data) if text is not None else json.dumps(data, indent=2, allow_nan=False)
    return f"{inputs_line(inputs)}\n{body}"


def quantity(value: Any, args: argparse.Namespace) -> Any:
    """A value as a JSON quantity (:func:`limits.markup.quantities.quantity`) at the digits the command was given."""
    return to_quantity(value, args.digits, args.exact_digits)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: set[str] = set()
    for k, _ in pairs:  # linear: a board file may hold a million jumps
        if k in seen:
            raise BoardError(f"the key {k!r} appears twice in the board")
        seen.add(k)
    return dict(pairs)


def _read(stream: Any, where: str) -> str:
    try:
        data = stream.read(MAX_BOARD_BYTES + 1)
    except OSError as exc:
        raise BoardError(f"cannot read a board from {where}: {exc.strerror}") from None
    if len(data) > MAX_BOARD_BYTES:
        raise BoardError(f"the board in {where} is longer than {MAX_BOARD_BYTES} bytes")
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogateescape")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BoardError(f"the board in {where} is not UTF-8 text") from None
    if "\x00" in text:
        raise BoardError(f"the board in {where} is not text")
    return text


def board_of(spec: str, args: argparse.Namespace | None = None) -> Any:
    """A built-in board, a board file, or (``-``) a board read from standard input.

    Given the command's options ``args``, the board is kept on them (``args.loaded_board``) for the record of
    the answer's inputs (:func:`limits.cli.inputs.inputs_of`).

    Files are read here, in the shell: at most :data:`~limits.checks.MAX_BOARD_BYTES` bytes of
    UTF-8 text, JSON by the ``.json`` suffix (or, on standard input, by a
    leading ``{``), TOML otherwise; a JSON key given twice is an error.
    """
    board = _board_of(spec)
    if args is not None:
        args.loaded_board = board
    return board


def _board_of(spec: str) -> Any:
    from pathlib import Path

    from ..model.board import BUILTIN_BOARDS, builtin_board
    from ..model.board_files import board_from_text

    if spec in BUILTIN_BOARDS:
        return builtin_board(spec)
    if spec == "-":
        text, name, is_json = _read(getattr(sys.stdin, "buffer", sys.stdin), "standard input"), "stdin", None
    else:
        path = Path(spec)
        if not path.is_file():
            known = ", ".join(BUILTIN_BOARDS)
            if path.exists():
                raise BoardError(f"the board {spec!r} is not a file")
            raise BoardError(f"no built-in board or file named {spec!r} (built in: {known})")
        try:
            with path.open("rb") as stream:
                text = _read(stream, repr(spec))
        except OSError as exc:
            raise BoardError(f"cannot read the board file {spec!r}: {exc.strerror}") from None
        name, is_json = path.stem, path.suffix.lower() == ".json"
    if is_json is None:
        is_json = text.lstrip().startswith(("{", "["))
    try:
        if is_json:  # a key given twice is refused, whatever the model makes of the rest
            json.loads(text, object_pairs_hook=_no_duplicates, parse_int=str, parse_float=str, parse_constant=str)
        return board_from_text(text, "json" if is_json else "toml", name=name)
    except json.JSONDecodeError as exc:
        raise BoardError(f"cannot parse the board as JSON: {exc}") from None
    except RecursionError:
        raise BoardError("the board is nested too deeply to be a board") from None
