"""Real algebraic numbers in [0, 1] and the signs of integer polynomials at them and just beside them, exactly.

A number is the one root of a squarefree integer polynomial ``m`` in ``[lo, hi]`` (``lo == hi``: a rational
root met exactly; else ``m(lo) m(hi) < 0``). Once ``m`` is irreducible (:meth:`Algebraic.minimize`, python-flint's
``factor``), ``f(alpha) = 0`` exactly when ``m`` divides ``f``: every zero test is a division, and a sign off
zero is read from an arb ball on the interval, narrowed by bisection until the ball decides. Roots are isolated
by :func:`~limits.exact.real_roots.unit_interval_roots` on the interval mapped onto (0, 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from flint import arb, arb_poly, ctx, fmpq, fmpq_poly, fmpz_poly

from .real_roots import _SHIFT, _sign_changes, unit_interval_roots

__all__ = ["Algebraic", "descartes_bound", "first_odd_root"]


def _primitive(f: fmpz_poly) -> fmpz_poly:
    f = f / f.content() if f.content() != 1 else f
    return -f if f.leading_coefficient() < 0 else f


def _divides(m: fmpz_poly, f: fmpz_poly) -> bool:
    return m.degree() <= f.degree() and (f % m).is_zero()


@dataclass(eq=False)
class Algebraic:
    """A real algebraic number: the one root of ``m`` in ``[lo, hi]`` (the interval narrows in place).

    Examples
    --------
    >>> a = Algebraic(fmpz_poly([-1, 0, 2]), fmpq(1, 2), fmpq(1))  # 1 / sqrt 2
    >>> a.sign_of(fmpz_poly([-7, 10])), a.sign_right(fmpz_poly([1, 0, -2]))  # 10 a - 7 > 0; 1 - 2 x^2 falls
    (1, -1)
    >>> a.compare(Algebraic.rational(Fraction(5, 7))), float(a.enclosure(20)[0]), a.reflected().m
    (-1, 0.7071067811865476, 2*x^2 + (-4)*x + 1)
    """

    m: fmpz_poly
    lo: fmpq
    hi: fmpq

    @classmethod
    def rational(cls, q: Fraction) -> "Algebraic":
        """The rational number ``q``."""
        r = fmpq(q.numerator, q.denominator)
        return cls(fmpz_poly([-q.numerator, q.denominator]), r, r)

    @property
    def exact(self) -> Fraction | None:
        """The number when it is rational, else None."""
        if self.m.degree() != 1:
            return None
        a, b = (int(c) for c in self.m.coeffs())
        return Fraction(-a, b)

    def reflected(self) -> "Algebraic":
        """``1 - alpha``."""
        return Algebraic(_primitive(self.m(fmpz_poly([1, -1]))), 1 - self.hi, 1 - self.lo)

    def refine(self, bits: int) -> None:
        """Narrow the interval to a width of ``2^-bits`` or less."""
        rising = self.m(self.hi) > 0
        while self.hi - self.lo > fmpq(1, 2**bits):
            mid = (self.lo + self.hi) / 2
            v = self.m(mid)
            if v == 0:
                self.lo = self.hi = mid
                return
            self.lo, self.hi = (self.lo, mid) if (v > 0) == rising else (mid, self.hi)

    def enclosure(self, bits: int = 64) -> tuple[Fraction, Fraction]:
        """``(lower, upper)`` around the number, at most ``2^-bits`` apart."""
        self.refine(bits)
        return Fraction(int(self.lo.p), int(self.lo.q)), Fraction(int(self.hi.p), int(self.hi.q))

    def _ball_sign(self, f: fmpz_poly, bits: int) -> int:
        """The sign of ``f`` on the whole interval narrowed to ``2^-bits``, from an arb ball; 0 if undecided."""
        self.refine(bits)
        with ctx.workprec(2 * bits + f.height_bits() + 64):
            v = arb_poly(f.coeffs())(arb((self.lo + self.hi) / 2, (self.hi - self.lo) / 2))
        return 1 if v > 0 else -1 if v < 0 else 0

    def sign_of(self, f: fmpz_poly) -> int:
        """The sign of ``f`` at the number (``m`` irreducible), exactly."""
        if f.is_zero() or _divides(self.m, f):
            return 0
        bits = 64
        while not (s := self._ball_sign(f, bits)):
            bits *= 2
        return s

    def sign_right(self, f: fmpz_poly, side: int = 1) -> int:
        """The sign of ``f`` just right of the number (``side = -1``: just left); 0 only for the zero polynomial:
        ``sign g(alpha) sign m(alpha+)^k`` for ``f = m^k g``."""
        if f.is_zero():
            return 0
        if self.lo < self.hi and (s := self._ball_sign(f, 64)):
            return s  # f is not 0 at the number
        k = 0
        while _divides(self.m, f):
            f, k = f // self.m, k + 1
        up = 1 if self.lo == self.hi or self.m(self.hi) > 0 else -1
        return self.sign_of(f) * (up * side) ** k

    def strip(self, f: fmpz_poly) -> fmpz_poly:
        """``f`` with every factor vanishing at the number divided out."""
        while not f.is_zero() and _divides(self.m, f):
            f = f // self.m
        return f

    def compare(self, other: "Algebraic") -> int:
        """-1, 0 or 1 as the number is below, equal to or above ``other`` (squarefree polynomials suffice: the
        two are equal when the gcd of their polynomials has a root where the intervals meet)."""
        g = self.m.gcd(other.m)
        while True:
            if self.hi < other.lo or other.hi < self.lo:
                return -1 if self.hi < other.lo else 1
            a, b = max(self.lo, other.lo), min(self.hi, other.hi)
            if g.degree() >= 1 and (g(a) == 0 or g(b) == 0 or (g(a) > 0) != (g(b) > 0)):
                return 0
            for x in (self, other):
                x.refine(int((x.hi - x.lo).q).bit_length() - int((x.hi - x.lo).p).bit_length() + 1)

    def minimize(self) -> "Algebraic":
        """Make ``m`` the minimal polynomial: the irreducible factor with the root."""
        for q, _ in self.m.factor()[1] if self.m.degree() > 1 else ():
            if q(self.lo) == 0 or (q(self.lo) > 0) != (q(self.hi) > 0):
                self.m = _primitive(q)
                if q.degree() == 1:
                    self.lo = self.hi = fmpq(*(int(c) for c in self.m.coeffs())) * -1
                break
        return self


def _on_unit(f: fmpz_poly, a: fmpq, b: fmpq) -> fmpz_poly:
    """An integer multiple of ``f(a + (b - a) t)``: f's roots in (a, b) as roots in t in (0, 1)."""
    g = fmpq_poly(f.coeffs())(fmpq_poly([a, b - a]))
    return fmpz_poly([int(c) for c in (g * g.denom()).coeffs()])


