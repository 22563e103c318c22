"""Why sigma_delta(p) diverges like eps^-m as P(delta) = 1 - eps -> 1: m from the board.

Give every move a cost: 0 when a roll of delta makes it, 1 when only other
faces do (its probability is then of order eps). At eps = 0 the walk is
deterministic; its cycles away from N are the *loops* (c-loops through jumps,
f-loops where delta overshoots N).

**Simple rule.** From the start, the fewest non-delta rolls into a loop L is
``enter(L)``; the fewest that take the player out of L's basin again is
``leave(L)``. A visit to L has probability of order ``eps^enter`` and lasts
about ``eps^-leave`` turns, suggesting ``m = max(0, max_L leave - enter)``.

**Exact rule (tree formula).** Close the chain into a renewal chain (from N,
restart at the start square). Its stationary weight of a state v is, by the
Markov chain tree theorem, the sum over spanning arborescences rooted at v of
their edge products, of order ``eps^C(v)`` with ``C(v)`` the least cost of
such an arborescence (all terms are positive, so nothing cancels). Since
``sigma + 1`` is the mean return time to N, ``1/pi_N``,

    m = C(N) - min_v C(v).

Both least costs come from the Chu-Liu/Edmonds algorithm
(:mod:`limits.exact.arborescence`). The simple rule can miss when a loop is
reached only through another loop, or when leaving one loop leads into
another; the tree rule is exact, and the tests check it against the order of
the rational function on random boards.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from fractions import Fraction

from ..exact.arborescence import min_arborescence_cost
from ..markup.numerals import counted
from .perturbed_chain import Perturbation
from .speeds import leading_rows, leading_term, tree_costs
from .walk import classify

__all__ = ["Loop", "OrderExplanation", "explain_order"]


@dataclass(frozen=True)
class Loop:
    """A loop of the P(delta) = 1 walk, with the costs of entering and leaving it.

    Attributes
    ----------
    kind : str
        ``"c"`` (a cycle through jumps or of several squares) or ``"f"`` (one
        square from which delta overshoots N).
    squares : tuple of int
    enter : int or None
        Fewest non-delta rolls from the start into the loop (None: unreachable).
    leave : int
        Fewest non-delta rolls from the loop out of its basin.
    """

    kind: str
    squares: tuple[int, ...]
    enter: int | None
    leave: int


@dataclass(frozen=True)
class OrderExplanation:
    """The order m of the pole of sigma at eps = 0 (p = 1 for the loaded die), explained from the board."""

    delta: int | None
    start: int
    order: int
    loops: tuple[Loop, ...]
    simple_order: int
    cost_to_goal: int
    cheapest_root: int
    cost_at_root: int
    leading_coefficient: Fraction = Fraction(0)
    """sigma ~ leading_coefficient * eps^-order, by state reduction on the moves' leading terms (min-plus)."""
    rates: bool = False
    """A family of several speeds: the costs are the exponents of the moves."""

    def __repr__(self) -> str:
        loops = ", ".join(f"{lp.kind}-loop {{{', '.join(map(str, lp.squares))}}}" for lp in self.loops) or "no loop"
        return f"OrderExplanation(order {self.order} from square {self.start}; {loops})"[:200]

    def to_dict(self) -> dict:
        """The order, the loops with their costs, the tree rule's costs and :meth:`text`."""
        from ..markup.quantities import exponent

        return {"order": exponent(self.order), "simple_order": exponent(self.simple_order),
                "loops": [{"kind": lp.kind, "squares": list(lp.squares),
                           "enter": None if lp.enter is None else exponent(lp.enter), "leave": exponent(lp.leave)}
                          for lp in self.loops],
                "cost_to_goal": exponent(self.cost_to_goal), "cheapest_root": self.cheapest_root,
                "cost_at_root": exponent(self.cost_at_root), "text": self.text()}

    def text(self) -> str:
        """A plain-text account of where m comes from."""
        lines = []
        other = ("roll of the other die", "rolls of the other die") if self.delta is None else \
            (f"non-{self.delta} roll", f"non-{self.delta} rolls")
        if not self.loops:
            walk = "the eps = 0 walk" if self.delta is None else f"the P({self.delta}) = 1 walk"
            lines.append(f"{walk} has no loop: every square leads to the goal")
        for loop in self.loops:
            squares = ", ".join(map(str, loop.squares))
            if self.rates:  # a visit has probability of order eps^enter and lasts about eps^-leave turns
                how = ("never" if loop.enter is None else f"with probability of order {_eps(loop.enter)}") + \
                    f", left after about {_eps(-loop.leave)} turns"
            else:
                how = "after " + ("never" if loop.enter is None else counted(loop.enter, *other)) + \
                    f", left after {counted(loop.leave, *other)}"
            lines.append(f"{loop.kind}-loop {{{squares}}}: entered from square {self.start} {how}")
        lines.append(f"simple rule max(0, leave - enter) gives m = {self.simple_order}")
        lines.append(f"tree rule: the cheapest arborescence into the goal costs {self.cost_to_goal}, the cheapest "
                     f"rooted at square {self.cheapest_root} costs {self.cost_at_root}, so m = "
                     f"{self.cost_to_goal} - {self.cost_at_root} = {self.order}")
        where = "eps -> 0" if self.delta is None else f"P({self.delta}) -> 1"
        if self.order == 0:
            lines.append(f"m = 0: sigma has a finite limit as {where}")
        else:
            eps = "eps" if self.delta is None else f"(1 - P({self.delta}))"
            lines.append(f"sigma grows like {eps}^-{self.order}" if not self.rates else
                         f"sigma grows like {_eps(-self.order)}")
        if self.rates:
            lines.append(f"min-plus state reduction on the moves' leading terms: sigma ~ {self.leading_coefficient} "
                         f"{_eps(-self.order)}")
        return "\n".join(lines)


