"""The law of the game length M as eps -> 0, exactly, from the hierarchy.

Two things happen at once, and the mean mixes them:

* **the typical game.** The eps = 0 game from the start either ends (in M0
  turns: psi for a one-face AT) or falls into a class; following the
  absorption probabilities up the levels (chances of order 1), it reaches
  a deepest level m0. Then ``eps^m0 M`` converges in law to a phase-type
  law ``P(X > t) = alpha exp(t G) 1`` (an exponential when one state is
  reached), with an atom at 0 for the games that end faster; for m0 = 0,
  M itself converges to M0 (``P(M = psi) -> 1``).
* **rare excursions.** A route up the hierarchy with chances of total order
  ``eps^J`` (J >= 1) into a state of level k lasts ``eps^-k`` turns: rare,
  but long. When ``k - J`` equals the order m of the mean, these excursions
  carry part of the mean: given one, ``eps^k`` times its length tends to a
  phase-type law of its own, and the leading coefficient of sigma is the
  typical mean (if m0 = m) plus the sum of ``probability x mean`` over them.
  For P(5) = 1 - eps on the paper's board: psi = 16, an excursion has
  probability ``(77/5) eps`` and lasts ``5/eps`` turns: 16 + 77 = 93.

:meth:`LengthLaw.curves` and :meth:`LengthLaw.distance` check each statement
against the exact distribution of M at a given eps (:mod:`limits.game.distribution`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..checks import MAX_LAW_TURNS, whole
from ..errors import LimitsError
from ..exact.digraph import reachable
from ..exact.linsolve import solve_fractions
from ..markup.numerals import counted
from .hierarchy import Hierarchy
from .perturbed_chain import Perturbation

__all__ = ["PhaseType", "Excursion", "LengthLaw", "length_law"]


@dataclass(frozen=True)
class PhaseType:
    """``P(X > t) = initial exp(t G) 1``: the time to leave the transient states of a small chain.

    Attributes
    ----------
    initial : tuple of Fraction
        Where it starts; ``1 - sum(initial)`` is an atom at 0.
    matrix : tuple of tuple of Fraction
        G, a sub-generator (off-diagonal >= 0, row sums <= 0, nonsingular).
    states : tuple of tuple of int
        The states (the squares of each).

    Examples
    --------
    >>> x = PhaseType((Fraction(1),), ((Fraction(-1, 5),),), ((53,),))
    >>> x.law, x.mean, x.second_moment
    ('exponential', Fraction(5, 1), Fraction(50, 1))
    """

    initial: tuple[Fraction, ...]
    matrix: tuple[tuple[Fraction, ...], ...]
    states: tuple[tuple[int, ...], ...]

    @property
    def atom(self) -> Fraction:
        """The mass at 0."""
        return 1 - sum(self.initial, Fraction(0))

    @property
    def law(self) -> str:
        """``"exponential"`` (one state, no atom) or ``"phase-type"``."""
        return "exponential" if len(self.initial) == 1 and self.atom == 0 else "phase-type"

    def _moment_vectors(self) -> tuple[list[Fraction], list[Fraction]]:
        n = len(self.initial)
        minus = [[-x for x in row] for row in self.matrix]
        (first,) = solve_fractions(minus, [[Fraction(1)] * n])
        (second,) = solve_fractions(minus, [first])
        return first, second

    @property
    def mean(self) -> Fraction:
        """``alpha (-G)^-1 1``."""
        first, _ = self._moment_vectors()
        return sum((a * x for a, x in zip(self.initial, first)), Fraction(0))

    @property
    def second_moment(self) -> Fraction:
        """``2 alpha G^-2 1``."""
        _, second = self._moment_vectors()
        return 2 * sum((a * x for a, x in zip(self.initial, second)), Fraction(0))

    def survival(self, times: list[Fraction], digits: int = 30) -> list[Any]:
        """``P(X > t)`` at increasing times ``t >= 0`` (mpmath numbers, in a local context)."""
        import mpmath

        mp = mpmath.MPContext()
        mp.dps = digits
        g = mp.matrix([[mp.mpf(x.numerator) / x.denominator for x in row] for row in self.matrix])
        v = mp.matrix([[mp.mpf(a.numerator) / a.denominator for a in self.initial]])
        out, last, steps = [], Fraction(0), {}
        for t in times:
            dt = t - last
            if dt:
                if dt not in steps:  # equal steps share one matrix exponential
                    steps[dt] = mp.expm(g * (mp.mpf(dt.numerator) / dt.denominator))
                v = v * steps[dt]
                last = t
            out.append(mp.fsum(v[0, j] for j in range(len(self.initial))))
        return out

    def to_dict(self) -> dict:
        """``{"law", "mean", "matrix", "initial", "atom", "states"}`` as exact data."""
        return {"law": self.law, "mean": self.mean, "matrix": self.matrix, "initial": self.initial,
                "atom": self.atom, "states": self.states}


@dataclass(frozen=True)
class Excursion:
    """Rare excursions: chance ``probability eps^chance_order``, then ``eps^length_order`` times the length -> ``length``."""

    chance_order: int
    probability: Fraction
    length_order: int
    length: PhaseType

    @property
    def contribution(self) -> Fraction:
        """``probability * mean``: their part of sigma's leading coefficient."""
        return self.probability * self.length.mean


