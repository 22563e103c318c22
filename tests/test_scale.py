"""Large boards: the sparse exact engine against the dense one, floats against exact, both against Monte Carlo."""

import json
import math
from fractions import Fraction

import numpy as np
import pytest
import scipy.sparse as sp
from flint import fmpq, fmpq_mat
from hypothesis import given
from hypothesis import strategies as st

from limits import Board, Die, build_chain, fair, standard, weighted
from limits.checks import SPARSE_FROM
from limits.cli import main
from limits.exact.dixon import dixon_solve
from limits.exact.gth_sparse import SparseChainSolver
from limits.exact.linsolve import solve_fractions
from limits.game.duration import expected_durations
from limits.game.float_duration import float_moments
from limits.game.linear_system import finite_system
from limits.model.random_board import BoardFamily

pytestmark = pytest.mark.skipif(not __import__("limits.exact._kernels", fromlist=["x"]).have_numba(),
                                reason="the sparse exact engine needs numba")


@st.composite
def dominant_systems(draw):
    """Sparse integer matrices with a dominant positive diagonal, and right-hand sides."""
    n = draw(st.integers(1, 12))
    rows, cols, vals = [], [], []
    for i in range(n):
        off = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(-9, 9)), max_size=4))
        off = {j: v for j, v in off if j != i and v}
        rows += [i] * (len(off) + 1)
        cols += [i, *off]
        vals += [sum(abs(v) for v in off.values()) + draw(st.integers(1, 9)), *off.values()]
    b = draw(st.lists(st.integers(-50, 50), min_size=n, max_size=n))
    b2 = draw(st.lists(st.integers(-50, 50), min_size=n, max_size=n))
    return sp.csr_matrix((vals, (rows, cols)), shape=(n, n), dtype=np.int64), b, draw(st.integers(-20, 20)), b2


@given(dominant_systems())
def test_lifting_solves_exactly(system):
    """``M x1 = b``, then ``M x2 = b2 + c x1`` as the second moment is solved: over x1's denominator d, a
    right-hand side ``d b2 + c n1`` of many digits, written in base p."""
    m, b, c, b2 = system
    dense = m.toarray().tolist()
    x1 = dixon_solve(m, b)
    a = fmpq_mat(len(b), len(b), [fmpq(v) for row in dense for v in row])
    want1 = a.solve(fmpq_mat(len(b), 1, [fmpq(v) for v in b]))
    assert x1.fractions() == [Fraction(int(want1[i, 0].p), int(want1[i, 0].q)) for i in range(len(b))]
    d, wide = x1.denominator * 2**90, 2**90  # every entry of the right-hand side past one digit
    x2 = dixon_solve(m, [d * v + c * wide * u for v, u in zip(b2, x1.numerators)])
    rhs = [fmpq(v) + c * want1[i, 0] for i, v in enumerate(b2)]
    want2 = a.solve(fmpq_mat(len(b), 1, rhs))
    assert [v / d for v in x2.fractions()] == [Fraction(int(want2[i, 0].p), int(want2[i, 0].q)) for i in range(len(b))]


def test_lifting_reads_right_hand_sides_of_any_integer_type_and_of_size_zero():
    m = sp.csr_matrix([[7, -1, 0], [-2, 9, -3], [0, -4, 11]])
    b = [100, 99, 123]
    want = dixon_solve(m, b).fractions()
    assert dixon_solve(m, np.array(b, dtype=np.int16)).fractions() == want  # products in int16 would overflow
    assert dixon_solve(sp.csr_matrix((0, 0), dtype=np.int64), []).fractions() == []


def test_the_predicted_steps_count_the_determinant_twice_and_72_bits():
    from limits.exact.dixon import PRIMES, _predicted_steps
    from limits.exact.sparse_lu import fill_reducing_order

    # M = [50000], x = 1/50000: sizes below 1 add no bits, so the steps are
    # int((2 log2 50000 + 72) / log2 p) + 2 = int(3.97) + 2; one bit more would make it 6
    m = sp.csr_matrix([[50000]], dtype=np.int64)
    assert _predicted_steps(fill_reducing_order(m), m, [1], PRIMES[0]) == 5


