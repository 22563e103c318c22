"""sigma at a point, over a grid, and at its least: ``limits sigma``, ``sweep`` and ``optimum``.

``--delta D`` is the paper's loaded die, ``P(D) = p``; ``--at DIE --toward
DIE`` is a family ``(1 - eps) AT + eps TOWARD``. Either way the command
builds one family (:class:`~limits.limit.perturbed_chain.Perturbation`), which walks
the board once, and asks it: sigma at an exact p or eps (exact where cheap,
certified always, float64 state reduction beside it), over a grid, and
where it is least.
"""

from __future__ import annotations

import argparse
import math
from fractions import Fraction
from typing import Any

from ..errors import ConvergenceError, InfiniteExpectationError
from ..markup.quantities import float_quantity
from .budget import check_family_cost
from .families import (
    add_family_options,
    check_family,
    eps_value,
    family_json,
    is_family,
    perturbation_of,
    trap_quantity,
)
from .latex_out import optimum_latex, sigma_latex, sweep_latex
from .options import (
    MAX_POINTS,
    MAX_WORKERS,
    UsageError,
    add_board_options,
    add_command,
    deltas_of,
    integer_arg,
    probability_text,
)
from .output import board_of, quantity, render
from .progress import progress

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the commands of this module to the subparsers ``sub``."""
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


def _sigma(args: argparse.Namespace) -> str:
    check_family(args)
    if (args.p is None) == (args.eps is None):
        raise UsageError("give --p (with --delta) or --eps" if args.p is None else "give --p or --eps, not both")
    if is_family(args) and args.p is not None:
        raise UsageError("--p goes with --delta; a family --at/--toward takes --eps")
    if args.p is not None and args.p_to != 1:
        raise UsageError("--p-to goes with --eps (--p names P(delta) itself)")
    board = board_of(args.board, args)
    family = perturbation_of(args, board)  # the board is walked once: every answer below comes from this family
    by_p = args.p is not None
    eps = family.eps_of(args.p) if by_p else eps_value(args.eps)
    loaded = family.loaded_face
    p = None if loaded is None else (1 - eps if loaded[1] == 1 else eps)
    result: dict[str, Any] = {"board": board.name, "rule": family.rule.value,
                              "family": None if by_p else family_json(family),
                              "delta": None if loaded is None else args.delta, "faces": family.faces,
                              "start": args.start, "p": None if p is None else quantity(p, args),
                              "eps": None if by_p else quantity(eps, args)}
    try:
        v = family.value_at(eps=eps, digits=args.digits)
    except InfiniteExpectationError as exc:
        result.update(expected_turns=quantity(exc, args), route=None, enclosure=None, float64_state_reduction=None)
        return render(args, "sigma", result, _sigma_text, sigma_latex)
    gth = None
    if 0 < eps < 1:
        try:  # a cross-check in float64, where float64 can carry the die and the answer
            gth = family.float_value(eps=eps)
        except ConvergenceError:
            gth = None
    enclosure = None
    if v.enclosure_bits:
        enclosure = {**quantity(v.enclosure, args), "bits": v.enclosure_bits}
    result.update(
        expected_turns=quantity(v.enclosure if v.exact is None else v.exact, args),
        route=v.route,
        enclosure=enclosure,
        float64_state_reduction=None if gth is None else float_quantity(gth, args.digits),
    )
    return render(args, "sigma", result, _sigma_text, sigma_latex)


def _exact(q: dict[str, Any]) -> str:
    """An exact quantity as typed back: its fraction, or its decimal when the fraction is too long to write."""
    return q["exact"] if q.get("exact") is not None else q["decimal"]


def _sigma_text(r: dict[str, Any]) -> str:
    d, turns = r["delta"], r["expected_turns"]
    if d is None:
        where = f"sigma at eps = {_exact(r['eps'])} for {r['family']['name']}"
    else:
        p = _exact(r["p"]) if isinstance(r["p"], dict) else r["p"]
        where = f"sigma_{d} at P({d}) = {p}" + (f" (eps = {_exact(r['eps'])})" if r["eps"] is not None else "")
    if turns.get("infinite"):
        return f"{where}: inf\n  because {turns['reason']}"
    how = "correctly rounded from the exact value" if "exact" in turns else "certified digits of the enclosure"
    lines = [f"{where}: {turns['decimal']}   ({how})"]
    if r["enclosure"] is not None:
        e = r["enclosure"]
        where = f"[{e['lower']}, {e['upper']}]" if "lower" in e else f"exactly {e['decimal']}"
        how = ("state reduction in ball arithmetic, sparse" if r.get("route") == "sparse"
               else "interval arithmetic")
        lines.append(f"  {how} ({e['bits']} bits): {where}")
    if r["float64_state_reduction"] is not None:
        lines.append(f"  float64 state reduction: {r['float64_state_reduction']['decimal']}")
    return "\n".join(lines)


def _at(family: Any, eps: Fraction, value: Any, args: argparse.Namespace) -> dict[str, Any]:
    """sigma at exactly eps (an exact value, or ``inf``) as a quantity; an infinite one names the trapping loop."""
    if not (isinstance(value, float) and value == float("inf")):
        return quantity(value, args)
    if family.trap is not None:
        return trap_quantity(family)
    try:
        family.exact_value(eps)
    except InfiniteExpectationError as exc:
        return quantity(exc, args)
    return quantity(value, args)  # pragma: no cover - an infinite value always has its loop


def _sweep(args: argparse.Namespace) -> str:
    from ..limit.sweep import grid

    check_family(args)
    board = board_of(args.board, args)
    check_family_cost(args, board, "sweep")
    ps = grid(args.low, args.high, args.points)
    result: dict[str, Any] = {"board": board.name, "rule": args.rule, "faces": args.faces, "start": args.start}
    if is_family(args):
        family = perturbation_of(args, board)
        with progress(args, 1, "family"):
            values = family.sweep(eps=ps)
        result.update(rule=family.rule.value, faces=family.faces, family=family_json(family), deltas=None, p=None,
                      eps=[quantity(e, args) for e in ps],
                      expected_turns=[_at(family, e, v, args) for e, v in zip(ps, values)])
    else:
        deltas = deltas_of(args)
        values = _loaded_values(board, deltas, ps, args)
        columns = {}
        for d in deltas:
            family = perturbation_of(args, board, d) if any(v == math.inf for v in values[d]) else None
            columns[str(d)] = [_at(family, 1 - p, v, args) for p, v in zip(ps, values[d])]
        result.update(family=None, deltas=deltas, p=[quantity(p, args) for p in ps], eps=None,
                      expected_turns=columns)
    return render(args, "sweep", result, _sweep_text, sweep_latex)


def _loaded_values(board: Any, deltas: list[int], ps: Any, args: argparse.Namespace) -> dict[int, Any]:
    """sigma_delta at every p for every delta, the faces spread over ``--workers`` processes."""
    from ..limit.sweep import sweep

    values: dict[int, Any] = {}
    with progress(args, len(deltas), "face") as bar:
        if args.workers > 1 and len(deltas) > 1:
            from concurrent.futures import as_completed

            from .processes import worker_pool

            with worker_pool(min(args.workers, len(deltas))) as pool:
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
    return values


def _sweep_text(r: dict[str, Any]) -> str:
    if r["family"] is not None:
        columns, name, xs = {"sigma": r["expected_turns"]}, "eps", r["eps"]
        lines = [f"sigma for {r['family']['name']}"]
    else:
        columns = {f"delta={d}": r["expected_turns"][str(d)] for d in r["deltas"]}
        name, xs, lines = "p", r["p"], []
    width = max([12] + [len(q["decimal"] or "") + 2 for col in columns.values() for q in col])
    pw = max([4] + [len(q["decimal"]) + 2 for q in xs])
    lines.append(name.ljust(pw) + "".join(c.rjust(width) for c in columns))
    for i, x in enumerate(xs):
        lines.append(x["decimal"].ljust(pw) + "".join((col[i]["decimal"] or "?").rjust(width)
                                                     for col in columns.values()))
    return "\n".join(lines)


def _optimum(args: argparse.Namespace) -> str:
    check_family(args)
    board = board_of(args.board, args)
    check_family_cost(args, board, "optimum")
    result: dict[str, Any] = {"board": board.name, "rule": args.rule, "faces": args.faces, "start": args.start,
                              "family": None}
    rows = []
    if is_family(args):
        family = perturbation_of(args, board)
        row: dict[str, Any] = {"delta": None, "p": None}
        if family.trap is not None:  # infinite for every eps in (0, 1)
            ends = [_at(family, e, family.sweep(eps=[e])[0], args) for e in (Fraction(0), Fraction(1))]
            row.update(eps=None, expected_turns=trap_quantity(family), interior=False)
        else:
            o = family.optimum(args.digits)
            ends = [_at(family, Fraction(0), o.at_zero, args), _at(family, Fraction(1), o.at_one, args)]
            row.update(eps=quantity(o.p_enclosure, args), expected_turns=quantity(o.sigma_enclosure, args),
                       interior=o.interior)
        row.update(at_zero=ends[0], at_one=ends[1])
        rows.append(row)
        result.update(rule=family.rule.value, faces=family.faces, family=family_json(family), optima=rows)
        return render(args, "optimum", result, _optimum_text, optimum_latex)
    for d in deltas_of(args):
        family = perturbation_of(args, board, d)
        o = family.optimum(args.digits)
        rows.append({
            "delta": d, "p": quantity(o.p_enclosure, args), "eps": None,
            "expected_turns": quantity(o.sigma_enclosure, args), "interior": o.interior,
            "at_zero": _at(family, Fraction(1), o.at_zero, args),
            "at_one": _at(family, Fraction(0), o.at_one, args),
        })
    result["optima"] = rows
    return render(args, "optimum", result, _optimum_text, optimum_latex)


def _optimum_text(r: dict[str, Any]) -> str:
    lines = [] if r["family"] is None else [f"sigma for {r['family']['name']}"]
    for row in r["optima"]:
        name, x = ("p", row["p"]) if row["delta"] is not None else ("eps", row["eps"])
        label = f"delta={row['delta']}: " if row["delta"] is not None else ""
        ends = f"sigma({name} = 0) = {row['at_zero']['decimal']}, sigma({name} = 1) = {row['at_one']['decimal']}"
        if x is None:
            lines.append(f"{label}sigma is infinite for every 0 < {name} < 1 "
                         f"(a loop traps the player: {{{', '.join(map(str, row['expected_turns']['loop']))}}}); "
                         + ends)
            continue
        where = (f"at {name} = {x['decimal']}" if row["interior"]
                 else f"approached as {name} -> {x['decimal']} (no interior minimum)")
        if x["decimal"] is None:  # no digit of the place is certain: sigma is the same for every p (or eps)
            where = f"at every {name} in [{x['lower']}, {x['upper']}]"
        lines.append(f"{label}least sigma {row['expected_turns']['decimal']} {where}; {ends}")
    return "\n".join(lines)
