"""The collapsed Win/Loop chains of the paper, and the exact limit of sigma from them.

Near ``P(delta) = 1`` the player spends almost every turn either walking the
win path or going round a loop. Collapse the chain to one state ``Win`` (the
walk from square 0 to N, psi squares, each visited once a game) and one
state per loop. A non-delta roll (probability ``(1 - p)/(k - 1)`` per face)
from a square leads to a square whose delta-walk ends in N (back to ``Win``)
or in a loop. Averaging over the squares of the state (uniformly: the walk
passes each once per lap) gives the one-turn probabilities

    P = p I + (1 - p) Q,

with Q a stochastic matrix of exact rationals. The stationary proportions of
P are those of Q, so they do not depend on p.

**The exact limit (first order).** If every loop can be left with a single
non-delta roll, a game spends psi turns on the win path plus, on average,
a number of turns in loops of order 1, and by renewal-reward the fraction of
turns on the win path is ``pi_Win``. Hence

    lim_{p -> 1} sigma = psi / pi_Win,   c = sigma / psi - 1 = (1 - pi_Win) / pi_Win.

The tests check this against the exact Laurent coefficient ``a_0`` on the
paper's board and on random boards. The paper's own formula,
``E(x) = p^psi psi + (1 - p^psi) c x`` with ``c = pi_Loop / r`` (r the
averaged loop-to-win rate), tends to ``psi (1 + pi_Loop / r)``, which is not
the limit: it multiplies the share of turns in loops by the time to escape,
where the loop turns per game are ``psi pi_Loop / pi_Win``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..errors import LimitsError
from .perturbed_chain import Perturbation
from .structure import Side
from .walk import Classification, WalkLoop, classify

__all__ = ["NoFiniteWalkError", "Outcome", "CollapsedChain", "collapse"]

WIN = "Win"


class NoFiniteWalkError(LimitsError):
    """The walk with P(delta) = 1 from square 0 never wins, so there is no Win state."""


@dataclass(frozen=True)
class Outcome:
    """One roll of the other die (a non-delta roll) from one square of a collapsed state, and where it leads."""

    state: str
    square: int
    face: str
    target: int
    target_state: str


def _label(loop: WalkLoop) -> str:
    return "{" + ", ".join(map(str, loop.squares)) + "}"


@dataclass(frozen=True)
class CollapsedChain:
    """The Win/Loop chain of one delta.

    Attributes
    ----------
    classification : Classification
    states : tuple of str
        ``"Win"`` then one label per loop, e.g. ``"{53}"``.
    rates : tuple of tuple of Fraction
        Q: ``rates[i][j]`` is the probability, given a non-delta roll, of going
        from state i to state j (rows sum to 1).
    outcomes : tuple of Outcome
        Every non-delta roll from every square of every state.
    """

    classification: Classification
    states: tuple[str, ...]
    rates: tuple[tuple[Fraction, ...], ...]
    outcomes: tuple[Outcome, ...]

    def __repr__(self) -> str:
        return f"CollapsedChain({self.classification.limit}: states {', '.join(self.states)}; psi = {self.psi})"[:200]

    @property
    def delta(self) -> int:
        return self.classification.delta

    @property
    def psi(self) -> int:
        assert self.classification.psi is not None
        return self.classification.psi

    def _repr_svg_(self) -> str:
        """The chain as a graph: states on a circle, arrows labelled with the exact rates of Q."""
        import math

        from ..exact.digits import ratio
        from ..markup.svg import arrow, circle, svg_document, text
        from ..model.picture import LOOP_COLOURS, WIN_COLOUR

        n, radius, node, centre = len(self.states), 130, 30, 200
        left = centre + 35  # room for the title
        spot = [(left + round(radius * math.cos(2 * math.pi * i / n - math.pi / 2)),
                 centre + 20 + round(radius * math.sin(2 * math.pi * i / n - math.pi / 2))) for i in range(n)]
        shapes = [text(10, 18, f"The collapsed chain for delta = {self.delta} (Q, given a roll other than delta)",
                       size=12)]
        for i, (label, (x, y)) in enumerate(zip(self.states, spot)):
            shapes.append(circle(x, y, node, fill=WIN_COLOUR if i == 0 else LOOP_COLOURS[(i - 1) % len(LOOP_COLOURS)]))
            shapes.append(text(x, y + 4, label if len(label) <= 11 else label[:9] + "...}", size=10, anchor="middle"))
            if self.rates[i][i]:
                out = 1 + (node + 16) / radius if n > 1 else 0
                sx, sy = left + round((x - left) * out), centre + 20 + round((y - centre - 20) * out)
                shapes.append(text(sx, sy + (node + 10 if n == 1 else 0), f"stay {ratio(self.rates[i][i])}",
                                   size=10, anchor="middle"))
        for i in range(n):
            for j in range(n):
                q = self.rates[i][j]
                if i == j or not q:
                    continue
                (x0, y0), (x1, y1) = spot[i], spot[j]
                d = math.hypot(x1 - x0, y1 - y0)
                ux, uy = (x1 - x0) / d, (y1 - y0) / d
                a = (x0 + round(ux * (node + 2)), y0 + round(uy * (node + 2)))
                b = (x1 - round(ux * (node + 6)), y1 - round(uy * (node + 6)))
                shapes.append(arrow(*a, *b, colour="#555555", bend=18, width=1.2))
                mx, my = (x0 + x1) // 2 + round(uy * 22), (y0 + y1) // 2 - round(ux * 22)
                shapes.append(text(mx, my + 4, ratio(q), size=10, anchor="middle", fill="#333333"))
        return svg_document(2 * left, 2 * centre + 40, shapes, title=f"collapsed chain, delta = {self.delta}")

    def _repr_html_(self) -> str:
        """Q as a table of exact rates, and the graph."""
        from ..exact.digits import ratio
        from ..markup.document import html_table

        table = html_table(["Q"] + list(self.states),
                           [[lab] + [ratio(q) if q else "" for q in row] for lab, row in zip(self.states, self.rates)])
        return f'<div class="limits-summary">{table}{self._repr_svg_()}</div>'

    def stationary(self) -> tuple[Fraction, ...] | None:
        """Stationary proportions of Q (and of P for every p < 1) on the states a game reaches from Win, 0 on
        the others (a loop no roll from the win path leads to); None if not unique.

        Examples
        --------
        >>> from limits import Perturbation
        >>> Perturbation.loaded(delta=5).collapse().stationary()[0]
        Fraction(16, 93)
        """
        from ..exact.digraph import reachable
        from ..exact.linsolve import solve_fractions

        n = len(self.states)
        live = sorted(reachable(lambda i: (j for j in range(n) if self.rates[i][j]), [0]))
        m = len(live)
        # pi (Q - I) = 0 with sum(pi) = 1 on the states reached: replace the last equation by the sum
        a = [[self.rates[live[j]][live[i]] - (1 if i == j else 0) for j in range(m)] for i in range(m - 1)]
        a.append([Fraction(1)] * m)
        try:
            (pi,) = solve_fractions(a, [[Fraction(0)] * (m - 1) + [Fraction(1)]])
        except ZeroDivisionError:
            return None
        found = dict(zip(live, pi))
        return tuple(found.get(i, Fraction(0)) for i in range(n))

    def loops_left_in_one_roll(self) -> bool:
        """Whether every loop has a non-delta roll that leaves its basin (the first-order condition)."""
        return all(self.rates[i][i] < 1 for i in range(1, len(self.states)))

    def first_order_limit(self) -> Fraction | float:
        """``psi / pi_Win``: the exact limit of sigma when every loop is left in one roll.

        Raises
        ------
        LimitsError
            When some loop cannot be left with a single non-delta roll (then the
            first-order chain does not decide the limit).
        """
        if not self.loops_left_in_one_roll():
            stuck = [s for i, s in enumerate(self.states) if i and self.rates[i][i] == 1]
            roll = f"non-{self.delta} roll" if self.delta is not None else "roll of the other die"
            raise LimitsError(f"the loop {stuck[0]} cannot be left with one {roll}: "
                              "the first-order chain does not decide the limit")
        pi = self.stationary()
        assert pi is not None
        return Fraction(self.psi) / pi[0] if pi[0] else float("inf")

    def paper_c(self) -> Fraction:
        """The paper's coefficient ``c = pi_Loop / r``, r the loop-to-win rate averaged over loops."""
        pi = self.stationary()
        assert pi is not None
        loop_share = 1 - pi[0]
        if not loop_share:  # no loop is reached from the win path
            return Fraction(0)
        rate = sum(pi[i] / loop_share * self.rates[i][0] for i in range(1, len(pi)))
        return loop_share / rate

    def paper_limit(self) -> Fraction:
        """``lim_{x -> oo} E(x) = psi (1 + c)`` with the paper's c."""
        return self.psi * (1 + self.paper_c())

    def exact_c(self) -> Fraction | float:
        """``c = sigma / psi - 1`` from the first-order limit."""
        limit = self.first_order_limit()
        return limit / self.psi - 1 if limit != float("inf") else float("inf")


