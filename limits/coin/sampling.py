"""Sampling turns: Walker alias tables over a square's elementary outcomes, and the numpy engine.

:func:`outcome_tables` lists every elementary outcome of a turn (each roll,
flip decision and coin side) with its probability, as alias tables of a
power-of-two width ``m = 2^k``; :func:`integer_tables` gives them the integer
form the engine reads, so a turn costs one random 32-bit word (half of a
64-bit one) and no multiplication: its ``k`` high bits pick the column, its
other bits decide between the column's two outcomes. Every game has its own
random stream (:func:`game_streams`), so a game's turns do not depend on
which games are played beside it or in what order. The vectorised numpy
engine plays a chunk of games :data:`BLOCK` at a time, records each finished
game's number of turns (so nothing grows with ``max_turns``) and stops
between turns when a shared flag is set.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from ..errors import LimitsError
from ..model.moves import flip_chances

__all__ = ["outcome_tables", "integer_tables", "game_streams", "BLOCK"]


def outcome_tables(chain: Any) -> tuple[list[int], np.ndarray, np.ndarray, np.ndarray]:
    """Alias tables over each square's elementary outcomes in the game of ``chain``, its policy too (from its
    turn table).

    Returns ``(states, accept, primary, alias)``: squares in index order (the
    goal is index ``len(states)``, absorbing), and ``(n + 1, m)`` tables; ``m``
    is the least power of two that holds the most outcomes of a square (the
    columns past a square's outcomes have probability 0, so the engine picks
    a column with a shift instead of a multiplication).

    Examples
    --------
    >>> from limits import build_chain
    >>> states, accept, primary, alias = outcome_tables(build_chain())
    >>> len(states), accept.shape  # 81 squares where a turn can end, and the goal; six rolls in eight columns
    (81, (82, 8))
    """
    states = list(chain.states)
    goal = len(states)
    index = {**chain.index, chain.goal: goal}
    rows: list[list[tuple[Fraction, int]]] = []
    for outs, flips in zip(chain.turns, flip_chances(chain)):
        rows.append([(p * w, index[target]) for out, q, p in zip(outs, flips, chain.die.probabilities) if p
                     for target, w in out.ends(q, chain.coin) if w])
    rows.append([(Fraction(1), goal)])
    m = 1 << (max(len(r) for r in rows) - 1).bit_length()
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
    primary[:] = alias[:] = targets
    accept[:] = 1.0
    while small and large:
        s, g = small.pop(), large.pop()
        accept[s] = float(scaled[s])
        alias[s] = targets[g]
        scaled[g] -= 1 - scaled[s]
        (small if scaled[g] < 1 else large).append(g)


_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S27, _S30, _S31, _S32 = np.uint64(27), np.uint64(30), np.uint64(31), np.uint64(32)
_LOW = np.uint64(0xFFFFFFFF)
_GAMMA = np.uint64(0x9E3779B97F4A7C15)


def game_streams(keys: np.ndarray, first: int, games: int) -> tuple[np.ndarray, np.ndarray]:
    """The own generators of ``games`` games of a chunk from game ``first`` on: SplitMix64 states, odd increments.

    Both are ``uint64`` arrays. The chunk's two keys (``uint64``, drawn from its generator) seed two
    SplitMix64 sequences; game ``g`` takes the ``g + 1``-th output of the
    first as its state and that of the second, made odd, as its increment.
    Turns 2t - 1 and 2t of a game take the high and the low 32 bits of the
    SplitMix64 mix of ``state + t * increment`` (see :func:`integer_tables`
    for how a word makes a turn). What a game does depends on its keys and
    its number only, so however the games are ordered, the same seed plays
    the same games.

    Examples
    --------
    >>> keys = np.random.default_rng(1).bit_generator.random_raw(2)
    >>> state, increment = game_streams(keys, 0, 3)
    >>> state.dtype.name, bool((increment % 2 == 1).all())
    ('uint64', True)
    >>> bool((game_streams(keys, 1, 2)[0] == state[1:]).all())  # game 1 is game 1 however the chunk is cut
    True
    """
    g = np.arange(first + 1, first + games + 1, dtype=np.uint64) * _GAMMA
    return _mix(g + keys[0], np.empty_like(g)), _mix(g + keys[1], np.empty_like(g)) | np.uint64(1)


def _mix(z: np.ndarray, spare: np.ndarray) -> np.ndarray:
    """The SplitMix64 output function, elementwise (``z`` and ``spare`` are overwritten)."""
    for shift, factor in ((_S30, _MIX1), (_S27, _MIX2), (_S31, None)):
        np.right_shift(z, shift, out=spare)
        z ^= spare
        if factor is not None:
            z *= factor
    return z


def integer_tables(accept: np.ndarray, primary: np.ndarray, alias: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The alias tables as the engine reads them: ``(threshold, target)``.

    The tables have ``m = 2^k`` columns (:func:`outcome_tables`). A square is
    held as its row, ``square * m``, and cell ``c = row + column``; a 32-bit
    word ``u`` picks the column ``u >> (32 - k)``, so each column has exactly
    ``2^(32 - k)`` words. ``threshold[c]`` is ``column * 2^(32 - k) +
    floor(accept * 2^(32 - k))``, and the turn takes the primary outcome,
    ``target[2 c + 1]``, when ``u`` is below it (its low ``32 - k`` bits are
    below ``floor(accept * 2^(32 - k))``), the alias ``target[2 c]``
    otherwise; targets are rows. Each outcome's chance is then its exact one
    to within ``m / 2^32`` (the thresholds' rounding). A cell that always
    takes its primary outcome gets that outcome as its alias too, and the
    least threshold of its column, so every threshold is below ``2^32``.

    Examples
    --------
    >>> threshold, target = integer_tables(np.array([[1.0, 0.5]]), np.array([[0, 1]]), np.array([[0, 0]]))
    >>> threshold.tolist(), target.tolist()  # column 1 starts at 2^31
    ([0, 3221225472], [0, 0, 0, 2])
    """
    m = accept.shape[1]
    k = m.bit_length() - 1
    if m != 1 << k:
        raise LimitsError(f"alias tables need a power-of-two number of columns, not {m}")
    threshold = np.floor(accept.ravel() * 2.0 ** (32 - k)).astype(np.uint64)
    always = threshold >= np.uint64(1 << (32 - k))
    threshold[always] = 0
    threshold += (np.arange(threshold.size, dtype=np.uint64) & np.uint64(m - 1)) << np.uint64(32 - k)
    first = primary.ravel().astype(np.int64) * m
    second = np.where(always, first, alias.ravel().astype(np.int64) * m)
    return threshold, np.stack([second, first], axis=1).ravel()


