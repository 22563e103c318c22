"""The law of the turn on which one player finishes, as an exact rational generating function.

With ``Q`` the chain's moves among the squares from which the goal can be
reached, ``r`` the one-turn chances of reaching the goal and ``u`` the start,
``P(T = t) = u^T Q^(t-1) r`` for ``t >= 1``, so

    F(z) = sum_t P(T = t) z^t = P(z) / det(I - z Q)

with ``deg P <= n`` (n squares). The denominator is the reversed
characteristic polynomial of the integer matrix ``D Q`` (python-flint,
multimodular), D the common denominator of the moves; the numerator is the
first n + 1 terms of the law times it. Squares from which the goal cannot be
reached are left out (no finishing path passes them), so every root of the
denominator lies outside the closed unit disk, as
:func:`limits.exact.series_pairing.pairing` needs, loops that trap a player
included: ``F(1) = P(T < infinity)``.

Sums over the laws of several independent players (two players' seat chances,
a race of two coin policies) are then pairings of such series.
"""

from __future__ import annotations

import math
from fractions import Fraction

from flint import fmpq, fmpq_poly, fmpz_mat

from ..checks import MAX_SERIES_STATES
from ..errors import SymbolicError, TooLargeError
from ..exact.series_pairing import RationalSeries
from ..model.chain import Chain

__all__ = ["passage_series", "check_series_size"]


def check_series_size(chain: Chain) -> None:
    """Refuse, before any work, a chain with more than :data:`~limits.checks.MAX_SERIES_STATES` squares.

    Raises
    ------
    TooLargeError
        Naming the limit.
    """
    n = len(chain.fewest_turns) - 1
    if n > MAX_SERIES_STATES:
        raise TooLargeError(f"the generating function of the finishing turn is built on at most {MAX_SERIES_STATES} "
                            f"squares (the limit MAX_SERIES_STATES); this game has {n} that can reach the goal")


def passage_series(chain: Chain, start: int = 0) -> RationalSeries:
    """``sum_t P(T = t) z^t`` exactly, T the turn on which a player starting on ``start`` reaches the goal.

    Raises
    ------
    TooLargeError
        Above :data:`~limits.checks.MAX_SERIES_STATES` squares that can reach the goal.
    SymbolicError
        For a die with symbols.

    Examples
    --------
    >>> from limits import Board, build_chain, fair
    >>> f = passage_series(build_chain(Board(3), fair(2)))  # 0 -> 1 or 2; 1 -> 2 or 3; 2 -> 3 (or stays)
    >>> f.terms(5), f.at_one()
    ([Fraction(0, 1), Fraction(0, 1), Fraction(1, 2), Fraction(1, 4), Fraction(1, 8)], Fraction(1, 1))
    >>> f.denominator.degree() <= 3
    True
    """
    if chain.is_symbolic:
        raise SymbolicError("the generating function needs a numeric die; substitute the die's symbols first")
    square = chain.entry(start)
    goal = chain.goal
    if square == goal:
        return RationalSeries(fmpq_poly([1]), fmpq_poly([1]))
    check_series_size(chain)
    live = [s for s in chain.states if s in chain.fewest_turns]
    if square not in chain.fewest_turns:
        return RationalSeries(fmpq_poly([]), fmpq_poly([1]))
    pos = {s: i for i, s in enumerate(live)}
    n = len(live)
    d = math.lcm(1, *(Fraction(p).denominator for s in live for _, p in chain.rows[chain.index[s]]))
    rows: list[list[tuple[int, int]]] = []
    finish = [0] * n
    m = fmpz_mat(n, n)
    for i, s in enumerate(live):
        row = []
        for t, p in chain.rows[chain.index[s]]:
            w = int(Fraction(p) * d)
            if t == goal:
                finish[i] += w
            elif t in pos:
                row.append((pos[t], w))
                m[i, pos[t]] += w
        rows.append(row)
    c = [int(x) for x in m.charpoly().coeffs()]  # det(x I - D Q) = sum c_j x^j, c_n = 1
    denominator = fmpq_poly([fmpq(c[n - j], d**j) for j in range(n + 1)])  # det(I - z Q)
    terms = [Fraction(0)]
    mass = [0] * n
    mass[pos[square]] = 1  # u^T (D Q)^(t-1): the law's numerators over D^t
    for t in range(1, n + 1):
        terms.append(Fraction(sum(x * f for x, f in zip(mass, finish) if x), d**t))
        nxt = [0] * n
        for i, x in enumerate(mass):
            if x:
                for j, w in rows[i]:
                    nxt[j] += x * w
        mass = nxt
    return RationalSeries.from_terms(terms, denominator).reduced()
