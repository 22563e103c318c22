"""sigma_delta(p) over a grid of p, for several delta, on any executor.

Interior points come from the exact rational function (each value exact,
then rounded to float); the end points p = 0 and p = 1 are solved directly,
because there sigma can differ from the limit of the rational function: with
``P(delta) = 1`` the walk is deterministic (delta = 4 wins in 31 turns, while
sigma tends to 46.97... as p -> 1) or trapped (infinite).

The work for each delta is one task; pass any ``concurrent.futures.Executor``
(a process pool, ``dask.distributed.Client.get_executor()``, ...) to run the
tasks in parallel. Nothing else changes.
"""

from __future__ import annotations

import math
from concurrent.futures import Executor
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Sequence

from ..errors import InfiniteExpectationError, LimitsError
from ..model.board import Board, standard
from ..model.die import as_probability
from ..model.rules import Rule, as_rule

__all__ = ["Sweep", "sweep", "grid", "sigma_exact_at"]


@dataclass(frozen=True)
class Sweep:
    """Values of sigma_delta at the points ``ps``: ``values[delta][i]`` at ``ps[i]`` (floats, inf allowed)."""

    ps: tuple[Fraction, ...]
    values: dict[int, tuple[float, ...]]


def grid(start: Any = 0, stop: Any = 1, points: int = 101) -> tuple[Fraction, ...]:
    """``points`` equally spaced exact values from ``start`` to ``stop``.

    Examples
    --------
    >>> grid("0.9", 1, 3)
    (Fraction(9, 10), Fraction(19, 20), Fraction(1, 1))
    """
    a, b = as_probability(start), as_probability(stop)
    if not isinstance(a, Fraction) or not isinstance(b, Fraction) or a > b:
        raise LimitsError(f"a grid needs numbers 0 <= from <= to <= 1, not {start}, {stop}")
    if isinstance(points, bool) or not isinstance(points, int) or points < 1:
        raise LimitsError(f"a grid needs at least one point, not {points!r}")
    if points == 1:
        return (a,)
    return tuple(a + (b - a) * i / (points - 1) for i in range(points))


def sigma_exact_at(board: Board, delta: int, p: Fraction, rule: Rule, faces: int, start: int) -> Fraction | float:
    """sigma at exactly p by a direct solve; ``math.inf`` where a loop traps the player."""
    from ..game.chain import build_chain
    from ..model.die import weighted

    try:
        return build_chain(board, weighted(delta, p, faces), rule).expected_duration(start)
    except InfiniteExpectationError:
        return math.inf


def _task(args: tuple) -> tuple[int, tuple[float, ...]]:
    board, delta, ps, rule, faces, start = args
    from .rational_sigma import sigma_function

    f = sigma_function(board, delta, rule=rule, faces=faces, start=start)
    out = []
    for p in ps:
        if p in (0, 1):
            out.append(float(sigma_exact_at(board, delta, p, rule, faces, start)))
        else:
            out.append(float(f(p)))
    return delta, tuple(out)


def sweep(board: Board | None = None, deltas: Iterable[int] = range(1, 7), ps: Sequence[Any] | None = None, *,
          rule: Rule | str = Rule.STAY, faces: int = 6, start: int = 0,
          executor: Executor | None = None) -> Sweep:
    """sigma_delta(p) for each delta at each p.

    Parameters
    ----------
    ps : sequence, optional
        Exact probabilities; default ``grid(0, 1, 101)``.
    executor : concurrent.futures.Executor, optional
        Where the per-delta tasks run; default: here, one after another.

    Examples
    --------
    >>> s = sweep(deltas=[6], ps=grid(0, 1, 3))
    >>> [round(v, 4) for v in s.values[6]]
    [45.5394, 33.8483, inf]
    """
    board = standard() if board is None else board
    points = tuple(as_probability(p) for p in (grid() if ps is None else ps))
    rule = as_rule(rule)
    tasks = [(board, int(d), points, rule, faces, start) for d in deltas]
    runner = map if executor is None else executor.map
    return Sweep(points, dict(runner(_task, tasks)))
