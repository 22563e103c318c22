"""One entry by p-adic lifting to a proven bound, against python-flint's dense solves and determinants."""

from fractions import Fraction

import numpy as np
import pytest
import scipy.sparse as sp
from flint import fmpq, fmpq_mat, fmpz_mat
from hypothesis import given
from hypothesis import strategies as st

from limits import ConvergenceError, build_chain, fair
from limits.checks import SPARSE_FROM
from limits.coin.strategies import strategy
from limits.exact.dixon import bounded_rational, dixon_solve
from limits.exact.padic_entry import determinant_bounds, dixon_entry
from limits.game.linear_system import finite_system
from limits.model.random_board import BoardFamily

pytestmark = pytest.mark.skipif(not __import__("limits.exact._kernels", fromlist=["x"]).have_numba(),
                                reason="the sparse exact engine needs numba")


@st.composite
def dominant_systems(draw, z_matrix: bool):
    """Sparse integer matrices with a dominant positive diagonal (Z-matrices or not), a right-hand side, an
    unknown."""
    n = draw(st.integers(1, 12))
    sign = st.integers(-9, -1) if z_matrix else st.integers(-9, 9)
    rows, cols, vals = [], [], []
    for i in range(n):
        off = {j: v for j, v in draw(st.lists(st.tuples(st.integers(0, n - 1), sign), max_size=4)) if j != i and v}
        rows += [i] * (len(off) + 1)
        cols += [i, *off]
        vals += [sum(abs(v) for v in off.values()) + draw(st.integers(0 if z_matrix else 1, 9)), *off.values()]
    b = draw(st.lists(st.integers(1, 50) if z_matrix else st.integers(-50, 50), min_size=n, max_size=n))
    return sp.csr_matrix((vals, (rows, cols)), shape=(n, n), dtype=np.int64), b, draw(st.integers(0, n - 1))


def _dense_solution(m, b) -> list[Fraction]:
    n = len(b)
    a = fmpq_mat(n, n, [fmpq(int(v)) for row in m.toarray().tolist() for v in row])
    x = a.solve(fmpq_mat(n, 1, [fmpq(v) for v in b]))
    return [Fraction(int(x[i, 0].p), int(x[i, 0].q)) for i in range(n)]


def _det(m) -> int:
    n = m.shape[0]
    return int(fmpz_mat(n, n, [int(v) for row in m.toarray().tolist() for v in row]).det())


@given(st.booleans().flatmap(dominant_systems))
def test_one_entry_equals_the_dense_solve(system):
    m, b, s = system
    if _det(m) == 0:  # a weakly dominant Z-matrix may be singular
        return
    assert dixon_entry(m, b, s) == _dense_solution(m, b)[s]


@given(st.booleans().flatmap(dominant_systems))
def test_the_bounds_hold_for_both_determinants(system):
    m, b, s = system
    h, h_s = determinant_bounds(m, b, s)
    replaced = m.tolil()
    replaced[:, s] = np.array(b, dtype=np.int64).reshape(-1, 1)
    assert abs(_det(m)) <= h and abs(_det(replaced.tocsr())) <= h_s


def test_the_bounds_are_hadamards_for_every_matrix():
    norms = [5, 6, 7]  # ceil(sqrt(20)), ceil(sqrt(35)), ceil(sqrt(38)): the columns, whatever their signs
    for rows in ([[4, -1, -1], [-2, 5, -1], [0, -3, 6]], [[4, 1, -1], [-2, 5, -1], [0, -3, 6]]):
        m = sp.csr_matrix(rows, dtype=np.int64)
        assert determinant_bounds(m, [1, 2, 3], 0) == (norms[0] * norms[1] * norms[2], 4 * norms[1] * norms[2])
        assert abs(_det(m)) <= norms[0] * norms[1] * norms[2]


def test_reconstruction_refuses_a_value_no_fraction_within_the_bounds_explains():
    assert bounded_rational(7 * pow(9, -1, 10**9) % 10**9, 10**9, 1000) == (7, 9)
    with pytest.raises(ConvergenceError, match="no fraction"):
        bounded_rational(50, 100, 5)  # the cofactor -2 shares a factor with the remainder 0


