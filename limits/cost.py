"""What a command will cost, predicted before any work from the sizes of its input, and refused past a budget.

Every estimate is a short formula in numbers known at once: the squares, the
faces, the jumps' total reach (how far they carry a player, summed: the fill of
an elimination grows with it), the bits of the die's common denominator and of
its smallest probability, and the terms, digits, points or turns asked for.
Its constants were fitted to whole runs on a 2-core x86-64 machine
(docs/benchmarks.md, "Large inputs"); they err on the side of answering, and a
prediction past :data:`~limits.checks.MAX_WORK_SECONDS` of CPU time or
:data:`~limits.checks.MAX_WORK_BYTES` of memory is refused with a
:class:`~limits.errors.TooLargeError` that names the limit and the nearest
alternative (floats, fewer digits, terms or points, a smaller board).

May import: :mod:`limits.errors` and :mod:`limits.checks` only (the board and
the die are read through their attributes ``size``, ``jumps`` and
``probabilities``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .checks import MAX_FUNCTION_STATES, MAX_WORK_BYTES, MAX_WORK_SECONDS
from .errors import TooLargeError

__all__ = ["Shape", "Cost", "shape_of", "exact_moments", "float_moments", "simulate",
           "strategies", "optimal", "counts", "players", "limit", "sweep", "optimum", "race"]


@dataclass(frozen=True)
class Shape:
    """The sizes of a game that its costs are predicted from.

    Attributes
    ----------
    squares : int
        The board's size N.
    faces : int
        The die's faces.
    reach : int
        The jumps' lengths summed.
    bits : int
        Bits of the die's common denominator (0 for a symbolic die).
    """

    squares: int
    faces: int
    reach: int
    bits: int

    @property
    def fill(self) -> float:
        """The entries an exact or float elimination of ``I - T`` is expected to hold: the die's band, and a
        quarter of the jumps' reach (a jump of length L crossing the band fills in about L/4 entries; on boards
        with random long jumps this gives the N^2/60 entries measured)."""
        return self.squares * self.faces + self.reach / 4


def shape_of(board: Any, die: Any) -> Shape:
    """The :class:`Shape` of a board and a die (anything with ``size``/``jumps`` and ``probabilities``).

    Examples
    --------
    >>> from limits import standard, fair
    >>> shape_of(standard(), fair())
    Shape(squares=100, faces=6, reach=453, bits=3)
    """
    reach = sum(abs(b - a) for a, b in board.jumps)
    chances = die.probabilities
    numeric = all(isinstance(p, (int, Fraction)) for p in chances)  # symbolic: the exact engines' own limits apply
    bits = math.lcm(*(Fraction(p).denominator for p in chances)).bit_length() if numeric else 0
    return Shape(int(board.size), len(chances), reach, bits)


@dataclass(frozen=True)
class Cost:
    """A prediction of CPU seconds and bytes of memory for ``what``, with the nearest cheaper request.

    Examples
    --------
    >>> Cost("a sweep of 10 points", 0.5, 1e6, "fewer points").check() is None
    True
    >>> Cost("a sweep of 10**8 points", 5000.0, 1e6, "ask for fewer points").check()
    Traceback (most recent call last):
    ...
    limits.errors.TooLargeError: a sweep of 10**8 points would take about 83 min of CPU time (the limit MAX_WORK_SECONDS is 60 s); ask for fewer points
    """

    what: str
    seconds: float
    bytes: float
    instead: str

    def check(self) -> None:
        """Raise :class:`~limits.errors.TooLargeError` if the prediction is past either budget."""
        if self.seconds > MAX_WORK_SECONDS:
            raise TooLargeError(f"{self.what} would take about {_time(self.seconds)} of CPU time (the limit "
                                f"MAX_WORK_SECONDS is {MAX_WORK_SECONDS} s); {self.instead}")
        if self.bytes > MAX_WORK_BYTES:
            raise TooLargeError(f"{self.what} would need about {round(self.bytes / 2**30)} GiB of memory (the limit "
                                f"MAX_WORK_BYTES is {MAX_WORK_BYTES >> 30} GiB); {self.instead}")


def _time(seconds: float) -> str:
    for unit, size, below in (("s", 1, 120), ("min", 60, 5400), ("h", 3600, 3 * 86400), ("days", 86400, 3 * 365 * 86400)):
        if seconds < below:
            return f"{round(seconds / size)} {unit}"
    return f"{round(seconds / (365 * 86400)):,} years"


# ---- the constants: seconds (or bytes) per unit of work, fitted on the reference machine -------------------
_LIFT = 1.5e-10
"""Seconds per p-adic lifting step per entry of the factors, the steps growing as squares times bits: exact
``duration`` on 10,000 squares with 2,000 random jumps, 15-21 s."""
_RECONSTRUCT = 1.5e-8
"""Seconds per squares^2 times bits per vector: writing every square's exact value (numerators of ~N digits);
exact ``duration`` on 10,000 squares with short jumps, 12.7 s."""
_EXACT_BYTES = 2.5
"""Bytes per squares^2 times bits held by an exact vector and its p-adic digits (616 MB at 10,000 squares)."""
_FLOAT_ENTRY = 3e-6
"""Seconds per entry of ``I - T`` for the float moments (the board read, the preconditioned BiCGSTAB, the
refinement, the proven bounds): 30 s on a million squares with 100,000 random jumps, 57 s on 2^21 squares with
200,000."""
_FLOAT_BYTES = 600.0
"""Bytes per square of the float moments beside 64 per entry (2.3 GB on 2^21 squares)."""
_SIMULATE_MOVE = 1.5e-5
"""Seconds per move (squares times faces) to build the simulator's tables: 88 s on a million squares."""
_COUNTS = 2.5e-10
"""``stats``: seconds per squares^4 times bits^1.55, fitted to the paper's board with dice of 69, 136 and 333 bits
(15, 44 and 168 s), a random board of 50 squares (202 bits, 6 s) and one of 22 (667 bits, 0.8 s), and a fifth
added: the work grows with the squares far faster than their square (an n^2 model refused the 22-square board at
64 s)."""
_PLAYERS = 5.7e-6
"""``players``: seconds per squares^2 times bits^1.5 (12.7 s for two players with a die of 36 bits)."""
_PLAYERS_DIGITS = 1.9e-10
"""``players --digits D``: seconds per squares^2 times (D + 10)^2.5, the rounds of the certified sums and their
bits growing with D: on the paper's board 3.4 s at 300 digits, 17 s at 600, 63 s at 1000; 5.6 s at 150 digits on a
random board of 300 squares."""
_RACE = 2e-7
"""``race`` with ``win``: seconds per state of the pair times rolls times the slowest expected turns
(:attr:`limits.race.moves.SeatMoves.slowest`), the Bellman rounds of the float search growing with it: on a
30-square board, dice of 200, 300 and 400 faces took 14, 27 and 41 s (predicted 12, 28, 49); on the paper's board a
die loaded to 0.99 and 0.995 on a face 10 and 20 s (predicted 11, 21), the table of 19 races with win 9 s with a
fair die, 15 s loaded to 0.9 (predicted 12, 20)."""
_LIMIT = 3e-6
"""``limit``: seconds per state times terms^2.2 times (1 + faces / 40): 1.1 s for 40 terms and 4.9 s for 80 on
the paper's board, 3.6 s for 40 terms with 100 faces, 4.7 s with 1,000."""
_LIMIT_BITS = 1.2e-11
"""``limit``, ``derive`` and ``explore`` of a family whose die at eps = 0 has long denominators (``--at``):
seconds per states^3 times bits^1.8 times terms^2.5, each term an exact solve whose right-hand side grows by
the bits of a determinant. Fitted to ``limit --at weighted:6:1e-K --toward fair`` on the paper's board (81
states; K = 100, 200, 300: 8.8, 25.5 and 55 s, 2 and 8 terms 1.9 and 44 s) and on random boards of 32, 50, 110
and 140 states (1.4 to 42 s), and to ``explore`` with that family (K = 400: 85 s)."""
_FUNCTION = 1.5e-7
"""Seconds per state^3 times (1 + faces / 25, at most 100 faces) to build sigma as a rational function and
start a sweep or an optimum: 0.1 s a face on the paper's board, 0.5 s with 100 faces or more."""
_POINT = 5e-6
"""Seconds per state to evaluate that function exactly at one point of a sweep."""
_OPTIMUM_BASE = 6e-3
"""Seconds per state to find and certify an optimum, whatever the digits."""
_OPTIMUM = 8e-8
"""Seconds per state times digits^2 of a certified optimum."""


