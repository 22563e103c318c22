"""sigma at a point, over a grid, and at its least: ``limits sigma``, ``sweep`` and ``optimum``.

``--delta D`` is the paper's loaded die, ``P(D) = p``; ``--at DIE --toward
DIE`` is a family ``(1 - eps) AT + eps TOWARD``. Either way the command
builds one family (:class:`~limits.limit.perturbed_chain.Perturbation`), which walks
the board once, and asks it: sigma at an exact p or eps (exact where cheap,
certified always, float64 state reduction beside it), over a grid, and
where it is least.
"""

from __future__ import annotations

import argparse
from contextlib import ExitStack
from typing import Any

from ..cost import optimum as optimum_cost
from ..model.die import as_probability
from ..model.rules import as_rule
from .families import add_family_options, check_family, is_family, perturbation_of
from .options import (
    MAX_POINTS,
    MAX_WORKERS,
    UsageError,
    add_board_options,
    add_command,
    deltas_of,
    integer_arg,
    probability_text,
)
from .output import board_of, emit, progress

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the commands of this module to the subparsers ``sub``."""
    sig = add_command(sub, "sigma", "sigma at an exact P(delta), or at an exact eps of a family, every digit certain",
                      ["sigma --delta 6 --p 0.99999999999999999999999", "sigma --delta 1 --p 1/3 --digits 40",
                       "sigma --delta 4 --p 0.5 --format json", "sigma --delta 1 --p-to 0 --eps 1e-9",
                       "sigma --at 0,1/2,0,0,1/2,0 --toward 1/4,0,1/4,1/4,0,1/4 --eps 1/100"])
    add_board_options(sig, ("text", "json", "latex"), digits=20)
    add_family_options(sig)
    sig.add_argument("--p", type=probability_text, help="with --delta: P(delta), an exact decimal or fraction in [0, 1]")
    sig.add_argument("--eps", type=probability_text,
                     help="instead of --p: eps in [0, 1], exact; with --delta, p = 1 - eps (p = eps with --p-to 0)")
    sig.set_defaults(run=_sigma)

    sw = add_command(sub, "sweep", "sigma over a grid of P(delta), or of eps for a family",
                     ["sweep --delta all", "sweep --delta 6 --from 0.9 --to 0.99 --points 10 --format json",
                      "sweep --at 0,1/2,0,0,1/2,0 --toward 1/4,0,1/4,1/4,0,1/4 --points 5"])
    add_board_options(sw, ("text", "json", "latex"), digits=10)
    add_family_options(sw, all_allowed=True, p_to=False)
    sw.add_argument("--from", dest="low", default="0", type=probability_text,
                    help="first p (with --at: first eps) (default 0)")
    sw.add_argument("--to", dest="high", default="1", type=probability_text,
                    help="last p (with --at: last eps) (default 1)")
    sw.add_argument("--points", type=integer_arg(1, MAX_POINTS, "--points"), default=11,
                    help=f"number of points, 1..{MAX_POINTS} (default 11)")
    sw.add_argument("--workers", type=integer_arg(1, MAX_WORKERS, "--workers"), default=1,
                    help="processes to spread the faces over (default 1)")
    sw.set_defaults(run=_sweep)

    opt = add_command(sub, "optimum", "the P(delta), or the eps of a family, that makes the game shortest",
                      ["optimum --delta 6", "optimum --delta all --digits 12 --format json",
                       "optimum --at 0,1/2,0,0,1/2,0 --toward 1/4,0,1/4,1/4,0,1/4 --digits 10"])
    add_board_options(opt, ("text", "json", "latex"), digits=20)  # as sigma: a numeral a person reads
    add_family_options(opt, all_allowed=True, p_to=False)
    opt.set_defaults(run=_optimum)


def _sigma(args: argparse.Namespace) -> str:
    from ..limit.value_reports import point_value

    check_family(args)
    if (args.p is None) == (args.eps is None):
        raise UsageError("give --p (with --delta) or --eps" if args.p is None else "give --p or --eps, not both")
    if is_family(args) and args.p is not None:
        raise UsageError("--p goes with --delta; a family --at/--toward takes --eps")
    if args.p is not None and args.p_to != 1:
        raise UsageError("--p-to goes with --eps (--p names P(delta) itself)")
    family = perturbation_of(args, board_of(args.board, args))  # walked once: every answer comes from it
    eps = family.eps_of(args.p) if args.p is not None else as_probability(args.eps)  # text: a Fraction
    return emit(args, "sigma", point_value(family, eps, by_p=args.p is not None, digits=args.digits))


def _sweep(args: argparse.Namespace) -> str:
    from ..limit.sweep import grid, sweep
    from ..limit.value_reports import family_grid, loaded_grid

    check_family(args)
    board = board_of(args.board, args)
    ps = grid(args.low, args.high, args.points)
    if is_family(args):
        family = perturbation_of(args, board)
        with progress(args, 1, "grid"):  # one piece of work: the bar times it
            return emit(args, "sweep", family_grid(family, ps))
    deltas = deltas_of(args)
    with progress(args, len(deltas), "face") as bar, ExitStack() as stack:
        pool = None
        if args.workers > 1 and len(deltas) > 1:
            from .interrupts import worker_pool

            pool = stack.enter_context(worker_pool(min(args.workers, len(deltas))))
        values = sweep(board, deltas, ps, rule=args.rule, faces=args.faces, start=args.start, executor=pool,
                       progress=bar)
    return emit(args, "sweep", loaded_grid(values, board, as_rule(args.rule), args.faces, args.start))


def _optimum(args: argparse.Namespace) -> str:
    from ..limit.value_reports import optima

    check_family(args)
    board = board_of(args.board, args)
    if is_family(args):
        return emit(args, "optimum", optima([perturbation_of(args, board)], args.digits, family=True))
    deltas = deltas_of(args)  # the optima's cost, refused before the families are built (each walks the board)
    optimum_cost(board.size - len(board.jumps), args.faces, len(deltas), args.digits).check()
    return emit(args, "optimum", optima([perturbation_of(args, board, d) for d in deltas], args.digits))
