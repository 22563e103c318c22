"""The limit of a family as eps -> 0: ``limits limit``.

``--delta D`` (P(D) -> 1) keeps the loaded die's route where it is feasible:
the exact rational function sigma_D(p), its Laurent expansion and the order
explained from the walk's loops. On a board of more than
:data:`~limits.checks.MAX_FUNCTION_STATES` squares it takes the
general explorer's route instead, as ``--delta D --p-to 0`` and ``--at DIE
--toward DIE`` always do: the expansion from the time-scale hierarchy, with no
rational function (the order is still explained from the walk). The JSON's
``route`` and the text say which was taken. Every route adds the variance's
expansion and the law of the game length in the limit.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from ..checks import MAX_FUNCTION_STATES, MAX_TERMS
from ..exact.digits import decimal, ratio, ratio_value
from ..markup.latex import tex_decimal, tex_document, tex_number, tex_polynomial, tex_text
from ..markup.numerals import MAX_SHOWN_DIGITS, digits_of, fold
from ..markup.quantities import exponent, infinite_quantity, to_json
from .budget import check_family_cost
from .families import (
    add_family_options,
    check_family,
    deepest_loop,
    expansion_json,
    family_json,
    is_family,
    perturbation_of,
    trap_quantity,
)
from .options import add_board_options, add_command, integer_arg
from .output import board_of, quantity, render

__all__ = ["register"]


def _faces_pair(text: str) -> tuple[int, int]:
    """``3,1``: the faces A and B of ``--rates``."""
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"--rates takes two faces A,B, not {text!r}")
    return int(parts[0]), int(parts[1])


def register(sub: Any) -> None:
    """Add ``limit`` to the subparsers ``sub``."""
    lim = add_command(sub, "limit", "sigma as eps -> 0 for a family of dice: Laurent expansions, why, and the law",
                      ["limit --delta 5", "limit --delta 3 --terms 6 --format json", "limit --delta 5 --format latex",
                       "limit --delta 1 --p-to 0", "limit --at 0,1/2,0,0,1/2,0 --toward 1/4,0,1/4,1/4,0,1/4",
                       "limit --at 0,0,0,1,0,0 --toward 0,0,0,0,0,1",
                       'limit --die-of-eps "eps^2, 0, eps^(1/2), 0, 1 - eps^(1/2) - eps^2, 0"',
                       "limit --delta 5 --rates 3,1"])
    add_board_options(lim)
    add_family_options(lim, speeds=True)
    lim.add_argument("--rates", metavar="A,B", type=_faces_pair,
                     help="with --delta: the phase diagram of sigma's order when faces A and B have probabilities "
                          "eps^a and eps^b and the loaded face the rest, over the rates (a, b)")
    lim.add_argument("--terms", type=integer_arg(1, MAX_TERMS, "--terms"), default=4,
                     help=f"Laurent coefficients to give, 1..{MAX_TERMS} (default 4)")
    lim.set_defaults(run=_limit)


def _limit(args: argparse.Namespace) -> str:
    check_family(args)
    board = board_of(args.board, args)
    check_family_cost(args, board, "limit")
    family = perturbation_of(args, board)  # the board is walked once: every answer below comes from this family
    loaded = not is_family(args)
    result: dict[str, Any] = {
        "board": board.name, "rule": family.rule.value, "family": family_json(family),
        "delta": args.delta if loaded else None, "p_to": args.p_to if loaded else None,
        "faces": family.faces, "start": args.start,
    }
    if args.rates is not None:
        diagram = family.phase(*args.rates)
        result["phase_diagram"] = {**diagram.to_dict(), "text": diagram.text()}
        return render(args, "limit", result, lambda r: f"sigma's order as eps -> 0 with P({args.rates[0]}) = eps^a, "
                      f"P({args.rates[1]}) = eps^b, P({args.delta}) the rest:\n{diagram.text()}")
    if family.trap is not None:
        inf = trap_quantity(family)
        result.update(route=None, order=None, leading_coefficient=None, limit=inf, coefficients=[], variance=inf,
                      law=None)
        return render(args, "limit", result, _trapped_text, _trapped_latex)
    by_function = loaded and args.p_to == 1 and len(family.structure.states) <= MAX_FUNCTION_STATES
    result["route"] = "rational_function" if by_function else "hierarchy"
    if family.speeds is not None:  # a Puiseux series; the variance and the law are not asked of it
        result.update(_family_route(family, args), variance=None, law=None)
        if family.deterministic:
            result["explanation"] = _explanation(family, args)
        return render(args, "limit", result, lambda r: _limit_text(r, None), lambda r: _limit_latex(r, None))
    if by_function:
        result.update(_loaded_route(family, args, deepest_loop(family.hierarchy())))
    else:
        result.update(_family_route(family, args))
        if loaded and args.p_to == 1:
            result["explanation"] = _explanation(family, args)
    law = family.law()
    result["variance"] = expansion_json(family.variance(args.terms), args)
    result["law"] = to_json(law, args.digits, args.exact_digits)

    def text(r: dict[str, Any]) -> str:
        return _limit_text(r, law)

    def latex(r: dict[str, Any]) -> str:
        return _limit_latex(r, law)

    return render(args, "limit", result, text, latex)


def _explanation(family: Any, args: argparse.Namespace) -> dict[str, Any]:
    """The order of divergence of sigma_delta as P(delta) -> 1, explained from the walk's loops."""
    expl = family.explain_order()
    return {
        "order": exponent(expl.order), "simple_order": exponent(expl.simple_order),
        "loops": [{"kind": lp.kind, "squares": list(lp.squares), "enter": None if lp.enter is None else
                   exponent(lp.enter), "leave": exponent(lp.leave)} for lp in expl.loops],
        "cost_to_goal": exponent(expl.cost_to_goal), "cheapest_root": expl.cheapest_root,
        "cost_at_root": exponent(expl.cost_at_root), "leading_coefficient": quantity(expl.leading_coefficient, args),
        "text": expl.text(),
    }