@dataclass(frozen=True)
class LengthLaw:
    """The game length as eps -> 0.

    Attributes
    ----------
    order : int
        m: sigma ~ eps^-m.
    leading_coefficient : Fraction
        sigma's coefficient of eps^-m.
    typical_order : int
        m0: ``eps^m0 M`` converges in law (to ``scaled`` when m0 >= 1, to M0 when m0 = 0).
    typical_mean : Fraction
        The mean of that limit (E[M0] when m0 = 0).
    psi : int or None
        When m0 = 0 and AT moves deterministically: the turns of the eps = 0 walk (``P(M = psi) -> 1``).
    scaled : PhaseType or None
        The limit law of ``eps^m0 M`` when m0 >= 1.
    excursions : tuple of Excursion
        The rare excursions that carry part of the mean (``length_order - chance_order = m``).
    chain : Perturbation
        The family (for the checks against the exact law at a given eps).
    """

    order: int
    leading_coefficient: Fraction
    typical_order: int
    typical_mean: Fraction
    psi: int | None
    scaled: PhaseType | None
    excursions: tuple[Excursion, ...]
    chain: Perturbation = field(repr=False, compare=False)

    def __repr__(self) -> str:
        from ..exact.digits import decimal

        typical = (f"M -> {self.psi} turns" if self.psi is not None and self.scaled is None
                   else f"eps^{self.typical_order} M has a limit law of mean {decimal(self.typical_mean, 10)}")
        sigma = decimal(self.leading_coefficient, 10) + (f" eps^-{self.order}" if self.order else "")
        return f"LengthLaw({typical}; sigma ~ {sigma}; {counted(len(self.excursions), 'rare excursion')})"[:200]

    def explained(self) -> Fraction:
        """The leading coefficient rebuilt: the typical mean (if m0 = m) plus each excursion's probability x mean."""
        typical = self.typical_mean if self.typical_order == self.order else Fraction(0)
        return typical + sum((e.contribution for e in self.excursions), Fraction(0))

    def to_dict(self) -> dict:
        """The keys of ``limits limit --format json``'s ``law``, as exact data.

        ``typical_length`` (m0 = 0) or ``scaled_limit`` (m0 >= 1); and, when rare
        excursions carry part of the mean, ``excursion_probability`` and
        ``excursion_mean`` of the likeliest of them.
        """
        out: dict[str, Any] = {}
        if self.scaled is None:
            out["typical_length"] = self.psi if self.psi is not None else self.typical_mean
        else:
            out["scaled_limit"] = {"order": self.typical_order, **self.scaled.to_dict()}
        if self.excursions:
            e = self.excursions[0]
            out["excursion_probability"] = {"order": e.chance_order, "coefficient": e.probability}
            out["excursion_mean"] = {"order": e.length_order, "coefficient": e.length.mean}
            out["excursion_law"] = e.length.to_dict()
        return out

    def summary(self) -> str:
        """The law in one sentence of prose (inline mathematics between dollar signs)."""
        from ..markup.latex import tex_shown as n

        def eps(j: int) -> str:
            return "\\varepsilon" if j == 1 else f"\\varepsilon^{{{j}}}"

        if self.scaled is not None:
            x = self.scaled
            out = (f"${eps(self.typical_order)} M$ tends to {_article(x.law)} law of mean ${n(x.mean)}$"
                   + (f" (an atom ${n(x.atom)}$ at 0)" if x.atom else "") + ".")
        else:
            out = (f"$P(M = {self.psi}) \\to 1$." if self.psi is not None else
                   f"$M$ tends to the length at $\\varepsilon = 0$, of mean ${n(self.typical_mean)}$.")
        for e in self.excursions:
            out += (f" With probability ${n(e.probability)}\\,{eps(e.chance_order)}$ an excursion, and "
                    f"${eps(e.length_order)}$ times its length tends to {_article(e.length.law)} law of mean "
                    f"${n(e.length.mean)}$.")
        return out

    def _repr_latex_(self) -> str:
        from ..markup.prose import mathjax_prose

        return f"$${mathjax_prose(self.summary())}$$"

    def _repr_html_(self) -> str:
        from ..markup.prose import html_prose

        return f"<p>{html_prose(self.summary())}</p>"

    def curves(self, eps: Fraction, turns: int) -> tuple[list[Fraction], list[Fraction], list[Any]]:
        """The scaled survival at eps beside the limit's: ``(times, exact, limit)``.

        For m0 >= 1, ``P(eps^m0 M > t)`` against the phase-type limit; for
        m0 = 0 with excursions, ``P(M > t eps^-k) / (c eps^J)`` against the
        likeliest excursion's limit. The exact survival of M comes from
        :func:`limits.game.distribution.survival` (integer arithmetic) for
        ``turns`` turns; the limit is in 30-digit floats (a local mpmath context).

        Raises
        ------
        LimitsError
            When the length converges to M0 and no excursion carries the mean,
            for eps outside (0, 1), or for more than ``MAX_LAW_TURNS`` turns.
        """
        from ..game.distribution import survival

        eps = Fraction(eps)
        if not 0 < eps < 1:
            raise LimitsError(f"eps must lie in (0, 1), not {eps}")
        turns = whole(turns, "the number of turns", 1, MAX_LAW_TURNS, limit="MAX_LAW_TURNS")
        if self.scaled is not None:
            law, scale, norm = self.scaled, eps ** self.typical_order, Fraction(1)
        elif self.excursions:
            e = self.excursions[0]
            law, scale, norm = e.length, eps ** e.length_order, e.probability * eps ** e.chance_order
        else:
            raise LimitsError("the length converges to that of the game at eps = 0: there is no scaled law")
        exact = survival(self.chain.chain_at(eps=eps), turns, self.chain.start)
        times = [Fraction(m) * scale for m in range(turns + 1)]
        return times, [x / norm for x in exact], law.survival(times)

    def distance(self, eps: Fraction, turns: int, t_min: Fraction = Fraction(0)) -> float:
        """The largest gap, over t >= t_min, between the scaled exact survival at eps and the limit's.

        On ``[t_m, t_m+1)`` the scaled survival is constant and the limit
        decreases, so the gap there is the larger of its values at the two ends.
        """
        times, exact, limit = self.curves(eps, turns)
        worst = 0.0
        for m in range(turns):
            if times[m + 1] >= t_min:
                value = float(exact[m])
                worst = max(worst, abs(value - float(limit[m])), abs(value - float(limit[m + 1])))
        return worst


