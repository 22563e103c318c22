"""Sampling turns: Walker alias tables over a square's elementary outcomes, and the numpy engine.

:func:`outcome_tables` lists every elementary outcome of a turn (each roll,
flip decision and coin side) with its probability, as alias tables of a
power-of-two width ``m = 2^k``; :func:`integer_tables` gives them the integer
form the engines read, so a turn costs one random 32-bit word (half of a
64-bit one) and no multiplication: its ``k`` high bits pick the column, its
other bits decide between the column's two outcomes. Every game has its own
random stream (:func:`game_streams`), so a game's turns do not depend on
which games are played beside it or in what order. Two engines play a chunk
of games: the vectorised numpy loop here (:data:`BLOCK` games a turn at a
time) and the compiled one of :mod:`limits.coin.compiled`. Both play the
same games, record each finished game's number of turns (so nothing grows
with ``max_turns``) and stop early when a shared flag is set: numpy between
turns, numba between games.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ..errors import LimitsError, shown
from ..model.board import Board
from ..model.die import Die, as_probability
from ..model.rules import Rule, as_rule
from .rule import Policy, turn_outcomes

__all__ = ["outcome_tables", "integer_tables", "game_streams", "BLOCK"]


def outcome_tables(board: Board, die: Die, rule: Rule | str, policy: Policy | None, coin: Fraction
                   ) -> tuple[list[int], np.ndarray, np.ndarray, np.ndarray]:
    """Alias tables over each square's elementary outcomes.

    Returns ``(states, accept, primary, alias)``: squares in index order (the
    goal is index ``len(states)``, absorbing), and ``(n + 1, m)`` tables; ``m``
    is the least power of two that holds the most outcomes of a square (the
    columns past a square's outcomes have probability 0, so the engines pick
    a column with a shift instead of a multiplication).

    Examples
    --------
    >>> from limits import fair, standard
    >>> states, accept, primary, alias = outcome_tables(standard(), fair(), "stay", None, Fraction(1, 2))
    >>> len(states), accept.shape  # 81 squares where a turn can end, and the goal; six rolls in eight columns
    (81, (82, 8))
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
_S27, _S30, _S31, _S32 = np.uint64(27), np.uint64(30), np.uint64(31), np.uint64(32)
_LOW = np.uint64(0xFFFFFFFF)


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

    The tables have ``m = 2^k`` columns (:func:`outcome_tables`). A square is
    held as its row, ``square * m``, and cell ``c = row + column``.
    ``threshold[c]`` is ``floor(accept * 2^(32 - k))``; ``target[2 c + 1]``
    is the row of the primary outcome, ``target[2 c]`` that of the alias. A
    turn from a 32-bit word ``u``: the column is ``u >> (32 - k)`` and the
    primary outcome is taken when the low ``32 - k`` bits of ``u`` are below
    the threshold. Each column then has exactly ``2^(32 - k)`` words, and each
    outcome's chance is its exact one to within ``m / 2^32`` (the thresholds'
    rounding). A cell that always takes its primary outcome gets that outcome
    as its alias too and threshold 0, so every threshold is below ``2^32``.

    Examples
    --------
    >>> threshold, target = integer_tables(np.array([[1.0, 0.5]]), np.array([[0, 1]]), np.array([[0, 0]]))
    >>> threshold.tolist(), target.tolist()
    ([0, 1073741824], [0, 0, 0, 2])
    """
    m = accept.shape[1]
    k = m.bit_length() - 1
    if m != 1 << k:
        raise LimitsError(f"alias tables need a power-of-two number of columns, not {m}")
    threshold = np.floor(accept.ravel() * 2.0 ** (32 - k)).astype(np.uint64)
    always = threshold >= np.uint64(1 << (32 - k))
    threshold[always] = 0
    first = primary.ravel().astype(np.int64) * m
    second = np.where(always, first, alias.ravel().astype(np.int64) * m)
    return threshold, np.stack([second, first], axis=1).ravel()


BLOCK = 1 << 14
"""Games the numpy engine moves together: its arrays then stay in the processor's cache."""


def _numpy_chunk(rng: np.random.Generator, games: int, start: int, threshold: np.ndarray, target: np.ndarray,
                 m: int, goal: int, max_turns: int, stop: np.ndarray) -> tuple[np.ndarray, int, int]:
    """``(turns of the finished games, unfinished, played)``; stops between turns when ``stop[0]`` is set.

    ``start`` and ``goal`` are square indices; the tables are :func:`integer_tables`' with ``m`` columns. The
    games are played :data:`BLOCK` at a time, each block turn by turn.
    """
    state, step = game_streams(rng, games)
    if start == goal:
        return np.zeros(games, dtype=np.int64), 0, games
    ended: list[np.ndarray] = []
    unfinished = played = 0
    for first in range(0, games, BLOCK):
        lost, running = _numpy_block(state[first:first + BLOCK].copy(), step[first:first + BLOCK], start * m,
                                     threshold, target, m, goal * m, max_turns, stop, ended)
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

    Positions are rows (square * m). A finished game stays on the goal, which
    it never leaves, until half the arrays are finished games: only then are
    they dropped.
    """
    shift = np.uint64(32 - (m.bit_length() - 1))
    rest = (np.uint64(1) << shift) - np.uint64(1)
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
        first = _numpy_turn(pos, z >> _S32, threshold, target, shift, rest)
        early = _record(ended, (first == goal) & (pos != goal), turn - 1)
        if turn - 1 >= max_turns:
            return running - early, 0
        z &= _LOW
        pos = _numpy_turn(first, z, threshold, target, shift, rest)
        done = pos == goal
        running -= early + _record(ended, done & (first != goal), turn)
        if running < pos.size // 2:
            keep = ~done
            pos, state, step = pos[keep], state[keep], step[keep]
    return running, 0


def _numpy_turn(pos: np.ndarray, word: np.ndarray, threshold: np.ndarray, target: np.ndarray, shift: np.uint64,
                rest: np.uint64) -> np.ndarray:
    """One turn of every game from a 32-bit word each: the column from the word's high bits, the outcome from
    the rest."""
    cell = (word >> shift).view(np.int64)
    cell += pos
    word &= rest
    primary = word < threshold[cell]
    cell += cell
    cell += primary
    return target[cell]


def _record(ended: list[np.ndarray], done: np.ndarray, turn: int) -> int:
    """Append the turn of the games that finished on it; their number."""
    n = int(np.count_nonzero(done))
    if n:
        ended.append(np.full(n, turn, dtype=np.int64))
    return n


def _have_numba() -> bool:
    try:
        import numba  # noqa: F401  (only whether it is there)
    except ImportError:
        return False
    return True
