"""Sampling turns: Walker alias tables over a square's elementary outcomes, and the engines that play chunks.

:func:`outcome_tables` lists every elementary outcome of a turn (each roll,
flip decision and coin side) with its probability, as alias tables;
:func:`integer_tables` gives them the integer form the engines read, so a
turn costs one random 32-bit word (half of a 64-bit one): ``word * m``, its
high half picks the column, its low half decides between the column's two
outcomes. Every game has its own
random stream (:func:`game_streams`), so a game's turns do not depend on
which games are played beside it or in what order. Two engines play a chunk
of games: a vectorised numpy loop (:data:`BLOCK` games a turn at a time) and a
compiled loop (numba) that keeps :data:`LANES` games in flight, so the
processor works on one while the others wait for their table lookups. Both
play the same games, record each finished game's number of turns (so nothing
grows with ``max_turns``) and stop early when a shared flag is set: numpy
between turns, numba between games.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from ..errors import LimitsError, shown
from ..model.board import Board
from ..model.die import Die, as_probability
from ..model.rules import Rule, as_rule
from .rule import Policy, turn_outcomes

__all__ = ["outcome_tables", "integer_tables", "game_streams", "LANES", "BLOCK"]


def outcome_tables(board: Board, die: Die, rule: Rule | str, policy: Policy | None, coin: Fraction
                   ) -> tuple[list[int], np.ndarray, np.ndarray, np.ndarray]:
    """Alias tables over each square's elementary outcomes.

    Returns ``(states, accept, primary, alias)``: squares in index order (the
    goal is index ``len(states)``, absorbing), and ``(n + 1, m)`` tables.
    """
    rule = as_rule(rule)
    states = list(board.squares)
    index = {s: i for i, s in enumerate(states)}
    goal = len(states)
    index[board.size] = goal
    rows: list[list[tuple[Fraction, int]]] = []
    for s in states:
        row: list[tuple[Fraction, int]] = []
        for face, p in die.rolls():
            out = turn_outcomes(board, rule, s, face)
            q = Fraction(0) if policy is None or out.landing is None else as_probability(policy(s, out.landing))
            if not isinstance(q, Fraction):
                raise LimitsError(f"a policy must give a number, not {shown(q)}")
            for prob, target in ((p * (1 - q), out.no_flip), (p * q * coin, out.heads),
                                 (p * q * (1 - coin), out.tails)):
                if prob:
                    row.append((prob, index[target]))
        rows.append(row)
    rows.append([(Fraction(1), goal)])
    m = max(len(r) for r in rows)
    accept = np.ones((goal + 1, m))
    primary = np.zeros((goal + 1, m), dtype=np.int64)
    alias = np.zeros((goal + 1, m), dtype=np.int64)
    for i, row in enumerate(rows):
        _vose(row, m, accept[i], primary[i], alias[i])
    return states, accept, primary, alias


def _vose(row: list[tuple[Fraction, int]], m: int, accept: np.ndarray, primary: np.ndarray, alias: np.ndarray
          ) -> None:
    """Walker/Vose alias table of one distribution, padded to m columns.

    Built in exact rationals (which cell is small or large is decided
    exactly); only the acceptance thresholds are rounded to float64, once.
    """
    probs = [p for p, _ in row] + [Fraction(0)] * (m - len(row))
    targets = [t for _, t in row] + [row[0][1]] * (m - len(row))
    total = sum(probs, Fraction(0))
    scaled = [p * m / total for p in probs]
    small = [i for i, x in enumerate(scaled) if x < 1]
    large = [i for i, x in enumerate(scaled) if x >= 1]
    for i in range(m):
        primary[i] = targets[i]
        alias[i] = targets[i]
        accept[i] = 1.0
    while small and large:
        s, g = small.pop(), large.pop()
        accept[s] = float(scaled[s])
        alias[s] = targets[g]
        scaled[g] -= 1 - scaled[s]
        (small if scaled[g] < 1 else large).append(g)


_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S1, _S27, _S30, _S31, _S32 = np.uint64(1), np.uint64(27), np.uint64(30), np.uint64(31), np.uint64(32)
_LOW = np.uint64(0xFFFFFFFF)

LANES = 32
"""Games the compiled engine keeps in flight at once: their turns are independent, so the processor overlaps
them (and the compiler may vectorise them) instead of waiting on each table lookup."""


def game_streams(rng: np.random.Generator, games: int) -> tuple[np.ndarray, np.ndarray]:
    """Each game's own generator: a SplitMix64 state and an odd increment (``uint64``), drawn from ``rng``.

    Turns 2t - 1 and 2t of a game take the high and the low 32 bits of the
    SplitMix64 mix of ``state + t * increment`` (see :func:`integer_tables`
    for how a word makes a turn). What a game does depends on its stream
    only, so the engines, however they order the games, play the same games
    from the same seed.

    Examples
    --------
    >>> state, increment = game_streams(np.random.default_rng(1), 3)
    >>> state.dtype.name, bool((increment % 2 == 1).all())
    ('uint64', True)
    """
    raw = rng.bit_generator.random_raw(2 * games)
    return raw[:games].copy(), raw[games:] | np.uint64(1)


def integer_tables(accept: np.ndarray, primary: np.ndarray, alias: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The alias tables as the engines read them: ``(threshold, target)``.

    ``threshold[c]`` is ``floor(accept * 2^32)`` for cell ``c = square * m +
    column``; ``target[2 c + 1]`` is the primary outcome, ``target[2 c]`` the
    alias. A turn from a 32-bit word ``u``: ``x = u * m``, the column is
    ``x >> 32`` and the primary outcome is taken when the low 32 bits of ``x``
    are below the threshold. Each outcome's chance is then its exact one to
    within ``2 m / 2^32`` (the columns' and the thresholds' rounding), with
    ``m`` outcomes a square at most.

    Examples
    --------
    >>> threshold, target = integer_tables(np.array([[1.0, 0.5]]), np.array([[0, 1]]), np.array([[0, 0]]))
    >>> threshold.tolist(), target.tolist()
    ([4294967296, 2147483648], [0, 0, 0, 1])
    """
    threshold = np.floor(accept.ravel() * 2.0**32).astype(np.uint64)
    target = np.stack([alias.ravel(), primary.ravel()], axis=1).astype(np.int64).ravel()
    return threshold, target


