"""The game itself: ``limits duration``."""

from __future__ import annotations

import argparse
from typing import Any

from ..checks import FLOAT_FROM
from ..errors import InfiniteExpectationError, TooLargeError
from ..exact.digits import ratio, ratio_value
from ..markup.latex import tex_document, tex_number, tex_text
from ..markup.quantities import exact_quantity, sqrt_quantity
from ..model.die import parse_die
from .budget import check_duration, check_float_duration
from .float_duration import float_duration, wants_float
from .latex_out import relation_math, value_math
from .options import MAX_SURVIVAL, UsageError, add_board_options, add_command, integer_arg
from .output import board_of, quantity, render


def register(sub: Any) -> None:
    """Add the commands of this module to the subparsers ``sub``."""
    d = add_command(sub, "duration", "expected length, variance and distribution of a game",
                    ["duration", "duration --die weighted:6:0.5 --rule bounce --format json",
                     "duration --players 2 --survival 0", "duration --board myboard.toml --format latex",
                     "duration --board - < board.json"])
    add_board_options(d)
    d.add_argument("--die", default="fair",
                   help="fair, fair:K, weighted:D:P[:K] or p1,p2,... (exact decimals or fractions)")
    d.add_argument("--start", type=integer_arg(), default=0,
                   help="start square (default 0; a jump square moves at once)")
    d.add_argument("--players", type=integer_arg(), default=None,
                   help="also a game of this many players taking turns, 1..8: total spins and rounds (expected, "
                        "variance, median, 90th percentile) and each seat's chance, as limits players gives them")
    d.add_argument("--survival", type=integer_arg(0, MAX_SURVIVAL, "--survival"), default=100,
                   help=f"list P(M) for M = 0..this, at most {MAX_SURVIVAL} (default 100)")
    kind = d.add_mutually_exclusive_group()
    kind.add_argument("--float", action="store_true",
                      help="mean, variance and std in floats only (boards of a million squares in seconds)")
    kind.add_argument("--exact", action="store_true",
                      help=f"exact answers even on boards of {FLOAT_FROM} squares or more (default there: floats)")
    d.set_defaults(run=_duration)


def _duration(args: argparse.Namespace) -> str:
    from ..game.distribution import median, min_turns, mode, survival
    from ..game.players import players_table
    from ..model.build import build_chain
    from .players import game_json, tolerance_for

    board, die = board_of(args.board, args), parse_die(args.die)
    if wants_float(args, board.size):
        check_float_duration(board, die)
        if args.players is not None:  # the float engine gives the mean and variance of one game only
            raise UsageError("--players needs exact answers: " + (
                "drop --float" if args.float else f"give --exact on a board of {board.size} squares"))
        from ..model.reach import check_reachable
        from ..model.rules import as_rule

        args.rule = as_rule(args.rule)
        check_reachable(board, die.faces, args.rule, args.start)
        result = {"board": board.name, "size": board.size, "rule": args.rule.value,
                  "die": [ratio(p) for p in die.probabilities], "start": args.start}
        return render(args, "duration", float_duration(args, board, die, result), _text, _latex)
    check_duration(args, board, die)
    chain = build_chain(board, die, args.rule, start=args.start)
    chain.entry(args.start)  # a bad start square is bad input, even when the game is infinite
    result: dict[str, Any] = {
        "board": chain.board.name,
        "size": chain.board.size,
        "rule": chain.rule.value,
        "die": [ratio(p) for p in chain.die.probabilities],
        "start": args.start,
    }
    try:
        m = chain.moments(args.start)
    except InfiniteExpectationError as exc:
        inf = quantity(exc, args)
        result.update(expected_turns=inf, variance=inf, std=inf)
    else:
        result.update(expected_turns=exact_quantity(m.mean, args.digits, args.exact_digits),
                      variance=exact_quantity(m.variance, args.digits, args.exact_digits),
                      std=sqrt_quantity(m.variance, args.digits))
    undecided: dict[str, str] = {}

    def decided(name: str, compute):  # a median or mode past its documented search limit: the rest still answers
        try:
            return compute(chain, args.start)
        except TooLargeError as exc:
            undecided[name] = str(exc)
            return None

    med = decided("median", median)
    result.update(
        median=med if isinstance(med, int) or med is None else result["expected_turns"],
        mode=decided("mode", mode),
        min_turns=min_turns(chain, args.start),
        survival=[quantity(s, args) for s in survival(chain, args.survival, args.start)],
    )
    if undecided:
        result["undecided"] = undecided
    if args.players is not None:
        row, = players_table(chain, (args.players,), args.start, levels=(PERCENTILE,),
                             tolerance=tolerance_for(args.digits))
        result.update(quantile_rule="lower", **game_json(row, args))
    return render(args, "duration", result, _text, _latex)


PERCENTILE = "0.9"
"""The quantile ``duration --players`` gives beside the median (``limits players --quantile`` gives any)."""


def shown(q: Any) -> str:
    """A quantity (or a count) as it is printed in text."""
    if isinstance(q, int):
        return str(q)
    if q is None:
        return "none"
    if q.get("decimal") is None:
        return f"[{q['lower']}, {q['upper']}] (no digit certain)"
    if "certain_digits" in q:
        return f"{q['decimal']}  ({q['certain_digits']} certain digits, in [{q['lower']}, {q['upper']}])"
    return q["decimal"]


