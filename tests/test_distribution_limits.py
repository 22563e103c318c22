"""Quantiles, median and mode exactly at their edges, and far beyond the exact stream."""

import math
from contextlib import contextmanager
from fractions import Fraction

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from limits import Board, Die, TooLargeError, build_chain, fair, weighted
from limits.game import distribution
from limits.game.distribution import median, mode, quantile, survival
from tests.bruteforce import pmf as oracle_pmf
from tests.strategies import boards, dice, rules, scaled


def test_median_when_the_absorbed_mass_reaches_one_half_exactly_at_a_finite_time():
    # from 0 a six wins at once; a one leads to square 1, from which the game never ends
    chain = build_chain(Board(6, {2: 1}), Die(["1/2", 0, 0, 0, 0, "1/2"]))
    assert median(chain) == 1
    assert quantile(chain, "1/2") == 1 and quantile(chain, "1/3") == 1
    assert quantile(chain, "0.5000001") == math.inf
    assert mode(chain) == 1


def test_a_level_equal_to_the_absorption_probability_that_is_only_approached():
    # a six from 0 lands on the chute 6 -> 0: the mass that can still win never dies out, so
    # P(D <= M) approaches h = P(the game ends) from below and never reaches it
    chain = build_chain(Board(10, {6: 0, 8: 7}), Die(["1/2", 0, 0, 0, 0, "1/2"]))
    h = distribution.absorption_probability(chain)
    assert h == Fraction(1, 5)
    assert quantile(chain, h) == math.inf
    assert quantile(chain, h * Fraction(999, 1000)) < math.inf


def _exact_quantile(chain, q, start=0):
    """The smallest M with P(D <= M) >= q by the exact survival list (no tail search)."""
    s = survival(chain, 2000, start)
    return next(m for m, alive in enumerate(s) if 1 - alive >= q)


@contextmanager
def stream_bits(value):
    old = distribution._STREAM_BITS
    distribution._STREAM_BITS = value
    try:
        yield
    finally:
        distribution._STREAM_BITS = old


@settings(max_examples=scaled(15))
@given(boards(max_size=25), dice(), rules, st.fractions(Fraction(1, 100), Fraction(99, 100)))
def test_the_certified_search_agrees_with_the_exact_stream(board, die, rule, q):
    chain = build_chain(board, die, rule)
    with stream_bits(8):  # the exact stream stops at once; the rest is the certified search
        far = quantile(chain, q)
        far_mode = mode(chain)
    assert far == quantile(chain, q) == _exact_quantile(chain, q)
    assert far_mode == mode(chain)


def _survival_mp(chain, turns, dps):
    """P(D > turns) from 0 by mpmath matrix powers: an independent, uncertified evaluation."""
    ctx = mpmath.MPContext()
    ctx.dps = dps
    n = len(chain.states)
    t = ctx.zeros(n, n)
    for i, row in enumerate(chain.rows):
        for target, p in row:
            if target in chain.index:
                t[i, chain.index[target]] = ctx.mpf(p.numerator) / p.denominator
    u = ctx.zeros(1, n)
    u[0, chain.index[0]] = 1
    power = t
    while turns:
        if turns & 1:
            u = u * power
        power = power * power
        turns >>= 1
    return sum(u[0, j] for j in range(n))


def test_a_median_billions_of_turns_away():
    # a three from 0 lands on 3, from which a three overshoots: the game waits for a 1 or a 2
    chain = build_chain(Board(5), weighted(3, "0.9999999999", 3))
    m = median(chain)
    assert _survival_mp(chain, m - 1, 60) > 0.5 >= _survival_mp(chain, m, 60)
    assert m > 10**9
    assert median(build_chain(die=weighted(1, "0.9999999999"))) == 20216792796  # the doctest's, on the paper's board


def test_mode_of_a_slow_game_is_its_early_peak_and_agrees_with_the_stream():
    chain = build_chain(die=weighted(1, "0.99"))
    p = distribution.pmf(chain, 1200)
    assert mode(chain) == max(range(len(p)), key=lambda m: (p[m], -m)) == 24


