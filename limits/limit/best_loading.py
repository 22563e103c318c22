"""The loading that makes the game shortest: argmin over p of sigma_delta(p).

sigma = N/D is exact, so its critical points are the real roots of
``N' D - N D'`` in (0, 1). python-flint isolates every complex root in a
certified ball (``fmpz_poly.complex_roots``), at a precision raised until
each ball is narrower than the digits asked for; sigma is evaluated at the
real ones inside (0, 1) by mpmath in a local context of twice that
precision. The limits at p -> 0+ and p -> 1- are candidates too, so an
infimum approached at an end of the interval is reported as such.
The end points themselves (a die that never or always rolls delta) are
reported separately: at p = 1 the walk is deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from flint import fmpz_poly

from ..model.board import Board, standard
from ..model.rules import Rule, as_rule
from .rational_sigma import sigma_function
from .sweep import sigma_exact_at

__all__ = ["Optimum", "optimum"]


@dataclass(frozen=True)
class Optimum:
    """Where sigma_delta is least on (0, 1).

    Attributes
    ----------
    delta : int
    p : str
        The minimising p to ``digits`` significant digits (``"0"`` or ``"1"``
        when the infimum is a limit at an end of the interval).
    sigma : str
        sigma there (the limit, at an end), to ``digits`` significant digits.
    interior : bool
        Whether the minimum is attained inside (0, 1).
    at_zero, at_one : Fraction or float
        sigma with P(delta) exactly 0 and exactly 1 (``inf`` when trapped).
    """

    delta: int
    p: str
    sigma: str
    interior: bool
    at_zero: Fraction | float
    at_one: Fraction | float


def optimum(board: Board | None = None, delta: int = 6, *, rule: Rule | str = Rule.STAY, faces: int = 6,
            start: int = 0, digits: int = 30) -> Optimum:
    """The p in (0, 1) that minimises sigma_delta(p), with sigma there.

    Examples
    --------
    >>> o = optimum(delta=6, digits=12)
    >>> o.p, o.sigma, o.interior
    ('0.563373946426', '33.6575876217', True)
    """
    import mpmath

    board = standard() if board is None else board
    rule = as_rule(rule)
    f = sigma_function(board, delta, rule=rule, faces=faces, start=start)
    num, den = fmpz_poly(list(f.numerator)), fmpz_poly(list(f.denominator))
    crit = num.derivative() * den - num * den.derivative()
    for end in (fmpz_poly([0, 1]), fmpz_poly([-1, 1])):  # p = 0 and p = 1 are not interior
        while not crit.is_zero() and crit % end == 0:
            crit = crit // end
    ctx = mpmath.MPContext()
    ctx.dps = 2 * digits + 20

    def value(x: Any) -> Any:
        return ctx.polyval(list(reversed(f.numerator)), x) / ctx.polyval(list(reversed(f.denominator)), x)

    candidates: list[tuple[Any, Any, bool]] = []
    if not crit.is_zero():
        for ball in _real_roots(crit, digits):
            if 0 < ball < 1:
                root = ctx.mpf(ball.numerator) / ball.denominator
                candidates.append((value(root), root, True))
    for end in (0, 1):  # limits at the ends of (0, 1)
        d = ctx.polyval(list(reversed(f.denominator)), end)
        limit = ctx.inf if d == 0 else value(ctx.mpf(end))
        candidates.append((limit, ctx.mpf(end), False))
    best_value, best_p, interior = min(candidates, key=lambda c: c[0])
    zero = sigma_exact_at(board, delta, Fraction(0), rule, faces, start)
    one = sigma_exact_at(board, delta, Fraction(1), rule, faces, start)
    return Optimum(delta, _text(ctx, best_p, digits), _text(ctx, best_value, digits), interior, zero, one)


def _real_roots(poly: fmpz_poly, digits: int) -> list[Fraction]:
    """Midpoints of the certified balls around the real roots, with relative radius < 10^-(digits+10)."""
    from flint import ctx as flint_ctx

    from ..exact.digits import mpf_to_fraction

    bits = 4 * digits + 64
    while True:
        with flint_ctx.workprec(bits):
            roots = poly.complex_roots()
            out = []
            tight = True
            for ball, _ in roots:
                if not ball.imag.contains(0):  # isolated, so a ball meeting the real axis holds a real root
                    continue
                x = mpf_to_fraction(ball.real.mid())
                r = mpf_to_fraction(ball.real.rad())
                if x != 0 and r > abs(x) / Fraction(10) ** (digits + 10):
                    tight = False
                out.append(x)
        if tight:
            return out
        bits *= 2


def _text(ctx: Any, x: Any, digits: int) -> str:
    if ctx.isinf(x):
        return "inf"
    from ..exact.digits import decimal, mpf_to_fraction

    return decimal(mpf_to_fraction(ctx.mpf(x)), digits)

