"""The limit of a family as eps -> 0 in one answer (``limits limit``): a result that renders itself.

A :class:`Limit` holds what a family says about its limit: sigma's Laurent
expansion (from the whole rational function of p for the loaded die as
p -> 1 where it can be built, from the time-scale hierarchy otherwise), the
variance's, the law of the game length, and for the loaded die as p -> 1 the
order explained from the walk's loops. It renders itself as text, a LaTeX
document and the dict of the command's JSON schema, through its parts' own
renderers (:meth:`~limits.exact.rational.Laurent.text` and ``latex``, the
law's :meth:`~limits.limit.length_law.LengthLaw.summary`,
:meth:`~limits.limit.order.OrderExplanation.text`). ``family_json`` and
``trap_quantity`` are the pieces every family's answer shares.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..checks import MAX_FUNCTION_STATES, MAX_TEXT_DIGITS
from ..checks import terms as check_terms
from ..cost import limit as limit_cost
from ..cost import shape_of
from ..exact.digits import decimal, ratio, ratio_value
from ..exact.rational import Laurent, RationalFunction
from ..markup.latex import tex_decimal, tex_document, tex_number, tex_polynomial, tex_text
from ..markup.numerals import MAX_SHOWN_DIGITS, digits_of, fold
from ..markup.prose import latex_prose, plain
from ..markup.quantities import exponent, infinite_quantity, quantity, to_json
from .length_law import LengthLaw
from .order import OrderExplanation
from .perturbed_chain import Perturbation
from .phase import PhaseDiagram

__all__ = ["Limit", "Phase", "limit_report", "family_json", "family_head", "trap_quantity", "series_json", "TRAPPED",
           "check_cost"]

TRAPPED = "a loop can hold the player forever for every eps > 0"

_ROUTES = {"rational_function": "the whole rational function of p, expanded at p = 1",
           "hierarchy": "the time-scale hierarchy (exact solves on the chain's structure, no rational function)"}


def family_json(family: Perturbation) -> dict[str, Any]:
    """``{"name", "at", "toward"}``: the family's name and its two dice as exact ``"a/b"`` strings (and a family of
    several speeds its faces, ``die_of_eps``, and q: it is a series in eps^(1/q))."""
    from ..model.die_of_eps import face_text, scale

    speeds = {} if family.speeds is None else {"die_of_eps": [face_text(p) for p in family.speeds],
                                               "q": scale(family.speeds)}
    return {"name": family.describe(), "at": [ratio(p) for p in family.at.probabilities],
            "toward": [ratio(p) for p in family.toward.probabilities], **speeds}


def check_cost(family: Perturbation, terms: int) -> None:
    """Refuse ``terms`` terms of a family's limit predicted past the budget (:func:`limits.cost.limit`): another
    family's exact solves have numbers that grow with the bits of its die at eps = 0."""
    bits = 0 if family.loaded_as is not None else shape_of(family.board, family.at).bits
    limit_cost(family.board.size - len(family.board.jumps), family.faces, terms, bits).check()


def family_head(family: Perturbation) -> dict[str, Any]:
    """The keys every family's answer opens with: board, rule, family, delta, p_to, faces and start."""
    delta, p_to = family.loaded_as or (None, None)
    return {"board": family.board.name, "rule": family.rule.value, "family": family_json(family), "delta": delta,
            "p_to": p_to, "faces": family.faces, "start": family.start}


def _eps(power: Fraction) -> str:
    """``eps^2``, ``eps^(-3/2)``."""
    return "eps" if power == 1 else f"eps^{power}" if Fraction(power).denominator == 1 else f"eps^({power})"


def trap_quantity(family: Perturbation) -> dict[str, Any]:
    """sigma, infinite for every eps > 0, with the loop that traps the player."""
    return infinite_quantity(TRAPPED, family.trap or ())


def _coefficient(a: Fraction, digits: int, exact_digits: int | None) -> tuple[str, str, bool]:
    """A coefficient as text and as math, and whether it is rounded: its fraction when short (at most
    :data:`~limits.markup.numerals.MAX_SHOWN_DIGITS` digits), else its decimal."""
    q = quantity(a, digits, exact_digits)
    exact = q.get("exact")
    if exact is not None and digits_of(exact) <= MAX_SHOWN_DIGITS:
        return exact, tex_number(a), False
    return q["decimal"], tex_decimal(q["decimal"]), exact is None or ratio_value(exact) != Fraction(q["decimal"])


