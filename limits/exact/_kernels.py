"""Inner loops of the sparse solvers, compiled with numba when it is installed (the ``fast`` extra).

Every kernel is a plain Python function on numpy arrays. :func:`compiled`
gives them compiled by numba (on first use, from numba's on-disk cache when it
holds them, see :mod:`limits.exact.jit`); without numba it gives the same code
as Python (correct, and slow: the callers choose the dense engines, or the
Python kernels, for small systems then, and numba is not even imported).

Matrices are in compressed rows: ``ptr``, ``idx`` (sorted columns), ``val``.
The factors ``L`` (strictly lower, unit diagonal implied) and ``U`` (upper,
its diagonal first in each row) are filled on a pattern found beforehand;
a kernel that meets an entry outside the pattern reports the row instead of
dropping it.
"""

from __future__ import annotations

import threading
from types import SimpleNamespace
from typing import Any, Callable

import numpy as np

from .jit import compile_for, have_numba

__all__ = ["have_numba", "compiled", "python", "factor_mod", "solve_mod", "divide_residual", "lift",
           "to_limbs", "to_base", "factor_gth", "solve_gth"]


LAZY = 2048
"""Products of two residues below 2^26 added up before a reduction: 2048 of them stay below 2^63."""

_PLAIN: dict[str, Callable[..., Any]] = {}
_COMPILED: list[SimpleNamespace] = []
_LOCK = threading.Lock()


