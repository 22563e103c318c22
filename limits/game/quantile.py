"""Quantiles of a count, by one stated convention, read off an exact cdf.

A count M (turns, spins, rounds, chutes...) takes the values 0, 1, 2, ...
and possibly "never" (a game that never ends). For a level q in (0, 1):

``LOWER`` (the default, and the one every ``limits`` answer uses)
    the smallest m with ``P(M <= m) >= q``: the inverse of the cdf. "90% of
    games are over within m spins" names this m.
``UPPER``
    the smallest m with ``P(M <= m) > q``. It differs from ``LOWER`` only
    when the cdf hits q exactly at some m.
``MIDPOINT``
    the average of the two: the usual median of a discrete law whose cdf
    equals 1/2 on a stretch (as the median of an even sample averages the
    two middle values).

A convention sometimes met in published tables, the largest m with
``P(M <= m) < q``, is always ``LOWER - 1`` and needs no name of its own.

The cdf is given as an exact stream ``P(M <= 0), P(M <= 1), ...`` together
with its limit ``P(M < infinity)`` and, when known, the first m from which
it no longer changes; so every answer is exact, and "never" (``math.inf``)
is returned only when it is the true answer.
"""

from __future__ import annotations

import enum
import math
from fractions import Fraction
from typing import Any, Iterable

from ..checks import member
from ..errors import LimitsError

__all__ = ["QuantileRule", "as_level", "as_quantile_rule", "quantile_from_cdf"]


class QuantileRule(enum.Enum):
    """Which m a quantile names when the cdf of a count is flat at the level."""

    LOWER = "lower"
    UPPER = "upper"
    MIDPOINT = "midpoint"


def as_quantile_rule(rule: QuantileRule | str) -> QuantileRule:
    """A :class:`QuantileRule` from itself or its name.

    Examples
    --------
    >>> as_quantile_rule("upper")
    <QuantileRule.UPPER: 'upper'>
    >>> as_quantile_rule("nearest")
    Traceback (most recent call last):
    ...
    limits.errors.LimitsError: unknown quantile rule 'nearest' (known: lower, upper, midpoint)
    """
    return member(QuantileRule, rule, "quantile rule")


def as_level(q: Any) -> Fraction:
    """An exact level strictly between 0 and 1 (a string such as ``"0.9"`` is read exactly).

    Examples
    --------
    >>> as_level("0.9"), as_level(Fraction(1, 2))
    (Fraction(9, 10), Fraction(1, 2))
    >>> as_level(1)
    Traceback (most recent call last):
    ...
    limits.errors.LimitsError: a quantile level must lie strictly between 0 and 1, not 1
    """
    if isinstance(q, float):
        q = Fraction(repr(q))  # 0.9 means nine tenths, not the nearest binary double
    try:
        level = Fraction(q)
    except (TypeError, ValueError, ZeroDivisionError):
        raise LimitsError(f"a quantile level must be a number strictly between 0 and 1, not {q!r}") from None
    if not 0 < level < 1:
        raise LimitsError(f"a quantile level must lie strictly between 0 and 1, not {q}")
    return level


def quantile_from_cdf(cdf: Iterable[Fraction], q: Any, rule: QuantileRule | str = QuantileRule.LOWER, *,
                      total: Fraction = Fraction(1), settles_at: int | None = None) -> int | Fraction | float:
    """The q-quantile of a count whose exact cdf is ``cdf``, by ``rule``.

    Parameters
    ----------
    cdf : iterable of Fraction
        ``P(M <= 0), P(M <= 1), ...``; it must go on at least until it
        reaches the level (or ``settles_at``).
    q : Fraction or str
        The level, strictly between 0 and 1.
    rule : QuantileRule or str, optional
        ``lower`` (default), ``upper`` or ``midpoint``.
    total : Fraction, optional
        ``P(M < infinity)``, the limit of the cdf (default 1).
    settles_at : int or None, optional
        An m at which the cdf reaches ``total``; None (default) if it stays
        below it for ever. Only read when ``total < 1``.

    Returns
    -------
    int, Fraction or float
        An int (a ``MIDPOINT`` may be a half-integer Fraction), or
        ``math.inf`` if the cdf never reaches the level.

    Examples
    --------
    A fair coin's number of heads in two tosses: ``P(M <= 1) = 3/4``.

    >>> cdf = [Fraction(1, 4), Fraction(3, 4), Fraction(1)]
    >>> [quantile_from_cdf(cdf, "0.75", r) for r in QuantileRule]
    [1, 2, Fraction(3, 2)]
    >>> quantile_from_cdf(cdf, "0.5"), quantile_from_cdf([Fraction(1, 3)], "0.5", total=Fraction(1, 3))
    (1, inf)
    """
    level = as_level(q)
    rule = as_quantile_rule(rule)
    if total > 1 or total < 0:
        raise LimitsError(f"the limit of a cdf lies in [0, 1], not {total}")
    lower_never = level > total or (level == total < 1 and settles_at is None)
    upper_never = level >= total
    lower = upper = None
    for m, value in enumerate(cdf):
        if lower is None and not lower_never and value >= level:
            lower = m
        if upper is None and not upper_never and value > level:
            upper = m
        if (lower is not None or lower_never) and (upper is not None or upper_never or rule is QuantileRule.LOWER):
            break
    else:
        raise LimitsError("the cdf ended before it reached the quantile level")
    low: int | float = math.inf if lower is None else lower
    if rule is QuantileRule.LOWER:
        return low
    high: int | float = math.inf if upper is None else upper
    if rule is QuantileRule.UPPER:
        return high
    if math.isinf(low) or math.isinf(high):
        return math.inf
    mid = Fraction(int(low) + int(high), 2)
    return int(mid) if mid.denominator == 1 else mid
