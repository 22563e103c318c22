"""The number domain a computation works in: exact (Fractions, or sympy expressions for a symbolic die) or floats.

As sympy's domains carry ``K.one``, ``K.zero`` and ``K.convert``, a
:class:`Domain` carries the numbers a solve or a sum starts from and turns a
chain's probabilities into its own kind; callers pass it along instead of a
flag tested at every step. The public functions keep their ``exact=True``
argument and pick :data:`EXACT` or :data:`FLOAT` once (:func:`domain`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

__all__ = ["Domain", "EXACT", "FLOAT", "domain"]


@dataclass(frozen=True)
class Domain:
    """The numbers of one computation.

    Examples
    --------
    >>> FLOAT.convert(Fraction(1, 4)), EXACT.convert(Fraction(1, 4)), EXACT.one
    (0.25, Fraction(1, 4), Fraction(1, 1))
    """

    name: str
    one: Any
    zero: Any
    convert: Callable[[Any], Any]

    @property
    def exact(self) -> bool:
        """Whether the domain is exact."""
        return self is EXACT

    def __repr__(self) -> str:
        return f"Domain({self.name})"


def _keep(x: Any) -> Any:
    return x


EXACT = Domain("exact", Fraction(1), Fraction(0), _keep)
"""Exact numbers: probabilities stay as they are (Fractions, or sympy expressions)."""

FLOAT = Domain("float", 1.0, 0.0, float)
"""Float64."""


def domain(exact: bool) -> Domain:
    """:data:`EXACT` or :data:`FLOAT`.

    Examples
    --------
    >>> domain(False)
    Domain(float)
    """
    return EXACT if exact else FLOAT
