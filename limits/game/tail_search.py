"""Quantiles of games that last very long: a certified search by matrix powers.

The exact integer stream of :mod:`limits.game.distribution` walks one turn at
a time; with a loaded die close to certainty a median can lie 10^20 turns
away. Here ``P(D <= M) = 1 - e_s T^M 1`` is evaluated for far M with
python-flint balls (``arb_mat``): the powers ``T^(2^j)`` by squaring, then a
binary descent picks the smallest M with ``P(D <= M) >= q``. Every entry of
T and every product is a sum of positive terms, so a ball's relative width
grows only linearly with M and a working precision of about ``log2(M)``
bits plus a margin decides each comparison. Each comparison is made only
when the balls exclude the other outcome; otherwise the precision is raised,
up to a bound (then :class:`~limits.errors.ConvergenceError`).
"""

from __future__ import annotations

from fractions import Fraction

from ..checks import MAX_LOG2_TURNS, MAX_MODE_TURNS, MAX_TAIL_STATES
from ..errors import ConvergenceError, TooLargeError
from ..exact.qq import to_fmpq
from ..model.chain import Chain

__all__ = ["first_turn_reaching", "mode_beyond"]


class _Undecided(Exception):
    """A comparison the balls cannot decide at this precision."""


def _transient_matrix(chain: Chain) -> object:
    """The transient block T as an ``arb_mat`` at the current precision."""
    from flint import arb_mat

    n = len(chain.states)
    if n > MAX_TAIL_STATES:
        raise TooLargeError(f"a median, quantile or mode this far out is searched on at most {MAX_TAIL_STATES} "
                            f"squares (the limit MAX_TAIL_STATES), not {n}")
    t = arb_mat(n, n)
    for i, row in enumerate(chain.rows):
        for target, p in row:
            j = chain.index.get(target)
            if j is not None:
                t[i, j] = to_fmpq(Fraction(p))
    return t


def _row(values: list[Fraction]) -> object:
    from flint import arb_mat

    return arb_mat(1, len(values), [to_fmpq(v) for v in values])


def _search(chain: Chain, vector: list[Fraction], first: int, q: Fraction, bits: int) -> int:
    from flint import arb, arb_mat, ctx

    level = to_fmpq(q)
    with ctx.workprec(bits):
        t = _transient_matrix(chain)
        u = _row(vector)

        def reached(w: arb_mat) -> bool:
            absorbed = 1 - sum(w.entries(), arb(0))
            if absorbed >= level:
                return True
            if absorbed < level:
                return False
            raise _Undecided

        powers = [t]
        while not reached(u * powers[-1]):  # u T^(2^J): find J with P(D <= first + 2^J) >= q
            if len(powers) > MAX_LOG2_TURNS:
                raise TooLargeError(f"the quantile lies beyond 2^{MAX_LOG2_TURNS} turns "
                                    "(the limit MAX_LOG2_TURNS)")
            if len(powers) + 64 > bits:  # the balls would be too wide to decide: more precision first
                raise _Undecided
            powers.append(powers[-1] * powers[-1])
        steps = 0
        for j in range(len(powers) - 2, -1, -1):  # P(D <= first + steps) < q throughout
            w = u * powers[j]
            if not reached(w):
                u, steps = w, steps + (1 << j)
        return first + steps + 1


def first_turn_reaching(chain: Chain, vector: list[Fraction], first: int, q: Fraction) -> int:
    """The smallest M > ``first`` with ``P(D <= M) >= q``, given the mass ``vector`` alive after ``first`` turns.

    ``vector`` is exact: ``vector[i]`` the probability of being on ``chain.states[i]``
    after ``first`` turns, with ``P(D <= first) < q``; the caller makes sure
    that ``P(D <= M)`` reaches q for some finite M (it tends to a limit above q).

    Raises
    ------
    TooLargeError
        If M is beyond ``2**MAX_LOG2_TURNS``.
    ConvergenceError
        If no precision up to the bound decides a comparison (``P(D <= M)``
        equal to q at a far M would be one cause).

    Examples
    --------
    >>> from limits import Board, build_chain, weighted
    >>> chain = build_chain(Board(5), weighted(3, "0.9999999999", 3))  # on 3, a three overshoots
    >>> first_turn_reaching(chain, [Fraction(1), 0, 0, 0, 0], 0, Fraction(1, 2))  # about 2e10 ln 2
    13862943611
    """
    bits = 128 + 2 * len(chain.states).bit_length()
    while bits <= 4 * MAX_LOG2_TURNS + 1024:
        try:
            return _search(chain, vector, first, q, bits)
        except _Undecided:
            bits *= 2
    raise ConvergenceError(f"could not decide where P(D <= M) reaches {q} within {4 * MAX_LOG2_TURNS + 1024} bits")


def _mode_march(chain: Chain, vector: list[Fraction], first: int, best: Fraction, best_m: int,
                ends: list[Fraction], bits: int) -> int:
    from flint import arb_mat, ctx

    n = len(chain.states)
    one_turn = [sum((Fraction(p) for t, p in row if t == chain.goal), Fraction(0)) for row in chain.rows]  # in one turn
    with ctx.workprec(bits):
        t = _transient_matrix(chain)
        u = _row(vector)
        win = arb_mat(n, 1, [to_fmpq(v) for v in one_turn])
        ever = arb_mat(n, 1, [to_fmpq(v) for v in ends])
        top: object = to_fmpq(best)
        for m in range(first + 1, MAX_MODE_TURNS + 1):
            p = (u * win)[0, 0]  # P(D = m): positive terms only, no cancellation
            u = u * t
            left = (u * ever)[0, 0]  # still to be absorbed after m turns
            if p > top:
                top, best_m = p, m
            elif not p <= top:
                raise _Undecided
            if left < top:
                return best_m
    raise TooLargeError(f"the mode is not decided within {MAX_MODE_TURNS} turns (the limit MAX_MODE_TURNS): "
                        "the chance still to be absorbed exceeds the largest chance of one length seen")


def mode_beyond(chain: Chain, vector: list[Fraction], first: int, best: Fraction, best_m: int,
                ends: list[Fraction]) -> int:
    """Continue the search for the mode past ``first`` turns, on certified balls.

    ``vector`` is the exact mass on each state after ``first`` turns, ``best``
    the largest exact ``P(D = M)`` for M <= ``first`` (at ``best_m``), and
    ``ends[i]`` the exact probability of ever ending from ``chain.states[i]``.
    Turn by turn, ``P(D = M)`` and the chance still to be absorbed are
    enclosed (sums of positive terms, so the balls stay narrow); the search
    stops once the latter is certainly below the largest ``P(D = M)``.

    Raises
    ------
    TooLargeError
        If the mode is not decided within :data:`~limits.checks.MAX_MODE_TURNS` turns.
    ConvergenceError
        If two lengths are too close in probability for any precision up to the bound.
    """
    bits = 96 + 2 * MAX_MODE_TURNS.bit_length()
    while bits <= 1 << 12:
        try:
            return _mode_march(chain, vector, first, best, best_m, ends, bits)
        except _Undecided:
            bits *= 2
    raise ConvergenceError("two lengths of the game are too close in probability to tell which is the mode")
