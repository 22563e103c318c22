"""sigma at an exact p on a large board: a certified enclosure from sparse state reduction in balls.

The dense routes of :mod:`limits.limit.certified_value` (an exact solve and
an interval solve, both of the whole matrix) cost the cube of the
squares, and near p = 1 their precision must grow with the condition of the
system, about ``eps^-m``. From :data:`~limits.checks.SPARSE_FROM` squares on the value comes
instead from the sparse system of the chain at the exact p
(:class:`~limits.game.linear_system.FiniteSystem`):

* the **enclosure** by state reduction in ball arithmetic
  (:func:`limits.exact.ball_reduction.ball_reduce`): only additions of
  nonnegative numbers, so the precision needed depends on the digits asked,
  not on how close p is to 1; it doubles until the ball pins down the digits,
  within a bound (then :class:`~limits.errors.ConvergenceError`);
* the **exact** value by p-adic lifting (:func:`limits.exact.dixon.dixon_solve`)
  where the probabilities' common denominator keeps the lifting in machine
  words (p = 1/3, not p = 1 - 1e-23: the enclosure is then the answer).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..checks import MAX_BALL_BITS, SPARSE_FROM
from ..errors import ConvergenceError
from ..exact.enclosure import Enclosure
from ..exact.precision import accepted_ball, bits_for_digits, precisions
from ..game.linear_system import FiniteSystem

__all__ = ["ball_enclosure", "sparse_exact", "large_value"]


def _parts(system: FiniteSystem) -> tuple[list[dict[int, Any]], list[Any]]:
    rows, cols, vals, exits = system.entries
    out: list[dict[int, Any]] = [{} for _ in system.finite]
    for i, j, v in zip(rows, cols, vals):
        if i != j:
            out[i][j] = -v
    return out, exits


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
    >>> from limits.game.linear_system import finite_system
    >>> s = finite_system(build_chain(standard(), weighted(6, 1 - Fraction(1, 10**23))))
    >>> e, bits = ball_enclosure(s, 0, 30)  # sigma_6 at P(6) = 1 - 1e-23, 30 digits certain
    >>> e.text(30).decimal, bits
    ('5.000000000000000000000085e23', 178)
    """
    from ..exact.ball_reduction import ball_reduce, elimination_order

    rows, exits = _parts(system)
    row = system.position[square]
    order = elimination_order(rows, row)
    ones = [1] * len(rows)
    start = bits_for_digits(digits) + 2 * len(rows).bit_length()
    for bits in precisions(start, max(MAX_BALL_BITS, start)):
        x = ball_reduce(rows, exits, ones, order, bits)
        if not x.is_finite():  # pragma: no cover - every square of the system reaches the goal
            continue
        found = accepted_ball(x, digits, same_rounding)
        if found is not None:
            return found, bits
    raise ConvergenceError(f"no enclosure with {digits} certain digits within MAX_BALL_BITS = {MAX_BALL_BITS} bits")


def sparse_exact(system: FiniteSystem, square: int) -> Fraction | None:
    """sigma from ``square`` exactly by p-adic lifting, or None where the lifting cannot take the denominators.

    Examples
    --------
    >>> from limits import build_chain, standard, weighted
    >>> from limits.game.linear_system import finite_system
    >>> sparse_exact(finite_system(build_chain(standard(), weighted(6, Fraction(1, 3)))), 0) is None  # 81 squares
    True
    """
    if not system.solved_sparse(exact=True):
        return None
    x, _ = system.exact_moments(False)
    return x[system.position[square]]


def large_value(chain: Any, start: int, digits: int) -> tuple[Fraction | None, Enclosure, int] | None:
    """sigma from ``start`` on a chain of :data:`~limits.checks.SPARSE_FROM` squares or more: ``(exact, enclosure, bits)``.

    ``exact`` is None where p-adic lifting cannot take the denominators (the
    enclosure, with both ends rounding alike at ``digits``, is then the
    answer); an exact value comes alone (its point, ``bits`` 0). None for a
    smaller chain, where the dense solves are the route.

    Raises
    ------
    InfiniteExpectationError
        If a loop can trap the player from ``start``.
    ConvergenceError
        If no precision within :data:`~limits.checks.MAX_BALL_BITS` certifies the digits.

    Examples
    --------
    >>> from limits import build_chain, standard, weighted
    >>> large_value(build_chain(standard(), weighted(6, Fraction(1, 3))), 0, 10) is None  # 81 squares: dense
    True
    """
    from ..errors import InfiniteExpectationError
    from ..game.linear_system import finite_system

    square = chain.entry(start)
    if square == chain.goal:
        return Fraction(0), Enclosure(Fraction(0), Fraction(0)), 0
    if square in chain.trapped:
        raise InfiniteExpectationError(start, chain.trapped[square])
    system = finite_system(chain)
    if len(system.finite) < SPARSE_FROM:
        return None
    exact = sparse_exact(system, square)
    if exact is not None:
        return exact, Enclosure.of(exact), 0
    enclosure, bits = ball_enclosure(system, square, digits, same_rounding=True)
    return None, enclosure, bits
