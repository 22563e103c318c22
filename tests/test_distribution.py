import math
from fractions import Fraction
from itertools import accumulate

import pytest
import sympy
from hypothesis import assume, example, given
from hypothesis import strategies as st

from limits import Board, Die, LimitsError, Rule, build_chain, fair, weighted
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


# Ties and exact hits, which random boards seldom make: P(M = 1) = P(M = 2) = 1/2 (a tie for the mode);
# P(M <= 1) = 1/2 exactly (the median is where the cdf reaches 1/2, not where it passes it); a tie
# for the mode at P(M = 4) = P(M = 5) = 8/81, after the fewest turns (a first maximum that is not the first
# value); P(M = 3) = P(M = 4) = 52/125.
@example(Board(2), fair(2), Rule.PASS)
@example(Board(1), fair(2), Rule.STAY)
@example(Board(3, {1: 3}), fair(2), Rule.PASS)
@example(Board(5, {4: 1}), Die(["1/3", 0, "2/3"]), Rule.STAY)
@example(Board(6), Die(["2/5", "2/5", "1/5"]), Rule.PASS)
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


@example(Board(1), fair(2), Rule.STAY, 0)  # P(M <= 1) = 1/2 exactly
@example(Board(3), fair(2), Rule.STAY, 1)
@example(Board(2), fair(2), Rule.PASS, 0)
@given(boards(max_size=20), dice(), rules, st.integers(0, 12))
def test_quantiles_at_exact_hits_of_the_cdf(board, die, rule, index):
    c = build_chain(board, die, rule)
    cdf = list(accumulate(pmf(c, 40)))
    level = cdf[index]
    assume(0 < level < 1)
    # the smallest M whose cdf reaches the level: the index itself, or an earlier M with the same cdf
    assert quantile(c, level) == cdf.index(level)
    # just above the level, the first M whose cdf reaches that
    higher = level + Fraction(1, 10**40)
    above = [m for m, v in enumerate(cdf) if v >= higher]
    if above:
        assert quantile(c, higher) == above[0] > cdf.index(level)
    if level == Fraction(1, 2):
        assert median(c) == cdf.index(level)


def test_ties_for_the_mode_go_to_the_fewest_turns():
    c = build_chain(Board(2), fair(2), Rule.PASS)
    assert pmf(c, 3) == [0, Fraction(1, 2), Fraction(1, 2), 0]
    assert mode(c) == 1
    assert median(c) == 1 and quantile(c, "0.5000001") == 2


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


def test_the_median_from_another_start():
    chain = build_chain(Board(6, {2: 5, 4: 1}), fair(3))
    assert median(chain, 5) == quantile(chain, Fraction(1, 2), 5) == 2 and median(chain, 3) == 3 and median(chain) == 4


def test_the_chance_that_a_game_ends_is_from_square_0_unless_told():
    from limits.game.distribution import absorption_probability

    chain = build_chain(Board(3, {2: 1}), Die(["1/2", 0, "1/2"]))  # from 1: 1s loop back to 1, 3s overshoot
    assert absorption_probability(chain) == absorption_probability(chain, 0) == Fraction(1, 2)
    assert absorption_probability(chain, 1) == 0
