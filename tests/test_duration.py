import math
from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import given

from limits import Board, InfiniteExpectationError, StartError, build_chain, fair, weighted
from limits.game.distribution import pmf
from limits.game.duration import expected_durations, expected_visits, moments
from tests.bruteforce import expected_turns
from tests.bruteforce import pmf as brute_pmf
from tests.oracle import turn
from tests.strategies import boards, dice, rules


def test_standard_expectation_against_brute_force():
    c = build_chain()
    ref = expected_turns(100, c.board.jump_map, "stay", c.die.probabilities)
    assert expected_durations(c) == ref
    # the paper prints 39.5984; our exact value rounds to that
    assert round(float(ref[0]), 4) == 39.5984


@given(boards(max_size=25), dice(), rules)
def test_expectation_matches_brute_force_and_float(board, die, rule):
    c = build_chain(board, die, rule)
    ref = expected_turns(board.size, board.jump_map, rule.value, die.probabilities)
    exact = expected_durations(c)
    assert exact == ref
    floats = expected_durations(c, exact=False)
    assert all(math.isclose(floats[s], float(exact[s]), rel_tol=1e-9) for s in c.states)


def _variance_from_pmf(board, die, rule, start, turns):
    p = brute_pmf(board.size, board.jump_map, rule, die.probabilities, start, turns)
    mean = sum(m * q for m, q in enumerate(p))
    return mean, sum(m * m * q for m, q in enumerate(p)) - mean**2, 1 - sum(p)


def test_variance_against_the_pmf():
    # a board whose games end quickly, so the truncated pmf sums are sharp
    board, die = Board(6, {2: 5}), fair(6)
    c = build_chain(board, die, "pass")
    m = moments(c)
    mean, var, missing = _variance_from_pmf(board, die, "pass", 0, 60)
    assert missing < Fraction(1, 10**30)
    assert abs(m.mean - mean) < Fraction(1, 10**25)
    assert abs(m.variance - var) < Fraction(1, 10**25)
    assert m.std.base == sympy.Rational(m.variance.numerator, m.variance.denominator) and m.std.exp == sympy.S.Half


def test_standard_variance_against_pmf_tail():
    c = build_chain()
    m = moments(c)
    p = pmf(c, 2500)
    mean = sum(k * q for k, q in enumerate(p))
    var = sum(k * k * q for k, q in enumerate(p)) - mean**2
    assert abs(float(m.mean) - float(mean)) < 1e-12
    assert abs(float(m.variance) - float(var)) < 1e-9


def test_simulation_agrees_within_a_confidence_interval():
    c = build_chain()
    rng = np.random.default_rng(20261125)
    jumps = c.board.jump_map
    n = 20000
    pos = np.zeros(n, dtype=np.int64)
    turns = np.zeros(n, dtype=np.int64)
    table = np.array([[turn(100, jumps, "stay", s, roll) for roll in range(1, 7)] for s in range(101)])
    alive = np.ones(n, dtype=bool)
    while alive.any():
        new = table[pos, rng.integers(0, 6, size=n)]
        pos = np.where(alive, new, pos)
        turns += alive
        alive &= pos != 100
    m = moments(c)
    half = 3.29 * math.sqrt(float(m.variance) / n)  # 99.9% two-sided
    assert abs(turns.mean() - float(m.mean)) < half
    assert abs(turns.var() / float(m.variance) - 1) < 0.1


def test_infinite_expectation_names_the_loop():
    c = build_chain(die=weighted(3, 1))
    with pytest.raises(InfiniteExpectationError, match=r"loop \{53\}") as info:
        moments(c)
    assert info.value.trap == (53,) and info.value.start == 0
    d = expected_durations(c)
    assert d[0] == math.inf and d[97] == 1  # from 97 a 3 wins
    assert moments(c, 97).mean == 1


def test_start_on_a_jump_and_on_the_goal():
    c = build_chain()
    d = expected_durations(c)
    assert moments(c, 1).mean == d[38]
    assert moments(c, 80).mean == 0 and moments(c, 100).variance == 0
    with pytest.raises(StartError):
        moments(c, 101)


@given(boards(max_size=20), dice(), rules)
def test_visits_add_up_to_the_expectation(board, die, rule):
    c = build_chain(board, die, rule)
    v = expected_visits(c)
    assert sum(v.values()) == moments(c).mean
    vf = expected_visits(c, exact=False)
    assert math.isclose(sum(vf.values()), float(moments(c).mean), rel_tol=1e-9)


def test_symbolic_expectation_on_a_small_board():
    p = sympy.Symbol("p")
    board = Board(4, {2: 1})
    c = build_chain(board, weighted(1, p, k=2))
    m = moments(c)
    sigma, variance = m.mean, m.variance
    assert variance == sympy.factor(variance)  # the variance comes factored, one fraction
    for value in (Fraction(1, 3), Fraction(9, 10)):
        numeric = moments(build_chain(board, weighted(1, value, k=2)))
        q = sympy.Rational(str(value))
        assert sympy.Rational(numeric.mean.numerator, numeric.mean.denominator) == sigma.subs(p, q)
        assert sympy.Rational(numeric.variance.numerator, numeric.variance.denominator) == variance.subs(p, q)


def test_jupyter_shows_the_moments_to_their_digits():
    page = build_chain(Board(6, {2: 5, 4: 1}), fair(3)).moments()._repr_html_()
    assert page == ('<div class="limits-summary"><p><strong>The number of turns</strong></p><table>'
                    "<tr><th>mean</th><td>4.8 (exactly 24/5)</td></tr>"
                    "<tr><th>variance</th><td>8.16 (exactly 204/25)</td></tr>"
                    "<tr><th>standard deviation</th><td>2.85657137142</td></tr></table></div>")
