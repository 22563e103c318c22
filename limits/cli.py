"""The ``limits`` command line: a thin shell over the library.

Every command prints text, JSON or LaTeX on stdout. Bad input gives one line
on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from typing import Any, Sequence

from .boardio import resolve_board
from .chain import Chain, build_chain
from .die import parse_die
from .errors import LimitsError
from .numbers import decimal, decimal_sqrt, ratio

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


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--board", default="standard", help="standard, althoen, empty, or a .toml/.json file (default: standard)")
    p.add_argument("--rule", default="stay", help="stay (default, the paper's), bounce or pass")
    p.add_argument("--die", default="fair", help="fair, fair:K, weighted:D:P[:K] or p1,p2,... (exact decimals or fractions)")
    p.add_argument("--format", choices=("text", "json", "latex"), default="text")
    p.add_argument("--digits", type=_positive_int, default=15, help="significant digits of decimals (default 15)")


def _parser() -> _Parser:
    parser = _Parser(prog=PROG, description="Chutes & Ladders as an exact Markov chain.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    d = sub.add_parser("duration", help="expected length, variance and distribution of a game")
    _add_game_options(d)
    d.add_argument("--start", type=int, default=0, help="start square (default 0; a jump square moves at once)")
    d.add_argument("--players", type=int, default=1, help="players taking turns, 1..8 (default 1)")
    d.add_argument("--survival", type=_positive_int, default=100, help="list P(M) for M = 0..this (default 100)")
    d.set_defaults(run=_duration)
    return parser


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
