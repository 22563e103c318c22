"""The block engine for singular M-matrices: null vectors and the group inverse, against their definitions."""

from fractions import Fraction

from flint import fmpq, fmpq_mat
from hypothesis import given
from hypothesis import strategies as st

from limits.exact.mmatrix import MMatrix, block_times, sub
from limits.exact.sparse_component import common_denominator_times as sparse_times


@st.composite
def substochastic(draw, max_n: int = 7):
    """``I - T`` for a random substochastic T with some closed classes, as sparse rows of fmpq."""
    n = draw(st.integers(1, max_n))
    rows = []
    for i in range(n):
        weights = draw(st.lists(st.integers(0, 3), min_size=n + 1, max_size=n + 1))
        if sum(weights) == 0:
            weights[i] = 1  # a state that keeps to itself
        total = sum(weights)
        row = {i: fmpq(1)}
        for j, w in enumerate(weights[:n]):
            if w:
                row[j] = row.get(j, fmpq(0)) - fmpq(w, total)
        rows.append({j: v for j, v in row.items() if v != 0})
    return MMatrix(tuple(rows))


def _dense(a: MMatrix) -> fmpq_mat:
    m = fmpq_mat(a.size, a.size)
    for i, row in enumerate(a.rows):
        for j, v in row.items():
            m[i, j] = v
    return m


@given(substochastic(), st.data())
def test_null_vectors_and_group_inverse(a, data):
    n, r = a.size, len(a.closed)
    dense = _dense(a)
    big_r = a.absorption
    # A R = 0 and L A = 0, L R = I, rows of R are probabilities
    assert all(v == 0 for row in sparse_times(a.rows, big_r) for v in row) if r else True
    for k, pi in enumerate(a.stationary):
        assert sum(pi.values()) == 1 and all(w > 0 for w in pi.values())
        left = [sum((pi.get(i, 0) * dense[i, j] for i in range(n)), fmpq(0)) for j in range(n)]
        assert all(v == 0 for v in left)
        assert [sum((pi[i] * big_r[i][c] for i in pi), fmpq(0)) for c in range(r)] == [int(c == k) for c in range(r)]
    assert all(0 <= sum(row, fmpq(0)) <= 1 for row in big_r)
    y = [[fmpq(data.draw(st.integers(-4, 4)))] for _ in range(n)]
    if not a.singular:
        x = a.solve(y)
        assert sparse_times(a.rows, x) == y
        return
    z = a.group_solve(y)
    projected = sub(y, block_times(big_r, a.left(y)))
    assert sparse_times(a.rows, z) == projected  # A H y = (I - R L) y
    assert all(v == 0 for row in a.left(z) for v in row)  # L H = 0
    assert a.group_solve(big_r) == [[fmpq(0)] * r for _ in range(n)]  # H R = 0


def test_an_off_diagonal_plus_sign_is_refused():
    import pytest

    with pytest.raises(RuntimeError, match="M-matrix"):
        MMatrix(({0: fmpq(1), 1: fmpq(1, 2)}, {1: fmpq(1)}))
    # a zero stored off the diagonal, and a row that sums to 0, keep the structure
    a = MMatrix(({0: fmpq(1), 1: fmpq(0)}, {0: fmpq(-1), 1: fmpq(1)}))
    assert a.size == 2


def test_fractions_in_blocks_stay_exact():
    a = MMatrix(({0: fmpq(1), 1: fmpq(-1, 3)}, {1: fmpq(1)}))
    x = a.solve([[fmpq(1)], [fmpq(1)]])
    assert [Fraction(int(r[0].p), int(r[0].q)) for r in x] == [Fraction(4, 3), Fraction(1)]


def test_empty_blocks_and_an_empty_matrix():
    assert block_times([], [[fmpq(1), fmpq(2)]]) == [] and block_times([[fmpq(1)]], []) == [[]]
    assert block_times([[fmpq(1)]], [[]]) == [[]]
    assert MMatrix(()).group_solve([]) == []


def test_a_one_state_class_before_a_larger_one():
    # 0 keeps to itself; 1 and 2 swap: two closed classes, the second of two states
    a = MMatrix(({}, {1: fmpq(1), 2: fmpq(-1)}, {2: fmpq(1), 1: fmpq(-1)}))
    assert a.closed == ((0,), (1, 2))
    y = [[fmpq(3)], [fmpq(1)], [fmpq(-1)]]
    z = a.group_solve(y)
    assert sparse_times(a.rows, z) == sub(y, block_times(a.absorption, a.left(y)))
    assert z == [[0], [fmpq(1, 2)], [fmpq(-1, 2)]]


def test_a_large_component_with_long_denominators_is_solved_dense():
    """A component past SPARSE_COMPONENT whose rows in integers are too wide for the p-adic lifting (a die of
    1e-50 at eps = 0): solved dense, exactly (the sparse engine's 64-bit entries overflowed)."""
    from limits.exact.mmatrix import SPARSE_COMPONENT, SparseComponent

    n = SPARSE_COMPONENT + 5
    tiny = fmpq(1, 10**50)
    rows = tuple({i: fmpq(1), (i + 1) % n: -(1 - tiny) / 2, (i + 2) % n: -(1 - tiny) / 2} for i in range(n))
    a = MMatrix(rows)
    assert a.transient == (tuple(range(n)),) and SparseComponent.of(rows, range(n)) is None
    y = [[fmpq(i % 3, 7)] for i in range(n)]
    assert sparse_times(a.rows, a.solve(y)) == y
