"""What a survey found: sigma's spread over the boards, the trap rate, and the orders of the limits.

:func:`summarise` reads the rows in any order (they are sorted by index
first, so a resumed or parallel run summarises the same). Over the boards
whose sigma is finite it gives the mean and the sample standard deviation
(``n - 1``), the least and the greatest sigma and its quantiles (the
``lower`` convention of :mod:`limits.game.quantile`: the smallest sigma of
the boards with at least a fraction q of the boards at or below it). With
exact rows the mean is exact while its fraction stays small; beyond
:data:`EXACT_SUM_BITS` bits of denominators (boards of hundreds of squares
give fractions of hundreds of digits, and a sum of thousands of them would
have millions) the mean and the standard deviation are exact enclosures,
from every sigma rounded outward to a binary precision that grows until the
digits asked for are certain (or :data:`MAX_BITS` is reached: then the
digits that are certain are the answer). Float rows give float statistics.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any, Iterable

from ..checks import MAX_TEXT_DIGITS
from ..exact.digits import ratio
from ..exact.enclosure import Enclosure
from ..game.quantile import as_level
from ..markup.numerals import counted
from ..markup.quantities import float_quantity, interval95, level_key, quantity, quantity_text
from .result import BoardResult
from .survey import Engine, Survey

__all__ = ["Spread", "OrderTally", "SurveySummary", "summarise", "mean_interval", "EXACT_SUM_BITS", "MAX_BITS",
           "LEVELS"]

EXACT_SUM_BITS = 200_000
"""The most bits of sigma's denominators, all boards together, for which the mean is given exactly."""

MAX_BITS = 1 << 16
"""The finest binary precision to which sigma is rounded for the mean and the standard deviation."""

LEVELS = ("0.1", "0.5", "0.9")
"""The quantile levels given by default."""


@dataclass(frozen=True)
class Spread:
    """sigma over the boards where it is finite.

    Attributes
    ----------
    boards : int
        How many boards have a finite sigma.
    mean : Fraction, Enclosure or float
        Exact, an exact enclosure, or a float (float rows).
    std : Enclosure, float or None
        The sample standard deviation (None for a single board).
    minimum, maximum : Fraction or float
    quantiles : tuple of (Fraction, Fraction or float)
        ``(level, sigma)`` pairs, each sigma one of the boards'.
    """

    boards: int
    mean: Fraction | Enclosure | float
    std: Enclosure | float | None
    minimum: Fraction | float
    maximum: Fraction | float
    quantiles: tuple[tuple[Fraction, Fraction | float], ...]


@dataclass(frozen=True)
class OrderTally:
    """For the face ``delta``: how many boards have each order of sigma as ``P(delta) -> 1``.

    ``orders`` pairs an order (0: a finite limit) with its number of boards;
    ``trapped`` counts the boards where a loop holds the player for every p < 1.
    """

    delta: int
    orders: tuple[tuple[int, int], ...]
    trapped: int


