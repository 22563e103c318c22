"""A survey's boards evaluated on any executor, each row handed back as soon as it is done.

:func:`run_survey` runs in the calling process by default, or on any
``concurrent.futures.Executor``: a ``ProcessPoolExecutor``, or a Dask cluster
through ``distributed.Client.get_executor()``. Boards go out in chunks of
consecutive indices, with a bounded number of chunks in flight, so a survey of
millions of boards holds only a window of futures. The rows come back in the
order they finish; since each board depends only on the seed and its index,
the set of rows is the same whatever the executor and the order.
"""

from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from typing import Container, Iterator

from ..checks import whole
from .result import BoardResult
from .survey import Survey

__all__ = ["run_survey", "MAX_CHUNK"]

MAX_CHUNK = 100_000
"""The most boards in one task."""


def run_survey(survey: Survey, executor: Executor | None = None, *, skip: Container[int] = (), chunk: int = 1,
               window: int = 64) -> Iterator[BoardResult]:
    """Evaluate the boards of ``survey`` not in ``skip``; yield each row as it is done.

    Parameters
    ----------
    survey : Survey
    executor : concurrent.futures.Executor, optional
        Where the boards are evaluated (default: here, one after another, in
        the order of their index). The survey is pickled to reach it.
    skip : container of int, optional
        Indices already evaluated (a resumed survey).
    chunk : int, optional
        Boards per task, 1..:data:`MAX_CHUNK` (default 1); larger chunks pay
        an executor's cost per task less often on small boards.
    window : int, optional
        Tasks in flight at once (default 64).

    Yields
    ------
    BoardResult
        One per board, as it finishes. Closing the generator (or an
        exception, such as ``KeyboardInterrupt``, where it is consumed)
        cancels the tasks not yet started.

    Raises
    ------
    LimitsError
        For a chunk or window out of range.

    See Also
    --------
    limits.survey.store.open_store : rows on disk, to resume a survey.

    Examples
    --------
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from limits.model.random_board import BoardFamily
    >>> s = Survey(BoardFamily(20, 2, 2), boards=5, seed=3)
    >>> here = {r.index: r for r in run_survey(s)}
    >>> with ThreadPoolExecutor(2) as pool:
    ...     there = {r.index: r for r in run_survey(s, pool, skip={0}, chunk=2)}
    >>> sorted(there), all(there[i] == here[i] for i in there)
    ([1, 2, 3, 4], True)
    """
    chunk, window = (whole(value, f"a run's {name}", 1, high)
                     for name, value, high in (("chunk", chunk, MAX_CHUNK), ("window", window, 1_000_000)))
    todo = [i for i in range(survey.boards) if i not in skip]
    if executor is None:
        for i in todo:
            yield survey.evaluate(i)
        return
    pending = (todo[i: i + chunk] for i in range(0, len(todo), chunk))
    running: set[Future] = set()
    try:
        for part in pending:
            running.add(executor.submit(survey.evaluate_many, part))
            if len(running) >= window:
                break
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for job in done:
                yield from job.result()
                part = next(pending, None)
                if part is not None:
                    running.add(executor.submit(survey.evaluate_many, part))
    finally:
        for job in running:
            job.cancel()
