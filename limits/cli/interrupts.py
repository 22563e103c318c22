"""SIGINT and SIGTERM during a command: the work unwinds, the command says "interrupted" once and exits 130.

:func:`signals_interrupt` turns both signals into an exception in the main
thread (``KeyboardInterrupt``, or :class:`Terminated` for SIGTERM), so that
``finally`` blocks run: rows reach the disk, pools stop their workers. From the
command line a watchdog also ends the process :data:`GRACE_SECONDS` after the
first signal, should the work not unwind (a thread in native code), killing
any worker process left (:func:`~limits.cli.processes.stop_children`).

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
"""

from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager
from types import FrameType
from typing import Iterator

__all__ = ["GRACE_SECONDS", "RETRY_SECONDS", "Terminated", "signals_interrupt", "interrupts_deferred", "hard_exit",
           "said_interrupted", "signalled", "in_foreign_callback"]

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
signalled = threading.Event()
"""Set by the first SIGINT or SIGTERM of :func:`signals_interrupt`: what fails after it is the stop unwinding."""
"""Set once "interrupted" has been written, so that the watchdog does not write it again."""


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
        from .processes import release_semaphores, stop_children

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

    def arm() -> None:
        if watchdog and not state["armed"]:
            state["armed"] = True
            timer = threading.Timer(GRACE_SECONDS, hard_exit)
            timer.daemon = True
            timer.start()

    def stop(signum: int, frame: FrameType | None) -> None:
        signalled.set()
        arm()
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
