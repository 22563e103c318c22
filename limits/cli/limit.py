"""The limit of a family as eps -> 0: ``limits limit``, and the walk with P(delta) = 1 and the derivation of the
limit: ``limits classify`` and ``derive``.

``--delta D`` (P(D) -> 1) keeps the loaded die's route where it is feasible:
the exact rational function sigma_D(p), its Laurent expansion and the order
explained from the walk's loops. On a board of more than
:data:`~limits.checks.MAX_FUNCTION_STATES` squares it takes the
general explorer's route instead, as ``--delta D --p-to 0`` and ``--at DIE
--toward DIE`` always do: the expansion from the time-scale hierarchy, with no
rational function (the order is still explained from the walk). The JSON's
``route`` and the text say which was taken. Every route adds the variance's
expansion and the law of the game length in the limit
(:class:`~limits.limit.limit_report.Limit`).

``limits sigma``, ``sweep`` and ``optimum`` ask the same family for sigma at a point, over a grid, and where it is
least. ``--delta D`` is the paper's loaded die, ``P(D) = p``; ``--at DIE --toward
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

from ..checks import MAX_FACES, MAX_POINTS, MAX_TERMS, MAX_WORKERS
from ..cost import optimum as optimum_cost
from ..model.die import as_probability
from ..model.rules import as_rule
from .families import add_family_options, check_family, is_family, perturbation_of
from .options import UsageError, add_board_options, add_command, deltas_of, integer_arg, probability_text
from .output import board_of, emit, progress

__all__ = ["register"]


def _faces_pair(text: str) -> tuple[int, int]:
    """``3,1``: the faces A and B of ``--rates``."""
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"--rates takes two faces A,B, not {text!r}")
    return int(parts[0]), int(parts[1])


def register(sub: Any) -> None:
    """Add ``limit``, ``classify``, ``derive``, ``sigma``, ``sweep`` and ``optimum`` to the subparsers ``sub``."""
    lim = add_command(sub, "limit", "sigma as eps -> 0 for a family of dice: Laurent expansions, why, and the law",
                      ["limit --delta 5", "limit --delta 3 --terms 6 --format json", "limit --delta 5 --format latex",
                       "limit --delta 1 --p-to 0", "limit --at 0,1/2,0,0,1/2,0 --toward 1/4,0,1/4,1/4,0,1/4",
                       "limit --at 0,0,0,1,0,0 --toward 0,0,0,0,0,1",
                       'limit --die-of-eps "eps^2, 0, eps^(1/2), 0, 1 - eps^(1/2) - eps^2, 0"',
                       "limit --delta 5 --rates 3,1"])
    add_board_options(lim)
    add_family_options(lim, speeds=True)
    lim.add_argument("--rates", metavar="A,B", type=_faces_pair,
                     help="with --delta: the phase diagram of sigma's order when faces A and B have probabilities "
                          "eps^a and eps^b and the loaded face the rest, over the rates (a, b)")
    lim.add_argument("--terms", type=integer_arg(1, MAX_TERMS, "--terms"), default=4,
                     help=f"Laurent coefficients to give, 1..{MAX_TERMS} (default 4)")
    lim.set_defaults(run=_limit)

    cl = add_command(sub, "classify", "loops, on-ramps and the win path of the walk with P(delta) = 1",
                     ["classify --delta 5", "classify --delta 3 --rule bounce --format json",
                      "classify --delta 5 --format latex > walk5.tex"])
    add_board_options(cl, ("text", "json", "latex"))
    cl.add_argument("--delta", required=True, type=integer_arg(), help="the face always rolled")
    cl.add_argument("--faces", type=integer_arg(2, MAX_FACES, "--faces"), default=6,
                    help=f"faces of the die, 2..{MAX_FACES} (default 6)")
    cl.set_defaults(run=_classify)

    dv = add_command(sub, "derive", "the limit of sigma for a family, derived step by step from its time scales",
                     ["derive --delta 5", "derive --delta 4 --format latex > derive4.tex",
                      "derive --delta 5 --format json", "derive --delta 1 --p-to 0",
                      "derive --at 0,1/2,0,0,1/2,0 --toward 1/4,0,1/4,1/4,0,1/4"])
    add_board_options(dv, ("text", "json", "latex"))
    add_family_options(dv)
    dv.set_defaults(run=_derive)

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


def _limit(args: argparse.Namespace) -> str:
    check_family(args)
    family = perturbation_of(args, board_of(args))  # walked once: every answer comes from it
    if args.rates is not None:
        from ..limit.limit_report import Phase

        return emit(args, "limit", Phase(family, family.phase(*args.rates)))
    return emit(args, "limit", family.limit(args.terms))


def _classify(args: argparse.Namespace) -> str:
    from ..limit.perturbed_chain import Perturbation

    family = Perturbation.loaded(board_of(args), args.delta, rule=args.rule, faces=args.faces)
    return emit(args, "classify", family.classify())


def _derive(args: argparse.Namespace) -> str:
    check_family(args)
    family = perturbation_of(args, board_of(args))  # walked once: the derivation comes from it
    return emit(args, "derive", family.derive())  # on the paper's game, with what the paper printed beside it


def _sigma(args: argparse.Namespace) -> str:
    from ..limit.value_reports import point_value

    check_family(args)
    if (args.p is None) == (args.eps is None):
        raise UsageError("give --p (with --delta) or --eps" if args.p is None else "give --p or --eps, not both")
    if is_family(args) and args.p is not None:
        raise UsageError("--p goes with --delta; a family --at/--toward takes --eps")
    if args.p is not None and args.p_to != 1:
        raise UsageError("--p-to goes with --eps (--p names P(delta) itself)")
    family = perturbation_of(args, board_of(args))  # walked once: every answer comes from it
    eps = family.eps_of(args.p) if args.p is not None else as_probability(args.eps)  # text: a Fraction
    return emit(args, "sigma", point_value(family, eps, by_p=args.p is not None, digits=args.digits))


def _sweep(args: argparse.Namespace) -> str:
    from ..limit.sweep import grid, sweep
    from ..limit.value_reports import family_grid, loaded_grid

    check_family(args)
    board = board_of(args)
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
    board = board_of(args)
    if is_family(args):
        return emit(args, "optimum", optima([perturbation_of(args, board)], args.digits, family=True))
    deltas = deltas_of(args)  # the optima's cost, refused before the families are built (each walks the board)
    optimum_cost(board.size - len(board.jumps), args.faces, len(deltas), args.digits).check()
    return emit(args, "optimum", optima([perturbation_of(args, board, d) for d in deltas], args.digits))
