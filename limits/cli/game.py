"""The game itself: ``limits duration``."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from ..exact.digits import decimal_sqrt, ratio
from ..game.chain import Chain, build_chain
from ..model.board_files import resolve_board
from ..model.die import parse_die
from .options import (
    add_board_options,
    enclosure_json,
    exact_json,
    nonnegative_int,
)


def register(sub: Any) -> None:
    """Add the commands of this module to the subparsers ``sub``."""
    d = sub.add_parser("duration", help="expected length, variance and distribution of a game")
    add_board_options(d)
    d.add_argument("--die", default="fair", help="fair, fair:K, weighted:D:P[:K] or p1,p2,... (exact decimals or fractions)")
    d.add_argument("--start", type=int, default=0, help="start square (default 0; a jump square moves at once)")
    d.add_argument("--players", type=int, default=1, help="players taking turns, 1..8 (default 1)")
    d.add_argument("--survival", type=nonnegative_int, default=100, help="list P(M) for M = 0..this (default 100)")
    d.set_defaults(run=_duration)


def _chain(args: argparse.Namespace) -> Chain:
    return build_chain(resolve_board(args.board), parse_die(args.die), args.rule)


def _duration(args: argparse.Namespace) -> str:
    from ..game.distribution import median, min_turns, mode, survival
    from ..game.players import players

    chain = _chain(args)
    digits = max(args.digits, 1)
    m = chain.moments(args.start)
    result: dict[str, Any] = {
        "board": chain.board.name,
        "rule": chain.rule.value,
        "die": [ratio(p) for p in chain.die.probabilities],
        "start": args.start,
        "expected_turns": exact_json(m.mean, digits),
        "variance": exact_json(m.variance, digits),
        "std": {"exact": f"sqrt({ratio(m.variance)})", "decimal": decimal_sqrt(m.variance, digits)},
        "median": median(chain, args.start),
        "mode": mode(chain, args.start),
        "min_turns": min_turns(chain, args.start),
        "survival": [exact_json(s, digits) for s in survival(chain, args.survival, args.start)],
    }
    if args.players != 1:
        r = players(chain, args.players, args.start)
        result["players"] = args.players
        result["expected_rounds"] = enclosure_json(r.expected_rounds, digits)
        result["win_probability"] = [enclosure_json(w, digits) for w in r.win_probability]
    if args.format == "json":
        return json.dumps(result, indent=2)
    if args.format == "latex":
        return _duration_latex(result, m)
    return _duration_text(result)


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