def _kernel(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Register ``fn`` as a kernel; it stays a plain Python function until :func:`compiled` is called."""
    _PLAIN[fn.__name__] = fn
    return fn


def python() -> SimpleNamespace:
    """The kernels as plain Python functions (for small systems: no numba import, no compilation)."""
    return SimpleNamespace(**_PLAIN)


def _guarded(dispatcher: Any) -> Callable[..., Any]:
    """``dispatcher``, compiled for new argument types with interrupts held (:func:`compile_for`)."""

    def call(*args: Any) -> Any:
        compile_for(dispatcher, args)
        return dispatcher(*args)

    return call


def compiled() -> SimpleNamespace:
    """The kernels compiled by numba (imported now), or the plain Python ones when numba is not installed.

    The first call makes every kernel a numba dispatcher (``cache=True``, so
    a later process loads the machine code from disk instead of compiling
    it); each is compiled for the types of its arguments at its first call.
    """
    if not have_numba():
        return python()
    with _LOCK:
        if not _COMPILED:
            from numba import njit

            made = {name: njit(cache=True, nogil=True)(fn) for name, fn in _PLAIN.items()}
            globals().update(made)  # the kernels call each other by these names
            _COMPILED.append(SimpleNamespace(**{name: _guarded(d) for name, d in made.items()}))
    return _COMPILED[0]


@_kernel
def factor_mod(n, bp, bi, bx, lp, li, lx, up, ui, ux, uinv, p):  # pragma: no cover - compiled
    """``B = L U`` modulo the prime ``p``, row by row on the given pattern; -1, or the row that failed.

    A row fails when its pivot is 0 modulo ``p`` or when an entry falls outside
    the pattern. The row being eliminated is reduced lazily: each update
    subtracts less than ``p^2 < 2^52``, so an entry is reduced only once it
    falls below ``-2^62``, and when it is read (about half the time of a
    reduction at every update).
    """
    low = -(np.int64(1) << 62)
    w = np.zeros(n, np.int64)
    mark = np.full(n, -1, np.int64)
    for i in range(n):
        for t in range(lp[i], lp[i + 1]):
            mark[li[t]] = i
        for t in range(up[i], up[i + 1]):
            mark[ui[t]] = i
        for t in range(bp[i], bp[i + 1]):
            j = bi[t]
            if mark[j] != i:
                return i
            w[j] = bx[t] % p
        for t in range(lp[i], lp[i + 1]):
            k = li[t]
            m = (w[k] % p) * uinv[k] % p
            lx[t] = m
            w[k] = 0
            if m != 0:
                for s in range(up[k] + 1, up[k + 1]):
                    j = ui[s]
                    if mark[j] != i:
                        return i
                    v = w[j] - m * ux[s]
                    if v < low:
                        v %= p
                    w[j] = v
        for t in range(up[i], up[i + 1]):
            j = ui[t]
            ux[t] = w[j] % p
            w[j] = 0
        pivot = ux[up[i]]
        if ui[up[i]] != i or pivot == 0:
            return i
        # the inverse, inline (numba compiles one function)
        a, b, x0, x1 = pivot, p, 1, 0
        while b != 0:
            q = a // b
            a, b = b, a - q * b
            x0, x1 = x1, x0 - q * x1
        uinv[i] = x0 % p
    return -1


@_kernel
def solve_mod(n, lp, li, lx, up, ui, ux, uinv, p, r, y):  # pragma: no cover - compiled
    """``y = (L U)^-1 r`` modulo ``p`` (``p < 2^26``: products are summed and reduced once per
    :data:`LAZY` terms)."""
    for i in range(n):
        s = 0
        count = 0
        for t in range(lp[i], lp[i + 1]):
            s += lx[t] * y[li[t]]
            count += 1
            if count == LAZY:
                s %= p
                count = 0
        y[i] = (r[i] - s) % p
    for i in range(n - 1, -1, -1):
        s = 0
        count = 0
        for t in range(up[i] + 1, up[i + 1]):
            s += ux[t] * y[ui[t]]
            count += 1
            if count == LAZY:
                s %= p
                count = 0
        y[i] = (y[i] - s) % p * uinv[i] % p


@_kernel
def divide_residual(n, bp, bi, bx, r, d, p, out):  # pragma: no cover - compiled
    """``out = (r - B d) / p``, one lifting step's new residual; False if some entry is not divisible by ``p``."""
    for i in range(n):
        acc = r[i]
        for t in range(bp[i], bp[i + 1]):
            acc -= bx[t] * d[bi[t]]
        if acc % p != 0:
            return False
        out[i] = acc // p
    return True


@_kernel
def lift(n, bp, bi, bx, lp, li, lx, up, ui, ux, uinv, p, r, steps, y, first, index):  # pragma: no cover - compiled
    """Dixon lifting of ``B x = b``, ``steps`` p-adic digits from ``first``.

    ``r`` is the running residual (updated in place) and ``y[k]`` receives
    digit k of every unknown; with ``index >= 0``, ``y[k, 0]`` receives that
    of unknown ``index`` alone. Returns -1, or the step at which the residual
    was not divisible by ``p`` (a wrong factorisation).
    """
    d = np.zeros(n, np.int64)
    for k in range(first, first + steps):
        solve_mod(n, lp, li, lx, up, ui, ux, uinv, p, r, d)
        if index >= 0:
            y[k, 0] = d[index]
        for i in range(n if index < 0 else 0):
            y[k, i] = d[i]
        if not divide_residual(n, bp, bi, bx, r, d, p, r):
            return k
    return -1


@_kernel
def to_limbs(y, p, block, out):  # pragma: no cover - compiled
    """Blocks of ``block`` p-adic digits as integers in base 2^32: ``out[i, b]`` holds the limbs of
    ``sum_k y[b * block + k, i] p^k`` (least significant first)."""
    steps, n = y.shape
    blocks = out.shape[1]
    width = out.shape[2]
    for i in range(n):
        for b in range(blocks):
            lo = b * block
            hi = min(lo + block, steps)
            used = 0
            for k in range(hi - 1, lo - 1, -1):  # Horner: value = value * p + digit
                carry = np.uint64(y[k, i])
                for t in range(used):
                    v = np.uint64(out[i, b, t]) * np.uint64(p) + carry
                    out[i, b, t] = np.uint32(v & np.uint64(0xFFFFFFFF))
                    carry = v >> np.uint64(32)
                while carry != 0 and used < width:
                    out[i, b, used] = np.uint32(carry & np.uint64(0xFFFFFFFF))
                    carry = carry >> np.uint64(32)
                    used += 1


@_kernel
def to_base(limbs, p, out):  # pragma: no cover - compiled
    """The base-``p`` digits ``out[k, i]`` of the numbers whose base-2^32 limbs (least significant first) are
    ``limbs[i]``; ``limbs`` is used up."""
    n, width = limbs.shape
    for i in range(n):
        top = width
        while top > 0 and limbs[i, top - 1] == 0:
            top -= 1
        k = 0
        while top > 0:
            carry = 0
            for t in range(top - 1, -1, -1):
                v = (carry << 32) | limbs[i, t]
                limbs[i, t] = v // p
                carry = v % p
            out[k, i] = carry
            k += 1
            while top > 0 and limbs[i, top - 1] == 0:
                top -= 1


@_kernel
def factor_gth(n, bp, bi, bx, exits, lp, li, lx, up, ui, ux):  # pragma: no cover - compiled
    """``B = L U`` in floats for an M-matrix ``B`` whose row sums are ``exits`` (>= 0), without subtraction.

    The diagonal of ``B`` is never read: each pivot is its row's exit plus the
    sizes of its off-diagonal entries (Grassmann-Taksar-Heyman), so every entry
    keeps a small relative error even when a row's exit is tiny. Returns -1, or
    the row that failed (an entry outside the pattern, or a zero pivot).
    """
    w = np.zeros(n)
    mark = np.full(n, -1, np.int64)
    e = np.zeros(n)
    for i in range(n):
        for t in range(lp[i], lp[i + 1]):
            mark[li[t]] = i
        for t in range(up[i], up[i + 1]):
            mark[ui[t]] = i
        for t in range(bp[i], bp[i + 1]):
            j = bi[t]
            if mark[j] != i:
                return i
            w[j] = bx[t]
        ei = exits[i]
        for t in range(lp[i], lp[i + 1]):
            k = li[t]
            m = w[k] / ux[up[k]]
            lx[t] = m
            w[k] = 0.0
            if m != 0.0:
                ei -= m * e[k]
                for s in range(up[k] + 1, up[k + 1]):
                    j = ui[s]
                    if mark[j] != i:
                        return i
                    w[j] -= m * ux[s]
        off = 0.0
        for t in range(up[i] + 1, up[i + 1]):
            j = ui[t]
            ux[t] = w[j]
            off -= w[j]
            w[j] = 0.0
        w[i] = 0.0
        e[i] = ei
        ux[up[i]] = ei + off
        if ui[up[i]] != i or not ux[up[i]] > 0.0:
            return i
    return -1


@_kernel
def solve_gth(n, lp, li, lx, up, ui, ux, r, x):  # pragma: no cover - compiled
    """``x = (L U)^-1 r`` in floats; with ``r >= 0`` and the factors of :func:`factor_gth`, only additions."""
    for i in range(n):
        s = r[i]
        for t in range(lp[i], lp[i + 1]):
            s -= lx[t] * x[li[t]]
        x[i] = s
    for i in range(n - 1, -1, -1):
        s = x[i]
        for t in range(up[i] + 1, up[i + 1]):
            s -= ux[t] * x[ui[t]]
        x[i] = s / ux[up[i]]
