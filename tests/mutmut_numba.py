"""numba compiles mutmut's mutants: used only inside the mutation run (``python -m tests.mutation``).

mutmut wraps every function it mutates in a trampoline that picks, at each call, the original or the mutant
under test. numba cannot compile the trampoline (it forwards ``**kwargs``), so a kernel that the code
compiles with ``njit(...)(f)`` from a plain function (:mod:`limits.coin.compiled`) would fail every test
of the run. :func:`install` makes ``numba.njit`` compile, in place of a trampoline, the function the
trampoline would call: the mutant under test when it is one of that function's, else the original.

mutmut forks a process for each mutant from the one that ran the tests unmutated, where the kernels are
compiled already: after a fork the kernels are trampolines again, and a module's ``_COMPILED`` flag (the
compiled engine's: it compiles once a process) is cleared, so the next run compiles what is under test.
numba's cache is left out while a mutant of the kernels' module is under test: a caller's cached machine code
holds the callees it was compiled with, and numba checks only the caller's own file.

While mutmut maps its tests to the functions they call (its ``stats`` pass), compiled code records no call;
a kernel then counts as called by every test that calls the Python function that compiled it (which
compiles once a process, and is called on every run of the kernels).

``tests/conftest.py`` calls :func:`install` only when mutmut runs the tests (mutmut is imported).
"""

from __future__ import annotations

import os
import sys
from collections import defaultdict
from typing import Any

_INSTALLED: list[bool] = []


def _mutants(fn: Any) -> dict[str, Any] | None:
    """The mutants of a trampolined function (with its original under ``_mutmut_orig``); None otherwise."""
    module = sys.modules.get(getattr(fn, "__module__", None) or "")
    mutants = getattr(module, f"mutants_x_{getattr(fn, '__name__', '')}__mutmut", None)
    if hasattr(fn, "__wrapped__") and isinstance(mutants, dict) and "_mutmut_orig" in mutants:
        return mutants
    return None


def install() -> None:
    """Make ``numba.njit`` compile the function a mutmut trampoline stands for (once a process)."""
    if _INSTALLED:
        return
    try:
        import numba
        from mutmut.core import MutmutCallStack
        from mutmut.mutation import trampoline
        from mutmut.utils.format_utils import mangled_name_from_mutant_name
    except ImportError:  # no numba, or another mutmut: nothing to do
        return
    _INSTALLED.append(True)
    njit = numba.njit
    record = trampoline.record_trampoline_hit
    compiled_by: defaultdict[str, set[str]] = defaultdict(set)
    compiled: list[tuple[Any, str, Any]] = []  # (module, name, trampoline) of every kernel compiled

    def record_with_kernels(name: str, caller: str | None = None) -> None:
        record(name, caller=caller)
        for kernel in compiled_by.get(name, ()):
            record(kernel, caller=name)

    def target(fn: Any) -> Any:
        mutants = _mutants(fn)
        if mutants is None:
            return fn
        original = mutants["_mutmut_orig"]
        active = trampoline.get_mutant_under_test()
        if active == "stats":
            name = f"{original.__module__}.{mangled_name_from_mutant_name(original.__name__)}"
            caller = MutmutCallStack.get()[0]
            record(name, caller=caller)
            if caller is not None:
                compiled_by[caller].add(name)
            return original
        module, _, mutant = active.rpartition(".")
        return mutants.get(mutant, original) if module == fn.__module__ else original

    def compile_(fn: Any, args: tuple, kwargs: dict[str, Any]) -> Any:
        if _mutants(fn) is not None:
            compiled.append((sys.modules[fn.__module__], fn.__name__, fn))
            if trampoline.get_mutant_under_test().rpartition(".")[0] == fn.__module__:
                kwargs = dict(kwargs, cache=False)  # a cached caller would bring back the original callees
        return njit(*args, **kwargs)(target(fn))

    def uncompile() -> None:
        for module, name, fn in compiled:
            setattr(module, name, fn)
            if hasattr(module, "_COMPILED"):
                module._COMPILED = False

    def mutant_njit(*args: Any, **kwargs: Any) -> Any:
        if args and callable(args[0]):
            return compile_(args[0], args[1:], kwargs)
        return lambda fn: compile_(fn, args, kwargs)

    trampoline.record_trampoline_hit = record_with_kernels
    os.register_at_fork(after_in_child=uncompile)
    numba.njit = mutant_njit
