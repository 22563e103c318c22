"""``--format latex`` for the commands whose answers are tables or single values.

``sigma``, ``sweep``, ``optimum``, ``strategies``, ``optimal`` and
``players`` write their JSON-ready answer as a document of the one document
model (:class:`~limits.markup.document.Document`): a sentence naming the
game, then the values in prose or a table, each the certified decimal the
text output prints, an exact fraction where it is short (at most
:data:`~limits.markup.numerals.MAX_SHOWN_DIGITS` digits); ``--format json``
holds every exact value.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..exact.digits import ratio_value
from ..markup.document import Document
from ..markup.latex import tex_decimal, tex_number
from ..markup.numerals import MAX_SHOWN_DIGITS, digits_of
from ..markup.prose import literal

__all__ = ["value_math", "relation_math", "sigma_latex", "sweep_latex", "optimum_latex", "strategies_latex", "optimal_latex",
           "players_latex"]


def value_math(q: Any) -> str:
    """A quantity (or a count, or None) as math: the short exact value, else the certified decimal.

    Examples
    --------
    >>> value_math({"exact": "1/3", "decimal": "0.333333", "float": 0.33}), value_math(7), value_math(None)
    ('\\\\frac{1}{3} \\\\approx 0.333333', '7', '-')
    >>> value_math({"decimal": "inf", "float": None, "infinite": True, "reason": "", "loop": [53]})
    '\\\\infty'
    """
    if q is None:
        return "-"
    if isinstance(q, (int, str)):
        return str(q)
    if q.get("infinite"):
        return "\\infty"
    if q.get("decimal") is None:
        return f"\\in [{tex_decimal(q['lower'])}, {tex_decimal(q['upper'])}]"
    exact = q.get("exact")
    if exact is not None and digits_of(exact) <= MAX_SHOWN_DIGITS:
        shown = tex_number(ratio_value(exact))
        return shown if ratio_value(exact) == Fraction(q["decimal"]) else f"{shown} \\approx {tex_decimal(q['decimal'])}"
    return tex_decimal(q["decimal"])


def relation_math(q: Any) -> str:
    r"""A quantity after its name: ``= value`` where the value shown is exact, ``\approx decimal`` where it is
    rounded, ``\in [lower, upper]`` where no digit is certain.

    Examples
    --------
    >>> relation_math({"exact": "1/4", "decimal": "0.25", "float": 0.25}), relation_math(3)
    ('= \\frac{1}{4}', '= 3')
    >>> relation_math({"exact": "1/3", "decimal": "0.333333", "float": 0.33})
    '= \\frac{1}{3} \\approx 0.333333'
    >>> relation_math({"exact": "1" * 30 + "/7", "decimal": "1.58730e28", "float": 1.6e28})
    '\\approx 1.58730 \\times 10^{28}'
    """
    if q is None or isinstance(q, (int, str)) or q.get("infinite"):
        return "= " + value_math(q)
    if q.get("decimal") is None:
        return value_math(q)
    exact = q.get("exact")
    if exact is not None and (ratio_value(exact) == Fraction(q["decimal"]) or digits_of(exact) <= MAX_SHOWN_DIGITS):
        return "= " + value_math(q)
    return "\\approx " + tex_decimal(q["decimal"])


def _cell(q: Any) -> str:
    return "-" if q is None else f"${value_math(q)}$"


def _game(r: dict[str, Any]) -> str:
    die = f", die $({', '.join(tex_number(ratio_value(p)) for p in r['die'])})$" if r.get("die") else ""
    start = f", start square {r['start']}" if r.get("start") is not None else ""
    return f"Board {literal(r['board'])}, rule {r['rule']}{die}{start}."  # a name's dollars start no math


def _family(r: dict[str, Any]) -> str:
    if r.get("family"):
        return f"The family {literal(r['family']['name'])}."
    return ""


def _document(title: str, paragraphs: list[str], table: tuple[list[str], list[list[str]]] | None = None,
              after: list[str] = ()) -> str:
    doc = Document(title)
    for p in paragraphs:
        if p:
            doc.paragraph(p)
    if table is not None:
        doc.table(*table)
    for p in after:
        doc.paragraph(p)
    return doc.latex()


def sigma_latex(r: dict[str, Any]) -> str:
    """``limits sigma``: the value at one p (or eps), certified."""
    d, turns = r["delta"], r["expected_turns"]
    if d is None:
        where = f"At $\\varepsilon {relation_math(r['eps'])}$"
        name = "\\sigma"
    else:
        where = f"At $P({d}) = p {relation_math(r['p'])}$"
        name = f"\\sigma_{{{d}}}(p)"
    how = ("correctly rounded from the exact value" if "exact" in turns
           else "the certified digits of an enclosure") if not turns.get("infinite") else turns["reason"]
    return _document("The expected length at one point", [
        _game(r), _family(r), f"{where}: ${name} {relation_math(turns)}$ ({how})."])


def sweep_latex(r: dict[str, Any]) -> str:
    """``limits sweep``: sigma on a grid, one column per loaded face (or the family's column)."""
    if r["family"] is not None:
        headers, xs, columns = ["$\\varepsilon$", "$\\sigma$"], r["eps"], [r["expected_turns"]]
    else:
        headers = ["$p$", *(f"$\\sigma_{{{d}}}(p)$" for d in r["deltas"])]
        xs, columns = r["p"], [r["expected_turns"][str(d)] for d in r["deltas"]]
    rows = [[_cell(x), *(_cell(col[i]) for col in columns)] for i, x in enumerate(xs)]
    return _document("The expected length over a grid", [_game(r), _family(r)], (headers, rows))


def optimum_latex(r: dict[str, Any]) -> str:
    """``limits optimum``: where sigma is least, and its values at the two ends."""
    family = r["family"] is not None
    x = "\\varepsilon" if family else "p"
    headers = (["$\\delta$"] if not family else []) + [f"least $\\sigma$ at ${x}$", "least $\\sigma$",
                                                        f"$\\sigma$ at ${x} = 0$", f"$\\sigma$ at ${x} = 1$"]
    rows = []
    for row in r["optima"]:
        at = row["eps"] if family else row["p"]
        where = "-" if at is None else _cell(at) + ("" if row["interior"] else " (at the end)")
        rows.append(([str(row["delta"])] if not family else []) + [where, _cell(row["expected_turns"]),
                                                                   _cell(row["at_zero"]), _cell(row["at_one"])])
    return _document("Where the game is shortest", [_game(r), _family(r)], (headers, rows))


def strategies_latex(r: dict[str, Any]) -> str:
    """``limits strategies``: the expected length of each coin strategy, and of the board without chutes."""
    rows = [[str(s["id"]), s["name"], _cell(s["expected_turns"])] for s in r["strategies"]]
    rows.append(["", "the base game on this board with every chute removed",
                 _cell(r["no_chutes_board"]["expected_turns"])])
    return _document("The coin strategies", [_game(r)], (["id", "strategy", "expected turns"], rows))


def optimal_latex(r: dict[str, Any]) -> str:
    """``limits optimal``: the best (or worst) expected length and the squares where the policy flips."""
    what = "longest" if r["maximise"] else "shortest"
    turns = r["expected_turns"]
    flips = (f"Flip on landing on the squares {', '.join(map(str, r['flip']))}." if r["flip"]  # text breaks at commas
             else "The policy never flips.")
    reason = f" ({turns['reason']})" if turns.get("infinite") else ""
    return _document(f"The {what} game with the coin", [
        _game(r), f"Expected turns: ${value_math(turns)}${reason}.", flips])


def players_latex(r: dict[str, Any]) -> str:
    """``limits players``: spins, rounds and the first seat's chance, for each number of players."""
    rows = []
    for g in r["games"]:
        s, n = g["spins"], g["rounds"]
        seats = g["win_probability"] or [None]
        rows.append([str(g["players"]), _cell(s["expected_spins"]), _cell(s["median"]),
                     _cell(n["expected_rounds"]), _cell(n["median"]), _cell(seats[0])])
    return _document("How long a game of several players lasts", [
        _game(r), "Spins: every player's turns until someone wins; rounds: turns of every seat, the last one "
                  f"counted whole; medians by the {r['quantile_rule']} rule."],
        (["players", "expected spins", "median spins", "expected rounds", "median rounds", "seat 1 wins"], rows))