def _loaded_route(family: Any, args: argparse.Namespace, loop: tuple[int, ...]) -> dict[str, Any]:
    """P(delta) -> 1: the exact rational function, its expansion and the order explained from the walk.

    ``loop`` is where a divergent sigma spends its time (the hierarchy's deepest route)."""
    f = family.rational_function("p")
    series = f.laurent(args.terms)
    d = args.delta
    if series.order == 0:
        limit = quantity(series.limit, args)
    else:
        limit = infinite_quantity(f"sigma_{d} diverges like {ratio(series.leading_coefficient)} * "
                                  f"eps^-{series.order} as P({d}) = 1 - eps -> 1", loop)
    return {
        "order": series.order,
        "leading_coefficient": quantity(series.leading_coefficient, args),
        "limit": limit,
        "coefficients": [{"power": j, **quantity(a, args)} for j, a in series.coefficients],
        "rational_function": {"numerator": [ratio(c) for c in f.numerator],
                              "denominator": [ratio(c) for c in f.denominator]},
        "explanation": _explanation(family, args),
    }


def _family_route(family: Any, args: argparse.Namespace) -> dict[str, Any]:
    """Any family: the expansion from the time-scale hierarchy (no rational function needed)."""
    e = family.expansion(args.terms)
    data = expansion_json(e, args)
    if e.order == 0:
        limit = quantity(e.leading_coefficient, args)
    else:
        limit = infinite_quantity(f"sigma diverges like {ratio(e.leading_coefficient)} * {_eps(-e.order)} "
                                  "as eps -> 0", () if family.speeds else deepest_loop(family.hierarchy()))
    return {**data, "limit": limit}


def _eps(power: Any, eps: str = "eps") -> str:
    """``eps^2``, ``eps^(-3/2)`` from a power (an integer, or ``"a/b"``)."""
    return eps if power == 1 else f"{eps}^{power}" if "/" not in str(power) else f"{eps}^({power})"


def _after(coefficients: list[dict[str, Any]], q: int) -> Any:
    """The power of the first term left out, a step of ``1/q`` after the last."""
    return exponent(Fraction(str(coefficients[-1]["power"])) + Fraction(1, q))


def series_text(coefficients: list[dict[str, Any]], q: int = 1) -> str:
    """``a + b eps - c eps^2 + O(eps^3)`` from JSON coefficients, ascending; a coefficient is its exact fraction
    when short, else its decimal (as :meth:`limits.exact.rational.Laurent.text` writes it).

    Examples
    --------
    >>> series_text([{"power": 0, "exact": "93", "decimal": "93"}, {"power": 1, "exact": "-10834/25",
    ...              "decimal": "-433.36"}])
    '93 - 10834/25 eps + O(eps^2)'
    """
    terms: list[str] = []
    for c in coefficients:
        j, exact = c["power"], c["exact"]
        value = exact if exact is not None and digits_of(exact) <= MAX_SHOWN_DIGITS else c["decimal"]
        negative, value = value.startswith("-"), value.lstrip("-")
        power = "" if j == 0 else _eps(j)
        term = value if not power else power if value == "1" else f"{value} {power}"
        terms.append(f"{'-' if negative else '+'} {term}" if terms else f"-{term}" if negative else term)
    last = _after(coefficients, q)
    return " ".join(terms + ["+ " + ("O(1)" if last == 0 else f"O({_eps(last)})")])


