"""Several players: ``limits players`` (a table across the number of players)."""

from __future__ import annotations

import argparse
from typing import Any

from ..cost import exact_moments
from ..cost import players as players_cost
from ..game.players import MAX_PLAYERS
from ..model.die import parse_die
from .options import add_board_options, add_command, integer_arg, probability_text
from .output import board_of, checked_game, emit

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add ``players`` to the subparsers ``sub``."""
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

    chain = checked_game(args, board_of(args.board, args), parse_die(args.die), exact_moments,
                         lambda shape: players_cost(shape, args.digits))
    return emit(args, "players", players_report(chain, args.players, levels=args.quantile or ["0.9"],
                                                rule=args.quantile_rule, digits=args.digits,
                                                exact_seats=args.format != "text"))
