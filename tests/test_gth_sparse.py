"""The float state reduction without numba: small chains keep their digits, large singular ones are refused."""

from fractions import Fraction

import numpy as np
import pytest
import scipy.sparse as sp

from limits import Board, ConvergenceError, Die, build_chain
from limits.exact import _kernels, gth_sparse
from limits.exact.gth_sparse import SparseChainSolver
from limits.game.float_duration import float_moments

EPS = 1e-20
LOOP = sp.csr_matrix([[1.0, -1.0], [-(1 - EPS), 1.0]])  # 1 - (1 - eps) is 0 in floats: singular for SuperLU


@pytest.fixture
def no_numba(monkeypatch):
    monkeypatch.setattr(_kernels, "have_numba", lambda: False)


def test_a_small_chain_singular_in_floats_is_reduced_without_numba(no_numba):
    x = SparseChainSolver(LOOP, np.array([0.0, EPS])).solve(np.ones(2))
    assert abs(Fraction(x[0]) - 2 / Fraction(EPS)) <= Fraction(1, 10**13) * (2 / Fraction(EPS))


def test_duration_float_where_one_minus_p_vanishes_without_numba(no_numba):
    # SuperLU's factors were "exactly singular": an internal error, and BLAS complaints on stderr
    board = Board(50, {3: 40, 43: 33, 1: 45, 25: 0, 6: 7, 30: 26, 35: 26})
    eps = Fraction(1, 4 * 10**30)
    die = Die([eps, eps, eps, 1 - 4 * eps, eps])
    exact = build_chain(board, die).moments(20)
    mean, variance = float_moments(board, die).at(20)
    assert abs(Fraction(mean) - exact.mean) <= exact.mean / 10**12
    assert abs(Fraction(variance) - exact.variance) <= exact.variance / 10**12


def test_a_large_chain_singular_in_floats_is_refused_without_numba(no_numba, monkeypatch):
    monkeypatch.setattr(gth_sparse, "PYTHON_GTH_ENTRIES", 0)
    with pytest.raises(ConvergenceError, match="needs numba"):
        SparseChainSolver(LOOP, np.array([0.0, EPS])).solve(np.ones(2))
