"""A loaded die: ``limits limit``, ``sigma``, ``sweep`` and ``optimum``."""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from ..errors import ConvergenceError, InfiniteExpectationError
from ..markup.latex import tex_decimal, tex_document, tex_number, tex_polynomial, tex_text
from ..markup.quantities import float_quantity, infinite_quantity
from .options import (
    MAX_POINTS,
    MAX_TERMS,
    MAX_WORKERS,
    add_board_options,
    add_command,
    add_loaded_options,
    deltas_of,
    integer_arg,
    probability_text,
)
from .output import board_of, infinite_of, quantity, render
from .progress import progress


def register(sub: Any) -> None:
    """Add the commands of this module to the subparsers ``sub``."""
    lim = add_command(sub, "limit", "sigma_delta(p) as p -> 1: Laurent expansion and why it diverges",
                      ["limit --delta 5", "limit --delta 3 --terms 6 --format json", "limit --delta 5 --format latex"])
    add_board_options(lim)
    add_loaded_options(lim)
    lim.add_argument("--terms", type=integer_arg(1, MAX_TERMS, "--terms"), default=4,
                     help=f"Laurent coefficients to give, 1..{MAX_TERMS} (default 4)")
    lim.set_defaults(run=_limit)

    sig = add_command(sub, "sigma", "sigma at an exact P(delta), every printed digit certified",
                      ["sigma --delta 6 --p 0.99999999999999999999999", "sigma --delta 1 --p 1/3 --digits 40",
                       "sigma --delta 4 --p 0.5 --format json"])
    add_board_options(sig, ("text", "json"), digits=20)
    add_loaded_options(sig)
    sig.add_argument("--p", required=True, type=probability_text, help="P(delta), an exact decimal or fraction in [0, 1]")
    sig.set_defaults(run=_sigma)

    sw = add_command(sub, "sweep", "sigma_delta(p) over a grid of p",
                     ["sweep --delta all", "sweep --delta 6 --from 0.9 --to 0.99 --points 10 --format json"])
    add_board_options(sw, ("text", "json"), digits=10)
    add_loaded_options(sw, all_allowed=True)
    sw.add_argument("--from", dest="low", default="0", type=probability_text, help="first p (default 0)")
    sw.add_argument("--to", dest="high", default="1", type=probability_text, help="last p (default 1)")
    sw.add_argument("--points", type=integer_arg(1, MAX_POINTS, "--points"), default=11,
                    help=f"number of points, 1..{MAX_POINTS} (default 11)")
    sw.add_argument("--workers", type=integer_arg(1, MAX_WORKERS, "--workers"), default=1,
                    help="processes to spread the faces over (default 1)")
    sw.set_defaults(run=_sweep)

    opt = add_command(sub, "optimum", "the P(delta) that makes the game shortest",
                      ["optimum --delta 6", "optimum --delta all --digits 12 --format json"])
    add_board_options(opt, ("text", "json"), digits=30)
    add_loaded_options(opt, all_allowed=True)
    opt.set_defaults(run=_optimum)


def _walk_loop(board: Any, delta: int, args: argparse.Namespace) -> tuple[int, ...]:
    """The loop in which the walk with P(delta) = 1 from the start ends (empty when it wins)."""
    from ..limit.walk import classify

    c = classify(board, delta, rule=args.rule, faces=args.faces)
    walk = c.walk_from_start
    loop = c.loop_of(walk[-1]) if walk else None
    return loop.squares if loop is not None else ()


def _limit(args: argparse.Namespace) -> str:
    from ..limit.order import explain_order
    from ..limit.rational_sigma import sigma_function

    board = board_of(args.board)
    f = sigma_function(board, args.delta, rule=args.rule, faces=args.faces, start=args.start)
    expl = explain_order(board, args.delta, rule=args.rule, faces=args.faces, start=args.start)
    series = f.laurent(args.terms)
    d = args.delta
    if series.order == 0:
        limit = quantity(series.limit, args)
    else:
        loops = [lp.squares for lp in expl.loops]
        limit = infinite_quantity(f"sigma_{d} diverges like {series.leading_coefficient} * eps^-{series.order} "
                                  f"as P({d}) = 1 - eps -> 1", loops[0] if loops else _walk_loop(board, d, args))
    result = {
        "board": board.name, "rule": args.rule, "delta": d, "faces": args.faces, "start": args.start,
        "order": series.order,
        "leading_coefficient": quantity(series.leading_coefficient, args),
        "limit": limit,
        "coefficients": [{"power": j, **quantity(a, args)} for j, a in series.coefficients],
        "rational_function": {"numerator": [str(c) for c in f.numerator],
                              "denominator": [str(c) for c in f.denominator]},
        "explanation": {
            "order": expl.order, "simple_order": expl.simple_order,
            "loops": [{"kind": lp.kind, "squares": list(lp.squares), "enter": lp.enter, "leave": lp.leave}
                      for lp in expl.loops],
            "cost_to_goal": expl.cost_to_goal, "cheapest_root": expl.cheapest_root,
            "cost_at_root": expl.cost_at_root, "text": expl.text(),
        },
    }
    return render(args, "limit", result, _limit_text, _limit_latex)


