"""What every command shares on the way out: JSON with its schema tag, quantities, the board from stdin.

A command returns a JSON-ready ``dict``; :func:`render` tags it with its
schema and writes JSON, or hands it to the command's text or LaTeX writer.
Every number in it comes from :mod:`limits.markup.quantities`.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from fractions import Fraction
from typing import Any, Callable

from ..errors import BoardError, InfiniteExpectationError
from ..markup.quantities import exact_quantity, float_quantity, infinite_quantity, interval_quantity

__all__ = ["SCHEMA_VERSION", "render", "quantity", "infinite_of", "board_of", "MAX_BOARD_TEXT"]

SCHEMA_VERSION = 1
MAX_BOARD_TEXT = 1 << 20
"""The most characters read as a board from standard input."""


def render(args: argparse.Namespace, command: str, data: dict[str, Any],
           text: Callable[[dict[str, Any]], str] | None = None,
           latex: Callable[[dict[str, Any]], str] | None = None) -> str:
    """``data`` in the format asked for; JSON carries ``"schema": "limits.<command>/<version>"`` first."""
    fmt = getattr(args, "format", "text")
    if fmt == "json":
        tagged = {"schema": f"limits.{command}/{SCHEMA_VERSION}", **data}
        return json.dumps(tagged, indent=2, allow_nan=False)
    if fmt == "latex" and latex is not None:
        return latex(data)
    return text(data) if text is not None else json.dumps(data, indent=2, allow_nan=False)


def quantity(value: Any, args: argparse.Namespace) -> dict[str, Any]:
    """A value returned by the library as a JSON quantity, by its type.

    Fractions and ints are exact; an :class:`~limits.exact.enclosure.Enclosure`
    (or anything with ``lower`` and ``upper``) is an interval; a float is a
    float (``inf`` has no reason here: see :func:`infinite_of`); text a
    library has already rounded is passed on as its decimal.
    """
    if isinstance(value, (Fraction, int)) and not isinstance(value, bool):
        return exact_quantity(value, args.digits, args.exact_digits)
    if isinstance(value, float):
        if math.isinf(value):
            return infinite_quantity("the value is infinite", ())
        return float_quantity(value, args.digits)
    if isinstance(value, str):
        return {"decimal": value, "float": float(value) if value not in ("inf", "-inf") else None}
    if hasattr(value, "lower") and hasattr(value, "upper"):
        return interval_quantity(Fraction(value.lower), Fraction(value.upper), args.digits, args.exact_digits)
    raise TypeError(f"no JSON form for {type(value).__name__}")  # a bug in a command, not bad input


def infinite_of(error: InfiniteExpectationError) -> dict[str, Any]:
    """The infinite answer an :class:`InfiniteExpectationError` describes."""
    return infinite_quantity(str(error), error.trap)


def board_of(spec: str) -> Any:
    """A built-in board, a board file, or (``-``) a board read from standard input as TOML or JSON, by content."""
    from ..model.board_files import board_from_text, resolve_board

    if spec != "-":
        return resolve_board(spec)
    try:
        text = sys.stdin.read(MAX_BOARD_TEXT + 1)
    except UnicodeDecodeError:
        raise BoardError("the board on standard input is not UTF-8 text") from None
    except OSError as exc:
        raise BoardError(f"cannot read a board from standard input: {exc.strerror}") from None
    if len(text) > MAX_BOARD_TEXT:
        raise BoardError(f"the board on standard input is longer than {MAX_BOARD_TEXT} characters")
    if "\x00" in text:
        raise BoardError("the board on standard input is not text")
    fmt = "json" if text.lstrip().startswith(("{", "[")) else "toml"
    return board_from_text(text, fmt, name="stdin")
