"""One board's answers in a survey, and the row that stores them.

A :class:`BoardResult` is what :meth:`limits.survey.survey.Survey.evaluate`
returns: the board's index, sigma (an exact ``Fraction`` or a float, None when
a loop can trap the player), the loop, and one :class:`LimitOrder` per chosen
face. :meth:`BoardResult.record` writes it as a flat row (text for exact
values, so nothing is rounded on disk) and :meth:`BoardResult.from_record`
reads such a row back from a CSV file (all text).
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Mapping

from ..errors import LimitsError
from ..exact.digits import ratio, ratio_value
from ..markup.quantities import nearest_float

__all__ = ["BoardResult", "LimitOrder", "Engine", "columns"]


class Engine(enum.Enum):
    """How sigma is computed: exact rationals, or floats (sparse float state reduction)."""

    EXACT = "exact"
    FLOAT = "float"


@dataclass(frozen=True)
class LimitOrder:
    """sigma as ``P(delta) = 1 - eps -> 1``: ``coefficient * eps^-order`` to leading order.

    ``order`` and ``coefficient`` are None when a loop traps the player for
    every eps > 0 (then sigma is infinite for every p < 1).
    """

    delta: int
    order: int | None
    coefficient: Fraction | None


@dataclass(frozen=True)
class BoardResult:
    """Board ``index`` of a survey: sigma from the start, or the loop that can trap the player.

    Attributes
    ----------
    index : int
        The board's number (the board is ``family.board_of(index, seed)``).
    engine : Engine
        How sigma was computed.
    expected_turns : Fraction, float or None
        sigma; None when it is infinite.
    loop : tuple of int or None
        None when sigma is finite; else the squares of a loop that can hold
        the player for ever (``()`` when square N is out of reach of every
        roll, or the float engine, which does not name the loop).
    orders : tuple of LimitOrder
        One per face asked for, in increasing order of the face.
    """

    index: int
    engine: Engine
    expected_turns: Fraction | float | None
    loop: tuple[int, ...] | None
    orders: tuple[LimitOrder, ...] = ()

    @property
    def trapped(self) -> bool:
        """Whether the game may never end (with probability > 0): sigma is infinite."""
        return self.loop is not None

    def record(self, key: str) -> dict[str, Any]:
        """The row: ``survey`` (the survey's key), ``index``, ``engine``, ``trapped``, ``expected_turns``
        (exact ``a/b`` text, a float's shortest text, or ``inf``), ``expected_turns_float``, ``loop``
        (squares separated by spaces) and ``order_D``, ``coefficient_D`` for each face D.

        Examples
        --------
        >>> r = BoardResult(3, Engine.EXACT, Fraction(7, 2), None, (LimitOrder(6, 1, Fraction(5)),))
        >>> r.record("k")
        {'survey': 'k', 'index': 3, 'engine': 'exact', 'trapped': False, 'expected_turns': '7/2',
         'expected_turns_float': 3.5, 'loop': '', 'order_6': 1, 'coefficient_6': '5'}
        >>> BoardResult.from_record({k: str(v) for k, v in r.record("k").items()}, (6,)) == r
        True
        """
        sigma = self.expected_turns
        if sigma is None:
            text, number = "inf", math.inf
        elif isinstance(sigma, Fraction):
            text, number = ratio(sigma), nearest_float(sigma)
        else:
            text, number = repr(float(sigma)), float(sigma)
        row: dict[str, Any] = {"survey": key, "index": self.index, "engine": self.engine.value,
                               "trapped": self.trapped, "expected_turns": text, "expected_turns_float": number,
                               "loop": " ".join(map(str, self.loop or ()))}
        for o in self.orders:
            row[f"order_{o.delta}"] = o.order
            row[f"coefficient_{o.delta}"] = None if o.coefficient is None else ratio(o.coefficient)
        return row

    @classmethod
    def from_record(cls, row: Mapping[str, Any], deltas: tuple[int, ...]) -> BoardResult:
        """A result from its row (values as text, or typed as :meth:`record` gives them).

        Raises
        ------
        LimitsError
            For a row that is not one of a survey's rows.
        """
        try:
            engine = Engine(row["engine"])
            trapped = _FLAGS[str(row["trapped"])]
            text = str(row["expected_turns"])
            sigma = None if text == "inf" else ratio_value(text) if engine is Engine.EXACT else float(text)
            loop = tuple(int(s) for s in str(row["loop"] or "").split()) if trapped else None
            orders = tuple(LimitOrder(d, _maybe(row[f"order_{d}"], int), _maybe(row[f"coefficient_{d}"], ratio_value))
                           for d in deltas)
            return cls(int(row["index"]), engine, sigma, loop, orders)
        except (KeyError, ValueError, TypeError, ZeroDivisionError) as exc:
            raise LimitsError(f"not a row of a survey: {type(exc).__name__}: {exc}") from None


def columns(deltas: tuple[int, ...]) -> tuple[str, ...]:
    """The names of a row's columns, in order, for the faces ``deltas``.

    Examples
    --------
    >>> columns((3,))[-3:]
    ('loop', 'order_3', 'coefficient_3')
    """
    head = ("survey", "index", "engine", "trapped", "expected_turns", "expected_turns_float", "loop")
    return head + tuple(name for d in deltas for name in (f"order_{d}", f"coefficient_{d}"))


_FLAGS = {"True": True, "true": True, "1": True, "False": False, "false": False, "0": False}
"""A row's ``trapped`` as CSV text; another value is a KeyError, not a row."""


def _maybe(value: Any, kind: Callable[[Any], Any]) -> Any:
    if value is None or value in ("", "None") or (isinstance(value, float) and math.isnan(value)):
        return None
    return kind(value)
