"""Computed quantities as JSON objects: the one convention every command follows.

A computed quantity (an expectation, a probability, a coefficient) is an
object, never a bare string or number:

* exact: ``{"exact": "a/b", "decimal": "...", "float": x}``: ``decimal`` is
  the exact value rounded half to even, ``float`` the nearest float64 (null
  when out of its range). An exact fraction with more than
  :data:`~limits.checks.MAX_TEXT_DIGITS` digits has ``"exact": null``
  and ``"exact_digits"`` (its size) unless every digit was asked for;
* an enclosure: ``{"decimal", "float", "certain_digits", "lower", "upper"}``
  (``decimal`` holds only certain digits and is null when none is certain;
  the bounds are rounded outward);
* a float known to float precision only: ``{"decimal", "float"}``;
* an estimate (a sample mean): ``{"exact", "decimal", "float", "standard_error"}``
  with ``decimal`` to the place of the error's leading digit;
* infinite: ``{"decimal": "inf", "float": null, "infinite": true, "reason": ..., "loop": [...]}``.

Counts, squares and orders stay plain integers.

:func:`to_json` is the one encoder: it turns a library's plain data (a
``to_dict()``, results, tables) into JSON by the type of each value, as
``json.JSONEncoder.default`` is meant to be extended. It is a
``functools.singledispatch`` function, so a layer above can teach it a
type of its own with ``to_json.register`` (markup imports nothing above it);
objects with ``to_dict()`` and enclosures (``lower`` and ``upper``) need no
registration.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import singledispatch
from typing import Any, Iterable

from ..checks import MAX_TEXT_DIGITS
from ..errors import InfiniteExpectationError
from ..exact.digits import decimal, decimal_places, decimal_sqrt, digit_count, integer_text, ratio
from ..exact.enclosure import Enclosure
from ..exact.known_digits import estimate_digits, float_decimal, interval_text

__all__ = [
    "to_json",
    "exponent",
    "quantity",
    "quantity_text",
    "level_key",
    "exact_quantity",
    "sqrt_quantity",
    "interval_quantity",
    "float_quantity",
    "estimate_quantity",
    "infinite_quantity",
    "nearest_float",
    "sample_summary",
    "interval95",
]

_Z95 = Fraction("1.959963984540054")  # the 97.5% point of the normal law, to float precision


def nearest_float(value: Fraction | int) -> float | None:
    """The float64 nearest to an exact value, or None when it is out of range.

    Examples
    --------
    >>> nearest_float(Fraction(1, 3)), nearest_float(10**400)
    (0.3333333333333333, None)
    """
    try:
        return float(Fraction(value))
    except OverflowError:
        return None


def exact_quantity(value: Fraction | int, digits: int, exact_limit: int | None = MAX_TEXT_DIGITS
                   ) -> dict[str, Any]:
    """``{"exact", "decimal", "float"}`` for an exact rational.

    Examples
    --------
    >>> exact_quantity(Fraction(2, 3), 4)
    {'exact': '2/3', 'decimal': '0.6667', 'float': 0.6666666666666666}
    >>> exact_quantity(Fraction(1, 10**30), 2, exact_limit=10)
    {'exact': None, 'exact_digits': 32, 'decimal': '1e-30', 'float': 1e-30}
    """
    value = Fraction(value)
    try:
        exact: dict[str, Any] = {"exact": ratio(value, exact_limit)}
    except ValueError:
        exact = {"exact": None, "exact_digits": digit_count(value.numerator) + digit_count(value.denominator)}
    return {**exact, "decimal": decimal(value, digits), "float": nearest_float(value)}


def sqrt_quantity(square: Fraction | int, digits: int) -> dict[str, Any]:
    """``{"decimal", "float"}`` for the square root of an exact rational (its square is the exact quantity).

    Examples
    --------
    >>> sqrt_quantity(Fraction(2), 5)
    {'decimal': '1.4142', 'float': 1.4142135623730951}
    """
    text = decimal_sqrt(square, digits)
    value = nearest_float(square)
    return {"decimal": text, "float": None if value is None else value**0.5}


def interval_quantity(lower: Fraction, upper: Fraction, digits: int, exact_limit: int | None = MAX_TEXT_DIGITS
                      ) -> dict[str, Any]:
    """An enclosure: only its certain digits, its bounds rounded outward.

    A one-point interval is an exact quantity.

    Examples
    --------
    >>> interval_quantity(Fraction("291700.93"), Fraction("291700.94"), 1)
    {'decimal': '300000', 'float': 291700.935, 'certain_digits': 1, 'lower': '291000', 'upper': '292000'}
    >>> interval_quantity(Fraction(1, 2), Fraction(1, 2), 3)
    {'exact': '1/2', 'decimal': '0.5', 'float': 0.5}
    """
    if lower == upper:
        return exact_quantity(lower, digits, exact_limit)
    t = interval_text(lower, upper, digits)
    return {"decimal": t.decimal, "float": nearest_float(Fraction(lower + upper) / 2),
            "certain_digits": t.certain_digits, "lower": t.lower, "upper": t.upper}


def float_quantity(x: float, digits: int) -> dict[str, Any]:
    """``{"decimal", "float"}`` for a float, printed to no more digits than it carries.

    Examples
    --------
    >>> float_quantity(0.1, 30)
    {'decimal': '0.1', 'float': 0.1}
    """
    return {"decimal": float_decimal(x, digits), "float": float(x)}


def estimate_quantity(value: Fraction, standard_error: Fraction, digits: int) -> dict[str, Any]:
    """A sample mean: exact, printed to the place its standard error allows.

    Examples
    --------
    >>> estimate_quantity(Fraction("39.6012"), Fraction("0.0123"), 15)["decimal"]
    '39.6'
    """
    shown = estimate_digits(value, standard_error, digits)
    return {**exact_quantity(value, shown), "standard_error": decimal(standard_error, 2)}


def exponent(r: Fraction | int) -> int | str:
    """An order or a power in JSON: an integer, or the string ``"a/b"``.

    Examples
    --------
    >>> exponent(Fraction(-3, 2)), exponent(Fraction(2))
    ('-3/2', 2)
    """
    return int(r) if Fraction(r).denominator == 1 else ratio(r)


def infinite_quantity(reason: str, loop: Iterable[int]) -> dict[str, Any]:
    """An infinite value, with why and the loop that traps the player.

    Examples
    --------
    >>> infinite_quantity("trapped", (53,))
    {'decimal': 'inf', 'float': None, 'infinite': True, 'reason': 'trapped', 'loop': [53]}
    """
    return {"decimal": "inf", "float": None, "infinite": True, "reason": reason, "loop": [int(s) for s in loop]}


def sample_summary(counts: Any, digits: int) -> dict[str, Any]:
    """``mean``, ``ci95`` and ``std`` of turn counts (``counts[t]`` games took t turns), as quantities.

    The mean of integer counts is exact; it is printed to the place of its
    standard error, the 95% interval (normal approximation) rounded outward,
    the sample standard deviation to the place of its own standard error.
    All three are None when no game is counted.

    Examples
    --------
    >>> s = sample_summary([0, 0, 3, 1], 10)
    >>> s["mean"]["exact"], s["mean"]["decimal"], s["ci95"]["lower"], s["std"]["decimal"]
    ('9/4', '2.2', '1.76', '0.5')
    """
    n = s1 = s2 = 0
    for t, c in enumerate(int(c) for c in counts):
        if c:
            n, s1, s2 = n + c, s1 + c * t, s2 + c * t * t
    if n == 0:
        return {"mean": None, "ci95": None, "std": None}
    mean = Fraction(s1, n)
    var = (s2 - s1 * mean) / (n - 1) if n > 1 else Fraction(0)
    se = Fraction(math.sqrt(float(var) / n)) if var else Fraction(0)
    ci = interval95(mean, se, digits)
    std = math.sqrt(float(var))
    std_se = Fraction(std / math.sqrt(2 * (n - 1))) if n > 1 and var else Fraction(0)
    std_digits = estimate_digits(Fraction(std), std_se, digits) if var else digits
    return {"mean": estimate_quantity(mean, se, digits), "ci95": ci,
            "std": {"decimal": decimal_sqrt(var, std_digits), "float": nearest_float(var) ** 0.5,
                    "standard_error": float_decimal(float(std_se), 2)}}


def interval95(mean: Fraction | Enclosure, standard_error: Fraction, digits: int) -> dict[str, str]:
    """The 95% interval of a sample mean (normal approximation), to one digit past the mean's place, rounded out.

    A mean known as an enclosure (anything with ``lower`` and ``upper``) widens it by its own width.

    Examples
    --------
    >>> interval95(Fraction(9, 4), Fraction(1, 4), 10)
    {'level': '0.95', 'lower': '1.76', 'upper': '2.74'}
    """
    low, high = (mean.lower, mean.upper) if hasattr(mean, "lower") else (mean, mean)
    half = _Z95 * standard_error
    shown = estimate_digits(low, standard_error, digits)
    return {"level": "0.95", "lower": decimal(low - half, shown + 1, "floor"),
            "upper": decimal(high + half, shown + 1, "ceiling")}


@singledispatch
def to_json(data: Any, digits: int, exact_digits: int | None = MAX_TEXT_DIGITS) -> Any:
    """Plain data as JSON in the convention, by the type of each value.

    Fractions are exact quantities and enclosures (anything with ``lower``
    and ``upper``) intervals, both with ``digits`` significant digits and
    exact fractions of up to ``exact_digits`` digits written out (None: all);
    a float is a float quantity, ``inf`` an infinite one; an
    :class:`~limits.errors.InfiniteExpectationError` is infinite with its
    loop. Ints (counts, squares, orders), booleans, text and None stay as
    they are; dicts (keys as text), lists and tuples are encoded item by
    item, a dict that already is a quantity (it has a ``"decimal"``) is
    kept, an object with ``to_dict()`` is encoded as its dict.

    Raises
    ------
    TypeError
        For a value with no JSON form (a bug in a command, not bad input).

    Examples
    --------
    >>> to_json({"order": 2, "coefficient": Fraction(5, 26), "loop": (53,)}, 4)
    {'order': 2, 'coefficient': {'exact': '5/26', 'decimal': '0.1923', 'float': 0.19230769230769232}, 'loop': [53]}
    >>> to_json(math.inf, 4)["infinite"], to_json([True, None, "a"], 4)
    (True, [True, None, 'a'])
    """
    if hasattr(data, "lower") and hasattr(data, "upper"):
        return interval_quantity(Fraction(data.lower), Fraction(data.upper), digits, exact_digits)
    if hasattr(data, "to_dict"):
        return to_json(data.to_dict(), digits, exact_digits)
    raise TypeError(f"no JSON form for {type(data).__name__}")


@to_json.register(int)  # bool too: a count, a square, an order or a flag stays as it is
@to_json.register(str)
@to_json.register(type(None))
def _plain(data: Any, digits: int, exact_digits: int | None = MAX_TEXT_DIGITS) -> Any:
    return data


@to_json.register
def _fraction(data: Fraction, digits: int, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
    return exact_quantity(data, digits, exact_digits)


@to_json.register
def _float(data: float, digits: int, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
    if math.isinf(data):
        return infinite_quantity("the value is infinite", ())
    return float_quantity(data, digits)


@to_json.register
def _infinite(data: InfiniteExpectationError, digits: int, exact_digits: int | None = MAX_TEXT_DIGITS
              ) -> dict[str, Any]:
    return infinite_quantity(str(data), data.trap)


@to_json.register
def _dict(data: dict, digits: int, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
    if "decimal" in data:  # already a quantity
        return data
    return {str(k): to_json(v, digits, exact_digits) for k, v in data.items()}


@to_json.register(tuple)
@to_json.register(list)
def _sequence(data: Any, digits: int, exact_digits: int | None = MAX_TEXT_DIGITS) -> list[Any]:
    return [to_json(v, digits, exact_digits) for v in data]


def quantity(value: Any, digits: int, exact_digits: int | None = MAX_TEXT_DIGITS) -> Any:
    """One computed value as a quantity: as :func:`to_json`, but a whole number is exact, not a count.

    Examples
    --------
    >>> quantity(93, 3), to_json(93, 3)
    ({'exact': '93', 'decimal': '93', 'float': 93.0}, 93)
    """
    if isinstance(value, int) and not isinstance(value, bool):
        value = Fraction(value)
    return to_json(value, digits, exact_digits)


def quantity_text(q: dict[str, Any]) -> str:
    """A JSON quantity as short text: its decimal, else its certified bounds, ``inf`` when infinite.

    Examples
    --------
    >>> quantity_text(quantity(Fraction(1, 3), 4)), quantity_text({"decimal": None, "lower": "0.1", "upper": "0.2"})
    ('0.3333', '[0.1, 0.2]')
    """
    if q.get("infinite"):
        return "inf"
    return q["decimal"] if q["decimal"] is not None else f"[{q['lower']}, {q['upper']}]"


def level_key(q: Fraction) -> str:
    """A quantile level ``0 < q < 1`` as the key of its quantile: its exact decimal, written out, or ``a/b``.

    Every level has one key and no two levels share one: a level with a
    finite decimal is written out in full (no exponent), any other as its
    lowest terms. The schemas' pattern for these keys is
    ``^(0\\.[0-9]*[1-9]|[1-9][0-9]*/[1-9][0-9]*)$``.

    Examples
    --------
    >>> level_key(Fraction(9, 10)), level_key(Fraction(1, 10**20)), level_key(Fraction(1, 3))
    ('0.9', '0.00000000000000000001', '1/3')
    >>> level_key(Fraction(3, 16))
    '0.1875'
    """
    places = decimal_places(q)
    if places is None or not 0 < q < 1:
        return ratio(q)
    digits = integer_text(q.numerator * 10**places // q.denominator).rjust(places, "0")
    return "0." + digits.rstrip("0")
