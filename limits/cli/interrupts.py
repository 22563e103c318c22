"""SIGINT and SIGTERM during a command, and worker processes that never outlive it.

Interrupts: the work unwinds, the command says "interrupted" once and exits 130.

:func:`signals_interrupt` turns both signals into an exception in the main
thread (``KeyboardInterrupt``, or :class:`Terminated` for SIGTERM), so that
``finally`` blocks run: rows reach the disk, pools stop their workers. From the
command line a watchdog also ends the process :data:`GRACE_SECONDS` after the
first signal, should the work not unwind (a thread in native code), killing
any worker process left (:func:`stop_children`).

Four cases would otherwise print a traceback or lose the signal:

* a signal that lands inside a callback that C code made into Python (numba's
  object cache, through llvmlite's ctypes hooks): an exception raised there is
  printed as "Exception ignored on calling ctypes callback function" and
  dropped. The handler sees such a frame on the stack and delivers the signal
  again :data:`RETRY_SECONDS` later, once the callback has returned;
* a second signal while the first unwinds: it would raise again inside a
  ``finally`` block or a finaliser; from the command line it is left to the
  watchdog;
* a signal while something that must be closed is being built (a local Dask
  cluster starting): raised there, it would leave a half-built cluster that
  no one closes. Inside :func:`interrupts_deferred` the signal is held and
  raised at the end of the block, once the thing is in the caller's hands;
* a signal before the command line has started (while Python imports the
  package): the entry points (``chutes_limits.py``, ``limits/__init__.py``
  under ``python -m limits``) install a handler with their first statements,
  which ends the process with the same line and status.

Worker processes: the pools of ``survey --workers`` and ``sweep --workers``.

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
from types import FrameType
from typing import Any, Iterator

__all__ = ["GRACE_SECONDS", "RETRY_SECONDS", "Terminated", "signals_interrupt", "interrupts_deferred", "hard_exit",
           "said_interrupted", "signalled", "in_foreign_callback", "worker_pool", "stop_children", "release_semaphores",
           "POLL_SECONDS", "STOP_SECONDS"]

GRACE_SECONDS = 2.0
"""After SIGINT or SIGTERM, how long work may take to unwind before the process ends anyway (status 130)."""

RETRY_SECONDS = 0.02
"""How long a signal that came inside a foreign callback waits before it is delivered again."""

FOREIGN_CALLBACKS = ("llvmlite.",)
"""Modules whose Python functions C code calls back (ctypes hooks): an exception raised in them is lost."""

CALLBACK_FUNCTIONS = {("importlib._bootstrap", "cb"), ("weakref", "remove"), ("weakref", "_remove_dead_weakref")}
"""Functions the interpreter runs as callbacks (a module lock's weakref callback; finalizers, ``__del__``
methods are found by name): an exception raised in them is printed as "Exception ignored" and lost."""

EXIT_INTERRUPTED = 130

said_interrupted = threading.Event()
"""Set once "interrupted" has been written, so that the watchdog does not write it again."""
signalled = threading.Event()
"""Set by the first SIGINT or SIGTERM of :func:`signals_interrupt`: what fails after it is the stop unwinding."""


class Terminated(BaseException):
    """SIGTERM, turned into an exception so that work in progress unwinds like on SIGINT."""


_held: dict[str, int] = {"depth": 0, "signal": 0}
"""Blocks of :func:`interrupts_deferred` open, and the first signal held by them (0: none)."""


def _interrupt(signum: int) -> BaseException:
    return KeyboardInterrupt() if signum == signal.SIGINT else Terminated()


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Hold SIGINT and SIGTERM while the block runs; one that came is raised when it ends.

    The watchdog of :func:`signals_interrupt` still runs from the signal on,
    so a block that hangs does not keep the process alive.
    """
    _held["depth"] += 1
    signum = 0
    try:
        yield
    finally:  # a block that fails drops the held signal: its own error ends the command
        _held["depth"] -= 1
        if _held["depth"] == 0:
            signum, _held["signal"] = _held["signal"], 0
    if signum:
        raise _interrupt(signum)


def in_foreign_callback(frame: FrameType | None) -> bool:
    """Whether ``frame`` or a frame below it runs a function of ``FOREIGN_CALLBACKS``, one of
    ``CALLBACK_FUNCTIONS`` or a ``__del__`` method: a signal raised there would be printed and lost."""
    while frame is not None:
        name = frame.f_globals.get("__name__") or ""
        function = frame.f_code.co_name
        if name.startswith(FOREIGN_CALLBACKS) or (name, function) in CALLBACK_FUNCTIONS or function == "__del__":
            return True
        frame = frame.f_back
    return False


def hard_exit(prog: str = "limits") -> None:
    """End the process now with status 130: workers killed, "interrupted" written unless it was."""
    try:
        stop_children(wait=False)
        release_semaphores()
    finally:
        if not said_interrupted.is_set():
            said_interrupted.set()
            os.write(2, f"{prog}: interrupted\n".encode())
        os._exit(EXIT_INTERRUPTED)


@contextmanager
def signals_interrupt(watchdog: bool) -> Iterator[None]:
    """SIGINT and SIGTERM raise in the main thread while the block runs; with ``watchdog`` (the command
    line), the process also ends :data:`GRACE_SECONDS` after the first one, and a second one is left to it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    state = {"armed": False, "raised": False}
    signalled.clear()

    def stop(signum: int, frame: FrameType | None) -> None:
        signalled.set()
        if watchdog and not state["armed"]:  # the watchdog, from the first signal on
            state["armed"] = True
            timer = threading.Timer(GRACE_SECONDS, hard_exit)
            timer.daemon = True
            timer.start()
        if in_foreign_callback(frame):  # raised here, it would be printed and lost: deliver it again soon
            again = threading.Timer(RETRY_SECONDS, os.kill, (os.getpid(), signum))
            again.daemon = True
            again.start()
            return
        if watchdog and state["raised"]:  # already unwinding: the watchdog ends the process if it must
            return
        if _held["depth"]:  # raised when the block that holds it ends
            _held["signal"] = _held["signal"] or signum
            return
        state["raised"] = True
        raise _interrupt(signum)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


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