def _rounded(coefficients: list[dict[str, Any]]) -> bool:
    """Whether :func:`series_text` writes a coefficient as a decimal that is not its exact value."""
    return any(c["exact"] is None or (digits_of(c["exact"]) > MAX_SHOWN_DIGITS
                                      and ratio_value(c["exact"]) != Fraction(c["decimal"])) for c in coefficients)


def _shown(q: dict[str, Any]) -> str:
    """A coefficient in a sentence: its fraction when short, else its decimal."""
    exact = q.get("exact")
    return exact if exact is not None and len(exact) <= 24 else q["decimal"]


def _where(r: dict[str, Any]) -> str:
    if r["delta"] is not None:
        return f"as P({r['delta']}) -> {r['p_to']}" + (" (eps = 1 - p)" if r["p_to"] == 1 else " (eps = p)")
    return f"as eps -> 0 for {r['family']['name']}"


def _limit_text(r: dict[str, Any], law: Any) -> str:
    from ..markup.prose import plain

    lim = r["limit"]
    name = f"sigma_{r['delta']}" if r["delta"] is not None else "sigma"
    if not lim.get("infinite"):
        exact = lim.get("exact")
        more = "" if exact in (None, lim["decimal"]) else f" = {exact}"
        head = f"{name} has a finite limit {lim['decimal']}{more} {_where(r)}"
    else:
        head = f"{name} diverges like {_shown(r['leading_coefficient'])} * {_eps(-Fraction(str(r['order'])))} " \
            f"{_where(r)}"
    lines = [head, f"expansion: {series_text(r['coefficients'], r['family'].get('q', 1))}"]
    var = r["variance"] or {"coefficients": []}
    if law is not None:
        lines.append(f"variance: {series_text(var['coefficients'])}" if var["coefficients"] and any(
            c["exact"] != "0" for c in var["coefficients"]) else "variance: 0 (every game has the same length)")
    if _rounded(r["coefficients"]) or _rounded(var["coefficients"]):
        lines.append(f"(coefficients of more than {MAX_SHOWN_DIGITS} digits as decimals: --format json holds them "
                     "exactly)")
    if law is not None:
        law_text, exact = fold(plain(law.summary()).replace(" / ", "/"))  # a long fraction in the law: its decimal
        law_text = law_text.replace("≈", "~")  # the terminal text stays ASCII
        lines.append(f"law: {law_text}" + (" (exact: --format json)" if exact or "..." in law_text else ""))
    lines.append("route: " + _ROUTES[r["route"]])
    if "explanation" in r:
        lines.append(r["explanation"]["text"])
    return "\n".join(lines)


_ROUTES = {"rational_function": "the whole rational function of p, expanded at p = 1",
           "hierarchy": "the time-scale hierarchy (exact solves on the chain's structure, no rational function)"}


def _trapped_text(r: dict[str, Any]) -> str:
    lim = r["limit"]
    loop = ", ".join(map(str, lim["loop"]))
    return (f"sigma is infinite for every eps > 0 for {r['family']['name']}\n"
            f"  because {lim['reason']}: the loop {{{loop}}}")


_APPROX = {True: "\\approx", False: "="}


def _tex_coefficient(c: dict[str, Any]) -> tuple[str, bool]:
    """A coefficient as math, and whether it is rounded: exact when short, else its decimal."""
    exact = c["exact"]
    if exact is not None and digits_of(exact) <= MAX_SHOWN_DIGITS:
        return tex_number(ratio_value(exact)), False
    return tex_decimal(c["decimal"]), Fraction(c["decimal"]) != ratio_value(exact) if exact is not None else True


def _tex_series(coefficients: list[dict[str, Any]], q: int = 1) -> tuple[str, bool]:
    """The series in ascending powers (its last term ``O(1)`` or ``O(\\varepsilon^k)``), and whether a coefficient
    is rounded."""
    terms, rounded = [], False
    for c in coefficients:
        j = c["power"]
        value, approx = _tex_coefficient(c)
        rounded = rounded or approx
        negative = value.startswith("-")
        value = value.lstrip("- ")
        power = "" if j == 0 else "\\varepsilon" if j == 1 else f"\\varepsilon^{{{j}}}"  # -3/2 as it is
        term = value if not power else f"{value} {power}" if "frac" in value or "times" in value or value != "1" \
            else power
        terms.append(f"{'-' if negative else '+' if terms else ''} {term}".strip())
    last = _after(coefficients, q)
    rest = "O(1)" if last == 0 else "O(\\varepsilon)" if last == 1 else f"O(\\varepsilon^{{{last}}})"
    return " ".join(terms + [f"+ {rest}"]), rounded


