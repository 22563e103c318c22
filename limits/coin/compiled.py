"""The compiled simulation engine (numba, the ``fast`` extra): :data:`~limits.coin.compiled.LANES` games at once.

The games in flight are advanced together, two turns from each random word,
by a loop with no branch that the compiler turns into vector instructions
(gathers from the tables, several games per instruction); it also returns a
bit mask of the games that ended, so only those are looked at before the
next two turns. A lane whose game ended starts the next game of the chunk.
The lanes' arrays and the tables are separate memory, and the loop is
compiled with that said (``noalias``), which is what lets the compiler
vectorise it; where numba's pipeline cannot be extended so, the loop is
compiled as it stands and is only slower.

A turn reads one 64-bit table entry when every row (``square * m``) is
below ``2^16`` (the threshold, the alias and the primary row side by side),
two otherwise (:func:`packed_tables`); both play the same games. The games
are those of the numpy engine of :mod:`limits.coin.sampling`, from the same
streams.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

__all__ = ["LANES", "packed_tables"]

LANES = 64
"""Games the compiled engine keeps in flight at once (one bit each of the mask of ended games)."""

_LOW = np.uint64(0xFFFFFFFF)
_NARROW = 1 << 16


def packed_tables(threshold: np.ndarray, target: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The integer tables as the compiled loop reads them: ``(entry, alias)``, ``uint64``, one of each a cell.

    When every row fits in 16 bits, ``entry`` is ``threshold << 32 | alias
    << 16 | primary`` and ``alias`` is empty; otherwise ``entry`` is
    ``threshold << 32 | primary`` and ``alias`` holds the alias rows.

    Examples
    --------
    >>> entry, alias = packed_tables(np.array([0, 5], np.uint64), np.array([0, 0, 2, 0]))
    >>> [hex(e) for e in entry.tolist()], alias.size
    (['0x0', '0x500020000'], 0)
    """
    target = target.astype(np.uint64)
    first, second = target[1::2], target[0::2]
    high = threshold.astype(np.uint64) << np.uint64(32)
    if target.size == 0 or int(target.max()) < _NARROW:
        return high | (second << np.uint64(16)) | first, np.zeros(0, np.uint64)
    return high | first, second


def _numba_chunk(keys: np.ndarray, first: int, games: int, start: int, entry: np.ndarray, alias: np.ndarray,
                 m: int, goal: int, max_turns: int, stop: np.ndarray) -> tuple[np.ndarray, int, int]:
    """As :func:`limits.coin.sampling._numpy_chunk`, compiled, on :func:`packed_tables`, with :data:`LANES`
    games in flight; stops between games."""
    counts = np.zeros(min(max_turns, _COUNTED) + 1, dtype=np.int64)
    longer = np.empty(games, dtype=np.int64)  # turns past counts' end; its memory is touched only when used
    tally = np.zeros(2, dtype=np.int64)  # unfinished games, games in longer
    shift = 32 - (m.bit_length() - 1)
    played = int(_kernel()(keys, first, games, start * m, entry, alias, shift, goal * m, max_turns, counts, longer,
                           tally, stop))
    if tally[1]:
        extra = np.bincount(longer[:tally[1]])
        extra[:counts.size] += counts
        counts = extra
    ended = np.flatnonzero(counts)
    return counts[:ended[-1] + 1 if ended.size else 1], int(tally[0]), played


_COUNTED = 4095
"""The compiled loop counts the games of up to this many turns itself, and lists the longer ones."""


_COMPILED = False
_COMPILING = threading.Lock()


def _kernel() -> Any:
    """The compiled chunk loop, compiled (or loaded from numba's cache) once, with its lane loops."""
    global _COMPILED, _narrow_lanes, _wide_lanes, _splitmix, _chunk
    with _COMPILING:
        if not _COMPILED:
            from numba import njit

            pipeline = _noalias_pipeline()
            options: dict[str, Any] = dict(nogil=True, boundscheck=False, error_model="numpy", cache=True)
            if pipeline is not None:
                options["pipeline_class"] = pipeline
            # the lane loops first: the chunk loop calls them by these names
            _narrow_lanes, _wide_lanes = njit(**options)(_narrow_lanes), njit(**options)(_wide_lanes)
            _splitmix = njit(nogil=True, cache=True)(_splitmix)
            _chunk = njit(nogil=True, boundscheck=False, cache=True)(_chunk)
            _COMPILED = True
    return _chunk


def _noalias_pipeline() -> Any:
    """A numba compiler pipeline that marks the compiled function's array arguments ``noalias``; None when
    this numba has no such hook."""
    try:
        from numba.core.compiler import CompilerBase, DefaultPassBuilder
        from numba.core.compiler_machinery import FunctionPass, register_pass
    except ImportError:  # pragma: no cover - another numba
        return None

    @register_pass(mutates_CFG=False, analysis_only=True)
    class _NoAlias(FunctionPass):
        _name = "limits_noalias"

        def __init__(self) -> None:
            FunctionPass.__init__(self)

        def run_pass(self, state: Any) -> bool:
            state.flags.noalias = True
            return False

    class NoAliasCompiler(CompilerBase):
        def define_pipelines(self) -> list:
            pm = DefaultPassBuilder.define_nopython_pipeline(self.state)
            pm.add_pass_after(_NoAlias, pm.passes[0][0])
            pm.finalize()
            return [pm]

    return NoAliasCompiler


