"""Routes up the hierarchy: the order of divergence and the leading coefficient from the structure.

At each level of the reduction process (:mod:`limits.exact.reduction`) the
solution from a state is ``x = Y u + z``: ``z`` is the time spent at this
level's own scale on the way to the goal (``z = H 1``, the group inverse of
the level's matrix applied to 1), and ``Y(eps)`` weighs the states of the
next level, whose time ``u`` is ``eps^-1`` times theirs. The leading term of
``Y(eps)(i, c)`` is a chance ``E eps^j`` of entering the next-level state c.
Hence, from the top level down, for every state i of level k,

    order(i) = max( 0 if z(i) != 0, max over c of order(c) + 1 - j(i, c) ),
    lead(i)  = [order(i) = 0] z(i) + sum over the c attaining it of E(i, c) lead(c),

and only leading terms meet: any other term is of lower order, and every
leading term is positive, so nothing cancels. A :class:`Route` is one path of
entries that attains the maximum; the leading coefficient of sigma is the
sum of their contributions (chances times final time).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from flint import fmpq

from ..exact.qq import to_fraction
from ..exact.reduction import Level

__all__ = ["Entry", "Route", "RouteAnalysis"]


@dataclass(frozen=True)
class Entry:
    """Entering state ``state`` of level ``depth`` with a chance ``amplitude eps^order`` (to leading order)."""

    depth: int
    state: int
    order: int
    amplitude: Fraction


@dataclass(frozen=True)
class Route:
    """A way the game spends its leading time: entries up the hierarchy, then ``time`` at the last level."""

    entries: tuple[Entry, ...]
    time: Fraction

    @property
    def chance(self) -> Fraction:
        """The product of the amplitudes: the route's chance, to leading order, is this times eps^chance_order."""
        return math.prod((e.amplitude for e in self.entries), start=Fraction(1))

    @property
    def contribution(self) -> Fraction:
        """The chance times the time: this route's part of the leading coefficient."""
        return self.chance * self.time

    @property
    def depth(self) -> int:
        """The level where the route spends its time (eps^-depth turns)."""
        return self.entries[-1].depth if self.entries else 0

    @property
    def chance_order(self) -> int:
        """The sum of the orders of the entries."""
        return sum(e.order for e in self.entries)


@dataclass(frozen=True)
class RouteAnalysis:
    """Orders, leading coefficients and routes for every state of every level of a reduction.

    Examples
    --------
    >>> from limits import Perturbation
    >>> a = RouteAnalysis(Perturbation.loaded(delta=3).hierarchy().reduction)
    >>> a.leading[2], a.leading[1]
    ([(0, Fraction(5, 26))], [(1, Fraction(5, 26)), (0, Fraction(5, 1))])
    """

    reduction: Level

    @cached_property
    def times(self) -> list[list[Fraction]]:
        """``z`` for every level and state: the time at that level's scale on the way to the goal."""
        out = []
        for lv in self.reduction.levels:
            ones = [[fmpq(1)] for _ in range(lv.size)]
            z = lv.matrix.group_solve(ones) if lv.next is not None else lv.matrix.solve(ones)
            out.append([to_fraction(r[0]) for r in z])
        return out

    def entry(self, k: int, i: int, c: int, bound: int) -> tuple[int, Fraction] | None:
        """The order j <= bound and the coefficient of the first nonzero term of ``Y^(k)(eps)(i, c)``."""
        y = self.reduction.levels[k].y
        return next(((j, to_fraction(y[j][i][c])) for j in range(bound + 1) if y[j][i][c] != 0), None)

    @cached_property
    def leading(self) -> list[list[tuple[int, Fraction]]]:
        """``(order, leading coefficient)`` of the time left from every state of every level, top down."""
        engine = self.reduction.levels
        out: list[list[tuple[int, Fraction]]] = [[] for _ in engine]
        for k in range(len(engine) - 1, -1, -1):
            lv, times = engine[k], self.times[k]
            for i in range(lv.size):
                best, lead = (0, times[i]) if times[i] else (None, Fraction(0))
                if lv.next is not None:
                    for c, (oc, lc) in enumerate(out[k + 1]):
                        e = self.entry(k, i, c, oc + 1)
                        if e is None:
                            continue
                        o = oc + 1 - e[0]
                        if best is None or o > best:
                            best, lead = o, e[1] * lc
                        elif o == best:
                            lead += e[1] * lc
                out[k].append((0 if best is None else best, lead))
        return out

    def routes(self, k: int, i: int) -> list[Route]:
        """The routes from state i of level k that attain its order."""
        order, _ = self.leading[k][i]
        found = []
        if order == 0 and self.times[k][i]:
            found.append(Route((), self.times[k][i]))
        if self.reduction.levels[k].next is None:
            return found
        for c, (oc, _) in enumerate(self.leading[k + 1]):
            e = self.entry(k, i, c, oc + 1)
            if e is None or oc + 1 - e[0] != order:
                continue
            found.extend(Route((Entry(k + 1, c, e[0], e[1]),) + r.entries, r.time) for r in self.routes(k + 1, c))
        return found
