"""Expected length of a game, its variance, and expected visits to each square.

With ``T`` the transient block and ``A = I - T``, the mean number of turns
``m1`` solves ``A m1 = 1`` and the second moment ``m2`` solves
``A m2 = 2 m1 - 1`` (from ``D = 1 + D'``). Expected visits from a start are
the row ``e_s A^-1``, found by solving ``A^T v = e_s``. Nothing is inverted.
Squares from which a closed loop can trap the player have infinite moments;
they are left out of the systems (which stay nonsingular) and reported.
Large systems go to the sparse engines (:mod:`limits.game.linear_system`):
the second moment then reuses the factorisation of the first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from ..errors import InfiniteExpectationError, SymbolicError
from ..exact.linsolve import solve
from ..model.build import chain_start
from ..model.chain import Chain
from .linear_system import finite_system

__all__ = ["Moments", "expected_durations", "expected_duration", "moments", "expected_visits"]


@dataclass(frozen=True)
class Moments:
    """Mean, variance and standard deviation of the number of turns.

    Exact moments are Fractions (sympy expressions for a symbolic die) and
    ``std`` is the exact sympy square root, made when first asked for (so
    that sympy is not imported for the mean); float moments are floats.
    """

    mean: Any
    variance: Any

    def __repr__(self) -> str:
        from ..markup.jupyter import value_text

        kind = "exact" if isinstance(self.variance, Fraction) else "floats" if isinstance(self.variance, float) \
            else "symbolic"
        text = f"Moments(mean {value_text(self.mean)}, variance {value_text(self.variance)}; {kind})"
        return text if len(text) <= 200 else f"Moments({kind}, symbolic expressions too long to show)"

    @cached_property
    def std(self) -> Any:
        """The standard deviation: an exact sympy square root, or a float."""
        return _sqrt(self.variance, not isinstance(self.variance, float))

    def _repr_html_(self) -> str:
        """Mean, variance and standard deviation, each to the digits it is known to.

        Examples
        --------
        >>> from limits import build_chain
        >>> "39.5983656402" in build_chain().moments()._repr_html_()
        True
        """
        from ..exact.digits import decimal_sqrt
        from ..markup.jupyter import DIGITS, summary_html, value_text

        exact = isinstance(self.variance, Fraction)
        std = decimal_sqrt(self.variance, DIGITS) if exact else value_text(self.std)
        return summary_html("The number of turns", [("mean", value_text(self.mean)),
                                                    ("variance", value_text(self.variance)),
                                                    ("standard deviation", std)])


def _reduced(system: Any, exact: bool) -> bool:
    """Whether the state reduction or the sparse exact engine solves ``system``: floats of numbers always (a dense
    float solve forms ``1 - T_ii`` and loses every digit near p = 1), exact numbers from
    :data:`~limits.checks.SPARSE_FROM` squares on."""
    if not exact and system.chain.is_symbolic:
        raise SymbolicError("floats need a numeric die; substitute the die's symbols first")
    return not exact or system.solved_sparse(exact)


def _raw_moments(chain: Chain) -> tuple[dict[int, Any], dict[int, Any]]:
    """E[D] and E[D^2] by the dense exact solves; the callers hand the systems the other engines take to them."""
    system = finite_system(chain)
    a = system.dense()
    (m1,) = solve(a, [[1] * len(a)])
    (m2,) = solve(a, [[2 * x - 1 for x in m1]])
    return dict(zip(system.finite, m1)), dict(zip(system.finite, m2))


def expected_durations(chain: Chain, *, exact: bool = True) -> dict[int, Any]:
    """Expected number of turns from every transient square; ``math.inf`` where trapped.

    Examples
    --------
    >>> from limits import build_chain, weighted
    >>> d = expected_durations(build_chain(die=weighted(3, 1)))
    >>> d[0], d[97]
    (inf, Fraction(1, 1))
    """
    chain_start(chain)
    system = finite_system(chain)
    if _reduced(system, exact):
        mean = system.exact_moments(False)[0].fractions() if exact else system.float_moments(False)[0].tolist()
        m1 = dict(zip(system.finite, mean))
    else:
        m1, _ = _raw_moments(chain)
    return {s: m1.get(s, math.inf) for s in chain.states}


def _resolve_start(chain: Chain, start: int | None, what: str) -> int | None:
    """The state of ``start`` (the chain's own when None); None if the game is already won; raise if trapped."""
    start = chain_start(chain, start)
    square = chain.entry(start)
    if square == chain.goal:
        return None
    trap = chain.trapped.get(square)
    if trap is not None:
        raise InfiniteExpectationError(start, trap, what)
    return square


def expected_duration(chain: Chain, start: int | None = None, *, exact: bool = True) -> Any:
    """Expected number of turns of a game started on ``start``.

    Raises
    ------
    StartError
        If ``start`` is not a square 0..N.
    InfiniteExpectationError
        If a closed loop can trap the player; the error names the loop.

    Examples
    --------
    >>> from limits import build_chain, weighted
    >>> c = build_chain()
    >>> float(expected_duration(c))
    39.5983656...
    >>> expected_duration(c, exact=False)
    39.5983656...
    >>> expected_duration(build_chain(die=weighted(3, 1)))
    Traceback (most recent call last):
    ...
    limits.errors.InfiniteExpectationError: the expected number of turns from square 0 is infinite: the player can be trapped forever in the loop {53}, from which the last square is never reached
    """
    zero = Fraction(0) if exact else 0.0
    square = _resolve_start(chain, start, "expected number of turns")
    if square is None:
        return zero
    system = finite_system(chain)
    at = system.position[square]
    if _reduced(system, exact):
        return system.exact_mean_at(at) if exact else float(system.float_moments(False)[0][at])
    (m1,) = solve(system.dense(), [[1] * len(system.finite)])
    return m1[at]


def moments(chain: Chain, start: int | None = None, *, exact: bool = True) -> Moments:
    """Mean, variance and standard deviation of the number of turns from ``start``.

    Raises
    ------
    StartError, InfiniteExpectationError
        As :func:`expected_duration`.

    Examples
    --------
    >>> from limits import Board, build_chain, fair
    >>> m = moments(build_chain(Board(2), fair(2)))  # from 1 only a 1 wins
    >>> m.mean, m.variance, m.std
    (Fraction(2, 1), Fraction(2, 1), sqrt(2))
    """
    zero = Fraction(0) if exact else 0.0
    square = _resolve_start(chain, start, "expected number of turns")
    if square is None:
        return Moments(zero, zero)
    system = finite_system(chain)
    if _reduced(system, exact):
        at = system.position[square]
        if exact:
            x1, x2 = system.exact_moments(True)
            mean = x1[at]
            return Moments(mean, x2[at] - mean * mean)
        mean_all, var_all = system.float_moments(True)
        return Moments(float(mean_all[at]), float(var_all[at]))
    m1, m2 = _raw_moments(chain)
    mean = m1[square]
    variance = m2[square] - mean * mean
    if chain.is_symbolic:
        import sympy

        variance = sympy.factor(sympy.together(variance))
    return Moments(mean, variance)


def _sqrt(value: Any, exact: bool) -> Any:
    if not exact:
        return math.sqrt(max(value, 0.0))
    import sympy

    if isinstance(value, Fraction):  # unevaluated: sympy would try to factor huge integers
        return sympy.Pow(sympy.Rational(value.numerator, value.denominator), sympy.S.Half, evaluate=False)
    return sympy.sqrt(value)


def expected_visits(chain: Chain, start: int | None = None, *, exact: bool = True) -> dict[int, Any]:
    """Expected number of turns that end on each transient square, from ``start``.

    The start square counts once for the turn the game begins on it, so the
    visits add up to the expected number of turns.

    Examples
    --------
    >>> from limits import Board, build_chain, fair
    >>> expected_visits(build_chain(Board(2), fair(2)))
    {0: Fraction(1, 1), 1: Fraction(1, 1)}
    """
    zero = Fraction(0) if exact else 0.0
    square = _resolve_start(chain, start, "expected number of visits")
    if square is None:
        return {s: zero for s in chain.states}
    system = finite_system(chain)
    _reduced(system, exact)  # for its refusal of floats of a symbolic die: visits are solved exactly
    transposed = [list(col) for col in zip(*system.dense())]  # floats: the exact visits rounded
    (v,) = solve(transposed, [[Fraction(s == square) for s in system.finite]])
    visits = dict(zip(system.finite, v if exact else map(float, v)))
    return {s: visits.get(s, zero) for s in chain.states}