def _decimal(q: dict[str, Any]) -> str:
    """A quantity's certified decimal, or its bounds where no digit is certain."""
    return q["decimal"] if q.get("decimal") is not None else shown(q)


def _text(r: dict[str, Any]) -> str:
    turns = r["expected_turns"]  # the board, rule, die and start are in the line of the inputs above
    lines = [f"expected turns  {_decimal(turns)}"]
    if turns.get("infinite"):
        lines.append(f"  because       {turns['reason']}")
    elif r.get("engine") == "float":
        lines += [f"variance        {_decimal(r['variance'])}", f"std             {_decimal(r['std'])}"]
    if r.get("engine") == "float":
        if not turns.get("infinite") and "certain_digits" not in turns:
            lines.append("(exact: the chain is nearly singular, so no float answer could be certified)")
        return "\n".join(lines + ["(floats: --exact gives exact fractions, the median, mode and survival)"])
    if not turns.get("infinite"):
        exact = turns["exact"]
        if exact is None:
            exact = f"(a fraction of {turns['exact_digits']} digits: --exact-digits all writes it)"
        elif len(exact) > 41:  # a long fraction stays one step away, in the JSON
            num, _, den = exact.partition("/")
            exact = f"(a fraction of {len(num)} digits over {len(den)}: --format json writes it)"
        lines += [f"  exactly       {exact}", f"variance        {r['variance']['decimal']}",
                  f"std             {r['std']['decimal']}"]
    undecided = r.get("undecided", {})
    lines += [f"median          {'undecided: ' + undecided['median'] if 'median' in undecided else shown(r['median'])}",
              f"mode            {'undecided: ' + undecided['mode'] if 'mode' in undecided else shown(r['mode'])}",
              f"fewest turns    {shown(r['min_turns'])}"]
    surv = r["survival"]
    if len(surv) > 1:
        lines.append("P(M), the chance the game lasts more than M turns:")
        step = max(1, (len(surv) - 1) // 10)
        for m in range(0, len(surv), step):
            lines.append(f"  M = {m:4d}  {shown(surv[m])}")
    if "players" in r:
        lines += _players_text(r)
    return "\n".join(lines)


def _players_text(r: dict[str, Any]) -> list[str]:
    lines = [f"{r['players']} players, every one from square {r['start']} "
             "(spins: every player's turns until someone wins; rounds: the last one counted whole):"]
    for unit in ("spins", "rounds"):
        g = r[unit]
        lines.append(f"  {unit:<6}  expected {shown(g[f'expected_{unit}'])}, median {shown(g['median'])}, "
                     f"90% of games within {shown(g['quantiles'][PERCENTILE])}, fewest {shown(g['fewest'])}")
    for seat, w in enumerate(r["win_probability"] or [], 1):
        lines.append(f"  seat {seat} wins with probability  {shown(w)}")
    longer = r["longer_than_one_player_fewer"]
    if longer is not None:
        lines.append(f"  longer than with a player fewer: in spins {shown(longer['spins'])}, "
                     f"in rounds {shown(longer['rounds'])}")
    return lines


def _latex(r: dict[str, Any]) -> str:
    die = ", ".join(tex_number(ratio_value(p)) for p in r["die"])
    turns = r["expected_turns"]
    paras = [f"Board {tex_text(r['board'])} ({r['size']} squares), rule {tex_text(r['rule'])}, "
             f"start square {r['start']}, die $({die})$.",
             f"Expected turns: $\\sigma {relation_math(turns)}$."]
    if turns.get("infinite"):
        paras.append(tex_text(turns["reason"][0].upper() + turns["reason"][1:]) + ".")
    else:
        paras += [f"Variance: $\\operatorname{{Var}} {relation_math(r['variance'])}$.",
                  f"Standard deviation: $\\sqrt{{\\operatorname{{Var}}}} {relation_math(r['std'])}$."]
    undecided = r.get("undecided", {})
    counts = [(name, "undecided" if key in undecided else r[key])
              for name, key in (("Median", "median"), ("Mode", "mode"), ("Fewest turns", "min_turns")) if key in r]
    if counts:
        paras.append("; ".join(f"{name}: {v if isinstance(v, (int, str)) else '$' + value_math(v) + '$' if v else 'none'}"
                           for name, v in counts) + ".")
    if "players" in r:
        paras.append(_players_latex(r))
    return tex_document("The length of a game of Chutes \\& Ladders", paras)


def _players_latex(r: dict[str, Any]) -> str:
    parts = [f"{r['players']} players, every one from square {r['start']}."]
    for unit, word in (("spins", "spins (every player's turns until someone wins)"),
                       ("rounds", "rounds (the last one counted whole)")):
        g = r[unit]
        parts.append(f"Total {word}: expected ${value_math(g[f'expected_{unit}'])}$, median {_count(g['median'])}, "
                     f"90\\% of games within {_count(g['quantiles'][PERCENTILE])}, fewest {_count(g['fewest'])}.")
    if r["win_probability"] is not None:
        parts.append("Seat by seat, the chance to win: " + ", ".join(f"${value_math(w)}$" for w in r["win_probability"])
                     + ".")
    longer = r["longer_than_one_player_fewer"]
    if longer is not None:
        parts.append(f"Longer than with a player fewer: in spins ${value_math(longer['spins'])}$, "
                     f"in rounds ${value_math(longer['rounds'])}$.")
    return " ".join(parts)


def _count(v: Any) -> str:
    return str(v) if isinstance(v, int) else "none" if v is None else f"${value_math(v)}$"
