"""How a published number is judged against ours: the measures and the verdicts.

A :class:`Judge` says what kind of number was published; :func:`judge`
computes ours for the source's game and compares. Simulated estimates agree
when ours rounds to theirs, and lie within sampling noise when the gap left
after rounding is at most three standard errors; the test ``gap^2 N <= 9 Var``
is decided exactly on rationals, and where N is not published the largest N
for which it holds is reported. The longest of N simulated games is judged by
the exact law of the longest, ``P(longest <= L) = F(L)^N``, on certified
python-flint balls.
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import Any

from ..exact.digits import decimal, ratio
from ..exact.qq import to_fmpq

__all__ = ["Judge", "Verdict", "measure", "judge"]


class Judge(enum.Enum):
    """How a published number is compared with ours."""

    EXACT = "exact"
    ROUNDED = "rounded"
    SIMULATED = "simulated"
    PERCENTILE = "percentile"
    LONGEST = "longest"


class Verdict(enum.Enum):
    """What the comparison found."""

    AGREES = "agrees"
    NOISE = "agrees within sampling noise"
    CONVENTION = "differs by convention"
    DIFFERS = "differs"


def measure(one: Any, spec: tuple[Any, ...]) -> tuple[Any, Any]:
    """``(value, spread)``: our value for ``spec`` and, where noise is judged, the variance of one sample.

    ``one`` is the :class:`~limits.game.one_player.OnePlayer` of the source's
    game; ``spec`` names the quantity: ``("mean", k)`` (spins of k players),
    ``("quantile", k, q)`` (its lower and upper q-quantiles), ``("fewest",)``,
    ``("mode",)``, ``("cdf", m)``, ``("pmf", m)`` (of one player's turns),
    ``("longer", k)`` (k players take more spins than k - 1), ``("seat", k)``
    (seat 1 wins), ``("count", name)`` (mean of a count), ``("some", name)``
    (a count is not zero) or ``("longest",)`` (the law of the turns).
    """
    from ..game.counts import Count, CountKind, game_counts
    from ..game.distribution import min_turns, mode
    from ..game.players import Party

    what, *args = spec
    chain = one.chain
    if what == "mean":
        spins = Party(one, args[0]).spins
        return spins.mean(), spins.variance()
    if what == "quantile":
        spins = Party(one, args[0]).spins
        return (spins.quantile(args[1]), spins.quantile(args[1], "upper")), None
    if what == "fewest":
        return min_turns(chain), None
    if what == "mode":
        return mode(chain), None
    if what in ("cdf", "pmf"):
        turns = Party(one, 1).spins
        p = turns.cdf(args[0] + 1)[-1] if what == "cdf" else turns.pmf(args[0] + 1)[-1]
        return p, p * (1 - p)
    if what == "longer":
        p = Party(one, args[0]).spins.longer_than(Party(one, args[0] - 1).spins)
        return p, _bernoulli(p)
    if what == "seat":
        p = Party(one, args[0]).win_probability()[0]
        return p, _bernoulli(p)
    if what in ("count", "some"):
        answer = game_counts(chain, counts=[Count(CountKind(args[0]))], law_upto=0)[args[0]]
        if what == "count":
            return answer.mean, answer.variance
        p = 1 - answer.none
        return p, p * (1 - p)
    if what == "longest":
        return Party(one, 1).spins, None
    raise ValueError(f"unknown measure {what!r}")


def _bernoulli(p: Any) -> Fraction:
    return min(p.lower * (1 - p.lower), p.upper * (1 - p.upper))


def _bounds(value: Any) -> tuple[Fraction, Fraction]:
    lower = getattr(value, "lower", value)
    return Fraction(lower), Fraction(getattr(value, "upper", value))


def _text(value: Any) -> str:
    lo, hi = _bounds(value)
    if lo != hi:
        return decimal(lo, 10)
    return ratio(lo) if lo.denominator == 1 else decimal(lo, 10)


def _target(printed: str, value: Fraction | None) -> tuple[Fraction, Fraction]:
    """The printed number as an exact value and half a unit of its last printed digit (0 if ``value`` is exact)."""
    number = printed.split()[-1].rstrip("%")
    decimals = len(number.split(".")[1]) if "." in number else 0
    if value is not None and not printed.endswith("%"):
        return value, Fraction(0)
    exact = value if value is not None else Fraction(number)
    return exact, Fraction(1, 2 * 10 ** (decimals + (2 if printed.endswith("%") else 0)))


def judge(kind: Judge, printed: str, ours: Any, spread: Any = None, *, value: Fraction | None = None,
          games: int | None = None) -> tuple[Verdict, str, str]:
    """``(verdict, ours as text, reason)`` for a number printed as ``printed``.

    ``value`` is the printed number as an exact value where the text is not
    one (a percentage, a count of games); ``games`` the size of the
    simulation, when published.

    Examples
    --------
    >>> judge(Judge.ROUNDED, "39.5984", Fraction(395983656, 10**7))[0]
    <Verdict.AGREES: 'agrees'>
    >>> judge(Judge.PERCENTILE, "32", (33, 33))[0]
    <Verdict.CONVENTION: 'differs by convention'>
    """
    if kind is Judge.PERCENTILE:
        lower, upper = ours
        theirs = int(printed)
        if theirs == lower:
            return Verdict.AGREES, str(lower), ""
        if theirs == lower - 1:
            return Verdict.CONVENTION, str(lower), ("theirs is the largest m with P(M <= m) < q, always one below "
                                                    "the smallest m with P(M <= m) >= q")
        if theirs == upper:
            return Verdict.CONVENTION, str(lower), "theirs is the smallest m with P(M <= m) > q"
        return Verdict.DIFFERS, str(lower), ""
    if kind is Judge.LONGEST:
        return _judge_longest(ours, int(printed), games or 1)
    target, half = _target(printed, value)
    lo, hi = _bounds(ours)
    text = _text(ours)
    if kind is Judge.EXACT:
        if lo == hi and "/" in printed:  # an exact fraction beside an exact fraction
            text = ratio(lo)
        return (Verdict.AGREES if lo == hi == target else Verdict.DIFFERS), text, ""
    gap = max(Fraction(0), target - hi, lo - target)
    if gap <= half:
        return Verdict.AGREES, text, "" if half == 0 else "ours rounds to theirs"
    if kind is Judge.ROUNDED:
        return Verdict.DIFFERS, text, ""
    diff, var = gap - half, _bounds(spread)[0]
    if games is not None:
        if diff * diff * games <= 9 * var:
            return Verdict.NOISE, text, f"within three standard errors of {games:,} games"
        return Verdict.DIFFERS, text, f"more than three standard errors of {games:,} games away"
    most = int(9 * var / (diff * diff))
    if most >= 1000:
        return Verdict.NOISE, text, f"within three standard errors of a simulation of up to {most:,} games"
    return Verdict.DIFFERS, text, "too far off for a simulation of a thousand games or more"


def _judge_longest(turns: Any, longest: int, games: int) -> tuple[Verdict, str, str]:
    """The longest of ``games`` games is at least L with probability ``1 - F(L - 1)^games`` (certified balls)."""
    from flint import arb, fmpq

    horizon = 2 * longest
    cdf = turns.cdf(horizon)
    power = [arb(to_fmpq(c)) ** games for c in cdf]
    half, small = arb(fmpq(1, 2)), arb(fmpq(1, 1000))
    median = next((m for m, v in enumerate(power) if v >= half), None)
    at_least, at_most = 1 - power[longest - 1], power[longest]
    ours = f"median longest {median}" if median is not None else f"median longest above {horizon}"
    chances = f"P(longest >= {longest}) = {_ball(at_least)}, P(longest <= {longest}) = {_ball(at_most)}"
    if at_least > small and at_most > small:
        return Verdict.NOISE, ours, chances
    # F(L - 1)^n < 1/2 exactly when n > log(1/2) / log F(L - 1): from there on, L is below the median longest
    s = cdf[longest - 1]
    typical = arb(fmpq(1, 2)).log() / arb(to_fmpq(s)).log()
    return Verdict.DIFFERS, ours, f"{chances}; {longest} is the median longest of about {_ball(typical, 2)} games"


def _ball(x: Any, digits: int = 3) -> str:
    """A certified ball as text: to ``digits`` digits at most, and never past the digits it pins down."""
    from ..exact.digits import certain_digits
    from ..exact.enclosure import Enclosure

    e = Enclosure.from_arb(x)
    lo, hi = e.lower, e.upper
    if lo <= 0 <= hi:
        return "0"
    return decimal(lo, max(1, min(digits, certain_digits(lo, hi))))
