"""Many random boards: ``limits survey``.

Builds a :class:`~limits.survey.survey.Survey` from the options, opens the
output (``--output``: rows already there are this survey's and are skipped),
runs the boards here, on ``--workers`` processes or on a Dask cluster
(``--scheduler ADDRESS``, or ``--dask-local N`` for a cluster of N local
processes), streams each row to the output as it finishes, and prints the
summary. Stopped (Ctrl-C, SIGTERM), it exits 130 with every finished row on
disk; the same command again finishes the survey.
"""

from __future__ import annotations

import argparse
import os
import re
import time
from contextlib import ExitStack
from dataclasses import replace
from typing import Any

from ..checks import MAX_BOARDS, MAX_SEED, MAX_WORKERS
from ..errors import LimitsError
from .options import UsageError, add_board_options, add_command, integer_arg, probability_text
from .output import emit, progress

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add ``survey`` to the subparsers ``sub``."""
    p = add_command(sub, "survey", "sigma over many random boards: its spread, the trap rate and the limit orders",
                    ["survey --size 100 --boards 200 --seed 1", "survey --size 100 --boards 1000 --delta 3,6 "
                     "--workers 2 --output rows.csv", "survey --size 50000 --boards 20 --dask-local 2 --format json",
                     "survey --size 300 --boards 1e4 --scheduler tcp://10.0.0.5:8786 --output rows.csv"])
    p.add_argument("--size", type=integer_arg(2, None, "--size"), default=100, help="squares N of a board (default 100)")
    p.add_argument("--ladders", type=integer_arg(0, None, "--ladders"), default=None,
                   help="ladders per board (default N/10)")
    p.add_argument("--chutes", type=integer_arg(0, None, "--chutes"), default=None,
                   help="chutes per board (default N/10)")
    p.add_argument("--longest-ladder", type=integer_arg(1, None, "--longest-ladder"), default=None,
                   help="the longest ladder: lengths uniform on 1..this (default: any the board allows)")
    p.add_argument("--longest-chute", type=integer_arg(1, None, "--longest-chute"), default=None,
                   help="the longest chute: lengths uniform on 1..this (default: any the board allows)")
    p.add_argument("--boards", type=integer_arg(1, MAX_BOARDS, "--boards"), default=100,
                   help=f"boards of the survey, 1..{MAX_BOARDS} (default 100)")
    p.add_argument("--seed", type=integer_arg(0, MAX_SEED, "--seed", "2**128-1"), default=0,
                   help="board i is board i of this seed, 0..2**128-1 (default 0)")
    p.add_argument("--die", default="fair", help="fair, fair:K, weighted:D:P[:K] or p1,p2,... (default fair)")
    add_board_options(p, ("text", "json"), board=False)
    p.add_argument("--start", type=integer_arg(), default=0, help="start square (default 0)")
    p.add_argument("--delta", default=None, metavar="D[,D..]|all",
                   help="also the order of sigma as P(D) -> 1 on every board, for these faces")
    p.add_argument("--quantiles", default="0.1,0.5,0.9", metavar="Q[,Q..]", type=_levels_text,
                   help="levels of the quantiles of sigma over the boards (default 0.1,0.5,0.9)")
    p.add_argument("--engine", choices=("auto", "exact", "float"), default="auto",
                   help="sigma exactly, in floats, or auto: floats from 2000 squares (default auto)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=integer_arg(1, MAX_WORKERS, "--workers"), default=1,
                       help=f"processes, 1..{MAX_WORKERS} (default 1: here)")
    where.add_argument("--scheduler", default=None, metavar="ADDRESS", type=_scheduler,
                       help="run on the Dask cluster of this scheduler, tcp://HOST:PORT or HOST:PORT (needs "
                            "dask[distributed])")
    where.add_argument("--dask-local", type=integer_arg(1, MAX_WORKERS, "--dask-local"), default=None, metavar="N",
                       help="run on a local Dask cluster of N processes (needs dask[distributed])")
    p.add_argument("--dask-dashboard", default=None, metavar="HOST:PORT", type=_dashboard,
                   help=f"where --dask-local serves Dask's dashboard (default {DASHBOARD}: this machine only, a free "
                        "port; 0.0.0.0:8787 would open it to the network)")
    p.add_argument("--chunk", type=integer_arg(1, 100_000, "--chunk"), default=None,
                   help="boards per task on workers (default: about 4 tasks per worker in flight, at most 16)")
    p.add_argument("--output", default=None, metavar="PATH",
                   help="stream one row per board to PATH.csv; rerun to resume")
    p.set_defaults(run=_survey)


DASHBOARD = "127.0.0.1:0"
"""Where ``--dask-local`` serves Dask's dashboard unless told: the loopback address, any free port."""


def _levels_text(text: str) -> str:
    """``--quantiles``: levels separated by commas, each checked for size like a probability."""
    for part in text.split(","):
        probability_text(part.strip())
    return text


def _dashboard(text: str) -> str:
    """``--dask-dashboard``: ``HOST:PORT``, the port 0..65535 (0: any free one); an empty host is every interface."""
    host, colon, port = text.strip().rpartition(":")
    if not colon or not port.isdigit() or not 0 <= int(port) <= 65535 or any(c.isspace() or c == "," for c in host):
        raise argparse.ArgumentTypeError(f"--dask-dashboard takes HOST:PORT (port 0..65535), not {text!r}")
    return text.strip()