def _tex_scaled(num: list[int], den: list[int], digits: int = 4) -> tuple[str, str]:
    """N and D divided by D's largest coefficient, each coefficient a decimal of ``digits`` significant digits."""
    scale = max(abs(c) for c in den)

    def poly(cs: list[int]) -> str:
        terms = []
        for k, c in enumerate(cs):
            if c == 0:
                continue
            value = tex_decimal(decimal(abs(Fraction(c, scale)), digits))
            power = "" if k == 0 else "p" if k == 1 else f"p^{{{k}}}"
            value = "" if value == "1" and power else value
            sign = "-" if c < 0 else "+"
            terms.append(f"{sign} {value} {power}".replace("  ", " ").strip() if terms or c < 0
                         else f"{value} {power}".strip())
        return " ".join(terms) or "0"

    return poly(num), poly(den)


def _tex_family(r: dict[str, Any]) -> str:
    if "die_of_eps" in r["family"]:
        return f"the die of $\\varepsilon$ \\texttt{{{tex_text(r['family']['name'])}}}, as $\\varepsilon \\to 0$"
    if r["delta"] is not None:
        d = r["delta"]
        if r["p_to"] == 1:
            return f"$P({d}) = p = 1 - \\varepsilon$, the other faces sharing $1 - p$ equally"
        return f"$P({d}) = p = \\varepsilon$, the other faces sharing $1 - p$ equally"
    at = ", ".join(tex_number(ratio_value(p)) for p in r["family"]["at"])
    toward = ", ".join(tex_number(ratio_value(p)) for p in r["family"]["toward"])
    return (f"the die $(1 - \\varepsilon) A + \\varepsilon B$ with $A = ({at})$ and $B = ({toward})$, "
            "as $\\varepsilon \\to 0$")


def _limit_latex(r: dict[str, Any], law: Any) -> str:
    from ..markup.prose import latex_prose

    paras = [f"Board {tex_text(r['board'])}, rule {tex_text(r['rule'])}, start square {r['start']}: "
             f"{_tex_family(r)}."]
    if "rational_function" in r:
        d = r["delta"]
        num = [int(c) for c in r["rational_function"]["numerator"]]
        den = [int(c) for c in r["rational_function"]["denominator"]]
        if max(map(digits_of, map(str, num + den))) <= MAX_SHOWN_DIGITS:
            paras += [f"$\\sigma_{{{d}}}(p) = N(p) / D(p)$ with", f"$N(p) = {tex_polynomial(num)}$.",
                      f"$D(p) = {tex_polynomial(den)}$."]
        else:  # integer coefficients of sixty digits: scaled and rounded here, exact in the JSON
            n, dd = _tex_scaled(num, den)
            paras += [f"$\\sigma_{{{d}}}(p) = N(p) / D(p)$ with, both divided by the largest coefficient of $D$ "
                      "and rounded to four digits (the exact integers: \\texttt{--format json})",
                      f"$N(p) \\approx {n}$,", f"$D(p) \\approx {dd}$."]
    series, rounded = _tex_series(r["coefficients"], r["family"].get("q", 1))
    paras.append(f"The expected length: $\\sigma {_APPROX[rounded]} {series}$.")
    var = r["variance"]
    if law is not None and any(c["exact"] != "0" for c in var["coefficients"]):
        series, approx = _tex_series(var["coefficients"])
        rounded = rounded or approx
        paras.append(f"Its variance: $\\operatorname{{Var}} M {_APPROX[approx]} {series}$.")
    elif law is not None:
        paras.append("Its variance is 0: every game has the same length.")
    if law is not None:
        paras.append("The game length $M$ in the limit: " + latex_prose(law.summary()))
    if "explanation" in r:
        paras.append(tex_text(r["explanation"]["text"]).replace("\n", "\n\n"))
    if rounded:
        paras.append(f"Coefficients of more than {MAX_SHOWN_DIGITS} digits are shown to their first digits; "
                     "\\texttt{--format json} holds them exactly.")
    return tex_document("The expected length as $\\varepsilon \\to 0$", paras)


def _trapped_latex(r: dict[str, Any]) -> str:
    lim = r["limit"]
    loop = ", ".join(map(str, lim["loop"]))
    return tex_document("The expected length as $\\varepsilon \\to 0$", [
        f"Board {tex_text(r['board'])}, rule {tex_text(r['rule'])}, start square {r['start']}: {_tex_family(r)}.",
        f"The expected length is infinite for every $\\varepsilon > 0$: {tex_text(lim['reason'])}, "
        f"the loop $\\{{{loop}\\}}$."])
