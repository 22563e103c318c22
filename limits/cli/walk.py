"""The walk with P(delta) = 1 and the derivation of the limit: ``limits classify`` and ``derive``."""

from __future__ import annotations

import argparse
from typing import Any

from ..checks import MAX_FACES
from .budget import check_family_cost
from .families import (
    add_family_options,
    check_family,
    deepest_loop,
    expansion_json,
    family_json,
    is_family,
    perturbation_of,
    trap_quantity,
)
from .options import add_board_options, add_command, integer_arg
from .output import board_of, render


def register(sub: Any) -> None:
    """Add the commands of this module to the subparsers ``sub``."""
    cl = add_command(sub, "classify", "loops, on-ramps and the win path of the walk with P(delta) = 1",
                     ["classify --delta 5", "classify --delta 3 --rule bounce --format json"])
    add_board_options(cl, ("text", "json"))
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
    from ..display.grids import board_grid
    from ..limit.perturbed_chain import Perturbation

    board = board_of(args.board, args)
    c = Perturbation.loaded(board, args.delta, rule=args.rule, faces=args.faces).classify()
    result = {
        "board": c.board.name, "rule": c.rule.value, "delta": args.delta, "faces": args.faces,
        "counts": c.counts,
        "loops": [{"kind": lp.kind, "squares": list(lp.squares), "on_ramp": list(lp.on_ramp)} for lp in c.loops],
        "win_path": list(c.win_path),
        "walk_from_start": list(c.walk_from_start),
        "psi": c.psi,
    }

    def text(r: dict[str, Any]) -> str:
        counts = r["counts"]
        head = (f"P({args.delta}) = 1 on board {r['board']}: {counts['c_loop']} squares end in c-loops, "
                f"{counts['f_loop']} in f-loops, {counts['win']} win"
                + (f"; from square 0 the walk wins in psi = {r['psi']} turns" if r["psi"] is not None
                   else "; the walk from square 0 never wins"))
        return head + "\n\n" + board_grid(c)

    return render(args, "classify", result, text)


def _derive(args: argparse.Namespace) -> str:
    check_family(args)
    board = board_of(args.board, args)
    check_family_cost(args, board, "derive")
    family = perturbation_of(args, board)  # the board is walked once: the derivation comes from this family
    d = family.derive()  # on the paper's own game, with what the paper printed beside the steps
    loaded = not is_family(args)
    result: dict[str, Any] = {"board": board.name, "rule": family.rule.value, "family": family_json(family),
                              "delta": args.delta if loaded else None, "p_to": args.p_to if loaded else None,
                              "faces": family.faces, "start": args.start, "finite": d.finite}
    if args.format == "json":
        result.update(_derivation_json(family, d, args))

    def latex(r: dict[str, Any]) -> str:
        return d.latex_document()

    return render(args, "derive", result, lambda r: d.text(), latex)


def _derivation_json(family: Any, d: Any, args: argparse.Namespace) -> dict[str, Any]:
    """``limit``, ``order``, ``leading_coefficient`` (from the hierarchy), ``levels``, ``check`` and ``steps``."""
    from ..exact.digits import ratio
    from ..markup.quantities import infinite_quantity, to_json
    from .output import quantity

    steps = [s.to_dict() for s in d.steps]
    if d.trap is not None:
        return {"limit": trap_quantity(family), "order": None, "leading_coefficient": None, "levels": [],
                "check": None, "steps": steps}
    if d.order == 0:
        limit = quantity(d.leading_coefficient, args)
    else:
        limit = infinite_quantity(f"sigma diverges like {ratio(d.leading_coefficient)} * eps^-{d.order} as eps -> 0",
                                  deepest_loop(family.hierarchy()))
    return {"limit": limit, "order": d.order, "leading_coefficient": quantity(d.leading_coefficient, args),
            "levels": to_json(d.levels, args.digits, args.exact_digits),
            "check": None if d.check is None else expansion_json(d.check, args), "steps": steps}