def test_lifting_solves_a_system_whose_float_solution_overflows():
    # x_i = w**(n-1-i) * 2**500 reaches 2**1080: the float solve used to predict the steps overflows (to inf
    # and then nan), and the prediction falls back to a fixed size; the lifting still finds the exact answer
    n, w = 30, 2**20
    m = sp.diags([np.ones(n, np.int64), -w * np.ones(n - 1, np.int64)], [0, 1], format="csr", dtype=np.int64)
    x1 = dixon_solve(m, [0] * (n - 1) + [2**500])
    assert x1.fractions() == [Fraction(w ** (n - 1 - i) * 2**500) for i in range(n)]

def _board(n, seed, longest=None):
    return BoardFamily(n, n // 10, n // 10, longest, longest).board_of(0, seed)


@pytest.mark.parametrize("seed", [1, 2])
def test_sparse_exact_equals_dense_bit_for_bit(seed):
    chain = build_chain(_board(400, seed))
    assert finite_system(chain).solved_sparse(exact=True) and len(chain.states) >= SPARSE_FROM
    system = finite_system(chain)
    finite, a = system.finite, system.dense()
    (m1,) = solve_fractions(a, [[Fraction(1)] * len(finite)])
    (m2,) = solve_fractions(a, [[2 * x - 1 for x in m1]])
    assert expected_durations(chain) == dict(zip(finite, m1))
    for start in (0, finite[len(finite) // 2], finite[-1]):
        m = chain.moments(start)
        i = finite.index(chain.entry(start))
        assert (m.mean, m.variance) == (m1[i], m2[i] - m1[i] ** 2)


@pytest.mark.parametrize(("n", "longest"), [(1000, None), (1500, 60), pytest.param(5000, 60, marks=pytest.mark.slow(
    reason="5000 squares solved exactly, 3.5 s of CPU time; the default pass has the same long jumps on 1500"))])
def test_floats_against_exact(n, longest):
    board = _board(n, 3, longest)
    chain = build_chain(board)
    exact = chain.moments(0)
    fast = float_moments(board, fair()).at(0)
    through_chain = chain.moments(0, exact=False)
    for mean, variance in (fast, (through_chain.mean, through_chain.variance)):
        assert abs(mean - float(exact.mean)) <= 1e-12 * float(exact.mean)
        assert abs(variance - float(exact.variance)) <= 1e-12 * float(exact.variance)


@pytest.mark.parametrize("rule", ["stay", "pass", "bounce"])
def test_floats_against_exact_under_every_rule(rule):
    board = Board(20, {3: 17, 19: 2, 11: 5, 8: 14})
    chain = build_chain(board, fair(), rule)
    fast = float_moments(board, fair(), rule)
    for square in (0, 5, 14, 18):
        exact = chain.moments(square)
        mean, variance = fast.at(square)
        assert abs(mean - float(exact.mean)) <= 1e-12 * float(exact.mean)
        assert abs(variance - float(exact.variance)) <= 1e-12 * float(exact.variance)


def test_floats_where_a_loop_traps_the_player():
    from limits import Die

    die = Die([0, 0, "1/2", 0, 0, "1/2"])  # 3s and 6s: 99 overshoots for ever, and many squares lead there
    fast = float_moments(standard(), die)
    exact = expected_durations(build_chain(die=die))
    assert sum(v == math.inf for v in exact.values()) == 70
    for square, value in exact.items():
        mean = fast.at(square)[0]
        assert mean == math.inf if value == math.inf else abs(mean - float(value)) <= 1e-12 * float(value)


def test_the_sparse_float_path_of_the_expected_durations():
    board = _board(400, 5)
    chain = build_chain(board)
    assert finite_system(chain).solved_sparse(False)
    floats, fast = expected_durations(chain, exact=False), float_moments(board, fair())
    assert set(floats) == set(chain.states) and all(isinstance(v, float) for v in floats.values())
    assert all(abs(floats[s] - fast.at(s)[0]) <= 1e-12 * fast.at(s)[0] for s in chain.states)
    square = chain.states[5]
    moments = chain.moments(square, exact=False)
    assert abs(moments.variance - fast.at(square)[1]) <= 1e-9 * fast.at(square)[1]

def test_exact_against_monte_carlo():
    board = _board(1000, 4)
    exact = build_chain(board).moments(0)
    rng = np.random.default_rng(20240611)
    land = np.arange(board.size + 1)
    for a, b in board.jumps:
        land[a] = b
    pos = np.zeros(20_000, dtype=np.int64)
    turns = np.zeros_like(pos)
    alive = np.ones(pos.shape, dtype=bool)
    while alive.any():
        step = pos[alive] + rng.integers(1, 7, size=int(alive.sum()))
        pos[alive] = land[np.where(step > board.size, pos[alive], np.minimum(step, board.size))]
        turns[alive] += 1
        alive = pos != board.size
    error = (float(exact.variance) / len(turns)) ** 0.5
    assert abs(turns.mean() - float(exact.mean)) < 5 * error
    assert abs(turns.var() - float(exact.variance)) < 0.1 * float(exact.variance)


def test_state_reduction_keeps_its_digits_where_one_minus_p_vanishes():
    eps = 1e-20  # from 0 to 1; from 1 back to 0, or out with eps: the mean from 0 is 2 / eps
    a = sp.csr_matrix([[1.0, -1.0], [-(1 - eps), 1.0]])  # 1 - (1 - eps) is 0 in floats
    x = SparseChainSolver(a, np.array([0.0, eps])).solve(np.ones(2))
    assert abs(Fraction(x[0]) - 2 / Fraction(eps)) <= Fraction(1, 10**13) * (2 / Fraction(eps))


def test_floats_near_a_singular_die():
    die = weighted(4, "0.999999999999999")
    exact = expected_durations(build_chain(die=die))
    fast = float_moments(standard(), die)
    for square, mean in zip(fast.squares.tolist(), fast.mean):
        want = exact[square]
        assert (mean == float("inf")) if want == float("inf") else abs(Fraction(mean) - want) <= want / 10**12


@pytest.mark.parametrize("dense", [
    [[4, 0, 0, 0, 2], [0, 4, 0, -2, 0], [0, 2, 6, 0, 2], [0, 0, 2, 4, 0], [0, 0, 0, 2, 4]],
    [[1, 0, 0, 0, 0], [0, 3, 0, 1, 1], [0, 0, 4, -1, -2], [0, 1, 0, 4, 2], [0, 1, 0, 0, 2]],
    [[1, 0, 0, 0, 0], [0, 4, 0, 2, 0], [0, 0, 2, 0, 0], [0, 2, -1, 5, 0], [0, 2, 0, 1, 5]],
])
def test_lifting_where_an_entry_cancels_in_the_float_factors(dense):
    """A fill-in entry that cancels to 0.0 in SuperLU's factors of the values left the pattern, and every prime
    then failed: the pattern comes from a matrix in which nothing cancels."""
    n = len(dense)
    x = dixon_solve(sp.csr_matrix(dense, dtype=np.int64), [1] * n)
    a = fmpq_mat(n, n, [fmpq(v) for row in dense for v in row])
    want = a.solve(fmpq_mat(n, 1, [fmpq(1)] * n))
    assert x.fractions() == [Fraction(int(want[i, 0].p), int(want[i, 0].q)) for i in range(n)]


def test_floats_where_the_loaded_walk_loops_and_one_minus_p_is_1e_30():
    """The walk on 3 loops through 34 (34, 37, 40, 43 -> 15, ..., 45 -> 19, ..., 34), left with chance 1e-30 a
    turn: the factor pattern must keep fill-in whose float values, products of 5e-31, would underflow."""
    board = Board(54, {45: 19, 43: 15, 17: 5, 12: 52, 14: 5})
    eps = Fraction(1, 10**30)
    die = Die([eps / 2, eps / 2, 1 - eps])
    exact = build_chain(board, die, "bounce").moments(24)
    mean, variance = float_moments(board, die, "bounce").at(24)
    assert abs(Fraction(mean) - exact.mean) <= exact.mean / 10**12
    assert abs(Fraction(variance) - exact.variance) <= exact.variance / 10**12


def test_floats_of_a_chain_without_moves_between_squares():
    """Only face 1: from 17 the goal in one turn, from 10 and 11 a loop; no move joins two finite squares."""
    fast = float_moments(Board(18, {13: 10, 16: 14, 11: 10}), Die([1, 0]))
    assert fast.at(17) == (1.0, 0.0) and fast.at(8)[0] == float("inf")


def test_cli_float_and_the_automatic_note(tmp_path, capsys, monkeypatch):
    path = tmp_path / "board.json"
    board = _board(300, 5)
    path.write_text(json.dumps(board.to_dict()))
    assert main(["duration", "--board", str(path), "--float", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    exact = build_chain(board).moments(0)
    assert out["engine"] == "float" and "note" not in out
    assert abs(out["expected_turns"]["float"] - float(exact.mean)) <= 1e-12 * float(exact.mean)
    monkeypatch.setattr("limits.game.reports.FLOAT_FROM", 300)
    assert main(["duration", "--board", str(path), "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert "note" in json.loads(captured.out) and "answered in floats" in captured.err
    assert main(["duration", "--board", str(path), "--exact", "--survival", "1", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["expected_turns"]["exact"] == str(exact.mean)


def test_the_sparse_exact_engine_takes_denominators_up_to_its_word_limit():
    from limits import Die
    from limits.exact.dixon import MAX_ROW_WEIGHT

    board = _board(300, 1)
    for d, sparse in ((MAX_ROW_WEIGHT // 4, True), (MAX_ROW_WEIGHT // 4 + 1, False)):  # 4 D <= MAX_ROW_WEIGHT
        system = finite_system(build_chain(board, Die([1 - Fraction(1, d), Fraction(1, d)])))
        assert system.scale == d and system.solved_sparse(True) is sparse and system.solved_sparse(False)


def test_exact_moments_past_their_limit_are_refused_and_floats_answer(monkeypatch):
    import limits.game.linear_system as linear_system
    from limits.errors import TooLargeError

    board = BoardFamily(600, 60, 60).board_of(0, 1)
    monkeypatch.setattr(linear_system, "MAX_EXACT_SQUARES", 300)
    chain = build_chain(board, fair())
    with pytest.raises(TooLargeError, match="MAX_EXACT_SQUARES = 300"):
        expected_durations(chain)
    assert len(expected_durations(chain, exact=False)) > 300


@pytest.mark.parametrize(("n", "longest", "rule"), [
    (1000, None, "stay"), (600, None, "bounce"), (500, 60, "pass"),
    pytest.param(2000, 60, "pass", marks=pytest.mark.slow(reason="2000 squares solved exactly, 4.5 s of CPU time")),
    pytest.param(3000, None, "bounce", marks=pytest.mark.slow(
        reason="3000 squares solved exactly, 3.4 s of CPU time; the default pass bounces on 600 (ITERATIVE_FROM is 100)"))])
def test_the_iterative_floats_against_exact(monkeypatch, n, longest, rule):
    """From ITERATIVE_FROM squares BiCGSTAB answers first, kept only where the residual bounds prove it."""
    import limits.game.float_duration as float_duration

    board = _board(n, 3, longest)
    monkeypatch.setattr(float_duration, "ITERATIVE_FROM", 100)
    called = []
    real = float_duration._iterative_moments
    monkeypatch.setattr(float_duration, "_iterative_moments", lambda *a: called.append(real(*a)) or called[-1])
    fast = float_moments(board, fair(), rule)
    assert called and called[0] is not None and fast.bounds is not None  # the iterations' answer, proven
    chain = build_chain(board, fair(), rule)
    for square in (0, n // 3, n // 2):
        exact = chain.moments(square)
        mean, variance = fast.at(board.land(square))
        m, v = fast.bounds_at(board.land(square))
        assert exact.mean in m and exact.variance in v
        assert abs(mean - float(exact.mean)) <= 1e-12 * float(exact.mean)
        # the variance's right-hand side is built from the float mean: it carries the mean's error times the
        # chain's condition, a few units in the twelfth digit
        assert abs(variance - float(exact.variance)) <= 5e-12 * float(exact.variance)


def test_the_state_reduction_answers_where_the_iterations_prove_nothing(monkeypatch):
    import limits.game.float_duration as float_duration

    die = weighted(4, "0.999999999999999")  # near singular: no residual bound holds
    monkeypatch.setattr(float_duration, "ITERATIVE_FROM", 10)
    iterative = float_moments(standard(), die)
    monkeypatch.setattr(float_duration, "ITERATIVE_FROM", 10**9)
    reduced = float_moments(standard(), die)
    assert np.array_equal(iterative.mean, reduced.mean) and np.array_equal(iterative.variance, reduced.variance)
    assert float_duration._iterative(sp.csr_matrix([[1.0, -1.0], [-1.0, 1.0]]), np.ones(2)) is None  # singular


def _recording_bicgstab(monkeypatch):
    """Every BiCGSTAB solve of the float moments: its matrix, right-hand side, keyword arguments, answer and flag."""
    import scipy.sparse.linalg

    calls = []
    real = scipy.sparse.linalg.bicgstab

    def recording(a, b, **kwargs):
        x, info = real(a, b, **kwargs)
        calls.append((a, b.copy(), kwargs, x.copy(), info))
        return x, info

    monkeypatch.setattr(scipy.sparse.linalg, "bicgstab", recording)
    return calls


def test_every_iterative_solve_is_capped_preconditioned_and_refined_once(monkeypatch):
    import limits.game.float_duration as float_duration

    monkeypatch.setattr(float_duration, "ITERATIVE_FROM", 100)
    calls = _recording_bicgstab(monkeypatch)
    fast = float_moments(_board(300, 3), fair())
    assert fast.bounds is not None and np.all(np.isfinite(fast.mean))  # the iterations' answer, every square
    assert len(calls) == 4  # the mean, then the variance: each a solve and one step of refinement
    for _, _, kwargs, _, info in calls:
        assert kwargs["maxiter"] == float_duration.MAX_ITERATIONS
        assert kwargs["M"] is not None  # the band preconditioner
        assert info == 0  # the refinement too converges (its right-hand side scaled to 1: no early breakdown)
    a, ones, _, first, _ = calls[0]
    before, after = (float(np.max(np.abs(ones - a @ x))) for x in (first, fast.mean))
    assert after < before / 2  # the refined answer is the one kept, and its residual is smaller


def test_iterations_past_the_limit_leave_the_answer_to_the_state_reduction(monkeypatch):
    import limits.game.float_duration as float_duration

    board = _board(300, 3)
    monkeypatch.setattr(float_duration, "ITERATIVE_FROM", 100)
    calls = _recording_bicgstab(monkeypatch)
    monkeypatch.setattr(float_duration, "MAX_ITERATIONS", 1)
    capped = float_moments(board, fair())
    assert len(calls) == 1 and calls[0][4] > 0  # the first solve stops unconverged: no refinement, no variance
    monkeypatch.setattr(float_duration, "ITERATIVE_FROM", 10**9)
    reduced = float_moments(board, fair())
    assert np.array_equal(capped.mean, reduced.mean) and np.array_equal(capped.variance, reduced.variance)


def test_a_probability_lost_to_underflow_proves_no_bound():
    die = Die([1 - Fraction(1, 10**320), Fraction(1, 10**320)])  # 1e-320 is a subnormal float
    assert 0 < float(die.probabilities[1]) < np.finfo(float).tiny
    floats = float_moments(Board(6, {2: 5}), die)
    assert floats.bounds is None and floats.bounds_at(0) is None
    assert floats.at(0)[0] == pytest.approx(float(build_chain(Board(6, {2: 5}), die).expected_duration()))


def test_exact_mean_at_one_square_is_that_of_the_whole_solve():
    chain = build_chain(Board(12, {3: 9, 10: 2}), fair(4))
    system = finite_system(chain)
    means = expected_durations(chain)
    for square in (0, 5, 11):
        assert system.exact_mean_at(system.position[square]) == means[square]


def test_the_fill_reducing_order_reads_small_integer_types_as_float64():
    from limits.exact.sparse_lu import fill_reducing_order

    a = np.array([[3, -1, 0], [-1, 3, -1], [0, -1, 3]])
    small = fill_reducing_order(sp.csr_matrix(a.astype(np.int16))).log2_det
    assert small == fill_reducing_order(sp.csr_matrix(a.astype(float))).log2_det
    assert abs(small - math.log2(21)) < 1e-12


def test_a_sparse_component_solves_right_hand_sides_of_large_denominators_exactly():
    from limits.exact.sparse_component import SparseComponent

    half = fmpq(1, 2)
    c = SparseComponent.of(({0: fmpq(1), 1: -half}, {0: -half, 1: fmpq(1)}), (0, 1))
    b = [fmpq(1, 3**40), fmpq(1)]
    x = c.solve(b)
    assert [x[0] - half * x[1], x[1] - half * x[0]] == b


def test_ball_reduction_reads_fractions_exactly():
    from limits.exact.ball_reduction import ball_reduce

    # x0 = 1 + x1, x1 = 1 + (2/3) x0: x0 = 6
    x = ball_reduce([{1: Fraction(1)}, {0: Fraction(2, 3)}], [0, Fraction(1, 3)], [1, 1], [1, 0], 80)
    assert x.contains(6) and x.rad() < 1e-15


@pytest.mark.parametrize("wide", [False, True])
@pytest.mark.parametrize("sign", [1, -1])
def test_a_rows_weight_counts_every_entry_by_its_size_whatever_its_sign(wide, sign):
    """``dixon_solve`` refuses a row past MAX_ROW_WEIGHT (less a digit for a right-hand side past one digit)
    whether the entry that makes it so is positive or negative (a size is |x|: a large negative entry overflows
    the residuals as a positive one does), and solves exactly at the limit itself."""
    from limits.errors import ConvergenceError
    from limits.exact.dixon import MAX_ROW_WEIGHT, PRIMES

    b = [sign * 2**100, 1] if wide else [1, 1]
    room = MAX_ROW_WEIGHT - (1 + (PRIMES[0] if wide else 1))  # the heaviest row: its entries, and b's 1 or a digit
    for big, refused in ((room, False), (room + 1, True)):
        m = sp.csr_matrix([[sign * big, -1], [0, 2]])
        if refused:
            with pytest.raises(ConvergenceError, match="MAX_ROW_WEIGHT"):
                dixon_solve(m, b)
        else:
            a = fmpq_mat([[sign * big, -1], [0, 2]])
            assert dixon_solve(m, b).fractions() == [Fraction(int(v.p), int(v.q))
                                                     for v in a.solve(fmpq_mat([[b[0]], [b[1]]])).entries()]
