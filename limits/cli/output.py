"""What every command shares on the way out: JSON with its schema tag, quantities, the board from stdin.

A command hands its result to :func:`emit`, which asks it for the format
chosen: ``to_json``, ``text`` or ``latex`` (the result renders itself; every
number in it comes from :mod:`limits.markup`), and adds the schema tag and
the record of the inputs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass
from typing import Any, Callable

from ..markup.quantities import quantity as to_quantity

__all__ = ["SCHEMA_VERSION", "emit", "Answer", "quantity", "board_of", "is_stdout", "checked_game"]

SCHEMA_VERSION = 1


def emit(args: argparse.Namespace, command: str, result: Any) -> str:
    """A result in the format asked for, at the command's digits, with the record of its inputs
    (:mod:`limits.cli.inputs`): the result renders itself (``to_json``, ``text``, ``latex``), the shell only chooses.

    JSON carries ``"schema": "limits.<command>/<version>"`` first, then ``"inputs"``; text starts with the
    record in one line; LaTeX holds it as a comment after its first line.
    """
    from .inputs import inputs_line, inputs_of

    fmt, digits, exact = getattr(args, "format", "text"), args.digits, args.exact_digits
    inputs = inputs_of(args, command, getattr(result, "engine", "exact"))
    if fmt == "json":
        tagged = {"schema": f"limits.{command}/{SCHEMA_VERSION}", "inputs": inputs, **result.to_json(digits, exact)}
        return json.dumps(tagged, indent=2, allow_nan=False)
    if fmt == "latex":
        first, _, rest = result.latex(digits, exact).partition("\n")  # the record as a comment, after \documentclass
        return f"{first}\n% {inputs_line(inputs)}\n{rest}"
    return f"{inputs_line(inputs)}\n{result.text(digits, exact)}"


@dataclass(frozen=True)
class Answer:
    """A command's answer as a JSON-ready dict with its text and LaTeX writers (the coin's and the race's
    commands, until their results render themselves), found by ``engine``."""

    data: dict[str, Any]
    text_of: Callable[[dict[str, Any]], str]
    latex_of: Callable[[dict[str, Any]], str] | None = None
    engine: str = "exact"

    def to_json(self, *_: Any) -> dict[str, Any]:
        return self.data

    def text(self, *_: Any) -> str:
        return self.text_of(self.data)

    def latex(self, *_: Any) -> str:
        return self.latex_of(self.data)  # type: ignore[misc]


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


def checked_game(args: argparse.Namespace, board: Any, die: Any, *costs: Callable[[Any], Any], **options: Any) -> Any:
    """The command's game, built once each of ``costs`` (:mod:`limits.cost`, of the board's and die's shape) is
    checked: building the chain of a million squares alone takes tens of seconds and gigabytes, so the work its
    question would be refused for is refused before it, as the question itself would refuse it."""
    from ..cost import shape_of
    from ..model.build import build_chain

    shape = shape_of(board, die)
    for cost in costs:
        cost(shape).check()
    return build_chain(board, die, args.rule, start=getattr(args, "start", 0), **options)
