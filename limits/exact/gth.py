"""A float64 solver for mean absorption times that stays accurate as eps -> 0.

State reduction (Grassmann, Taksar & Heyman 1985, applied to mean times):
states are removed one by one; a state k leaves its probability and its
mean time to the states that lead to it, in proportion ``P[i, k] / s_k``,
where ``s_k`` is the sum of k's off-diagonal probabilities (the goal
included). ``1 - P[k, k]`` is never formed, so no subtraction can cancel and
every quantity keeps a small relative error even when a loaded die makes the
chance of leaving a loop as small as 1e-23. Back-substitution then gives the
mean time from every state.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from .board import Board, standard
from .rules import Rule, as_rule
from .sigma import finite_squares, move_counts

if TYPE_CHECKING:  # pragma: no cover
    from .chain import Chain

__all__ = ["gth_mean_times", "gth_chain", "gth_weighted", "weighted_counts"]


def gth_mean_times(p: np.ndarray) -> np.ndarray:
    """Mean number of steps to absorption from each transient state.

    Parameters
    ----------
    p : ndarray, shape (n, n + 1)
        Transition probabilities among n transient states; the last column is
        the probability of being absorbed. The diagonal is ignored (a self-loop
        only lengthens each visit, by ``1 / s`` with s the off-diagonal sum).

    Returns
    -------
    ndarray, shape (n,)

    Examples
    --------
    >>> gth_mean_times(np.array([[0.5, 0.5, 0.0], [0.0, 0.5, 0.5]]))
    array([4., 2.])
    """
    p = np.array(p, dtype=float)
    n = p.shape[0]
    m = np.ones(n)
    s = np.zeros(n)
    rows = np.zeros_like(p)
    for k in range(n):
        # k leaves towards later states and the goal only: earlier states are
        # gone and the diagonal is a self-loop, so the sum is off-diagonal
        rest = p[k, k + 1:]
        s[k] = rest.sum()
        rows[k] = p[k]
        if s[k] > 0.0:
            share = p[k + 1:n, k] / s[k]
            p[k + 1:n, k + 1:] += np.outer(share, rest)  # additions only
            m[k + 1:n] += share * m[k]
    t = np.zeros(n)
    for k in range(n - 1, -1, -1):
        t[k] = np.inf if s[k] <= 0.0 else (m[k] + rows[k, k + 1:n] @ t[k + 1:]) / s[k]
    return t


def gth_chain(chain: "Chain", start: int = 0) -> float:
    """``sigma`` from ``start`` for a numeric chain, by state reduction in float64.

    Examples
    --------
    >>> from limits import build_chain
    >>> round(gth_chain(build_chain()), 10)
    39.5983656402
    """
    if chain.is_symbolic:
        raise TypeError("state reduction needs a numeric die")
    square = chain.entry(start)
    if square == chain.goal:
        return 0.0
    n = len(chain.states)
    p = np.zeros((n, n + 1))
    for i, row in enumerate(chain.rows):
        for t, prob in row:
            p[i, n if t == chain.goal else chain.index[t]] += float(prob)
    return float(gth_mean_times(p)[chain.index[square]])


def gth_weighted(board: Board | None = None, delta: int = 6, eps: float = 1e-3, *,
                 rule: Rule | str = Rule.STAY, faces: int = 6, start: int = 0) -> float:
    """``sigma`` for ``P(delta) = 1 - eps`` in float64, accurate for tiny ``eps``.

    The die is given by ``eps``, not by p, because ``1 - 1e-23`` is 1.0 in
    float64: each non-delta face gets ``eps / (faces - 1)`` and delta gets
    ``1 - eps``, which enters only moves that leave a square.

    Examples
    --------
    >>> f"{gth_weighted(delta=6, eps=1e-23):.6e}"
    '5.000000e+23'
    """
    if not 0.0 < eps <= 1.0:
        from .errors import DieError

        raise DieError(f"eps = 1 - P(delta) must lie in (0, 1], not {eps!r}")
    board = standard() if board is None else board
    loaded, others, row = weighted_counts(board, delta, as_rule(rule), faces, start)
    if row is None:
        return 0.0
    p = loaded * (1.0 - eps) + others * (eps / (faces - 1))
    return float(gth_mean_times(p)[row])


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
