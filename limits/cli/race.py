"""Racing: ``limits race`` (two coin policies against each other, and the head-to-head table)."""

from __future__ import annotations

import argparse
from typing import Any

from ..markup.latex import tex_document, tex_text
from ..markup.numerals import counted, relation_math
from ..markup.quantities import infinite_quantity, quantity_text, to_json
from ..model.die import parse_die
from .options import add_board_options, add_coin_options, add_command, integer_arg
from .output import Answer, board_of, emit, progress, quantity

__all__ = ["register"]

SHOWN_DIFFERENCES = 8
"""Differences of ``win`` from ``length`` written in the text (the JSON lists them all)."""


def register(sub: Any) -> None:
    """Add ``race`` to the subparsers ``sub``."""
    p = add_command(sub, "race", "two players racing with coin policies: who wins, exactly or certified",
                    ["race --first win --second win", "race --first win --second length --format json",
                     "race --first 6 --second never --coin 0.6", "race --table",
                     "race --table --policies never,length,win --rule bounce"])
    add_board_options(p, ("text", "json", "latex"), digits=12)
    add_coin_options(p)
    p.add_argument("--start", type=integer_arg(), default=0, help="where both players start (default 0)")
    p.add_argument("--first", default="win", help="the first seat's policy: never, -1..6, length or win (default win)")
    p.add_argument("--second", default="win", help="the second seat's policy (default win)")
    p.add_argument("--exact", action="store_true",
                   help="exact fractions even from the chain of both positions (about a minute a value on the "
                        "paper's board)")
    p.add_argument("--table", action="store_true", help="every policy in each seat against every one in the other")
    p.add_argument("--policies", default="never,-1,1,2,3,4,5,6,length,win",
                   help="the policies of --table, comma-separated (default never,-1,1..6,length,win)")
    p.set_defaults(run=_race)


def _value(value: Any, args: argparse.Namespace, reason: str = "", loop: Any = ()) -> Any:
    if value is None:
        return infinite_quantity(reason or "the race may never end", loop)
    return quantity(value, args)


def _seat(seat: Any, args: argparse.Namespace) -> dict[str, Any]:
    out = _data({k: v for k, v in seat.to_dict().items() if k not in ("certificate", "versus_length")}, args)
    cert = seat.certificate
    out["certificate"] = None if cert is None else {**_data({k: v for k, v in cert.to_dict().items()
                                                                  if k != "width"}, args),
                                                    "width": quantity(cert.width, args)}
    versus = seat.versus_length
    out["versus_length"] = None if versus is None else _data(
        {k: v for k, v in versus.to_dict().items() if k != "seat"}, args)
    return out


def _check_size(args: argparse.Namespace, board: Any, die: Any) -> None:
    """Refuse a race with ``win`` whose chain of both positions is past its limit before the game is built (the
    squares the die alone reaches from the start are fewer than the game's: a lower bound, refused on sure
    ground), as :func:`limits.race.race.race` refuses it after."""
    from ..checks import MAX_EXACT_RACE_STATES, MAX_RACE_STATES, start_square
    from ..errors import TooLargeError
    from ..model.reach import reached_squares

    origin = board.land(start_square(args.start, board.size))
    squares = int((reached_squares(board, die.faces, args.rule, origin) != board.size).sum())
    limit, name = (MAX_EXACT_RACE_STATES, "MAX_EXACT_RACE_STATES") if args.exact else (MAX_RACE_STATES,
                                                                                         "MAX_RACE_STATES")
    if origin != board.size and 2 * squares**2 > limit:
        raise TooLargeError(f"a race with win{'' if args.exact else ', or its certified values,'} on this board "
                            f"would need the chain of both positions, at least {2 * squares**2} states; the limit "
                            f"{name} is {limit}")