def descartes_bound(f: fmpz_poly, a: fmpq, b: fmpq) -> int:
    """The sign changes that bound the number of f's roots in (a, b), by Descartes' rule (0: none there)."""
    g = _on_unit(f, a, b)
    coeffs = g.coeffs() + [0] * (f.degree() + 1 - g.length())
    return _sign_changes(fmpz_poly(coeffs[::-1])(_SHIFT).coeffs())


def first_odd_root(f: fmpz_poly, a: Algebraic, lo: fmpq, up: fmpq) -> Algebraic | None:
    """The least root of ``f`` in (a, up) where it changes sign (odd multiplicity), ``lo <= a``, ``f(a) != 0``;
    None if there is none. Its polynomial is the product of f's squarefree factors of odd multiplicity."""
    odd = fmpz_poly([1])
    for q, e in f.factor_squarefree()[1]:
        odd = odd * q if e % 2 else odd
    if odd.degree() < 1:
        return None
    odd, end = _primitive(odd), Algebraic.rational(Fraction(int(up.p), int(up.q)))
    step = fmpq(1, 2 ** max(int(lo.q).bit_length(), int(up.q).bit_length(), 12))
    while odd(lo) == 0:
        lo -= step
    while odd(up) == 0:  # widened past a root at up, left out below
        up += step
    parts = [odd] if (found := unit_interval_roots(_on_unit(odd, lo, up), 8)) is not None else \
        [_primitive(q) for q, e in f.factor()[1] if e % 2]  # a rational root on a halving point: by factors
    roots = []
    for q in parts:
        if q.degree() == 1:
            r = fmpq(-int(q.coeffs()[0]), int(q.coeffs()[1]))
            roots += [Algebraic(q, r, r)] if lo < r < up else []
        else:
            found = found if q is odd else unit_interval_roots(_on_unit(q, lo, up), 8)
            roots += [Algebraic(q, lo + x * (up - lo), lo + y * (up - lo)) for x, y in found]
    best = None
    for r in roots:
        if r.compare(a) > 0 and r.compare(end) < 0 and (best is None or r.compare(best) < 0):
            best = r
    return best
