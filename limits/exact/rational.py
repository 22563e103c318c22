"""Exact rational functions of one variable, with their Laurent expansions.

A :class:`RationalFunction` is a reduced quotient of integer polynomials
(coefficients low to high), made for ``sigma(p)``: evaluated exactly at
rationals, turned into sympy, and expanded around ``p = 1`` in powers of
``eps = 1 - p``.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Sequence

from flint import fmpq_poly, fmpz_poly

from .digits import digit_count, integer_text
from .mathml import ratio_mathml, series_mathml
from .qq import to_fmpq
from .series_pairing import RationalSeries

__all__ = ["RationalFunction", "Laurent"]


def _poly(coeffs: Sequence[int]) -> fmpz_poly:
    return fmpz_poly(list(coeffs))


@dataclass(frozen=True)
class Laurent:
    """``sum_{j >= -order} a_j eps^j``: a Laurent expansion around ``eps = 0``, or infinite for every eps > 0.

    The one series type of the package: the expansion of a rational function
    (:meth:`RationalFunction.laurent`), of sigma or its variance from the
    time-scale hierarchy, and of the whole chain's rational function.

    Attributes
    ----------
    order : int or Fraction
        m: 0 when the quantity has a finite limit ``a_0``; m > 0 when it
        diverges like ``a_{-m} eps^{-m}``; negative when it vanishes.
    coefficients : tuple of (int or Fraction, Fraction)
        ``(j, a_j)`` for ``j = -order, -order + 1/q, ...``.
    quantity : str
        What is expanded (``"sigma"``, ``"variance"``), for text.
    trap : tuple of int or None
        For a quantity infinite for every eps > 0: the loop that can hold the player.
    q : int
        The powers step by ``1/q``: a Puiseux series in eps, a Laurent series in ``eps^(1/q)``.

    Examples
    --------
    >>> s = Laurent(2, ((-2, Fraction(5, 26)), (-1, Fraction(3, 2))), "sigma")
    >>> s.text()
    'sigma = 5/26 eps^-2 + 3/2 eps^-1 + O(1)'
    >>> s
    Laurent(sigma = 5/26 eps^-2 + 3/2 eps^-1 + O(1))
    """

    order: int
    coefficients: tuple[tuple[int, Fraction], ...]
    quantity: str = ""
    trap: tuple[int, ...] | None = None
    q: int = 1

    @property
    def infinite(self) -> bool:
        """Whether the quantity is infinite for every eps > 0."""
        return self.trap is not None

    @property
    def leading_coefficient(self) -> Fraction:
        """``a_{-m}``, the first coefficient (0 for an empty series)."""
        return self.coefficients[0][1] if self.coefficients else Fraction(0)

    @property
    def limit(self) -> Fraction | float:
        """The limit as ``eps -> 0``: ``a_0`` when the order is 0, ``inf`` otherwise."""
        if self.trap is not None:
            return float("inf")
        if self.order > 0:
            return float("inf") if self.leading_coefficient > 0 else float("-inf")
        return dict(self.coefficients).get(0, Fraction(0))

    def __call__(self, eps: Any) -> Fraction:
        """The truncated series at ``eps`` (exact)."""
        e = Fraction(eps)
        return sum((a * e**j for j, a in self.coefficients), Fraction(0))

    def remainder(self) -> int | Fraction:
        """The power of the first term left out: the series is exact up to ``O(eps^remainder)``."""
        step = 1 if self.q == 1 else Fraction(1, self.q)
        return self.coefficients[-1][0] + step if self.coefficients else -self.order

    def text(self, *, digits: int = 12, variable: str = "eps", number: Callable[[Fraction], str] | None = None,
             named: bool = True) -> str:
        """The series in plain text, ascending, with ``O(1)``, ``O(eps)``, ``O(eps^2)`` for what is left out.

        A coefficient is its exact fraction when that is short (20 characters
        at most), else its decimal correctly rounded to ``digits`` digits; or
        what ``number`` writes of it. ``named`` puts the quantity's name first.
        """
        from .digits import decimal, ratio

        def short(a: Fraction) -> str:
            exact = ratio(a)
            return exact if len(exact) <= 20 else decimal(a, digits)

        name = f"{self.quantity} = " if self.quantity and named else ""
        if self.trap is not None:
            return f"{name}inf (a loop can hold the player for every eps > 0: {{{', '.join(map(str, self.trap))}}})"
        return name + self._joined(number or short, lambda j: _power(variable, j), "O(1)")

    def latex(self, *, variable: str = "\\varepsilon", number: Callable[[Fraction], str] | None = None,
              space: str = "\\,") -> str:
        """The series as LaTeX (math mode, no dollars), ascending; ``number`` writes a coefficient (default
        ``\\frac``), ``space`` goes between a coefficient and its power."""
        if self.trap is not None:
            return "\\infty"

        def frac(a: Fraction) -> str:
            n, d = integer_text(a.numerator), integer_text(a.denominator)
            return n if a.denominator == 1 else f"\\frac{{{n}}}{{{d}}}"

        def power(j: int) -> str:
            return variable if j == 1 else f"{variable}^{{{j}}}"

        return self._joined(number or frac, power, "O(1)", space)

    def _joined(self, number: Callable[[Fraction], str], power: Callable[[int], str], constant: str,
                space: str = " ") -> str:
        """Nonzero terms with their signs, ascending, then the order of what is left out."""
        out = ""
        for j, a in self.coefficients:
            if a:
                term = number(abs(a)) if j == 0 else power(j) if abs(a) == 1 else number(abs(a)) + space + power(j)
                out += (" - " if a < 0 else " + ") + term if out else ("- " if a < 0 else "") + term
        rest = self.remainder()
        return f"{out or 0} + {constant if rest == 0 else f'O({power(rest)})'}"

    def to_dict(self) -> dict:
        """``{"order", "leading_coefficient", "coefficients"}``, or ``{"infinite", "reason", "loop"}``."""
        if self.trap is not None:
            return {"infinite": True, "loop": self.trap,
                    "reason": "a loop can hold the player forever for every eps > 0"}
        return {"order": self.order, "leading_coefficient": self.leading_coefficient,
                "coefficients": self.coefficients}

    def __repr__(self) -> str:
        text = self.text(digits=6)
        return f"Laurent({text if len(text) <= 180 else text[:177] + '...'})"

    def _repr_latex_(self) -> str:
        return f"${self.latex()}$"

    def _repr_html_(self) -> str:
        """MathML, which a browser typesets with no script (a notebook exported offline too)."""
        if self.trap is not None:
            return f"<p>{html.escape(self.text())}</p>"
        return series_mathml({"sigma": "σ", "variance": "Var M"}.get(self.quantity, self.quantity), "ε",
                             self.coefficients)


def _power(variable: str, j: int | Fraction) -> str:
    return variable if j == 1 else f"{variable}^{j}" if Fraction(j).denominator == 1 else f"{variable}^({j})"


@dataclass(frozen=True)
class RationalFunction:
    """``numerator(x) / denominator(x)`` with integer coefficients, reduced.

    The denominator's leading coefficient is positive and the two polynomials
    share no factor.

    Examples
    --------
    >>> f = RationalFunction.from_polys([2, 2], [4, 0, -4])  # (2+2x)/(4-4x^2) = 1/(2-2x)
    >>> f.numerator, f.denominator
    ((-1,), (-2, 2))
    >>> f(Fraction(1, 2))
    Fraction(1, 1)
    >>> f.laurent(3)
    Laurent(1/2 eps^-1 + O(eps^2))
    """

    numerator: tuple[int, ...]
    denominator: tuple[int, ...]

    def __repr__(self) -> str:
        digits = max(digit_count(c) for c in self.numerator + self.denominator)
        if digits <= 12 and len(self.numerator) + len(self.denominator) <= 8:
            return f"RationalFunction(numerator={self.numerator}, denominator={self.denominator})"
        return (f"RationalFunction(degrees {self.degrees[0]} over {self.degrees[1]}, integer coefficients of up "
                f"to {digits} digits)")

    @classmethod
    def from_polys(cls, numerator: Sequence[Any], denominator: Sequence[Any]) -> "RationalFunction":
        """Reduce ``numerator / denominator`` (rational coefficients allowed)."""
        num = fmpq_poly([to_fmpq(c) for c in numerator])
        den = fmpq_poly([to_fmpq(c) for c in denominator])
        return cls.from_integer_polys(num.numer() * den.denom(), den.numer() * num.denom())

    @classmethod
    def from_integer_polys(cls, numerator: fmpz_poly, denominator: fmpz_poly) -> "RationalFunction":
        """Reduce a quotient of python-flint integer polynomials (fast path)."""
        if denominator.is_zero():
            raise ZeroDivisionError("the denominator is the zero polynomial")
        g = numerator.gcd(denominator)
        if not g.is_zero():
            numerator, denominator = numerator // g, denominator // g
        content = math.gcd(*(int(c) for c in numerator.coeffs() + denominator.coeffs()))
        sign = -1 if int(denominator.coeffs()[-1]) < 0 else 1
        top = tuple(sign * int(c) // content for c in numerator.coeffs()) or (0,)
        bottom = tuple(sign * int(c) // content for c in denominator.coeffs())
        return cls(top, bottom)

    @property
    def degrees(self) -> tuple[int, int]:
        """Degrees of numerator and denominator."""
        return len(self.numerator) - 1, len(self.denominator) - 1

    def __call__(self, x: Any) -> Fraction:
        """Exact value at a rational ``x``.

        Raises
        ------
        ZeroDivisionError
            At a pole.
        """
        xq = to_fmpq(x)
        num = _poly(self.numerator)(xq)
        den = _poly(self.denominator)(xq)
        if den == 0:
            raise ZeroDivisionError(f"the function has a pole at {x}")
        value = num / den
        return Fraction(int(value.p), int(value.q))

    def to_sympy(self, symbol: Any) -> Any:
        """The function as a sympy expression in ``symbol``."""
        import sympy

        num = sum(c * symbol**i for i, c in enumerate(self.numerator))
        den = sum(c * symbol**i for i, c in enumerate(self.denominator))
        return sympy.Mul(sympy.factor(num), sympy.Pow(sympy.factor(den), -1), evaluate=True)

    def _repr_latex_(self) -> str:
        import sympy

        return "$" + sympy.latex(self.to_sympy(sympy.Symbol("p"))) + "$"

    def _repr_html_(self) -> str:
        """MathML in p, which a browser typesets with no script; its size alone when its repr gives only that."""
        if repr(self).startswith("RationalFunction(degrees"):
            return f"<p>{html.escape(repr(self))}</p>"
        return ratio_mathml(self.numerator, self.denominator, "p")

    def reflected(self) -> "RationalFunction":
        """``f(1 - x)``, reduced: the same function in the other end's variable (p = 1 - eps).

        Examples
        --------
        >>> RationalFunction((1,), (0, 1)).reflected()  # 1/x -> 1/(1 - x)
        RationalFunction(numerator=(-1,), denominator=(-1, 1))
        """
        flip = fmpz_poly([1, -1])
        return RationalFunction.from_integer_polys(_poly(self.numerator)(flip), _poly(self.denominator)(flip))

    def derivative(self) -> "RationalFunction":
        """The derivative, reduced."""
        n, d = _poly(self.numerator), _poly(self.denominator)
        top = n.derivative() * d - n * d.derivative()
        return RationalFunction.from_polys([int(c) for c in top.coeffs()] or [0], [int(c) for c in (d * d).coeffs()])

    def laurent(self, terms: int = 4) -> Laurent:
        """The expansion around ``x = 1`` in ``eps = 1 - x``: ``terms`` coefficients from ``eps^-m``.

        The zero function (sigma from the goal itself) has order 0 and every
        coefficient 0.

        Raises
        ------
        LimitsError
            If ``terms`` < 1.

        Examples
        --------
        >>> RationalFunction((0,), (1,)).laurent(2).coefficients
        ((0, Fraction(0, 1)), (1, Fraction(0, 1)))
        """
        from ..checks import whole

        terms = whole(terms, "the number of terms", 1)
        flip = fmpq_poly([1, -1])  # x = 1 - eps
        num, den = (fmpq_poly(list(f))(flip).coeffs() for f in (self.numerator, self.denominator))
        vn, vd = (next((i for i, c in enumerate(coeffs) if c != 0), None) for coeffs in (num, den))
        if vn is None:  # the zero function
            return Laurent(0, tuple((i, Fraction(0)) for i in range(terms)))
        assert vd is not None
        order = vd - vn
        out = RationalSeries(fmpq_poly(num[vn:]), fmpq_poly(den[vd:])).terms(terms)
        return Laurent(order, tuple((i - order, c) for i, c in enumerate(out)))
