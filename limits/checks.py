"""Every check of input, and every size limit and engine threshold, in one place.

A *limit* (``MAX_*``, ``MIN_*``) refuses an input whose cost is predictable
before any work is done, with a :class:`~limits.errors.TooLargeError` that
names it; the command line takes its ranges from here too, so the two never
disagree. A *threshold* (``*_FROM``) picks an engine by size; it changes how
an answer is computed, never the answer. The checks turn what a caller
passes into the value the library works with, or raise the
:class:`~limits.errors.LimitsError` subclass that says what is wrong.

May import: :mod:`limits.errors` only.
"""

from __future__ import annotations

import enum
import math
import numbers
from collections.abc import Iterable
from fractions import Fraction
from functools import partial
from typing import Any, TypeVar

from .errors import DieError, LimitsError, StartError, TooLargeError, shown

__all__ = [
    "member", "one_of", "instance", "listed", "callback", "whole", "start_square", "face", "faces_of", "digits", "terms", "players", "workers",
    # a game
    "MAX_SQUARES", "MAX_FACES", "MAX_MOVES", "MAX_PROBABILITY_DIGITS", "MAX_BOARD_BYTES", "MAX_PICTURED",
    # exact and certified engines
    "MAX_DIGITS", "MAX_TEXT_DIGITS", "MAX_EXACT_SQUARES", "MAX_EXACT_BITS", "MAX_FUNCTION_STATES",
    "MAX_FAMILY_STATES", "MAX_MAP_STATES", "MAX_BALL_BITS", "MAX_TERMS", "MAX_EPS_DENOMINATOR", "MAX_EPS_DEGREE",
    "MAX_PHASE_STATES",
    # the law of the length, players
    "MAX_SURVIVAL", "MAX_SURVIVAL_BITS", "MAX_FLOAT_TURNS", "MAX_SYMBOLIC_WORK", "MAX_LOG2_TURNS",
    "MAX_MODE_TURNS",
    "MAX_TAIL_STATES", "MAX_LAW_TURNS", "MAX_PLAYERS", "MAX_ROUNDS", "MAX_HORIZON_WORK", "MIN_TOLERANCE",
    "MAX_COUNT_LAW", "MAX_SERIES_STATES", "MAX_RACE_STATES", "MAX_EXACT_RACE_STATES",
    "MAX_EXACT_TABLE_WORK",
    # the predicted cost of one command (limits.cost)
    "MAX_WORK_SECONDS", "MAX_WORK_BYTES",
    # many values, many games, many boards
    "MAX_POINTS", "MAX_WORKERS", "MAX_GAMES", "MAX_GAME_TURNS", "MAX_CHUNK", "MAX_SEED", "MAX_BOARDS",
    "MAX_LIMIT_SQUARES",
    # the command line's text
    "MAX_ARGUMENT", "MAX_LAW_SHOWN", "MAX_EXPLORE_FACES", "MAX_EXPONENT",
    # engine thresholds
    "SPARSE_FROM", "ITERATIVE_FROM", "FLOAT_SEARCH_FROM", "FLOAT_FROM", "SURVEY_FLOAT_FROM",
]

# ---- a game -------------------------------------------------------------------------------------
MAX_SQUARES = 1 << 21
"""The most squares of a board (about two million)."""
MAX_FACES = 10_000
"""The most faces of a die."""
MAX_MOVES = 1 << 24
"""The most moves (squares x faces) a chain is built from: a million squares with 16 faces."""
MAX_PROBABILITY_DIGITS = 4_000
"""The most digits in the numerator or denominator of a probability read from text."""
MAX_BOARD_BYTES = 64 << 20
"""The most bytes read as a board, from a file or from standard input (64 MiB)."""
MAX_PICTURED = 400
"""The largest board drawn as a picture."""

# ---- exact and certified engines ----------------------------------------------------------------
MAX_DIGITS = 1000
"""The most significant digits asked of a decimal or a certified value."""
MAX_TEXT_DIGITS = 10_000
"""The most digits an exact numerator or denominator is written with unless all are asked for."""
MAX_EXACT_SQUARES = 40_000
"""The most squares with finite moments solved exactly (the time grows about as their square: some 40 s
at 10,000 squares); floats answer larger boards."""
MAX_EXACT_BITS = 1 << 17
"""The largest estimated size, in bits, of an exact value at one p that is computed: squares times the bits
of the common denominator of the system's entries (p = 1 - 1e-400 on the paper's board is within it)."""
MAX_FUNCTION_STATES = 400
"""The most squares for which sigma is built as a whole rational function (about seven seconds at 400
squares, and the cube of the squares beyond); the hierarchy answers larger families."""
MAX_FAMILY_STATES = 20_000
"""The most transient squares a family may have (the reduction is linear in them for a one-face limit die)."""
MAX_MAP_STATES = 200
"""The most squares of the map of the optimal coin policy over p (or an end's limit policy): one exact solve of
n squares per breakpoint, each growing like n^4 (its primes too grow with n), and the breakpoints' number is not
known in advance; about 7 s for the 81 squares and 63 breakpoints of the paper's board, P(5)."""
MAX_BALL_BITS = 1 << 16
"""The most bits of a ball state reduction (certified values on large boards)."""
MAX_TERMS = 200
"""The most Laurent coefficients asked for at once."""
MAX_EPS_DENOMINATOR = 12
"""The largest common denominator q of the exponents of a die of eps (its chain is a polynomial in eps^(1/q))."""
MAX_EPS_DEGREE = 64
"""The largest degree of a die of eps in t = eps^(1/q): q times its largest exponent (the reduction process may
climb squares times degree levels)."""
MAX_PHASE_STATES = 2_000
"""The most squares of a phase diagram over the rates (a few dozen least-arborescence runs, each about the
square of the squares)."""

