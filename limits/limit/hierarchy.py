"""The time-scale hierarchy of a perturbation family, derived from the structure of its chain.

At eps = 0 the chain ``T0`` (the die AT) has closed classes: the loops of the
paper, generalised to a random AT. They are the states of **level 1**; a
state of level 1 is left only through a move of the other die, so its rates
to the other states are of order eps. Level 1's chain has closed classes of
its own (states no first-order move leaves): they are the states of **level
2**, whose rates are of order eps^2, and so on, until a level has no closed
class (Delebecque's reduction process). Every rate is an exact rational and
comes with its reasons: the moves (which roll from which square) that make
it, each weighted by the square's share of time in its class and by where
the move leads (:class:`Reason`).

The order of divergence and the leading coefficient of sigma then follow
from the hierarchy alone (:meth:`Hierarchy.routes`, :mod:`limits.limit.routes`):
from a state, the game either ends at this time scale (the time ``z`` spent
on the way to the goal) or enters a state of the next level, with a chance of
order ``eps^j``, that lasts ``eps^-1`` times longer. The order is the largest
``(levels climbed) - (sum of the orders j)`` over these routes and the
leading coefficient the sum over the routes that attain it of the product
of their chances times the final time. The computation behind it is
:mod:`limits.exact.reduction`: small exact systems on the classes of each
level, never a solve with the whole chain's rational function.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from flint import fmpq

from ..exact.qq import to_fraction
from ..exact.reduction import Level, Series, constant
from ..markup.document import Document, Table
from ..markup.latex import tex_set, tex_shown
from ..markup.numerals import counted
from .perturbed_chain import Perturbation
from .routes import Route, RouteAnalysis
from .structure import Side

__all__ = ["LevelState", "Reason", "HierarchyLevel", "Hierarchy", "hierarchy"]


@dataclass(frozen=True)
class LevelState:
    """A state of a level: a closed class of the level below.

    Attributes
    ----------
    squares : tuple of int
        The squares it is made of.
    members : tuple of int
        The states of the level below it is made of (their indices).
    weights : dict
        The share of time of each square within it (its stationary distribution).
    """

    squares: tuple[int, ...]
    members: tuple[int, ...]
    weights: dict[int, Fraction]

    @property
    def label(self) -> str:
        """``{6, 11}``: the squares in braces."""
        return "{" + ", ".join(map(str, self.squares)) + "}"


@dataclass(frozen=True)
class Reason:
    """One move that makes a rate: from ``square`` (its share ``weight``), move ``move`` to ``target``.

    ``onward`` is where the target leads: at level 1 the probability that the
    eps = 0 game from the target ends in the destination; higher up, the
    coefficient of the next orders (further moves of the other die on the way).
    """

    square: int
    weight: Fraction
    move: str
    target: int
    probability: Fraction
    onward: Fraction

    @property
    def contribution(self) -> Fraction:
        """``weight * probability * onward``: this move's part of the rate."""
        return self.weight * self.probability * self.onward


@dataclass(frozen=True)
class HierarchyLevel:
    """Level k >= 1: its states and their rates, of order eps^k.

    Attributes
    ----------
    depth : int
        k.
    states : tuple of LevelState
    rates : tuple of tuple of Fraction
        ``rates[i][j]`` (i != j): the coefficient of eps^k in the rate from i to j.
    to_goal : tuple of Fraction
        The coefficient of eps^k in the rate from i to the goal.
    closed : tuple of tuple of int
        The closed classes (no rate out): the states of level k + 1.
    reasons : dict
        ``(i, j)`` (j None for the goal) -> the moves that make the rate.
    """

    depth: int
    states: tuple[LevelState, ...]
    rates: tuple[tuple[Fraction, ...], ...]
    to_goal: tuple[Fraction, ...]
    closed: tuple[tuple[int, ...], ...]
    reasons: dict[tuple[int, int | None], tuple[Reason, ...]]

    def table(self) -> Table:
        """The level as a table: the matrix of rates with the goal and the total out (a list when it is large)."""
        labels = [f"${tex_set(s.squares)}$" for s in self.states]
        n = len(labels)
        out = [sum(r) + g for r, g in zip(self.rates, self.to_goal)]
        if n <= 8:
            rows = tuple((labels[i],) + tuple(f"${tex_shown(r)}$" if r else "" for r in self.rates[i])
                         + (f"${tex_shown(self.to_goal[i])}$" if self.to_goal[i] else "", f"${tex_shown(out[i])}$")
                         for i in range(n))
            return Table(("from / to",) + tuple(labels) + ("goal", "out"), rows)
        rows = tuple((labels[i], labels[j] if j is not None else "goal",
                      f"${tex_shown(self.rates[i][j] if j is not None else self.to_goal[i])}$")
                     for i in range(n) for j in [*range(n), None]
                     if (j is None and self.to_goal[i]) or (j is not None and j != i and self.rates[i][j]))
        return Table(("from", "to", "rate"), rows)

    def to_dict(self) -> dict:
        """Plain exact data: states (squares), rates, rates to the goal, closed classes."""
        return {"depth": self.depth, "states": tuple(s.squares for s in self.states),
                "rates": self.rates, "to_goal": self.to_goal, "closed": self.closed}