BLOCK = 1 << 14
"""Games the numpy engine moves together: its arrays then stay in the processor's cache."""


def _numpy_chunk(rng: np.random.Generator, games: int, start: int, accept: np.ndarray, primary: np.ndarray,
                 alias: np.ndarray, goal: int, max_turns: int, stop: np.ndarray) -> tuple[np.ndarray, int, int]:
    """``(turns of the finished games, unfinished, played)``; stops between turns when ``stop[0]`` is set.

    The games are played :data:`BLOCK` at a time, each block turn by turn.
    """
    state, step = game_streams(rng, games)
    if start == goal:
        return np.zeros(games, dtype=np.int64), 0, games
    threshold, target = integer_tables(accept, primary, alias)
    ended: list[np.ndarray] = []
    unfinished = played = 0
    for first in range(0, games, BLOCK):
        lost, running = _numpy_block(state[first:first + BLOCK].copy(), step[first:first + BLOCK], start,
                                     threshold, target, accept.shape[1], goal, max_turns, stop, ended)
        if running:  # stopped: the games still running are not played
            return _joined(ended), unfinished, played + min(BLOCK, games - first) - running
        unfinished += lost
        played += min(BLOCK, games - first)
    return _joined(ended), unfinished, played


def _joined(ended: list[np.ndarray]) -> np.ndarray:
    return np.concatenate(ended) if ended else np.zeros(0, dtype=np.int64)


def _numpy_block(state: np.ndarray, step: np.ndarray, start: int, threshold: np.ndarray, target: np.ndarray, m: int,
                 goal: int, max_turns: int, stop: np.ndarray, ended: list[np.ndarray]) -> tuple[int, int]:
    """Play one block, two turns a word, appending the turns of its finished games to ``ended``:
    ``(unfinished, 0)``, or ``(0, games still running)`` when stopped.

    A finished game stays on the goal, which it never leaves, until half the
    arrays are finished games: only then are they dropped.
    """
    pos = np.full(state.shape[0], start, dtype=np.int64)
    running = int(pos.size)
    turn = 0
    while running and turn < max_turns:
        if stop[0]:
            return 0, running
        turn += 2
        state += step
        z = state >> _S30
        z ^= state
        z *= _MIX1
        z ^= z >> _S27
        z *= _MIX2
        z ^= z >> _S31
        first = _numpy_turn(pos, z >> _S32, threshold, target, m)
        early = _record(ended, (first == goal) & (pos != goal), turn - 1)
        if turn - 1 >= max_turns:
            return running - early, 0
        pos = _numpy_turn(first, z & _LOW, threshold, target, m)
        done = pos == goal
        running -= early + _record(ended, done & (first != goal), turn)
        if running < pos.size // 2:
            keep = ~done
            pos, state, step = pos[keep], state[keep], step[keep]
    return running, 0