@dataclass(frozen=True)
class Limit:
    """What a family says about its limit as eps -> 0: expansions, the law and why (``limits limit``).

    ``function`` is sigma as a rational function of p where the expansion came from it (None: from the
    hierarchy); ``explanation`` the order explained from the walk (the loaded die as p -> 1); ``loop`` where a
    diverging sigma spends its time.
    """

    family: Perturbation
    expansion: Laurent
    variance: Laurent | None
    law: LengthLaw | None = None
    explanation: OrderExplanation | None = None
    function: RationalFunction | None = None
    loop: tuple[int, ...] = ()

    def __repr__(self) -> str:
        return f"Limit({self.family.describe()}: {self.expansion.text(digits=6)})"[:200]

    @property
    def route(self) -> str | None:
        """``"rational_function"``, ``"hierarchy"``, or None where sigma is infinite for every eps."""
        return None if self.expansion.infinite else "rational_function" if self.function else "hierarchy"

    def _limit(self, digits: int, exact_digits: int | None) -> dict[str, Any]:
        e, f = self.expansion, self.family
        if e.order == 0:
            return quantity(e.limit if self.function else e.leading_coefficient, digits, exact_digits)
        d = f.loaded_as and f.loaded_as[0]
        where = f"sigma_{d}" if self.function else "sigma"
        end = f"as P({d}) = 1 - eps -> 1" if self.function else "as eps -> 0"
        return infinite_quantity(f"{where} diverges like {ratio(e.leading_coefficient)} * {_eps(-e.order)} {end}",
                                 self.loop)

    def to_json(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
        """The dict of ``limits limit``'s JSON schema (without ``schema`` and ``inputs``)."""
        f = self.family
        out = family_head(f)
        if self.expansion.infinite:
            inf = trap_quantity(f)
            return {**out, "route": None, "order": None, "leading_coefficient": None, "limit": inf,
                    "coefficients": [], "variance": inf, "law": None}
        mean, limit = series_json(self.expansion, digits, exact_digits), self._limit(digits, exact_digits)
        out["route"] = self.route
        if self.function is not None:
            out.update(order=mean["order"], leading_coefficient=mean["leading_coefficient"], limit=limit,
                       coefficients=mean["coefficients"], rational_function={
                           "numerator": [ratio(c) for c in self.function.numerator],
                           "denominator": [ratio(c) for c in self.function.denominator]})
        else:
            out.update(mean, limit=limit)
        if self.explanation is not None:
            out["explanation"] = {**self.explanation.to_dict(), "leading_coefficient": quantity(
                self.explanation.leading_coefficient, digits, exact_digits)}
        out["variance"] = None if self.variance is None else series_json(self.variance, digits, exact_digits)
        out["law"] = None if self.law is None else to_json(self.law, digits, exact_digits)
        return out

    def _where(self) -> str:
        f = self.family
        if f.loaded_as is None:
            return f"as eps -> 0 for {f.describe()}"
        d, p_to = f.loaded_as
        return f"as P({d}) -> {p_to}" + (" (eps = 1 - p)" if p_to == 1 else " (eps = p)")

    def text(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """The limit, the two expansions, the law, the route and why, as ``limits limit`` prints them."""
        f, e = self.family, self.expansion
        if e.infinite:
            return (f"sigma is infinite for every eps > 0 for {f.describe()}\n"
                    f"  because {TRAPPED}: the loop {{{', '.join(map(str, f.trap))}}}")
        name = f"sigma_{f.loaded_as[0]}" if f.loaded_as else "sigma"
        if e.order == 0:
            lim = self._limit(digits, exact_digits)
            exact = lim.get("exact")
            more = "" if exact in (None, lim["decimal"]) or digits_of(exact) > MAX_SHOWN_DIGITS else f" = {exact}"
            head = f"{name} has a finite limit {lim['decimal']}{more} {self._where()}"
        else:
            q = quantity(e.leading_coefficient, digits, exact_digits)
            lead = q["exact"] if q.get("exact") is not None and len(q["exact"]) <= 24 else q["decimal"]
            head = f"{name} diverges like {lead} * {_eps(-e.order)} {self._where()}"

        def number(a: Fraction) -> str:
            return _coefficient(a, digits, exact_digits)[0]

        lines = [head, f"expansion: {e.text(number=number, named=False)}"]
        v = self.variance
        if v is not None:
            lines.append(f"variance: {v.text(number=number, named=False)}" if any(a for _, a in v.coefficients)
                         else "variance: 0 (every game has the same length)")
        if self._rounded(digits, exact_digits):
            lines.append(f"(coefficients of more than {MAX_SHOWN_DIGITS} digits as decimals: --format json holds "
                         "them exactly)")
        if self.law is not None:
            law, exact = fold(plain(self.law.summary()).replace(" / ", "/"))  # a long fraction in the law: decimal
            law = law.replace("≈", "~")  # the terminal text stays ASCII
            if exact or "..." in law:  # the sentence's full stop after the note, not after a cut decimal's dots
                law = law.removesuffix(".") + " (exact: --format json)."
            lines.append(f"law: {law}")
        lines.append("route: " + _ROUTES[self.route])
        if self.explanation is not None:
            lines.append(self.explanation.text())
        return "\n".join(lines)

    def _rounded(self, digits: int, exact_digits: int | None, variance: bool = True) -> bool:
        """Whether a coefficient (of sigma, and of the variance) is written as a decimal that is not its value."""
        series = (self.expansion, self.variance) if variance and self.variance is not None else (self.expansion,)
        return any(_coefficient(a, digits, exact_digits)[2] for s in series for _, a in s.coefficients)

    def latex(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """A complete LaTeX document of the answer."""
        f = self.family
        paras = [f"Board {tex_text(f.board.name)}, rule {tex_text(f.rule.value)}, start square {f.start}: "
                 f"{_tex_family(f)}."]
        if self.expansion.infinite:
            return tex_document("The expected length as $\\varepsilon \\to 0$", paras + [
                f"The expected length is infinite for every $\\varepsilon > 0$: {tex_text(TRAPPED)}, "
                f"the loop $\\{{{', '.join(map(str, f.trap))}\\}}$."])
        if self.function is not None:
            d = f.loaded_as[0]
            num, den = self.function.numerator, self.function.denominator
            if max(digits_of(str(c)) for c in num + den) <= MAX_SHOWN_DIGITS:
                paras += [f"$\\sigma_{{{d}}}(p) = N(p) / D(p)$ with", f"$N(p) = {tex_polynomial(num)}$.",
                          f"$D(p) = {tex_polynomial(den)}$."]
            else:  # integer coefficients of sixty digits: scaled and rounded here, exact in the JSON
                n, dd = (_tex_scaled(c, max(abs(x) for x in den)) for c in (num, den))
                paras += [f"$\\sigma_{{{d}}}(p) = N(p) / D(p)$ with, both divided by the largest coefficient of $D$ "
                          "and rounded to four digits (the exact integers: \\texttt{--format json})",
                          f"$N(p) \\approx {n}$,", f"$D(p) \\approx {dd}$."]

        def number(a: Fraction) -> str:
            return _coefficient(a, digits, exact_digits)[1]

        approx = {True: "\\approx", False: "="}
        rounded = self._rounded(digits, exact_digits, variance=False)
        paras.append(f"The expected length: $\\sigma {approx[rounded]} "
                     f"{self.expansion.latex(number=number, space=' ')}$.")
        v = self.variance
        if v is not None and any(a for _, a in v.coefficients):
            mine = any(_coefficient(a, digits, exact_digits)[2] for _, a in v.coefficients)
            rounded = rounded or mine
            paras.append(f"Its variance: $\\operatorname{{Var}} M {approx[mine]} {v.latex(number=number, space=' ')}$.")
        elif v is not None:
            paras.append("Its variance is 0: every game has the same length.")
        if self.law is not None:
            paras.append("The game length $M$ in the limit: " + latex_prose(self.law.summary()))
        if self.explanation is not None:
            paras.append(tex_text(self.explanation.text()).replace("\n", "\n\n"))
        if rounded:
            paras.append(f"Coefficients of more than {MAX_SHOWN_DIGITS} digits are shown to their first digits; "
                         "\\texttt{--format json} holds them exactly.")
        return tex_document("The expected length as $\\varepsilon \\to 0$", paras)


def series_json(e: Laurent, digits: int, exact_digits: int | None) -> dict[str, Any]:
    """``{"order", "leading_coefficient", "coefficients"}`` of an expansion, as JSON quantities."""
    return {"order": exponent(e.order), "leading_coefficient": quantity(e.leading_coefficient, digits, exact_digits),
            "coefficients": [{"power": exponent(j), **quantity(a, digits, exact_digits)} for j, a in e.coefficients]}


def _tex_family(f: Perturbation) -> str:
    if f.speeds is not None:
        return f"the die of $\\varepsilon$ \\texttt{{{tex_text(f.describe())}}}, as $\\varepsilon \\to 0$"
    if f.loaded_as is not None:
        d, p_to = f.loaded_as
        end = "1 - \\varepsilon" if p_to == 1 else "\\varepsilon"
        return f"$P({d}) = p = {end}$, the other faces sharing $1 - p$ equally"
    at = ", ".join(tex_number(p) for p in f.at.probabilities)
    toward = ", ".join(tex_number(p) for p in f.toward.probabilities)
    return (f"the die $(1 - \\varepsilon) A + \\varepsilon B$ with $A = ({at})$ and $B = ({toward})$, "
            "as $\\varepsilon \\to 0$")


def _tex_scaled(cs: tuple[int, ...], scale: int, digits: int = 4) -> str:
    """An integer polynomial in p divided by ``scale``, each coefficient a decimal of ``digits`` digits."""
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


def limit_report(family: Perturbation, terms: int = 4) -> Limit:
    """The family's limit as eps -> 0 (:meth:`Perturbation.limit <limits.limit.perturbed_chain.Perturbation.limit>`).

    The loaded die as p -> 1 takes the exact rational function of p where its states are at most
    :data:`~limits.checks.MAX_FUNCTION_STATES`, and explains the order from the walk's loops; any other family
    (or a larger board) takes the time-scale hierarchy, with no rational function.

    Raises
    ------
    TooLargeError
        For the loaded die, when the terms asked for are predicted past the budget (:func:`limits.cost.limit`).
    """
    terms = check_terms(terms)
    check_cost(family, terms)
    if family.speeds is not None:  # a Puiseux series: the variance and the law are not asked of it
        e = family.expansion(terms)
        return Limit(family, e, None, explanation=family.explain_order() if family.deterministic and not e.infinite
                     else None)
    if family.trap is not None:
        return Limit(family, family.expansion(terms), family.variance(terms))
    loaded = family.loaded_as is not None and family.loaded_as[1] == 1
    small = loaded and len(family.structure.states) <= MAX_FUNCTION_STATES
    function = family.rational_function("p") if small else None
    expansion = family.expansion(terms) if function is None else function.laurent(terms)
    law = family.law()
    return Limit(family, expansion, family.variance(terms), law, family.explain_order() if loaded else None, function,
                 family.hierarchy().deepest_loop())


@dataclass(frozen=True)
class Phase:
    """sigma's order over the rates of two faces (``limits limit --delta D --rates A,B``), rendering itself."""

    family: Perturbation
    diagram: PhaseDiagram

    def to_json(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
        """The dict of ``limits limit``'s JSON schema with its ``phase_diagram``."""
        return {**family_head(self.family), "phase_diagram": {**self.diagram.to_dict(), "text": self.diagram.text()}}

    def text(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """The regions of the rates and the order on each."""
        (a, b), d = self.diagram.faces, self.diagram.delta
        return f"sigma's order as eps -> 0 with P({a}) = eps^a, P({b}) = eps^b, P({d}) the rest:\n{self.diagram.text()}"

    def latex(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """A LaTeX document of the regions."""
        return tex_document("The order of the expected length over the rates",
                            [tex_text(line) for line in self.text().splitlines()])
