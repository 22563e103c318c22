"""Policy iteration on large boards: float rounds on sparse matrices, then an exact certificate.

The decisions of a region are held as arrays (:class:`PolicyTables`): for
each (square, roll) the squares each choice may end on and their weights, as
integers over one common denominator. One policy's system ``D (I - T) v = D``
is then assembled by numpy in one pass, exactly (integers) or in floats.

:func:`sparse_iteration` runs policy iteration in floats (a sparse LU solve
per round, scipy, refined by exact residuals) while a switch improves by more than a relative
:data:`FLOAT_TOLERANCE`, then evaluates the policy it reached *exactly*, with
the sparse p-adic engine (:func:`limits.exact.dixon.dixon_solve`), and checks
every decision in integers: the policy is returned only when no switch is a
strict improvement. Where the check finds one (the floats could not tell two
choices apart), the iteration goes on exactly, switching on strict
improvement as the dense iteration does, until none is left. The floats only
choose where to start; optimality and every value are exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any, Mapping

import numpy as np

__all__ = ["PolicyTables", "policy_tables", "sparse_iteration", "improving_switches", "FLOAT_TOLERANCE",
           "MAX_FLOAT_ROUNDS"]

FLOAT_TOLERANCE = float(1024 * np.finfo(np.longdouble).eps)
"""A float round switches a decision only when the other choice is better by this much, relatively (about
1e-16 where ``longdouble`` has 64 bits, 2e-13 where it is float64): below it the floats cannot be trusted to
tell the choices apart, and the exact certificate decides."""

MAX_FLOAT_ROUNDS = 500
"""Float rounds before the exact stage takes over (policy iteration usually needs a few dozen at most)."""

Choices = Mapping[tuple[int, int], Mapping[bool, Mapping[int, Fraction]]]
"""``choices[(square, roll)][flip]``: where the turn may end with that choice, with the (positive) chances."""


@dataclass(frozen=True, eq=False)
class PolicyTables:
    """The choices of every (square, roll) of a region, as arrays.

    Attributes
    ----------
    order : tuple of int
        The region's squares in increasing order; square ``order[i]`` is
        unknown ``i``, the goal is ``len(order)``, and ``len(order) + 1``
        pads a missing outcome (weight 0).
    keys : tuple of (int, int)
        Every (square, roll) of the region.
    rows : ndarray
        The unknown of each key's square.
    mass : ndarray
        Each key's roll probability times ``scale``, divided by ``unit`` (an
        integer).
    targets, weights : ndarray
        ``(keys, 2, 2)``: for each choice (0 no flip, 1 flip) up to two
        outcomes and their integer weights (probability times ``unit``).
    allowed : ndarray
        ``(keys, 2)``: whether a choice exists and stays in the region (or wins).
    decision : ndarray
        Whether a key is a decision (its landing allows a flip).
    unit : int
        The common denominator of the choices' chances.
    scale : int
        ``D``: the common denominator of the entries of ``I - T``, under every policy.
    """

    order: tuple[int, ...]
    keys: tuple[tuple[int, int], ...]
    rows: np.ndarray
    mass: np.ndarray
    targets: np.ndarray
    weights: np.ndarray
    allowed: np.ndarray
    decision: np.ndarray
    unit: int
    scale: int

    @property
    def size(self) -> int:
        """The number of unknowns."""
        return len(self.order)

    def integer_matrix(self, choice: np.ndarray) -> Any:
        """``D (I - T)`` of the policy that takes ``choice`` (0 or 1 per key), as a sparse integer matrix."""
        import scipy.sparse as sp

        n = self.size
        pick = np.arange(len(self.keys))
        tg = self.targets[pick, choice]
        w = self.weights[pick, choice] * self.mass[:, None]
        rows = np.repeat(self.rows, 2)
        cols, vals = tg.ravel(), w.ravel()
        inside = cols < n
        t = sp.coo_matrix((vals[inside], (rows[inside], cols[inside])), shape=(n, n)).tocsr()
        return (sp.identity(n, dtype=np.int64, format="csr") * self.scale - t).tocsr()

    def choice_sums(self, values: np.ndarray) -> np.ndarray:
        """``(keys, 2)``: each choice's weighted sum of ``values`` (goal and padding 0), in ``values``' type."""
        ext = np.concatenate([values, np.zeros(2, dtype=values.dtype)])
        return (self.weights * ext[self.targets]).sum(axis=2)


def policy_tables(region: set[int], choices: Choices, rolls: tuple, goal: int) -> PolicyTables:
    """The arrays of :class:`PolicyTables` for the squares of ``region``.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> ch = {(0, 1): {False: {1: F(1)}, True: {2: F(1, 2), 0: F(1, 2)}}, (1, 1): {False: {2: F(1)}}}
    >>> t = policy_tables({0, 1}, ch, ((1, F(1)),), 2)
    >>> t.unit, t.scale, t.integer_matrix(np.array([1, 0])).toarray().tolist()
    (2, 2, [[1, 0], [0, 2]])
    """
    order = tuple(sorted(region))
    n = len(order)
    pos = {**{s: i for i, s in enumerate(order)}, goal: n}
    keys = tuple((s, face) for s in order for face, _ in rolls)
    unit = lcm(*(w.denominator for key in keys for d in choices[key].values() for w in d.values()))
    scale = lcm(*(p.denominator for _, p in rolls)) * unit
    size = len(keys)
    targets = np.full((size, 2, 2), n + 1, dtype=np.int64)
    weights = np.zeros((size, 2, 2), dtype=np.int64)
    allowed = np.zeros((size, 2), dtype=bool)
    prob = dict(rolls)
    for k, key in enumerate(keys):
        for c, d in choices[key].items():
            if all(t in pos for t in d):
                allowed[k, int(c)] = True
                for slot, (t, w) in enumerate(sorted(d.items())):
                    targets[k, int(c), slot] = pos[t]
                    weights[k, int(c), slot] = int(w * unit)
    mass = np.array([int(prob[face] * scale) // unit for _, face in keys], dtype=np.int64)
    decision = np.array([len(choices[key]) == 2 for key in keys])
    rows = np.array([pos[s] for s, _ in keys], dtype=np.int64)
    return PolicyTables(order, keys, rows, mass, targets, weights, allowed, decision, unit, scale)


def _float_values(tables: PolicyTables, choice: np.ndarray) -> np.ndarray | None:
    """Expected remaining turns of the policy ``choice``, in ``longdouble``: a float64 sparse LU solve refined by
    its exact residuals to 2^-64 of the largest value (:func:`~limits.exact.residual.refine`); None when the
    floats find the system singular or cannot bound its inverse (the exact stage then decides)."""
    from scipy.sparse.linalg import splu

    from ..errors import ConvergenceError
    from ..exact.residual import inverse_bound, refine

    m = tables.integer_matrix(choice)
    try:
        lu = splu(m.astype(float).tocsc())
    except RuntimeError:
        return None
    first = lu.solve(np.ones(tables.size))  # A^-1 1, the values over D
    bound = inverse_bound(m, first) if np.all(np.isfinite(first)) else None
    if bound is None:
        return None
    try:
        found = refine(m, [tables.scale] * tables.size, lu.solve, Fraction(float(first.max())) * tables.scale / 2**64,
                       bound)
    except ConvergenceError:
        return None
    return np.ldexp(found.numerators.astype(np.longdouble), 1 - found.scale.bit_length())


def _switches(tables: PolicyTables, choice: np.ndarray, sums: np.ndarray, maximise: bool,
              slack: np.ndarray | int) -> np.ndarray:
    """Keys where the other choice is allowed and better than the current one by more than ``slack``."""
    pick = np.arange(len(tables.keys))
    now, alt = sums[pick, choice], sums[pick, 1 - choice]
    better = (alt > now + slack) if maximise else (alt < now - slack)
    return tables.decision & tables.allowed[pick, 1 - choice] & better


def improving_switches(tables: PolicyTables, choice: np.ndarray, numerators: tuple[int, ...],
                       maximise: bool = False) -> np.ndarray:
    """The certificate: keys where the other choice is *strictly* better, exactly.

    ``numerators`` are the policy's exact values over one positive common
    denominator; the sums compared are integers, so a tie is a tie.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> ch = {(0, 1): {False: {1: F(1)}, True: {2: F(1, 2), 0: F(1, 2)}}, (1, 1): {False: {2: F(1)}}}
    >>> t = policy_tables({0, 1}, ch, ((1, F(1)),), 2)
    >>> improving_switches(t, np.array([0, 0]), (2, 1)).tolist()  # no flip: 2 turns; a flip: 2 turns too
    [False, False]
    """
    values = np.array([int(v) for v in numerators] or [0], dtype=object)[: tables.size]
    return _switches(tables, choice, tables.choice_sums(values), maximise, 0)


def sparse_iteration(region: set[int], choices: Choices, decisions: dict[tuple[int, int], bool], rolls: tuple,
                     goal: int, maximise: bool) -> tuple[dict[tuple[int, int], bool], dict[int, Fraction], int]:
    """Policy iteration on ``region`` from ``decisions``: float rounds, then exact rounds until certified.

    Parameters
    ----------
    region : set of int
        Squares closed under every allowed choice (a choice leaving it is
        never taken; the current ones stay in it).
    choices : mapping
        ``choices[(square, roll)][flip]``: outcomes and chances.
    decisions : dict
        The starting policy (a proper one): ``(square, roll) -> flip``.
    rolls : tuple
        ``(face, probability)`` pairs of the die.

    Returns
    -------
    decisions, values, rounds
        The certified policy (every decision of the input, those of the region
        possibly changed), the exact expected remaining turns from every square
        of the region and the goal (0), and the number of policies evaluated (in
        floats or exactly; the policy the floats settled on is counted once).

    Raises
    ------
    ConvergenceError
        From the exact engine, if it cannot reach an answer.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> ch = {(0, 1): {False: {0: F(1)}, True: {1: F(1, 2), 0: F(1, 2)}}, (1, 1): {False: {2: F(1)}}}
    >>> dec, values, rounds = sparse_iteration({0, 1}, ch, {(0, 1): True}, ((1, F(1)),), 2, False)
    >>> dec, values
    ({(0, 1): True}, {0: Fraction(3, 1), 1: Fraction(1, 1), 2: Fraction(0, 1)})
    """
    from ..errors import ConvergenceError
    from ..exact.dixon import dixon_solve

    tables = policy_tables(region, choices, rolls, goal)
    first = np.array([int(decisions.get(key, False)) for key in tables.keys], dtype=np.int64)
    if not tables.allowed[np.arange(len(first)), first].all():  # pragma: no cover - the callers' invariant
        raise RuntimeError("the starting policy leaves the region")
    choice, rounds, settled = _float_rounds(tables, first, maximise)
    try:
        x = dixon_solve(tables.integer_matrix(choice), [tables.scale] * tables.size)
    except (ConvergenceError, RuntimeError):  # pragma: no cover - floats led to an improper policy: start again
        choice, settled = first, False
        x = dixon_solve(tables.integer_matrix(choice), [tables.scale] * tables.size)
    rounds += 0 if settled else 1  # a policy the floats settled on is not counted twice
    while (switch := improving_switches(tables, choice, x.numerators, maximise)).any():
        choice = np.where(switch, 1 - choice, choice)
        x = dixon_solve(tables.integer_matrix(choice), [tables.scale] * tables.size)
        rounds += 1
    out = {**decisions, **{key: bool(c) for key, c, d in zip(tables.keys, choice.tolist(), tables.decision.tolist())
                           if d}}
    return out, {**dict(zip(tables.order, x.fractions())), goal: Fraction(0)}, rounds


def _float_rounds(tables: PolicyTables, choice: np.ndarray, maximise: bool) -> tuple[np.ndarray, int, bool]:
    """Policy iteration in floats from ``choice``, switching only beyond :data:`FLOAT_TOLERANCE`: the policy
    reached, the policies evaluated, and whether the last one was evaluated and found no switch."""
    rounds = 0
    while rounds < MAX_FLOAT_ROUNDS:
        values = _float_values(tables, choice)
        if values is None:
            return choice, rounds, False
        rounds += 1
        sums = tables.choice_sums(values)
        slack = FLOAT_TOLERANCE * np.maximum(1.0, np.abs(sums[np.arange(len(choice)), choice]))
        switch = _switches(tables, choice, sums, maximise, slack)
        if not switch.any():
            return choice, rounds, True
        choice = np.where(switch, 1 - choice, choice)
    return choice, rounds, False
