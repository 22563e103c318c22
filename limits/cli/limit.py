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
"""

from __future__ import annotations

import argparse
from typing import Any

from ..checks import MAX_FACES, MAX_TERMS
from .families import add_family_options, check_family, perturbation_of
from .options import add_board_options, add_command, integer_arg
from .output import board_of, emit

__all__ = ["register"]


def _faces_pair(text: str) -> tuple[int, int]:
    """``3,1``: the faces A and B of ``--rates``."""
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"--rates takes two faces A,B, not {text!r}")
    return int(parts[0]), int(parts[1])


def register(sub: Any) -> None:
    """Add ``limit``, ``classify`` and ``derive`` to the subparsers ``sub``."""
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


def _limit(args: argparse.Namespace) -> str:
    check_family(args)
    family = perturbation_of(args, board_of(args.board, args))  # walked once: every answer comes from it
    if args.rates is not None:
        from ..limit.limit_report import Phase

        return emit(args, "limit", Phase(family, family.phase(*args.rates)))
    return emit(args, "limit", family.limit(args.terms))


def _classify(args: argparse.Namespace) -> str:
    from ..limit.perturbed_chain import Perturbation

    family = Perturbation.loaded(board_of(args.board, args), args.delta, rule=args.rule, faces=args.faces)
    return emit(args, "classify", family.classify())


def _derive(args: argparse.Namespace) -> str:
    check_family(args)
    family = perturbation_of(args, board_of(args.board, args))  # walked once: the derivation comes from it
    return emit(args, "derive", family.derive())  # on the paper's game, with what the paper printed beside it
