"""Sampling turns: Walker alias tables over a square's elementary outcomes, and the engines that play chunks.

:func:`outcome_tables` lists every elementary outcome of a turn (each roll,
flip decision and coin side) with its probability, as alias tables, so a
turn costs one uniform number. Two engines play a chunk of games from such
tables: a vectorised numpy loop over the games (one step per turn) and a
compiled per-game loop (numba). Both record each finished game's number of
turns (so nothing grows with ``max_turns``) and stop early when a shared flag
is set: numpy between turns, numba between games.
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

__all__ = ["outcome_tables"]


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


def _numpy_chunk(rng: np.random.Generator, games: int, start: int, accept: np.ndarray, primary: np.ndarray,
                 alias: np.ndarray, goal: int, max_turns: int, stop: np.ndarray) -> tuple[np.ndarray, int, int]:
    """``(turns of the finished games, unfinished, played)``; stops between turns when ``stop[0]`` is set."""
    if start == goal:
        return np.zeros(games, dtype=np.int64), 0, games
    m = accept.shape[1]
    acc, pri, ali = accept.ravel(), primary.ravel(), alias.ravel()
    pos = np.full(games, start, dtype=np.int64)
    ended = []
    turn = 0
    while pos.size and turn < max_turns:
        if stop[0]:
            return np.concatenate(ended) if ended else np.zeros(0, dtype=np.int64), 0, games - pos.size
        turn += 1
        x = rng.random(pos.size) * m
        k = x.astype(np.int64)
        cell = pos * m + k
        pos = np.where(x - k < acc[cell], pri[cell], ali[cell])
        done = pos == goal
        n_done = int(done.sum())
        if n_done:
            ended.append(np.full(n_done, turn, dtype=np.int64))
            pos = pos[~done]
    turns = np.concatenate(ended) if ended else np.zeros(0, dtype=np.int64)
    return turns, int(pos.size), games


_NUMBA_KERNEL: Any = None


def _numba_kernel() -> Any:
    global _NUMBA_KERNEL
    if _NUMBA_KERNEL is None:
        from numba import njit

        @njit(nogil=True, cache=True)
        def kernel(rng, games, start, accept, primary, alias, goal, max_turns, turns, stop):  # pragma: no cover
            m = accept.shape[1]
            for g in range(games):
                if stop[0]:
                    return g
                pos = start
                turn = 0
                while pos != goal and turn < max_turns:
                    x = rng.random() * m
                    k = int(x)
                    if x - k < accept[pos, k]:
                        pos = primary[pos, k]
                    else:
                        pos = alias[pos, k]
                    turn += 1
                turns[g] = turn if pos == goal else -1
            return games

        _NUMBA_KERNEL = kernel
    return _NUMBA_KERNEL


def _have_numba() -> bool:
    try:
        import numba  # noqa: F401  (only whether it is there)
    except ImportError:
        return False
    return True
