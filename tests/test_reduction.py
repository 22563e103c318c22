"""The reduction process (limits.exact.reduction): the Laurent series of A(eps)^-1 b, checked term by term.

For ``A(eps) = A_0 + eps A_1`` nonsingular near 0, the Laurent series ``x`` with ``A x = b`` is unique, so
``A_0 x_j + A_1 x_{j-1} = b_j`` for every j is a check that needs no other solver.
"""

from fractions import Fraction

import pytest
from flint import fmpq
from hypothesis import example, given
from hypothesis import strategies as st

from limits.exact.mmatrix import zeros
from limits.exact.reduction import Level, Series, constant
from limits.exact.sparse_component import common_denominator_times as sparse_times


def _rows(matrix):
    return tuple({j: fmpq(v.numerator, v.denominator) for j, v in enumerate(row) if v} for row in matrix)


@st.composite
def perturbed(draw):
    """``A = I - T0 - eps (T2 - T0)``: T0 stochastic (closed classes make A_0 singular), T2 leaking on every
    row, so that ``A(eps)`` is nonsingular for small eps > 0."""
    n = draw(st.integers(1, 5))

    def stochastic_row(total):
        weights = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n).filter(any))
        return [Fraction(w, sum(weights)) * total for w in weights]

    t0 = [stochastic_row(Fraction(1)) for _ in range(n)]
    t2 = [stochastic_row(Fraction(draw(st.integers(0, 3)), 4)) for _ in range(n)]
    a0 = [[(i == j) - t0[i][j] for j in range(n)] for i in range(n)]
    a1 = [[t0[i][j] - t2[i][j] for j in range(n)] for i in range(n)]
    b = [[Fraction(draw(st.integers(-3, 3)))] for _ in range(n)]
    return a0, a1, b


F = Fraction
# three levels: 1 is closed; at order eps it moves to 0, which leaks at order eps and returns at order 1
THREE_LEVELS = ([[F(1, 2), F(-1, 2)], [F(0), F(0)]], [[F(1, 2), F(1, 2)], [F(-1), F(1)]], [[F(1)], [F(0)]])


def _level(a0, a1):
    terms = {0: _rows(a0), 1: _rows(a1) if any(any(r) for r in a1) else None}
    return Level(lambda k: terms.get(k), len(a0), degree=1)


@given(perturbed())
@example(([[Fraction(0)]], [[Fraction(1)]], [[Fraction(2)]]))  # A = eps: x = 2 / eps
@example(THREE_LEVELS)
@example(([[Fraction(1), Fraction(-1)], [Fraction(0), Fraction(0)]],  # a transient square into a closed one
          [[Fraction(0), Fraction(0)], [Fraction(-1, 2), Fraction(1)]], [[Fraction(1)], [Fraction(3)]]))
def test_the_series_solves_the_system_term_by_term(case):
    a0, a1, b = case
    n = len(a0)
    level = _level(a0, a1)
    block = [[fmpq(v.numerator, v.denominator) for v in row] for row in b]
    # b constant, and b (1/eps + 1 + eps + ...): a right-hand side that starts below 0
    for rhs, first in ((constant(block), 0), (Series(-1, (n, 1), lambda j: block), -1)):
        x = level.solve(rhs)
        assert first >= x.start >= first - len(level.levels) + 1
        for j in range(x.start, 3):
            for i in range(n):
                lhs = sum(a0[i][k] * Fraction(str(x[j][k][0])) + a1[i][k] * Fraction(str(x[j - 1][k][0]))
                          for k in range(n))
                assert lhs == (b[i][0] if j == 0 or (first == -1 and j >= -1) else 0), (j, i)
    # the levels: one more for every singular matrix, each of the size of the closed classes below it
    for low, high in zip(level.levels, level.levels[1:]):
        assert low.matrix.singular and high.size == len(low.matrix.closed) and high.depth == low.depth + 1
    assert not level.levels[-1].matrix.singular


@given(perturbed())
@example(THREE_LEVELS)
def test_each_level_opens_into_the_chains_own_moves(case):
    # D_j = Lambda A_1 U_j: the aggregated matrix of every level from the chain's A_1, through the lift U and
    # the stationary distributions of the levels below
    a0, a1, _ = case
    level = _level(a0, a1)
    levels = level.levels
    for depth, high in enumerate(levels[1:], start=1):
        assert high.lift.shape == (len(a0), high.size)
        for j in range(3):
            block = sparse_times(_rows(a1), high.lift[j])
            for low in levels[:depth]:
                block = low.matrix.left(block)
            term = high.term(j)
            assert block == [[row.get(c, 0) for c in range(high.size)] for row in term] if term else not any(
                any(row) for row in block)
    assert THREE_LEVELS != case or len(levels) == 3


def test_a_pole_of_order_two():
    # A = [[eps, -eps], [0, eps^2]]-like through two levels: eps^2 x = 1 has x = eps^-2
    level = Level(lambda k: {0: ({}, ), 2: ({0: fmpq(1)},)}.get(k), 1, degree=2)
    x = level.solve(constant([[fmpq(1)]]))
    assert [x[j][0][0] for j in range(-3, 2)] == [0, 1, 0, 0, 0]
    assert x.entry(-2, 0) == 1
    assert len(level.levels) == 3


@pytest.mark.parametrize("degree", [3, 5])
def test_a_polynomial_climbs_up_to_size_times_degree_levels(degree):
    # eps^d x = 1: d levels on one row, all but the last empty (no term below eps^d)
    level = Level(lambda k: {0: ({},), degree: ({0: fmpq(1)},)}.get(k), 1, degree=degree)
    x = level.solve(constant([[fmpq(1)]]))
    first = next(j for j in range(-2 * degree, 1) if x.entry(j, 0) != 0)  # the series starts at eps^-degree
    assert first == -degree and x.entry(-degree, 0) == 1 and len(level.levels) == degree + 1


def test_series_are_lazy_and_zero_below_their_start():
    calls = []
    s = Series(1, (1, 2), lambda j: calls.append(j) or [[fmpq(j), fmpq(-j)]])
    assert s[0] == zeros(1, 2) and calls == []
    assert s[3] == [[3, -3]] and calls == [1, 2, 3]
    assert s[2] == [[2, -2]] and calls == [1, 2, 3]


@pytest.mark.parametrize("k", [0, 1, 2])
def test_constant_series(k):
    c = constant([[fmpq(5), fmpq(7)]])
    assert c[k] == ([[5, 7]] if k == 0 else [[0, 0]]) and c.shape == (1, 2)


def test_a_single_level_solves_with_blocks_of_its_shape_below_the_start():
    # A = 2 + eps is nonsingular: one level, x = 1/(2 + eps) = 1/2 - eps/4 + ..., zero below eps^0
    level = _level([[F(2)]], [[F(1)]])
    x = level.solve(constant([[fmpq(1)]]))
    assert len(level.levels) == 1 and x.shape == (1, 1)
    assert [x[j] for j in range(-1, 2)] == [[[0]], [[fmpq(1, 2)]], [[fmpq(-1, 4)]]]
