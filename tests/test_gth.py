import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given

from limits import build_chain
from limits.exact.gth import gth_mean_times
from tests.loaded import sigma_function
from tests.strategies import boards, dice, rules


def _loaded_rows(delta: int, eps: float) -> np.ndarray:
    """The paper's game with P(delta) = 1 - eps as the kernel's rows (the goal last), each probability formed from
    eps, never as 1 - (the others)."""
    from limits.model.rules import Rule, step

    c = build_chain()
    n = len(c.states)
    p = np.zeros((n, n + 1))
    for i, s in enumerate(c.states):
        for face in range(1, 7):
            target = step(c.board, Rule.STAY, s, face)
            p[i, n if target == 100 else c.index[target]] += (1 - eps) if face == delta else eps / 5
    return p


@pytest.mark.parametrize("delta", range(1, 7))
def test_accurate_down_to_eps_1e_minus_23(delta):
    f = sigma_function(delta=delta)
    for k in (1, 3, 10, 16, 23):
        eps = 10.0**-k
        exact = f(1 - Fraction(eps))  # the float eps, read exactly
        assert math.isclose(gth_mean_times(_loaded_rows(delta, eps))[0], float(exact), rel_tol=1e-12)


def test_naive_float64_fails_where_state_reduction_does_not():
    # what a plain solve of (I - T) x = 1 in float64 gives near p = 1, for contrast
    eps = 1e-12
    exact = float(sigma_function(delta=3)(1 - Fraction(eps)))
    p = _loaded_rows(3, eps)
    n = len(p)
    naive = np.linalg.solve(np.eye(n) - p[:, :n], np.ones(n))[0]
    assert abs(naive / exact - 1) > 1e-6  # cancellation in 1 - T_ii ruins it
    assert math.isclose(gth_mean_times(p)[0], exact, rel_tol=1e-12)


@given(boards(max_size=25), dice(), rules)
def test_chain_solver_against_exact(board, die, rule):
    c = build_chain(board, die, rule)
    exact = c.expected_durations()
    n = len(c.states)
    p = np.zeros((n, n + 1))
    for i, row in enumerate(c.rows):
        for t, prob in row:
            p[i, n if t == c.goal else c.index[t]] += float(prob)
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        times = gth_mean_times(p)
    for s in c.states:
        assert math.isclose(times[c.index[s]], float(exact[s]), rel_tol=1e-11) or exact[s] == times[c.index[s]]


def test_small_example():
    assert list(gth_mean_times(np.array([[0.5, 0.5, 0.0], [0.0, 0.5, 0.5]]))) == [4.0, 2.0]  # 2 turns on 0 on average, then 2 on 1


def test_a_state_that_never_moves_on_has_an_infinite_mean():
    # 0 keeps to itself; 1 wins or falls back to 0 (no division by zero, so no warning)
    t = gth_mean_times(np.array([[1.0, 0.0, 0.0], [0.5, 0.0, 0.5]]))
    assert t[0] == math.inf and t[1] == 2.0