def collapse(family: Perturbation) -> CollapsedChain:
    """The collapsed Win/Loop chain of a family whose eps = 0 walk from the start wins.

    The one-turn probabilities of the other die (TOWARD) are averaged over the
    squares of each state. :meth:`limits.limit.perturbed_chain.Perturbation.collapse`
    is this as a verb; :func:`limits.collapse` takes the loaded die by its face.

    Raises
    ------
    NoFiniteWalkError
        If the walk at eps = 0 from the start ends in a loop; the error names it.
    LimitsError
        If the start is the goal, or the foot of a jump to it (no turn is played).

    Examples
    --------
    >>> from limits import Perturbation
    >>> chain = collapse(Perturbation.loaded(delta=5))
    >>> chain.states[:2], chain.rates[0][0]
    (('Win', '{6, 11}'), Fraction(3, 80))
    >>> chain.first_order_limit()
    Fraction(93, 1)
    """
    cls = classify(family)
    board = family.board
    if cls.psi == 0:
        raise LimitsError(f"a game started on square {family.start} is already won: there is no walk to collapse")
    if cls.psi is None:
        loop = cls.loop_of(family.structure.entry)
        assert loop is not None
        raise NoFiniteWalkError(
            f"with {cls.limit} the walk from square {family.start} ends in the {loop.kind}-loop {_label(loop)}: "
            f"there is no win path to collapse, and sigma has no finite limit of this kind")
    labels = [WIN] + [_label(lp) for lp in cls.loops]
    members: list[tuple[int, ...]] = [cls.walk_from_start] + [lp.squares for lp in cls.loops]

    def state_of(square: int) -> str:
        loop = cls.loop_of(square) if square != board.size else None
        return WIN if loop is None else _label(loop)

    index = {lab: i for i, lab in enumerate(labels)}
    n = len(labels)
    rates = [[Fraction(0)] * n for _ in range(n)]
    outcomes = []
    for i, squares in enumerate(members):
        share = Fraction(1, len(squares))
        for s in squares:
            for m in family.moves(s, Side.TOWARD):
                target = state_of(m.target)
                rates[i][index[target]] += m.probability * share
                outcomes.append(Outcome(labels[i], s, m.label, m.target, target))
    return CollapsedChain(cls, tuple(labels), tuple(tuple(r) for r in rates), tuple(outcomes))
