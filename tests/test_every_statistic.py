"""Every statistic the package reports, against its definition in the ``statistics`` module or numpy.

The class: a statistic has a written definition (a divisor, a rule for the
quantile when ``q n`` is whole, which standard error), and a wrong divisor or
rule gives a plausible number. Each member is checked against the reference
implementation of its documented definition, with tiny samples (n = 1, 2),
ties, and levels that hit the cdf exactly:

* a sample of game lengths (:class:`~limits.coin.simulate.Simulation`, the
  command line's ``simulate`` and :func:`~limits.markup.quantities.sample_summary`),
  over the finished games alone when some reached ``max_turns``: the exact mean
  (``statistics.mean``), the sample variance and standard deviation with
  divisor ``n - 1`` (``statistics.variance``/``stdev``), the standard error of
  the mean ``s / sqrt(n)``, of the standard deviation ``s / sqrt(2 (n - 1))``,
  and the normal interval ``mean -+ z s / sqrt(n)`` (``NormalDist``);
* the quantile rules of :mod:`limits.game.quantile` on an empirical cdf:
  ``lower`` is numpy's ``inverted_cdf``, ``upper`` the smallest m with
  ``F(m) > q``, ``midpoint`` numpy's ``averaged_inverted_cdf``;
* the exact law of a game (:mod:`limits.game.distribution`): median,
  quantiles and mode against the exact pmf, and the moments of a game of
  bounded length against ``sum m P(m)`` and ``pvariance``;
* the survey's statistics over its rows (:func:`limits.survey.summary.summarise`):
  mean, sample standard deviation, least, greatest and the ``lower``
  quantiles, exact and float, every row counted (board 0 too).
"""

from __future__ import annotations

import math
import statistics
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from limits import Board, Rule, build_chain, fair
from limits.coin.simulate import Simulation
from limits.exact.digits import decimal_sqrt
from limits.exact.known_digits import estimate_digits

samples = st.lists(st.integers(0, 30), min_size=1, max_size=40)
"""Game lengths; small ranges make ties."""


def _counts(values: list[int]) -> np.ndarray:
    counts = np.zeros(max(values) + 1, dtype=np.int64)
    for v in values:
        counts[v] += 1
    return counts


def _simulation(values: list[int], unfinished: int = 0):
    return Simulation(_counts(values) if values else np.zeros(1, dtype=np.int64), unfinished, 1.0, "numpy",
                      len(values) + unfinished)


# ---- a sample of game lengths -----------------------------------------------------------------------------------

@given(samples)
@example([7])  # n = 1
@example([3, 3])  # n = 2, a tie: no spread
@example([0, 1])  # a game of no turn counts too
def test_a_simulations_mean_variance_and_interval_are_the_textbooks(values):
    sim = _simulation(values)
    n = len(values)
    assert sim.finished == n and sim.mean == statistics.mean(Fraction(v) for v in values)
    if n == 1:
        assert sim.variance is None and sim.ci() is None
        return
    var = statistics.variance([Fraction(v) for v in values])  # divisor n - 1
    assert sim.variance == var and sim.variance_float == float(var)
    for level in (0.9, 0.95, 0.99):
        z = statistics.NormalDist().inv_cdf(0.5 + level / 2)
        low, high = sim.ci(level)
        half = z * math.sqrt(var / n)
        assert math.isclose(low, float(sim.mean) - half, rel_tol=1e-12, abs_tol=1e-12)
        assert math.isclose(high, float(sim.mean) + half, rel_tol=1e-12, abs_tol=1e-12)


@given(st.lists(st.integers(0, 30), max_size=40), st.integers(0, 25))
@example([], 4)  # no game finished
@example([7], 3)
@example([3, 5], 100)  # more games unfinished than finished
def test_every_statistic_of_a_simulation_is_over_its_finished_games(values, unfinished):
    """Games still running at ``max_turns`` are counted as played and left out of every statistic, as documented:
    the mean, the variance, the interval, the summary, the repr, the page and the histogram are those of the
    finished games alone."""
    from limits.markup.quantities import sample_summary

    sim = _simulation(values, unfinished)
    n = len(values)
    assert (sim.games, sim.finished, sim.unfinished) == (n + unfinished, n, unfinished)
    page = sim._repr_html_()
    assert f">{n + unfinished}<" in page and f">{unfinished}<" in page
    assert f"{unfinished} unfinished" in repr(sim) and f"Simulation({n + unfinished} games" in repr(sim)
    assert sim.histogram(5)[0].sum() == n
    if n == 0:
        assert sim.mean is sim.variance is sim.ci() is sim.mean_float is None and "none finished" in repr(sim)
        return
    mean = statistics.mean(Fraction(v) for v in values)
    assert sim.mean == mean and sim.mean_float == float(mean) and sim.mean_float == statistics.fmean(values)
    summary = sample_summary(sim.counts, 12)
    assert Fraction(summary["mean"]["exact"]) == mean and summary["mean"]["decimal"] in page
    if n == 1:
        assert sim.variance is None and sim.ci() is None
        return
    var = statistics.variance([Fraction(v) for v in values])
    assert sim.variance == var and sim.variance_float == float(var)
    z = statistics.NormalDist().inv_cdf(0.975)
    low, high = sim.ci()
    half = z * statistics.stdev(values) / math.sqrt(n)  # the standard error of the mean of n finished games
    assert math.isclose(high - low, 2 * half, rel_tol=1e-9, abs_tol=1e-12)
    assert math.isclose((low + high) / 2, statistics.fmean(values), rel_tol=1e-12, abs_tol=1e-12)


