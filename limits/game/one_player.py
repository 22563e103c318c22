"""One player's game from a start: the exact survival that every game of k players is built from.

:class:`OnePlayer` holds what every multi-player answer reads about one
player: the survival ``S(r) = P(D > r)`` exactly (as integers ``a_r = D^r S(r)``
over the chain's common denominator D), the probability of ever finishing,
the round after which S stops changing (if it does), the tail ratio (m, q)
that bounds what is left after any round, and the exact horizon: the first
rounds up to where ``S`` falls below the tolerance.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from ..errors import ConvergenceError, LimitsError, SymbolicError, TooLargeError
from ..exact.digits import decimal
from ..model.chain import AbsorbingChain
from .distribution import absorption_probability, survival

__all__ = ["OnePlayer", "MAX_ROUNDS", "MIN_TOLERANCE", "first_index"]

MAX_ROUNDS = 10_000
"""The most rounds of one player's survival computed exactly: for a certified tail, or to find a quantile."""

MIN_TOLERANCE = Fraction(1, 10**150)
"""The narrowest enclosure of an infinite sum that is computed (about 6000 rounds on the standard board)."""


@dataclass(frozen=True)
class OnePlayer:
    """One player's game from ``start``: exact survival, and what tail bounds need.

    Shared by every count of a game of k players on the same chain; build it
    once and pass it along (``Party`` does).

    Examples
    --------
    >>> from limits import build_chain
    >>> one = OnePlayer(build_chain())
    >>> one.survival(7)[7], one.denominator
    (Fraction(46583, 46656), 6)
    """

    chain: AbsorbingChain
    start: int = 0
    tolerance: Fraction = Fraction(1, 10**30)

    def __post_init__(self) -> None:
        if self.chain.is_symbolic:
            raise SymbolicError("game lengths need a numeric die; substitute the die's symbols first")
        if not 0 < Fraction(self.tolerance) < 1:
            raise LimitsError(f"the tolerance must lie strictly between 0 and 1, not {self.tolerance}")
        if self.tolerance < MIN_TOLERANCE:
            raise TooLargeError("enclosures narrower than 1e-150 (MIN_TOLERANCE) are not computed; "
                                "ask for fewer digits")
        self.chain.entry(self.start)  # a StartError for a square off the board

    @cached_property
    def square(self) -> int | None:
        """The state the game starts in; None if it starts on the last square."""
        square = self.chain.entry(self.start)
        return None if square == self.chain.goal else square

    @property
    def trap(self) -> tuple[int, ...] | None:
        """A loop that can trap the player from the start, or None."""
        return None if self.square is None else self.chain.trapped.get(self.square)

    @cached_property
    def denominator(self) -> int:
        """D, a common denominator of the chain's probabilities: ``D^r S(r)`` is an integer."""
        return math.lcm(1, *(Fraction(p).denominator for row in self.chain.rows for _, p in row))

    @cached_property
    def finishes(self) -> Fraction:
        """``P(D < infinity)``, the exact probability that the player ever finishes."""
        return absorption_probability(self.chain, self.start)

    @cached_property
    def settles_at(self) -> int | None:
        """A round after which ``S`` no longer changes; None if it changes for ever."""
        import networkx as nx

        if self.square is None:
            return 0
        g = self.chain.to_networkx()
        g.remove_edge(self.chain.goal, self.chain.goal)
        live = (nx.descendants(g, self.square) | {self.square}) & nx.ancestors(g, self.chain.goal)
        sub = g.subgraph(live)
        if not nx.is_directed_acyclic_graph(sub):
            return None
        return nx.dag_longest_path_length(sub) + 1 if live else 0

    @cached_property
    def tail_ratio(self) -> tuple[int, Fraction]:
        """``(m, q)``: q is the largest P(not finished within m turns) over the squares the game reaches."""
        import networkx as nx

        m = len(self.chain.states)
        if self.square is None:
            return m, Fraction(0)
        g = self.chain.to_networkx()
        reach = [s for s in nx.descendants(g, self.square) | {self.square} if s != self.chain.goal]
        alive = [Fraction(1)] * m  # alive[i] = P(not finished within t turns from states[i])
        index = self.chain.index
        for _ in range(m):
            alive = [sum((p * alive[index[t]] for t, p in row if t in index), Fraction(0)) for row in self.chain.rows]
        return m, max(alive[index[s]] for s in reach)

    def round_below(self, k: int, bound: Fraction) -> int:
        """The first round L of :attr:`horizon` with ``S(L)^k <= bound`` (or its last round)."""
        a, d = self.horizon, self.denominator
        return first_index(len(a), lambda r: Fraction(a[r], d**r) ** k <= bound)

    def survival(self, rounds: int) -> list[Fraction]:
        """``[S(0), ..., S(rounds)]`` exactly (:func:`limits.game.distribution.survival`)."""
        return survival(self.chain, rounds, self.start)

    def numerators(self, rounds: int) -> list[int]:
        """``a_r = D^r S(r)`` for r = 0..rounds, integers."""
        d = self.denominator
        return [s.numerator * (d**r // s.denominator) for r, s in enumerate(self.survival(rounds))]

    @cached_property
    def horizon(self) -> tuple[int, ...]:
        """``a_0..a_L`` with L the first round (doubling) where ``S(L) <= tolerance``, at most :data:`MAX_ROUNDS`.

        Raises
        ------
        ConvergenceError
            If ``S`` is still above the tolerance after :data:`MAX_ROUNDS` rounds
            (a game that may never end, or one that is very slow to).
        """
        rounds = 4 * len(self.chain.states)
        while True:
            a = self.numerators(rounds)
            if Fraction(a[-1], self.denominator**rounds) <= self.tolerance:
                return tuple(a)
            if rounds >= MAX_ROUNDS:
                what = "the player may never finish" if self.trap else "the game is very slow to end"
                raise ConvergenceError(f"one player's survival is still above {decimal(self.tolerance, 2)} after "
                                       f"{MAX_ROUNDS} rounds ({what}); ask for a larger tolerance")
            rounds = min(2 * rounds, MAX_ROUNDS)


def first_index(length: int, holds: Any) -> int:
    """The first index in ``range(length)`` where ``holds`` turns true (bisection; it stays true after)."""
    lo, hi = 0, length - 1
    if not holds(hi):
        return hi
    while lo < hi:
        mid = (lo + hi) // 2
        if holds(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo
