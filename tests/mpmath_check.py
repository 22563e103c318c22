"""The mpmath cross-check of sigma at a point: a third solve beside the package's exact one and its ball.

The package certifies sigma by an exact solve or a ball state reduction
(:mod:`limits.limit.certified_value`); the tests check both against mpmath,
an independent floating-point solve. mpmath with too few digits returns wrong
digits silently, or stops with "matrix is numerically singular", near p = 1:
its precision starts from the ball's first precision and is raised until two
solves at different precisions agree and the value lies within one unit of
the certified enclosure.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from limits.errors import ConvergenceError
from limits.exact.digits import decimal
from limits.exact.enclosure import Enclosure
from limits.exact.precision import bits_for_digits
from limits.game.linear_system import finite_system
from limits.limit.certified_value import ball_enclosure

__all__ = ["CrossCheck", "cross_check", "sigma_checked", "mpmath_value", "sparse_lu_solve"]


def _start_bits(a: list[list[Fraction]], p: Fraction, need: int) -> int:
    """A first precision: the bits the digits ``need``, plus log2(1/eps) per expected order of the pole near p = 0
    or 1 (a dense solve is as ill-conditioned as sigma is large)."""
    far = max(_log2_inverse(p), _log2_inverse(1 - p))
    return need + 2 * len(a).bit_length() + 2 * far


def _log2_inverse(x: Fraction) -> int:
    return 0 if x == 0 else max(0, x.denominator.bit_length() - x.numerator.bit_length())


def _max_bits(a: list[list[Fraction]], need: int) -> int:
    """A bound past which no more precision is tried: twice a Hadamard-type bound on log2 of the condition, plus the
    bits the digits ``need``."""
    n = len(a)
    bits = math.lcm(*{v.denominator for row in a for v in row if v}).bit_length()
    return 2 * (n * (bits + n.bit_length() + 1) + need) + 256


def mpf_to_fraction(x: Any) -> Fraction:
    """The exact value of a finite mpmath ``mpf`` as a Fraction."""
    sign, man, exp, _ = x._mpf_
    if not man and exp:
        raise ValueError("not a finite number")
    return (-1) ** sign * int(man) * Fraction(2) ** int(exp)


@dataclass(frozen=True)
class CrossCheck:
    """The ball and mpmath's value at one point, at the precisions the package starts from."""

    enclosure: Enclosure
    bits: int
    value: Fraction
    dps: int
    digits: int

    @property
    def decimal(self) -> str:
        """mpmath's value rounded to the digits asked."""
        return decimal(self.value, self.digits)


def cross_check(family: Any, v: Any, digits: int | None = None) -> CrossCheck:
    """The ball (the value's own, where the enclosure is the answer) and mpmath at the point of ``v``, a
    :meth:`~limits.Perturbation.value_at` of ``family``, to ``digits`` (by default the value's certain digits).

    Raises
    ------
    ConvergenceError
        If mpmath does not settle within one unit of the enclosure.
    """
    digits = v.certain_digits if digits is None else digits
    chain = family.chain_at(eps=v.eps)
    square = chain.entry(family.start)
    if square == chain.goal:
        return CrossCheck(Enclosure.of(0), 0, Fraction(0), 0, digits)
    system = finite_system(chain)
    a, row = system.dense(), system.position[square]
    need = bits_for_digits(digits)
    bits0, limit = _start_bits(a, v.eps, need), _max_bits(a, need)
    if v.exact is None:
        enclosure, bits = v.enclosure, v.enclosure_bits
    else:
        enclosure, bits = ball_enclosure(system, square, digits)
        assert v.exact in enclosure
    value, dps = mpmath_value(a, row, digits, start_dps=bits0 * 3 // 10 + 10, max_bits=limit, enclosure=enclosure)
    return CrossCheck(enclosure, bits, mpf_to_fraction(value), dps, digits)


def mpmath_value(a: list[list[Fraction]], row: int, digits: int, *, start_dps: int | None = None,
                 max_bits: int | None = None, enclosure: Enclosure | None = None) -> tuple[Any, int]:
    """``x[row]`` of ``a x = 1`` by mpmath, precision raised until two solves agree.

    With an ``enclosure``, the value must also lie within it, widened by one
    unit in the ``digits``-th digit. Returns the value (an mpf of the
    context used) and the working precision in decimal digits.

    Raises
    ------
    ConvergenceError
        If mpmath does not settle within the bound (:func:`_max_bits`, in decimal digits).
    """
    import mpmath

    def solve(dps: int) -> tuple[Any, Any] | None:
        ctx = mpmath.MPContext()
        ctx.dps = dps
        try:
            return sparse_lu_solve(ctx, a)[row], ctx
        except ZeroDivisionError:  # "matrix is numerically singular": not enough digits yet
            return None

    limit = (_max_bits(a, bits_for_digits(digits)) if max_bits is None else max_bits) * 3 // 10 + 20
    dps = digits + 10 if start_dps is None else start_dps
    previous = solve(dps)
    while dps <= limit:
        dps *= 2
        got = solve(dps)
        if got is not None and previous is not None:
            value, ctx = got
            old = previous[0]
            if value != 0 and abs((value - old) / value) < ctx.mpf(10) ** (-(digits + 2)) and (
                    enclosure is None or _near(mpf_to_fraction(value), enclosure, digits)):
                return value, dps
        previous = got
    raise ConvergenceError(f"mpmath did not settle within {limit} digits: the system is too ill-conditioned")


def sparse_lu_solve(ctx: Any, a: list[list[Fraction]]) -> list[Any]:
    """``x`` of ``a x = 1`` in the floating point of the mpmath context ``ctx``: Gaussian elimination that stores and
    visits only the nonzero entries (a chain's rows have a few; mpmath's dense ``lu_solve`` spends seconds on the
    paper's board at a hundred digits). The pivot is the column's largest entry (mpmath's weighs each by its row's
    sum), at the context's precision (mpmath adds 10 bits): the caller accepts a value only once two precisions
    agree, so the check needs only a solve that is right when the precision suffices.

    Raises
    ------
    ZeroDivisionError
        If a pivot is at most ``eps`` times the matrix's 1-norm (its largest column sum), as in mpmath's test:
        numerically singular at this precision.

    Examples
    --------
    >>> import mpmath
    >>> [float(v) for v in sparse_lu_solve(mpmath.MPContext(), [[Fraction(0), Fraction(2)], [Fraction(1), Fraction(1)]])]
    [0.5, 0.5]
    """
    rows = [{j: ctx.mpf(v.numerator) / v.denominator for j, v in enumerate(r) if v} for r in a]
    rhs = [ctx.one] * len(a)
    columns: dict[int, Any] = {}
    for r in rows:
        for j, v in r.items():
            columns[j] = columns.get(j, ctx.zero) + abs(v)
    tiny = max(columns.values(), default=ctx.zero) * ctx.eps  # mpmath's 1-norm times eps
    left = set(range(len(a)))
    order = []  # (pivot row, column) in the order eliminated
    for k in range(len(a)):
        pivot = max((i for i in left if k in rows[i]), key=lambda i: abs(rows[i][k]), default=None)
        if pivot is None or abs(rows[pivot][k]) <= tiny:
            raise ZeroDivisionError("matrix is numerically singular")
        left.remove(pivot)
        order.append((pivot, k))
        top = rows[pivot]
        for i in [i for i in left if k in rows[i]]:
            row, f = rows[i], rows[i].pop(k) / top[k]
            for j, v in top.items():
                if j != k:
                    row[j] = row.get(j, ctx.zero) - f * v
            rhs[i] -= f * rhs[pivot]
    x = [ctx.zero] * len(a)
    for i, k in reversed(order):
        x[k] = (rhs[i] - ctx.fsum(v * x[j] for j, v in rows[i].items() if j != k)) / rows[i][k]
    return x


def _near(x: Fraction, e: Enclosure, digits: int) -> bool:
    slack = abs(e.upper) / Fraction(10) ** digits
    return e.lower - slack <= x <= e.upper + slack


def sigma_checked(board: Any = None, delta: int = 5, p: Any = "1/2", *, digits: int = 20,
                  **options: Any) -> tuple[Any, CrossCheck]:
    """sigma_delta at ``P(delta) = p`` (as :func:`tests.loaded.sigma_at`) and its cross-check."""
    from tests.loaded import loaded

    family = loaded(board, delta, **options)
    v = family.value_at(p=p, digits=digits)
    return v, cross_check(family, v)
