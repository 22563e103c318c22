import math

import mpmath
import pytest

from limits import LimitsError, build_chain, fair, standard, weighted
from limits.coin import policy_chain
from limits.coin.simulate import simulate
from limits.coin.strategies import all_strategies
from limits.game.distribution import pmf
from limits.game.duration import moments


def _within(sim, chain, level_z=3.29):
    m = moments(chain)
    half = level_z * math.sqrt(float(m.variance) / sim.finished)
    return abs(sim.mean - float(m.mean)) < half


@pytest.mark.parametrize("engine", ["numba", "numpy"])
def test_every_strategy_mean_within_a_999_interval(engine):
    b = standard()
    for i, strat in enumerate(all_strategies(b)):
        sim = simulate(b, fair(), games=40_000, seed=100 + i, policy=strat, engine=engine)
        assert sim.unfinished == 0
        assert _within(sim, policy_chain(b, fair(), strat)), strat.id


def test_weighted_dice():
    for delta, p in ((4, "0.9"), (6, "0.6"), (2, "0.3")):
        die = weighted(delta, p)
        sim = simulate(die=die, games=60_000, seed=delta)
        assert _within(sim, build_chain(die=die))


def test_pmf_by_chi_square():
    chain = build_chain()
    sim = simulate(games=200_000, seed=11)
    probs = pmf(chain, 150)
    expected = [float(q) * sim.finished for q in probs]
    observed = [int(c) for c in sim.counts[:151]] + [0] * max(0, 151 - len(sim.counts))
    # pool the cells with fewer than 20 expected games, and the tail
    cells, exp, obs = [], 0.0, 0
    for e, o in zip(expected, observed):
        exp, obs = exp + e, obs + o
        if exp >= 20:
            cells.append((exp, obs))
            exp, obs = 0.0, 0
    tail_obs = sim.finished - sum(o for _, o in cells)
    tail_exp = sim.finished - sum(e for e, _ in cells)
    cells.append((tail_exp, tail_obs))
    stat = sum((o - e) ** 2 / e for e, o in cells)
    dof = len(cells) - 1
    p_value = float(mpmath.gammainc(dof / 2, stat / 2, mpmath.inf, regularized=True))
    assert p_value > 0.001


def test_seeded_runs_repeat_and_chunks_do_not_matter():
    a = simulate(games=50_000, seed=7, chunk=10_000)
    b = simulate(games=50_000, seed=7, chunk=10_000, workers=1)
    assert (a.counts == b.counts).all()


def test_unfinished_games_are_reported():
    sim = simulate(die=weighted(3, 1), games=100, seed=1, max_turns=500)
    assert sim.unfinished == 100 and sim.finished == 0


def test_progress_and_errors():
    seen = []
    simulate(games=30_000, seed=1, chunk=10_000, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(10_000, 30_000), (20_000, 30_000), (30_000, 30_000)]
    with pytest.raises(LimitsError):
        simulate(games=0)
    with pytest.raises(LimitsError):
        simulate(engine="gpu")
    with pytest.raises(LimitsError):
        simulate(start=101)
