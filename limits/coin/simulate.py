"""A fast Monte Carlo simulator of the game, for any board, rule, die and coin policy.

Each turn is drawn from the elementary outcomes of the rules (every roll,
flip decision and coin side, as built by :func:`limits.coin.turn_outcomes`),
with Walker's alias method, so a turn costs one uniform number whatever the
die. Games run in chunks, each with its own generator spawned from the seed
(SPEC 7), so memory stays bounded and results do not depend on how chunks
are spread over threads. Two engines: a compiled per-game loop (numba, the
``fast`` extra) run on threads, and a vectorised numpy fallback.
"""

from __future__ import annotations

import math
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

import numpy as np

from ..errors import LimitsError
from ..model.board import Board, standard
from ..model.chain import check_reachable
from ..model.die import Die, fair
from ..model.rules import Rule, as_rule
from .rule import Policy, check_coin, turn_outcomes

__all__ = ["Simulation", "simulate", "outcome_tables", "ENGINES"]

ENGINES = ("auto", "numba", "numpy")


@dataclass(frozen=True)
class Simulation:
    """Turn counts of simulated games and their summary.

    Attributes
    ----------
    counts : ndarray
        ``counts[t]`` games ended after exactly t turns.
    unfinished : int
        Games still running after ``max_turns`` (not in ``counts``).
    seconds : float
    engine : str
    """

    counts: np.ndarray
    unfinished: int
    seconds: float
    engine: str

    @property
    def games(self) -> int:
        return int(self.counts.sum()) + self.unfinished

    @property
    def finished(self) -> int:
        return int(self.counts.sum())

    @property
    def mean(self) -> float:
        """Mean turns of the finished games."""
        t = np.arange(len(self.counts))
        return float((t * self.counts).sum() / self.finished)

    @property
    def variance(self) -> float:
        """Sample variance of the finished games' turns."""
        t = np.arange(len(self.counts), dtype=float)
        m = self.mean
        return float((self.counts * (t - m) ** 2).sum() / max(self.finished - 1, 1))

    def ci(self, level: float = 0.95) -> tuple[float, float]:
        """A normal-approximation confidence interval for the mean."""
        from statistics import NormalDist

        z = NormalDist().inv_cdf(0.5 + level / 2)
        half = z * math.sqrt(self.variance / self.finished)
        return self.mean - half, self.mean + half

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def histogram(self, bins: int = 20) -> tuple[np.ndarray, np.ndarray]:
        """``(counts, edges)`` of the turn counts in ``bins`` equal bins."""
        t = np.arange(len(self.counts))
        return np.histogram(t, bins=bins, weights=self.counts)


def outcome_tables(board: Board, die: Die, rule: Rule, policy: Policy | None, coin: Fraction
                   ) -> tuple[list[int], np.ndarray, np.ndarray, np.ndarray]:
    """Alias tables over each square's elementary outcomes.

    Returns ``(states, accept, primary, alias)``: squares in index order (the
    goal is index ``len(states)``, absorbing), and ``(n + 1, m)`` tables.
    """
    states = list(board.squares)
    index = {s: i for i, s in enumerate(states)}
    goal = len(states)
    index[board.size] = goal
    rows: list[list[tuple[float, int]]] = []
    for s in states:
        row: list[tuple[Fraction, int]] = []
        for face, p in die.rolls():
            out = turn_outcomes(board, rule, s, face)
            q = Fraction(0) if policy is None or out.landing is None else Fraction(policy(s, out.landing))
            for prob, target in ((p * (1 - q), out.no_flip), (p * q * coin, out.heads),
                                 (p * q * (1 - coin), out.tails)):
                if prob:
                    row.append((prob, index[target]))
        rows.append([(float(pr), t) for pr, t in row])
    rows.append([(1.0, goal)])
    m = max(len(r) for r in rows)
    accept = np.ones((goal + 1, m))
    primary = np.zeros((goal + 1, m), dtype=np.int64)
    alias = np.zeros((goal + 1, m), dtype=np.int64)
    for i, row in enumerate(rows):
        _vose(row, m, accept[i], primary[i], alias[i])
    return states, accept, primary, alias


def _vose(row: list[tuple[float, int]], m: int, accept: np.ndarray, primary: np.ndarray, alias: np.ndarray) -> None:
    """Walker/Vose alias table of one distribution, padded to m columns."""
    probs = [p for p, _ in row] + [0.0] * (m - len(row))
    targets = [t for _, t in row] + [row[0][1]] * (m - len(row))
    total = sum(probs)
    scaled = [p * m / total for p in probs]
    small = [i for i, x in enumerate(scaled) if x < 1.0]
    large = [i for i, x in enumerate(scaled) if x >= 1.0]
    for i in range(m):
        primary[i] = targets[i]
        alias[i] = targets[i]
    while small and large:
        s, g = small.pop(), large.pop()
        accept[s] = scaled[s]
        alias[s] = targets[g]
        scaled[g] -= 1.0 - scaled[s]
        (small if scaled[g] < 1.0 else large).append(g)
    for i in small + large:
        accept[i] = 1.0


