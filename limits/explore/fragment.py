"""The explorer's state as text: exact values of p, the slider's grids, and the URL fragment.

A view of the explorer is one line, ``delta=5&p=0.99`` (the part of the
page's address after ``#``), so a link shows exactly one view. The page's
script reads and writes it; these functions are the same rules in Python, for
links built by the package and for the tests, which check that the two agree.

Keys: ``delta`` (the loaded face) or ``family=1`` (the AT -> TOWARD family
given when the page was built), ``to`` (1 or 0: the end P(delta) tends to),
``p`` (the loaded die's P(delta)) or ``eps`` (the family's eps), and
``scale`` (``lin`` or ``log``: the slider in p itself or in ``log10`` of the
distance to the limit). A value of p is read exactly: ``0.99``, ``1e-30``,
``3/4``, or ``1-1e-23`` (one minus an exact value), within the package's
limit on the digits of a probability.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..errors import LimitsError
from ..exact.digits import decimal, decimal_places, digit_count, ratio
from ..model.probability import as_probability

__all__ = ["parse_value", "value_text", "parse_fragment", "view_fragment", "linear_grid", "log_grid", "SCALES",
           "LOG_DECADES", "LOG_STEPS"]

SCALES = ("lin", "log")
"""The slider's scales: p (or eps) itself, or log10 of its distance to the limit."""

LOG_DECADES = 30
"""How far the log slider zooms: to a distance ``1e-30`` from the limit (then the limit itself)."""

LOG_STEPS = 20
"""Slider positions per decade on the log scale."""

LINEAR_STEPS = 1000
"""Slider positions on the linear scale: p = 0, 0.001, ..., 1."""


def parse_value(text: str) -> Fraction:
    """An exact value in [0, 1] from its text: a decimal, a fraction, or ``1-`` followed by one.

    Raises
    ------
    LimitsError
        For text that is not such a value (a ``DieError`` or ``TooLargeError`` from
        :func:`~limits.model.probability.as_probability`).

    Examples
    --------
    >>> parse_value("0.99"), parse_value("3/4"), parse_value("1-1e-3")
    (Fraction(99, 100), Fraction(3, 4), Fraction(999, 1000))
    >>> parse_value("1-0")
    Fraction(1, 1)
    """
    text = text.strip()
    complement = text.startswith("1-") and len(text) > 2
    value = as_probability(text[2:] if complement else text)
    if not isinstance(value, Fraction):  # pragma: no cover - text is never symbolic
        raise LimitsError(f"not an exact value: {text!r}")
    return 1 - value if complement else value


def value_text(value: Fraction) -> str:
    """The shortest of the exact texts :func:`parse_value` reads back as ``value``, a tie to the decimal.

    The texts: its decimal, its fraction, and within 1e-3 of 1 ``1-d`` (d the decimal of its distance to 1); a
    tie in length goes to the decimal, then to the fraction (the page's script writes the same).

    Examples
    --------
    >>> value_text(Fraction(99, 100)), value_text(1 - Fraction(1, 10**23)), value_text(Fraction(1, 3))
    ('0.99', '1-1e-23', '1/3')
    >>> value_text(Fraction(1, 2)), value_text(Fraction(1, 4))
    ('0.5', '1/4')
    """
    value = Fraction(value)
    candidates = [_exact_decimal(value), ratio(value)]
    if 0 < 1 - value < Fraction(1, 1000):
        d = _exact_decimal(1 - value)
        candidates.append(None if d is None else f"1-{d}")
    return min((c for c in candidates if c is not None), key=len)


def _exact_decimal(value: Fraction) -> str | None:
    """``value`` as a decimal (no exponent written when shorter without), or None if it has no finite one."""
    places = decimal_places(value)
    if places is None:
        return None
    if value == 0:
        return "0"
    digits = digit_count(value.numerator * 10**places // value.denominator)
    return decimal(value, digits)


def parse_fragment(text: str) -> dict[str, Any]:
    """The state a fragment names: keys as in the module's docstring, values checked and exact.

    Unknown keys are ignored (a link from a newer page still opens); a key
    given twice keeps its last value, as the page does.

    Raises
    ------
    LimitsError
        For a value that is not what its key takes.

    Examples
    --------
    >>> parse_fragment("#delta=5&p=0.99")
    {'delta': 5, 'p': Fraction(99, 100)}
    >>> parse_fragment("family=1&eps=1-0.5&scale=log&to=0")
    {'family': True, 'eps': Fraction(1, 2), 'scale': 'log', 'to': 0}
    """
    state: dict[str, Any] = {}
    for part in text.lstrip("#").split("&"):
        key, _, value = part.partition("=")
        if key in ("p", "eps"):
            state[key] = parse_value(value)
        elif key in ("delta", "to"):
            if not value.isdigit() or len(value) > 6:
                raise LimitsError(f"{key} must be a whole number, not {value!r}")
            if key == "to" and value not in ("0", "1"):
                raise LimitsError(f"to must be 0 or 1, not {value!r}")
            state[key] = int(value)
        elif key == "family":
            state[key] = value == "1"
        elif key == "scale":
            if value not in SCALES:
                raise LimitsError(f"scale must be one of {', '.join(SCALES)}, not {value!r}")
            state[key] = value
    return state


def view_fragment(*, delta: int | None = None, p: Any = None, to: int | None = None, family: bool = False,
             eps: Any = None, scale: str | None = None) -> str:
    """The fragment of a view (without ``#``), in the order the page writes it.

    Examples
    --------
    >>> view_fragment(delta=5, p="0.99")
    'delta=5&p=0.99'
    >>> view_fragment(family=True, eps=Fraction(1, 100), scale="log")
    'family=1&eps=0.01&scale=log'
    """
    parts = []
    if family:
        parts.append("family=1")
    elif delta is not None:
        parts.append(f"delta={int(delta)}")
    if to is not None:
        parts.append(f"to={int(to)}")
    for key, value in (("p", p), ("eps", eps)):
        if value is not None:
            parts.append(f"{key}={value_text(parse_value(value) if isinstance(value, str) else Fraction(value))}")
    if scale is not None:
        parts.append(f"scale={scale}")
    return "&".join(parts)


def linear_grid() -> list[Fraction]:
    """The linear slider's positions: ``0, 1/1000, ..., 1``.

    Examples
    --------
    >>> g = linear_grid(); len(g), g[1], g[-1]
    (1001, Fraction(1, 1000), Fraction(1, 1))
    """
    return [Fraction(i, LINEAR_STEPS) for i in range(LINEAR_STEPS + 1)]


def log_grid() -> list[Fraction]:
    """The log slider's distances to the limit: ``10**(-k/20)`` to two significant digits, then 0.

    Position k is ``1, 0.89, 0.79, ..., 1.1e-30, 1e-30`` and, last, the limit itself.

    Examples
    --------
    >>> g = log_grid(); len(g), g[:4], g[20], g[-2:]
    (602, [Fraction(1, 1), Fraction(89, 100), Fraction(79, 100), Fraction(71, 100)], Fraction(1, 10), [Fraction(1, 1000000000000000000000000000000), Fraction(0, 1)])
    """
    mantissas = [round(10 ** (2 - r / LOG_STEPS)) for r in range(LOG_STEPS)]  # 100, 89, 79, ... 11
    out = []
    for k in range(LOG_DECADES * LOG_STEPS + 1):
        decade, r = divmod(k, LOG_STEPS)
        out.append(Fraction(mantissas[r], 100) / 10**decade)
    out.append(Fraction(0))
    return out