def _b(shape: Shape, extra: int = 0) -> int:
    return max(shape.bits, 1) + extra


def exact_moments(shape: Shape, *, solves: int = 1, vectors: int = 2, extra_bits: int = 0,
                  what: str = "", instead: str = "") -> Cost:
    """Exact mean and variance from every square (``vectors`` whole vectors) or ``solves`` single entries.

    Examples
    --------
    >>> exact_moments(Shape(40_000, 6, 40_000 * 800, 3)).check()
    Traceback (most recent call last):
    ...
    limits.errors.TooLargeError: exact moments on 40000 squares would take about 7 min of CPU time (the limit MAX_WORK_SECONDS is 60 s); --float answers in floats with proven digits
    """
    n, b = shape.squares, _b(shape, extra_bits)
    seconds = _LIFT * n * b * shape.fill * max(solves, vectors) + _RECONSTRUCT * n * n * b * vectors
    return Cost(what or f"exact moments on {n} squares", seconds, _EXACT_BYTES * n * n * b + 16 * shape.fill,
                instead or "--float answers in floats with proven digits")


def float_moments(shape: Shape) -> Cost:
    """Float mean and variance with proven bounds (BiCGSTAB on ``I - T``, its residual bounds).

    Examples
    --------
    >>> float_moments(Shape(1_000_000, 6, 10**6 * 10**5 // 3, 3)).check() is None
    True
    """
    n = shape.squares
    entries = n * (shape.faces + 2)
    return Cost(f"float moments on {n} squares", _FLOAT_ENTRY * entries, _FLOAT_BYTES * n + 64 * entries,
                "a smaller board")


