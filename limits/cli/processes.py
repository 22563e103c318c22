"""Worker processes that never outlive the command: the pools of ``survey --workers`` and ``sweep --workers``.

A pool's workers are tied to the command three ways, so that none is left
computing after it has gone, however it ends:

* stopped (SIGINT, SIGTERM, an error), the command terminates its workers at
  once instead of waiting for their tasks (:func:`worker_pool`), and the
  command line kills any child still alive before it exits
  (:func:`stop_children`);
* each worker asks the kernel to kill it when the command dies
  (``PR_SET_PDEATHSIG`` on Linux), which covers even ``kill -9``;
* each worker also watches the command's process (polling it every
  :data:`POLL_SECONDS`, where the kernel's signal is not to be had) and exits
  when it is gone.

Workers ignore SIGINT: Ctrl-C in a terminal reaches the whole process group,
and the command, which stops them, says "interrupted" once.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from contextlib import contextmanager
from typing import Any, Iterator

__all__ = ["worker_pool", "stop_children", "release_semaphores", "POLL_SECONDS", "STOP_SECONDS"]

POLL_SECONDS = 0.25
"""How often a worker checks that the command is still alive."""

STOP_SECONDS = 1.0
"""How long terminated workers get to exit before they are killed."""

_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """Ask the kernel to kill this process when the thread that started it ends (Linux only)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # no prctl: the watcher thread is left
        pass


def _gone(parent: int, first_ppid: int) -> bool:
    """Whether ``parent`` has exited: no such process, a zombie, or this one handed to another parent."""
    if os.getppid() != first_ppid:
        return True
    try:
        os.kill(parent, 0)
    except (ProcessLookupError, PermissionError):  # PermissionError: the pid went to another user's process
        return True
    try:
        with open(f"/proc/{parent}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] == b"Z"
    except (OSError, IndexError):  # no /proc
        return False


def _watch(parent: int, first_ppid: int) -> None:
    """End this process within :data:`POLL_SECONDS` of ``parent``'s exit."""
    while not _gone(parent, first_ppid):
        threading.Event().wait(POLL_SECONDS)
    os._exit(1)


def _worker_started(parent: int) -> None:
    """The initializer of every worker: ignore SIGINT, die on SIGTERM, and die with ``parent``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent()
    first_ppid = os.getppid()
    threading.Thread(target=_watch, args=(parent, first_ppid), name="limits-parent-watch", daemon=True).start()
    try:
        os.kill(parent, 0)  # the command may have died before the watch began
    except ProcessLookupError:
        os._exit(1)


def _end(processes: list[Any], wait: bool = True) -> None:
    """Terminate ``processes``, then kill those still alive after :data:`STOP_SECONDS`; without ``wait``, kill
    them at once."""
    for p in processes:
        try:
            (p.terminate if wait else p.kill)()
        except (OSError, ValueError, AttributeError):  # already reaped or closed
            pass
    if not wait:
        return
    for p in processes:
        try:
            p.join(STOP_SECONDS / max(1, len(processes)))
            if p.is_alive():
                p.kill()
                p.join(STOP_SECONDS)
        except (OSError, ValueError, AttributeError, AssertionError):
            pass


def stop_children(wait: bool = True) -> None:
    """End every worker process this process started (through ``multiprocessing``) that is still alive.

    With ``wait``, each is terminated and given :data:`STOP_SECONDS` to exit
    before it is killed; without, each is killed at once (the process is
    about to end).
    """
    import multiprocessing

    _end(multiprocessing.active_children(), wait)


def release_semaphores() -> None:
    """Unlink the semaphores of this process's pools and queues now, as the interpreter's exit would.

    ``os._exit`` skips multiprocessing's finalisers, and its resource tracker
    then finds the semaphores at its own exit and prints "There appear to be N
    leaked semaphore objects" after the command's one line.
    """
    synchronize = sys.modules.get("multiprocessing.synchronize")
    util = sys.modules.get("multiprocessing.util")
    if synchronize is None or util is None:
        return
    for finalizer in list(getattr(util, "_finalizer_registry", {}).values()):
        if getattr(finalizer, "_callback", None) is synchronize.SemLock._cleanup:
            try:
                finalizer()
            except Exception:  # noqa: BLE001 - already unlinked, or the tracker gone: nothing left to release
                pass


@contextmanager
def worker_pool(workers: int) -> Iterator[Any]:
    """A ``ProcessPoolExecutor`` of ``workers`` processes tied to this one.

    On a normal exit the pool finishes its tasks and shuts down; on an
    exception (``KeyboardInterrupt`` and SIGTERM's included) its workers are
    terminated at once and the tasks not started are cancelled.

    Examples
    --------
    >>> with worker_pool(1) as pool:
    ...     pool.submit(abs, -3).result()
    3
    """
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_started, initargs=(os.getpid(),))
    try:
        yield pool
    except BaseException:
        manager = getattr(pool, "_executor_manager_thread", None)  # shutdown() forgets it
        _quiet_manager(manager)
        processes = list((getattr(pool, "_processes", None) or {}).values())
        _end(processes)
        pool.shutdown(wait=False, cancel_futures=True)
        _forget_manager(manager)
        raise
    pool.shutdown(wait=True)


def _forget_manager(thread: threading.Thread | None) -> None:
    """Let a stopped pool's manager ``thread`` end, and keep the interpreter's exit from waking it again.

    Python 3.11's exit handler of ``concurrent.futures.process`` writes to
    every pool's wakeup pipe; the manager of a pool whose workers were
    terminated closes its pipe as it ends, and a write racing with the close
    printed ``Exception ignored ... Bad file descriptor`` with a traceback
    after the command's one line. The thread is taken before the pool's
    ``shutdown``, which sets the pool's reference to it to None.
    """
    from concurrent.futures import process

    if thread is None:
        return
    wakeup = process._threads_wakeups.get(thread)
    if wakeup is not None:  # the manager may close the pipe at any moment from now: a write to it is not an error
        send = wakeup.wakeup

        def quiet() -> None:
            try:
                send()
            except OSError:
                pass

        wakeup.wakeup = quiet
    thread.join(STOP_SECONDS)
    if not thread.is_alive():
        process._threads_wakeups.pop(thread, None)


def _quiet_manager(thread: threading.Thread | None) -> None:
    """Keep a pool's manager ``thread`` from printing a traceback when it finds its workers gone.

    Python 3.11 marks every pending task of a broken pool failed, cancelled
    ones too, which raises ``InvalidStateError`` in that thread (3.12 ignores
    them); the tasks were cancelled on purpose here, so the error is dropped.
    """
    from concurrent.futures import InvalidStateError

    if thread is None:
        return
    previous = threading.excepthook

    def hook(args: Any) -> None:
        if args.thread is thread and args.exc_type is InvalidStateError:
            return
        previous(args)

    threading.excepthook = hook
