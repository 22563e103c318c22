"""A fast Monte Carlo simulator of the game, for any board, rule, die and coin policy.

Each turn is drawn from the elementary outcomes of the rules (every roll,
flip decision and coin side, from the game's turn table: :func:`limits.coin.sampling.outcome_tables`),
with Walker's alias method, so a turn costs half a random 64-bit word
whatever the die. Every game draws its words from its own SplitMix64 stream
(:func:`limits.coin.sampling.game_streams`), made from two keys drawn from
the chunk's generator and the game's number in the chunk, so what a game
does depends on its stream alone: the same seed plays the same games, bit
for bit. Games run in chunks,
each with its own generator spawned from the seed (SPEC 7), so memory stays
bounded and results do not depend on how chunks are spread over threads.
Chunks are made as they are needed: nothing is kept per chunk, so a billion
games cost no more memory than a million. The engine is vectorised numpy
(:mod:`limits.coin.sampling`): it moves :data:`~limits.coin.sampling.BLOCK`
games a turn at a time.

Stopping: the caller may pass ``should_stop``, polled while chunks run; once
it returns True the running chunks end after their current turn, and the
games played so far are returned, marked ``stopped``.
No signal is handled here (that is the shell's business).

The summary statistics are exact: a sample mean and a sample variance of
integer turn counts are rational numbers (``mean``, ``variance``); float
views are named as such (``mean_float``, ``variance_float``).
"""

from __future__ import annotations

import math
import time
from collections import deque
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable

import numpy as np

from ..checks import MAX_CHUNK, MAX_GAME_TURNS, MAX_GAMES, MAX_WORKERS, callback, instance, one_of, whole
from ..cost import shape_of
from ..cost import simulate as simulate_cost
from ..exact.known_digits import float_decimal
from ..markup.numerals import counted
from ..markup.quantities import quantity_text, sample_summary
from ..model.chain import Chain
from .sampling import _numpy_chunk, integer_tables, outcome_tables

__all__ = ["Simulation", "simulate", "outcome_tables", "ENGINES"]