def _race(args: argparse.Namespace) -> str:
    from ..model.build import build_chain
    from ..race.policies import policy_name
    from ..race.result import ties_data

    board, die = board_of(args.board, args), parse_die(args.die)
    names = [policy_name(p) for p in (args.policies.split(",") if args.table else (args.first, args.second))]
    if "win" in names:
        _check_size(args, board, die)
    # with a policy (never flipping) the coin's flips count among the moves: a board only the coin can win races
    game = build_chain(board, die, args.rule, start=args.start, policy=0, coin=args.coin)
    options = dict(flip=args.flip, digits=args.digits, exact=args.exact)
    if args.table:
        with progress(args, len(names) ** 2, "race") as bar:
            table = game.race_table(names, progress=bar, **options)
        rows = [{"first": r.first, "second": r.second, "first_wins": quantity(r.first_wins, args),
                 "second_wins": quantity(r.second_wins, args),
                 "expected_rounds": _value(r.expected_rounds, args), "method": r.method, "ties": r.ties}
                for r in table.rows]
        result = {**table.inputs.to_dict(), "policies": {"first": list(table.policies), "second": list(table.policies)},
                  "table": rows, "ties": ties_data(sum(r.ties for r in table.rows))}
        return emit(args, "race", Answer(result, _table_text, _table_latex, _engine(r.method for r in table.rows)))
    r = game.race(args.first, args.second, **options)
    result = {**r.inputs.to_dict(), "policies": {"first": r.first.policy.name, "second": r.second.policy.name},
              "first_wins": quantity(r.first_wins, args), "second_wins": quantity(r.second_wins, args),
              "never_ends": quantity(r.never_ends, args),
              "expected_rounds": _value(r.expected_rounds, args, r.rounds_reason or "", r.loop),
              "method": r.method, "states": r.states, "seats": [_seat(s, args) for s in r.seats],
              "value": r.value_statement(), "ties": ties_data(r.ties)}
    shown = {**result, "positions": list(r.moves.squares)} if args.format == "text" else result
    return emit(args, "race", Answer(shown, _text, _latex, _engine([r.method])))


def _engine(methods: Any) -> str:
    """The record's engine: certified if any value is only certified (the how line says which route)."""
    return "certified" if any("certified" in m for m in methods) else "exact"


def _head(r: dict[str, Any]) -> str:
    die = ", ".join(r["die"])
    return (f"board {r['board']} ({r['size']} squares), die ({die}), rule {r['rule']}, coin {r['coin']}, "
            f"both start on {r['start']}")


def _text(r: dict[str, Any]) -> str:
    lines = [_head(r), f"first: {r['policies']['first']}, second: {r['policies']['second']}", ""]
    for key, name in (("first_wins", "first wins"), ("second_wins", "second wins"), ("never_ends", "never ends"),
                      ("expected_rounds", "expected rounds")):
        q = r[key]
        if key == "never_ends" and q.get("exact") == "0":
            continue
        kind = "exact" if q.get("exact") or q.get("exact_digits") else \
            "infinite: " + q["reason"] if q.get("infinite") else f"{q.get('certain_digits')} certain digits"
        lines.append(f"{name:<16} {quantity_text(q):<40} {kind}")
    lines += ["", f"how: {r['method']}" + (f" ({r['states']:,} states)" if r["states"] else "")]
    for seat in r["seats"]:
        cert = seat["certificate"]
        if cert is not None:
            lines.append(f"certificate: {cert['statement']}")
    if r["value"]:
        lines.append(f"value: {r['value']}")
    if r["ties"]["decisions"]:
        lines.append(f"ties: {counted(r['ties']['decisions'], 'decision')} of win give the same chance to win either way; "
                     f"{r['ties']['rule']} (the expected rounds follow that choice)")
    for seat in r["seats"]:
        versus = seat["versus_length"]
        if versus is None:
            continue
        who = "first" if seat["seat"] == 1 else "second"
        lines += ["", f"win against length, {who} seat: {quantity_text(versus['gain'])} more chance to win "
                      f"(with length in its place: {quantity_text(versus['with_length'])}); they part at "
                      f"{counted(versus['decisions'], 'decision')} (my square, the opponent's, the roll) where length "
                      f"is proven worse, on {counted(len(versus['differences']), 'square and roll', 'squares and rolls')}"]
        goal = r["size"]
        for d in versus["differences"][:SHOWN_DIFFERENCES]:
            lines.append("  " + _difference(d, goal, tuple(r["positions"])))
        more = len(versus["differences"]) - SHOWN_DIFFERENCES
        if more > 0:
            lines.append(f"  and {more} more (--format json lists them all)")
    return "\n".join(lines)


