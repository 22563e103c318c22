"""sigma at an exact point of a family, with every printed digit right, at any p.

Two evaluations of ``(I - T) x = 1`` at an exact point, on the sparse system of the chain there
(:class:`~limits.game.linear_system.FiniteSystem`):

* **exact**: one exact solve (:func:`~limits.game.duration.expected_duration`), the primary answer while its
  size is reasonable: below :data:`~limits.checks.SPARSE_FROM` squares the estimated size of the exact value
  (the squares times the bits of the entries' common denominator) must stay within
  :data:`~limits.checks.MAX_EXACT_BITS`, about two seconds of work; from it on, p-adic lifting must be able to
  take the probabilities' common denominator in machine words (p = 1/3, not p = 1 - 1e-23). Past these (p = 1 -
  1e-500 on the paper's board) the certified enclosure is the answer;
* **certified enclosure**: state reduction in ball arithmetic
  (:func:`limits.exact.ball_reduction.ball_reduce`): only additions of nonnegative numbers, so the precision
  needed depends on the digits asked, not on how close p is to 1; it doubles until the ball has the digits asked
  (both ends rounding alike when it is the answer), within :data:`~limits.checks.MAX_BALL_BITS` (then
  ConvergenceError).

(The tests cross-check both with mpmath: ``tests/mpmath_check.py``.)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..checks import MAX_BALL_BITS, MAX_EXACT_BITS
from ..checks import digits as check_digits
from ..errors import ConvergenceError, InfiniteExpectationError
from ..exact.digits import decimal, digit_count, ratio
from ..exact.enclosure import Enclosure
from ..exact.precision import accepted_ball, bits_for_digits, precisions
from ..game.linear_system import FiniteSystem, finite_system

__all__ = ["SigmaValue", "certified_value", "ball_enclosure"]


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
        ``"dense"`` (the exact value by a whole-matrix solve) or ``"sparse"`` (from
        :data:`~limits.checks.SPARSE_FROM` squares on: by p-adic lifting); the enclosure
        comes from ball state reduction on both.
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
        return decimal(self.exact if self.exact is not None else self.enclosure.lower, self.certain_digits)

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


def ball_enclosure(system: FiniteSystem, square: int, digits: int, *, same_rounding: bool = False
                   ) -> tuple[Enclosure, int]:
    """An exact rational interval around sigma from ``square`` with ``digits`` certain digits, and its bits.

    With ``same_rounding`` both ends must also round alike at ``digits``
    digits (the interval is then the answer).

    Raises
    ------
    ConvergenceError
        If no precision up to :data:`~limits.checks.MAX_BALL_BITS` gives such an interval.

    Examples
    --------
    >>> from limits import build_chain, standard, weighted
    >>> s = finite_system(build_chain(standard(), weighted(6, 1 - Fraction(1, 10**23))))
    >>> e, bits = ball_enclosure(s, 0, 30)  # sigma_6 at P(6) = 1 - 1e-23, 30 digits certain
    >>> e.text(30).decimal, bits
    ('5.000000000000000000000085e23', 178)
    """
    from ..exact.ball_reduction import ball_reduce, elimination_order

    rows, cols, vals, exits = system.entries
    off: list[dict[int, Any]] = [{} for _ in system.finite]
    for i, j, v in zip(rows, cols, vals):
        if i != j:
            off[i][j] = -v
    row = system.position[square]
    # a fill-reducing order where the sparse engines take the system; below, the squares' own order (as fast there)
    order = elimination_order(off, row) if system.solved_sparse(exact=False) else \
        [i for i in range(len(off)) if i != row] + [row]
    ones = [1] * len(off)
    start = bits_for_digits(digits) + 2 * len(off).bit_length()
    for bits in precisions(start, max(MAX_BALL_BITS, start)):
        x = ball_reduce(off, exits, ones, order, bits)
        if not x.is_finite():  # pragma: no cover - every square of the system reaches the goal
            continue
        found = accepted_ball(x, digits, same_rounding)
        if found is not None:
            return found, bits
    raise ConvergenceError(f"no enclosure with {digits} certain digits within MAX_BALL_BITS = {MAX_BALL_BITS} bits")


def certified_value(chain: Any, start: int, point: Fraction, digits: int = 20, *, p: Fraction | None = None
                    ) -> SigmaValue:
    """sigma from ``start`` on a numeric chain at an exact point: exact where it is cheap, always certified.

    Parameters
    ----------
    chain : Chain
        The chain at the point (a family's :meth:`~limits.limit.perturbed_chain.Perturbation.chain_at`).
    point : Fraction
        The family's eps there (recorded).
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
    from ..game.duration import expected_duration

    digits = check_digits(digits)
    square = chain.entry(start)
    if square == chain.goal:
        return SigmaValue(p, point, Fraction(0), Enclosure.of(0), 0, digits)
    if square in chain.trapped:
        raise InfiniteExpectationError(start, chain.trapped[square])
    system = finite_system(chain)
    route = "sparse" if system.solved_sparse(exact=False) else "dense"
    if system.solved_sparse(exact=True) or (route == "dense" and len(system.finite) * system.scale.bit_length()
                                            <= MAX_EXACT_BITS):
        x = expected_duration(chain, start)
        return SigmaValue(p, point, x, Enclosure.of(x), 0, digits, route)
    try:
        enclosure, bits = ball_enclosure(system, square, digits, same_rounding=True)
        return SigmaValue(p, point, None, enclosure, bits, digits, route)
    except ConvergenceError:
        enclosure, bits = ball_enclosure(system, square, 1)  # fewer digits, all certain
    agree = [d for d in range(digits, 0, -1) if decimal(enclosure.lower, d) == decimal(enclosure.upper, d)]
    if not agree:
        raise ConvergenceError(f"no correctly rounded digit of sigma within {bits} bits")
    return SigmaValue(p, point, None, enclosure, bits, agree[0], route)