def test_a_simulation_cut_at_max_turns_counts_the_longer_games_as_unfinished():
    """The same games (one stream each, whatever ``max_turns``) cut at M: those of at most M turns are counted
    as they are, the others unfinished."""
    from limits import build_chain

    engine = "numpy"
    game = build_chain(Board(30, {3: 17, 12: 2, 20: 29, 27: 5}), fair(6))
    full = game.simulate(600, seed=5, max_turns=10**4, engine=engine, workers=1)
    lengths = np.repeat(np.arange(full.counts.size), full.counts)
    assert full.unfinished == 0 and lengths.size == 600
    for cut in (1, 4, int(np.median(lengths)), int(lengths.max()) - 1):
        sim = game.simulate(600, seed=5, max_turns=cut, engine=engine, workers=1)
        done = lengths[lengths <= cut]
        assert sim.unfinished == int((lengths > cut).sum()) and sim.games == 600
        assert np.array_equal(np.repeat(np.arange(sim.counts.size), sim.counts), done)
        if done.size > 1:
            assert sim.mean == statistics.mean(Fraction(int(v)) for v in done)
            assert sim.variance == statistics.variance([Fraction(int(v)) for v in done])
            assert sim.mean_float == pytest.approx(np.mean(done), rel=1e-15)
            assert sim.variance_float == pytest.approx(np.var(done, ddof=1), rel=1e-12)


def test_the_command_lines_simulation_reports_the_finished_games_statistics(capsys):
    """``simulate --max-turns`` in JSON: the games, finished and unfinished, and the mean, its standard error,
    its 95% interval and the standard deviation of the finished games (numpy's, ``ddof=1``)."""
    import json

    from limits import build_chain
    from limits.cli import main

    counts = build_chain().simulate(300, seed=3, max_turns=10**4).counts
    lengths = np.repeat(np.arange(counts.size), counts)
    assert main(["--quiet", "simulate", "--games", "300", "--seed", "3", "--max-turns", "30", "--format",
                 "json"]) == 0
    r = json.loads(capsys.readouterr().out)
    done = lengths[lengths <= 30]
    n = done.size
    assert (r["games"], r["finished"], r["unfinished"]) == (300, n, int((lengths > 30).sum())) and 1 < n < 300
    assert Fraction(r["mean"]["exact"]) == statistics.mean(Fraction(int(v)) for v in done)
    se = np.std(done, ddof=1) / math.sqrt(n)
    assert float(r["mean"]["standard_error"]) == pytest.approx(se, rel=0.05)  # two digits
    assert float(r["std"]["standard_error"]) == pytest.approx(np.std(done, ddof=1) / math.sqrt(2 * (n - 1)),
                                                              rel=0.05)
    assert r["std"]["float"] == pytest.approx(np.std(done, ddof=1), rel=1e-12)
    low, high = np.mean(done) - 1.959963984540054 * se, np.mean(done) + 1.959963984540054 * se
    unit = 10.0 ** (math.floor(math.log10(se)) - 1)  # one digit past the mean's place, rounded outward
    assert low - unit <= float(r["ci95"]["lower"]) <= low <= high <= float(r["ci95"]["upper"]) <= high + unit


