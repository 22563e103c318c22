"""sigma over a grid: of eps for any family, of p for the loaded die's faces, on any executor.

Interior points come from the exact rational function (each value exact,
and kept exact: a float is a view, :meth:`Sweep.floats`); the end points
p = 0 and p = 1 are solved directly,
because there sigma can differ from the limit of the rational function: with
``P(delta) = 1`` the walk is deterministic (delta = 4 wins in 31 turns, while
sigma tends to 46.97... as p -> 1) or trapped (infinite).

On a board of more than
:data:`~limits.checks.MAX_FUNCTION_STATES` squares, where the
rational function is not built, every point is a direct exact solve (the
sparse p-adic engine where the grid's denominators allow it).

The work for each delta is one task; pass any ``concurrent.futures.Executor``
(a process pool, ``dask.distributed.Client.get_executor()``, ...) to run the
tasks in parallel, or ask for ``workers`` processes. Nothing else changes.
A sweep needs at least one face, one point and one worker; it has at most
:data:`~limits.checks.MAX_POINTS` points and :data:`~limits.checks.MAX_WORKERS` workers.
"""

from __future__ import annotations

import math
from concurrent.futures import Executor
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable, Sequence

from ..checks import MAX_FUNCTION_STATES, MAX_POINTS, callback, face, instance, listed, whole
from ..checks import workers as check_workers
from ..cost import sweep as sweep_cost
from ..errors import BoardError, ConvergenceError, InfiniteExpectationError, LimitsError, TooLargeError, shown
from ..model.board import Board, standard
from ..model.die import as_probability
from ..model.rules import Rule, as_rule
from .expansion import exact_function
from .perturbed_chain import Perturbation

__all__ = ["Sweep", "sweep", "grid", "family_values", "exact_or_infinite"]


@dataclass(frozen=True)
class Sweep:
    """Values of sigma_delta at the points ``ps``: ``values[delta][i]`` at ``ps[i]``.

    Values are exact: Fractions, or ``math.inf`` where a loop traps the player
    (only at p = 0 or 1).
    """

    ps: tuple[Fraction, ...]
    values: dict[int, tuple[Fraction | float, ...]]

    def __repr__(self) -> str:
        faces = ", ".join(map(str, self.values))
        return f"Sweep(sigma_delta for delta = {faces} at {len(self.ps)} points of p)"[:200]

    def floats(self) -> dict[int, tuple[float, ...]]:
        """The values rounded to float64 (``inf`` stays ``inf``).

        Raises
        ------
        ConvergenceError
            For a finite value beyond float64's range (near p = 1 sigma can pass 1e308).
        """
        return {d: tuple(_float(v) for v in vs) for d, vs in self.values.items()}


def _float(value: Fraction | float) -> float:
    try:
        return float(value)
    except OverflowError:
        raise ConvergenceError(f"a value of sigma of about {shown(int(value))} is beyond float64's range") from None


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
    points = whole(points, "the number of points of a grid", 1, MAX_POINTS, limit="MAX_POINTS")
    if points == 1:
        return (a,)
    return tuple(a + (b - a) * i / (points - 1) for i in range(points))


def exact_or_infinite(family: Perturbation, eps: Fraction) -> Fraction | float:
    """sigma of a family at exactly eps by a direct solve; ``math.inf`` where a loop traps the player."""
    try:
        return family.exact_value(eps)
    except InfiniteExpectationError:
        return math.inf


def family_values(family: Perturbation, points: Sequence[Fraction]) -> tuple[Fraction | float, ...]:
    """sigma of a family at every exact eps of ``points``, exactly (``math.inf`` where a loop traps the player).

    Inside (0, 1) from the family's exact rational function (infinite everywhere there when a loop traps the
    player for every eps), or by a direct solve at each point past
    :data:`~limits.checks.MAX_FUNCTION_STATES` squares; at eps = 0 and 1 by a direct solve.

    Examples
    --------
    >>> from limits import Perturbation
    >>> [round(float(v), 4) for v in family_values(Perturbation.loaded(delta=6), grid(0, 1, 3))]
    [inf, 33.8483, 45.5394]
    """
    inside = [e for e in points if 0 < e < 1]
    f = None
    if inside and family.trap is None and len(family.structure.states) <= MAX_FUNCTION_STATES:
        f = exact_function(family)
    out: list[Fraction | float] = []
    for e in points:
        if not 0 < e < 1:
            out.append(exact_or_infinite(family, e))
        elif family.trap is not None:
            out.append(math.inf)
        else:
            out.append(f(e) if f is not None else family.exact_value(e))
    return tuple(out)