@dataclass(frozen=True)
class SurveySummary:
    """A survey's findings over ``boards`` boards.

    Examples
    --------
    >>> from limits.model.random_board import BoardFamily
    >>> from limits.survey.run import run_survey
    >>> s = Survey(BoardFamily(24, 2, 3), boards=6, seed=5, deltas=(6,))
    >>> m = summarise(s, run_survey(s))
    >>> m.boards, m.trapped, m.expected_turns.boards
    (6, 0, 6)
    >>> m.expected_turns.minimum <= m.expected_turns.quantiles[1][1] <= m.expected_turns.maximum
    True
    >>> sum(n for _, n in m.orders[0].orders) + m.orders[0].trapped
    6
    """

    survey: Survey
    boards: int
    trapped: int
    expected_turns: Spread | None
    orders: tuple[OrderTally, ...]
    run: dict[str, Any] = field(default_factory=dict, compare=False)
    """How the boards were evaluated (``limits survey`` records it): ``executor``, ``workers``, ``chunk``,
    ``output``, ``resumed``, ``evaluated`` and the ``seconds`` it took."""

    @property
    def trap_rate(self) -> Fraction:
        """The fraction of the boards on which the game may never end (sigma infinite)."""
        return Fraction(self.trapped, self.boards) if self.boards else Fraction(0)

    @property
    def engine(self) -> str:
        """How each board's sigma was found: ``exact`` or ``float``."""
        return self.survey.engine.value

    def to_json(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
        """The dict of ``limits survey``'s JSON schema (without ``schema`` and ``inputs``): quantities for sigma's
        statistics and the trap rate, counts as integers."""
        def q(value: Any) -> Any:
            return quantity(value, digits, exact_digits)

        s, spread = self.survey, self.expected_turns
        f = s.family
        turns = None if spread is None else {
            "boards": spread.boards, "mean": q(spread.mean), "std": None if spread.std is None else q(spread.std),
            "min": q(spread.minimum), "max": q(spread.maximum),
            "quantiles": {level_key(level): q(v) for level, v in spread.quantiles},
            "ci95": mean_interval(spread, digits)}
        run = {k: v for k, v in self.run.items() if k != "seconds"}
        seconds = self.run.get("seconds", 0)
        run["boards_per_second"] = float_quantity(run.get("evaluated", 0) / seconds, 3) if seconds > 0 else None
        return {
            "family": {"name": f.name, **asdict(f)},
            "boards": self.boards, "seed": s.seed, "die": [ratio(p) for p in s.die.probabilities],
            "rule": s.rule.value, "start": s.start, "engine": s.engine.value, "deltas": list(s.deltas), "key": s.key,
            "trapped": self.trapped, "trap_rate": q(self.trap_rate), "expected_turns": turns,
            "limits": [{"delta": t.delta, "orders": [{"order": o, "boards": n} for o, n in t.orders],
                        "trapped": t.trapped} for t in self.orders],
            "run": run,
        }

    def text(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """The summary as ``limits survey`` prints it."""
        r = self.to_json(digits, exact_digits)
        fam, run = r["family"], r["run"]
        lines = [f"survey of {counted(r['boards'], 'board')} {fam['name']} (seed {r['seed']})",
                 f"trapped         {r['trapped'] or 'none'} of {counted(r['boards'], 'board')}" +
                 (f" (a rate of {quantity_text(r['trap_rate'], True)})" if r["trapped"] else "")]
        t = r["expected_turns"]
        if t is None:
            lines.append("expected turns  inf on every board")
        else:
            ci = t["ci95"]
            lines += [f"expected turns  over the {counted(t['boards'], 'board')} where it is finite",
                      f"  mean          {quantity_text(t['mean'], True)}" + ("" if ci is None else
                      f"  (95% interval [{ci['lower']}, {ci['upper']}] for the mean over all such boards)"),
                      f"  std           {'none' if t['std'] is None else _certain(t['std'])}",
                      f"  min           {quantity_text(t['min'], True)}",
                      f"  max           {quantity_text(t['max'], True)}"]
            lines += [f"  quantile {q:<5}{' ' if len(q) >= 5 else ''}{quantity_text(v, True)}"
                      for q, v in t["quantiles"].items()]
            if r["engine"] == "float":
                lines.append("  (floats: each board's sigma by the float engine, not certified; --engine exact gives "
                             "certain digits)")
        for lim in r["limits"]:
            orders = ", ".join(f"order {o['order']} on {o['boards']}" for o in lim["orders"]) or "none finite"
            lines.append(f"sigma as P({lim['delta']}) -> 1: {orders}; trapped on {lim['trapped']}")
        where = f"rows in {run['output']}" if run.get("output") else "rows not kept (--output keeps them)"
        lines.append(f"{where}: {run.get('resumed', 0)} resumed, {run.get('evaluated', 0)} evaluated "
                     f"({run.get('executor', 'serial')}, {counted(run.get('workers', 1), 'worker')})")
        return "\n".join(lines)


def _certain(q: dict[str, Any]) -> str:
    """A quantity whose every printed digit is certain as its decimal alone; otherwise with its interval."""
    digits = len(q["decimal"].lstrip("-0.").replace(".", "").split("e")[0]) if q.get("decimal") else 0
    if q.get("certain_digits") is not None and q["certain_digits"] >= digits:
        return q["decimal"]
    return quantity_text(q, True)


def mean_interval(spread: Spread, digits: int) -> dict[str, str] | None:
    """The 95% interval of the family's mean sigma from the boards surveyed (None from fewer than two).

    Exact throughout (a sigma past the range of floats has one too); the ends of an enclosure widen it.
    """
    if spread.std is None or spread.boards < 2:
        return None
    root = Fraction(math.isqrt(spread.boards << 64), 1 << 32)  # sqrt(boards), rounded down
    return interval95(Enclosure.of(spread.mean), Enclosure.of(spread.std).upper / root, digits)


def summarise(survey: Survey, results: Iterable[BoardResult], *, levels: Iterable[Any] = LEVELS,
              digits: int = 15) -> SurveySummary:
    """The summary of the rows ``results`` of ``survey`` (boards ``0..boards-1`` among them).

    Parameters
    ----------
    survey : Survey
    results : iterable of BoardResult
        In any order; rows of boards beyond ``survey.boards`` are left out.
    levels : iterable, optional
        Quantile levels strictly between 0 and 1 (exact, from text such as ``"0.9"``).
    digits : int, optional
        The significant digits wanted of the mean and the standard deviation
        (the precision of an enclosure grows to certify them).

    Returns
    -------
    SurveySummary

    Raises
    ------
    LimitsError
        For a level outside (0, 1).
    """
    qs = tuple(as_level(q) for q in levels)
    rows = sorted((r for r in results if 0 <= r.index < survey.boards), key=lambda r: r.index)
    values = [r.expected_turns for r in rows if not r.trapped]
    spread = _spread(values, qs, digits, survey.engine) if values else None
    tallies = []
    for k, delta in enumerate(survey.deltas):
        counts = Counter(r.orders[k].order for r in rows)
        trapped = counts.pop(None, 0)
        tallies.append(OrderTally(delta, tuple(sorted(counts.items())), trapped))
    return SurveySummary(survey, len(rows), len(rows) - len(values), spread, tuple(tallies))


def _spread(values: list[Any], qs: tuple[Fraction, ...], digits: int, engine: Engine) -> Spread:
    ordered = sorted(values)
    n = len(ordered)
    quantiles = tuple((q, ordered[math.ceil(q * n) - 1]) for q in qs)
    if engine is Engine.FLOAT:
        mean = math.fsum(values) / n
        std = math.sqrt(math.fsum((x - mean) ** 2 for x in values) / (n - 1)) if n > 1 else None
    else:
        mean, std = _exact_moments(values, digits)
    return Spread(n, mean, std, ordered[0], ordered[-1], quantiles)


def _exact_moments(values: list[Fraction], digits: int) -> tuple[Fraction | Enclosure, Enclosure | None]:
    n = len(values)
    bits = math.ceil(digits * math.log2(10)) + 2 * n.bit_length() + 32
    if sum(v.denominator.bit_length() for v in values) <= EXACT_SUM_BITS:
        exact_mean = sum(values, Fraction(0)) / n
        if n == 1:
            return exact_mean, None
        variance = sum(((v - exact_mean) ** 2 for v in values), Fraction(0)) / (n - 1)
        while True:
            std = Enclosure(variance, variance).sqrt(bits)
            if bits >= MAX_BITS or std.is_exact or (std.certain_digits() or 0) >= digits:
                return exact_mean, std
            bits *= 2
    while True:
        scale = 1 << bits
        low = [v.numerator * scale // v.denominator for v in values]
        high = [-(-v.numerator * scale // v.denominator) for v in values]
        s_low, s_high = sum(low), sum(high)
        mean = Enclosure(Fraction(s_low, n * scale), Fraction(s_high, n * scale))
        std = None
        if n > 1:
            q_low, q_high = sum(x * x for x in low), sum(x * x for x in high)
            v_low = max(Fraction(0), Fraction(q_low - Fraction(s_high * s_high, n), (n - 1) * scale * scale))
            v_high = Fraction(q_high - Fraction(s_low * s_low, n), (n - 1) * scale * scale)
            std = Enclosure(v_low, v_high).sqrt(bits)
        certain = min((e.certain_digits() or digits) for e in (mean, std) if e is not None)
        if bits >= MAX_BITS or certain >= digits:
            return mean, std
        bits *= 2