@given(samples, st.integers(1, 20))
@example([7], 5)
@example([3, 3], 5)
@example([0, 1], 5)
@example([5, 5, 5, 6], 3)
def test_a_samples_summary_is_its_mean_and_standard_deviation_to_their_standard_errors(values, digits):
    from limits.markup.quantities import sample_summary

    s = sample_summary(_counts(values), digits)
    n = len(values)
    mean = statistics.mean(Fraction(v) for v in values)
    var = statistics.variance([Fraction(v) for v in values]) if n > 1 else Fraction(0)
    std = math.sqrt(var)
    se_mean = math.sqrt(var / n)  # the standard error of the mean
    se_std = std / math.sqrt(2 * (n - 1)) if n > 1 else 0.0  # of the standard deviation (normal approximation)
    assert Fraction(s["mean"]["exact"]) == mean
    assert math.isclose(float(s["mean"]["standard_error"]), se_mean, rel_tol=0.06)  # printed to 2 digits
    assert math.isclose(float(s["std"]["standard_error"]), se_std, rel_tol=0.06)
    # each printed to the place of its standard error's leading digit
    shown = estimate_digits(mean, Fraction(se_mean), digits) if var else digits
    assert s["mean"]["decimal"] == _rounded(mean, shown)
    shown_std = estimate_digits(Fraction(std), Fraction(se_std), digits) if var else digits
    assert s["std"]["decimal"] == decimal_sqrt(var, shown_std)
    assert s["std"]["float"] == pytest.approx(statistics.stdev(values) if n > 1 else 0.0, rel=1e-12)


def _rounded(value: Fraction, digits: int) -> str:
    from limits.exact.digits import decimal

    return decimal(value, digits)


# ---- quantile rules ---------------------------------------------------------------------------------------------

@given(samples, st.integers(1, 39))
@example([1, 2, 3, 4], 2)  # q n whole (q = 1/2, n = 4): lower 2, upper 3, midpoint 5/2
@example([5, 5, 5, 5], 1)  # all tied
@example([1], 1)
def test_the_quantile_rules_on_a_samples_cdf_are_numpys(values, k):
    from limits.game.quantile import QuantileRule, quantile_from_cdf

    n = len(values)
    counts = _counts(values)
    cdf = [Fraction(int(c), n) for c in np.cumsum(counts)]
    for q in {Fraction(k, 40), Fraction(min(k, n - 1) or 1, n) if n > 1 else Fraction(1, 2), Fraction(1, 2)}:
        if not 0 < q < 1:
            continue
        ordered = np.sort(values)
        lower = quantile_from_cdf(cdf, q, QuantileRule.LOWER)
        assert lower == np.quantile(ordered, float(q), method="inverted_cdf") == ordered[math.ceil(q * n) - 1]
        upper = quantile_from_cdf(cdf, q, QuantileRule.UPPER)
        assert upper == ordered[math.floor(q * n)]  # the smallest m with F(m) > q
        mid = quantile_from_cdf(cdf, q, QuantileRule.MIDPOINT)
        assert mid == Fraction(int(lower) + int(upper), 2)
        if lower == upper or float(q) * n == q * n:  # numpy sees float(q): 15/22 * 22 is 14.999... to it
            assert float(mid) == np.quantile(ordered, float(q), method="averaged_inverted_cdf")


def test_the_quantile_rules_differ_only_where_the_cdf_hits_the_level():
    from limits.game.quantile import quantile_from_cdf

    cdf = [Fraction(1, 4), Fraction(1, 2), Fraction(1, 2), Fraction(3, 4), Fraction(1)]
    assert [quantile_from_cdf(cdf, "1/2", r) for r in ("lower", "upper", "midpoint")] == [1, 3, 2]
    assert [quantile_from_cdf(cdf, "0.6", r) for r in ("lower", "upper", "midpoint")] == [3, 3, 3]
    assert quantile_from_cdf(cdf, "1/4", "midpoint") == Fraction(1, 2)


# ---- the exact law of a game -------------------------------------------------------------------------------------

GAMES = [build_chain(Board(6, {2: 5}), fair(3)), build_chain(Board(5), fair(2), Rule.PASS),
         build_chain(Board(7, {3: 1, 5: 6}), fair(2)), build_chain(Board(4), fair(4), Rule.BOUNCE)]


