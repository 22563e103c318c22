"""A family at several speeds: faces ``c eps^r`` with rational r (:meth:`Perturbation.of_eps`), and what any family's
leading terms say.

With eps = t^q every face is a polynomial in t, and so is the chain:
``A(t) = I - Q(t) = sum_k A_k t^k`` over the squares reachable for small
eps > 0. The reduction process (:class:`limits.exact.reduction.Level`) takes a
matrix polynomial of any degree, so :func:`puiseux_expansion` is sigma's
Laurent series in t, exact, read in powers ``j/q`` of eps.

Every move's probability has a positive leading term ``c eps^r``
(:func:`leading_rows`; nothing cancels, since every face is >= 0). Two
subtraction-free routes read sigma's leading term off these alone:

* the trees (:func:`tree_costs`): by the Markov chain tree theorem the renewal
  chain's stationary weights are sums over spanning in-arborescences of
  products of probabilities, so ``order = C(goal) - min_v C(v)``, least total
  exponents (Chu-Liu/Edmonds);
* state reduction on leading terms (:func:`leading_term`): removing the squares
  one by one needs only ``+``, ``*`` and ``/`` of positive quantities, and the
  leading term is a homomorphism onto pairs ``(r, c)``: a product adds the
  exponents, a quotient subtracts them, a sum keeps the smaller (adding the
  coefficients on a tie). The time scales compose by min-plus arithmetic.
"""

from __future__ import annotations

from fractions import Fraction
from functools import reduce
from typing import Any

from flint import fmpq

from ..exact.arborescence import min_arborescence_cost
from ..exact.qq import to_fraction
from ..exact.rational import Laurent
from ..exact.reduction import Level, constant
from ..model.die_of_eps import scale
from .structure import Side

__all__ = ["leading_rows", "tree_costs", "leading_term", "puiseux_expansion"]

Term = tuple[Fraction, Fraction]  # c eps^r as (r, c)


def _moves(family: Any, s: int) -> dict[int, dict[Fraction, Fraction]]:
    """The moves from ``s``: ``{target: {exponent: coefficient}}``, every face that lands there added up."""
    if family.speeds is None:
        at, toward = family.row(s, Side.AT), family.row(s, Side.TOWARD)
        return {t: {0: at.get(t, 0), 1: toward.get(t, 0) - at.get(t, 0)} for t in (*at, *toward)}
    out: dict[int, dict[Fraction, Fraction]] = {}
    for label, t, _, _ in family.outcomes[family.mixed.index[s]]:
        for r, c in family.speeds[int(label) - 1]:
            out.setdefault(t, {})[r] = out.get(t, {}).get(r, 0) + c
    return out


def leading_rows(family: Any, squares: Any) -> dict[int, dict[int, Term]]:
    """For each square, ``{target: (r, c)}``: the leading term ``c eps^r`` of every move to another square."""
    return {s: {t: min((r, c) for r, c in p.items() if c) for t, p in _moves(family, s).items() if t != s}
            for s in squares}


def tree_costs(costs: dict[int, dict[int, Fraction]], entry: int, goal: int) -> tuple[Fraction, Fraction]:
    """``(C(goal), min_v C(v))``: the least total exponents of spanning in-arborescences of the renewal chain (the
    goal restarts at the entry) into the goal and into the cheapest root (``costs[s][t]``: the order of s -> t)."""
    nodes = set(costs) | {goal}
    edges = [(t, s, r) for s, row in costs.items() for t, r in row.items() if t in nodes]  # reversed: out-trees
    big = 1 + sum(max(row.values(), default=0) for row in costs.values())  # more than any arborescence
    cheapest = min_arborescence_cost(nodes | {()}, edges + [(entry, goal, 0)] + [((), v, big) for v in nodes], ())
    return Fraction(min_arborescence_cost(nodes, edges, goal)), Fraction(cheapest) - big


def _plus(a: Term | None, b: Term) -> Term:
    return b if a is None or b[0] < a[0] else a if a[0] < b[0] else (a[0], a[1] + b[1])


def leading_term(lead: dict[int, dict[int, Term]], entry: int, goal: int) -> Term:
    """``(order, leading coefficient)`` of sigma from ``entry``, by state reduction on leading terms.

    A square k hands its moves and its time on to the squares i that lead to it, in proportion
    ``P(i, k) / out(k)`` (``out(k)``: its probability of leaving, never ``1 - P(k, k)``), fewest neighbours
    first; the entry is left with its time per visit m and its chance of winning w, and sigma ~ m / w."""
    out = {s: dict(row) for s, row in lead.items()}
    into: dict[int, set[int]] = {s: set() for s in out}
    for s, row in out.items():
        for t in set(row) - {goal}:
            into[t].add(s)
    time = {s: (Fraction(0), Fraction(1)) for s in out}
    left = set(out) - {entry}
    while left:
        k = min(left, key=lambda s: (len(into[s]) * len(out[s]), s))
        left.remove(k)
        total = reduce(_plus, out[k].values(), None)
        for i in into.pop(k):
            r, c = out[i].pop(k)
            r, c = r - total[0], c / total[1]
            time[i] = _plus(time[i], (r + time[k][0], c * time[k][1]))
            for t, (rt, ct) in out[k].items():
                if t != i:
                    out[i][t] = _plus(out[i].get(t), (r + rt, c * ct))
                    into.get(t, set()).add(i)
        for t in out.pop(k):
            into.get(t, set()).discard(k)
    (r, c), (rw, cw) = time[entry], out[entry][goal]
    return rw - r, c / cw


def puiseux_expansion(family: Any, terms: int) -> Laurent:
    """sigma = sum_j a_j eps^(j/q) from the start: ``terms`` coefficients from the first nonzero one, by the
    reduction process on ``A(t)`` (eps = t^q); exact."""
    from .expansion import _read

    st, q = family.structure, scale(family.speeds)
    if st.entry == family.goal:
        return Laurent(0, tuple((Fraction(j, q), Fraction(0)) for j in range(terms)), "sigma", q=q)
    degree = int(q * max(r for p in family.speeds for r, _ in p))
    rows: list[list[dict[int, fmpq]]] = [[{} for _ in st.states] for _ in range(degree + 1)]
    for i, s in enumerate(st.states):
        rows[0][i][i] = fmpq(1)
        for t, p in _moves(family, s).items():
            for r, c in p.items():
                if t in st.index:
                    row = rows[int(r * q)][i]
                    row[st.index[t]] = row.get(st.index[t], fmpq(0)) - fmpq(c.numerator, c.denominator)
    level = Level(lambda k: tuple(rows[k]) if any(rows[k]) else None, len(st.states), degree=degree)
    x = level.solve(constant([[fmpq(1)] for _ in st.states]))
    s = _read("sigma", lambda j: to_fraction(x.entry(j, st.index[st.entry])), x.start, -x.start, terms)
    return Laurent(Fraction(s.order, q), tuple((Fraction(j, q), a) for j, a in s.coefficients), "sigma", q=q)
