"""A survey of random boards: boards per second here, on 2 worker processes, and (if installed) a local Dask cluster.

Run: ``python benchmarks/survey.py [--size 100] [--boards 200] [--delta 6] [--workers 2] [--repeats 3]``.
Random boards with N/10 ladders and N/10 chutes, exact sigma and (with
``--delta``) the order of each limit P(delta) -> 1. Every run is checked to
give the same rows as the serial one, and the speed-up is printed as the
ratio of boards per second in the same process (the best of ``--repeats`` runs
of each kind, as the machine may be shared). The workers are started
and warmed up (imports, compiled kernels) before the clock: a survey pays that once.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limits.model.random_board import BoardFamily  # noqa: E402
from limits.survey import Survey, run_survey  # noqa: E402


def timed(survey: Survey, executor=None, chunk: int = 1, repeats: int = 1) -> tuple[float, dict]:
    """The best boards per second of ``repeats`` runs (the machine is shared), and the rows."""
    best = 0.0
    for _ in range(repeats):
        t = time.perf_counter()
        rows = {r.index: r for r in run_survey(survey, executor, chunk=chunk, window=16)}
        best = max(best, survey.boards / (time.perf_counter() - t))
    return best, rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=100)
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--delta", type=int, action="append", default=None)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3, help="runs of each kind; the best counts")
    args = parser.parse_args()
    n = args.size
    survey = Survey(BoardFamily(n, n // 10, n // 10), boards=args.boards, seed=1, deltas=tuple(args.delta or (6,)))
    timed(Survey(survey.family, boards=2, seed=2, deltas=survey.deltas))  # compile and import once, off the clock
    serial, rows = timed(survey, repeats=args.repeats)
    print(f"N = {n}, {args.boards} boards, deltas {list(survey.deltas)}")
    print(f"serial:        {serial:8.1f} boards/s")
    chunk = max(1, min(16, args.boards // (4 * args.workers)))
    with ProcessPoolExecutor(args.workers) as pool:
        warm = Survey(survey.family, boards=2 * args.workers, seed=2, deltas=survey.deltas)
        timed(warm, pool)  # the workers are up, with the library imported and compiled
        pooled, same = timed(survey, pool, chunk, args.repeats)
    assert same == rows, "the processes gave other rows"
    print(f"{args.workers} processes:   {pooled:8.1f} boards/s  ratio {pooled / serial:.2f}x (chunks of {chunk})")
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("dask: not installed (pip install 'dask[distributed]')")
        return
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=":0",
                      silence_logs=50) as cluster, Client(cluster) as client:
        timed(warm, client.get_executor(pure=False))
        dasked, same = timed(survey, client.get_executor(pure=False), chunk, args.repeats)
    assert same == rows, "the Dask cluster gave other rows"
    print(f"dask {args.workers} workers: {dasked:8.1f} boards/s  ratio {dasked / serial:.2f}x (chunks of {chunk})")


if __name__ == "__main__":
    main()