@pytest.mark.parametrize("chain", GAMES, ids=["ladder", "pass", "chute", "bounce"])
def test_median_quantiles_and_mode_of_a_game_are_read_off_its_exact_law(chain):
    from limits.game import distribution

    horizon = 200
    pmf = distribution.pmf(chain, horizon)
    cdf = list(np.cumsum(pmf))
    assert 1 - cdf[-1] < Fraction(1, 10**6)
    for q in (Fraction(1, 10), Fraction(1, 2), Fraction(9, 10), cdf[3] if 0 < cdf[3] < 1 else Fraction(1, 3)):
        found = distribution.quantile(chain, q)
        assert found == next(m for m, c in enumerate(cdf) if c >= q)  # the smallest m with P(M <= m) >= q
    assert distribution.median(chain) == distribution.quantile(chain, Fraction(1, 2))
    best = max(pmf)
    assert distribution.mode(chain) == pmf.index(best)  # the smallest of the likeliest lengths
    from limits.game.game_length import GameLength, Unit
    from limits.game.one_player import OnePlayer

    turns = GameLength(OnePlayer(chain), 1, Unit.TURNS)
    for q in (Fraction(1, 2), cdf[2] if 0 < cdf[2] < 1 else Fraction(1, 3)):  # a level the cdf hits, for the rules
        lower = next(m for m, c in enumerate(cdf) if c >= q)
        upper = next(m for m, c in enumerate(cdf) if c > q)
        assert [turns.quantile(q, r) for r in ("lower", "upper")] == [lower, upper]
        assert turns.quantile(q, "midpoint") == Fraction(lower + upper, 2)


@pytest.mark.parametrize("chain", [GAMES[1], build_chain(Board(6, {2: 4}), fair(3), Rule.PASS)],
                         ids=["pass", "pass with a ladder"])
def test_the_moments_of_a_game_of_bounded_length_are_those_of_its_law(chain):
    from limits.game import distribution

    pmf = distribution.pmf(chain, chain.goal + 1)
    assert sum(pmf) == 1  # under pass, every roll moves ahead: at most N turns
    mean = sum(m * p for m, p in enumerate(pmf))
    var = sum(m * m * p for m, p in enumerate(pmf)) - mean**2  # the population variance of the law
    m = chain.moments()
    assert m.mean == mean and m.variance == var
    assert float(m.std) == pytest.approx(math.sqrt(var), rel=1e-15)


# ---- the survey's statistics over its rows -----------------------------------------------------------------------

def _summary(values: list, engine: str, levels=("0.1", "0.5", "0.9")):
    from limits.model.random_board import BoardFamily
    from limits.survey.result import BoardResult, Engine
    from limits.survey.summary import summarise
    from limits.survey.survey import Survey

    survey = Survey(BoardFamily(12, 1, 1), boards=len(values), seed=0, engine=engine, deltas=())
    kind = Engine(engine)
    rows = [BoardResult(i, kind, v, None if v is not None else (3,)) for i, v in enumerate(values)]
    return summarise(survey, reversed(rows), levels=levels, digits=12)


@given(st.lists(st.one_of(st.fractions(1, 60, max_denominator=7), st.none()), min_size=1, max_size=15))
@example([Fraction(7)])  # one board
@example([Fraction(7), Fraction(7)])  # two tied boards: no spread
@example([Fraction(3), None, Fraction(5)])  # a trapped board between
@example([Fraction(1), Fraction(2), Fraction(3), Fraction(4), Fraction(5), Fraction(6), Fraction(7), Fraction(8),
          Fraction(9), Fraction(10)])  # q n whole at every level
def test_the_surveys_statistics_over_its_rows_are_the_textbooks(values):
    m = _summary(values, "exact")
    finite = [v for v in values if v is not None]
    assert m.boards == len(values) and m.trapped == len(values) - len(finite)  # every row counted, board 0 too
    assert m.trap_rate == Fraction(m.trapped, len(values))
    spread = m.expected_turns
    if not finite:
        assert spread is None
        return
    n = len(finite)
    assert spread.boards == n and spread.mean == statistics.mean(finite)
    assert (spread.minimum, spread.maximum) == (min(finite), max(finite))
    if n == 1:
        assert spread.std is None
    else:
        var = statistics.variance(finite)  # divisor n - 1
        assert spread.std.lower ** 2 <= var <= spread.std.upper ** 2
    ordered = sorted(finite)
    for level, value in spread.quantiles:  # lower: the smallest sigma with at least q n boards at or below it
        assert value == ordered[math.ceil(level * n) - 1]
        assert value == np.quantile(np.array(ordered, dtype=object), float(level), method="inverted_cdf")


@given(st.lists(st.floats(1, 60), min_size=1, max_size=15))
@example([7.0])
@example([7.0, 7.0])
def test_the_surveys_float_statistics_are_the_textbooks(values):
    spread = _summary(values, "float").expected_turns
    n = len(values)
    assert spread.mean == pytest.approx(statistics.fmean(values), rel=1e-14)
    if n == 1:
        assert spread.std is None
    else:
        assert spread.std == pytest.approx(statistics.stdev(values), rel=1e-12, abs=1e-12)
    ordered = sorted(values)
    for level, value in spread.quantiles:
        assert value == ordered[math.ceil(level * n) - 1]