def simulate(shape: Shape, games: int, max_turns: int, workers: int = 1) -> Cost:
    """Monte Carlo games: the tables of every move, which are built before the first game.

    The games themselves are not counted against the budget: they stream
    in chunks, a run can be stopped at any moment with the games played so
    far, and :data:`~limits.checks.MAX_GAMES` bounds them (``games``,
    ``max_turns`` and ``workers`` are kept for the message).
    """
    n = shape.squares
    seconds = _SIMULATE_MOVE * n * shape.faces
    return Cost(f"the tables of {games} simulated games on {n} squares", seconds, 64 * n * shape.faces,
                "ask for a smaller board or a die with fewer faces")


def strategies(shape: Shape) -> Cost:
    """The exact expected length of the nine strategies (-1..6 and the board without chutes): nine entries of
    exact solves whose rows have the die's denominator times 4 (the coin and the flip)."""
    return exact_moments(shape, solves=3, vectors=0, extra_bits=2,
                         what=f"the exact strategies on {shape.squares} squares", instead="a smaller board")


def optimal(shape: Shape) -> Cost:
    """The best policy: float rounds, then one exact evaluation from every square."""
    return exact_moments(shape, solves=1, vectors=1, extra_bits=2,
                         what=f"the exact optimal policy on {shape.squares} squares", instead="a smaller board")


def counts(shape: Shape) -> Cost:
    """``stats``: the moments and laws of seven counts, exact solves whose entries carry the die's bits."""
    n, b = shape.squares, _b(shape)
    seconds = _COUNTS * n ** 4 * b ** 1.55
    return Cost(f"the counts of a game on {n} squares with a die of {b}-bit denominator", seconds,
                _EXACT_BYTES * n * n * b, "a die with fewer digits, or a smaller board")


def players(shape: Shape, digits: int = 12) -> Cost:
    """``players`` (and ``duration --players``): exact survival rounds and certified sums to ``digits`` digits,
    with entries of the die's bits.

    Examples
    --------
    >>> players(Shape(100, 6, 453, 3), 300).check() is None
    True
    >>> players(Shape(100, 6, 453, 3), 1000).check()
    Traceback (most recent call last):
    ...
    limits.errors.TooLargeError: a game of several players on 100 squares with a die of 3-bit denominator to 1000 digits would take about 62 s of CPU time (the limit MAX_WORK_SECONDS is 60 s); ask for fewer digits (--digits), a die with fewer digits, or a smaller board
    """
    n, b = shape.squares, _b(shape)
    seconds = _PLAYERS * n * n * b ** 1.5 + _PLAYERS_DIGITS * n * n * (digits + 10) ** 2.5
    return Cost(f"a game of several players on {n} squares with a die of {b}-bit denominator to {digits} digits",
                seconds, _EXACT_BYTES * n * n * b, "ask for fewer digits (--digits), a die with fewer digits, or a "
                "smaller board")


