"""The coin: ``limits strategies``, ``optimal``, ``simulate`` and ``race`` (two coin policies against each other, and
the head-to-head table); each result renders itself."""

from __future__ import annotations

import argparse
from typing import Any

from ..checks import MAX_GAME_TURNS, MAX_GAMES, MAX_SEED, MAX_TERMS, MAX_WORKERS
from ..cost import optimal as optimal_cost
from ..cost import simulate as simulate_cost
from ..cost import strategies as strategies_cost
from ..errors import LimitsError
from ..model.die import parse_die
from .families import add_family_options, check_family, is_family, perturbation_of
from .options import UsageError, add_board_options, add_coin_options, add_command, integer_arg
from .output import board_of, checked_game, emit, progress


def register(sub: Any) -> None:
    """Add the commands of this module to the subparsers ``sub``."""
    st = add_command(sub, "strategies", "exact expected length of the paper's coin strategies -1..6",
                     ["strategies", "strategies --coin 0.6 --flip 1/3 --format json", "strategies --die fair:4"])
    add_board_options(st, ("text", "json", "latex"))
    add_coin_options(st)
    st.set_defaults(run=_strategies)

    op = add_command(sub, "optimal", "the best (or worst) way to use the coin, exactly: at one die, in the limit "
                     "of a family (--delta D or --at/--toward), or over p or the coin's bias (--over)",
                     ["optimal", "optimal --maximise --format json", "optimal --rule bounce --coin 0.3",
                      "optimal --die 0.1,0.2,0.3,0.4", "optimal --delta 5 --p-to 1", "optimal --delta 5 --over p",
                      "optimal --over coin --format json"])
    add_board_options(op, ("text", "json", "latex"))
    add_coin_options(op, flip=False)
    op.add_argument("--maximise", "--maximize", action="store_true", help="make the game as long as possible")
    add_family_options(op)
    op.add_argument("--over", choices=("p", "coin"), help="the exact map over p (a family's) or heads (--die)")
    op.add_argument("--terms", type=integer_arg(1, MAX_TERMS, "--terms"), default=3, help="Laurent terms (default 3)")
    op.set_defaults(run=_optimal)

    sm = add_command(sub, "simulate", "Monte Carlo games, fast",
                     ["simulate --games 1e5 --seed 1", "simulate --strategy optimal --games 1e6 --format json"])
    add_board_options(sm, ("text", "json"), digits=8)
    add_coin_options(sm)
    sm.add_argument("--games", type=integer_arg(1, MAX_GAMES, "--games", "1e12"), default=1_000_000,
                    help="games to play, 1..1e12 (default 1e6)")
    sm.add_argument("--seed", type=integer_arg(0, MAX_SEED, "--seed", "2**128-1"), default=None,
                    help="seed of the generator, 0..2**128-1 (default: fresh)")
    sm.add_argument("--strategy", default="0", help="coin strategy -1..6, or 'optimal' (default 0: no coin)")
    sm.add_argument("--workers", type=integer_arg(1, MAX_WORKERS, "--workers"), default=2,
                    help=f"threads, 1..{MAX_WORKERS} (default 2)")
    sm.add_argument("--max-turns", type=integer_arg(1, MAX_GAME_TURNS, "--max-turns"), default=100_000,
                    help=f"stop a game after this many turns, 1..{MAX_GAME_TURNS} (default 1e5)")
    sm.set_defaults(run=_simulate)

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


def _game(args: argparse.Namespace, board: Any, die: Any, *costs: Any, policy: Any = 0) -> Any:
    """The game a coin command asks about, its ``costs`` checked first (:func:`~limits.cli.output.checked_game`);
    with a policy (``0``, never flipping, by default) the coin's flips count among the moves, so a board only the
    coin can win is answered."""
    return checked_game(args, board, die, *costs, policy=policy, coin=args.coin)


def _strategies(args: argparse.Namespace) -> str:
    game = _game(args, board_of(args), parse_die(args.die), strategies_cost)
    return emit(args, "strategies", game.strategies(flip=args.flip))


def _optimal(args: argparse.Namespace) -> str:
    board = board_of(args)
    if args.over is not None or args.delta is not None or is_family(args):
        return _optimal_over(args, board)
    _one_die(args)
    game = _game(args, board, parse_die(args.die), optimal_cost)
    return emit(args, "optimal", game.optimal_policy(maximise=args.maximise))


def _one_die(args: argparse.Namespace) -> None:
    """Refuse a family's options given with one die (they were read as nothing)."""
    for name in ("p_to", "faces"):
        if getattr(args, name, None) is not None:
            raise UsageError(f"--{name.replace('_', '-')} goes with --delta (a family), not with one die")


def _optimal_over(args: argparse.Namespace, board: Any) -> str:
    """The limit policy of a family, or the map over p (a family) or over the coin's chance of heads (a die)."""
    if args.over == "coin":
        if args.delta is not None or is_family(args):
            raise UsageError("--over coin maps one die (--die), not a family")
        _one_die(args)
        result = _game(args, board, parse_die(args.die), optimal_cost).policy_map(maximise=args.maximise)
    else:
        if args.die != "fair":
            raise UsageError("--die goes without a family: give --delta D or --at and --toward, or --over coin")
        args.die = None  # the family's dice are the record's
        check_family(args)
        family = perturbation_of(args, board)
        result = family.policy_map(maximise=args.maximise) if args.over == "p" else \
            family.optimal_policy(maximise=args.maximise, terms=args.terms)
    name = "optimal_limit" if args.over is None else "optimal_map"
    return emit(args, name, result)


def _simulate(args: argparse.Namespace) -> str:
    from ..coin.strategies import strategy

    board = board_of(args)
    die = parse_die(args.die)
    def tables(shape: Any) -> Any:  # the games' tables, refused before the policy is worked out
        return simulate_cost(shape, args.games, args.max_turns, args.workers)

    if args.strategy == "optimal":
        game = _game(args, board, die, tables, optimal_cost)
        game = game.with_policy(game.optimal_policy().as_strategy())
    else:
        try:
            k = int(args.strategy)
        except ValueError:
            raise LimitsError(f"unknown strategy {args.strategy!r} (-1..6 or optimal)") from None
        game = _game(args, board, die, tables, policy=None if k == 0 else strategy(k, board, flip=args.flip))
    with progress(args, args.games, "game") as bar:
        sim = game.simulate(args.games, seed=args.seed, workers=args.workers, max_turns=args.max_turns, progress=bar)
    return emit(args, "simulate", sim)


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

    board, die = board_of(args), parse_die(args.die)
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
