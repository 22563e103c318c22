"""The loading that makes the game shortest: argmin over p of sigma_delta(p).

sigma = N/D is an exact rational function, finite on (0, 1), so its least
value there is either at a real root of ``N' D - N D'`` in (0, 1) or the
limit at an end of the interval. Every decision is exact or certified:

* the limits at p -> 0+ and p -> 1- are exact: ``N(0)/D(0)`` and
  ``N(1)/D(1)`` from integer coefficients, or +inf where D vanishes (sigma > 0
  on (0, 1), so a pole there is at +inf);
* the critical polynomial is factored over the integers (python-flint): a
  linear factor gives an exact rational root, where sigma is exact too; the
  other factors' real roots in (0, 1) are isolated by Descartes' rule of
  signs and narrowed into certified balls
  (:func:`limits.exact.real_roots.unit_interval_roots`, 60 times faster on
  sigma_5 than finding every complex root; an irreducible factor of degree 2
  or more has no root on a halving point);
* sigma is enclosed on each interior ball by ball arithmetic, and the least
  value is chosen only when its ball lies below every other candidate (two
  exact values are compared exactly);
* the winner's balls are narrowed until both ends round to the same decimal
  at the digits asked, so the decimal is the correctly rounded value.

The precision starts from the digits asked and doubles until every decision
is certain, up to a bound (then :class:`~limits.errors.ConvergenceError`).
The end points themselves (a die that never or always rolls delta) are given
separately: at p = 1 the walk is deterministic.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from functools import reduce
from typing import Any

from flint import fmpq, fmpz_poly

from ..checks import digits as check_digits
from ..errors import ConvergenceError
from ..exact.digits import decimal
from ..exact.enclosure import Enclosure
from ..exact.precision import bits_for_digits, precisions
from ..exact.rational import RationalFunction
from .expansion import exact_function
from .perturbed_chain import Perturbation
from .sweep import exact_or_infinite

__all__ = ["Attained", "Optimum", "least_sigma", "least_value"]


class Attained(enum.Enum):
    """Where the least value of sigma on (0, 1) is."""

    INTERIOR = "interior"
    """At a critical point inside (0, 1)."""
    LIMIT_AT_ZERO = "p -> 0"
    """Not attained: the infimum is the limit as p -> 0+."""
    LIMIT_AT_ONE = "p -> 1"
    """Not attained: the infimum is the limit as p -> 1-."""
    EVERYWHERE = "constant"
    """sigma does not depend on p."""


@dataclass(frozen=True)
class Optimum:
    """Where sigma_delta is least on (0, 1), with certified values.

    Attributes
    ----------
    delta : int or None
        The loaded face (None for another family's parameter).
    attained : Attained
    p_enclosure : Enclosure
        An exact rational interval holding the minimising p: a single point
        when p is rational (and 0 or 1 for a limit at an end; the whole of
        [0, 1] when sigma is constant).
    p_polynomial : tuple of int
        A squarefree integer polynomial (coefficients low to high) whose only
        root in ``p_enclosure`` is p, so that p can be refined at will;
        ``()`` when sigma is constant.
    sigma_enclosure : Enclosure
        An exact rational interval holding the least value (the infimum, at
        an end): a single point when that value is rational.
    at_zero, at_one : Fraction or float
        sigma with P(delta) exactly 0 and exactly 1 (``inf`` when trapped).
    digits : int
        The significant digits both enclosures pin down: each end of each
        enclosure rounds to the same decimal at this many digits.
    """

    delta: int | None
    attained: Attained
    p_enclosure: Enclosure
    p_polynomial: tuple[int, ...]
    sigma_enclosure: Enclosure
    at_zero: Fraction | float
    at_one: Fraction | float
    digits: int

    def __repr__(self) -> str:
        name = "p" if self.delta is not None else "eps"
        what = f"sigma_{self.delta}" if self.delta is not None else "sigma"
        where = {Attained.INTERIOR: f"at {name} = {self.p}", Attained.EVERYWHERE: f"at every {name}",
                 Attained.LIMIT_AT_ZERO: f"as {name} -> 0", Attained.LIMIT_AT_ONE: f"as {name} -> 1"}[self.attained]
        return f"Optimum(least {what} {self.sigma} {where}; {self.digits} certified digits)"

    @property
    def interior(self) -> bool:
        """Whether the least value is attained in (0, 1) (at a point, or everywhere)."""
        return self.attained in (Attained.INTERIOR, Attained.EVERYWHERE)

    @property
    def p(self) -> str:
        """The minimising p correctly rounded to ``digits`` digits (``"0"``/``"1"`` at an end, ``"any"``)."""
        return "any" if self.attained is Attained.EVERYWHERE else decimal(self.p_enclosure.lower, self.digits)

    @property
    def sigma(self) -> str:
        """The least value correctly rounded to ``digits`` digits."""
        return decimal(self.sigma_enclosure.lower, self.digits)


@dataclass(frozen=True)
class _Candidate:
    value: Any  # an arb ball, or an exact Fraction, or None for +inf
    p: Any  # an arb ball or an exact Fraction
    poly: fmpz_poly
    attained: Attained

    @property
    def exact(self) -> bool:
        return self.value is None or isinstance(self.value, Fraction)


class _Undecided(Exception):
    """Balls too wide to decide at this precision."""


def least_sigma(family: Perturbation, digits: int = 30) -> Optimum:
    """Where sigma of a family is least over its parameter in (0, 1), with sigma there, both certified.

    The parameter is p for the loaded die (``P(delta)``, whichever end it
    tends to) and eps for any other family.
    :meth:`limits.limit.perturbed_chain.Perturbation.optimum` is this as a verb;
    :func:`limits.optimum` takes the loaded die by its face.

    Parameters
    ----------
    digits : int
        Significant digits to certify (1..:data:`~limits.checks.MAX_DIGITS`).

    Raises
    ------
    StartError, InfiniteExpectationError, TooLargeError
        For a start from which the game may never end, or a family past
        :data:`~limits.checks.MAX_FUNCTION_STATES` squares.
    ConvergenceError
        If the decisions cannot be made within the bound on precision (two
        candidates with values too close to tell apart).

    Examples
    --------
    >>> from limits import Perturbation
    >>> o = least_sigma(Perturbation.loaded(delta=6), digits=12)
    >>> o.p, o.sigma, o.attained
    ('0.563373946426', '33.6575876217', <Attained.INTERIOR: 'interior'>)
    >>> o = least_sigma(Perturbation.loaded(delta=3), digits=8)
    >>> o.attained, o.sigma, o.sigma_enclosure == Enclosure.of(o.at_zero)
    (<Attained.LIMIT_AT_ZERO: 'p -> 0'>, '37.083782', True)
    """
    digits = check_digits(digits)
    f = exact_function(family)
    at_zero, at_one = exact_or_infinite(family, Fraction(0)), exact_or_infinite(family, Fraction(1))
    delta, p_to = family.loaded_face or (None, 0)
    if p_to == 1:  # p = 1 - eps
        return least_value(f.reflected(), at_one, at_zero, digits=digits, delta=delta)
    return least_value(f, at_zero, at_one, digits=digits, delta=delta)


def least_value(f: RationalFunction, at_zero: Fraction | float, at_one: Fraction | float, *, digits: int = 30,
                delta: int | None = None) -> Optimum:
    """Where a rational function, finite and positive on (0, 1), is least there: both certified.

    The work of :func:`least_sigma`, for any such function of a parameter in
    (0, 1): sigma of a family ``(1 - eps) AT + eps TOWARD`` as a function of
    eps (:meth:`limits.limit.perturbed_chain.Perturbation.rational_function`).

    Parameters
    ----------
    f : RationalFunction
        sigma as a function of the parameter, with no pole in (0, 1).
    at_zero, at_one : Fraction or float
        sigma with the parameter exactly 0 and 1 (``inf`` when trapped), as reported.
    digits : int
        Significant digits to certify.
    delta : int, optional
        The loaded face, when ``f`` is sigma_delta(p).

    Raises
    ------
    ConvergenceError
        If the decisions cannot be made within the bound on precision.

    Examples
    --------
    >>> from limits import Perturbation
    >>> from limits.model.die import uniform_on
    >>> two = Perturbation.between(uniform_on([2, 5]), uniform_on([1, 3, 4, 6]))
    >>> at_zero = float("inf")  # with only 2s and 5s, a player on 99 never wins
    >>> o = least_value(two.rational_function(), at_zero, two.exact_value(1), digits=8)
    >>> o.p, o.sigma, o.attained
    ('0.57622703', '39.537503', <Attained.INTERIOR: 'interior'>)
    """
    digits = check_digits(digits)
    what = "sigma" if delta is None else f"sigma_{delta}"
    num, den = fmpz_poly(list(f.numerator)), fmpz_poly(list(f.denominator))
    crit = num.derivative() * den - num * den.derivative()
    if crit.is_zero():  # sigma is constant
        value = Fraction(int(num[0]), int(den[0]))
        return Optimum(delta, Attained.EVERYWHERE, Enclosure(Fraction(0), Fraction(1)), (),
                       Enclosure(value, value), at_zero, at_one, digits)
    # the exact limits at p -> 0 and p -> 1; None for +inf (a pole: sigma > 0 on (0, 1))
    ends = [_Candidate(None if den(x) == 0 else Fraction(int(num(x)), int(den(x))), Fraction(x), fmpz_poly([-x, 1]),
                       where) for x, where in ((0, Attained.LIMIT_AT_ZERO), (1, Attained.LIMIT_AT_ONE))]
    for end in ends:  # p = 0 and p = 1 are not interior: divide their factors out, exactly
        while crit(int(end.p)) == 0:
            crit = crit // end.poly
    # The factors over the integers: a rational root (a linear factor) is taken exactly, since on a rounding
    # boundary its ball would stay undecided for ever; the other factors' real roots are enclosed in balls.
    exact, balls = list(ends), []
    for g, _ in crit.factor()[1]:
        if g.degree() == 1:
            root = Fraction(-int(g[0]), int(g[1]))
            if 0 < root < 1:
                exact.append(_Candidate(f(root), root, g, Attained.INTERIOR))
        elif g.degree() > 1:
            balls.append(g)
    start_bits = bits_for_digits(digits) + 2 * crit.degree().bit_length()
    limit = 64 * start_bits + 4 * crit.height_bits()
    for bits in precisions(start_bits, limit):
        try:
            best = _decide(num, den, exact, balls, bits, digits)
        except _Undecided:
            continue
        poly = tuple(int(c) for c in best.poly.coeffs())
        return Optimum(delta, best.attained, _enclosure(best.p), poly,
                       _enclosure(best.value), at_zero, at_one, digits)
    raise ConvergenceError(f"the least value of {what} could not be told apart from another "
                           f"candidate within {limit} bits")


def _decide(num: fmpz_poly, den: fmpz_poly, exact: list[_Candidate], balls: list[fmpz_poly], bits: int,
            digits: int) -> _Candidate:
    """The best candidate, certified at ``bits``; ``balls`` are squarefree polynomials whose real roots are enclosed."""
    from flint import ctx

    with ctx.workprec(bits):
        candidates = list(exact)
        for g in balls:
            candidates += [_Candidate(num(x) / den(x), x, g, Attained.INTERIOR) for x in _roots_inside(g, bits)]
        best = reduce(lambda b, c: c if _less(c, b) else b, candidates)
        for c in candidates:
            if c is not best and not _less(best, c):
                raise _Undecided  # a tie between distinct candidates: only exact values may tie
        for ball in (best.p, best.value):
            if not isinstance(ball, Fraction):
                e = _enclosure(ball)
                if decimal(e.lower, digits) != decimal(e.upper, digits):
                    raise _Undecided
        return best


def _roots_inside(g: fmpz_poly, bits: int) -> list[Any]:
    """Balls around the real roots of the irreducible ``g`` (of degree 2 or more: no root on a halving point, none
    at 0 or 1) in (0, 1), at the working precision ``bits``, isolated and narrowed in (0, 1) alone
    (:func:`limits.exact.real_roots.unit_interval_roots`)."""
    from flint import arb

    from ..exact.real_roots import unit_interval_roots

    intervals = unit_interval_roots(g, bits)
    if intervals is None:  # roots too close together to part at this precision
        raise _Undecided
    return [arb(a).union(arb(b)) for a, b in intervals]


def _less(a: _Candidate, b: _Candidate) -> bool:
    """Whether a is certainly better than b: a smaller value, or (both exact and equal) attained before b.

    Raises _Undecided when the balls overlap.
    """
    if a.value is None or b.value is None:
        return a.value is not None
    if a.exact and b.exact:
        return _rank(a) < _rank(b)
    av, bv = _ball(a.value), _ball(b.value)
    if av < bv:
        return True
    if av > bv:
        return False
    raise _Undecided


def _rank(c: _Candidate) -> tuple[Fraction, int, Fraction]:
    """Exact candidates in order of value. On an exact tie: attained inside first, then the smaller p."""
    return (c.value, 0 if c.attained is Attained.INTERIOR else 1, c.p)


def _ball(value: Any) -> Any:
    from flint import arb

    return arb(fmpq(value.numerator, value.denominator)) if isinstance(value, Fraction) else value


def _enclosure(value: Any) -> Enclosure:
    """The exact rational interval of a ball: midpoint -+ radius, both exact (no rounding to any precision)."""
    return Enclosure(value, value) if isinstance(value, Fraction) else Enclosure.from_arb(value)
