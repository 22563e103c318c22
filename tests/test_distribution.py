import math
from fractions import Fraction
from itertools import accumulate

import pytest
import sympy
from hypothesis import given

from limits import Board, LimitsError, build_chain, fair, weighted
from limits.game.distribution import (
    absorption_probability,
    median,
    min_turns,
    mode,
    pmf,
    quantile,
    survival,
)
from tests.bruteforce import pmf as brute_pmf
from tests.strategies import boards, dice, rules


@given(boards(max_size=25), dice(), rules)
def test_survival_against_brute_force(board, die, rule):
    c = build_chain(board, die, rule)
    start = board.squares[len(board.squares) // 2]
    p = brute_pmf(board.size, board.jump_map, rule.value, die.probabilities, start, 30)
    s = survival(c, 30, start)
    assert pmf(c, 30, start) == p
    assert s == [1 - sum(p[: m + 1]) for m in range(31)]
    assert all(a >= b for a, b in zip(s, s[1:]))  # non-increasing
    floats = survival(c, 30, start, exact=False)
    assert all(math.isclose(f, float(x), rel_tol=1e-9, abs_tol=1e-15) for f, x in zip(floats, s))


@given(boards(max_size=25), dice(), rules)
def test_summaries_against_a_long_pmf(board, die, rule):
    c = build_chain(board, die, rule)
    m = min_turns(c)
    p = pmf(c, 200)
    assert m == next(i for i, q in enumerate(p) if q > 0)
    assert c.expected_duration() >= m
    med = median(c)
    cdf = list(accumulate(p))
    if cdf[-1] >= Fraction(1, 2):
        assert med == next(i for i, q in enumerate(cdf) if q >= Fraction(1, 2))
    mo = mode(c)
    if 1 - cdf[-1] < max(p):  # the tail cannot hold a larger value
        assert mo == p.index(max(p))


def test_standard_summaries():
    c = build_chain()
    assert (min_turns(c), median(c), mode(c)) == (7, 33, 22)
    assert quantile(c, "0.9") == 73
    p = pmf(c, 2000)
    assert abs(float(sum(p)) - 1) < 1e-30


def test_traps_make_quantiles_infinite_but_survival_finite():
    c = build_chain(die=weighted(3, 1))
    assert absorption_probability(c) == 0
    assert median(c) == math.inf and mode(c) is None and min_turns(c) is None
    assert survival(c, 5) == [1] * 6


def test_partly_trapped_absorption_probability():
    # 2-faced die that only rolls 1 or 2; square 2 is a chute to 1 and 4 is a chute to 3:
    # from 3 a 2 wins (5), a 1 goes to 4 -> 3 ... so some games never end only if p(2) = 0
    board = Board(5, {2: 1, 4: 3})
    die = weighted(1, "1/2", k=2)
    c = build_chain(board, die)
    assert absorption_probability(c) == 1
    c0 = build_chain(Board(6, {3: 5}), fair(3))
    assert absorption_probability(c0) == 1


def test_symbolic_survival():
    p = sympy.Symbol("p")
    c = build_chain(Board(3), weighted(1, p, k=2))
    s = survival(c, 3)
    assert s[0] == 1
    numeric = survival(build_chain(Board(3), weighted(1, "1/3", k=2)), 3)
    assert [x.subs(p, sympy.Rational(1, 3)) for x in s] == [sympy.Rational(v.numerator, v.denominator) for v in numeric]
    with pytest.raises(LimitsError):
        median(c)


def test_bad_arguments():
    c = build_chain()
    with pytest.raises(LimitsError):
        survival(c, -1)
    with pytest.raises(LimitsError):
        quantile(c, 1)
