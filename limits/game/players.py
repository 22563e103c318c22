"""Several players taking turns: rounds until the first finishes, each seat's chance.

The k players move independently on the same board, seat 1 first in every
round. With ``S(r) = P(D > r)`` the survival of one player's game,

* ``P(R > r) = S(r)^k`` for the number R of rounds until someone finishes,
  exact for every r;
* ``E[R] = sum_{r >= 0} S(r)^k``;
* seat j wins with probability ``sum_r f(r) S(r)^(j-1) S(r-1)^(k-j)``, where
  ``f(r) = S(r-1) - S(r)``: the seats before j have not finished by round r,
  the seats after j not by round r-1.

For k = 1 the expectation is exact. For k >= 2 the infinite sums are not
rationals of practical size (their denominators grow with the k-th symmetric
power of T), so they are given as an exact rational *enclosure*: the partial
sum up to round L plus a rigorous bound on the tail. With ``q`` the largest
probability, over the squares, of not finishing within m turns,
``S(L + 1 + jm + t) <= S(L) q^j``, so the tail of ``E[R]`` is at most
``m S(L)^k / (1 - q^k)``, and the tail of each seat's sum is at most that
plus ``S(L)^k``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ..errors import InfiniteExpectationError, LimitsError
from ..exact.enclosure import Enclosure
from ..model.chain import AbsorbingChain
from ..model.traps import trap_reached_from
from .distribution import _integer_rows, _mass_stream, _start, absorption_probability, survival
from .duration import expected_duration

__all__ = ["PlayersResult", "players", "rounds_survival"]

MAX_PLAYERS = 8


@dataclass(frozen=True)
class PlayersResult:
    """What :func:`players` finds for k players.

    Attributes
    ----------
    players : int
    expected_rounds : Enclosure
        Expected number of rounds until the first player finishes.
    win_probability : tuple of Enclosure
        By seat, seat 1 first.
    rounds_checked : int
        How many rounds were summed exactly before bounding the tail.
    """

    players: int
    expected_rounds: Enclosure
    win_probability: tuple[Enclosure, ...]
    rounds_checked: int


def _check_players(k: int) -> None:
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_PLAYERS:
        raise LimitsError(f"the number of players must be a whole number 1..{MAX_PLAYERS}, not {k!r}")


def rounds_survival(chain: AbsorbingChain, k: int, rounds: int, start: int = 0) -> list[Fraction]:
    """``[P(R > 0), ..., P(R > rounds)]`` for k players, exactly.

    Examples
    --------
    >>> from limits import build_chain
    >>> s = rounds_survival(build_chain(), 2, 7)
    >>> s[7] == (Fraction(46583, 46656)) ** 2
    True
    """
    _check_players(k)
    return [s**k for s in survival(chain, rounds, start)]


def _tail_ratio(chain: AbsorbingChain, square: int) -> tuple[int, Fraction]:
    """``(m, q)``: q = the largest P(not finished within m turns) over reachable squares."""
    import networkx as nx

    den, rows = _integer_rows(chain)
    g = chain.to_networkx()
    reachable = [s for s in nx.descendants(g, square) | {square} if s != chain.goal]
    m = len(chain.states)
    # v[i] = den^t * P(alive after t turns from state i), for all i at once: v = T^t 1
    v = [1] * len(chain.states)
    for _ in range(m):
        v = [sum(w * v[j] for j, w in rows[i] if j >= 0) for i in range(len(v))]
    scale = den**m
    q = max(Fraction(v[chain.index[s]], scale) for s in reachable)
    return m, q


def players(chain: AbsorbingChain, k: int, start: int = 0, *, tolerance: Fraction = Fraction(1, 10**30),
            max_rounds: int = 100_000) -> PlayersResult:
    """Expected rounds and each seat's probability of winning, for k players.

    Parameters
    ----------
    chain : Chain
    k : int
        Players, 1..8; all start on ``start``.
    tolerance : Fraction, optional
        The widest enclosure wanted (default 1e-30).
    max_rounds : int, optional
        Stop summing after this many rounds, with a wider enclosure.

    Raises
    ------
    InfiniteExpectationError
        If a loop can trap a player (no one may ever finish).

    Examples
    --------
    >>> from limits import build_chain
    >>> r = players(build_chain(), 2)
    >>> print(f"{float(r.expected_rounds.lower):.6f}", r.expected_rounds.certain_digits() >= 25)
    26.513296 True
    >>> float(sum(w.lower for w in r.win_probability))
    1.0
    """
    _check_players(k)
    if chain.is_symbolic:
        raise LimitsError("several players need a numeric die; substitute the die's symbols first")
    square = _start(chain, start)
    if square is None:
        zero, one = Enclosure(Fraction(0), Fraction(0)), Enclosure(Fraction(1), Fraction(1))
        return PlayersResult(k, zero, (one,) + (zero,) * (k - 1), 0)
    trap = trap_reached_from(chain, square)
    if trap is not None:
        raise InfiniteExpectationError(start, trap, "expected number of rounds")
    if k == 1:
        mean = Fraction(expected_duration(chain, start))
        one = Enclosure(Fraction(1), Fraction(1))
        return PlayersResult(1, Enclosure(mean, mean), (one,), 0)
    assert absorption_probability(chain, start) == 1
    m, q = _tail_ratio(chain, square)
    # Horner sums over the common scale den^(k r): exact integers throughout.
    rounds = 0
    expected = Fraction(0)
    seats = [Fraction(0)] * k
    previous: Fraction | None = None
    for r, (alive, scale) in enumerate(_mass_stream(chain, square)):
        s = Fraction(alive, scale)
        expected += s**k
        if previous is not None:
            f = previous - s
            for j in range(1, k + 1):
                seats[j - 1] += f * s ** (j - 1) * previous ** (k - j)
        previous = s
        rounds = r
        tail = m * s**k / (1 - q**k) if q < 1 else math.inf
        if tail <= tolerance or r >= max_rounds:
            break
    tail_e = m * previous**k / (1 - q**k)
    tail_w = tail_e + previous**k
    return PlayersResult(
        k,
        Enclosure(expected, expected + tail_e),
        tuple(Enclosure(w, min(Fraction(1), w + tail_w)) for w in seats),
        rounds,
    )