def _numpy_turn(pos: np.ndarray, word: np.ndarray, threshold: np.ndarray, target: np.ndarray, m: int) -> np.ndarray:
    """One turn of every game from a 32-bit word each: the column from ``word * m >> 32``, the outcome from the
    rest."""
    x = word * np.uint64(m)
    cell = (x >> _S32).view(np.int64)
    cell += pos * m
    x &= _LOW
    return target[2 * cell + (x < threshold[cell])]


def _record(ended: list[np.ndarray], done: np.ndarray, turn: int) -> int:
    """Append the turn of the games that finished on it; their number."""
    n = int(np.count_nonzero(done))
    if n:
        ended.append(np.full(n, turn, dtype=np.int64))
    return n


def _numba_chunk(rng: np.random.Generator, games: int, start: int, accept: np.ndarray, primary: np.ndarray,
                 alias: np.ndarray, goal: int, max_turns: int, stop: np.ndarray) -> tuple[np.ndarray, int, int]:
    """As :func:`_numpy_chunk`, compiled, with :data:`LANES` games in flight; stops between games."""
    state, step = game_streams(rng, games)
    threshold, target = integer_tables(accept, primary, alias)
    turns = np.empty(games, dtype=np.int64)
    played = int(_numba_kernel()(state, step, games, start, threshold, target.view(np.uint64), accept.shape[1], goal,
                                 max_turns, turns, stop))
    turns = turns[:played]
    return turns[turns >= 0], int((turns < 0).sum()), played


_NUMBA_KERNEL: Any = None


def _numba_kernel() -> Any:
    global _NUMBA_KERNEL
    if _NUMBA_KERNEL is None:
        from numba import njit

        @njit(nogil=True, cache=True)
        def kernel(state0, step0, games, start, threshold, target, m, goal, max_turns, turns,
                   stop):  # pragma: no cover - compiled
            # positions and cells are unsigned: numba then indexes without testing for negative indices
            if start == goal:
                turns[:games] = 0
                return games
            columns = np.uint64(m)
            here, end = np.uint64(start), np.uint64(goal)
            pos = np.full(LANES, end, np.uint64)  # an idle lane stays on the goal, which it never leaves
            middle = np.full(LANES, end, np.uint64)
            state = np.zeros(LANES, np.uint64)
            step = np.zeros(LANES, np.uint64)
            clock = np.zeros(LANES, np.int64)
            game = np.full(LANES, -1, np.int64)
            following = 0
            live = 0
            for lane in range(LANES):
                if following < games:
                    pos[lane], state[lane], step[lane], game[lane] = here, state0[following], step0[following], following
                    following += 1
                    live += 1
            while live:
                for lane in range(LANES):  # two turns of every lane, with no branch
                    s = state[lane] + step[lane]
                    state[lane] = s
                    z = (s ^ (s >> _S30)) * _MIX1
                    z = (z ^ (z >> _S27)) * _MIX2
                    z ^= z >> _S31
                    x = (z >> _S32) * columns
                    cell = pos[lane] * columns + (x >> _S32)
                    a = target[(cell << _S1) | np.uint64((x & _LOW) < threshold[cell])]
                    y = (z & _LOW) * columns
                    cell = a * columns + (y >> _S32)
                    middle[lane] = a
                    pos[lane] = target[(cell << _S1) | np.uint64((y & _LOW) < threshold[cell])]
                    clock[lane] += 2
                for lane in range(LANES):
                    g = game[lane]
                    if g < 0 or (pos[lane] != end and clock[lane] < max_turns):
                        continue
                    t = clock[lane]
                    if middle[lane] == end:
                        turns[g] = t - 1
                    elif t - 1 >= max_turns or pos[lane] != end:
                        turns[g] = -1
                    else:
                        turns[g] = t
                    if following < games and not stop[0]:
                        pos[lane], state[lane], step[lane], game[lane] = (here, state0[following],
                                                                          step0[following], following)
                        following += 1
                    else:
                        pos[lane], game[lane] = end, -1
                        live -= 1
                    clock[lane] = 0
            return following

        _NUMBA_KERNEL = kernel
    return _NUMBA_KERNEL


def _have_numba() -> bool:
    try:
        import numba  # noqa: F401  (only whether it is there)
    except ImportError:
        return False
    return True