def test_a_mode_out_of_reach_is_refused_in_bounded_time(monkeypatch):
    from limits.game import tail_search

    monkeypatch.setattr(tail_search, "MAX_MODE_TURNS", 5000)
    with pytest.raises(TooLargeError, match="MAX_MODE_TURNS"):
        mode(build_chain(die=weighted(1, "0.9999")))


def test_the_certified_mode_search_goes_up_to_max_mode_turns_and_no_further(monkeypatch):
    from limits.game import tail_search

    # from square 1 a game ends with chance 1/10 a turn: P(D = m) = (9/10)^(m-1) / 10, largest at m = 1, and the
    # chance still to be absorbed, (9/10)^m, first falls below 1/10 at m = 22, where the mode is decided
    chain = build_chain(Board(2), Die([Fraction(1, 10), Fraction(9, 10)]))
    args = (chain, [Fraction(0), Fraction(1)], 0, Fraction(0), 0, [Fraction(1), Fraction(1)])
    monkeypatch.setattr(tail_search, "MAX_MODE_TURNS", 22)
    assert tail_search.mode_beyond(*args) == 1
    monkeypatch.setattr(tail_search, "MAX_MODE_TURNS", 21)
    with pytest.raises(TooLargeError, match="not decided within 21 turns"):
        tail_search.mode_beyond(*args)


def test_a_far_search_on_a_large_chain_is_refused_before_its_dense_matrix_is_built(monkeypatch):
    # the search holds T as a dense arb_mat: on 100,000 squares (duration --exact) that was hundreds of gigabytes
    from limits.game import tail_search

    monkeypatch.setattr(tail_search, "MAX_TAIL_STATES", 4)
    chain = build_chain(Board(5), weighted(3, "0.9999999999", 3))  # 5 states, the median 1e10 turns away
    with pytest.raises(TooLargeError, match="MAX_TAIL_STATES"):
        median(chain)
    with pytest.raises(TooLargeError, match="MAX_TAIL_STATES"):
        mode(build_chain(die=weighted(1, "0.9999")))


def test_survival_lists_whose_cost_is_out_of_reach_are_refused():
    chain = build_chain()
    with pytest.raises(TooLargeError, match="MAX_SURVIVAL_BITS"):
        survival(chain, 10**6)
    with pytest.raises(TooLargeError, match="MAX_FLOAT_TURNS"):
        survival(chain, 10**7, exact=False)
    distribution._check_cost(chain, distribution.MAX_SURVIVAL_BITS // 3, True)  # the largest accepted


def test_the_oracle_pmf_agrees_on_a_small_board():
    chain = build_chain(Board(9, {4: 8, 7: 2}), fair(3), "bounce")
    assert distribution.pmf(chain, 40) == oracle_pmf(9, {4: 8, 7: 2}, "bounce", fair(3).probabilities, 0, 40)


def test_the_tail_search_doubles_its_precision_up_to_its_bound(monkeypatch):
    from limits import ConvergenceError
    from limits.game import tail_search

    tried = []

    def undecided(chain, vector, first, q, bits):
        tried.append(bits)
        raise tail_search._Undecided

    monkeypatch.setattr(tail_search, "_search", undecided)
    chain = build_chain(Board(5), fair(2))
    with pytest.raises(ConvergenceError):
        tail_search.first_turn_reaching(chain, [Fraction(1)] + [Fraction(0)] * 4, 0, Fraction(1, 2))
    bound = 4 * tail_search.MAX_LOG2_TURNS + 1024
    assert tried == [tried[0] * 2**k for k in range(len(tried))] and tried[-1] <= bound < 2 * tried[-1]
    assert tried[0] == 128 + 2 * len(chain.states).bit_length()


def test_the_symbolic_limit_of_a_one_square_chain_is_the_whole_work():
    import sympy

    from limits.checks import MAX_SYMBOLIC_WORK

    chain = build_chain(Board(1), weighted(1, sympy.Symbol("p"), k=2))
    assert chain.states == (0,)
    with pytest.raises(TooLargeError, match=f"MAX_SYMBOLIC_WORK / squares = {MAX_SYMBOLIC_WORK}$"):
        survival(chain, MAX_SYMBOLIC_WORK + 1)
