"""Sums of products of two rational power series, exactly: ``sum_t a_t b_t`` by residues.

A sequence with a rational generating function ``A(z) = N(z) / D(z)`` (a
first-passage law, a survival curve) whose denominator has every root outside
the closed unit disk is absolutely summable, and so is the product of two of
them. Parseval's identity turns the sum into a contour integral over the
unit circle,

    sum_t a_t b_t = (1 / 2 pi i) \\oint A(z) B(1/z) dz / z,

whose poles inside the circle are the roots of the reversed denominator of
``B`` (the reciprocals of B's poles) and perhaps 0. With
``G = A(z) B(1/z) / z = N_G / (E * I)``, ``E`` the denominator of A (roots
outside) and ``I`` the factor with the roots inside, the partial fraction
``U / I`` with ``U = N_G E^{-1} mod I`` carries every residue inside, and
their sum is ``U``'s coefficient of ``z^(deg I - 1)`` over the leading
coefficient of ``I`` (the residue at infinity of ``U / I``, negated). One
exact linear solve of the size of the chains (python-flint) gives the exact
sum, repeated roots included: no root is ever computed.

On the paper's board this gives a seat's chance in a game of two players, a
fraction of 4,453 digits over 4,453, in well under a second (a linear solve
on the 3,321 unordered pairs of squares would take seconds, on the 6,561
ordered ones a minute: ``benchmarks/seat_chances.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

from flint import fmpq, fmpq_poly

from .qq import to_fmpq, to_fraction

__all__ = ["RationalSeries", "pairing"]


def _reversed(p: fmpq_poly) -> fmpq_poly:
    """``z^deg p * p(1/z)``."""
    return fmpq_poly(list(reversed(p.coeffs())))


@dataclass(frozen=True)
class RationalSeries:
    """The power series ``numerator(z) / denominator(z)`` (python-flint ``fmpq_poly``; ``denominator(0) != 0``).

    Examples
    --------
    >>> geometric = RationalSeries.of([1], [1, Fraction(-1, 2)])  # 1, 1/2, 1/4, ...
    >>> geometric.terms(4), geometric.at_one()
    ([Fraction(1, 1), Fraction(1, 2), Fraction(1, 4), Fraction(1, 8)], Fraction(2, 1))
    >>> geometric.tail().terms(3)  # the sums of the terms after t: 1, 1/2, 1/4
    [Fraction(1, 1), Fraction(1, 2), Fraction(1, 4)]
    """

    numerator: fmpq_poly
    denominator: fmpq_poly

    def __post_init__(self) -> None:
        if self.denominator.is_zero() or self.denominator.coeffs()[0] == 0:
            raise ValueError("a power series needs a denominator that does not vanish at 0")

    @classmethod
    def of(cls, numerator: Sequence[Any], denominator: Sequence[Any]) -> "RationalSeries":
        """From coefficient lists, lowest degree first."""
        return cls(fmpq_poly([to_fmpq(c) for c in numerator]), fmpq_poly([to_fmpq(c) for c in denominator]))

    @classmethod
    def from_terms(cls, terms: Sequence[Any], denominator: fmpq_poly) -> "RationalSeries":
        """The series whose first ``len(terms)`` coefficients are ``terms``, with the given denominator.

        The numerator is ``(sum terms_t z^t) * denominator`` cut below ``z^len(terms)``: right whenever the
        true numerator has degree below ``len(terms)``.
        """
        head = fmpq_poly([to_fmpq(c) for c in terms])
        return cls((head * denominator).truncate(len(terms)), denominator)

    def __repr__(self) -> str:
        return (f"RationalSeries(numerator of degree {self.numerator.degree()}, "
                f"denominator of degree {self.denominator.degree()})")

    def terms(self, count: int) -> list[Fraction]:
        """The first ``count`` coefficients, exactly (long division; FLINT's series are capped by a global
        precision).

        Examples
        --------
        >>> RationalSeries.of([1], [1, -1, -1]).terms(6)  # Fibonacci
        [Fraction(1, 1), Fraction(1, 1), Fraction(2, 1), Fraction(3, 1), Fraction(5, 1), Fraction(8, 1)]
        """
        d = self.denominator.coeffs()
        n = self.numerator.coeffs()
        out: list[fmpq] = []
        for t in range(count):
            acc = n[t] if t < len(n) else fmpq(0)
            for j in range(1, min(t, len(d) - 1) + 1):
                acc -= d[j] * out[t - j]
            out.append(acc / d[0])
        return [to_fraction(c) for c in out]

    def at_one(self) -> Fraction:
        """The sum of every coefficient, ``numerator(1) / denominator(1)`` (the denominator must not vanish at 1)."""
        den = self.denominator(1)
        if den == 0:
            raise ZeroDivisionError("the series has a pole at z = 1")
        return to_fraction(self.numerator(1) / den)

    def shifted(self, by: int = 1) -> "RationalSeries":
        """``z^by`` times the series: the sequence moved ``by`` places on."""
        return RationalSeries(self.numerator * fmpq_poly([0] * by + [1]), self.denominator)

    def tail(self) -> "RationalSeries":
        """The series of ``sum_{u > t} a_u``: ``(A(1) - A(z)) / (1 - z)``."""
        n1, d1 = self.numerator(1), self.denominator(1)
        top = n1 * self.denominator - d1 * self.numerator  # vanishes at 1
        quotient, rest = divmod(top, fmpq_poly([1, -1]))
        if not rest.is_zero():  # pragma: no cover - top(1) = 0 by construction
            raise ArithmeticError("the tail's numerator does not vanish at 1")
        return RationalSeries(quotient, self.denominator * d1)

    def reduced(self) -> "RationalSeries":
        """The same series with the numerator's and denominator's common factors divided out."""
        if self.numerator.is_zero():
            return RationalSeries(self.numerator, fmpq_poly([1]))
        g = self.numerator.gcd(self.denominator)
        if g.degree() <= 0:
            return self
        return RationalSeries(self.numerator // g, self.denominator // g)


def pairing(a: RationalSeries, b: RationalSeries) -> Fraction:
    """``sum_{t >= 0} a_t b_t`` exactly, for two series whose denominators have every root outside the closed unit disk.

    The condition is the caller's to keep (a transient chain restricted to the
    squares from which it can finish has it); a root on or inside the circle
    would make the sum diverge or the formula meaningless.

    Examples
    --------
    >>> half = RationalSeries.of([1], [1, Fraction(-1, 2)])     # (1/2)^t
    >>> third = RationalSeries.of([1], [1, Fraction(-1, 3)])    # (1/3)^t
    >>> pairing(half, third)                                     # sum (1/6)^t
    Fraction(6, 5)
    >>> pairing(half, RationalSeries.of([0, 0, 5], [1]))          # 5 (1/2)^2
    Fraction(5, 4)
    """
    a, b = a.reduced(), b.reduced()
    if a.numerator.is_zero() or b.numerator.is_zero():
        return Fraction(0)
    nb, db = b.numerator, b.denominator
    shift = db.degree() - nb.degree() - 1
    top = a.numerator * _reversed(nb)
    inside = _reversed(db)
    if shift >= 0:
        top = top * fmpq_poly([0] * shift + [1])
    else:
        inside = inside * fmpq_poly([0] * -shift + [1])
    return _inside_residues(top, a.denominator, inside)


def _inside_residues(top: fmpq_poly, outside: fmpq_poly, inside: fmpq_poly) -> Fraction:
    """The sum of the residues of ``top / (outside * inside)`` at the roots of ``inside`` (coprime to ``outside``).

    ``U = top * outside^-1 mod inside`` is the solution of ``M u = (top mod inside)``, M the matrix of
    multiplication by ``outside`` modulo ``inside`` (columns ``outside * z^k mod inside``); only U's top
    coefficient is needed. One exact integer solve (python-flint, p-adic) is about three times faster than
    the extended gcd over the rationals, whose Bezout coefficients are all as large as the resultant.
    """
    from flint import fmpq_mat

    d = inside.degree()
    lead = inside.coeffs()[-1]
    monic = inside / lead
    column = outside % monic
    shift = fmpq_poly([0, 1])
    columns = []
    for _ in range(d):
        columns.extend(column.coeffs() + [fmpq(0)] * (d - column.length()))
        column = (column * shift) % monic
    rhs = top % monic
    # M and the right-hand side, each scaled to integers by its own common denominator (in C): M u = r is
    # (sM M) u = (sM / sr) (sr r)
    matrix, matrix_scale = fmpq_mat(d, d, columns).transpose().numer_denom()
    vector, vector_scale = fmpq_mat(d, 1, rhs.coeffs() + [fmpq(0)] * (d - rhs.length())).numer_denom()
    try:
        u = matrix.solve(vector)
    except ZeroDivisionError:
        raise ArithmeticError("a pole of the first series meets a reciprocal pole of the second: "
                              "a root on the unit circle") from None
    return to_fraction(u[d - 1, 0] * fmpq(matrix_scale, vector_scale) / lead)
