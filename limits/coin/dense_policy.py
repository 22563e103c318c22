"""Policy iteration with an exact dense solve per round: the engine of small boards.

Each round evaluates the current policy exactly (python-flint, through
:func:`limits.exact.linsolve.solve_fractions`) and switches every decision
whose other choice is strictly better; a tie keeps the current choice, so the
iteration ends, with no tolerance, at an optimal policy.
"""

from __future__ import annotations

from fractions import Fraction

from flint import fmpq

from ..exact.linsolve import solve_fractions
from ..exact.qq import to_fmpq

__all__ = ["dense_iteration"]


def dense_iteration(region: set[int], choices: dict, decisions: dict, rolls: tuple, goal: int,
                     maximise: bool) -> tuple[dict, dict[int, Fraction], int]:
    """Policy iteration on ``region`` from ``decisions``, with an exact dense solve per round.

    A choice changes only on strict improvement (a tie keeps the current
    choice), and only to an alternative that stays in the region (or wins);
    the region is closed under the starting choices.

    Parameters
    ----------
    region : set of int
    choices : dict
        ``choices[(square, roll)][flip]``: outcomes and chances.
    decisions : dict
        The starting policy (a proper one): ``(square, roll) -> flip``.
    rolls : tuple
        ``(face, probability)`` pairs of the die.
    goal : int
    maximise : bool

    Returns
    -------
    decisions, values, rounds
        The optimal policy, the exact expected remaining turns from every
        square of the region and the goal (0), and the policies evaluated.

    See Also
    --------
    limits.coin.sparse_policy.sparse_iteration : the same for large regions.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> ch = {(0, 1): {False: {0: F(1)}, True: {1: F(1, 2), 0: F(1, 2)}}, (1, 1): {False: {2: F(1)}}}
    >>> dense_iteration({0, 1}, ch, {(0, 1): True}, ((1, F(1)),), 2, False)
    ({(0, 1): True}, {0: Fraction(3, 1), 1: Fraction(1, 1), 2: Fraction(0, 1)}, 1)
    """
    decisions = dict(decisions)
    iterations = 0
    while True:
        iterations += 1
        found = _evaluate(region, choices, decisions, rolls, goal)
        values = {t: to_fmpq(v) for t, v in found.items()}  # compared in C: the values share a large denominator
        changed = False
        for key, current in list(decisions.items()):
            if key[0] not in region:
                continue
            other = not current
            if not all(t in region or t == goal for t in choices[key][other]):
                continue
            now, alt = _mean(choices[key][current], values), _mean(choices[key][other], values)
            if (alt > now) if maximise else (alt < now):  # strict: a tie keeps the current choice
                decisions[key] = other
                changed = True
        if not changed:
            return decisions, found, iterations


def _mean(distribution: dict[int, Fraction], values: dict[int, fmpq]) -> fmpq:
    return sum((to_fmpq(w) * values[t] for t, w in distribution.items()), fmpq(0))


def _evaluate(region: set[int], choices: dict, decisions: dict, rolls: tuple, goal: int) -> dict[int, Fraction]:
    """Expected remaining turns from every square of ``region`` under ``decisions``, exactly (goal: 0)."""
    order = sorted(region)
    pos = {s: i for i, s in enumerate(order)}
    n = len(order)
    a = [[Fraction(0)] * n for _ in order]
    for s in order:
        i = pos[s]
        a[i][i] += 1
        for face, p in rolls:
            key = (s, face)
            for t, w in choices[key][decisions.get(key, False)].items():
                if t != goal:
                    a[i][pos[t]] -= p * w
    (x,) = solve_fractions(a, [[Fraction(1)] * n])
    return {**dict(zip(order, x)), goal: Fraction(0)}