# ---- the law of the length, several players ------------------------------------------------------
MAX_SURVIVAL = 100_000
"""The most turns of a pmf or survival curve asked for at once."""
MAX_SURVIVAL_BITS = 1 << 15
"""Exact survival lists stop where ``D**M`` (D the die's common denominator) would pass 2^32768: 10,900
turns of a six-sided fair die (D = 6, 3 bits), 1,400 of a die loaded to 0.999999."""
MAX_FLOAT_TURNS = 1_000_000
"""The most turns of a float survival curve."""
MAX_SYMBOLIC_WORK = 1000
"""The longest survival list for a symbolic die, as turns times squares: 12 turns on the paper's board
(each term is a factored polynomial; sympy takes about a second a turn there)."""
MAX_LOG2_TURNS = 4096
"""Quantiles are searched below ``2**MAX_LOG2_TURNS`` turns."""
MAX_MODE_TURNS = 100_000
"""The most turns searched for the mode and the quantiles."""
MAX_TAIL_STATES = 2048
"""The most squares whose tail is carried on certified balls past the exact stream."""
MAX_LAW_TURNS = 100_000
"""The most turns of the limit law's curves."""
MAX_PLAYERS = 8
"""The most players of one game."""
MAX_ROUNDS = 10_000
"""The most rounds of one player's survival computed exactly, to find a quantile of several players."""
MAX_HORIZON_WORK = 40_000_000
"""The most work spent on the survival bounds of several players, as rounds times nonzero transitions
(several seconds)."""
MIN_TOLERANCE = Fraction(1, 10 ** (MAX_DIGITS + 10))
"""The finest tolerance of the players' certified sums: ten digits past :data:`MAX_DIGITS` (the time grows about as
the digits to the power 2.5: :func:`limits.cost.players`)."""
MAX_COUNT_LAW = 1000
"""The most values of a count's law (chutes, ladders, ...) listed."""
MAX_SERIES_STATES = 200
"""The most squares (that can reach the goal) whose finishing turn's law is built as an exact generating
function, for two players' seat chances and the races of two coin policies that ignore each other: 0.2 s on
the paper's board, some 8 s at 200 squares, growing as the fourth power (``benchmarks/seat_chances.py``)."""
MAX_RACE_STATES = 40_000
"""The most states (both squares and whose turn) of a race whose ``win`` policies are searched and certified,
or whose values are certified on the chain of both positions (13,122 on the paper's board: a second or two)."""
MAX_EXACT_RACE_STATES = 15_000
"""The most states of a race whose values are asked for as exact fractions from the chain of both positions
(p-adic lifting: about a minute a value on the paper's board)."""
MAX_EXACT_TABLE_WORK = 60_000
"""The most states times races with ``win`` of a head-to-head table asked for in exact fractions (the paper's
board has 13,122 states and 19 such races: certified digits there)."""

# ---- the predicted cost of one command --------------------------------------------------------------
MAX_WORK_SECONDS = 60
"""The most CPU seconds a command is predicted to take (:mod:`limits.cost`); past it the command is refused at
once, naming the nearest cheaper request (floats, fewer digits, terms or points, a smaller board)."""
MAX_WORK_BYTES = 4 << 30
"""The most memory a command is predicted to need (4 GiB, :mod:`limits.cost`)."""

# ---- many values, games and boards -----------------------------------------------------------------
MAX_POINTS = 100_000
"""The most points of a grid or a sweep."""
MAX_WORKERS = 64
"""The most worker processes or threads started."""
MAX_GAMES = 10**12
"""The most games simulated in one run (a run can be stopped early, with the games played so far)."""
MAX_GAME_TURNS = 10**7
"""The most turns one simulated game may take before it is stopped."""
MAX_CHUNK = 1 << 22
"""The most games simulated at once (memory grows with it, not with the games asked for)."""
MAX_SEED = 2**128 - 1
"""The largest seed."""
MAX_BOARDS = 10_000_000
"""The most boards of one survey."""
MAX_LIMIT_SQUARES = 20_000
"""The largest board of a survey on which the orders of the limits are asked for (the hierarchy's size)."""