def test_a_lifting_stopped_short_would_reconstruct_a_wrong_fraction():
    """What the proven bound guards against: a p-adic value read with too few digits gives another fraction."""
    p = 67108859
    value = Fraction(2**60 + 1, 3**40)
    a = value.numerator * pow(value.denominator, -1, p**2) % p**2
    n, d = bounded_rational(a, p**2, p)  # bounds too small for this value: a valid-looking, wrong answer
    assert Fraction(n, d) != value
    assert bounded_rational(value.numerator * pow(value.denominator, -1, p**5) % p**5, p**5, 2**61) == (
        value.numerator, value.denominator)


@pytest.mark.parametrize("n, k", [(50, 1), (120, -1), (250, 3), (500, 1), (500, 6)])
def test_the_start_of_random_boards_against_the_dense_solve_and_the_whole_vector(n, k):
    board = BoardFamily(n, n // 10, n // 10).board_of(0, 1)
    chain = build_chain(board, fair(), policy=strategy(k, board))
    system = finite_system(chain)
    at = system.position[chain.entry(0)]
    m, scale = system.integer_matrix()
    b = [scale] * m.shape[0]
    got = system.exact_mean_at(at)
    assert got == dixon_solve(m, b)[at]
    if n <= 250:
        assert got == _dense_solution(m, b)[at]
    if len(system.finite) >= SPARSE_FROM:
        assert chain.expected_duration() == got


def test_the_expected_turns_of_the_base_game_on_a_large_board():
    board = BoardFamily(400, 40, 40).board_of(0, 3)
    chain = build_chain(board, fair())
    system = finite_system(chain)
    assert system.solved_sparse(exact=True)
    assert chain.expected_duration() == system.exact_moments(False)[0][system.position[chain.entry(0)]]


SYSTEMS = {  # an M-matrix and one with a positive off-diagonal entry
    "m-matrix": ([[4, -1, -1], [-2, 5, -1], [0, -3, 6]], [1, 2, 3]),
    "general": ([[4, 1, -1], [-2, 5, -1], [0, -3, 6]], [1, -2, 3]),
    "one unknown": ([[3]], [2]),
}


@pytest.mark.parametrize("name", SYSTEMS)
@pytest.mark.parametrize("zero", [False, True])
def test_every_unknown_s_index_is_accepted_up_to_the_last_and_refused_one_past_before_any_work(name, zero):
    """The class: a solver that takes the index of the unknown wanted answers for 0..n-1 (the dense solve's
    value, the bounds holding) and refuses -1 and n with its own error naming the unknown, before any work:
    even where the right-hand side is zero and every unknown would be 0."""
    rows, b = SYSTEMS[name]
    m, n = sp.csr_matrix(rows, dtype=np.int64), len(rows)
    b = [0] * n if zero else b
    dense = _dense_solution(m, b)
    for s in range(n):
        assert dixon_entry(m, b, s) == dense[s]
        h, h_s = determinant_bounds(m, b, s)
        replaced = m.tolil()
        replaced[:, s] = np.array(b, dtype=np.int64).reshape(-1, 1)
        assert abs(_det(m)) <= h and abs(_det(replaced.tocsr())) <= h_s
    for past in (-1, n):
        with pytest.raises(IndexError, match=f"^unknown {past} of a system of {n}$"):
            dixon_entry(m, b, past)
    with pytest.raises(IndexError):
        determinant_bounds(m, b, n)


def test_one_entry_past_the_exact_limit_is_refused_up_front(monkeypatch):
    import limits.game.linear_system as linear_system
    from limits.errors import TooLargeError

    chain = build_chain(BoardFamily(600, 60, 60).board_of(0, 1), fair())
    monkeypatch.setattr(linear_system, "MAX_EXACT_SQUARES", 300)
    with pytest.raises(TooLargeError, match="MAX_EXACT_SQUARES = 300"):
        chain.expected_duration()
    assert chain.expected_duration(exact=False) > 0


def test_the_product_by_halves_takes_an_odd_count():
    from limits.exact.padic_entry import _product

    assert _product([2, 3, 5]) == 30 and _product([7]) == 7 and _product([]) == 1


def test_the_weight_limit_is_on_each_row_not_on_the_whole_matrix():
    m = sp.csr_matrix(np.diag([2**30] * 3))  # each row weighs 2^30 + 1, the three 3 * 2^30 + 3 > 2^31
    assert dixon_entry(m, [1, 1, 1], 2) == Fraction(1, 2**30)