def _task(args: tuple) -> tuple[int, tuple[Fraction | float, ...]]:
    board, delta, ps, rule, faces, start = args
    family = Perturbation.loaded(board, delta, rule=rule, faces=faces, start=start)
    return delta, family_values(family, [1 - p for p in ps])


def sweep(board: Board | None = None, deltas: Iterable[int] = range(1, 7), ps: Sequence[Any] | None = None, *,
          rule: Rule | str = Rule.STAY, faces: int = 6, start: int = 0,
          executor: Executor | None = None, workers: int | None = None,
          progress: Callable[[int], Any] | None = None) -> Sweep:
    """sigma_delta(p) for each delta at each p, exactly.

    Parameters
    ----------
    deltas : iterable of int
        The loaded faces; at least one, each one of 1..``faces``.
    ps : sequence, optional
        Exact probabilities; default ``grid(0, 1, 101)``; at most :data:`~limits.checks.MAX_POINTS`.
    executor : concurrent.futures.Executor, optional
        Where the per-delta tasks run; default: here, one after another.
    workers : int, optional
        Instead of an executor: run the tasks on this many processes (1..:data:`~limits.checks.MAX_WORKERS`).
    progress : callable, optional
        ``progress(done)`` after each face.

    Raises
    ------
    LimitsError
        For no faces, no points, fewer than one worker, or both an executor and workers.
    DieError
        For a face that is not on the die.
    TooLargeError
        Past :data:`~limits.checks.MAX_POINTS` or :data:`~limits.checks.MAX_WORKERS`, or for work predicted
        past the budget (:func:`limits.cost.sweep`).

    Examples
    --------
    >>> s = sweep(deltas=[6], ps=grid(0, 1, 3))
    >>> [round(v, 4) for v in s.floats()[6]]
    [45.5394, 33.8483, inf]
    >>> type(s.values[6][1]).__name__, s.values[6][1].denominator > 10**70
    ('Fraction', True)
    """
    board = instance(standard() if board is None else board, Board, "the board", BoardError)
    callback(progress, "progress")
    rule = as_rule(rule)
    faces_list = list(listed(deltas, "the loaded faces"))
    if not faces_list:
        raise LimitsError("a sweep needs at least one loaded face")
    for d in faces_list:
        face(d, faces)
    given = grid() if ps is None else listed(ps, "the points")
    if len(given) > MAX_POINTS:
        raise TooLargeError(f"a sweep has at most {MAX_POINTS} points (the limit MAX_POINTS), not {len(given)}")
    points = tuple(as_probability(p) for p in given)
    if not points:
        raise LimitsError("a sweep needs at least one point")
    if any(not isinstance(p, Fraction) for p in points):
        raise LimitsError("the points of a sweep must be numbers, not symbols")
    sweep_cost(board.size - len(board.jumps), faces, len(faces_list), len(points)).check()
    tasks = [(board, int(d), points, rule, faces, start) for d in faces_list]
    if workers is not None:
        if executor is not None:
            raise LimitsError("give an executor or a number of workers, not both")
        workers = check_workers(workers)
        if workers > 1 and len(tasks) > 1:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
                return Sweep(points, _gathered(pool.map(_task, tasks), progress))
    return Sweep(points, _gathered((map if executor is None else executor.map)(_task, tasks), progress))


def _gathered(done: Iterable[tuple[int, Any]], progress: Callable[[int], Any] | None) -> dict[int, Any]:
    values = {}
    for k, (d, column) in enumerate(done, 1):
        values[d] = column
        if progress is not None:
            progress(k)
    return values