def race(states: int, rolls: int, turns: float, races: int = 1) -> Cost:
    """``races`` races with ``win`` on ``states`` states of both positions, with ``rolls`` faces that can come up
    and a player who may take ``turns`` turns on average (:attr:`limits.race.moves.SeatMoves.slowest`).

    Examples
    --------
    >>> race(1152, 1000, 1333.3).check()
    Traceback (most recent call last):
    ...
    limits.errors.TooLargeError: a race with win on 1152 states with 1000 rolls, 1333 turns a game at worst would take about 5 min of CPU time (the limit MAX_WORK_SECONDS is 60 s); ask for a die with fewer faces, a board where games end sooner, or two fixed policies
    """
    seconds = _RACE * states * rolls * turns * races
    many = f"{races} races" if races > 1 else "a race"
    return Cost(f"{many} with win on {states} states with {rolls} rolls, {round(turns)} turns a game at worst",
                seconds, 0, "ask for a die with fewer faces, a board where games end sooner, or two fixed policies")


def limit(states: int, faces: int, terms: int, bits: int = 0) -> Cost:
    """``limit``, ``derive`` and ``explore``: the family's hierarchy and ``terms`` Laurent coefficients of sigma
    and the variance, each coefficient an exact solve over the states with a row per face, whose numbers grow
    with the ``bits`` of the die at eps = 0 (0 or 1 for the loaded die, a point mass).

    Examples
    --------
    >>> limit(81, 6, 4, 999).check() is None  # --at weighted:6:1e-300 on the paper's board: 55 s
    True
    >>> limit(81, 6, 4, 1331).check()
    Traceback (most recent call last):
    ...
    limits.errors.TooLargeError: 4 terms of the limit with a 6-faced die of 1331-bit denominator at eps = 0 on 81 squares would take about 86 s of CPU time (the limit MAX_WORK_SECONDS is 60 s); ask for fewer terms (--terms), fewer faces, or a die at eps = 0 with shorter denominators
    """
    seconds = (_LIMIT * states * (terms + 2) ** 2.2 * (1 + min(faces, 100) / 40)
               + _LIMIT_BITS * states**3 * bits**1.8 * terms**2.5)
    if bits <= 1:
        return Cost(f"{terms} terms of the limit with a {faces}-faced die on {states} squares", seconds, 0,
                    "ask for fewer terms (--terms) or fewer faces")
    return Cost(f"{terms} terms of the limit with a {faces}-faced die of {bits}-bit denominator at eps = 0 on "
                f"{states} squares", seconds, 0,
                "ask for fewer terms (--terms), fewer faces, or a die at eps = 0 with shorter denominators")


def _function(states: int, faces: int) -> float:
    return _FUNCTION * states ** 3 * (1 + min(faces, 100) / 25)


def sweep(states: int, faces: int, deltas: int, points: int) -> Cost:
    """sigma of ``deltas`` loaded faces at ``points`` exact points: a rational function each, then its values
    (past :data:`~limits.checks.MAX_FUNCTION_STATES` states, an exact solve at each point instead)."""
    if states > MAX_FUNCTION_STATES:  # the loaded die at a point of a grid: about 10 bits
        seconds = deltas * points * exact_moments(Shape(states, faces, 0, 10), vectors=1).seconds
    else:
        seconds = deltas * (_function(states, faces) + _POINT * points * states)
    return Cost(f"a sweep of {deltas} faces at {points} points with a {faces}-faced die", seconds, 0,
                "ask for fewer points (--points) or one face (--delta D)")


def optimum(states: int, faces: int, deltas: int, digits: int) -> Cost:
    """The best P(delta) of ``deltas`` loaded faces to ``digits`` certified digits."""
    seconds = deltas * (_function(states, faces) + _OPTIMUM_BASE * states + _OPTIMUM * states * digits * digits)
    return Cost(f"the optimum of {deltas} faces to {digits} digits with a {faces}-faced die", seconds, 0,
                "ask for fewer digits (--digits) or one face (--delta D)")
