"""A loaded die: ``limits limit``, ``sigma``, ``sweep`` and ``optimum``."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..exact.digits import decimal, ratio
from ..model.board_files import resolve_board
from .options import (
    add_board_options,
    add_loaded_options,
    deltas_of,
    nonnegative_int,
    short_decimal,
)


def register(sub: Any) -> None:
    """Add the commands of this module to the subparsers ``sub``."""
    lim = sub.add_parser("limit", help="sigma_delta(p) as p -> 1: Laurent expansion and why it diverges")
    add_board_options(lim)
    add_loaded_options(lim)
    lim.add_argument("--terms", type=nonnegative_int, default=4, help="Laurent coefficients to give (default 4)")
    lim.set_defaults(run=_limit)

    sig = sub.add_parser("sigma", help="sigma at an exact P(delta), every printed digit certified")
    add_board_options(sig, ("text", "json"), digits=20)
    add_loaded_options(sig)
    sig.add_argument("--p", required=True, help="P(delta), an exact decimal or fraction in [0, 1]")
    sig.set_defaults(run=_sigma)

    sw = sub.add_parser("sweep", help="sigma_delta(p) over a grid of p")
    add_board_options(sw, ("text", "json"), digits=10)
    add_loaded_options(sw, all_allowed=True)
    sw.add_argument("--from", dest="low", default="0", help="first p (default 0)")
    sw.add_argument("--to", dest="high", default="1", help="last p (default 1)")
    sw.add_argument("--points", type=int, default=11, help="number of points (default 11)")
    sw.add_argument("--workers", type=int, default=1, help="processes to spread the faces over (default 1)")
    sw.set_defaults(run=_sweep)

    opt = sub.add_parser("optimum", help="the P(delta) that makes the game shortest")
    add_board_options(opt, ("text", "json"), digits=30)
    add_loaded_options(opt, all_allowed=True)
    opt.set_defaults(run=_optimum)


def _limit(args: argparse.Namespace) -> str:
    import sympy

    from ..limit.order import explain_order
    from ..limit.rational_sigma import sigma_function

    board = resolve_board(args.board)
    f = sigma_function(board, args.delta, rule=args.rule, faces=args.faces, start=args.start)
    expl = explain_order(board, args.delta, rule=args.rule, faces=args.faces, start=args.start)
    series = f.laurent(max(args.terms, 1))
    limit = series.limit
    result = {
        "delta": args.delta,
        "start": args.start,
        "order": series.order,
        "leading_coefficient": ratio(series.leading_coefficient),
        "limit": "inf" if limit == float("inf") else ratio(limit),
        "limit_decimal": "inf" if limit == float("inf") else decimal(limit, args.digits),
        "coefficients": [[j, ratio(a)] for j, a in series.coefficients],
        "rational_function": {"numerator": [str(c) for c in f.numerator],
                              "denominator": [str(c) for c in f.denominator]},
        "explanation": {
            "order": expl.order,
            "simple_order": expl.simple_order,
            "loops": [{"kind": lp.kind, "squares": list(lp.squares), "enter": lp.enter, "leave": lp.leave}
                      for lp in expl.loops],
            "cost_to_goal": expl.cost_to_goal,
            "cheapest_root": expl.cheapest_root,
            "cost_at_root": expl.cost_at_root,
            "text": expl.text(),
        },
    }
    if args.format == "json":
        return json.dumps(result, indent=2)
    eps = sympy.Symbol("epsilon")
    expansion = sum(sympy.Rational(a.numerator, a.denominator) * eps**j for j, a in series.coefficients)
    if args.format == "latex":
        p = sympy.Symbol("p")
        return "\n".join([
            r"\begin{align*}",
            rf"\sigma_{{{args.delta}}}(p) &= {sympy.latex(f.to_sympy(p))}\\",
            rf"\sigma_{{{args.delta}}}(1-\varepsilon) &= {sympy.latex(expansion)} + O(\varepsilon^{{{args.terms - series.order}}})",
            r"\end{align*}",
        ])
    shown = result["limit_decimal"] + ("" if result["limit"] == result["limit_decimal"] else f" = {result['limit']}")
    head = (f"sigma_{args.delta} has a finite limit {shown} as P({args.delta}) -> 1"
            if series.order == 0 else
            f"sigma_{args.delta} diverges like {result['leading_coefficient']} * eps^-{series.order} as P({args.delta}) = 1 - eps -> 1")
    lines = [head, f"expansion: {expansion} + O(eps^{args.terms - series.order})", expl.text()]
    return "\n".join(lines)


def _sigma(args: argparse.Namespace) -> str:
    from ..limit.certified_value import sigma_at
    from ..limit.state_reduction import gth_weighted

    board = resolve_board(args.board)
    v = sigma_at(board, args.delta, args.p, rule=args.rule, faces=args.faces, start=args.start,
                 digits=max(args.digits, 1))
    gth = None
    if 0 < v.p:
        gth = gth_weighted(board, args.delta, float(1 - v.p), rule=args.rule, faces=args.faces,
                           start=args.start) if v.p < 1 else None
    result = {
        "delta": args.delta,
        "p": ratio(v.p),
        "start": args.start,
        "expected_turns": {"exact": ratio(v.exact), "decimal": v.decimal, "certain_digits": v.certain_digits},
        "enclosure": {"lower": decimal(v.enclosure.lower, v.certain_digits + 5),
                      "upper": decimal(v.enclosure.upper, v.certain_digits + 5),
                      "certain_digits": v.enclosure.certain_digits(), "bits": v.enclosure_bits},
        "mpmath": {"decimal": v.mpmath, "dps": v.mpmath_dps},
        "float64_state_reduction": None if gth is None else repr(gth),
    }
    if args.format == "json":
        return json.dumps(result, indent=2)
    lines = [f"sigma_{args.delta} at P({args.delta}) = {args.p}: {v.decimal}   ({v.certain_digits} digits, all certain)"]
    if v.enclosure_bits:
        lines.append(f"  interval arithmetic ({v.enclosure_bits} bits): [{result['enclosure']['lower']}, "
                     f"{result['enclosure']['upper']}]")
        lines.append(f"  mpmath at {v.mpmath_dps} digits: {v.mpmath}")
    if gth is not None:
        lines.append(f"  float64 state reduction: {gth!r}")
    return "\n".join(lines)


def _sweep(args: argparse.Namespace) -> str:
    from ..limit.sweep import grid, sweep

    board = resolve_board(args.board)
    ps = grid(args.low, args.high, args.points)
    deltas = deltas_of(args)
    if args.workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            result = sweep(board, deltas, ps, rule=args.rule, faces=args.faces, start=args.start, executor=pool)
    else:
        result = sweep(board, deltas, ps, rule=args.rule, faces=args.faces, start=args.start)

    def show(x: float) -> str:
        return "inf" if x == float("inf") else decimal(x, args.digits)

    if args.format == "json":
        return json.dumps({"p": [ratio(p) for p in ps],
                           "sigma": {str(d): [show(x) for x in result.values[d]] for d in deltas}}, indent=2)
    lines = ["p".ljust(14) + "".join(f"delta={d}".rjust(18) for d in deltas)]
    for i, p in enumerate(ps):
        lines.append(decimal(p, 10).ljust(14) + "".join(show(result.values[d][i]).rjust(18) for d in deltas))
    return "\n".join(lines)


def _optimum(args: argparse.Namespace) -> str:
    from ..limit.best_loading import optimum

    board = resolve_board(args.board)
    rows = []
    for d in deltas_of(args):
        o = optimum(board, d, rule=args.rule, faces=args.faces, start=args.start, digits=max(args.digits, 1))
        rows.append({
            "delta": d, "p": o.p, "expected_turns": o.sigma, "interior": o.interior,
            "at_zero": "inf" if o.at_zero == float("inf") else ratio(o.at_zero),
            "at_one": "inf" if o.at_one == float("inf") else ratio(o.at_one),
        })
    if args.format == "json":
        return json.dumps(rows if args.delta == "all" else rows[0], indent=2)
    lines = []
    for r in rows:
        where = f"at p = {r['p']}" if r["interior"] else f"approached as p -> {r['p']} (no interior minimum)"
        lines.append(f"delta={r['delta']}: least sigma {r['expected_turns']} {where}; "
                     f"sigma(0) = {short_decimal(r['at_zero'])}, sigma(1) = {short_decimal(r['at_one'])}")
    return "\n".join(lines)
