"""Racing: ``limits race`` (two coin policies against each other, and the head-to-head table)."""

from __future__ import annotations

import argparse
from typing import Any

from ..model.die import parse_die
from .options import add_board_options, add_coin_options, add_command, integer_arg
from .output import board_of, emit, progress

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add ``race`` to the subparsers ``sub``."""
    p = add_command(sub, "race", "two players racing with coin policies: who wins, exactly or certified",
                    ["race --first win --second win", "race --first win --second length --format json",
                     "race --first 6 --second never --coin 0.6", "race --table",
                     "race --table --policies never,length,win --rule bounce"])
    add_board_options(p, ("text", "json", "latex"), digits=12)
    add_coin_options(p)
    p.add_argument("--start", type=integer_arg(), default=0, help="where both players start (default 0)")
    p.add_argument("--first", default="win", help="the first seat's policy: never, -1..6, length or win (default win)")
    p.add_argument("--second", default="win", help="the second seat's policy (default win)")
    p.add_argument("--exact", action="store_true",
                   help="exact fractions even from the chain of both positions (about a minute a value on the "
                        "paper's board)")
    p.add_argument("--table", action="store_true", help="every policy in each seat against every one in the other")
    p.add_argument("--policies", default="never,-1,1,2,3,4,5,6,length,win",
                   help="the policies of --table, comma-separated (default never,-1,1,2,3,4,5,6,length,win)")
    p.set_defaults(run=_race)


def _check_size(args: argparse.Namespace, board: Any, die: Any) -> None:
    """Refuse a race with ``win`` whose chain of both positions is past its limit before the game is built (the
    squares the die alone reaches from the start are fewer than the game's: a lower bound, refused on sure
    ground), as :func:`limits.race.race.race` refuses it after."""
    from ..checks import MAX_EXACT_RACE_STATES, MAX_RACE_STATES, start_square
    from ..errors import TooLargeError
    from ..model.reach import reached_squares

    origin = board.land(start_square(args.start, board.size))
    squares = int((reached_squares(board, die.faces, args.rule, origin) != board.size).sum())
    limit, name = (MAX_EXACT_RACE_STATES, "MAX_EXACT_RACE_STATES") if args.exact else (MAX_RACE_STATES,
                                                                                         "MAX_RACE_STATES")
    if origin != board.size and 2 * squares**2 > limit:
        raise TooLargeError(f"a race with win{'' if args.exact else ', or its certified values,'} on this board "
                            f"would need the chain of both positions, at least {2 * squares**2} states; the limit "
                            f"{name} is {limit}")


def _race(args: argparse.Namespace) -> str:
    from ..model.build import build_chain
    from ..race.policies import policy_name

    board, die = board_of(args.board, args), parse_die(args.die)
    names = [policy_name(p) for p in (args.policies.split(",") if args.table else (args.first, args.second))]
    if "win" in names:
        _check_size(args, board, die)
    # with a policy (never flipping) the coin's flips count among the moves: a board only the coin can win races
    game = build_chain(board, die, args.rule, start=args.start, policy=0, coin=args.coin)
    options = dict(flip=args.flip, digits=args.digits, exact=args.exact)
    if args.table:
        with progress(args, len(names) ** 2, "race") as bar:
            result = game.race_table(names, progress=bar, **options)
    else:
        result = game.race(args.first, args.second, **options)
    return emit(args, "race", result)
