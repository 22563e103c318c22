"""The distribution of the number of turns: pmf, survival P(M), median, mode, quantiles.

``P(M) = e_s T^M 1`` is the probability that the game is still on after M
turns. For a rational die the computation is in integers: with D the common
denominator of the face probabilities, ``D^M e_s T^M`` is an integer vector,
so no fraction is reduced until the end (:func:`mass_vectors`, each turn gathered in C by :func:`advancer`;
one player's horizon, :mod:`limits.game.one_player`, reads the same stream).

Work grows with the size of those integers (turns times the bits of D), so
exact survival lists stop at :data:`~limits.checks.MAX_SURVIVAL_BITS`; quantiles and
medians beyond the exact stream's reach come from a certified search by
matrix powers (:mod:`limits.game.tail_search`), so a median 10^20 turns
away is found in a second.
"""

from __future__ import annotations

import math
from fractions import Fraction
from operator import itemgetter
from typing import Any, Callable, Iterator

from ..checks import MAX_FLOAT_TURNS, MAX_MODE_TURNS, MAX_SURVIVAL_BITS, MAX_SYMBOLIC_WORK, whole
from ..errors import LimitsError, TooLargeError, shown
from ..exact.symbolic import to_sympy
from ..model.build import chain_start
from ..model.chain import Chain
from .linear_system import FiniteSystem

__all__ = [
    "survival",
    "pmf",
    "absorption_probability",
    "min_turns",
    "quantile",
    "median",
    "mode",
    "integer_rows",
    "mass_vectors",
    "advancer",
    "REPEAT",
]


_STREAM_BITS = 1 << 13  # the exact stream of quantile and mode stops once D**M passes 2^8192