# ---- the command line's text ----------------------------------------------------------------------
MAX_ARGUMENT = 10_000
"""The longest text accepted as the value of an option."""
MAX_EXPONENT = 10_000
"""The largest power of ten accepted in a probability written with an exponent (``1e-10000``)."""
MAX_LAW_SHOWN = 100
"""The most values of each count's law ``limits stats --law`` prints (its cost grows fast: 100 takes half a
minute)."""
MAX_EXPLORE_FACES = 12
"""The most faces: the page holds every loaded face's function and limits."""

# ---- engine thresholds ----------------------------------------------------------------------------
SPARSE_FROM = 200
"""Squares with finite moments from which the sparse engines are used; below it the dense solves are as
fast (``benchmarks/scale.py``)."""
ITERATIVE_FROM = 10_000
"""Squares from which float moments try an iterative solve before the state reduction."""
FLOAT_SEARCH_FROM = 500
"""Squares from which the mode is searched on float survival first."""
FLOAT_FROM = 20_000
"""Squares from which ``limits duration`` answers in floats unless exact values are asked for."""
SURVEY_FLOAT_FROM = 2000
"""Squares from which a survey's boards are evaluated in floats by default."""


_Member = TypeVar("_Member", bound=enum.Enum)


def member(kind: type[_Member], value: Any, what: str, error: type[LimitsError] = LimitsError) -> _Member:
    """``value`` as a member of the enum ``kind``: the member itself, or its value in any letter case (else
    ``error`` names ``what`` and the known values).

    Examples
    --------
    >>> class Colour(enum.Enum):
    ...     RED = "red"
    >>> member(Colour, "RED", "colour")
    <Colour.RED: 'red'>
    >>> member(Colour, "blue", "colour")
    Traceback (most recent call last):
    ...
    limits.errors.LimitsError: unknown colour 'blue' (known: red)
    """
    if isinstance(value, kind):
        return value
    try:
        return kind(str(value).lower())
    except ValueError:
        known = ", ".join(m.value for m in kind)
        raise error(f"unknown {what} {shown(value)} (known: {known})") from None


def one_of(value: Any, options: tuple[str, ...], what: str) -> str:
    """``value`` if it is one of ``options``.

    Examples
    --------
    >>> one_of("dense", ("auto", "dense"), "engine")
    'dense'
    >>> one_of("fast", ("auto", "dense"), "engine")
    Traceback (most recent call last):
    ...
    limits.errors.LimitsError: unknown engine 'fast' (one of auto, dense)
    """
    if value not in options:
        raise LimitsError(f"unknown {what} {shown(value)} (one of {', '.join(options)})")
    return value


def instance(value: Any, kind: type | tuple[type, ...], what: str, error: type[LimitsError] = LimitsError) -> Any:
    """``value`` if it is an instance of ``kind`` (a class, or a tuple of them); else ``error`` names ``what``.

    Examples
    --------
    >>> instance("standard", (int, float), "the size")
    Traceback (most recent call last):
    ...
    limits.errors.LimitsError: the size must be of type int or float, not 'standard'
    """
    if not isinstance(value, kind):
        names = " or ".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))
        raise error(f"{what} must be of type {names}, not {shown(value)}")
    return value