def _expansion_text(r: dict[str, Any]) -> str:
    terms = []
    for c in r["coefficients"]:
        j, value = c["power"], c["exact"] if c["exact"] is not None else c["decimal"]
        terms.append(f"({value})" + ("" if j == 0 else f"*eps^{j}" if j != 1 else "*eps"))
    return " + ".join(terms) + f" + O(eps^{r['coefficients'][-1]['power'] + 1})"


def _limit_text(r: dict[str, Any]) -> str:
    d = r["delta"]
    lim = r["limit"]
    if not lim.get("infinite"):
        exact = lim.get("exact")
        more = "" if exact in (None, lim["decimal"]) else f" = {exact}"
        head = f"sigma_{d} has a finite limit {lim['decimal']}{more} as P({d}) -> 1"
    else:
        lead = r["leading_coefficient"]
        head = (f"sigma_{d} diverges like {lead.get('exact') or lead['decimal']} * eps^-{r['order']} "
                f"as P({d}) = 1 - eps -> 1")
    return "\n".join([head, f"expansion: {_expansion_text(r)}", r["explanation"]["text"]])


def _limit_latex(r: dict[str, Any]) -> str:
    d = r["delta"]
    num = [int(c) for c in r["rational_function"]["numerator"]]
    den = [int(c) for c in r["rational_function"]["denominator"]]
    terms = []
    for c in r["coefficients"]:
        j = c["power"]
        value = tex_number(Fraction(c["exact"])) if c["exact"] is not None else tex_decimal(c["decimal"])
        terms.append(value if j == 0 else rf"\left({value}\right) \varepsilon^{{{j}}}")
    last = r["coefficients"][-1]["power"] + 1
    paras = [
        f"Board {tex_text(r['board'])}, rule {tex_text(r['rule'])}, start square {r['start']}: "
        f"$\\sigma_{{{d}}}(p) = N(p) / D(p)$, with $P({d}) = p$ and the other faces sharing $1 - p$ equally.",
        f"$N(p) = {tex_polynomial(num)}$.",
        f"$D(p) = {tex_polynomial(den)}$.",
        f"With $p = 1 - \\varepsilon$: $\\sigma_{{{d}}}(1 - \\varepsilon) = "
        + " + ".join(terms) + f" + O(\\varepsilon^{{{last}}})$.",
        tex_text(r["explanation"]["text"]).replace("\n", "\n\n"),
    ]
    return tex_document(f"The expected length as $P({d}) \\to 1$", paras)


def _sigma(args: argparse.Namespace) -> str:
    from ..limit.certified_value import sigma_at
    from ..limit.state_reduction import gth_weighted
    from ..model.die import as_probability

    board = board_of(args.board)
    p = as_probability(args.p)
    result: dict[str, Any] = {"board": board.name, "rule": args.rule, "delta": args.delta, "faces": args.faces,
                              "start": args.start, "p": quantity(p, args) if isinstance(p, Fraction) else p}
    try:
        v = sigma_at(board, args.delta, args.p, rule=args.rule, faces=args.faces, start=args.start,
                     digits=args.digits)
    except InfiniteExpectationError as exc:
        result.update(expected_turns=infinite_of(exc), enclosure=None, mpmath=None, float64_state_reduction=None)
        return render(args, "sigma", result, _sigma_text)
    gth = None
    if 0 < v.p < 1:
        try:  # a cross-check in float64, where float64 can carry eps and the answer
            gth = gth_weighted(board, args.delta, 1 - v.p, rule=args.rule, faces=args.faces, start=args.start)
        except ConvergenceError:
            gth = None
    enclosure = None
    if v.enclosure_bits:
        enclosure = {**quantity(v.enclosure, args), "bits": v.enclosure_bits}
    result.update(
        expected_turns=quantity(v.enclosure if v.exact is None else v.exact, args),
        enclosure=enclosure,
        mpmath=None if not v.mpmath_dps else {"decimal": v.mpmath, "dps": v.mpmath_dps},
        float64_state_reduction=None if gth is None else float_quantity(gth, args.digits),
    )
    return render(args, "sigma", result, _sigma_text)


