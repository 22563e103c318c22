"""Working precision that adapts to the problem, raised until an answer is certain, within a bound.

The certified computations (root isolation, ball solves, ball comparisons,
the players' sums) start at a precision estimated from the problem
(the digits asked, the size of the numbers, the condition of the system)
and double it until every decision they take is certain. The bound on work
is part of each computation; past it, :class:`~limits.errors.ConvergenceError`.
"""

from __future__ import annotations

from typing import Any, Iterator

__all__ = ["bits_for_digits", "precisions", "accepted_ball"]

def bits_for_digits(digits: int) -> int:
    """Bits that hold ``digits`` decimal digits, plus a guard of 64.

    Examples
    --------
    >>> bits_for_digits(30)
    164
    """
    return (digits * 3322 + 999) // 1000 + 64


def precisions(start: int, limit: int) -> Iterator[int]:
    """``start, 2 start, 4 start, ...`` while at most ``limit`` (at least ``start`` itself).

    Examples
    --------
    >>> list(precisions(64, 300))
    [64, 128, 256]
    """
    bits = max(2, start)
    yield bits
    while 2 * bits <= limit:
        bits *= 2
        yield bits


def accepted_ball(x: Any, digits: int, same_rounding: bool) -> Any:
    """The enclosure of a positive python-flint ball ``x`` if it certifies ``digits`` digits, else None.

    ``same_rounding`` also asks both ends to round to the same ``digits``-digit decimal.

    Examples
    --------
    >>> from flint import arb
    >>> accepted_ball(arb(2, 1e-30), 20, True) is not None, accepted_ball(arb(2, 0.5), 20, False)
    (True, None)
    """
    from .digits import certain_digits, decimal
    from .enclosure import Enclosure

    ball = Enclosure.from_arb(x)
    lo, hi = ball.lower, ball.upper
    if lo > 0 and certain_digits(lo, hi) >= digits and (not same_rounding or decimal(lo, digits) == decimal(hi, digits)):
        return ball
    return None

