"""Exact answers for a race of two policies that ignore each other, from generating functions.

When neither policy looks at the other player, each player moves as its
own chain (the coin game of its policy), and with ``f_i`` the law of seat
i's finishing turn, ``F_i = P(T_i < infinity)`` and ``S_i(t) = P(T_i > t)``:

* the first wins at its t-th turn if the second has not finished in t - 1:
  ``P(first) = sum_t f_1(t) S_2(t - 1)``;
* the second wins at its t-th turn if the first has not finished in t:
  ``P(second) = sum_t f_2(t) S_1(t)``;
* the race never ends with chance ``(1 - F_1)(1 - F_2)``; otherwise its
  rounds have mean ``sum_r S_1(r) S_2(r)``.

Each sum splits into constants (the chance of never finishing) and pairings
of rational series (:func:`limits.exact.series_pairing.pairing`), so every
answer is an exact fraction, at the cost of one small exact solve per sum
(a second or two with a coin, whose denominators make the fractions long).
:func:`certified_race` sums the same series over the players' certified
survival bounds (:attr:`limits.game.one_player.OnePlayer.horizon`) instead:
enclosures of any width asked for, in milliseconds once each player's
bounds are known, for the head-to-head table.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..checks import MAX_SERIES_STATES
from ..exact.enclosure import Enclosure
from ..exact.series_pairing import RationalSeries, pairing
from ..game.one_player import OnePlayer
from ..game.passage_series import passage_series
from ..model.chain import Chain
from .moves import SeatMoves
from .policies import RacePolicy

__all__ = ["IndependentRace", "policy_chain_of", "independent_race", "within_series", "certified_race"]


@dataclass(frozen=True)
class IndependentRace:
    """Chances of a race of two policies that ignore each other (exact Fractions, or Enclosures from
    :func:`certified_race`); ``expected_rounds`` None when infinite."""

    first_wins: Fraction | Enclosure
    second_wins: Fraction | Enclosure
    never_ends: Fraction | Enclosure
    expected_rounds: Fraction | Enclosure | None


def policy_chain_of(moves: SeatMoves, policy: RacePolicy) -> Chain:
    """One player's chain under a policy that ignores the opponent, made from the game's turn table.

    Examples
    --------
    >>> from limits import build_chain
    >>> from limits.race.moves import seat_moves
    >>> from limits.race.policies import fixed_policy
    >>> m = seat_moves(build_chain())
    >>> float(policy_chain_of(m, fixed_policy("6", m)).expected_duration())
    17.386106977...
    """
    if policy.reactive:
        raise ValueError("a policy that looks at the opponent has no chain of its own")
    flips = {(moves.squares[i], int(moves.landing[i, r])): Fraction(int(policy.flips[i, 0, r]), policy.den)
             for i, r in zip(*np.nonzero(moves.decision))}
    return moves.chain.with_policy(lambda square, landing: flips[square, landing])


def within_series(chain: Chain) -> bool:
    """Whether the chain's finishing law is small enough for generating functions."""
    return len(chain.fewest_turns) - 1 <= MAX_SERIES_STATES


def independent_race(first: Chain, second: Chain, start: int = 0) -> IndependentRace:
    """The exact race of two players moving on their own chains, both from ``start``.

    Examples
    --------
    >>> from limits import build_chain
    >>> r = independent_race(build_chain(), build_chain())
    >>> float(r.first_wins), float(r.expected_rounds)
    (0.507802773460914, 26.51329608895...)
    """
    f1, f2 = passage_series(first, start), passage_series(second, start)
    if first.entry(start) == first.goal:
        return IndependentRace(Fraction(1), Fraction(0), Fraction(0), Fraction(0))
    one1, one2 = f1.at_one(), f2.at_one()
    never1, never2 = 1 - one1, 1 - one2
    tail1, tail2 = f1.tail(), f2.tail()
    first_wins = never2 * one1 + pairing(f1, tail2.shifted(1))
    second_wins = never1 * one2 + pairing(f2, tail1)
    never = never1 * never2
    rounds = never1 * _sum(tail2) + never2 * _sum(tail1) + pairing(tail1, tail2) if never == 0 else None
    return IndependentRace(first_wins, second_wins, never, rounds)


def _sum(series: RationalSeries) -> Fraction:
    return series.at_one() if not series.numerator.is_zero() else Fraction(0)


def certified_race(first: OnePlayer, second: OnePlayer) -> IndependentRace:
    """The race of two players on their own chains as certified enclosures, from their survival bounds.

    Each player's bounds ``lo[t] <= S(t) 2^b <= hi[t]`` hold to the round L
    where S falls below the tolerance; every term of the sums is bounded
    between products of bounds, and what lies past L is at most
    ``min(S_1(L), S_2(L))`` for the chances, and ``S_1(L) S_2(L) m / (1 - q)``
    for the rounds (m, q: :attr:`~limits.game.one_player.OnePlayer.tail_ratio`
    of the first). Both players must start on the same square, and neither
    may be trapped (the bounds need a race that ends).

    Raises
    ------
    ConvergenceError
        From the bounds, for a player that may never finish.

    Examples
    --------
    >>> from limits import build_chain
    >>> r = certified_race(OnePlayer(build_chain()), OnePlayer(build_chain()))
    >>> r.first_wins.shown(30), r.expected_rounds.shown(12)
    ('0.50780277346091397787392387842', '26.513296089')
    """
    if first.square is None:
        return IndependentRace(Enclosure.of(1), Enclosure.of(0), Enclosure.of(0), Enclosure.of(0))
    h1, h2 = first.horizon, second.horizon
    last = max(len(h1), len(h2)) - 1
    (lo1, hi1), (lo2, hi2) = h1.padded(last), h2.padded(last)
    s1, s2 = h1.scale, h2.scale
    rest = min(Fraction(hi1[last], s1), Fraction(hi2[last], s2))
    low = sum(max(0, lo1[t - 1] - hi1[t]) * lo2[t - 1] for t in range(1, last + 1))
    high = sum((hi1[t - 1] - lo1[t]) * hi2[t - 1] for t in range(1, last + 1))
    first_wins = Enclosure(Fraction(low, s1 * s2), min(Fraction(1), Fraction(high, s1 * s2) + rest))
    low = sum(max(0, lo2[t - 1] - hi2[t]) * lo1[t] for t in range(1, last + 1))
    high = sum((hi2[t - 1] - lo2[t]) * hi1[t] for t in range(1, last + 1))
    second_wins = Enclosure(Fraction(low, s1 * s2), min(Fraction(1), Fraction(high, s1 * s2) + rest))
    m, q = first.tail_ratio
    tail = Fraction(hi1[last], s1) * Fraction(hi2[last], s2) * m / (1 - q)
    rounds = Enclosure(Fraction(sum(a * b for a, b in zip(lo1, lo2)), s1 * s2),
                       Fraction(sum(a * b for a, b in zip(hi1, hi2)), s1 * s2) + tail)
    return IndependentRace(first_wins, second_wins, Enclosure.of(0), rounds)
