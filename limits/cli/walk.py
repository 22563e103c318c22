"""The walk with P(delta) = 1: ``limits classify`` and ``derive``."""

from __future__ import annotations

import argparse
from typing import Any

from ..markup.latex import tex_document
from .options import add_board_options, add_command, integer_arg
from .output import board_of, render


def register(sub: Any) -> None:
    """Add the commands of this module to the subparsers ``sub``."""
    cl = add_command(sub, "classify", "loops, on-ramps and the win path of the walk with P(delta) = 1",
                     ["classify --delta 5", "classify --delta 3 --rule bounce --format json"])
    add_board_options(cl, ("text", "json"))
    cl.add_argument("--delta", required=True, type=integer_arg(), help="the face always rolled")
    cl.add_argument("--faces", type=integer_arg(1, 1000, "--faces"), default=6, help="faces of the die (default 6)")
    cl.set_defaults(run=_classify)

    dv = add_command(sub, "derive", "the collapsed Win/Loop chain and the exact limit of sigma",
                     ["derive --delta 5", "derive --delta 4 --format latex > derive4.tex",
                      "derive --delta 5 --format json"])
    add_board_options(dv, ("text", "json", "latex"))
    dv.add_argument("--delta", required=True, type=integer_arg(), help="the loaded face")
    dv.add_argument("--faces", type=integer_arg(1, 1000, "--faces"), default=6, help="faces of the die (default 6)")
    dv.set_defaults(run=_derive)


def _classify(args: argparse.Namespace) -> str:
    from ..display.grids import board_grid
    from ..limit.walk import classify

    c = classify(board_of(args.board), args.delta, rule=args.rule, faces=args.faces)
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
    from ..limit.rational_sigma import sigma_function
    from ..markup.quantities import infinite_quantity
    from ..paper.derivation import derive
    from .output import quantity

    board = board_of(args.board)
    d = derive(board, args.delta, rule=args.rule, faces=args.faces)
    result: dict[str, Any] = {"board": board.name, "rule": args.rule, "delta": args.delta, "faces": args.faces,
                              "finite": d.finite}
    if args.format == "json":
        series = sigma_function(board, args.delta, rule=args.rule, faces=args.faces).laurent(1)
        if series.order == 0:
            result["limit"] = quantity(series.limit, args)
        else:
            from .loaded import _walk_loop

            result["limit"] = infinite_quantity(
                f"sigma_{args.delta} diverges like {series.leading_coefficient} * eps^-{series.order}",
                _walk_loop(board, args.delta, args))
        result["steps"] = [{"title": s.title, "statement": s.statement, "justification": s.justification}
                           for s in d.steps]

    def latex(r: dict[str, Any]) -> str:
        title = f"Chutes \\& Ladders with a die loaded on {args.delta}: the limit of the expected length"
        return tex_document(title, [d.latex_body()])

    return render(args, "derive", result, lambda r: d.text(), latex)
