"""The coin: ``limits strategies``, ``optimal`` and ``simulate``."""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from ..errors import LimitsError
from ..exact.digits import decimal, ratio
from ..game.chain import build_chain
from ..model.board_files import resolve_board
from ..model.die import parse_die
from .options import (
    add_board_options,
    add_coin_options,
    count_arg,
    exact_json,
    progress_bar,
)


def register(sub: Any) -> None:
    """Add the commands of this module to the subparsers ``sub``."""
    st = sub.add_parser("strategies", help="exact expected length of the paper's coin strategies -1..6")
    add_board_options(st, ("text", "json"))
    add_coin_options(st)
    st.set_defaults(run=_strategies)

    op = sub.add_parser("optimal", help="the best (or worst) way to use the coin, exactly")
    add_board_options(op, ("text", "json"))
    add_coin_options(op, flip=False)
    op.add_argument("--maximise", "--maximize", action="store_true", help="make the game as long as possible")
    op.set_defaults(run=_optimal)

    sm = sub.add_parser("simulate", help="Monte Carlo games, fast")
    add_board_options(sm, ("text", "json"), digits=8)
    add_coin_options(sm)
    sm.add_argument("--die", default="fair", help="as for duration (default fair)")
    sm.add_argument("--games", type=count_arg, default=1_000_000, help="games to play (default 1e6)")
    sm.add_argument("--seed", type=int, default=None, help="seed of the generator (default: fresh)")
    sm.add_argument("--strategy", default="0", help="coin strategy -1..6, or 'optimal' (default 0: no coin)")
    sm.add_argument("--workers", type=int, default=2, help="threads (default 2)")
    sm.add_argument("--max-turns", type=count_arg, default=100_000, help="stop a game after this many turns")
    sm.set_defaults(run=_simulate)


def _strategies(args: argparse.Namespace) -> str:
    from ..coin.rule import policy_chain
    from ..coin.strategies import all_strategies
    from ..model.board import Board
    from ..model.die import fair

    board = resolve_board(args.board)
    rows = []
    for strat in all_strategies(board, flip=args.flip):
        sigma = policy_chain(board, fair(), strat, coin=args.coin, rule=args.rule).expected_duration()
        rows.append({"id": strat.id, "name": strat.name, "expected_turns": exact_json(sigma, args.digits)})
    no_chutes = build_chain(Board(board.size, board.ladders, name="no chutes"), fair(), args.rule).expected_duration()
    if args.format == "json":
        return json.dumps({"strategies": rows, "no_chutes_board": exact_json(no_chutes, args.digits)}, indent=2)
    lines = [f"{r['id']:>3}  {r['expected_turns']['decimal']:<20} {r['name']}" for r in rows]
    lines.append(f"     {decimal(no_chutes, args.digits):<20} the base game on this board with every chute removed")
    return "\n".join(lines)


def _optimal(args: argparse.Namespace) -> str:
    from ..coin.best_policy import optimal_policy
    from ..display.grids import flip_grid
    from ..model.die import fair

    board = resolve_board(args.board)
    o = optimal_policy(board, fair(), coin=args.coin, rule=args.rule, maximise=args.maximise)
    flips = list(o.flip_squares())
    if o.unbounded is not None:
        turns: dict[str, Any] = {"exact": "inf", "decimal": "inf", "reason": o.unbounded.reason()}
    else:
        turns = exact_json(o.expected_turns, args.digits)
    if args.format == "json":
        return json.dumps({
            "maximise": args.maximise,
            "expected_turns": turns,
            "flip": flips,
            "decisions": [{"start": s, "roll": r, "flip": f} for (s, r), f in sorted(o.decisions.items())],
            "remaining": {str(s): ("inf" if v == float("inf") else ratio(v)) for s, v in sorted(o.remaining.items())},
        }, indent=2)
    what = "longest" if args.maximise else "shortest"
    head = (f"{what} game: expected turns {turns['decimal']}" + (f" ({turns['reason']})" if "reason" in turns else "")
            + f"\nflip on landing on: {', '.join(map(str, flips)) or 'never'}")
    return head + "\n\n" + flip_grid(board, set(flips))


def _simulate(args: argparse.Namespace) -> str:
    from ..coin.best_policy import optimal_policy
    from ..coin.simulate import simulate
    from ..coin.strategies import strategy

    board = resolve_board(args.board)
    die = parse_die(args.die)
    if args.strategy == "optimal":
        policy = optimal_policy(board, die, coin=args.coin, rule=args.rule).as_strategy()
    else:
        try:
            k = int(args.strategy)
        except ValueError:
            raise LimitsError(f"unknown strategy {args.strategy!r} (-1..6 or optimal)") from None
        policy = None if k == 0 else strategy(k, board, flip=args.flip)
    bar = progress_bar() if sys.stderr.isatty() else None
    sim = simulate(board, die, games=args.games, seed=args.seed, rule=args.rule, policy=policy, coin=args.coin,
                   workers=args.workers, max_turns=args.max_turns, progress=bar)
    if bar is not None:
        print(file=sys.stderr)
    lo, hi = sim.ci(0.95)
    result = {
        "games": sim.games,
        "finished": sim.finished,
        "unfinished": sim.unfinished,
        "mean": decimal(sim.mean, args.digits),
        "ci95": [decimal(lo, args.digits), decimal(hi, args.digits)],
        "std": decimal(math.sqrt(sim.variance), args.digits),
        "games_per_second": round(sim.games_per_second),
        "engine": sim.engine,
        "seed": args.seed,
    }
    if args.format == "json":
        return json.dumps(result, indent=2)
    lines = [f"{sim.games} games ({sim.engine}, {result['games_per_second']} games/s): mean {result['mean']} turns, "
             f"95% interval [{result['ci95'][0]}, {result['ci95'][1]}], std {result['std']}"]
    if sim.unfinished:
        lines.append(f"{sim.unfinished} games were still running after {args.max_turns} turns; "
                     "the mean is over the finished games only")
    return "\n".join(lines)
