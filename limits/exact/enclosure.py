"""Exact rational enclosures: an interval ``[lower, upper]`` known to hold a real number."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .digits import certain_digits

__all__ = ["Enclosure"]


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

    @property
    def is_exact(self) -> bool:
        """Whether the interval is a single point."""
        return self.lower == self.upper

    @property
    def width(self) -> Fraction:
        """``upper - lower``."""
        return self.upper - self.lower

    def certain_digits(self) -> int | None:
        """Significant digits the interval pins down (:func:`limits.exact.digits.certain_digits`); None when exact.

        Examples
        --------
        >>> Enclosure(Fraction(12344, 1000), Fraction(12346, 1000)).certain_digits()
        3
        """
        if self.is_exact:
            return None
        return certain_digits(self.lower, self.upper)
