"""One game: ``limits duration``, ``stats`` (chutes, ladders, squares slid, overshoots, visits) and ``players``
(a table across the number of players)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..checks import FLOAT_FROM, MAX_LAW_SHOWN, MAX_SURVIVAL
from ..cost import counts as counts_cost
from ..cost import exact_moments
from ..cost import players as players_cost
from ..game.players import MAX_PLAYERS
from ..model.die import parse_die
from .options import add_board_options, add_command, integer_arg, probability_text
from .output import board_of, checked_game, emit


def register(sub: Any) -> None:
    """Add ``duration``, ``stats`` and ``players`` to the subparsers ``sub``."""
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

    p = add_command(sub, "players", "how long a game of 1..8 players lasts (spins, rounds) and who wins",
                    ["players", "players --players 2 --quantile 0.5 --quantile 0.9",
                     "players --players 1,3,5 --format json"])
    add_board_options(p, ("text", "json", "latex"), digits=6)
    p.add_argument("--die", default="fair", help="as for duration (default fair)")
    p.add_argument("--start", type=integer_arg(), default=0, help="where every player starts (default 0)")
    p.add_argument("--players", default="1..4", type=_player_counts, help="e.g. 2, 1..4 or 1,3,5 (default 1..4)")
    p.add_argument("--quantile", action="append", default=None, type=probability_text,
                   help="a quantile level to show; repeat it for more (--quantile 0.5 --quantile 0.9) (default 0.9)")
    p.add_argument("--quantile-rule", default="lower", choices=("lower", "upper", "midpoint"),
                   help="lower (default): the smallest m with P(M <= m) >= q")
    p.set_defaults(run=_players)


def _duration(args: argparse.Namespace) -> str:
    from ..game.reports import duration_report

    def note(line: str) -> None:
        if not args.quiet:
            print(f"limits: note: {line}", file=sys.stderr)

    engine = "float" if args.float else "exact" if args.exact else "auto"
    result = duration_report(board_of(args), parse_die(args.die), args.rule, args.start, engine=engine,
                             survival=args.survival, players=args.players, digits=args.digits, note=note)
    return emit(args, "duration", result)


def _stats(args: argparse.Namespace) -> str:
    from ..game.counts import COUNTS, Count, CountKind, game_counts

    chain = checked_game(args, board_of(args), parse_die(args.die), counts_cost)
    extra = tuple(Count(CountKind.VISITS, v) for v in args.square) + tuple(Count(CountKind.JUMP, a) for a in args.jump)
    return emit(args, "stats", game_counts(chain, args.start, COUNTS + extra, law_upto=args.law))


def _player_counts(text: str) -> tuple[int, ...]:
    try:
        if ".." in text:
            lo, hi = (int(x) for x in text.split(".."))
            counts = tuple(range(lo, hi + 1))
        else:
            counts = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of players, a range a..b or a list: {text!r}") from None
    if not counts or any(not 1 <= k <= MAX_PLAYERS for k in counts):
        raise argparse.ArgumentTypeError(f"numbers of players lie in 1..{MAX_PLAYERS}: {text!r}")
    return counts


def _players(args: argparse.Namespace) -> str:
    from ..game.players_report import players_report

    chain = checked_game(args, board_of(args), parse_die(args.die), exact_moments,
                         lambda shape: players_cost(shape, args.digits))
    return emit(args, "players", players_report(chain, args.players, levels=args.quantile or ["0.9"],
                                                rule=args.quantile_rule, digits=args.digits,
                                                exact_seats=args.format != "text"))