BLOCK = 1 << 15
"""Games the numpy engine moves together: its arrays then stay in the processor's cache."""


def _numpy_chunk(keys: np.ndarray, first: int, games: int, start: int, threshold: np.ndarray, target: np.ndarray,
                 m: int, goal: int, max_turns: int, stop: np.ndarray) -> tuple[np.ndarray, int, int]:
    """``(counts, unfinished, played)`` of ``games`` games of the chunk with these :func:`game_streams` keys,
    from game ``first`` on: ``counts[t]`` games ended after t turns. Stops between turns when ``stop[0]`` is
    set.

    ``start`` and ``goal`` are square indices; the tables are :func:`integer_tables`' with ``m`` columns. The
    games are played :data:`BLOCK` at a time, each block turn by turn.
    """
    if start == goal:
        return np.array([games], dtype=np.int64), 0, games
    ended: list[tuple[int, int]] = []
    unfinished = played = 0
    for low in range(first, first + games, BLOCK):
        size = min(BLOCK, first + games - low)
        state, step = game_streams(keys, low, size)
        lost, running = _numpy_block(state, step, start * m, threshold, target, m, goal * m, max_turns, stop,
                                     ended)
        if running:  # stopped: the games still running are not played
            return _counts(ended), unfinished, played + size - running
        unfinished += lost
        played += size
    return _counts(ended), unfinished, played


def _counts(ended: list[tuple[int, int]]) -> np.ndarray:
    """``counts[t]``: the games that ended after t turns, from ``(t, games)`` pairs."""
    counts = np.zeros(max((t for t, _ in ended), default=0) + 1, dtype=np.int64)
    for t, n in ended:
        counts[t] += n
    return counts


def _numpy_block(state: np.ndarray, step: np.ndarray, start: int, threshold: np.ndarray, target: np.ndarray, m: int,
                 goal: int, max_turns: int, stop: np.ndarray, ended: list[tuple[int, int]]) -> tuple[int, int]:
    """Play one block, two turns a word, appending ``(turn, games)`` for the games that finished on a turn to
    ``ended``: ``(unfinished, 0)``, or ``(0, games still running)`` when stopped.

    Positions are rows (square * m). A finished game stays on the goal, which
    it never leaves, until half the arrays are finished games: only then are
    they dropped; until then the games on the goal are counted, not marked.
    """
    shift = np.uint64(32 - (m.bit_length() - 1))
    n = state.shape[0]
    pos = np.full(n, start, dtype=np.int64)
    z, spare, word = np.empty(n, np.uint64), np.empty(n, np.uint64), np.empty(n, np.uint64)
    running, on_goal, turn = n, 0, 0
    while running and turn < max_turns:
        if stop[0]:
            return 0, running
        turn += 2
        state += step
        np.copyto(z, state)
        np.right_shift(_mix(z, spare), _S32, out=word)
        pos = _numpy_turn(pos, word, threshold, target, shift, spare)
        there = int(np.count_nonzero(pos == goal))
        if there > on_goal:
            ended.append((turn - 1, there - on_goal))
        running -= there - on_goal
        if turn - 1 >= max_turns:
            return running, 0
        z &= _LOW
        pos = _numpy_turn(pos, z, threshold, target, shift, spare)
        done = pos == goal
        on_goal, there = there, int(np.count_nonzero(done))
        if there > on_goal:
            ended.append((turn, there - on_goal))
        running -= there - on_goal
        on_goal = there
        if running < pos.size // 2:
            keep = ~done
            pos, state, step = pos[keep], state[keep], step[keep]
            z, spare, word = z[:pos.size], spare[:pos.size], word[:pos.size]
            on_goal = 0
    return running, 0


def _numpy_turn(pos: np.ndarray, word: np.ndarray, threshold: np.ndarray, target: np.ndarray, shift: np.uint64,
                spare: np.ndarray) -> np.ndarray:
    """One turn of every game from a 32-bit word each (``spare`` is overwritten): the column from the word's
    high bits, the outcome from the word against the cell's threshold."""
    np.right_shift(word, shift, out=spare)
    cell = spare.view(np.int64)
    cell += pos
    primary = word < threshold.take(cell)
    cell += cell
    cell += primary
    return target.take(cell)