def integer_rows(chain: Chain) -> tuple[int, list[list[tuple[int, int]]]]:
    """Common denominator D and rows with integer weights ``p * D`` (goal = -1)."""
    den = math.lcm(*{Fraction(p).denominator for row in chain.rows for _, p in row})
    rows = [[(chain.index.get(t, -1), p.numerator * (den // p.denominator)) for t, p in row] for row in chain.rows]
    return den, rows


def mass_vectors(chain: Chain, square: int) -> Iterator[tuple[list[int], int]]:
    """Yield ``(vec, den**M)`` for M = 0, 1, ...: integer numerators of the mass on each state."""
    den, rows = integer_rows(chain)
    advance = advancer(rows)
    vec = [0] * len(chain.states)
    vec[chain.index[square]] = 1
    scale = 1
    while True:
        yield vec, scale
        vec = advance(vec)
        scale *= den


REPEAT = 8
"""Weights up to this many are added as that many copies of the mass (no multiplication)."""


def advancer(rows: list[list[tuple[int, int]]]) -> Callable[[list[int]], list[int]]:
    """One turn of the integer mass on each state, times D (rows of :func:`integer_rows`; the goal's is dropped).

    Each state's new mass is gathered from the states that move to it by ``operator.itemgetter`` (a source
    listed w times for a small weight w) and added up by ``sum``, so the loop over the moves runs in C: about
    twice as fast as adding move by move in Python, with the same integers.

    Examples
    --------
    >>> advancer([[(1, 2), (-1, 1)], [(1, 1), (0, 5)]])([3, 7])
    [35, 13]
    """
    copies: list[list[int]] = [[] for _ in rows]
    heavy: list[list[tuple[int, int]]] = [[] for _ in rows]
    for i, row in enumerate(rows):
        for j, w in row:
            if j >= 0 and w:
                if w <= REPEAT:
                    copies[j] += [i] * w
                else:
                    heavy[j].append((i, w))
    gather = [itemgetter(*c) if len(c) > 1 else itemgetter(slice(c[0], c[0] + 1) if c else slice(0)) for c in copies]
    if not any(heavy):
        return lambda vec: [sum(g(vec)) for g in gather]
    return lambda vec: [sum(g(vec)) + sum([w * vec[i] for i, w in more]) for g, more in zip(gather, heavy)]


def _start(chain: Chain, start: int | None) -> int | None:
    square = chain.entry(chain_start(chain, start))
    return None if square == chain.goal else square


def _check_turns(turns: int) -> int:
    return whole(turns, "the number of turns", 0)


def _check_cost(chain: Chain, turns: int, exact: bool) -> None:
    """Refuse survival lists whose cost is known to be out of reach, before any work."""
    if chain.is_symbolic:
        limit, what = MAX_SYMBOLIC_WORK // max(1, len(chain.states)), "MAX_SYMBOLIC_WORK / squares"
    elif not exact:
        limit, what = MAX_FLOAT_TURNS, "MAX_FLOAT_TURNS"
    else:
        per_turn = integer_rows(chain)[0].bit_length()  # the numerators grow by the denominator each turn
        if turns * per_turn > MAX_SURVIVAL_BITS:
            raise TooLargeError(f"an exact survival list to {shown(turns)} turns needs numbers of about "
                                f"{shown(turns * per_turn)} bits; the limit MAX_SURVIVAL_BITS is {MAX_SURVIVAL_BITS} "
                                f"(ask for at most {MAX_SURVIVAL_BITS // per_turn} turns, or --float)")
        return
    if turns > limit:
        raise TooLargeError(f"a survival list of {shown(turns)} turns is longer than the limit {what} = {limit}")


def survival(chain: Chain, turns: int, start: int | None = None, *, exact: bool = True) -> list[Any]:
    """``[P(0), P(1), ..., P(turns)]``: the probability the game lasts more than M turns.

    Raises
    ------
    TooLargeError
        Past :data:`~limits.checks.MAX_SURVIVAL_BITS` (exact), :data:`~limits.checks.MAX_FLOAT_TURNS` or
        :data:`~limits.checks.MAX_SYMBOLIC_WORK`.

    Examples
    --------
    >>> from limits import build_chain
    >>> s = survival(build_chain(), 8)
    >>> s[:7]
    [Fraction(1, 1), Fraction(1, 1), Fraction(1, 1), Fraction(1, 1), Fraction(1, 1), Fraction(1, 1), Fraction(1, 1)]
    >>> s[7]
    Fraction(46583, 46656)
    >>> survival(build_chain(), 7, exact=False)[7]
    0.99843...
    """
    start = chain_start(chain, start)
    turns = _check_turns(turns)
    _check_cost(chain, turns, exact)
    square = _start(chain, start)
    if square is None:
        return [Fraction(0) if exact else 0.0] * (turns + 1)
    if chain.is_symbolic:
        return _symbolic_survival(chain, turns, square)
    if not exact:
        return _float_survival(chain, turns, square)
    return [Fraction(sum(vec), scale) for _, (vec, scale) in zip(range(turns + 1), mass_vectors(chain, square))]


def _float_survival(chain: Chain, turns: int, square: int) -> list[float]:
    import numpy as np

    t = chain.to_numpy()[:-1, :-1]
    v = np.zeros(len(chain.states))
    v[chain.index[square]] = 1.0
    out = []
    for _ in range(turns + 1):
        out.append(float(v.sum()))
        v = v @ t
    return out


def _symbolic_survival(chain: Chain, turns: int, square: int) -> list[Any]:
    import sympy

    vec: dict[int, Any] = {square: sympy.Integer(1)}
    out = []
    for _ in range(turns + 1):
        out.append(sympy.factor(sympy.expand(sum(vec.values(), sympy.Integer(0)))))
        new: dict[int, Any] = {}
        for s, mass in vec.items():
            for t, p in chain.rows[chain.index[s]]:
                if t != chain.goal:
                    new[t] = sympy.expand(new.get(t, 0) + mass * to_sympy(p))
        vec = new
    return out


def pmf(chain: Chain, turns: int, start: int | None = None, *, exact: bool = True) -> list[Any]:
    """``[P(D = 0), ..., P(D = turns)]`` for the number of turns D.

    Examples
    --------
    >>> from limits import build_chain
    >>> p = pmf(build_chain(), 7)
    >>> p[6], p[7]
    (Fraction(0, 1), Fraction(73, 46656))
    """
    start = chain_start(chain, start)
    turns = _check_turns(turns)
    s = survival(chain, turns, start, exact=exact)
    one = Fraction(1) if exact else 1.0
    return [one - s[0]] + [s[m - 1] - s[m] for m in range(1, turns + 1)]


def absorption_probability(chain: Chain, start: int | None = None) -> Fraction:
    """The exact probability that the game started on ``start`` ever ends.

    Examples
    --------
    >>> from limits import build_chain, weighted
    >>> absorption_probability(build_chain()), absorption_probability(build_chain(die=weighted(3, 1)))
    (Fraction(1, 1), Fraction(0, 1))
    """
    square = _start(chain, start)
    if square is None:
        return Fraction(1)
    return _absorption_vector(chain)[chain.index[square]]


def _absorption_vector(chain: Chain) -> list[Fraction]:
    """The exact probability of ever ending from each transient state, in the order of ``chain.states``."""
    from ..exact.linsolve import solve

    if not chain.trapped:
        return [Fraction(1)] * len(chain.states)
    closed = {s for trap in chain.traps for s in trap}
    # h = P(absorbed) solves (I - T) h = r on the squares outside closed traps
    # (there h = 0); r is the one-turn probability of reaching the goal.
    system = FiniteSystem(chain, tuple(s for s in chain.states if s not in closed))
    (h,) = solve(system.dense(), [system.entries[3]])
    return [h[system.position[s]] if s in system.position else Fraction(0) for s in chain.states]


def min_turns(chain: Chain, start: int | None = None) -> int | None:
    """The fewest turns in which the game can end; None if it never can.

    Examples
    --------
    >>> from limits import build_chain
    >>> min_turns(build_chain())
    7
    """
    square = _start(chain, start)
    if square is None:
        return 0
    return chain.fewest_turns.get(square)


def quantile(chain: Chain, q: Any, start: int | None = None) -> int | float:
    """The smallest M with ``P(D <= M) >= q``; ``math.inf`` if no such M exists.

    ``q`` is an exact probability in (0, 1) (a string such as ``"0.9"`` is read exactly).
    Every comparison is exact while the exact stream lasts; beyond it
    (:data:`_STREAM_BITS`), the search continues on certified balls
    (:func:`limits.game.tail_search.first_turn_reaching`).

    Raises
    ------
    TooLargeError, ConvergenceError
        From the certified search, for quantiles beyond ``2**4096`` turns or
        that no precision up to its bound decides.

    Examples
    --------
    >>> from limits import Board, Die, build_chain, weighted
    >>> quantile(build_chain(), "0.9")
    73
    >>> quantile(build_chain(die=weighted(1, "0.9999999999")), "0.5")
    20216792796
    >>> chain = build_chain(Board(6, {2: 1}), Die(["1/2", 0, 0, 0, 0, "1/2"]))
    >>> median(chain), quantile(chain, "0.5000001")  # half the games end at once, the rest never
    (1, inf)
    """
    start = chain_start(chain, start)
    from ..model.die import as_probability
    from .tail_search import first_turn_reaching

    q = as_probability(q)
    if not isinstance(q, Fraction) or not 0 < q < 1:
        raise LimitsError(f"a quantile level must lie strictly between 0 and 1, not {q}")
    square = _start(chain, start)
    if square is None:
        return 0
    _require_rational(chain)
    h = absorption_probability(chain, start)
    if h < q:
        return math.inf
    # With h == q the level is reached only if the mass that can still be absorbed dies out, which,
    # if it happens, happens within len(states) turns (a longer walk among such squares has a cycle).
    last = len(chain.states) + 1 if h == q else None
    for m, (vec, scale) in enumerate(mass_vectors(chain, square)):
        if (scale - sum(vec)) * q.denominator >= q.numerator * scale:
            return m
        if m == last:
            return math.inf
        if scale.bit_length() > _STREAM_BITS:
            break
    return first_turn_reaching(chain, [Fraction(v, scale) for v in vec], m, q)


def median(chain: Chain, start: int | None = None) -> int | float:
    """The median number of turns (the smallest M with ``P(D <= M) >= 1/2``).

    Examples
    --------
    >>> from limits import build_chain
    >>> median(build_chain())
    33
    """
    return quantile(chain, Fraction(1, 2), start)


def mode(chain: Chain, start: int | None = None) -> int | None:
    """The most likely number of turns (the smallest, on a tie); None if the game never ends.

    The search stops once the probability still to be absorbed is below the
    largest pmf value seen, so the answer is exact.

    Beyond the exact stream's reach (numbers of 2^13 bits) the search goes on
    with certified balls (:func:`limits.game.tail_search.mode_beyond`).

    Raises
    ------
    TooLargeError, ConvergenceError
        From the certified search: a mode not decided within
        :data:`~limits.checks.MAX_MODE_TURNS` turns, or two lengths
        too close in probability to tell apart.

    Examples
    --------
    >>> from limits import build_chain
    >>> mode(build_chain())
    22
    """
    square = _start(chain, start)
    if square is None:
        return 0
    _require_rational(chain)
    h = absorption_probability(chain, start)
    if h == 0:
        return None
    from .tail_search import mode_beyond

    if _large(chain):
        from .float_stream import mode_candidates

        found = mode_candidates(chain, square, MAX_MODE_TURNS)
        if found is not None and len(found) == 1:
            return found[0]
        if found is not None:  # near ties: their exact chances, which the bounds showed are all that can win
            try:
                chances = pmf(chain, max(found), start)
            except TooLargeError:  # numbers too large for an exact list: the search below, on balls past them
                pass
            else:
                return max(found, key=lambda m: (chances[m], -m))
    best, best_m = Fraction(-1), 0
    previous: Fraction | None = None
    for m, (vec, scale) in enumerate(mass_vectors(chain, square)):
        s = Fraction(sum(vec), scale)
        p = (1 - s) if previous is None else previous - s
        if p > best:
            best, best_m = p, m
        # what is still to be absorbed after M turns: h - P(D <= M)
        if h - (1 - s) < best:
            return best_m
        if scale.bit_length() > _STREAM_BITS:
            break
        previous = s
    return mode_beyond(chain, [Fraction(v, scale) for v in vec], m, best, best_m, _absorption_vector(chain))


def _large(chain: Chain) -> bool:
    """Whether the mode is searched on certified floats first: a large chain where every game ends."""
    from ..checks import FLOAT_SEARCH_FROM

    return len(chain.states) >= FLOAT_SEARCH_FROM and not chain.trapped


def _require_rational(chain: Chain) -> None:
    if chain.is_symbolic:
        raise LimitsError("this quantity needs a numeric die; substitute the die's symbols first")
