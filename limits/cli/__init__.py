"""The ``limits`` command line: a thin shell over the library.

Every command prints text, JSON or LaTeX on stdout. Bad input gives one line
on stderr and exit status 2, never a traceback. Each module of this package
registers its commands.
"""

from __future__ import annotations

import sys
from typing import Sequence

from .._identity import __version__
from ..errors import LimitsError
from . import coin, game, loaded, players, report, stats, walk
from .options import PROG, Parser, UsageError

__all__ = ["main"]


def _parser() -> Parser:
    parser = Parser(prog=PROG, description="Chutes & Ladders as an exact Markov chain.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for module in (game, loaded, walk, coin, report):
        module.register(sub)
    players.register(sub)
    stats.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    Examples
    --------
    >>> main(["duration", "--board", "nowhere"])
    2
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help(sys.stderr)
            return 2
        out = args.run(args)
    except UsageError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except LimitsError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    try:
        print(out)
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. `limits duration | head -1`
        return 0
    return 0
