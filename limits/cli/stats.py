"""Counts along the way: ``limits stats`` (chutes, ladders, squares slid, overshoots, visits)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..exact.digits import decimal, ratio
from ..game.counts import COUNTS, Count, CountKind, game_counts
from ..markup.quantities import infinite_quantity, sqrt_quantity, to_json

__all__ = ["register"]

SCHEMA = "limits.stats/1"
MAX_LAW = 100
"""The longest law of a count asked for (its cost grows fast: --law 100 takes half a minute)."""

LABELS = {
    "turns": "turns",
    "chutes": "chutes slid down",
    "ladders": "ladders climbed",
    "squares_down": "squares slid down chutes",
    "squares_up": "squares climbed up ladders",
    "overshoots": "rolls past the last square",
    "last_row": "turns begun on the last row",
}


def register(sub: Any) -> None:
    """Add ``stats`` to the subparsers ``sub``."""
    from .options import add_board_options, add_command, integer_arg

    p = add_command(sub, "stats", "chutes, ladders, squares slid, overshoots and visits in one player's game",
                    ["stats", "stats --square 80 --jump 87 --format json", "stats --format latex > stats.tex"])
    add_board_options(p, digits=6)
    p.add_argument("--die", default="fair", help="as for duration (default fair)")
    p.add_argument("--start", type=integer_arg(), default=0, help="start square (default 0)")
    p.add_argument("--square", type=integer_arg(), action="append", default=[],
                   help="also the chance of visiting this square")
    p.add_argument("--jump", type=integer_arg(), action="append", default=[],
                   help="also the uses of the jump from this square")
    p.add_argument("--law", type=integer_arg(0, MAX_LAW, "--law"), default=10,
                   help=f"P(C = c) for c = 0..this, at most {MAX_LAW} (default 10)")
    p.set_defaults(run=_stats)


def _label(name: str) -> str:
    kind, _, square = name.partition("_") if name.startswith(("visits_", "jump_")) else (name, "", "")
    if kind == "visits":
        return f"visits to square {square}"
    if kind == "jump":
        return f"uses of the jump from {square}"
    return LABELS[name]


def _stats(args: argparse.Namespace) -> str:
    from ..front.game import build_chain
    from ..model.die import parse_die
    from .budget import check_stats
    from .output import board_of

    board, die = board_of(args.board), parse_die(args.die)
    check_stats(board, die)
    chain = build_chain(board, die, args.rule)
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
    result = {"schema": SCHEMA, "board": chain.board.name, "rule": chain.rule.value,
              "die": [ratio(p) for p in chain.die.probabilities], "start": args.start, "counts": out}
    if args.format == "json":
        return json.dumps(result, indent=2)
    if args.format == "latex":
        return _latex(counts)
    return _text(result)


def _text(result: dict[str, Any]) -> str:
    def short(v: Any) -> str:
        return "inf" if v.get("infinite") else v["decimal"]

    rows = [["", "mean", "std", "P(none)"]]
    for name, d in result["counts"].items():
        rows.append([_label(name), short(d["expected"]), d["std"]["decimal"] if "std" in d else "inf",
                     short(d["none"])])
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    die = ", ".join(result["die"])
    lines = [f"board {result['board']}, rule {result['rule']}, die ({die}), one player from square {result['start']}",
             ""]
    lines += [r[0].ljust(widths[0]) + "  " + "  ".join(c.rjust(w) for c, w in zip(r[1:], widths[1:])) for r in rows]
    for name in ("chutes", "ladders"):
        law = result["counts"][name]["law"]
        lines.append("")
        lines.append(f"P({name} = c) for c = 0..{len(law) - 1}:")
        lines.append("  " + "  ".join(short(p) for p in law))
    return "\n".join(lines)


def _latex(counts: Any) -> str:
    from ..markup.latex import tex_decimal, tex_document, tex_number, tex_text

    paras = []
    for answer in counts.answers:
        name = tex_text(_label(answer.count.name))
        if answer.mean is None:
            paras.append(f"{name}: expected number $\\infty$.")
            continue
        paras.append(f"{name}: expected number ${tex_number(answer.mean)} \\approx "
                     f"{tex_decimal(decimal(answer.mean, 6))}$; none at all with probability "
                     f"${tex_number(answer.none)} \\approx {tex_decimal(decimal(answer.none, 6))}$.")
    return tex_document("Counts along one player's game of Chutes \\& Ladders", paras)
