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

from ..checks import MAX_BOARD_BYTES
from ..errors import BoardError, InfiniteExpectationError
from ..markup.quantities import exact_quantity, float_quantity, infinite_quantity, interval_quantity

__all__ = ["SCHEMA_VERSION", "render", "quantity", "exact_data", "infinite_of", "board_of", "level_key"]

SCHEMA_VERSION = 1


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


def level_key(q: Fraction) -> str:
    """A quantile level ``0 < q < 1`` as the key of its quantile: its exact decimal, written out, or ``a/b``.

    Every level has one key and no two levels share one: a level with a
    finite decimal is written out in full (no exponent), any other as its
    lowest terms. The schemas' pattern for these keys is
    ``^(0\\.[0-9]*[1-9]|[1-9][0-9]*/[1-9][0-9]*)$``.

    Examples
    --------
    >>> level_key(Fraction(9, 10)), level_key(Fraction(1, 10**20)), level_key(Fraction(1, 3))
    ('0.9', '0.00000000000000000001', '1/3')
    >>> level_key(Fraction(3, 16))
    '0.1875'
    """
    from ..exact.digits import integer_text, ratio

    rest, places = q.denominator, 0
    for prime in (2, 5):
        count = 0
        while rest % prime == 0:
            rest //= prime
            count += 1
        places = max(places, count)
    if rest != 1 or not 0 < q < 1:
        return ratio(q)
    digits = integer_text(q.numerator * 10**places // q.denominator).rjust(places, "0")
    return "0." + digits.rstrip("0")


def exact_data(data: Any, args: argparse.Namespace) -> Any:
    """A library's plain exact data (a ``to_dict()``) as JSON: every Fraction a quantity, the rest as it is.

    Fractions (expectations, probabilities, rates, coefficients) become
    quantities; ints (orders, squares, turns) and text stay plain; tuples
    become lists.

    Examples
    --------
    >>> args = argparse.Namespace(digits=3, exact_digits=None)
    >>> exact_data({"order": 1, "coefficient": Fraction(77, 5), "states": ((6, 11),)}, args)
    {'order': 1, 'coefficient': {'exact': '77/5', 'decimal': '15.4', 'float': 15.4}, 'states': [[6, 11]]}
    """
    if isinstance(data, Fraction):
        return quantity(data, args)
    if isinstance(data, dict):
        return {str(k): exact_data(v, args) for k, v in data.items()}
    if isinstance(data, (tuple, list)):
        return [exact_data(v, args) for v in data]
    if data is None or isinstance(data, (bool, int, str)):
        return data
    raise TypeError(f"no JSON form for {type(data).__name__}")  # a bug in a command, not bad input


def infinite_of(error: InfiniteExpectationError) -> dict[str, Any]:
    """The infinite answer an :class:`InfiniteExpectationError` describes."""
    return infinite_quantity(str(error), error.trap)


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


def board_of(spec: str) -> Any:
    """A built-in board, a board file, or (``-``) a board read from standard input.

    Files are read here, in the shell: at most :data:`~limits.checks.MAX_BOARD_BYTES` bytes of
    UTF-8 text, JSON by the ``.json`` suffix (or, on standard input, by a
    leading ``{``), TOML otherwise; a JSON key given twice is an error.
    """
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