_MIX1, _MIX2 = np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)
_S4, _S16, _S27, _S30, _S31, _S32 = (np.uint64(n) for n in (4, 16, 27, 30, 31, 32))
_SMALL, _ONE = np.uint64(0xFFFF), np.uint64(1)
_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_DEBRUIJN_MUL = np.uint64(0x03F79D71B4CB0A89)
_DEBRUIJN = np.zeros(64, np.int64)
"""The index of a single set bit ``b`` is ``_DEBRUIJN[(b * _DEBRUIJN_MUL) >> 58]``."""
for _i in range(64):
    _DEBRUIJN[((1 << _i) * 0x03F79D71B4CB0A89 % 2**64) >> 58] = _i


def _narrow_lanes(pos, state, step, clock, entry, alias, shift, end, limit):  # type: ignore[no-untyped-def]
    """Two turns of every lane from one entry a turn; the mask of the lanes whose game is over.

    ``clock`` counts the turns that started off the goal, so a lane on the goal stays as it is.
    """
    over = np.uint64(0)
    for lane in range(LANES):  # pragma: no cover - compiled
        s = state[lane] + step[lane]
        state[lane] = s
        z = _splitmix(s)
        here = pos[lane]
        c = clock[lane] + np.uint64(here != end)
        u = z >> _S32
        e = entry[here + (u >> shift)]
        middle = (e >> (np.uint64(u >= (e >> _S32)) << _S4)) & _SMALL
        c += np.uint64(middle != end)
        u = z & _LOW
        e = entry[middle + (u >> shift)]
        there = (e >> (np.uint64(u >= (e >> _S32)) << _S4)) & _SMALL
        pos[lane] = there
        clock[lane] = c
        over |= np.uint64((there == end) | (c >= limit)) << np.uint64(lane)
    return over


def _wide_lanes(pos, state, step, clock, entry, alias, shift, end, limit):  # type: ignore[no-untyped-def]
    """As :func:`_narrow_lanes`, with the alias rows in their own table."""
    over = np.uint64(0)
    for lane in range(LANES):  # pragma: no cover - compiled
        s = state[lane] + step[lane]
        state[lane] = s
        z = _splitmix(s)
        here = pos[lane]
        c = clock[lane] + np.uint64(here != end)
        u = z >> _S32
        cell = here + (u >> shift)
        e, other = entry[cell], alias[cell]
        middle = e & _LOW if u < (e >> _S32) else other
        c += np.uint64(middle != end)
        u = z & _LOW
        cell = middle + (u >> shift)
        e, other = entry[cell], alias[cell]
        there = e & _LOW if u < (e >> _S32) else other
        pos[lane] = there
        clock[lane] = c
        over |= np.uint64((there == end) | (c >= limit)) << np.uint64(lane)
    return over


def _splitmix(z):  # type: ignore[no-untyped-def]
    """The SplitMix64 output function of one word."""
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


def _chunk(keys, first, games, start, entry, alias, shift, goal, max_turns,  # type: ignore[no-untyped-def]
           counts, longer, tally, stop):
    """Play ``games`` games of the chunk from game ``first`` on, :data:`LANES` at a time: ``counts[t] += 1`` for
    a game of ``t`` turns (the longer ones listed in ``longer``), ``tally`` = (unfinished, listed); the number
    of games played (fewer once ``stop[0]`` is set)."""
    if start == goal:  # pragma: no cover - compiled
        counts[0] += games
        return games
    wide = alias.size > 0
    here, end, limit, by = np.uint64(start), np.uint64(goal), np.uint64(max_turns), np.uint64(shift)
    counted = np.uint64(counts.size)
    pos = np.full(LANES, end, np.uint64)  # an idle lane stays on the goal, which it never leaves
    state = np.zeros(LANES, np.uint64)
    step = np.zeros(LANES, np.uint64)
    clock = np.zeros(LANES, np.uint64)
    busy = np.zeros(LANES, np.bool_)
    following, last, live = first, first + games, 0
    while live < LANES and following < last:  # pragma: no cover - compiled
        g = np.uint64(following + 1) * _GAMMA
        pos[live], state[live], step[live] = here, _splitmix(keys[0] + g), _splitmix(keys[1] + g) | _ONE
        busy[live] = True
        following += 1
        live += 1
    while live:  # pragma: no cover - compiled
        if wide:
            over = _wide_lanes(pos, state, step, clock, entry, alias, by, end, limit)
        else:
            over = _narrow_lanes(pos, state, step, clock, entry, alias, by, end, limit)
        while over:
            bit = over & (~over + _ONE)
            over ^= bit
            lane = _DEBRUIJN[(bit * _DEBRUIJN_MUL) >> np.uint64(58)]
            if not busy[lane]:
                continue
            t = clock[lane]
            if pos[lane] != end or t > limit:
                tally[0] += 1
            elif t < counted:
                counts[t] += 1
            else:
                longer[tally[1]] = t
                tally[1] += 1
            clock[lane] = 0
            if following < last and not stop[0]:
                g = np.uint64(following + 1) * _GAMMA
                pos[lane], state[lane], step[lane] = here, _splitmix(keys[0] + g), _splitmix(keys[1] + g) | _ONE
                following += 1
            else:
                pos[lane], busy[lane] = end, False
                live -= 1
    return following - first
