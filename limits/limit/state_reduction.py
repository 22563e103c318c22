"""sigma in float64 by state reduction, accurate as P(delta) -> 1.

:func:`limits.exact.gth.gth_mean_times` removes states one by one without
ever forming ``1 - P[k, k]``; here it is applied to a game's chain and to the
loaded die given by ``eps = 1 - P(delta)`` rather than by p, since
``1 - 1e-23`` is 1.0 in float64.
"""

from __future__ import annotations

import math
import sys
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from ..exact.gth import gth_mean_times
from ..model.board import Board, standard
from ..model.chain import AbsorbingChain
from ..model.rules import Rule, as_rule
from .family import finite_squares, move_counts

__all__ = ["gth_chain", "gth_weighted", "weighted_counts"]


def gth_chain(chain: AbsorbingChain, start: int = 0) -> float:
    """``sigma`` from ``start`` for a numeric chain, by state reduction in float64.

    Raises
    ------
    SymbolicError
        For a symbolic die.
    ConvergenceError
        When float64 cannot carry the chain (a probability below the normal
        range) or the answer (beyond 1e308, or infinite: a trap).

    Examples
    --------
    >>> from limits import build_chain
    >>> round(gth_chain(build_chain()), 10)
    39.5983656402
    """
    from ..errors import ConvergenceError, SymbolicError

    if chain.is_symbolic:
        raise SymbolicError("state reduction needs a numeric die")
    square = chain.entry(start)
    if square == chain.goal:
        return 0.0
    n = len(chain.states)
    p = np.zeros((n, n + 1))
    for i, row in enumerate(chain.rows):
        for t, prob in row:
            x = float(prob)
            if x < sys.float_info.min:
                raise ConvergenceError(f"float64 cannot carry the probability {prob} to full precision")
            p[i, n if t == chain.goal else chain.index[t]] += x
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        value = float(gth_mean_times(p)[chain.index[square]])
    if not math.isfinite(value):
        raise ConvergenceError(f"sigma from square {start} is infinite or beyond float64's range")
    return value


def gth_weighted(board: Board | None = None, delta: int = 6, eps: Any = 1e-3, *,
                 rule: Rule | str = Rule.STAY, faces: int = 6, start: int = 0) -> float:
    """``sigma`` for ``P(delta) = 1 - eps`` in float64, accurate for tiny ``eps``.

    The die is given by ``eps``, not by p, because ``1 - 1e-23`` is 1.0 in
    float64: each non-delta face gets ``eps / (faces - 1)`` and delta gets
    ``1 - eps``, which enters only moves that leave a square. ``eps`` may be
    exact (a Fraction or a decimal string), rounded once to float64 here.

    Raises
    ------
    DieError
        For eps outside (0, 1].
    ConvergenceError
        When float64 cannot carry the answer: eps below the smallest float
        (``1e-400``; subnormal floats lose digits), or sigma beyond the largest (order ``1e308``). Exact
        and certified values have no such limit
        (:func:`limits.limit.certified_value.sigma_at`).

    Examples
    --------
    >>> f"{gth_weighted(delta=6, eps=1e-23):.6e}"
    '5.000000e+23'
    >>> gth_weighted(delta=6, eps="1e-400")
    Traceback (most recent call last):
    ...
    limits.errors.ConvergenceError: float64 cannot carry eps = 1 - P(delta) = '1e-400' to full precision
    """
    from ..errors import ConvergenceError, DieError, shown
    from ..model.die import as_probability

    exact = as_probability(eps) if not isinstance(eps, float) else None
    if isinstance(eps, float):
        if not (0.0 < eps <= 1.0):  # NaN fails too
            raise DieError(f"eps = 1 - P(delta) must lie in (0, 1], not {eps!r}")
        e = eps
    else:
        if not isinstance(exact, Fraction) or exact == 0:
            raise DieError(f"eps = 1 - P(delta) must lie in (0, 1], not {shown(eps)}")
        e = float(exact) if exact.denominator.bit_length() < 2000 else 0.0
    if e / (faces - 1) < sys.float_info.min:  # zero or subnormal: digits lost before any work
        raise ConvergenceError(f"float64 cannot carry eps = 1 - P(delta) = {shown(eps)} to full precision")
    board = standard() if board is None else board
    loaded, others, row = weighted_counts(board, delta, as_rule(rule), faces, start)
    if row is None:
        return 0.0
    p = loaded * (1.0 - e) + others * (e / (faces - 1))
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        value = float(gth_mean_times(p)[row])
    if not math.isfinite(value):
        raise ConvergenceError(f"sigma at eps = {shown(eps)} is beyond float64's range")
    return value


@lru_cache(maxsize=128)
def weighted_counts(board: Board, delta: int, rule: Rule, faces: int, start: int
                    ) -> tuple[np.ndarray, np.ndarray, int | None]:
    """``(A, B, row)``: how many delta / non-delta faces make each move; the start's row.

    ``P = A (1 - eps) + B eps / (k - 1)`` over the squares where sigma is
    finite (last column: the goal). ``row`` is None when the start is the goal.
    """
    states, a, b = move_counts(board, delta, rule, faces)
    entry = finite_squares(board, rule, faces, start)[1]
    loaded = np.array(a, dtype=float)
    others = np.array(b, dtype=float)
    index = {s: i for i, s in enumerate(states)}
    loaded.setflags(write=False)
    others.setflags(write=False)
    return loaded, others, (None if entry == board.size else index[entry])