def _numpy_chunk(rng: np.random.Generator, games: int, start: int, accept: np.ndarray, primary: np.ndarray,
                 alias: np.ndarray, goal: int, max_turns: int) -> tuple[np.ndarray, int]:
    m = accept.shape[1]
    acc, pri, ali = accept.ravel(), primary.ravel(), alias.ravel()
    pos = np.full(games, start, dtype=np.int64)
    counts = np.zeros(max_turns + 1, dtype=np.int64)
    if start == goal:
        counts[0] = games
        return counts, 0
    turn = 0
    while pos.size and turn < max_turns:
        turn += 1
        x = rng.random(pos.size) * m
        k = x.astype(np.int64)
        cell = pos * m + k
        pos = np.where(x - k < acc[cell], pri[cell], ali[cell])
        done = pos == goal
        n_done = int(done.sum())
        if n_done:
            counts[turn] += n_done
            pos = pos[~done]
    return counts, int(pos.size)


_NUMBA_KERNEL: Any = None


def _numba_kernel() -> Any:
    global _NUMBA_KERNEL
    if _NUMBA_KERNEL is None:
        from numba import njit

        @njit(nogil=True, cache=True)
        def kernel(rng, games, start, accept, primary, alias, goal, max_turns, counts):  # pragma: no cover
            m = accept.shape[1]
            unfinished = 0
            for _ in range(games):
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
                if pos == goal:
                    counts[turn] += 1
                else:
                    unfinished += 1
            return unfinished

        _NUMBA_KERNEL = kernel
    return _NUMBA_KERNEL


def _have_numba() -> bool:
    try:
        import numba  # noqa: F401  (only whether it is there)
    except ImportError:
        return False
    return True


def simulate(board: Board | None = None, die: Die | None = None, *, games: int = 100_000, seed: Any = None,
             rule: Rule | str = Rule.STAY, policy: Policy | None = None, coin: Any = Fraction(1, 2),
             start: int = 0, max_turns: int = 100_000, chunk: int = 1 << 18, workers: int = 2,
             engine: str = "auto", progress: Callable[[int, int], None] | None = None) -> Simulation:
    """Simulate ``games`` games and count their turns.

    Parameters
    ----------
    seed : int, SeedSequence or Generator, optional
        Passed to ``numpy.random.default_rng``; chunks use generators spawned from it.
    policy : callable, optional
        ``policy(start, landing)`` gives the probability of flipping the coin;
        None plays without the coin.
    max_turns : int
        Games still running after this many turns are counted as unfinished.
    chunk : int
        Games per chunk: memory is bounded by the chunk, not by ``games``.
    workers : int
        Threads for the compiled engine.
    engine : {"auto", "numba", "numpy"}
    progress : callable, optional
        Called as ``progress(games_done, games)`` after each chunk.

    Examples
    --------
    >>> sim = simulate(games=20_000, seed=1, engine="numpy")
    >>> sim.games, 38 < sim.mean < 41
    (20000, True)
    """
    board = standard() if board is None else board
    die = fair() if die is None else die
    rule = as_rule(rule)
    h = check_coin(coin)
    for name, value, low in (("games", games, 1), ("max_turns", max_turns, 1), ("chunk", chunk, 1),
                             ("workers", workers, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise LimitsError(f"{name} must be a whole number >= {low}, not {value!r}")
    if engine not in ENGINES:
        raise LimitsError(f"unknown engine {engine!r} (one of {', '.join(ENGINES)})")
    if die.is_symbolic:
        raise LimitsError("simulation needs a numeric die")
    check_reachable(board, die.faces, rule)
    use_numba = engine == "numba" or (engine == "auto" and _have_numba())
    if engine == "numba" and not _have_numba():
        raise LimitsError("the numba engine needs the 'fast' extra (pip install numba)")
    states, accept, primary, alias = outcome_tables(board, die, rule, policy, h)
    goal = len(states)
    entry = board.land(start) if 0 <= start <= board.size else None
    if entry is None or isinstance(start, bool):
        raise LimitsError(f"the start square must be one of 0..{board.size}, not {start!r}")
    first = goal if entry == board.size else states.index(entry)
    sizes = [chunk] * (games // chunk) + ([games % chunk] if games % chunk else [])
    rngs = np.random.default_rng(seed).spawn(len(sizes))
    counts = np.zeros(max_turns + 1, dtype=np.int64)
    unfinished = 0
    done = 0
    began = time.perf_counter()

    def run(i: int) -> tuple[np.ndarray, int]:
        if use_numba:
            local = np.zeros(max_turns + 1, dtype=np.int64)
            left = _numba_kernel()(rngs[i], sizes[i], first, accept, primary, alias, goal, max_turns, local)
            return local, int(left)
        return _numpy_chunk(rngs[i], sizes[i], first, accept, primary, alias, goal, max_turns)

    if use_numba:
        _numba_kernel()(np.random.default_rng(0), 1, first, accept, primary, alias, goal, 1,
                        np.zeros(2, dtype=np.int64))  # compile before the clock matters
        began = time.perf_counter()
    with ThreadPoolExecutor(max_workers=workers if use_numba else 1) as pool:
        for i, (c, left) in enumerate(pool.map(run, range(len(sizes)))):
            counts += c
            unfinished += left
            done += sizes[i]
            if progress is not None:
                progress(done, games)
    seconds = time.perf_counter() - began
    last = int(np.nonzero(counts)[0][-1]) + 1 if counts.any() else 1
    return Simulation(counts[:last].copy(), unfinished, seconds, "numba" if use_numba else "numpy")
