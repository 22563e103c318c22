"""sigma at a point, over a grid and at its least, as results that render themselves (``limits sigma``,
``sweep`` and ``optimum``).

A :class:`PointValue` is sigma at one exact point of a family, certified (the
family's :meth:`~limits.limit.perturbed_chain.Perturbation.value_at`); a :class:`SigmaGrid` sigma over a grid, a
column for each loaded face (of p) or the family's column (of eps); an
:class:`Optima` where sigma is least, for each loaded face or for the family.
An infinite value says why: the loop that traps the player. Each renders
itself as text, a LaTeX document and the dict of its command's JSON schema.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable

from ..checks import MAX_TEXT_DIGITS
from ..cost import optimum as optimum_cost
from ..errors import InfiniteExpectationError
from ..markup.document import latex_document
from ..markup.numerals import relation_math, value_math
from ..markup.prose import literal
from ..markup.quantities import quantity, to_json
from ..model.board import Board
from ..model.rules import Rule
from .limit_report import family_json, trap_quantity
from .perturbed_chain import Perturbation
from .sweep import Sweep

__all__ = ["PointValue", "point_value", "SigmaGrid", "loaded_grid", "family_grid", "Optima", "optima"]


def _resolved(family: Perturbation | None, eps: Fraction, value: Any) -> Any:
    """sigma at exactly eps: its exact value, or where it is infinite, the quantity that names the loop."""
    if not (isinstance(value, float) and value == math.inf) or family is None:
        return value
    if family.trap is not None:
        return trap_quantity(family)
    try:
        family.exact_value(eps)
    except InfiniteExpectationError as exc:
        return to_json(exc, 1)
    return value  # pragma: no cover - an infinite value always has its loop


def _game(board: Board, rule: Rule, start: int, family: Perturbation | None) -> list[str]:
    """The game and the family in sentences of a document (a name's dollars start no math)."""
    return [f"Board {literal(board.name)}, rule {rule.value}, start square {start}.",
            "" if family is None else f"The family {literal(family.describe())}."]


def _cell(q: Any) -> str:
    return "-" if q is None else f"${value_math(q)}$"


@dataclass(frozen=True)
class PointValue:
    """sigma at one exact point of a family (``limits sigma``): the certified value (or why it is infinite);
    ``by_p`` when the point was given as ``P(delta)``."""

    family: Perturbation
    eps: Fraction
    by_p: bool
    value: Any

    def __repr__(self) -> str:
        return f"PointValue({self.value!r})"[:200]

    def to_json(self, digits: int = 20, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
        """The dict of ``limits sigma``'s JSON schema (without ``schema`` and ``inputs``)."""
        f, eps, v = self.family, self.eps, self.value
        p = None if f.loaded_face is None else f.eps_of(eps)  # p and eps are each other's mirror
        out: dict[str, Any] = {
            "board": f.board.name, "rule": f.rule.value, "family": None if self.by_p else family_json(f),
            "delta": f.loaded_as and f.loaded_as[0], "faces": f.faces, "start": f.start,
            "p": None if p is None else quantity(p, digits, exact_digits),
            "eps": None if self.by_p else quantity(eps, digits, exact_digits)}
        if isinstance(v, InfiniteExpectationError):
            return {**out, "expected_turns": quantity(v, digits, exact_digits), "route": None, "enclosure": None}
        enclosure = None if not v.enclosure_bits else {**quantity(v.enclosure, digits, exact_digits),
                                                       "bits": v.enclosure_bits}
        return {**out, "expected_turns": quantity(v.enclosure if v.exact is None else v.exact, digits, exact_digits),
                "route": v.route, "enclosure": enclosure}

    def text(self, digits: int = 20, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """The value and how it is known, as ``limits sigma`` prints it."""
        r = self.to_json(digits, exact_digits)
        d, turns = r["delta"], r["expected_turns"]

        def exact(q: dict[str, Any]) -> str:  # as typed back: the fraction, or its decimal when too long to write
            return q["exact"] if q.get("exact") is not None else q["decimal"]

        if d is None:
            where = f"sigma at eps = {exact(r['eps'])} for {self.family.describe()}"
        else:
            where = f"sigma_{d} at P({d}) = {exact(r['p'])}" + (f" (eps = {exact(r['eps'])})" if r["eps"] else "")
        if turns.get("infinite"):
            return f"{where}: inf\n  because {turns['reason']}"
        how = "correctly rounded from the exact value" if "exact" in turns else "certified digits of the enclosure"
        lines = [f"{where}: {turns['decimal']}   ({how})"]
        if r["enclosure"] is not None:
            e = r["enclosure"]
            where = f"[{e['lower']}, {e['upper']}]" if "lower" in e else f"exactly {e['decimal']}"
            lines.append(f"  state reduction in ball arithmetic, sparse ({e['bits']} bits): {where}")
        return "\n".join(lines)

    def latex(self, digits: int = 20, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """A LaTeX document: the value at the point, certified."""
        r = self.to_json(digits, exact_digits)
        d, turns, f = r["delta"], r["expected_turns"], self.family
        if d is None:
            where, name = f"At $\\varepsilon {relation_math(r['eps'])}$", "\\sigma"
        else:
            where, name = f"At $P({d}) = p {relation_math(r['p'])}$", f"\\sigma_{{{d}}}(p)"
        how = turns["reason"] if turns.get("infinite") else "correctly rounded from the exact value" if "exact" in \
            turns else "the certified digits of an enclosure"
        return latex_document("The expected length at one point", [
            *_game(f.board, f.rule, f.start, None if self.by_p else f),
            f"{where}: ${name} {relation_math(turns)}$ ({how})."])


def point_value(family: Perturbation, eps: Fraction, *, by_p: bool = False, digits: int = 20) -> PointValue:
    """sigma at exactly ``eps`` (:meth:`~limits.limit.perturbed_chain.Perturbation.value_at`)."""
    try:
        return PointValue(family, eps, by_p, family.value_at(eps=eps, digits=digits))
    except InfiniteExpectationError as exc:
        return PointValue(family, eps, by_p, exc)


@dataclass(frozen=True)
class SigmaGrid:
    """sigma over a grid (``limits sweep``): a column for each loaded face at the points p, or (``family``) the
    family's column at the points eps. A value is exact, or the infinite quantity that names its loop."""

    board: Board
    rule: Rule
    faces: int
    start: int
    points: tuple[Fraction, ...]
    columns: dict[int, tuple[Any, ...]]
    family: Perturbation | None = None

    def __repr__(self) -> str:
        return f"SigmaGrid({len(self.points)} points; {len(self.columns)} columns)"

    def to_json(self, digits: int = 10, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
        """The dict of ``limits sweep``'s JSON schema (without ``schema`` and ``inputs``)."""
        def q(values: Iterable[Any]) -> list[Any]:
            return [quantity(v, digits, exact_digits) for v in values]

        out: dict[str, Any] = {"board": self.board.name, "rule": self.rule.value, "faces": self.faces,
                               "start": self.start}
        if self.family is not None:
            (column,) = self.columns.values()
            return {**out, "family": family_json(self.family), "deltas": None, "p": None, "eps": q(self.points),
                    "expected_turns": q(column)}
        return {**out, "family": None, "deltas": list(self.columns), "p": q(self.points), "eps": None,
                "expected_turns": {str(d): q(column) for d, column in self.columns.items()}}

    def _columns(self, digits: int, exact_digits: int | None) -> tuple[list[Any], dict[str, list[Any]]]:
        r = self.to_json(digits, exact_digits)
        if self.family is not None:
            return r["eps"], {"sigma": r["expected_turns"]}
        return r["p"], {f"delta={d}": r["expected_turns"][str(d)] for d in r["deltas"]}

    def text(self, digits: int = 10, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """A table: the points down, a column for each loaded face (or the family)."""
        xs, columns = self._columns(digits, exact_digits)
        lines = [] if self.family is None else [f"sigma for {self.family.describe()}"]
        width = max([12] + [len(q["decimal"] or "") + 2 for col in columns.values() for q in col])
        pw = max([4] + [len(q["decimal"]) + 2 for q in xs])
        lines.append(("p" if self.family is None else "eps").ljust(pw) + "".join(c.rjust(width) for c in columns))
        for i, x in enumerate(xs):
            lines.append(x["decimal"].ljust(pw) + "".join((col[i]["decimal"] or "?").rjust(width)
                                                         for col in columns.values()))
        return "\n".join(lines)

    def latex(self, digits: int = 10, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """A LaTeX document: the table."""
        xs, columns = self._columns(digits, exact_digits)
        if self.family is not None:
            headers = ["$\\varepsilon$", "$\\sigma$"]
        else:
            headers = ["$p$", *(f"$\\sigma_{{{d}}}(p)$" for d in self.columns)]
        rows = [[_cell(x), *(_cell(col[i]) for col in columns.values())] for i, x in enumerate(xs)]
        return latex_document("The expected length over a grid", _game(self.board, self.rule, self.start, self.family),
                         (headers, rows))


def loaded_grid(sweep: Sweep, board: Board, rule: Rule, faces: int, start: int) -> SigmaGrid:
    """The grid of a sweep of the loaded die's faces (:func:`limits.limit.sweep.sweep`), each infinite value
    with its loop."""
    columns = {}
    for d, values in sweep.values.items():
        family = Perturbation.loaded(board, d, rule=rule, faces=faces, start=start) if math.inf in values else None
        columns[d] = tuple(_resolved(family, 1 - p, v) for p, v in zip(sweep.ps, values))
    return SigmaGrid(board, rule, faces, start, sweep.ps, columns)


def family_grid(family: Perturbation, points: Iterable[Fraction]) -> SigmaGrid:
    """sigma of a family at every exact eps of ``points``, each infinite value with its loop."""
    points = tuple(points)
    values = family.sweep(eps=points)
    return SigmaGrid(family.board, family.rule, family.faces, family.start, points,
                     {0: tuple(_resolved(family, e, v) for e, v in zip(points, values))}, family)


@dataclass(frozen=True)
class Optima:
    """Where sigma is least (``limits optimum``): for each loaded face, or for a family, its
    :class:`~limits.limit.best_loading.Optimum` (None for a family whose game may never end for any eps)."""

    families: tuple[Perturbation, ...]
    optima: tuple[Any, ...]
    family: bool = False

    def __repr__(self) -> str:
        return f"Optima({len(self.optima)} optima)"

    def _row(self, f: Perturbation, o: Any, digits: int, exact_digits: int | None) -> dict[str, Any]:
        def q(v: Any) -> Any:
            return quantity(v, digits, exact_digits)

        if not self.family:  # at_zero is sigma at p = 0, which is eps = 1
            return {"delta": f.loaded_as[0], "p": q(o.p_enclosure), "eps": None,
                    "expected_turns": q(o.sigma_enclosure), "interior": o.interior,
                    "at_zero": q(_resolved(f, Fraction(1), o.at_zero)), "at_one": q(_resolved(f, Fraction(0), o.at_one))}
        row: dict[str, Any] = {"delta": None, "p": None}
        if o is None:  # infinite for every eps in (0, 1)
            ends = [_resolved(f, e, f.sweep(eps=[e])[0]) for e in (Fraction(0), Fraction(1))]
            row.update(eps=None, expected_turns=trap_quantity(f), interior=False)
        else:
            ends = [_resolved(f, Fraction(0), o.at_zero), _resolved(f, Fraction(1), o.at_one)]
            row.update(eps=q(o.p_enclosure), expected_turns=q(o.sigma_enclosure), interior=o.interior)
        return {**row, "at_zero": q(ends[0]), "at_one": q(ends[1])}

    def to_json(self, digits: int = 20, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
        """The dict of ``limits optimum``'s JSON schema (without ``schema`` and ``inputs``)."""
        f = self.families[0]
        return {"board": f.board.name, "rule": f.rule.value, "faces": f.faces, "start": f.start,
                "family": family_json(f) if self.family else None,
                "optima": [self._row(g, o, digits, exact_digits) for g, o in zip(self.families, self.optima)]}

    def text(self, digits: int = 20, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """A line for each loaded face (or the family): the least sigma and where, and sigma at the two ends."""
        r = self.to_json(digits, exact_digits)
        lines = [f"sigma for {self.families[0].describe()}"] if self.family else []
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

    def latex(self, digits: int = 20, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """A LaTeX document: a table of the optima."""
        x = "\\varepsilon" if self.family else "p"
        headers = ([] if self.family else ["$\\delta$"]) + [f"least $\\sigma$ at ${x}$", "least $\\sigma$",
                                                           f"$\\sigma$ at ${x} = 0$", f"$\\sigma$ at ${x} = 1$"]
        rows = []
        for row in self.to_json(digits, exact_digits)["optima"]:
            at = row["eps"] if self.family else row["p"]
            where = "-" if at is None else _cell(at) + ("" if row["interior"] else " (at the end)")
            rows.append(([] if self.family else [str(row["delta"])])
                        + [where, _cell(row["expected_turns"]), _cell(row["at_zero"]), _cell(row["at_one"])])
        f = self.families[0]
        return latex_document("Where the game is shortest", _game(f.board, f.rule, f.start, f if self.family else None),
                         (headers, rows))


def optima(families: Iterable[Perturbation], digits: int = 20, *, family: bool = False) -> Optima:
    """Where sigma is least for each family (:meth:`~limits.limit.perturbed_chain.Perturbation.optimum`), to
    ``digits`` certified digits; ``family``: one family of eps, whose game may be infinite for every eps.

    Raises
    ------
    TooLargeError
        For loaded dice whose optima are predicted past the budget together (:func:`limits.cost.optimum`).
    """
    families = tuple(families)
    f = families[0]
    if not family:
        optimum_cost(f.board.size - len(f.board.jumps), f.faces, len(families), digits).check()
    return Optima(families, tuple(None if g.trap is not None and family else g.optimum(digits) for g in families),
                  family)