def _difference(d: dict[str, Any], goal: int, positions: tuple[int, ...]) -> str:
    from ..race.compare import squares_text

    land = f"{d['landing']} (one past {goal})" if d["landing"] > goal else str(d["landing"])
    what = "flips" if d["win_flips"] else "does not flip"
    return (f"on {d['square']}, rolling {d['roll']} (landing on {land}): win {what} when the opponent is on "
            f"{squares_text(tuple(d['opponents']), positions)}")


def _table_text(r: dict[str, Any]) -> str:
    names = r["policies"]["first"]
    cell = {(row["first"], row["second"]): quantity_text(row["first_wins"]) for row in r["table"]}
    width = max(8, *(len(v) for v in cell.values()))
    lines = [_head(r), "the first seat's chance to win: rows the first's policy, columns the second's", ""]
    lines.append("first \\ second".ljust(16) + "".join(n.rjust(width + 2) for n in names))
    for a in names:
        lines.append(a.ljust(16) + "".join(cell[a, b].rjust(width + 2) for b in names))
    methods = sorted({row["method"] for row in r["table"]})
    lines += ["", "how: " + "; ".join(methods)]
    return "\n".join(lines)


def _latex(r: dict[str, Any]) -> str:
    paras = [tex_text(_head(r)) + ".",
             tex_text(f"The first plays {r['policies']['first']}, the second {r['policies']['second']}.") + "",
             f"$P(\\text{{first wins}}) {relation_math(r['first_wins'])}$, "
             f"$P(\\text{{second wins}}) {relation_math(r['second_wins'])}$, "
             f"expected rounds ${relation_math(r['expected_rounds'])}$.",
             tex_text(f"How: {r['method']}.")]
    paras += [tex_text(f"Certificate: {s['certificate']['statement']}.") for s in r["seats"] if s["certificate"]]
    if r["value"]:
        paras.append(tex_text(f"Value: {r['value']}."))
    for s in r["seats"]:
        if s["versus_length"]:
            v = s["versus_length"]
            paras.append(tex_text(f"Seat {s['seat']}: win gains ") + f"${relation_math(v['gain'])}$" +
                         tex_text(f" over length, from which it parts at {v['decisions']} decisions."))
    return tex_document("A race of two coin policies", paras)


def _table_latex(r: dict[str, Any]) -> str:
    names = r["policies"]["first"]
    cell = {(row["first"], row["second"]): row["first_wins"] for row in r["table"]}
    head = " & ".join(tex_text(n) for n in names)
    body = " \\\\\n".join(tex_text(a) + " & " + " & ".join(
        f"${relation_math(cell[a, b]).removeprefix('= ').removeprefix(chr(92) + 'approx ')}$" for b in names) for a in names)
    table = ("\\sbox{\\racetable}{\\small\\begin{tabular}{l" + "r" * len(names) + "}\n" + tex_text("first \\ second")
             + " & " + head + " \\\\\n\\hline\n" + body + "\n\\end{tabular}}\n"
             # shrunk to the text's width only when wider (ten policies of twelve digits are)
             + "\\ifdim\\wd\\racetable>\\linewidth\\resizebox{\\linewidth}{!}{\\usebox{\\racetable}}"
             + "\\else\\usebox{\\racetable}\\fi")
    return tex_document("The first seat's chance to win", [tex_text(_head(r)) + ".", table],
                        preamble=["\\newsavebox{\\racetable}"])


def _data(data: Any, args: argparse.Namespace) -> Any:
    """A result's plain data as JSON (:func:`~limits.markup.quantities.to_json`) at the command's digits."""
    return to_json(data, args.digits, args.exact_digits)