SCHEDULER = re.compile(r"(?:tcp://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):([0-9]{1,5})")
"""The addresses ``--scheduler`` takes: Dask's ``tcp`` protocol (its default), an IPv6 host in brackets."""


def _scheduler(text: str) -> str:
    """``--scheduler``: ``tcp://HOST:PORT`` or ``HOST:PORT``, the port 1..65535.

    Dask's other protocols are refused here: TLS needs certificates and UCX
    its own libraries, which this command has no options for.
    """
    found = SCHEDULER.fullmatch(text.strip())
    if found is None or not 1 <= int(found[2]) <= 65535:
        raise argparse.ArgumentTypeError(f"--scheduler takes tcp://HOST:PORT or HOST:PORT (port 1..65535; tls://, "
                                         f"ucx:// and Dask's other protocols are not supported), not {text!r}")
    return text.strip()


def _deltas(text: str | None, faces: int) -> tuple[int, ...]:
    if text is None:
        return ()
    if text.strip() == "all":
        return tuple(range(1, faces + 1))
    try:
        return tuple(int(part) for part in text.split(","))
    except ValueError:
        raise UsageError(f"--delta takes faces such as 3,6 or all, not {text!r}") from None


def _executor(args: argparse.Namespace, stack: ExitStack) -> tuple[Any, str, int]:
    """``(executor or None, its name, workers)`` for the options; closed with ``stack``.

    Worker processes are tied to this one (:mod:`limits.cli.interrupts`); a
    local Dask cluster listens on the loopback address only, its dashboard
    too unless ``--dask-dashboard`` says otherwise.
    """
    if args.scheduler is None and args.dask_local is None:
        if args.workers == 1:
            return None, "serial", 1
        from .interrupts import worker_pool

        return stack.enter_context(worker_pool(args.workers)), "processes", args.workers
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise LimitsError("--scheduler and --dask-local need Dask: pip install 'dask[distributed]'") from None
    if args.dask_local is not None:
        from .interrupts import interrupts_deferred

        dashboard = args.dask_dashboard or DASHBOARD
        # the semaphores of workers stopped by an interrupt are freed by the tracker, which warns at exit: not ours
        os.environ["PYTHONWARNINGS"] = "ignore::UserWarning:multiprocessing.resource_tracker"
        with interrupts_deferred():  # a cluster stopped while it starts would be left half-built, never closed
            try:
                cluster = stack.enter_context(LocalCluster(n_workers=args.dask_local, threads_per_worker=1,
                                                           processes=True, host="127.0.0.1",
                                                           dashboard_address=dashboard, silence_logs=50))
            except (OSError, RuntimeError, ValueError) as exc:  # e.g. a dashboard address not on this machine
                raise LimitsError(f"cannot start a local Dask cluster with its dashboard on {dashboard}: "
                                  f"{type(exc).__name__}: {exc}") from None
            client = stack.enter_context(Client(cluster))
        workers = args.dask_local
    else:
        try:
            client = stack.enter_context(Client(args.scheduler, timeout="10s"))
        except (OSError, TimeoutError, ValueError) as exc:
            raise LimitsError(f"cannot reach the Dask scheduler {args.scheduler!r}: {exc}") from None
        workers = max(1, sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values()))
    return client.get_executor(pure=False), "dask", workers


def _survey(args: argparse.Namespace) -> str:
    from ..game.quantile import as_level
    from ..model.die import parse_die
    from ..model.random_board import BoardFamily
    from ..survey.run import run_survey
    from ..survey.store import open_store
    from ..survey.summary import summarise
    from ..survey.survey import Survey

    n = args.size
    family = BoardFamily(n, n // 10 if args.ladders is None else args.ladders,
                         n // 10 if args.chutes is None else args.chutes, args.longest_ladder, args.longest_chute)
    die = parse_die(args.die)  # after the family, as its errors come first
    survey = Survey(family, args.boards, args.seed, die, args.rule, args.start, _deltas(args.delta, die.faces),
                    args.engine)
    levels = tuple(as_level(q.strip()) for q in args.quantiles.split(","))
    if args.dask_dashboard is not None and args.dask_local is None:
        raise UsageError("--dask-dashboard goes with --dask-local (a cluster of --scheduler serves its own)")
    with ExitStack() as stack:
        store = stack.enter_context(open_store(args.output, survey)) if args.output else None
        done = dict(store.done) if store is not None else {}
        resumed = sum(1 for i in done if i < survey.boards)
        executor, name, workers = _executor(args, stack)
        chunk = args.chunk or max(1, min(16, (survey.boards - resumed) // (4 * workers)))
        rows = [r for i, r in done.items() if i < survey.boards]
        t = time.perf_counter()
        try:
            with progress(args, survey.boards - resumed, "board") as bar:
                for k, result in enumerate(run_survey(survey, executor, skip=done, chunk=chunk,
                                                      window=4 * workers), 1):
                    if store is not None:
                        store.write(result)
                    rows.append(result)
                    if bar is not None:
                        bar(k)
        finally:  # the rows on disk before the workers are stopped, which may take a while
            if store is not None:
                store.close()
        seconds = time.perf_counter() - t
    run = {"executor": name, "workers": workers, "chunk": chunk, "output": args.output, "resumed": resumed,
           "evaluated": survey.boards - resumed, "seconds": seconds}
    return emit(args, "survey", replace(summarise(survey, rows, levels=levels, digits=args.digits), run=run))