ENGINES = ("auto", "numpy")


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
    requested : int
        The games asked for; fewer were played when ``stopped``.
    stopped : bool
        Whether the caller stopped the run early.
    chain, max_turns, seed
        The game played, the turns after which a game was stopped, and the seed: the answer's record.
    """

    counts: np.ndarray
    unfinished: int
    seconds: float
    engine: str
    requested: int = 0
    stopped: bool = False
    chain: Any = field(default=None, compare=False, repr=False)
    max_turns: int = 100_000
    seed: Any = None

    def __repr__(self) -> str:
        mean = float_decimal(self.mean_float, 6) if self.finished else "none finished"
        return (f"Simulation({self.games} games, {self.engine} engine: mean {mean} turns, "
                f"{self.unfinished} unfinished)")

    @property
    def games(self) -> int:
        """Games played (finished or not)."""
        return int(self.counts.sum()) + self.unfinished

    @property
    def finished(self) -> int:
        return int(self.counts.sum())

    def _sums(self) -> tuple[int, int, int]:
        pairs = list(enumerate(self.counts.tolist()))  # exact integers
        return tuple(sum(c * t**k for t, c in pairs) for k in range(3))

    @property
    def mean(self) -> Fraction | None:
        """The exact mean number of turns of the finished games; None when no game finished."""
        n, s1, _ = self._sums()
        return Fraction(s1, n) if n else None

    @property
    def variance(self) -> Fraction | None:
        """The exact sample variance (divisor n - 1) of the finished games' turns; None with fewer than two."""
        n, s1, s2 = self._sums()
        return Fraction(n * s2 - s1 * s1, n * (n - 1)) if n > 1 else None

    @property
    def mean_float(self) -> float | None:
        """:attr:`mean` rounded to float64."""
        return None if self.mean is None else float(self.mean)

    @property
    def variance_float(self) -> float | None:
        """:attr:`variance` rounded to float64."""
        return None if self.variance is None else float(self.variance)

    def ci(self, level: float = 0.95) -> tuple[float, float] | None:
        """A normal-approximation confidence interval for the mean (floats); None with fewer than two games."""
        from statistics import NormalDist

        if self.variance is None:
            return None
        z = NormalDist().inv_cdf(0.5 + level / 2)
        half = z * math.sqrt(self.variance / self.finished)
        m = float(self.mean)
        return m - half, m + half

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def _repr_html_(self) -> str:
        """Games played, and the sample mean, its 95% interval and the standard deviation to their known digits."""
        from ..markup.jupyter import DIGITS, summary_html

        s = sample_summary(self.counts, DIGITS)
        rows = [("games", f"{self.games}" + (" (stopped early)" if self.stopped else "")),
                ("unfinished", str(self.unfinished)), ("engine", self.engine)]
        if s["mean"] is not None:
            rows += [("mean turns", s["mean"]["decimal"]),
                     ("95% interval", f"[{s['ci95']['lower']}, {s['ci95']['upper']}]"),
                     ("standard deviation", s["std"]["decimal"])]
        return summary_html("A simulation", rows)

    def to_json(self, digits: int = 8, *_: Any) -> dict[str, Any]:
        """The dict of ``limits simulate``'s JSON schema (without ``schema`` and ``inputs``)."""
        rate = self.games_per_second
        return {"board": self.chain.board.name, "rule": self.chain.rule.value, "games": int(self.games),
                "finished": self.finished, "unfinished": int(self.unfinished), "max_turns": self.max_turns,
                **sample_summary(self.counts, digits),
                "games_per_second": None if math.isinf(rate) else {"decimal": float_decimal(rate, 3), "float": rate},
                "engine": self.engine, "seed": self.seed}

    def text(self, digits: int = 8, *_: Any) -> str:
        """The answer as ``limits simulate`` prints it: the games and their speed, the mean turns with its standard
        error, the 95% interval and the standard deviation, and the games still running after ``max_turns``."""
        r = self.to_json(digits)
        speed = "" if r["games_per_second"] is None else f", {Decimal(r['games_per_second']['decimal']):,} games/s"
        games = f"{counted(r['games'], 'game')} ({self.engine}{speed})"
        if r["mean"] is None:
            return f"{games}: none finished within {counted(self.max_turns, 'turn')}"
        lines = [f"{games}: mean {quantity_text(r['mean'], True)} turns (standard error "
                 f"{r['mean']['standard_error']}), 95% interval [{r['ci95']['lower']}, {r['ci95']['upper']}], "
                 f"std {r['std']['decimal']}"]
        if r["unfinished"]:
            lines.append(f"{counted(r['unfinished'], 'game')} still running after {counted(self.max_turns, 'turn')}; "
                         "the mean is over the finished games only")
        return "\n".join(lines)

    def histogram(self, bins: int = 20) -> tuple[np.ndarray, np.ndarray]:
        """``(counts, edges)`` of the turn counts in ``bins`` equal bins."""
        t = np.arange(len(self.counts))
        return np.histogram(t, bins=bins, weights=self.counts)


def _check_seed(seed: Any) -> Any:
    if seed is None or isinstance(seed, (np.random.SeedSequence, np.random.Generator)):
        return seed
    return whole(seed, "a seed", 0)


def _check_counts(games: Any, max_turns: Any, chunk: Any, workers: Any) -> None:
    for name, value, limit, what in (("games", games, MAX_GAMES, "MAX_GAMES"),
                                     ("max_turns", max_turns, MAX_GAME_TURNS, "MAX_GAME_TURNS"),
                                     ("chunk", chunk, MAX_CHUNK, "MAX_CHUNK"),
                                     ("workers", workers, MAX_WORKERS, "MAX_WORKERS")):
        whole(value, name, 1, limit, limit=what)


