"""Shared pieces of the command line: the parser class, argument types and option groups.

Every argument type turns bad text into argparse's one-line complaint, so
bad input never reaches the library as something it cannot read. The
ranges are the documented limits (docs/cli.md).
"""

from __future__ import annotations

import argparse
import re
from decimal import Decimal, InvalidOperation
from typing import Any, Callable

from ..checks import MAX_ARGUMENT, MAX_DIGITS, MAX_EXPONENT

__all__ = [
    "PROG", "Parser", "UsageError", "add_command", "add_board_options",
    "add_coin_options", "integer_arg", "probability_text", "digits_arg", "delta_arg", "deltas_of", "exact_digits_arg",
]

PROG = "limits"


class UsageError(Exception):
    """A malformed command line (argparse's complaint, as one line)."""


class Parser(argparse.ArgumentParser):
    """argparse, with one-line errors and values that may start with ``-`` (``--die -0.1,...``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        # argparse reads "-0.1,0.2", "-1e-5" or "-Infinity" after an option as another option. Our own
        # options are "--name" or exactly "-h", "-o", "-q" (matched before this test), so any other
        # text with a single leading dash is a value. Set here, after the options were added, so
        # that "-h" and friends do not count as options that look like negative numbers.
        self._negative_number_matcher = re.compile(r"^-[^-]")
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> None:  # one line, exit status 2
        # "argument --boards: --boards must be 1..": the option named once, by the message that names it
        raise UsageError(re.sub(r"^argument (\S+): (?=\1 )", "", message))


def add_command(sub: Any, name: str, summary: str, examples: list[str], **kwargs: Any) -> Parser:
    """A subcommand with a one-line description and ``--help`` examples."""
    epilog = "examples:\n" + "\n".join(f"  {PROG} {e}" for e in examples)
    p = sub.add_parser(name, help=summary, description=summary[0].upper() + summary[1:] + ".", epilog=epilog,
                       **kwargs)
    p.add_argument("-q", "--quiet", action="store_true", default=argparse.SUPPRESS,
                   help="no progress bar and no notes on stderr")
    p.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                   help="show the traceback of an internal failure")
    return p


def _text(text: str) -> str:
    if len(text) > MAX_ARGUMENT:
        raise argparse.ArgumentTypeError(f"a value of {len(text)} characters (at most {MAX_ARGUMENT})")
    return text


def _whole(text: str) -> int:
    """An exact whole number from ``"12"``, ``"1e6"`` or ``"1_000"``; exponents stay small."""
    _text(text)
    try:
        value = Decimal(text.strip().replace("_", ""))
    except InvalidOperation:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not value.is_finite():
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
    if value and value.adjusted() > 40:  # zero at any power of ten is 0
        raise argparse.ArgumentTypeError(f"{text!r} is far too large")
    if value != value.to_integral_value():
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
    return int(value)


def integer_arg(low: int | None = None, high: int | None = None, what: str = "", high_text: str = ""
                ) -> Callable[[str], int]:
    """An argument type: a whole number in ``[low, high]`` (``high_text`` names a large ``high``)."""

    def parse(text: str) -> int:
        value = _whole(text)
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"{low}..{high_text or high}" if high is not None else f">= {low}"
            raise argparse.ArgumentTypeError(f"{what or 'the value'} must be {span}, not {text}")
        return value

    parse.__name__ = "whole number"
    return parse


digits_arg = integer_arg(1, MAX_DIGITS, "--digits")


def probability_text(text: str) -> str:
    """A probability as typed, checked for size: finite, and no exponent beyond :data:`~limits.checks.MAX_EXPONENT`.

    Its value is read (exactly) and judged by the library.
    """
    _text(text)
    for part in text.split("/", 1):
        try:
            value = Decimal(part.strip())
        except InvalidOperation:
            continue  # not a decimal: the library says what is wrong with it
        if not value.is_finite():
            raise argparse.ArgumentTypeError(f"not a finite probability: {text!r}")
        if abs(value.adjusted()) > MAX_EXPONENT:
            raise argparse.ArgumentTypeError(f"{text!r} has a power of ten beyond 10^{MAX_EXPONENT}")
    return text


def exact_digits_arg(text: str) -> int | None:
    """``all`` or a number of digits: how large an exact fraction is still written out."""
    if text == "all":
        return None
    return integer_arg(1, None, "--exact-digits")(text)


def delta_arg(text: str) -> Any:
    if text == "all":
        return "all"
    try:
        return integer_arg(None, None)(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"not a face or 'all': {text!r}") from None


def add_board_options(p: argparse.ArgumentParser, formats: tuple[str, ...] = ("text", "json", "latex"),
                      digits: int = 15, board: bool = True) -> None:
    """``--board`` (unless a command makes its own boards), ``--rule``, ``--format``, ``--digits`` and
    ``--exact-digits``."""
    if board:
        p.add_argument("--board", default="standard", type=_text, help="standard, althoen, empty, a .toml/.json "
                       "file, or - to read one from stdin (default: standard)")
    p.add_argument("--rule", default="stay", type=_text, help="stay (default, the paper's), bounce or pass")
    p.add_argument("--format", choices=formats, default="text", help="output format (default text)")
    p.add_argument("--digits", type=digits_arg, default=digits,
                   help=f"significant digits of decimals, 1..{MAX_DIGITS} (default {digits})")
    p.add_argument("--exact-digits", type=exact_digits_arg, default=10_000, metavar="N|all",
                   help="write exact fractions of up to N digits, or all of them (default 10000)")


def add_coin_options(p: argparse.ArgumentParser, flip: bool = True) -> None:
    """``--coin``, ``--flip`` (if asked) and ``--die``: the game of a coin command."""
    p.add_argument("--coin", default="1/2", type=probability_text, help="probability of heads (default 1/2)")
    if flip:
        p.add_argument("--flip", default="1/2", type=probability_text, help="flip probability of the random strategies (default 1/2)")
    p.add_argument("--die", default="fair", help="as for duration (default fair)")


def deltas_of(args: argparse.Namespace) -> list[int]:
    return list(range(1, args.faces + 1)) if args.delta == "all" else [args.delta]
