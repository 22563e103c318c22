"""Exact rational enclosures: an interval ``[lower, upper]`` known to hold a real number, and a vector of them."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .digits import certain_digits, decimal
from .known_digits import IntervalText, interval_text

__all__ = ["Enclosure", "Enclosures"]


@dataclass(frozen=True)
class Enclosure:
    """An exact rational interval ``[lower, upper]`` that contains a real number.

    Examples
    --------
    >>> e = Enclosure(Fraction(1, 3), Fraction(1, 3))
    >>> e.is_exact, e.certain_digits()
    (True, None)
    """

    lower: Fraction
    upper: Fraction

    @classmethod
    def of(cls, value: Any) -> Enclosure:
        """``value`` if it is an enclosure, else the one-point interval of the exact number.

        Examples
        --------
        >>> Enclosure.of(Fraction(1, 2)).is_exact
        True
        """
        return value if isinstance(value, Enclosure) else cls(Fraction(value), Fraction(value))

    @classmethod
    def from_arb(cls, x: Any) -> Enclosure:
        """The exact interval of a python-flint ``arb`` ball: midpoint -+ radius, both exact binary numbers.

        Examples
        --------
        >>> from flint import arb
        >>> e = Enclosure.from_arb(arb(1) / 3)
        >>> e.lower < Fraction(1, 3) < e.upper
        True
        """
        if not x.is_finite():
            raise ValueError("an arb ball that is not finite encloses nothing")
        mid, rad = (int(m) * Fraction(2) ** int(e) for m, e in (x.mid().man_exp(), x.rad().man_exp()))
        return cls(mid - rad, mid + rad)

    def sqrt(self, bits: int) -> Enclosure:
        """``[sqrt(lower), sqrt(upper)]`` (of a nonnegative interval) rounded outward to multiples of ``2^-bits``.

        Examples
        --------
        >>> r = Enclosure(Fraction(2), Fraction(2)).sqrt(20)
        >>> r.lower ** 2 < 2 < r.upper ** 2, r.width == Fraction(1, 2**20)
        (True, True)
        """
        scale = 1 << (2 * bits)
        a = math.isqrt(self.lower.numerator * scale // self.lower.denominator)
        top = -(-self.upper.numerator * scale // self.upper.denominator)
        b = math.isqrt(top)
        if b * b < top:
            b += 1
        return Enclosure(Fraction(a, 1 << bits), Fraction(b, 1 << bits))

    @property
    def is_exact(self) -> bool:
        """Whether the interval is a single point."""
        return self.lower == self.upper

    @property
    def width(self) -> Fraction:
        """``upper - lower``."""
        return self.upper - self.lower

    def __contains__(self, value: Any) -> bool:
        return self.lower <= Fraction(value) <= self.upper

    def certain_digits(self) -> int | None:
        """Significant digits the interval pins down (:func:`limits.exact.digits.certain_digits`); None when exact.

        Examples
        --------
        >>> Enclosure(Fraction(12344, 1000), Fraction(12346, 1000)).certain_digits()
        3
        """
        return None if self.is_exact else certain_digits(self.lower, self.upper)

    def shown(self, digits: int = 20) -> str:
        """The value for a person: the decimal every number of the interval rounds to, at most ``digits`` digits.

        Where not even one digit is certain, the interval itself, its bounds rounded outward.

        Examples
        --------
        >>> Enclosure(Fraction(12344, 1000), Fraction(12346, 1000)).shown()
        '12.3'
        >>> Enclosure(Fraction(1, 4), Fraction(1, 4)).shown()
        '0.25'
        """
        if self.is_exact:
            return decimal(self.lower, digits)
        t = self.text(digits)
        return f"[{t.lower}, {t.upper}]" if t.decimal is None else t.decimal

    def __repr__(self) -> str:
        if self.is_exact:
            return f"Enclosure(exactly {self.shown()})"
        t = self.text(20)
        return f"Enclosure({self.shown()}, {t.certain_digits} certain digits)"

    def text(self, digits: int) -> IntervalText:
        """The interval's certain decimal (at most ``digits``) and its bounds rounded outward.

        Examples
        --------
        >>> Enclosure(Fraction(12344, 1000), Fraction(12346, 1000)).text(8)
        IntervalText(decimal='12.3', certain_digits=3, lower='12.344', upper='12.346')
        """
        return interval_text(self.lower, self.upper, digits)


@dataclass(frozen=True, eq=False)
class Enclosures:
    """A vector of enclosures over one scale: ``[(X_i - E_i) / S, (X_i + E_i) / S]``, integers X and E >= 0.

    Attributes
    ----------
    numerators, errors : ndarray
        X and E (object arrays of Python ints; E = 0 where a value is exact).
    scale : int
        S (a power of two for values proven from floats, a common denominator for exact ones).

    Examples
    --------
    >>> v = Enclosures([3, 8], [1, 0], 4)
    >>> v[0] == Enclosure(Fraction(1, 2), Fraction(1)), v[1].is_exact, v.widest, len(v)
    (True, True, Fraction(1, 4), 2)
    """

    numerators: Any
    errors: Any
    scale: int

    def __len__(self) -> int:
        return len(self.numerators)

    def __getitem__(self, i: int) -> Enclosure:
        x, e = int(self.numerators[i]), int(self.errors[i])
        return Enclosure(Fraction(x - e, self.scale), Fraction(x + e, self.scale))

    def placed(self, where: Any, size: int) -> Enclosures:
        """The vector of ``size`` values with these at the indices ``where`` and exactly 0 elsewhere.

        Examples
        --------
        >>> Enclosures([3], [1], 4).placed([1], 2)[0].is_exact
        True
        """
        import numpy as np

        x, e = np.zeros(size, dtype=object), np.zeros(size, dtype=object)
        x[where], e[where] = self.numerators, self.errors
        return Enclosures(x, e, self.scale)

    @property
    def exact(self) -> bool:
        """Whether every value is exact."""
        return not any(self.errors)

    @property
    def widest(self) -> Fraction:
        """The largest error ``max E / S`` (half the widest enclosure)."""
        return Fraction(int(max(self.errors, default=0)), self.scale)
