"""The ``limits`` command line: a thin shell over the library.

Every command prints text, JSON or LaTeX on stdout. Bad input gives one line
on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from fractions import Fraction
from typing import Any, Sequence

from .boardio import resolve_board
from .chain import Chain, build_chain
from .die import parse_die
from .errors import LimitsError
from .digits import decimal, decimal_sqrt, ratio

__all__ = ["main"]

PROG = "limits"


class _UsageError(Exception):
    """A malformed command line (argparse's complaint, as one line)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit status 2
        raise _UsageError(message)


def _number(value: Fraction, digits: int) -> dict[str, str]:
    return {"exact": ratio(value), "decimal": decimal(value, digits)}


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, not {value}")
    return value


def _add_board_options(p: argparse.ArgumentParser, formats: tuple[str, ...] = ("text", "json", "latex"),
                       digits: int = 15) -> None:
    p.add_argument("--board", default="standard", help="standard, althoen, empty, or a .toml/.json file (default: standard)")
    p.add_argument("--rule", default="stay", help="stay (default, the paper's), bounce or pass")
    p.add_argument("--format", choices=formats, default="text")
    p.add_argument("--digits", type=_positive_int, default=digits, help=f"significant digits of decimals (default {digits})")


def _add_loaded_options(p: argparse.ArgumentParser, all_allowed: bool = False) -> None:
    help_delta = "the loaded face" + (", or all" if all_allowed else "")
    p.add_argument("--delta", required=True, type=_delta_arg if all_allowed else int, help=help_delta)
    p.add_argument("--faces", type=int, default=6, help="faces of the die (default 6)")
    p.add_argument("--start", type=int, default=0, help="start square (default 0)")


def _delta_arg(text: str) -> Any:
    if text == "all":
        return "all"
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a face or 'all': {text!r}") from None


def _deltas(args: argparse.Namespace) -> list[int]:
    return list(range(1, args.faces + 1)) if args.delta == "all" else [args.delta]


def _parser() -> _Parser:
    parser = _Parser(prog=PROG, description="Chutes & Ladders as an exact Markov chain.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    d = sub.add_parser("duration", help="expected length, variance and distribution of a game")
    _add_board_options(d)
    d.add_argument("--die", default="fair", help="fair, fair:K, weighted:D:P[:K] or p1,p2,... (exact decimals or fractions)")
    d.add_argument("--start", type=int, default=0, help="start square (default 0; a jump square moves at once)")
    d.add_argument("--players", type=int, default=1, help="players taking turns, 1..8 (default 1)")
    d.add_argument("--survival", type=_positive_int, default=100, help="list P(M) for M = 0..this (default 100)")
    d.set_defaults(run=_duration)

    lim = sub.add_parser("limit", help="sigma_delta(p) as p -> 1: Laurent expansion and why it diverges")
    _add_board_options(lim)
    _add_loaded_options(lim)
    lim.add_argument("--terms", type=_positive_int, default=4, help="Laurent coefficients to give (default 4)")
    lim.set_defaults(run=_limit)

    sig = sub.add_parser("sigma", help="sigma at an exact P(delta), every printed digit certified")
    _add_board_options(sig, ("text", "json"), digits=20)
    _add_loaded_options(sig)
    sig.add_argument("--p", required=True, help="P(delta), an exact decimal or fraction in [0, 1]")
    sig.set_defaults(run=_sigma)

    sw = sub.add_parser("sweep", help="sigma_delta(p) over a grid of p")
    _add_board_options(sw, ("text", "json"), digits=10)
    _add_loaded_options(sw, all_allowed=True)
    sw.add_argument("--from", dest="low", default="0", help="first p (default 0)")
    sw.add_argument("--to", dest="high", default="1", help="last p (default 1)")
    sw.add_argument("--points", type=int, default=11, help="number of points (default 11)")
    sw.add_argument("--workers", type=int, default=1, help="processes to spread the faces over (default 1)")
    sw.set_defaults(run=_sweep)

    opt = sub.add_parser("optimum", help="the P(delta) that makes the game shortest")
    _add_board_options(opt, ("text", "json"), digits=30)
    _add_loaded_options(opt, all_allowed=True)
    opt.set_defaults(run=_optimum)

    cl = sub.add_parser("classify", help="loops, on-ramps and the win path of the walk with P(delta) = 1")
    _add_board_options(cl, ("text", "json"))
    cl.add_argument("--delta", required=True, type=int, help="the face always rolled")
    cl.add_argument("--faces", type=int, default=6, help="faces of the die (default 6)")
    cl.set_defaults(run=_classify)

    dv = sub.add_parser("derive", help="the collapsed Win/Loop chain and the exact limit of sigma")
    _add_board_options(dv, ("text", "latex"))
    dv.add_argument("--delta", required=True, type=int, help="the loaded face")
    dv.add_argument("--faces", type=int, default=6, help="faces of the die (default 6)")
    dv.set_defaults(run=_derive)

    st = sub.add_parser("strategies", help="exact expected length of the paper's coin strategies -1..6")
    _add_board_options(st, ("text", "json"))
    _add_coin_options(st)
    st.set_defaults(run=_strategies)

    op = sub.add_parser("optimal", help="the best (or worst) way to use the coin, exactly")
    _add_board_options(op, ("text", "json"))
    _add_coin_options(op, flip=False)
    op.add_argument("--maximise", "--maximize", action="store_true", help="make the game as long as possible")
    op.set_defaults(run=_optimal)

    sm = sub.add_parser("simulate", help="Monte Carlo games, fast")
    _add_board_options(sm, ("text", "json"), digits=8)
    _add_coin_options(sm)
    sm.add_argument("--die", default="fair", help="as for duration (default fair)")
    sm.add_argument("--games", type=_count, default=1_000_000, help="games to play (default 1e6)")
    sm.add_argument("--seed", type=int, default=None, help="seed of the generator (default: fresh)")
    sm.add_argument("--strategy", default="0", help="coin strategy -1..6, or 'optimal' (default 0: no coin)")
    sm.add_argument("--workers", type=int, default=2, help="threads (default 2)")
    sm.add_argument("--max-turns", type=_count, default=100_000, help="stop a game after this many turns")
    sm.set_defaults(run=_simulate)

    rp = sub.add_parser("reproduce", help="every table and figure of the paper, and ours, into a folder")
    rp.add_argument("-o", "--output", required=True, help="folder to write into (created if needed)")
    rp.add_argument("--games", type=_count, default=1_000_000, help="simulated games (default 1e6)")
    rp.add_argument("--seed", type=int, default=2026, help="seed of the simulations (default 2026)")
    rp.set_defaults(run=_reproduce)
    return parser


def _count(text: str) -> int:
    try:
        value = int(float(text)) if "e" in text.lower() else int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, not {value}")
    return value


def _add_coin_options(p: argparse.ArgumentParser, flip: bool = True) -> None:
    p.add_argument("--coin", default="1/2", help="probability of heads (default 1/2)")
    if flip:
        p.add_argument("--flip", default="1/2", help="flip probability of the random strategies (default 1/2)")


def _chain(args: argparse.Namespace) -> Chain:
    return build_chain(resolve_board(args.board), parse_die(args.die), args.rule)


def _duration(args: argparse.Namespace) -> str:
    from .distribution import median, min_turns, mode, survival
    from .players import players

    chain = _chain(args)
    digits = max(args.digits, 1)
    m = chain.moments(args.start)
    result: dict[str, Any] = {
        "board": chain.board.name,
        "rule": chain.rule.value,
        "die": [ratio(p) for p in chain.die.probabilities],
        "start": args.start,
        "expected_turns": _number(m.mean, digits),
        "variance": _number(m.variance, digits),
        "std": {"exact": f"sqrt({ratio(m.variance)})", "decimal": decimal_sqrt(m.variance, digits)},
        "median": median(chain, args.start),
        "mode": mode(chain, args.start),
        "min_turns": min_turns(chain, args.start),
        "survival": [_number(s, digits) for s in survival(chain, args.survival, args.start)],
    }
    if args.players != 1:
        r = players(chain, args.players, args.start)
        result["players"] = args.players
        result["expected_rounds"] = _enclosure(r.expected_rounds, digits)
        result["win_probability"] = [_enclosure(w, digits) for w in r.win_probability]
    if args.format == "json":
        return json.dumps(result, indent=2)
    if args.format == "latex":
        return _duration_latex(result, m)
    return _duration_text(result)


def _enclosure(e: Any, digits: int) -> dict[str, Any]:
    certain = e.certain_digits()
    shown = digits if certain is None else max(1, min(digits, certain))
    out: dict[str, Any] = {"decimal": decimal(e.lower, shown)}
    if e.is_exact:
        out["exact"] = ratio(e.lower)
    else:
        out["lower"] = decimal(e.lower, digits + 5)
        out["upper"] = decimal(e.upper, digits + 5)
        out["certain_digits"] = certain
    return out


def _duration_text(r: dict[str, Any]) -> str:
    die = ", ".join(r["die"])
    lines = [
        f"board {r['board']}, rule {r['rule']}, die ({die}), start {r['start']}",
        f"expected turns  {r['expected_turns']['decimal']}",
        f"  exactly       {r['expected_turns']['exact']}",
        f"variance        {r['variance']['decimal']}",
        f"std             {r['std']['decimal']}",
        f"median          {r['median']}",
        f"mode            {r['mode']}",
        f"fewest turns    {r['min_turns']}",
    ]
    surv = r["survival"]
    if len(surv) > 1:
        lines.append("P(M), the chance the game lasts more than M turns:")
        step = max(1, (len(surv) - 1) // 10)
        for m in range(0, len(surv), step):
            lines.append(f"  M = {m:4d}  {surv[m]['decimal']}")
    if "players" in r:
        lines.append(f"{r['players']} players: expected rounds until someone wins  {r['expected_rounds']['decimal']}")
        for seat, w in enumerate(r["win_probability"], 1):
            lines.append(f"  seat {seat} wins with probability  {w['decimal']}")
    return "\n".join(lines)


def _duration_latex(r: dict[str, Any], m: Any) -> str:
    import sympy

    def tex(value: Fraction) -> str:
        return sympy.latex(sympy.Rational(value.numerator, value.denominator))

    lines = [
        r"\begin{align*}",
        rf"\sigma &= {tex(m.mean)} \approx {r['expected_turns']['decimal']}\\",
        rf"\operatorname{{Var}} &= {tex(m.variance)} \approx {r['variance']['decimal']}\\",
        rf"\text{{std}} &= \sqrt{{{tex(m.variance)}}} \approx {r['std']['decimal']}",
        r"\end{align*}",
    ]
    return "\n".join(lines)


def _limit(args: argparse.Namespace) -> str:
    import sympy

    from .order import explain_order
    from .sigma import sigma_function

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
    from .evaluate import sigma_at
    from .gth import gth_weighted

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
    from .sweep import grid, sweep

    board = resolve_board(args.board)
    ps = grid(args.low, args.high, args.points)
    deltas = _deltas(args)
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
    from .optimum import optimum

    board = resolve_board(args.board)
    rows = []
    for d in _deltas(args):
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
                     f"sigma(0) = {_short(r['at_zero'])}, sigma(1) = {_short(r['at_one'])}")
    return "\n".join(lines)


def _classify(args: argparse.Namespace) -> str:
    from .classify_text import board_grid
    from .walk import classify

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
    from .derive import derive

    d = derive(resolve_board(args.board), args.delta, rule=args.rule, faces=args.faces)
    return d.latex_document() if args.format == "latex" else d.text()


def _strategies(args: argparse.Namespace) -> str:
    from .board import Board
    from .coin import policy_chain
    from .die import fair
    from .strategies import all_strategies

    board = resolve_board(args.board)
    rows = []
    for strat in all_strategies(board, flip=args.flip):
        sigma = policy_chain(board, fair(), strat, coin=args.coin, rule=args.rule).expected_duration()
        rows.append({"id": strat.id, "name": strat.name, "expected_turns": _number(sigma, args.digits)})
    no_chutes = build_chain(Board(board.size, board.ladders, name="no chutes"), fair(), args.rule).expected_duration()
    if args.format == "json":
        return json.dumps({"strategies": rows, "no_chutes_board": _number(no_chutes, args.digits)}, indent=2)
    lines = [f"{r['id']:>3}  {r['expected_turns']['decimal']:<20} {r['name']}" for r in rows]
    lines.append(f"     {decimal(no_chutes, args.digits):<20} the base game on this board with every chute removed")
    return "\n".join(lines)


def _optimal(args: argparse.Namespace) -> str:
    from .classify_text import flip_grid
    from .die import fair
    from .optimal import optimal_policy

    board = resolve_board(args.board)
    o = optimal_policy(board, fair(), coin=args.coin, rule=args.rule, maximise=args.maximise)
    flips = list(o.flip_squares())
    if o.unbounded is not None:
        turns: dict[str, Any] = {"exact": "inf", "decimal": "inf", "reason": o.unbounded.reason()}
    else:
        turns = _number(o.expected_turns, args.digits)
    if args.format == "json":
        return json.dumps({
            "maximise": args.maximise,
            "expected_turns": turns,
            "flip": flips,
            "decisions": [{"start": s, "roll": r, "flip": f} for (s, r), f in sorted(o.decisions.items())],
            "remaining": {str(s): ("inf" if v == float("inf") else ratio(v)) for s, v in sorted(o.remaining.items())},
        }, indent=2)
    what = "longest" if args.maximise else "shortest"
    head = (f"{what} game: expected turns {turns['decimal']}" + (f" ({turns['reason']})" if "reason" in turns else "")
            + f"\nflip on landing on: {', '.join(map(str, flips)) or 'never'}")
    return head + "\n\n" + flip_grid(board, set(flips))


def _simulate(args: argparse.Namespace) -> str:
    from .optimal import optimal_policy
    from .simulate import simulate
    from .strategies import strategy

    board = resolve_board(args.board)
    die = parse_die(args.die)
    if args.strategy == "optimal":
        policy = optimal_policy(board, die, coin=args.coin, rule=args.rule).as_strategy()
    else:
        try:
            k = int(args.strategy)
        except ValueError:
            raise LimitsError(f"unknown strategy {args.strategy!r} (-1..6 or optimal)") from None
        policy = None if k == 0 else strategy(k, board, flip=args.flip)
    bar = _progress_bar() if sys.stderr.isatty() else None
    sim = simulate(board, die, games=args.games, seed=args.seed, rule=args.rule, policy=policy, coin=args.coin,
                   workers=args.workers, max_turns=args.max_turns, progress=bar)
    if bar is not None:
        print(file=sys.stderr)
    lo, hi = sim.ci(0.95)
    result = {
        "games": sim.games,
        "finished": sim.finished,
        "unfinished": sim.unfinished,
        "mean": decimal(sim.mean, args.digits),
        "ci95": [decimal(lo, args.digits), decimal(hi, args.digits)],
        "std": decimal(math.sqrt(sim.variance), args.digits),
        "games_per_second": round(sim.games_per_second),
        "engine": sim.engine,
        "seed": args.seed,
    }
    if args.format == "json":
        return json.dumps(result, indent=2)
    lines = [f"{sim.games} games ({sim.engine}, {result['games_per_second']} games/s): mean {result['mean']} turns, "
             f"95% interval [{result['ci95'][0]}, {result['ci95'][1]}], std {result['std']}"]
    if sim.unfinished:
        lines.append(f"{sim.unfinished} games were still running after {args.max_turns} turns; "
                     "the mean is over the finished games only")
    return "\n".join(lines)


def _reproduce(args: argparse.Namespace) -> str:
    from pathlib import Path

    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise LimitsError("reproduce draws figures: install the 'plot' extra (matplotlib)") from None
    from .reproduce import reproduce

    out = Path(args.output)
    if out.exists() and not out.is_dir():
        raise LimitsError(f"{args.output!r} exists and is not a folder")
    tty = sys.stderr.isatty()

    def show(i: int, total: int, name: str) -> None:
        if tty:
            print(f"\r[{i + 1}/{total}] {name:<20}", end="", file=sys.stderr)
            sys.stderr.flush()

    try:
        files = reproduce(out, games=args.games, seed=args.seed, progress=show)
    except OSError as exc:
        raise LimitsError(f"cannot write into {args.output!r}: {exc.strerror}") from None
    if tty:
        print(file=sys.stderr)
    figures = sum(1 for f in files if f.suffix == ".png")
    tex = sum(1 for f in files if f.suffix == ".tex")
    return (f"wrote {len(files)} files into {out}: report.md and report.html, {figures} figures, "
            f"{tex} LaTeX derivations\nopen {out / 'report.html'}")


def _progress_bar() -> Any:
    def draw(done: int, total: int) -> None:
        width = 40
        filled = width * done // total
        print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games", end="", file=sys.stderr)
        sys.stderr.flush()

    return draw


def _short(value: str) -> str:
    return value if value == "inf" else decimal(Fraction(value), 8)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    Examples
    --------
    >>> main(["duration", "--board", "nowhere"])
    2
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help(sys.stderr)
            return 2
        out = args.run(args)
    except _UsageError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except LimitsError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    try:
        print(out)
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. `limits duration | head -1`
        return 0
    return 0