def listed(value: Any, what: str, error: type[LimitsError] = LimitsError) -> tuple[Any, ...]:
    """``value``'s items as a tuple, if it is a collection (a list, a set, a range...; not text).

    Examples
    --------
    >>> listed({3}, "the squares"), listed(range(2), "the faces")
    ((3,), (0, 1))
    >>> listed("never", "the policies")
    Traceback (most recent call last):
    ...
    limits.errors.LimitsError: the policies must be a collection (a list, a tuple...), not 'never'
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise error(f"{what} must be a collection (a list, a tuple...), not {shown(value)}")
    return tuple(value)


def callback(value: Any, what: str) -> Any:
    """``value`` if it is None or can be called.

    Examples
    --------
    >>> callback(print, "progress") is print
    True
    """
    if value is not None and not callable(value):
        raise LimitsError(f"{what} must be a function or None, not {shown(value)}")
    return value


def whole(value: Any, what: str, low: int | None = None, high: int | None = None, *, limit: str = "",
          error: type[LimitsError] = LimitsError) -> int:
    """``value`` as an int if it is a whole number in ``[low, high]`` (either end may be open), as the command line
    reads one: ``1e5`` is 100000, ``1.5`` and ``True`` are refused with ``error`` naming ``what``; above ``high``, a
    :class:`~limits.errors.TooLargeError` when ``limit`` names the documented limit ``high`` is.

    Examples
    --------
    >>> whole(3, "the number of players", 1, 8, limit="MAX_PLAYERS")
    3
    >>> whole(9, "the number of players", 1, 8, limit="MAX_PLAYERS")
    Traceback (most recent call last):
    ...
    limits.errors.TooLargeError: the number of players is at most 8 (the limit MAX_PLAYERS), not 9
    >>> whole(1e5, "games", 1)
    100000
    >>> whole(True, "a count", 0)
    Traceback (most recent call last):
    ...
    limits.errors.LimitsError: a count must be a whole number >= 0, not True
    """
    span = (f" in {low}..{high}" if low is not None and high is not None
            else f" >= {low}" if low is not None else f" <= {high}" if high is not None else "")
    if isinstance(value, numbers.Real) and not isinstance(value, numbers.Integral) and math.isfinite(value) \
            and value == int(value):
        value = int(value)
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        value = int(value)
        if high is not None and value > high and limit:
            raise TooLargeError(f"{what} is at most {high} (the limit {limit}), not {shown(value)}")
        if (low is None or value >= low) and (high is None or value <= high):
            return value
    raise error(f"{what} must be a whole number{span}, not {shown(value)}")


def start_square(start: Any, goal: int) -> int:
    """``start`` if it is one of the squares 0..``goal``.

    Examples
    --------
    >>> start_square(0, 100)
    0
    >>> start_square(101, 100)
    Traceback (most recent call last):
    ...
    limits.errors.StartError: the start square must be one of 0..100, not 101
    """
    if isinstance(start, bool) or not isinstance(start, numbers.Integral) or not 0 <= start <= goal:
        raise StartError(f"the start square must be one of 0..{goal}, not {shown(start)}")
    return int(start)


def faces_of(faces: Any, low: int = 1, what: str = "a die") -> int:
    """``faces`` if it is a whole number of faces, ``low``..:data:`MAX_FACES` (else a DieError, or a TooLargeError
    above the limit).

    Examples
    --------
    >>> faces_of(6)
    6
    >>> faces_of(1, 2, "a loaded die")
    Traceback (most recent call last):
    ...
    limits.errors.DieError: a loaded die needs a whole number of faces >= 2, not 1
    """
    if isinstance(faces, bool) or not isinstance(faces, numbers.Integral) or faces < low:
        raise DieError(f"{what} needs a whole number of faces >= {low}, not {shown(faces)}")
    if faces > MAX_FACES:
        raise TooLargeError(f"a die may have at most {MAX_FACES} faces (the limit MAX_FACES), not {shown(int(faces))}")
    return int(faces)


def face(delta: Any, faces: int) -> int:
    """``delta`` if it is a face of a die with ``faces >= 2`` faces (the loaded face).

    Examples
    --------
    >>> face(7, 6)
    Traceback (most recent call last):
    ...
    limits.errors.DieError: the loaded face must be one of 1..6, not 7
    """
    faces = faces_of(faces, 2, "a loaded die")
    if isinstance(delta, bool) or not isinstance(delta, numbers.Integral) or not 1 <= delta <= faces:
        raise DieError(f"the loaded face must be one of 1..{faces}, not {shown(delta)}")
    return int(delta)


def eps_scale(exponents: Iterable[Fraction]) -> int:
    """q, the least common denominator of the exponents of a die of eps, within :data:`MAX_EPS_DENOMINATOR` and
    with q times the largest exponent within :data:`MAX_EPS_DEGREE`.

    Examples
    --------
    >>> eps_scale([Fraction(1, 2), Fraction(3), Fraction(1, 3)])
    6
    """
    rates = list(exponents)
    q = math.lcm(*(r.denominator for r in rates))
    if q > MAX_EPS_DENOMINATOR or max(rates, default=0) * q > MAX_EPS_DEGREE:
        raise TooLargeError(f"a die of eps has exponents over at most {MAX_EPS_DENOMINATOR} (the limit "
                            f"MAX_EPS_DENOMINATOR) and degree q * largest exponent at most {MAX_EPS_DEGREE} (the limit "
                            f"MAX_EPS_DEGREE), not q = {q}, degree {max(rates, default=0) * q}")
    return q


# counts of one kind, 1 to their limit: digits(30) is 30, digits(0) a LimitsError, digits(1001) a TooLargeError
digits = partial(whole, what="the number of significant digits", low=1, high=MAX_DIGITS, limit="MAX_DIGITS")
terms = partial(whole, what="the number of terms", low=1, high=MAX_TERMS, limit="MAX_TERMS")
players = partial(whole, what="the number of players", low=1, high=MAX_PLAYERS, limit="MAX_PLAYERS")
workers = partial(whole, what="the number of workers", low=1, high=MAX_WORKERS, limit="MAX_WORKERS")
