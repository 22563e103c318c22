"""The walk with P(delta) = 1: ``limits classify`` and ``derive``."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..model.board_files import resolve_board
from .options import (
    add_board_options,
)


def register(sub: Any) -> None:
    """Add the commands of this module to the subparsers ``sub``."""
    cl = sub.add_parser("classify", help="loops, on-ramps and the win path of the walk with P(delta) = 1")
    add_board_options(cl, ("text", "json"))
    cl.add_argument("--delta", required=True, type=int, help="the face always rolled")
    cl.add_argument("--faces", type=int, default=6, help="faces of the die (default 6)")
    cl.set_defaults(run=_classify)

    dv = sub.add_parser("derive", help="the collapsed Win/Loop chain and the exact limit of sigma")
    add_board_options(dv, ("text", "latex"))
    dv.add_argument("--delta", required=True, type=int, help="the loaded face")
    dv.add_argument("--faces", type=int, default=6, help="faces of the die (default 6)")
    dv.set_defaults(run=_derive)


def _classify(args: argparse.Namespace) -> str:
    from ..display.grids import board_grid
    from ..limit.walk import classify

    c = classify(resolve_board(args.board), args.delta, rule=args.rule, faces=args.faces)
    if args.format == "json":
        return json.dumps({
            "delta": args.delta,
            "counts": c.counts,
            "loops": [{"kind": lp.kind, "squares": list(lp.squares), "on_ramp": list(lp.on_ramp)} for lp in c.loops],
            "win_path": list(c.win_path),
            "walk_from_start": list(c.walk_from_start),
            "psi": c.psi,
        }, indent=2)
    counts = c.counts
    head = (f"P({args.delta}) = 1 on board {c.board.name}: {counts['c_loop']} squares end in c-loops, "
            f"{counts['f_loop']} in f-loops, {counts['win']} win"
            + (f"; from square 0 the walk wins in psi = {c.psi} turns" if c.psi is not None
               else "; the walk from square 0 never wins"))
    return head + "\n\n" + board_grid(c)


def _derive(args: argparse.Namespace) -> str:
    from ..paper.derivation import derive

    d = derive(resolve_board(args.board), args.delta, rule=args.rule, faces=args.faces)
    return d.latex_document() if args.format == "latex" else d.text()
