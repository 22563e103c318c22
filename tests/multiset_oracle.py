"""The tests' oracle of seat chances: k players on the chain of their unordered positions, exact, for small games.

All k players move once a round; while nobody has finished, the tuple of
their squares is a Markov chain, ``Q^(x)k``. The chance that seat j wins,
``sum_r (u^(x)k)^T (Q^(x)k)^(r-1) w_j``, with ``w_j(tau) = r(tau_j)
prod_{i<j} (1 - r(tau_i))`` (the seats before j do not finish in the round
in which j does; r the one-turn chance of finishing), does not change when
``w_j`` is replaced by its average over the orders of the players, since
the start and the moves are the same for every seat. The averaged reward
depends on the multiset of squares only, and the chain lumps onto
multisets: ``C(n + k - 1, k)`` states instead of ``n^k`` (3,321 for two
players on the paper's board; 91,881 for three; 1,929,501 for four). Each
seat's chance is one unknown of ``(I - P) x = w_j`` on them, lifted exactly
by :func:`limits.exact.padic_entry.dixon_entry`.

The package finds two players' chances from generating functions
(:mod:`limits.game.seat_chances`) and gives three or more certified digits;
this chain is an independent check of both.
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction
from itertools import combinations

from limits.game.distribution import integer_rows
from limits.model.chain import Chain

__all__ = ["multiset_states", "multiset_seat_chances"]


def multiset_states(squares: int, k: int) -> int:
    """``C(squares + k - 1, k)``: the unordered positions of k players on ``squares`` squares.

    Examples
    --------
    >>> multiset_states(81, 2), multiset_states(81, 3), multiset_states(81, 4)
    (3321, 91881, 1929501)
    """
    return math.comb(squares + k - 1, k)


def multiset_seat_chances(chain: Chain, k: int, start: int = 0) -> tuple[Fraction, ...]:
    """Each seat's exact chance to win a game of ``k >= 2`` players who cannot be trapped.

    A trap makes its linear systems singular: the callers give games without one.

    Examples
    --------
    >>> from limits import Board, fair
    >>> from limits import build_chain
    >>> seats = multiset_seat_chances(build_chain(Board(6, {2: 5}), fair(3)), 3)
    >>> seats, sum(seats)
    ((Fraction(685, 1539), Fraction(1484, 4617), Fraction(1078, 4617)), Fraction(1, 1))
    """
    import scipy.sparse as sp

    from limits.exact.padic_entry import dixon_entry

    square = chain.entry(start)
    if square == chain.goal:
        return (Fraction(1),) + (Fraction(0),) * (k - 1)
    d, weights = integer_rows(chain)
    moves = [[(j, w) for j, w in row if j >= 0] for row in weights]
    finish = [sum(w for j, w in row if j < 0) for row in weights]
    first = (chain.index[square],) * k
    states, transitions = _lumped(first, moves)
    pos = {m: i for i, m in enumerate(states)}
    size = len(states)
    rows, cols, vals = [], [], []
    scale = d**k
    for m, out in zip(states, transitions):
        i = pos[m]
        rows.append(i), cols.append(i), vals.append(scale)
        for target, w in out.items():
            rows.append(i), cols.append(pos[target]), vals.append(-w)
    matrix = sp.csr_matrix((vals, (rows, cols)), shape=(size, size))
    matrix.sum_duplicates()
    seats = []
    for j in range(1, k):
        rewards = [_seat_reward(m, j, finish, d) for m in states]
        common = math.lcm(*(w.denominator for w in rewards))
        value = dixon_entry(matrix, [int(w * common) for w in rewards], pos[first])
        seats.append(value / common)
    return tuple(seats) + (1 - sum(seats),)


def _lumped(first: tuple[int, ...], moves: list[list[tuple[int, int]]]) -> tuple[list, list[dict]]:
    """The multisets reachable from ``first`` and, for each, its integer moves (weights over ``D^k``).

    The moves of a multiset are those of its first k - 1 squares (a multiset too, shared by many) convolved
    with the moves of its last: each sub-multiset's moves are found once.
    """
    spread: dict[tuple[int, ...], dict[tuple[int, ...], int]] = {(): {(): 1}}

    def outcomes(m: tuple[int, ...]) -> dict[tuple[int, ...], int]:
        got = spread.get(m)
        if got is None:
            got = defaultdict(int)
            last = moves[m[-1]]
            for targets, w in outcomes(m[:-1]).items():
                for t, wt in last:
                    got[tuple(sorted((*targets, t)))] += w * wt
            spread[m] = got
        return got

    states, transitions = [first], []
    seen = {first}
    at = 0
    while at < len(states):
        out = outcomes(states[at])
        at += 1
        transitions.append(out)
        for target in out:
            if target not in seen:
                seen.add(target)
                states.append(target)
    return states, transitions


def _seat_reward(m: tuple[int, ...], j: int, finish: list[int], d: int) -> Fraction:
    """``d^k`` times the average over the orders of the players of ``w_j``: the chance that seat j finishes
    this round with seats 1..j-1 not finishing, from the positions ``m`` (the seats after j do not count)."""
    k = len(m)
    total = 0
    for winner in range(k):
        others = [s for i, s in enumerate(m) if i != winner]
        chosen = sum(math.prod(d - finish[s] for s in before) for before in combinations(others, j - 1))
        total += finish[m[winner]] * chosen * d ** (k - j)
    return Fraction(total, k * math.comb(k - 1, j - 1))
