"""sigma at a given P(delta), with every printed digit right.

Three independent evaluations of ``(I - T) x = 1`` at an exact p:

* **exact**: rational arithmetic (python-flint); the printed decimal is this
  number correctly rounded, so all its digits are certain;
* **certified enclosure**: python-flint ``arb_mat.solve`` (interval
  arithmetic), the precision doubled until the ball is narrow enough;
* **mpmath**: a local ``MPContext`` whose precision is raised until two
  solves at different precisions agree to the requested digits (mpmath with
  too few digits returns wrong digits silently near p = 1: this detects it),
  then checked against the enclosure.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import LimitsError
from ..exact.digits import certain_digits, decimal, mpf_to_fraction
from ..exact.enclosure import Enclosure
from ..game.chain import build_chain
from ..game.duration import _finite_system
from ..model.board import Board, standard
from ..model.die import as_probability, weighted
from ..model.rules import Rule

__all__ = ["SigmaValue", "sigma_at", "arb_enclosure", "mpmath_value"]

MAX_BITS = 1 << 16


@dataclass(frozen=True)
class SigmaValue:
    """sigma at one exact p, three ways.

    Attributes
    ----------
    p : Fraction
    exact : Fraction
    decimal : str
        ``exact`` correctly rounded to ``digits`` significant digits.
    certain_digits : int
        Digits of ``decimal`` that are certain: all of them.
    enclosure : Enclosure
        From interval arithmetic; ``enclosure_bits`` is the precision used.
    mpmath : str
        mpmath's value, to ``digits`` digits, at ``mpmath_dps`` decimal digits.
    """

    p: Fraction
    exact: Fraction
    decimal: str
    certain_digits: int
    enclosure: Enclosure
    enclosure_bits: int
    mpmath: str
    mpmath_dps: int


def _system(board: Board, delta: int, p: Fraction, rule: Rule | str, faces: int, start: int
            ) -> tuple[Fraction, list[list[Fraction]], int]:
    chain = build_chain(board, weighted(delta, p, faces), rule)
    exact = chain.expected_duration(start)  # raises for an infinite value
    finite, a = _finite_system(chain, True)
    square = chain.entry(start)
    return exact, a, (finite.index(square) if square != chain.goal else -1)


def arb_enclosure(a: list[list[Fraction]], row: int, digits: int) -> tuple[Enclosure, int]:
    """An exact rational interval around ``x[row]`` of ``a x = 1``, with ``digits`` certain digits.

    Examples
    --------
    >>> e, bits = arb_enclosure([[Fraction(3)]], 0, 20)
    >>> e.lower <= Fraction(1, 3) <= e.upper, e.certain_digits() >= 20
    (True, True)
    """
    from flint import arb_mat, ctx, fmpq, fmpq_mat

    n = len(a)
    q = fmpq_mat(n, n, [fmpq(v.numerator, v.denominator) for r in a for v in r])
    bits = 64
    while bits <= MAX_BITS:
        with ctx.workprec(bits):
            try:
                x = arb_mat(q).solve(arb_mat(n, 1, [1] * n), algorithm="precond")[row, 0]
            except ZeroDivisionError:  # numerically singular at this precision
                x = None
            if x is not None and x.is_finite():
                lo, hi = mpf_to_fraction(x.lower().mid()), mpf_to_fraction(x.upper().mid())
                enc = Enclosure(lo, hi)
                if lo > 0 and certain_digits(lo, hi) >= digits:
                    return enc, bits
        bits *= 2
    raise LimitsError(f"no enclosure with {digits} certain digits within {MAX_BITS} bits")


def mpmath_value(a: list[list[Fraction]], row: int, digits: int) -> tuple[Any, int]:
    """``x[row]`` of ``a x = 1`` by mpmath, precision raised until two solves agree.

    Returns the value (an mpf of the context used) and the working precision
    in decimal digits.
    """
    import mpmath

    def solve(dps: int) -> Any:
        ctx = mpmath.MPContext()
        ctx.dps = dps
        m = ctx.matrix([[ctx.mpf(v.numerator) / v.denominator for v in r] for r in a])
        return ctx.lu_solve(m, ctx.matrix([1] * len(a)))[row], ctx

    dps = digits + 10
    previous, _ = solve(dps)
    while dps <= 20_000:
        dps *= 2
        value, ctx = solve(dps)
        if previous != 0 and abs((value - previous) / value) < ctx.mpf(10) ** (-(digits + 2)):
            return value, dps
        previous = value
    raise LimitsError("mpmath did not settle: the system is too ill-conditioned")


def sigma_at(board: Board | None = None, delta: int = 6, p: Any = "0.5", *, rule: Rule | str = Rule.STAY,
             faces: int = 6, start: int = 0, digits: int = 20, check: bool = True) -> SigmaValue:
    """sigma for ``P(delta) = p``, exact, enclosed by interval arithmetic, and by mpmath.

    Parameters
    ----------
    p : exact decimal string, Fraction or int
        ``"0.99999999999999999999999"`` is read exactly.
    digits : int
        Significant digits to print and to certify.
    check : bool
        Also run the enclosure and mpmath (slower) and check they agree.

    Raises
    ------
    InfiniteExpectationError
        If at this p a loop can trap the player (only at p = 0 or 1).
    DieError
        For p outside [0, 1] or a bad face.

    Examples
    --------
    >>> v = sigma_at(delta=6, p="0.99999999999999999999999", digits=12, check=False)
    >>> v.decimal
    '5e23'
    """
    board = standard() if board is None else board
    pq = as_probability(p)
    if not isinstance(pq, Fraction):
        raise LimitsError("p must be a number here, not a symbol")
    exact, a, row = _system(board, delta, pq, rule, faces, start)
    text = decimal(exact, digits)
    if row < 0 or not check:
        point = Enclosure(exact, exact)
        return SigmaValue(pq, exact, text, digits, point, 0, text, 0)
    enclosure, bits = arb_enclosure(a, row, digits)
    if not enclosure.lower <= exact <= enclosure.upper:  # pragma: no cover - would be a bug
        raise AssertionError("the certified enclosure misses the exact value")
    value, dps = mpmath_value(a, row, digits)
    mp_text = _mp_text(value, digits)
    return SigmaValue(pq, exact, text, digits, enclosure, bits, mp_text, dps)


def _mp_text(value: Any, digits: int) -> str:
    """An mpf, exactly converted to a Fraction, then rounded like every other decimal."""
    return decimal(mpf_to_fraction(value), digits)
