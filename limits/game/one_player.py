"""One player's game from a start: the survival that every game of k players is built from.

:class:`OnePlayer` holds what every multi-player answer reads about one
player: the survival ``S(r) = P(D > r)`` exactly (as integers ``a_r = D^r S(r)``
over the chain's common denominator D), the probability of ever finishing,
the round after which S stops changing (if it does), the tail ratio (m, q)
that bounds what is left after any round, and the horizon: certified bounds
on ``S`` for the first rounds, up to where ``S`` falls below the tolerance.

The horizon is fixed-point, not exact: ``a_r`` has about ``r log2 D`` bits,
so exact sums over thousands of rounds (a slow game, a die with large
denominators, many digits) cost the square of the rounds in digits. The
bounds keep a precision set by the tolerance instead: the mass on each
square is rounded down in the lower vector and up in the upper one after
every turn. Every weight is nonnegative, so the two vectors stay below and
above the exact one, and they part by at most one unit per square per turn.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from ..checks import MAX_HORIZON_WORK, MAX_PLAYERS, MIN_TOLERANCE
from ..errors import ConvergenceError, LimitsError, SymbolicError, TooLargeError, shown
from ..exact.digits import decimal
from ..model.chain import Chain
from .distribution import _check_cost, absorption_probability, advancer, integer_rows, mass_vectors, survival
from .duration import moments

__all__ = ["OnePlayer", "SurvivalBounds", "first_index"]

ROUNDED = 32
"""One player's survival bounds advance up to this many turns at a time and round their vectors back to ``bits`` at
the end (the sums of every turn are rounded on their own): in between the integers grow by log2(D) bits a turn, so a
block grows them by at most :data:`BLOCK_BITS` (one turn a block for a die of more than 128-bit denominators)."""
BLOCK_BITS = 128


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

    chain: Chain
    start: int = 0
    tolerance: Fraction = Fraction(1, 10**30)

    def __post_init__(self) -> None:
        if self.chain.is_symbolic:
            raise SymbolicError("game lengths need a numeric die; substitute the die's symbols first")
        t = self.tolerance
        if isinstance(t, bool) or not isinstance(t, numbers.Real) or not 0 < t < 1:  # nan is not either
            raise LimitsError(f"the tolerance must lie strictly between 0 and 1, not {shown(t)}")
        object.__setattr__(self, "tolerance", Fraction(t))
        if self.tolerance < MIN_TOLERANCE:
            raise TooLargeError(f"enclosures narrower than 1e-{len(str(MIN_TOLERANCE.denominator)) - 1} (MIN_TOLERANCE) "
                                "are not computed; "
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
        from ..exact.digraph import ancestors, descendants, longest_path_length

        if self.square is None:
            return 0
        g = self.chain.successors()
        live = (descendants(g, self.square) | {self.square}) & ancestors(g, self.chain.goal)
        length = longest_path_length({s: [t for t in g[s] if t in live] for s in live})
        if length is None:
            return None
        return length + 1 if live else 0

    @cached_property
    def tail_ratio(self) -> tuple[int, Fraction]:
        """``(m, q)``: q is the largest P(not finished within m turns) over the squares the game reaches."""
        from ..exact.digraph import descendants

        m = len(self.chain.states)
        if self.square is None:
            return m, Fraction(0)
        reach = [s for s in descendants(self.chain.successors(), self.square) | {self.square} if s != self.chain.goal]
        d, rows = integer_rows(self.chain)
        alive = [1] * m  # alive[i] = D^t P(not finished within t turns from states[i]), in integers
        for _ in range(m):
            alive = [sum([w * alive[j] for j, w in row if j >= 0]) for row in rows]
        index = self.chain.index
        return m, Fraction(max(alive[index[s]] for s in reach), d**m)

    def round_below(self, k: int, bound: Fraction) -> int:
        """The first round L of :attr:`horizon` whose upper bound has ``S(L)^k <= bound`` (or its last round)."""
        h = self.horizon
        limit = Fraction(bound) * h.scale**k
        return first_index(len(h), lambda r: h.upper[r] ** k <= limit)

    def survival(self, rounds: int) -> list[Fraction]:
        """``[S(0), ..., S(rounds)]`` exactly (:func:`limits.game.distribution.survival`)."""
        return survival(self.chain, rounds, self.start)

    def numerators(self, rounds: int) -> list[int]:
        """``a_r = D^r S(r)`` for r = 0..rounds, integers."""
        known, stream = self._numerators
        if len(known) <= rounds:
            _check_cost(self.chain, rounds, True)
        if self.square is None:
            return [0] * (rounds + 1)
        while len(known) <= rounds:
            known.append(sum(next(stream)[0]))
        return known[:rounds + 1]

    @cached_property
    def _numerators(self) -> tuple[list[int], Any]:
        """The numerators found so far and the stream that gives the next: every quantile of every party
        reads the same ones."""
        return [], (mass_vectors(self.chain, self.square) if self.square is not None else None)

    @cached_property
    def moments(self) -> Any:
        """The mean and variance of one player's turns, exactly (:func:`limits.game.duration.moments`)."""
        return moments(self.chain, self.start)

    @cached_property
    def horizon(self) -> "SurvivalBounds":
        """Certified bounds on ``S(0..L)``, L the first round whose upper bound is at most the tolerance.

        Raises
        ------
        ConvergenceError
            If ``S`` is still above the tolerance once the work reaches
            :data:`~limits.checks.MAX_HORIZON_WORK` (a game that may never end, or one that is
            very slow to).
        """
        _, rows = integer_rows(self.chain)
        transitions = sum(len(row) for row in rows)
        most = MAX_HORIZON_WORK // max(1, transitions)
        # S drifts by at most one unit per square per round (most * squares units); the sums of k players
        # weigh k such drifts by (2t + 1) over t < k * most: 16 bits to spare past all that
        drift = most * len(rows) * MAX_PLAYERS * (MAX_PLAYERS * most) ** 2
        bits = (self.tolerance.denominator // self.tolerance.numerator + 1).bit_length() + drift.bit_length() + 16
        if self.square is None:
            return SurvivalBounds((0,), (0,), bits)
        d = self.denominator
        block = max(1, min(ROUNDED, BLOCK_BITS // d.bit_length()))
        every = d**block
        advance = advancer(rows)

        def turns(vec: list[int]) -> tuple[list[int], list[int]]:  # a block of turns: each turn's total, the vector
            sums = []
            for _ in range(block):
                vec = advance(vec)
                sums.append(sum(vec))
            return sums, vec

        # the two vectors travel as one: square i holds lower_i + (upper_i << shift), and a turn's sums of
        # both halves are one sum. A turn multiplies the mass by D; the sums of the turns of a block are
        # divided by D^j, down and up, and the vectors by D^block at its end: the lower half's sum stays below
        # 2^bits D^block, its whole mass, so it never carries into the upper half
        shift = bits + block * d.bit_length() + 1
        mask = (1 << shift) - 1
        both = [0] * len(rows)
        both[self.chain.index[self.square]] = (1 << bits) | (1 << (bits + shift))
        lows, highs = [1 << bits], [1 << bits]
        limit = self.tolerance * (1 << bits)
        while highs[-1] > limit:
            sums, both = turns(both)
            scale = 1
            for total in sums:  # the limit holds turn by turn, wherever a block ends
                if len(highs) > most:
                    what = "the player may never finish" if self.trap else "the game is very slow to end"
                    raise ConvergenceError(f"one player's survival is still above {decimal(self.tolerance, 2)} after "
                                           f"{len(highs) - 1} rounds ({what}): past the limit MAX_HORIZON_WORK = "
                                           f"{MAX_HORIZON_WORK} rounds times transitions, the sums of several "
                                           "players are not certified")
                scale *= d
                lows.append((total & mask) // scale)
                highs.append(-(-(total >> shift) // scale))
                if highs[-1] <= limit:
                    break
            both = [(y & mask) // every | -(-(y >> shift) // every) << shift for y in both]
        return SurvivalBounds(tuple(lows), tuple(highs), bits)


@dataclass(frozen=True)
class SurvivalBounds:
    """``lower[r] <= S(r) * 2^bits <= upper[r]`` for rounds r = 0..L.

    Examples
    --------
    >>> from limits import build_chain
    >>> h = OnePlayer(build_chain()).horizon
    >>> s = build_chain().survival(30)[30]
    >>> Fraction(h.lower[30], h.scale) <= s <= Fraction(h.upper[30], h.scale)
    True
    """

    lower: tuple[int, ...]
    upper: tuple[int, ...]
    bits: int

    def __len__(self) -> int:
        return len(self.upper)

    @property
    def scale(self) -> int:
        """``2^bits``."""
        return 1 << self.bits

    def padded(self, rounds: int) -> tuple[list[int], list[int]]:
        """Bounds for rounds 0..rounds, past L too: S never grows, so 0 and ``upper[L]`` bound it there."""
        more = max(0, rounds + 1 - len(self))
        return list(self.lower) + [0] * more, list(self.upper) + [self.upper[-1]] * more


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