def _sigma_text(r: dict[str, Any]) -> str:
    d, turns = r["delta"], r["expected_turns"]
    p = r["p"]["exact"] if isinstance(r["p"], dict) else r["p"]
    if turns.get("infinite"):
        return f"sigma_{d} at P({d}) = {p}: inf\n  because {turns['reason']}"
    how = "correctly rounded from the exact value" if "exact" in turns else "certified digits of the enclosure"
    lines = [f"sigma_{d} at P({d}) = {p}: {turns['decimal']}   ({how})"]
    if r["enclosure"] is not None:
        e = r["enclosure"]
        where = f"[{e['lower']}, {e['upper']}]" if "lower" in e else f"exactly {e['decimal']}"
        lines.append(f"  interval arithmetic ({e['bits']} bits): {where}")
    if r["mpmath"] is not None:
        lines.append(f"  mpmath at {r['mpmath']['dps']} digits: {r['mpmath']['decimal']}")
    if r["float64_state_reduction"] is not None:
        lines.append(f"  float64 state reduction: {r['float64_state_reduction']['decimal']}")
    return "\n".join(lines)


def _at(board: Any, delta: int, p: Fraction, value: Any, args: argparse.Namespace) -> dict[str, Any]:
    """sigma at exactly p (an exact value, or ``inf``) as a quantity; an infinite one names the trapping loop."""
    if not (isinstance(value, float) and value == float("inf")):
        return quantity(value, args)
    from ..game.chain import build_chain
    from ..model.die import weighted

    try:
        build_chain(board, weighted(delta, p, args.faces), args.rule).expected_duration(args.start)
    except InfiniteExpectationError as exc:
        return infinite_of(exc)
    return quantity(value, args)


def _sweep(args: argparse.Namespace) -> str:
    from ..limit.sweep import grid, sweep

    board = board_of(args.board)
    ps = grid(args.low, args.high, args.points)
    deltas = deltas_of(args)
    values: dict[int, Any] = {}
    with progress(args, len(deltas), "face") as bar:
        if args.workers > 1 and len(deltas) > 1:
            from concurrent.futures import ProcessPoolExecutor, as_completed

            with ProcessPoolExecutor(max_workers=min(args.workers, len(deltas)), initializer=_quiet_worker) as pool:
                jobs = [pool.submit(sweep, board, [d], ps, rule=args.rule, faces=args.faces, start=args.start)
                        for d in deltas]
                for done, job in enumerate(as_completed(jobs), 1):
                    values.update(job.result().values)
                    if bar is not None:
                        bar(done)
        else:
            for done, d in enumerate(deltas, 1):
                values.update(sweep(board, [d], ps, rule=args.rule, faces=args.faces, start=args.start).values)
                if bar is not None:
                    bar(done)
    result = {"board": board.name, "rule": args.rule, "faces": args.faces, "start": args.start, "deltas": deltas,
              "p": [quantity(p, args) for p in ps],
              "expected_turns": {str(d): [_at(board, d, p, v, args) for p, v in zip(ps, values[d])] for d in deltas}}
    return render(args, "sweep", result, _sweep_text)


def _quiet_worker() -> None:
    """A worker process leaves SIGINT to the command, which stops the pool and says so once."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _sweep_text(r: dict[str, Any]) -> str:
    deltas = r["deltas"]
    width = max([12] + [len(q["decimal"] or "") + 2 for col in r["expected_turns"].values() for q in col])
    pw = max([4] + [len(q["decimal"]) + 2 for q in r["p"]])
    lines = ["p".ljust(pw) + "".join(f"delta={d}".rjust(width) for d in deltas)]
    for i, p in enumerate(r["p"]):
        lines.append(p["decimal"].ljust(pw) + "".join(
            (r["expected_turns"][str(d)][i]["decimal"] or "?").rjust(width) for d in deltas))
    return "\n".join(lines)


def _optimum(args: argparse.Namespace) -> str:
    from ..limit.best_loading import optimum

    board = board_of(args.board)
    rows = []
    for d in deltas_of(args):
        o = optimum(board, d, rule=args.rule, faces=args.faces, start=args.start, digits=args.digits)
        rows.append({
            "delta": d, "p": quantity(o.p_enclosure, args), "expected_turns": quantity(o.sigma_enclosure, args),
            "interior": o.interior,
            "at_zero": _at(board, d, Fraction(0), o.at_zero, args),
            "at_one": _at(board, d, Fraction(1), o.at_one, args),
        })
    result = {"board": board.name, "rule": args.rule, "faces": args.faces, "start": args.start, "optima": rows}
    return render(args, "optimum", result, _optimum_text)


def _optimum_text(r: dict[str, Any]) -> str:
    lines = []
    for row in r["optima"]:
        p = row["p"]["decimal"]
        where = f"at p = {p}" if row["interior"] else f"approached as p -> {p} (no interior minimum)"
        lines.append(f"delta={row['delta']}: least sigma {row['expected_turns']['decimal']} {where}; "
                     f"sigma(0) = {row['at_zero']['decimal']}, sigma(1) = {row['at_one']['decimal']}")
    return "\n".join(lines)
