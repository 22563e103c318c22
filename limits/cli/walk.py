"""The walk with P(delta) = 1 and the derivation of the limit: ``limits classify`` and ``derive``."""

from __future__ import annotations

import argparse
from typing import Any

from ..checks import MAX_FACES
from .families import add_family_options, check_family, perturbation_of
from .options import add_board_options, add_command, integer_arg
from .output import board_of, emit


def register(sub: Any) -> None:
    """Add the commands of this module to the subparsers ``sub``."""
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


def _classify(args: argparse.Namespace) -> str:
    from ..limit.perturbed_chain import Perturbation

    family = Perturbation.loaded(board_of(args.board, args), args.delta, rule=args.rule, faces=args.faces)
    return emit(args, "classify", family.classify())


def _derive(args: argparse.Namespace) -> str:
    check_family(args)
    family = perturbation_of(args, board_of(args.board, args))  # walked once: the derivation comes from it
    return emit(args, "derive", family.derive())  # on the paper's game, with what the paper printed beside it
