"""sigma at an exact point of a family, with every printed digit right, at any p.

Two evaluations of ``(I - T) x = 1`` at an exact point:

* **exact**: rational arithmetic (python-flint), the primary answer while its
  size is reasonable: the estimated size of the exact value (the squares
  times the bits of the entries' common denominator) must stay within
  :data:`~limits.checks.MAX_EXACT_BITS`, about two seconds of work. Past it
  (p = 1 - 1e-500 on the paper's board) the certified enclosure is the answer;
* **certified enclosure**: python-flint ``arb_mat.solve`` (interval
  arithmetic). The working precision starts from what the digits and the
  problem need: near p = 1 the system is as ill-conditioned as sigma is
  large, about ``eps^-m`` with ``eps = 1 - p``, so ``log2(1/eps)`` bits are
  added per expected order of the pole; it doubles until the ball has the
  digits asked (both ends rounding alike when it is the answer), up to a
  bound from the size of the system (then ConvergenceError).

These are dense solves, whose cost grows as the cube of the squares. From
:data:`~limits.checks.SPARSE_FROM` squares on, the value comes from the
sparse system instead (:mod:`limits.limit.certified_sparse`): a certified
enclosure by state reduction in ball arithmetic, whose precision does not
grow as p nears 1, and the exact value by p-adic lifting where the
probabilities allow it. (The tests cross-check both routes with mpmath: ``tests/mpmath_check.py``.)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..checks import MAX_EXACT_BITS
from ..checks import digits as check_digits
from ..errors import ConvergenceError
from ..exact.digits import decimal, digit_count, ratio
from ..exact.domain import EXACT
from ..exact.enclosure import Enclosure
from ..exact.linsolve import solve_fractions
from ..exact.precision import accepted_ball, bits_for_digits, precisions
from ..game.linear_system import finite_system
from .certified_sparse import large_value

__all__ = ["SigmaValue", "certified_value", "arb_enclosure"]


@dataclass(frozen=True)
class SigmaValue:
    """sigma at one exact point, certified.

    Attributes
    ----------
    p : Fraction or None
        ``P(delta)`` for the loaded die, else None.
    eps : Fraction
        The family's parameter.
    exact : Fraction or None
        The exact value; None when its size is past :data:`~limits.checks.MAX_EXACT_BITS`
        (the enclosure is then the answer).
    enclosure : Enclosure
        A certified exact rational interval around the value (a single point
        when the start is the goal); ``enclosure_bits`` is the precision used.
    certain_digits : int
        Significant digits of :attr:`decimal` that are certain: the digits
        asked, unless the enclosure could not pin them down within the bound
        on work (only possible when ``exact`` is None).
    route : str
        ``"dense"`` (whole-matrix solves) or ``"sparse"`` (from
        :data:`~limits.checks.SPARSE_FROM` squares on: ball state reduction
        and p-adic lifting).
    """

    p: Fraction | None
    eps: Fraction
    exact: Fraction | None
    enclosure: Enclosure
    enclosure_bits: int
    certain_digits: int
    route: str = "dense"

    @property
    def decimal(self) -> str:
        """The value correctly rounded to ``certain_digits`` significant digits."""
        value = self.exact if self.exact is not None else self.enclosure.lower
        return decimal(value, self.certain_digits)

    def __float__(self) -> float:
        return float(self.exact if self.exact is not None else self.enclosure.lower)

    def __repr__(self) -> str:
        where = f"p = {_short(self.p)}" if self.p is not None else f"eps = {_short(self.eps)}"
        how = "exact" if self.exact is not None else f"{self.certain_digits} certified digits"
        return f"SigmaValue(sigma = {self.decimal} at {where}, {how})"

    def _repr_html_(self) -> str:
        from ..markup.jupyter import summary_html

        rows = [("sigma", self.decimal), ("certain digits", str(self.certain_digits)),
                ("at", f"p = {_short(self.p)}" if self.p is not None else f"eps = {_short(self.eps)}"),
                ("route", self.route)]
        if self.exact is not None:
            try:
                rows.append(("exact", ratio(self.exact, 60)))
            except ValueError:  # too long for a table cell: its length, the value one attribute away
                size = digit_count(self.exact.numerator) + digit_count(self.exact.denominator)
                rows.append(("exact", f"a fraction of {size} digits (the attribute exact)"))
        return summary_html("sigma at one point", rows)


def _short(x: Fraction) -> str:
    """A point in a repr: its fraction when short, else ``1 - 1e-23``-like, else its decimal."""
    text = ratio(x)
    if len(text) <= 24:
        return text
    for near, sign in ((1, "1 - "), (0, "")):
        gap = abs(x - near)
        if gap and gap.numerator == 1 and 10 ** (digit_count(gap.denominator) - 1) == gap.denominator:
            return f"{sign}1e-{digit_count(gap.denominator) - 1}"
    return decimal(x, 12)


def _system(chain: Any, square: int) -> tuple[list[list[Fraction]], int]:
    """The matrix ``I - T`` over the squares where sigma is finite at this point, and the row of the start."""
    system = finite_system(chain)
    return system.dense(EXACT), system.position[square]


def _denominator_bits(a: list[list[Fraction]]) -> int:
    """Bits of the common denominator of the entries of ``a``."""
    return math.lcm(*{v.denominator for row in a for v in row if v}).bit_length()


def _start_bits(a: list[list[Fraction]], p: Fraction, need: int) -> int:
    """A first precision: the bits the digits ``need``, plus log2(1/eps) per expected order of the pole near p = 0
    or 1."""
    far = max(_log2_inverse(p), _log2_inverse(1 - p))
    return need + 2 * len(a).bit_length() + 2 * far


def _log2_inverse(x: Fraction) -> int:
    return 0 if x == 0 else max(0, x.denominator.bit_length() - x.numerator.bit_length())


def _max_bits(a: list[list[Fraction]], need: int) -> int:
    """A bound past which no more precision is tried: twice a Hadamard-type bound on log2 of the condition, plus the
    bits the digits ``need``."""
    n = len(a)
    return 2 * (n * (_denominator_bits(a) + n.bit_length() + 1) + need) + 256


def arb_enclosure(a: list[list[Fraction]], row: int, digits: int, *, start_bits: int | None = None,
                  max_bits: int | None = None, same_rounding: bool = False) -> tuple[Enclosure, int]:
    """An exact rational interval around ``x[row]`` of ``a x = 1``, with ``digits`` certain digits.

    With ``same_rounding`` both ends must also round to the same decimal at
    ``digits`` digits (the interval is then the answer, not a check).

    Raises
    ------
    ConvergenceError
        If no precision up to the bound from the size of the system gives such an interval.

    Examples
    --------
    >>> e, bits = arb_enclosure([[Fraction(3)]], 0, 20)
    >>> e.lower <= Fraction(1, 3) <= e.upper, e.certain_digits() >= 20
    (True, True)
    """
    from flint import arb_mat, ctx, fmpq, fmpq_mat

    n = len(a)
    q = fmpq_mat(n, n, [fmpq(v.numerator, v.denominator) for r in a for v in r])
    need = bits_for_digits(digits) if start_bits is None or max_bits is None else 0
    start = need if start_bits is None else start_bits
    limit = _max_bits(a, need) if max_bits is None else max_bits
    for bits in precisions(start, max(limit, start)):
        with ctx.workprec(bits):
            try:
                x = arb_mat(q).solve(arb_mat(n, 1, [1] * n), algorithm="precond")[row, 0]
            except ZeroDivisionError:  # numerically singular at this precision
                continue
            if not x.is_finite():
                continue
        found = accepted_ball(x, digits, same_rounding)
        if found is not None:
            return found, bits
    raise ConvergenceError(f"no enclosure with {digits} certain digits within {limit} bits")


def certified_value(chain: Any, start: int, point: Fraction, digits: int = 20, *, p: Fraction | None = None
                    ) -> SigmaValue:
    """sigma from ``start`` on a numeric chain at an exact point: exact where it is cheap, always certified.

    Parameters
    ----------
    chain : Chain
        The chain at the point (a family's :meth:`~limits.limit.perturbed_chain.Perturbation.chain_at`).
    point : Fraction
        The family's eps there (for the first precision: near 0 and 1 the system is ill-conditioned).
    digits : int
        Significant digits to print and to certify.
    p : Fraction, optional
        ``P(delta)`` for the loaded die (recorded).

    Raises
    ------
    InfiniteExpectationError
        If at this point a loop can trap the player.
    ConvergenceError
        If no precision within the bound certifies the value.
    """
    digits = check_digits(digits)
    square = chain.entry(start)
    if square == chain.goal:
        return SigmaValue(p, point, Fraction(0), Enclosure.of(0), 0, digits)
    large = large_value(chain, start, digits)  # a trapped start raises there
    if large is not None:
        return SigmaValue(p, point, large[0], large[1], large[2], digits, route="sparse")
    a, row = _system(chain, square)
    if len(a) * _denominator_bits(a) <= MAX_EXACT_BITS:
        (x,) = solve_fractions(a, [[Fraction(1)] * len(a)])
        return SigmaValue(p, point, x[row], Enclosure.of(x[row]), 0, digits)
    need = bits_for_digits(digits)  # the one place the digits become bits
    bits0, limit = _start_bits(a, point, need), _max_bits(a, need)
    try:
        enclosure, bits = arb_enclosure(a, row, digits, start_bits=bits0, max_bits=limit, same_rounding=True)
        return SigmaValue(p, point, None, enclosure, bits, digits)
    except ConvergenceError:
        enclosure, bits = arb_enclosure(a, row, 1, start_bits=bits0, max_bits=limit)  # fewer digits, all certain
    agree = [d for d in range(digits, 0, -1) if decimal(enclosure.lower, d) == decimal(enclosure.upper, d)]
    if not agree:
        raise ConvergenceError(f"no correctly rounded digit of sigma within {bits} bits")
    return SigmaValue(p, point, None, enclosure, bits, agree[0])
