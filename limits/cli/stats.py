"""Counts along the way: ``limits stats`` (chutes, ladders, squares slid, overshoots, visits)."""

from __future__ import annotations

import argparse
from typing import Any

from ..checks import MAX_LAW_SHOWN
from ..exact.digits import ratio
from ..game.counts import COUNTS, Count, CountKind, game_counts
from ..markup.quantities import infinite_quantity, quantity_text, sqrt_quantity, to_json
from ..model.build import build_chain
from ..model.die import parse_die
from .output import board_of, render

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add ``stats`` to the subparsers ``sub``."""
    from .options import add_board_options, add_command, integer_arg

    p = add_command(sub, "stats", "chutes, ladders, squares slid, overshoots and visits in one player's game",
                    ["stats", "stats --square 80 --jump 87 --format json", "stats --format latex > stats.tex"])
    add_board_options(p, digits=6)
    p.add_argument("--die", default="fair", help="as for duration (default fair)")
    p.add_argument("--start", type=integer_arg(), default=0, help="start square (default 0)")
    p.add_argument("--square", type=integer_arg(), action="append", default=[],
                   help="also the chance of visiting this square; repeat it for more")
    p.add_argument("--jump", type=integer_arg(), action="append", default=[],
                   help="also the uses of the jump from this square; repeat it for more")
    p.add_argument("--law", type=integer_arg(0, MAX_LAW_SHOWN, "--law"), default=10,
                   help=f"P(C = c) for c = 0..this, at most {MAX_LAW_SHOWN} (default 10)")
    p.set_defaults(run=_stats)


def _label(name: str) -> str:
    kind, _, square = name.partition("_") if name.startswith(("visits_", "jump_")) else (name, "", "")
    return Count(CountKind(kind), int(square) if square else None).label


def _stats(args: argparse.Namespace) -> str:
    from .budget import check_stats

    board, die = board_of(args.board, args), parse_die(args.die)
    check_stats(board, die)
    chain = build_chain(board, die, args.rule, start=args.start)
    extra = tuple(Count(CountKind.VISITS, v) for v in args.square) + tuple(Count(CountKind.JUMP, a) for a in args.jump)
    counts = game_counts(chain, args.start, COUNTS + extra, law_upto=min(args.law, 1000))
    digits = max(args.digits, 1)
    out: dict[str, Any] = {}
    for answer in counts.answers:
        plain = answer.to_dict()
        trap = plain.pop("trap")
        data = {"expected" if k == "mean" else k: v for k, v in plain.items()}  # "mean" is kept for sample means
        for key in ("expected", "variance"):
            data[key] = (to_json(data[key], digits, args.exact_digits) if data[key] is not None else
                         infinite_quantity("the player can be trapped in a loop where this count grows", trap or ()))
        if answer.variance is not None:
            data["std"] = sqrt_quantity(answer.variance, digits)
        for key in ("none", "at_least_one", "law"):
            data[key] = to_json(data[key], digits, args.exact_digits)
        out[answer.count.name] = data
    result = {"board": chain.board.name, "rule": chain.rule.value,
              "die": [ratio(p) for p in chain.die.probabilities], "start": args.start, "counts": out}
    return render(args, "stats", result, _text, lambda r: _latex(counts))


def _text(result: dict[str, Any]) -> str:
    rows = [["", "mean", "std", "P(none)"]]
    for name, d in result["counts"].items():
        rows.append([_label(name), quantity_text(d["expected"]), d["std"]["decimal"] if "std" in d else "inf",
                     quantity_text(d["none"])])
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = [f"one player's game from square {result['start']}", ""]
    lines += [r[0].ljust(widths[0]) + "  " + "  ".join(c.rjust(w) for c, w in zip(r[1:], widths[1:])) for r in rows]
    for name in ("chutes", "ladders"):
        law = result["counts"][name]["law"]
        lines.append("")
        lines.append(f"P({name} = c) for c = 0..{len(law) - 1}:")
        lines.append("  " + "  ".join(quantity_text(p) for p in law))
    return "\n".join(lines)


def _latex(counts: Any) -> str:
    from ..markup.latex import tex_document, tex_text
    from ..markup.quantities import exact_quantity
    from .latex_out import relation_math

    paras = []
    for answer in counts.answers:
        name = tex_text(_label(answer.count.name))
        if answer.mean is None:
            paras.append(f"{name}: expected number $\\infty$.")
            continue
        paras.append(f"{name}: expected number ${relation_math(exact_quantity(answer.mean, 6))}$; none at all with "
                     f"probability ${relation_math(exact_quantity(answer.none, 6))}$.")
    return tex_document("Counts along one player's game of Chutes \\& Ladders", paras)
