"""The float path of a game's moments keeps its digits near p = 1: the state reduction, subtraction-free.

Modules: limits.game.duration
"""
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given

from limits import Perturbation, SymbolicError, build_chain, weighted
from tests.loaded import sigma_function
from tests.strategies import boards, dice, rules


@pytest.mark.parametrize("delta", range(1, 7))
def test_accurate_down_to_eps_1e_minus_23(delta):
    f, family = sigma_function(delta=delta), Perturbation.loaded(delta=delta)
    for k in (1, 3, 10, 16, 23):
        eps = Fraction(1, 10**k)
        chain = family.chain_at(eps=eps)
        exact = chain.moments()
        assert f(1 - eps) == exact.mean
        floats = chain.moments(exact=False)
        assert math.isclose(chain.expected_duration(exact=False), float(exact.mean), rel_tol=1e-12)
        assert math.isclose(floats.mean, float(exact.mean), rel_tol=1e-12)
        assert math.isclose(floats.variance, float(exact.variance), rel_tol=1e-8)  # gaps of means near 1e45: 9 digits
        visits = chain.expected_visits(exact=False)
        assert visits == {s: float(v) for s, v in chain.expected_visits().items()}  # the exact visits rounded
        assert math.isclose(sum(visits.values()), float(exact.mean), rel_tol=1e-12)


def test_naive_float64_fails_where_state_reduction_does_not():
    # what a plain solve of (I - T) x = 1 in float64 gives near p = 1, for contrast
    eps = Fraction(1, 10**12)
    chain = Perturbation.loaded(delta=3).chain_at(eps=eps)
    exact = float(sigma_function(delta=3)(1 - eps))
    n = len(chain.states)
    t = np.zeros((n, n))
    for i, row in enumerate(chain.rows):
        for target, prob in row:
            if target != chain.goal:
                t[i, chain.index[target]] += float(prob)
    naive = np.linalg.solve(np.eye(n) - t, np.ones(n))[0]
    assert abs(naive / exact - 1) > 1e-6  # cancellation in 1 - T_ii ruins it
    assert math.isclose(chain.expected_duration(exact=False), exact, rel_tol=1e-12)


@given(boards(max_size=25), dice(), rules)
def test_float_means_against_exact(board, die, rule):
    c = build_chain(board, die, rule)
    exact = c.expected_durations()
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        floats = c.expected_durations(exact=False)
    for s in c.states:
        assert math.isclose(floats[s], float(exact[s]), rel_tol=1e-11) or exact[s] == floats[s]


def test_a_trapped_square_has_an_infinite_mean_in_floats_too():
    c = build_chain(die=weighted(3, 1))
    floats, exact = c.expected_durations(exact=False), c.expected_durations()
    assert floats[0] == math.inf == exact[0] and floats[97] == 1.0


def test_floats_of_a_symbolic_die_are_refused():
    import sympy

    c = build_chain(die=weighted(3, sympy.Symbol("p")))
    for verb in (c.expected_duration, c.expected_durations, c.moments, c.expected_visits):
        with pytest.raises(SymbolicError, match="numeric die"):
            verb(exact=False)
