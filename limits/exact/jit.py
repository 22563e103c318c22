"""numba, loaded only where a compiled kernel pays for itself, and compiled without a torn cache.

Importing numba takes about half a second of CPU time, more than a whole answer
on the paper's board, so :func:`have_numba` asks only whether it is installed,
and a kernel is compiled (or loaded from numba's on-disk cache, ``cache=True``)
on its first call. :func:`compile_for` compiles a dispatcher for the types of
some arguments with SIGINT and SIGTERM held back: an interrupt that arrives
while numba writes its cache is delivered once the compilation is over, so
the cache is never left half-written and the interrupt unwinds through the
caller as usual, instead of being raised inside llvmlite's callbacks (where
Python can only print "Exception ignored ..." with a traceback and go on).
"""

from __future__ import annotations

import importlib.util
import signal
import sys
import threading
from contextlib import contextmanager
from typing import Any, Iterator

__all__ = ["have_numba", "compile_for", "interrupts_held"]


def have_numba() -> bool:
    """Whether numba can be imported (asked without importing it).

    Examples
    --------
    >>> isinstance(have_numba(), bool)
    True
    """
    if "numba" in sys.modules:
        return sys.modules["numba"] is not None
    try:
        return importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):
        return False


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back for the duration, then deliver the first that came.

    Only the main thread can handle signals; elsewhere, and where a handler was
    not set from Python, this does nothing.

    Examples
    --------
    >>> came = []
    >>> before = signal.signal(signal.SIGTERM, lambda signum, frame: came.append(signum))
    >>> with interrupts_held():
    ...     signal.raise_signal(signal.SIGTERM)
    ...     during = list(came)
    >>> during, came == [signal.SIGTERM]
    ([], True)
    >>> _ = signal.signal(signal.SIGTERM, before)
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []

    def hold(signum: int, frame: Any) -> None:
        came.append(signum)

    previous = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        handler = signal.getsignal(sig)
        if handler is not None:
            previous[sig] = signal.signal(sig, hold)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if came:
            signal.raise_signal(came[0])


def compile_for(dispatcher: Any, args: tuple) -> None:
    """Compile ``dispatcher`` (a numba ``njit`` function) for the types of ``args`` unless it already is,
    with interrupts held while numba compiles and writes its cache."""
    from numba import typeof

    types = tuple(typeof(a) for a in args)
    if types in dispatcher.overloads:
        return
    with interrupts_held():
        dispatcher.compile(types)
