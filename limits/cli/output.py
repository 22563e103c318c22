"""What every command shares on the way out: JSON with its schema tag, quantities, the board from stdin.

A command returns a JSON-ready ``dict``; :func:`render` tags it with its
schema and writes JSON, or hands it to the command's text or LaTeX writer.
Every number in it comes from :mod:`limits.markup.quantities` (its one
encoder :func:`~limits.markup.quantities.to_json`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Callable

from ..markup.quantities import quantity as to_quantity

__all__ = ["SCHEMA_VERSION", "render", "quantity", "board_of", "is_stdout"]

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


def board_of(spec: str, args: argparse.Namespace | None = None) -> Any:
    """A built-in board, a board file (:func:`~limits.model.board_files.resolve_board`), or (``-``) a board
    read from standard input (JSON where it starts with ``{`` or ``[``, TOML otherwise).

    Given the command's options ``args``, the board is kept on them (``args.loaded_board``) for the record of
    the answer's inputs (:func:`limits.cli.inputs.inputs_of`).
    """
    from ..model.board_files import read_board, resolve_board

    if spec == "-":
        board = read_board(getattr(sys.stdin, "buffer", sys.stdin), "standard input", "stdin")
    else:
        board = resolve_board(spec)
    if args is not None:
        args.loaded_board = board
    return board


def is_stdout(path: str) -> bool:
    """Whether an output path is this process's standard output: ``-``, ``/dev/stdout``, or the file it goes to.

    Such an output is the command's answer, printed (:func:`limits.cli.main`), rather than a file written
    beside it.
    """
    if path == "-":
        return True
    try:
        return os.path.samestat(os.stat(path), os.fstat(sys.stdout.fileno()))
    except (OSError, ValueError, AttributeError):  # no such file, or no descriptor (a test's captured stdout)
        return False
