"""Shared pieces of the command line: the parser class, option groups, output helpers."""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction
from typing import Any

from ..exact.digits import decimal, ratio

PROG = "limits"


class UsageError(Exception):
    """A malformed command line (argparse's complaint, as one line)."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit status 2
        raise UsageError(message)


def exact_json(value: Fraction, digits: int) -> dict[str, str]:
    return {"exact": ratio(value), "decimal": decimal(value, digits)}


def nonnegative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, not {value}")
    return value


def count_arg(text: str) -> int:
    try:
        value = int(float(text)) if "e" in text.lower() else int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, not {value}")
    return value


def add_board_options(p: argparse.ArgumentParser, formats: tuple[str, ...] = ("text", "json", "latex"),
                       digits: int = 15) -> None:
    p.add_argument("--board", default="standard", help="standard, althoen, empty, or a .toml/.json file (default: standard)")
    p.add_argument("--rule", default="stay", help="stay (default, the paper's), bounce or pass")
    p.add_argument("--format", choices=formats, default="text")
    p.add_argument("--digits", type=nonnegative_int, default=digits, help=f"significant digits of decimals (default {digits})")


def add_loaded_options(p: argparse.ArgumentParser, all_allowed: bool = False) -> None:
    help_delta = "the loaded face" + (", or all" if all_allowed else "")
    p.add_argument("--delta", required=True, type=delta_arg if all_allowed else int, help=help_delta)
    p.add_argument("--faces", type=int, default=6, help="faces of the die (default 6)")
    p.add_argument("--start", type=int, default=0, help="start square (default 0)")


def add_coin_options(p: argparse.ArgumentParser, flip: bool = True) -> None:
    p.add_argument("--coin", default="1/2", help="probability of heads (default 1/2)")
    if flip:
        p.add_argument("--flip", default="1/2", help="flip probability of the random strategies (default 1/2)")


def delta_arg(text: str) -> Any:
    if text == "all":
        return "all"
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a face or 'all': {text!r}") from None


def deltas_of(args: argparse.Namespace) -> list[int]:
    return list(range(1, args.faces + 1)) if args.delta == "all" else [args.delta]


def enclosure_json(e: Any, digits: int) -> dict[str, Any]:
    certain = e.certain_digits()
    shown = digits if certain is None else max(1, min(digits, certain))
    out: dict[str, Any] = {"decimal": decimal(e.lower, shown)}
    if e.is_exact:
        out["exact"] = ratio(e.lower)
    else:
        out["lower"] = decimal(e.lower, digits + 5)
        out["upper"] = decimal(e.upper, digits + 5)
        out["certain_digits"] = certain
    return out


def progress_bar() -> Any:
    def draw(done: int, total: int) -> None:
        width = 40
        filled = width * done // total
        print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games", end="", file=sys.stderr)
        sys.stderr.flush()

    return draw


def short_decimal(value: str) -> str:
    return value if value == "inf" else decimal(Fraction(value), 8)