def simulate(chain: Chain, games: int = 100_000, *, seed: Any = None, max_turns: int = 100_000,
             chunk: int = 1 << 18, workers: int = 2, engine: str = "auto",
             progress: Callable[[int, int], None] | None = None,
             should_stop: Callable[[], bool] | None = None) -> Simulation:
    """Simulate ``games`` games of ``chain`` (its board, die, rule and start, and its coin policy if it has one) and
    count their turns.

    Parameters
    ----------
    chain : Chain
    games : int
        1..:data:`~limits.checks.MAX_GAMES`.
    seed : int >= 0, SeedSequence or Generator, optional
        Passed to ``numpy.random.default_rng``; chunks use generators spawned from it.
    max_turns : int
        Games still running after this many turns are counted as unfinished
        (1..:data:`~limits.checks.MAX_GAME_TURNS`).
    chunk : int
        Games per chunk: memory is bounded by the chunk, not by ``games``.
    workers : int
        Threads that play the chunks (the games do not depend on them).
    engine : {"auto", "numpy"}
        Both name the vectorised numpy engine.
    progress : callable, optional
        Called as ``progress(games_done, games)`` after each chunk.
    should_stop : callable, optional
        Polled while the chunks run (about ten times a second); once it returns
        True the run ends promptly and the games played so far are returned,
        with ``stopped=True``.

    Raises
    ------
    LimitsError
        For a count below 1, a negative or malformed seed, an unknown engine,
        or a die with symbols.
    TooLargeError
        Past :data:`~limits.checks.MAX_GAMES`, :data:`~limits.checks.MAX_GAME_TURNS`, :data:`~limits.checks.MAX_CHUNK` or :data:`~limits.checks.MAX_WORKERS`.

    Examples
    --------
    >>> from limits import build_chain
    >>> sim = simulate(build_chain(), 20_000, seed=1, engine="numpy")
    >>> sim.games, 38 < sim.mean < 41, type(sim.mean).__name__
    (20000, True, 'Fraction')
    >>> simulate(build_chain(), 100, seed=1, max_turns=5).mean is None  # no game ends within 5 turns
    True
    """
    instance(chain, Chain, "the chain")
    callback(progress, "progress"), callback(should_stop, "should_stop")
    _check_counts(games, max_turns, chunk, workers)
    games, max_turns, chunk, workers = int(games), int(max_turns), int(chunk), int(workers)
    simulate_cost(shape_of(chain.board, chain.die), games, max_turns, workers).check()
    seed = _check_seed(seed)
    one_of(engine, ENGINES, "engine")
    states, accept, primary, alias = outcome_tables(chain)
    goal = len(states)
    entry = chain.entry(chain.start)
    first = goal if entry == chain.goal else chain.index[entry]
    root = np.random.default_rng(seed)
    stop = np.zeros(1, dtype=np.uint8)

    tables = integer_tables(accept, primary, alias)
    m = accept.shape[1]

    def run(rng: np.random.Generator, size: int) -> tuple[np.ndarray, int, int]:
        return _numpy_chunk(rng.bit_generator.random_raw(2), 0, size, first, *tables, m, goal, max_turns, stop)

    counts = np.zeros(1, dtype=np.int64)
    unfinished = done = 0
    began = time.perf_counter()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        pending: deque[Future] = deque()
        left = games
        while left or pending:
            while left and len(pending) < 2 * workers and not stop[0]:
                size = min(chunk, left)
                pending.append(pool.submit(run, root.spawn(1)[0], size))
                left -= size
            if not stop[0] and should_stop is not None:
                wait([pending[0]], timeout=0.1, return_when=FIRST_COMPLETED)
                if should_stop():
                    stop[0] = 1
                    left = 0
                if not pending[0].done():
                    continue
            found, lost, played = pending.popleft().result()
            if found.size > counts.size:
                found, counts = counts, found
            counts[:found.size] += found
            unfinished += lost
            done += played
            if progress is not None:
                progress(done, games)
    seconds = time.perf_counter() - began
    last = int(np.nonzero(counts)[0][-1]) + 1 if counts.any() else 1
    return Simulation(counts[:last].copy(), unfinished, seconds, "numpy", games,
                      bool(stop[0]), chain, max_turns, seed)