@dataclass(frozen=True)
class Hierarchy:
    """The time-scale hierarchy of a family that ends surely for every eps > 0.

    Attributes
    ----------
    chain : Perturbation
    reduction : Level
        The reduction process behind it (exact, lazy series).
    levels : tuple of HierarchyLevel
        Levels 1, 2, ... (level 0 is the chain at eps = 0 itself).
    """

    chain: Perturbation
    reduction: Level

    def __repr__(self) -> str:
        from ..exact.digits import decimal

        return (f"Hierarchy({self.chain.describe()}: {counted(self.depth, 'level')}; sigma ~ "
                f"{decimal(self.leading_coefficient, 12)}" + (f" eps^-{self.order})" if self.order else ")"))[:200]

    @cached_property
    def levels(self) -> tuple[HierarchyLevel, ...]:
        """Levels 1, 2, ...: the classes of the level below with their rates and reasons."""
        engine = self.reduction.levels
        st = self.chain.structure
        states = [LevelState((s,), (), {s: Fraction(1)}) for s in st.states]
        out = []
        for k in range(1, len(engine)):
            below = engine[k - 1].matrix
            new = []
            for members, pi in zip(below.closed, below.stationary):
                weights: dict[int, Fraction] = {}
                for i, w in pi.items():
                    for s, x in states[i].weights.items():
                        weights[s] = weights.get(s, Fraction(0)) + to_fraction(w) * x
                squares = tuple(sorted(s for st_ in (states[i] for i in members) for s in st_.squares))
                new.append(LevelState(squares, members, {s: x for s, x in sorted(weights.items()) if x}))
            states = new
            out.append(self._level(k, tuple(states)))
        return tuple(out)

    def _level(self, k: int, states: tuple[LevelState, ...]) -> HierarchyLevel:
        engine = self.reduction.levels[k]
        m, n = engine.matrix, len(states)
        rates = tuple(tuple(Fraction(0) if i == j else -to_fraction(m.rows[i].get(j, fmpq(0))) for j in range(n))
                      for i in range(n))
        to_goal = tuple(to_fraction(sum(m.rows[i].values(), fmpq(0))) for i in range(n))
        lift = engine.lift[0]  # chain rows x states: where a first move's target leads
        st = self.chain.structure
        reasons: dict[tuple[int, int | None], list[Reason]] = {}
        for i, state in enumerate(states):
            for s, w in state.weights.items():
                for mv in self.chain.moves(s, Side.TOWARD):
                    row = lift[st.index[mv.target]] if mv.target in st.index else None
                    for j in range(n):
                        onward = to_fraction(row[j]) if row is not None else Fraction(0)
                        if j != i and onward:
                            reasons.setdefault((i, j), []).append(
                                Reason(s, w, mv.label, mv.target, mv.probability, onward))
                    total = sum(row, fmpq(0)) if row is not None else fmpq(0)
                    goal = (1 - to_fraction(total)) if k == 1 else -to_fraction(total)
                    if goal:
                        reasons.setdefault((i, None), []).append(Reason(s, w, mv.label, mv.target, mv.probability, goal))
        return HierarchyLevel(k, states, rates, to_goal, m.closed, {key: tuple(v) for key, v in reasons.items()})

    @property
    def depth(self) -> int:
        """The number of levels above the chain."""
        return len(self.reduction.levels) - 1

    @property
    def classes(self) -> tuple[tuple[int, ...], ...]:
        """The closed classes of the chain at eps = 0 (the loops, generalised), as squares."""
        st = self.chain.structure
        return tuple(tuple(st.states[i] for i in c) for c in self.reduction.matrix.closed)

    @cached_property
    def analysis(self) -> RouteAnalysis:
        """Orders, leading coefficients and routes of every state of every level."""
        return RouteAnalysis(self.reduction)

    @cached_property
    def mean(self) -> Series:
        """The Laurent series of the expected length from every square (exact, computed on demand)."""
        return self.reduction.solve(constant([[fmpq(1)] for _ in range(self.reduction.size)]))

    @property
    def _start(self) -> int | None:
        st = self.chain.structure
        return st.index.get(st.entry)

    @property
    def order(self) -> int:
        """m: sigma grows like eps^-m (0 when it has a finite limit)."""
        return 0 if self._start is None else self.analysis.leading[0][self._start][0]

    @property
    def leading_coefficient(self) -> Fraction:
        """The coefficient of eps^-m in sigma, from the routes."""
        return Fraction(0) if self._start is None else self.analysis.leading[0][self._start][1]

    def routes(self) -> tuple[Route, ...]:
        """The routes that make the leading coefficient (their contributions add up to it).

        Examples
        --------
        >>> from limits import Perturbation
        >>> h = Perturbation.loaded(delta=3).hierarchy()
        >>> [(r.depth, r.chance_order, r.time) for r in h.routes()]
        [(2, 0, Fraction(5, 26))]
        """
        return () if self._start is None else tuple(self.analysis.routes(0, self._start))

    def deepest_loop(self) -> tuple[int, ...]:
        """The squares of the state where the first route up the hierarchy spends its time (``()`` if none):
        the loop that holds a diverging sigma."""
        last = next((route.entries[-1] for route in self.routes() if route.entries), None)
        return () if last is None else self.levels[last.depth - 1].states[last.state].squares

    def time(self, depth: int, state: int) -> Fraction:
        """``z``: the time, in units of eps^-depth, spent at a level's own scale on the way to the goal."""
        return self.analysis.times[depth][state]

    def document(self) -> Document:
        """The limit, then each level's rates as a table."""
        lead = tex_shown(self.leading_coefficient)
        doc = Document(f"$\\sigma \\to {lead}$" if self.order == 0 else
                       f"$\\sigma \\sim {lead}\\,\\varepsilon^{{{-self.order}}}$")
        for lv in self.levels:
            doc.paragraph(f"Level {lv.depth}: rates of order $\\varepsilon^{{{lv.depth}}}$")
            doc.blocks.append(lv.table())
        if not self.levels:
            doc.paragraph("no closed class at $\\varepsilon = 0$")
        return doc

    def _repr_latex_(self) -> str:
        return self.document().mathjax()

    def _repr_html_(self) -> str:
        """The limit, then each level's rates as a table, the formulas left for MathJax or KaTeX."""
        return f'<div class="limits-summary">{self.document().html_body(level=4)}</div>'

    def to_dict(self) -> dict:
        """Plain exact data: the order, the leading coefficient, the classes at eps = 0 and the levels."""
        return {"order": self.order, "leading_coefficient": self.leading_coefficient,
                "classes": self.classes, "levels": tuple(lv.to_dict() for lv in self.levels)}


def hierarchy(chain: Perturbation) -> Hierarchy:
    """The hierarchy of a family.

    Raises
    ------
    InfiniteExpectationError
        If sigma is infinite for every eps > 0 (the error names the trap).

    Examples
    --------
    >>> from limits import Perturbation
    >>> h = hierarchy(Perturbation.loaded(delta=3))
    >>> h.classes, h.order, h.leading_coefficient
    (((53,), (99,)), 2, Fraction(5, 26))
    >>> [(lv.depth, [s.label for s in lv.states], lv.to_goal) for lv in h.levels]
    [(1, ['{53}', '{99}'], (Fraction(0, 1), Fraction(1, 5))), (2, ['{53}'], (Fraction(26, 5),))]
    """
    chain.check_finite()
    st = chain.structure
    return Hierarchy(chain, Level(lambda k: (st.a0, st.a1)[k], len(st.states), degree=1))