def _whole(x: Fraction) -> int | Fraction:
    return int(x) if x.denominator == 1 else x


def _eps(x: int | Fraction) -> str:
    return f"eps^{x}" if Fraction(x).denominator == 1 else f"eps^({x})"


def _cheapest(costs: dict[int, dict[int, Fraction]], sources: set[int]) -> dict[int, Fraction]:
    """The least total cost from ``sources`` to every square (Dijkstra on exact costs)."""
    dist, heap = {s: Fraction(0) for s in sources}, [(Fraction(0), s) for s in sources]
    while heap:
        d, s = heapq.heappop(heap)
        for t, c in costs.get(s, {}).items() if d == dist[s] else ():
            if d + c < dist.get(t, d + c + 1):
                dist[t] = d + c
                heapq.heappush(heap, (d + c, t))
    return dist


def explain_order(family: Perturbation) -> OrderExplanation:
    """Explain the order m of sigma's pole at eps = 0 from the loops of the walk (a deterministic limit die).

    :meth:`limits.limit.perturbed_chain.Perturbation.explain_order` is this as a verb;
    :func:`limits.explain_order` takes the loaded die by its face.

    Raises
    ------
    InfiniteExpectationError
        For a start from which the game may never end whatever eps is.
    LimitsError
        When the limit die leaves some square in more than one way.

    Examples
    --------
    >>> from limits import Perturbation
    >>> e = explain_order(Perturbation.loaded(delta=3))
    >>> e.order, [(l.squares, l.enter, l.leave) for l in e.loops]
    (2, [((53,), 0, 2), ((99,), 2, 1)])
    """
    family.check_finite()
    board, start = family.board, family.start
    mixed = family.mixed
    kept = {s for s in mixed.states if s not in mixed.trapped}
    entry = family.structure.entry
    walk = classify(family)
    delta = walk.delta
    if entry == board.size:
        return OrderExplanation(delta, start, 0, (), 0, 0, board.size, 0)
    lead = leading_rows(family, kept)
    moves = {s: {t: r for t, (r, _) in row.items()} for s, row in lead.items()}
    reach = _cheapest(moves, {entry})
    loops = []
    for found in walk.loops:
        if not set(found.squares) <= kept:
            continue
        basin = set(found.basin)
        dist = _cheapest(moves, set(found.squares))
        leave = min(d for s, d in dist.items() if s not in basin)
        enter = min((reach[s] for s in found.squares if s in reach), default=None)
        loops.append(Loop(found.kind, found.squares, None if enter is None else _whole(enter), _whole(leave)))
    simple = max([0] + [lp.leave - lp.enter for lp in loops if lp.enter is not None])
    # the renewal chain on the squares reachable from the start, edges reversed:
    # an in-arborescence to v is an out-arborescence from v
    goal = board.size
    live = set(reach) | {goal}
    edges = [(t, s, c) for s in live - {goal} for t, c in moves[s].items() if t in live]
    restart = (entry, goal, 0)  # N -> start, reversed
    cost_goal, cost_best = tree_costs({s: moves[s] for s in live - {goal}}, entry, goal)
    candidates = [s for lp in loops for s in lp.squares if s in live] + sorted(live - {goal}) + [goal]
    best = next(v for v in candidates
                if min_arborescence_cost(live, [e for e in edges + [restart] if e[1] != v], v) == cost_best)
    order, coefficient = leading_term({s: lead[s] for s in live - {goal}}, entry, goal)
    return OrderExplanation(delta, start, _whole(cost_goal - cost_best), tuple(loops), _whole(simple),
                            _whole(cost_goal), best, _whole(cost_best), coefficient, family.speeds is not None)
