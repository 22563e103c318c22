"""The game itself: ``limits duration``."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..checks import FLOAT_FROM
from ..model.die import parse_die
from .options import MAX_SURVIVAL, add_board_options, add_command, integer_arg
from .output import board_of, emit


def register(sub: Any) -> None:
    """Add the commands of this module to the subparsers ``sub``."""
    d = add_command(sub, "duration", "expected length, variance and distribution of a game",
                    ["duration", "duration --die weighted:6:0.5 --rule bounce --format json",
                     "duration --players 2 --survival 0", "duration --board myboard.toml --format latex",
                     "duration --board - < board.json"])
    add_board_options(d)
    d.add_argument("--die", default="fair",
                   help="fair, fair:K, weighted:D:P[:K] or p1,p2,... (exact decimals or fractions)")
    d.add_argument("--start", type=integer_arg(), default=0,
                   help="start square (default 0; a jump square moves at once)")
    d.add_argument("--players", type=integer_arg(), default=None,
                   help="also a game of this many players taking turns, 1..8: total spins and rounds (expected, "
                        "variance, median, 90th percentile) and each seat's chance, as limits players gives them")
    d.add_argument("--survival", type=integer_arg(0, MAX_SURVIVAL, "--survival"), default=100,
                   help=f"list P(M) for M = 0..this, at most {MAX_SURVIVAL} (default 100)")
    kind = d.add_mutually_exclusive_group()
    kind.add_argument("--float", action="store_true",
                      help="mean, variance and std in floats only (boards of a million squares in seconds)")
    kind.add_argument("--exact", action="store_true",
                      help=f"exact answers even on boards of {FLOAT_FROM} squares or more (default there: floats)")
    d.set_defaults(run=_duration)


def _duration(args: argparse.Namespace) -> str:
    from ..game.reports import duration_report

    def note(line: str) -> None:
        if not args.quiet:
            print(f"limits: note: {line}", file=sys.stderr)

    engine = "float" if args.float else "exact" if args.exact else "auto"
    result = duration_report(board_of(args.board, args), parse_die(args.die), args.rule, args.start, engine=engine,
                             survival=args.survival, players=args.players, digits=args.digits, note=note)
    return emit(args, "duration", result)
