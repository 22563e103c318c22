"""The exact, symbolic and float solvers of limits.exact.linsolve, against each other and the definition."""

from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from limits.exact.linsolve import solve, solve_fractions, solve_symbolic


@st.composite
def systems(draw):
    """A diagonally dominant (so nonsingular) n x n system with two right-hand sides."""
    n = draw(st.integers(1, 4))
    a = [[Fraction(draw(st.integers(-3, 3)), draw(st.integers(1, 4))) for _ in range(n)] for _ in range(n)]
    for i in range(n):
        a[i][i] = sum(abs(v) for v in a[i]) + 1
    cols = [[Fraction(draw(st.integers(-5, 5))) for _ in range(n)] for _ in range(2)]
    return a, cols


@given(systems())
def test_the_three_solvers_agree(system):
    a, cols = system
    exact = solve_fractions(a, cols)
    for x, col in zip(exact, cols):
        assert [sum(r * v for r, v in zip(row, x)) for row in a] == col
    assert solve(a, cols) == exact
    assert [[sympy.Rational(v.numerator, v.denominator) for v in x] for x in exact] == solve_symbolic(a, cols)


def test_a_symbolic_system_factors_its_answer():
    p = sympy.Symbol("p")
    (x,) = solve_symbolic([[1, -p], [0, 1 - p]], [[0, 1]])  # x1 = 1 / (1 - p), x0 = p x1
    assert x == [sympy.factor(p / (1 - p)), sympy.factor(1 / (1 - p))]
    assert solve([[1, -p], [0, 1 - p]], [[0, 1]]) == [x]
    assert solve([], [[], []]) == [[], []]


def test_the_kept_inverse_and_the_fresh_solves_agree(monkeypatch):
    """fmpq_solver inverts small systems once and solves large ones afresh: the same answers either way."""
    from flint import fmpq

    import limits.exact.linsolve as linsolve

    a = [[Fraction(1), Fraction(-1, 6), Fraction(0)], [Fraction(-1, 3), Fraction(1), Fraction(-1, 2)], [Fraction(0), Fraction(-1, 6), Fraction(5, 6)]]
    columns = [[fmpq(1), fmpq(0), fmpq(2, 7)], [fmpq(0)] * 3, [fmpq(3, 11), fmpq(-1), fmpq(0)]]
    kept = linsolve.fmpq_solver(a)
    monkeypatch.setattr(linsolve, "INVERT_UPTO", 2)
    fresh = linsolve.fmpq_solver(a)
    for c in columns:
        x = kept(c)
        oracle = solve(a, [[Fraction(int(q.p), int(q.q)) for q in c]])[0]
        assert x == fresh(c) == [fmpq(v.numerator, v.denominator) for v in oracle]


def test_one_symbolic_entry_anywhere_makes_the_system_symbolic():
    from limits.exact.linsolve import _symbolic

    x = sympy.Symbol("x")
    assert _symbolic([[x, Fraction(1)], [Fraction(0), Fraction(2)]])
    assert _symbolic([[1, 2], [x, 3]]) and not _symbolic([[1, Fraction(1, 2)], [0, 1]])


@pytest.mark.parametrize("value, want", [(Fraction(-6, 4), (-3, 2)), (7, (7, 1)), (True, (1, 1)), (0, (0, 1)),
                                         (np.int64(-5), (-5, 1)), ("0.125", (1, 8)), (2**70, (2**70, 1))])
def test_every_rational_becomes_the_same_fmpq_and_back(value, want):
    from limits.exact.qq import to_fmpq, to_fraction

    x = to_fmpq(value)
    assert (int(x.p), int(x.q)) == want and to_fraction(x) == Fraction(*want)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5), st.integers(0, 10**6), st.sampled_from([1, 2, 3, 12, 10**9 + 7]))
def test_every_fmpq_solve_solves_its_system_whatever_the_right_hand_sides_denominators(n, seed, den):
    """``fmpq_solver(a)(c)`` is x with a x = c exactly, for right-hand sides of any denominators (one after another,
    past the first, which inverts), against an independent solve."""
    import random

    from flint import fmpq, fmpq_mat

    from limits.exact.linsolve import fmpq_solver

    rng = random.Random(seed)
    a = [[rng.randint(-4, 4) + (5 * n if i == j else 0) for j in range(n)] for i in range(n)]
    solve = fmpq_solver(a)
    for _ in range(3):
        c = [fmpq(rng.randint(-9, 9), rng.choice([1, den, 7])) for _ in range(n)]
        want = fmpq_mat(a).solve(fmpq_mat(n, 1, c)).entries()
        assert list(solve(c)) == list(want), (a, c)
