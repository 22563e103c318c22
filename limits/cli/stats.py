"""Counts along the way: ``limits stats`` (chutes, ladders, squares slid, overshoots, visits)."""

from __future__ import annotations

import argparse
from typing import Any

from ..checks import MAX_LAW_SHOWN
from ..cost import counts as counts_cost
from ..game.counts import COUNTS, Count, CountKind, game_counts
from ..model.die import parse_die
from .output import board_of, checked_game, emit

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add ``stats`` to the subparsers ``sub``."""
    from .options import add_board_options, add_command, integer_arg

    p = add_command(sub, "stats", "chutes, ladders, squares slid, overshoots and visits in one player's game",
                    ["stats", "stats --square 80 --jump 87 --format json", "stats --format latex > stats.tex"])
    add_board_options(p, digits=6)
    p.add_argument("--die", default="fair", help="as for duration (default fair)")
    p.add_argument("--start", type=integer_arg(), default=0, help="start square (default 0)")
    p.add_argument("--square", type=integer_arg(), action="append", default=[],
                   help="also the chance of visiting this square; repeat it for more")
    p.add_argument("--jump", type=integer_arg(), action="append", default=[],
                   help="also the uses of the jump from this square; repeat it for more")
    p.add_argument("--law", type=integer_arg(0, MAX_LAW_SHOWN, "--law"), default=10,
                   help=f"P(C = c) for c = 0..this, at most {MAX_LAW_SHOWN} (default 10)")
    p.set_defaults(run=_stats)


def _stats(args: argparse.Namespace) -> str:
    chain = checked_game(args, board_of(args.board, args), parse_die(args.die), counts_cost)
    extra = tuple(Count(CountKind.VISITS, v) for v in args.square) + tuple(Count(CountKind.JUMP, a) for a in args.jump)
    return emit(args, "stats", game_counts(chain, args.start, COUNTS + extra, law_upto=args.law))
