"""Exact numbers and sympy: telling them apart and turning one into the other.

Probabilities are :class:`fractions.Fraction` values or sympy expressions (a
symbol ``p`` makes every answer a function of p). These two helpers are the
only place that knows how the two meet; sympy is imported only when a value
is turned into it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["is_symbolic", "to_sympy"]


def is_symbolic(value: Any) -> bool:
    """Whether ``value`` is a sympy object (checked without importing sympy).

    Examples
    --------
    >>> from fractions import Fraction
    >>> is_symbolic(Fraction(1, 2)), is_symbolic(__import__("sympy").Symbol("p"))
    (False, True)
    """
    return type(value).__module__.startswith("sympy.")


def to_sympy(value: Any) -> Any:
    """``value`` as a sympy object: a Fraction or int exactly as a ``Rational``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> to_sympy(Fraction(2, 6)), to_sympy(3)
    (1/3, 3)
    """
    import sympy

    return sympy.sympify(value)  # a Fraction exactly, as a Rational