def _article(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _phase_type(h: Hierarchy, depth: int, initial: dict[int, Fraction]) -> PhaseType:
    """The phase-type law at level ``depth`` from ``initial``, on the states it can reach."""
    level = h.levels[depth - 1]
    states = sorted(reachable(lambda i: (j for j, r in enumerate(level.rates[i]) if r), initial))
    g = tuple(tuple(level.rates[i][j] if i != j else -(sum(level.rates[i]) + level.to_goal[i]) for j in states)
              for i in states)
    return PhaseType(tuple(initial.get(i, Fraction(0)) for i in states), g,
                     tuple(level.states[i].squares for i in states))


def length_law(h: Hierarchy) -> LengthLaw:
    """The law of the game length as eps -> 0.

    Examples
    --------
    >>> from limits import Perturbation
    >>> law = length_law(Perturbation.loaded(delta=5).hierarchy())
    >>> law.psi, law.excursions[0].probability, law.excursions[0].length.mean, law.explained()
    (16, Fraction(77, 5), Fraction(5, 1), Fraction(93, 1))
    >>> length_law(Perturbation.loaded(delta=3).hierarchy()).scaled.to_dict()["mean"]
    Fraction(5, 26)
    """
    chain = h.chain
    st = chain.structure
    # the typical game: absorption probabilities up the levels
    alpha: dict[int, Fraction] = {st.index[st.entry]: Fraction(1)} if st.entry in st.index else {}
    m0, at_top = 0, alpha
    levels = h.levels
    for k in range(len(levels)):
        below = h.reduction.levels[k].matrix.absorption
        nxt: dict[int, Fraction] = {}
        for i, a in alpha.items():
            for c, r in enumerate(below[i]):
                if r:
                    nxt[c] = nxt.get(c, Fraction(0)) + a * Fraction(int(r.p), int(r.q))
        if not nxt:
            break
        alpha, m0, at_top = nxt, k + 1, nxt
    scaled = _phase_type(h, m0, at_top) if m0 >= 1 else None
    if scaled is not None:
        typical, psi = scaled.mean, None
    elif st.entry in st.index:
        typical = h.time(0, st.index[st.entry])
        psi = chain.walk[1] if chain.deterministic else None
    else:
        typical, psi = Fraction(0), 0
    # rare excursions: the leading routes with chances of positive order, grouped by that order
    groups: dict[int, dict[int, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    for route in h.routes():
        if route.chance_order:
            groups[route.chance_order][route.entries[-1].state] += route.chance
    excursions = []
    for j, group in sorted(groups.items()):
        total, depth = sum(group.values(), Fraction(0)), h.order + j
        excursions.append(Excursion(j, total, depth, _phase_type(h, depth, {i: w / total for i, w in group.items()})))
    return LengthLaw(h.order, h.leading_coefficient, m0, typical, psi, scaled, tuple(excursions), chain)
