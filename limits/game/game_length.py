"""How long a game of k players lasts, in spins or in rounds: its exact law.

Words, used the same way in text, JSON and docs:

* a **turn** is one player's spin (one roll of the die); one player's game
  lasts D turns, with survival ``S(r) = P(D > r)``;
* **spins** T count every player's turns until someone wins (for one player,
  spins = turns);
* **rounds** R count rounds of k turns, seat 1 first, the last round counted
  whole even when it is cut short by a win.

The k players move independently, so both laws are exact for every t:

* ``P(R > r) = S(r)^k``;
* ``P(T > (r-1)k + j) = S(r)^j S(r-1)^(k-j)`` for ``j = 0..k-1``: after
  ``(r-1)k + j`` spins the first j seats have had r turns, the others r - 1.

With D the common denominator of the chain's probabilities, ``S(r) = a_r / D^r``
with integer ``a_r``, and then ``P(T > t) = N_t / D^t`` with an integer
``N_t``: every sum below is an integer Horner sum, reduced once at the end.

Distributions, survival, the pmf and quantiles are exact rationals. Means and
variances of one player's turns are exact (one linear solve); for k >= 2 they
are infinite sums of rationals whose exact values would need the k-th
symmetric power of the chain (3321 states for k = 2 on the standard board),
so they are exact rational *enclosures*: the sum up to round L, over
fixed-point bounds on ``S`` (:attr:`limits.game.one_player.OnePlayer.horizon`),
plus a rigorous bound on the rest. With m the number of states and q the largest
probability, over the squares the game can reach, of not finishing within m
turns, ``S(L + i m + s) <= S(L) q^i`` for ``s >= 0``; so, past ``t0 = uL``
(u = k for spins, 1 for rounds), ``P(X > t) <= S(L)^k rho^i`` on the i-th
block of ``B = u m`` values, ``rho = q^k``, and

* ``sum_{t >= t0} P(X > t) <= S(L)^k B / (1 - rho)``,
* ``sum_{t >= t0} (2t + 1) P(X > t) <= S(L)^k B ((2 t0 + B) / (1 - rho) + 2 B rho / (1 - rho)^2)``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..checks import MAX_ROUNDS
from ..errors import InfiniteExpectationError, LimitsError, TooLargeError
from ..exact.enclosure import Enclosure
from .one_player import OnePlayer, first_index
from .quantile import QuantileRule, quantile_from_cdf

__all__ = ["Unit", "GameLength"]


class Unit(enum.Enum):
    """What a game length counts."""

    TURNS = "turns"
    SPINS = "spins"
    ROUNDS = "rounds"


@dataclass(frozen=True)
class GameLength:
    """The exact law of the length of a game of ``players`` players, counted in ``unit``.

    Examples
    --------
    >>> from limits import build_chain
    >>> spins = GameLength(OnePlayer(build_chain()), 2, Unit.SPINS)
    >>> spins.survival(14)  # both players have had 7 turns: S(7)^2
    Fraction(2169975889, 2176782336)
    >>> spins.quantile("0.9"), spins.median()
    (88, 46)
    >>> print(spins.mean().lower > 52, spins.mean().width < Fraction(1, 10**30))
    True True
    """

    one: OnePlayer
    players: int
    unit: Unit = Unit.SPINS

    def __post_init__(self) -> None:
        if self.unit is Unit.TURNS and self.players != 1:
            raise LimitsError("turns count one player's game; for several players count spins or rounds")

    @property
    def _step(self) -> int:
        """u: the values of X per round of one player's survival (k for spins, 1 otherwise)."""
        return self.players if self.unit is Unit.SPINS else 1

    # ---- the law, exactly -------------------------------------------------
    @property
    def base(self) -> int:
        """B with ``P(X > t) = N_t / B^t`` for integers ``N_t``: D for spins and turns, ``D^k`` for rounds."""
        d = self.one.denominator
        return d if self._step == self.players else d**self.players

    def scaled_survival(self, count: int, a: tuple[int, ...] | list[int] | None = None) -> list[int]:
        """``[N_0, ..., N_{count-1}]`` with ``P(X > t) = N_t / base^t``."""
        rounds = (count - 1) // self._step + 1
        if a is None or len(a) <= rounds:
            a = self.one.numerators(rounds)
        return self._law(a, count)

    def _law(self, a: Any, count: int) -> list[int]:
        """``P(X > t)`` for t < count, in the units of ``a`` (one player's survival by rounds) to the k."""
        k = self.players
        if self._step == 1:
            return [a[t] ** k for t in range(count)]
        return [a[t // k + 1] ** (t % k) * a[t // k] ** (k - t % k) for t in range(count)]

    def survival(self, t: int) -> Fraction:
        """``P(X > t)`` exactly."""
        return Fraction(self.scaled_survival(t + 1)[t], self.base**t)

    def cdf(self, count: int) -> list[Fraction]:
        """``[P(X <= 0), ..., P(X <= count - 1)]`` exactly."""
        b = self.base
        return [1 - Fraction(n, b**t) for t, n in enumerate(self.scaled_survival(count))]

    def pmf(self, count: int) -> list[Fraction]:
        """``[P(X = 0), ..., P(X = count - 1)]`` exactly."""
        c = [Fraction(0)] + self.cdf(count)
        return [c[t + 1] - c[t] for t in range(count)]

    @property
    def finishes(self) -> Fraction:
        """``P(X < infinity) = 1 - (1 - P(D < infinity))^k``."""
        return 1 - (1 - self.one.finishes) ** self.players

    def quantile(self, q: Any, rule: QuantileRule | str = QuantileRule.LOWER) -> int | Fraction | float:
        """The q-quantile by ``rule`` (:func:`limits.game.quantile.quantile_from_cdf`); ``math.inf`` if never reached."""
        settles = self.one.settles_at
        settles_at = None if settles is None else settles * self._step

        def stream():
            count, done, most = 64 * self._step, 0, MAX_ROUNDS * self._step + 1  # up to MAX_ROUNDS rounds
            while done < most:
                values = self.cdf(min(count, most))
                yield from values[done:]
                done, count = len(values), 2 * count
            raise TooLargeError(f"the {q} quantile lies beyond {MAX_ROUNDS} rounds (the limit MAX_ROUNDS of exact "
                                "scans); ask for a level further from 1")

        return quantile_from_cdf(stream(), q, rule, total=self.finishes, settles_at=settles_at)

    def median(self, rule: QuantileRule | str = QuantileRule.LOWER) -> int | Fraction | float:
        """The median: :meth:`quantile` at 1/2."""
        return self.quantile(Fraction(1, 2), rule)

    # ---- sums, certified ---------------------------------------------------
    def _check_finite(self, what: str) -> None:
        if self.one.trap is not None:
            raise InfiniteExpectationError(self.one.start, self.one.trap, what)

    def _tails(self, rounds: int) -> tuple[Fraction, Fraction]:
        """Bounds on ``sum P(X > t)`` and ``sum (2t + 1) P(X > t)`` over ``t >= u * rounds``."""
        m, q = self.one.tail_ratio
        u, h = self._step, self.one.horizon
        t0, block, rho = u * rounds, u * m, q**self.players
        lead = Fraction(h.upper[rounds], h.scale) ** self.players
        if lead == 0:
            return Fraction(0), Fraction(0)
        return (lead * block / (1 - rho),
                lead * block * ((2 * t0 + block) / (1 - rho) + 2 * block * rho / (1 - rho) ** 2))

    def _sums(self, what: str) -> tuple[Enclosure, Enclosure]:
        """Enclosures of ``sum P(X > t)`` and ``sum (2t + 1) P(X > t)``."""
        self._check_finite(what)
        h = self.one.horizon
        rounds = first_index(len(h), lambda r: self._tails(r)[1] <= self.one.tolerance)
        tail1, tail2 = self._tails(rounds)
        t0, scale = self._step * rounds, h.scale**self.players
        sums = []
        for bound in h.padded(rounds + 1):
            law = self._law(bound, t0)
            sums.append((Fraction(sum(law), scale), Fraction(sum((2 * t + 1) * n for t, n in enumerate(law)), scale)))
        (lo1, lo2), (hi1, hi2) = sums
        return Enclosure(lo1, hi1 + tail1), Enclosure(lo2, hi2 + tail2)

    def mean(self) -> Enclosure:
        """``E[X]``: exact for one player, otherwise a certified rational enclosure.

        Raises
        ------
        InfiniteExpectationError
            If a loop can trap a player.
        """
        if self.players == 1:
            self._check_finite(f"expected number of {self.unit.value}")
            return Enclosure.of(self.one.moments.mean)
        return self._sums(f"expected number of {self.unit.value}")[0]

    def variance(self) -> Enclosure:
        """``Var X``, exact for one player, otherwise a certified rational enclosure."""
        if self.players == 1:
            self._check_finite(f"variance of the number of {self.unit.value}")
            return Enclosure.of(self.one.moments.variance)
        first, second = self._sums(f"variance of the number of {self.unit.value}")
        return Enclosure(max(Fraction(0), second.lower - first.upper**2), second.upper - first.lower**2)

    def longer_than(self, other: "GameLength") -> Enclosure:
        """``P(X > Y)`` for this length X and an independent other one Y, as a certified enclosure.

        ``sum_t P(Y = t) P(X > t)`` is summed exactly up to where ``P(Y >= t)``
        is below the tolerance; what is left is at most ``P(Y >= t)``.
        """
        self._check_finite("chance that one game lasts longer than another")
        other._check_finite("chance that one game lasts longer than another")
        hy, hx = other.one.horizon, self.one.horizon
        rounds = other.one.round_below(other.players, min(self.one.tolerance, other.one.tolerance))
        count = other._step * rounds + 1  # P(Y > count - 1) <= S(rounds)^k
        ylo, yhi = (other._law(b, count) for b in hy.padded(count))
        xlo, xhi = (self._law(b, count) for b in hx.padded(count))
        one_y = hy.scale**other.players
        low = high = 0
        for t in range(count):  # P(Y = t) = P(Y > t - 1) - P(Y > t), each between its bounds
            before_lo, before_hi = (one_y, one_y) if t == 0 else (ylo[t - 1], yhi[t - 1])
            low += max(0, before_lo - yhi[t]) * xlo[t]
            high += (before_hi - ylo[t]) * xhi[t]
        scale = one_y * hx.scale**self.players
        value, rest = Fraction(low, scale), Fraction(yhi[-1], one_y)
        return Enclosure(value, min(Fraction(1), Fraction(high, scale) + rest))
