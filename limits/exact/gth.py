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

import numpy as np

__all__ = ["gth_mean_times"]


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
