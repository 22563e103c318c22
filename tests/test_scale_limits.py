"""Limits on large boards: the hierarchy with sparse solves against the whole rational function and against
exact values near eps = 0; the certified value at P(delta) = 1 - 1e-23 from sparse ball state reduction."""

import json
from fractions import Fraction

import numpy as np
import pytest
import scipy.sparse as sp
from flint import fmpq, fmpq_mat
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from limits import Perturbation, build_chain, standard, uniform_on, weighted
from limits.checks import MAX_FUNCTION_STATES
from limits.cli import main, schema
from limits.errors import TooLargeError
from limits.exact.dixon import dixon_solve
from limits.exact.mmatrix import SPARSE_COMPONENT, MMatrix
from limits.exact.sparse_component import SparseComponent, common_denominator_times
from limits.game.linear_system import finite_system
from limits.limit.certified_value import ball_enclosure
from limits.model.random_board import BoardFamily
from tests.loaded import sigma_at, sigma_function
from tests.strategies import scaled

pytestmark = pytest.mark.skipif(not __import__("limits.exact._kernels", fromlist=["x"]).have_numba(),
                                reason="the sparse exact engines need numba")


def _board(n, seed):
    return BoardFamily(n, n // 10, n // 10).board_of(0, seed)


def _families(board):
    return [Perturbation.loaded(board, 3), Perturbation.loaded(board, 6), Perturbation.loaded(board, 1, p_to=0),
            Perturbation.loaded(board, 4, p_to=0),
            Perturbation.between(uniform_on([2, 5]), uniform_on([1, 3, 4, 6]), board)]


def _big_component(family):
    return max((len(c) for c in MMatrix(family.structure.a0).transient), default=0)


@pytest.mark.parametrize(("n", "seed"), [(30, 1), (60, 2), (140, 3), pytest.param(200, 4, marks=pytest.mark.slow(
    reason="the whole chain's rational function on 200 squares, 4 s of CPU time; 140 squares by default"))])
def test_hierarchy_agrees_with_the_rational_function(n, seed):
    """Order and three coefficients from the hierarchy (sparse solves where a component is large) against the
    whole chain's rational function, on random boards."""
    for f in _families(_board(n, seed)):
        if f.trap is not None:
            continue
        assert f.expansion(3).coefficients == f.exact_expansion(3).coefficients, f.name


def test_the_sparse_solves_are_used_and_agree_with_the_dense_ones(monkeypatch):
    """At eps = 0 a die on five faces makes one transient component of most of the board: it is solved by
    p-adic lifting, and gives the same series as the dense solve."""
    import limits.exact.mmatrix as mm

    board = _board(200, 4)
    sparse = Perturbation.loaded(board, 1, p_to=0)
    assert _big_component(sparse) >= SPARSE_COMPONENT
    got = sparse.expansion(3).coefficients, sparse.variance(2).coefficients
    monkeypatch.setattr(mm, "SPARSE_COMPONENT", 10**9)
    dense = Perturbation.loaded(board, 1, p_to=0)
    assert (dense.expansion(3).coefficients, dense.variance(2).coefficients) == got


@pytest.mark.parametrize("n", [200, 300])
def test_expansion_against_exact_values_near_zero(n):
    """sigma at eps = 2^-20 by one exact sparse solve (p-adic lifting: 200 squares and more) against the
    series: the remainder after K terms, over eps^(K - m), is the next coefficient to within O(eps)."""
    eps = Fraction(1, 2**20)
    for f in _families(_board(n, 5)):
        if f.trap is not None:
            continue
        e = f.expansion(3)
        m = e.order
        value = f.exact_value(eps)
        head = sum(a * eps**j for j, a in e.coefficients[:2])
        nxt = e.coefficients[2][1]
        scaled = (value - head) / eps ** (2 - m)
        assert abs(scaled - nxt) <= (abs(nxt) + abs(e.leading_coefficient) + 1) * eps * 10**6, f.name


def test_the_rational_function_is_refused_past_its_limit():
    board = _board(600, 1)
    assert len(Perturbation.loaded(board, 3).structure.states) > MAX_FUNCTION_STATES
    with pytest.raises(TooLargeError, match="400 squares .the limit MAX_FUNCTION_STATES.*hierarchy"):
        sigma_function(board, 3)
    with pytest.raises(TooLargeError, match="MAX_FUNCTION_STATES.*hierarchy"):
        Perturbation.loaded(board, 3).exact_expansion(1)


def test_sweep_past_the_limit_solves_each_point(tmp_path, capsys):
    """On 1,000 squares a sweep solves each point exactly (no rational function); the values lie in the
    independent ball enclosures, and the command sweeps a family the same way."""
    from limits.limit.sweep import sweep

    board = _board(1000, 1)
    ps = [Fraction(1, 4), Fraction(1, 2)]
    got = sweep(board, [3], ps).values[3]
    for p, value in zip(ps, got):
        e, _ = ball_enclosure(finite_system(build_chain(board, weighted(3, p))), 0, 30)
        assert e.lower <= value <= e.upper
    path = tmp_path / "b.json"
    path.write_text(json.dumps(board.to_dict()))
    assert main(["sweep", "--board", str(path), "--at", "0,1/2,0,0,1/2,0", "--toward", "1/4,0,1/4,1/4,0,1/4",
                 "--points", "3", "--format", "json"]) == 0
    middle = json.loads(capsys.readouterr().out)["expected_turns"][1]
    f = Perturbation.between(uniform_on([2, 5]), uniform_on([1, 3, 4, 6]), board)
    assert Fraction(middle["exact"]) == f.exact_value(Fraction(1, 2))


def test_limit_chooses_its_route(tmp_path, capsys):
    """The paper's board keeps the rational function; a board of 1,000 squares takes the hierarchy, and its
    coefficients are the library's."""
    assert main(["limit", "--delta", "3", "--terms", "2", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["route"] == "rational_function"
    board = _board(1000, 1)
    path = tmp_path / "b.json"
    path.write_text(json.dumps(board.to_dict()))
    assert main(["limit", "--board", str(path), "--delta", "6", "--terms", "2", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    Draft202012Validator(schema("limit")).validate(out)
    e = Perturbation.loaded(board, 6).expansion(2)
    assert out["route"] == "hierarchy" and out["order"] == e.order
    assert [Fraction(c["exact"]) for c in out["coefficients"]] == [a for _, a in e.coefficients]
    assert out["explanation"]["order"] == e.order
    assert main(["limit", "--board", str(path), "--delta", "6", "--terms", "1"]) == 0
    assert "route: the time-scale hierarchy" in capsys.readouterr().out


@pytest.mark.parametrize(("n", "seed", "delta"), [(60, 1, 3), (120, 2, 6), (150, 3, 1)])
def test_ball_reduction_encloses_the_exact_value(n, seed, delta):
    """P(delta) = 1 - 1e-23: the sparse ball enclosure holds the dense exact value, with the digits asked."""
    board = _board(n, seed)
    p = 1 - Fraction(1, 10**23)
    chain = build_chain(board, weighted(delta, p))
    square = chain.entry(0)
    assert square != chain.goal and square not in chain.trapped  # the parameters give a finite game from square 0
    exact = sigma_at(board, delta, p, digits=10).exact
    e, _ = ball_enclosure(finite_system(chain), square, 25)
    assert e.lower <= exact <= e.upper and e.certain_digits() >= 25


def test_certified_sigma_on_a_thousand_squares_against_the_expansion():
    """sigma_3 at P(3) = 1 - 1e-23 on 1,000 squares: certified by ball state reduction, and equal to the
    hierarchy's three-term series within its remainder (about eps^2 relative)."""
    board = _board(1000, 1)
    eps = Fraction(1, 10**23)
    v = sigma_at(board, 3, 1 - eps, digits=25)
    assert v.route == "sparse" and v.exact is None and v.certain_digits == 25
    e = Perturbation.loaded(board, 3).expansion(3)
    series = e(eps)
    slack = abs(series) * eps * 10**3  # the next term is about eps times the previous ones
    assert v.enclosure.lower - slack <= series <= v.enclosure.upper + slack
    assert v.enclosure.upper - v.enclosure.lower < slack  # the enclosure is far tighter than the check


@st.composite
def leaky_chains(draw):
    """Small absorbing chains whose exits may be tiny: rows of moves, each state's exit, a state to solve for."""
    n = draw(st.integers(1, 8))
    tiny = Fraction(1, 10 ** draw(st.integers(0, 40)))
    rows, exits = [], []
    for i in range(n):
        weights = {j: draw(st.integers(1, 5)) for j in draw(st.lists(st.integers(0, n - 1), max_size=3)) if j != i}
        out = Fraction(1) if not weights else tiny * Fraction(1, draw(st.integers(1, 7))) if draw(
            st.booleans()) else Fraction(0)
        total = sum(weights.values())
        rows.append({j: (1 - out) * Fraction(w, total) for j, w in weights.items()})
        exits.append(out)
    return rows, exits, draw(st.integers(0, n - 1)), draw(st.integers(64, 200))


@given(leaky_chains())
def test_ball_reduction_always_holds_the_exact_value(chain):
    """Whatever the precision, the ball holds the exact solution (where the chain leaves from the state)."""
    from flint import arb, ctx

    from limits.exact.ball_reduction import ball_reduce, elimination_order

    rows, exits, last, bits = chain
    n = len(rows)
    a = fmpq_mat(n, n)
    for i, row in enumerate(rows):
        a[i, i] = 1
        for j, v in row.items():
            a[i, j] = -fmpq(v.numerator, v.denominator)
    try:
        x = a.solve(fmpq_mat(n, 1, [1] * n))
    except ZeroDivisionError:  # some state never leaves: no finite answer to hold
        return
    ball = ball_reduce(rows, exits, [1] * n, elimination_order(rows, last), bits)
    with ctx.workprec(bits + 64):
        assert ball.is_finite() and ball.contains(arb(x[last, 0]))


@st.composite
def wide_systems(draw):
    """Sparse M-matrices with right-hand sides of hundreds of digits."""
    n = draw(st.integers(1, 25))
    rows, cols, vals = [], [], []
    for i in range(n):
        off = set(draw(st.lists(st.integers(0, n - 1), max_size=4))) - {i}
        rows += [i] * (len(off) + 1)
        cols += [i, *off]
        vals += [len(off) + draw(st.integers(1, 3)), *([-1] * len(off))]
    b = draw(st.lists(st.integers(-(10**400), 10**400), min_size=n, max_size=n))
    return sp.csr_matrix((vals, (rows, cols)), shape=(n, n), dtype=np.int64), b


@settings(max_examples=scaled(30))
@given(wide_systems())
def test_lifting_takes_wide_right_hand_sides(system):
    m, b = system
    n = len(b)
    x = dixon_solve(m, b)
    want = fmpq_mat(m.toarray().tolist()).solve(fmpq_mat(n, 1, b))
    assert x.fractions() == [Fraction(int(want[i, 0].p), int(want[i, 0].q)) for i in range(n)]


def test_sparse_component_solves_like_flint():
    """A transient component past SPARSE_COMPONENT squares: the sparse solve of a rational column, and the
    product in integers over common denominators, against python-flint."""
    f = Perturbation.loaded(_board(200, 4), 1, p_to=0)
    m = MMatrix(f.structure.a0)
    members = max(m.transient, key=len)
    assert len(members) >= SPARSE_COMPONENT
    pos = {s: t for t, s in enumerate(members)}
    a = fmpq_mat(len(members), len(members))
    for s in members:
        for j, v in m.rows[s].items():
            if j in pos:
                a[pos[s], pos[j]] = v
    b = [fmpq(i % 7, 3 + i % 5) * fmpq(10**60 + i, 7**40) for i in range(len(members))]
    want = a.solve(fmpq_mat(len(b), 1, b))
    assert SparseComponent.of(m.rows, members).solve(b) == [want[i, 0] for i in range(len(b))]
    block = [[v, fmpq(1)] for v in b]
    rows = [{pos[j]: v for j, v in m.rows[s].items() if j in pos} for s in members]
    assert fmpq_mat(common_denominator_times(rows, block)) == a * fmpq_mat(block)


def test_a_family_at_a_tiny_eps_on_a_large_board_is_certified(tmp_path, capsys):
    """sigma --at/--toward --eps 1e-23 on 250 squares: the exact solve is out of the sparse engine's reach, so
    the answer is the ball enclosure; it holds the dense exact value."""
    board = _board(250, 1)
    path = tmp_path / "b.json"
    path.write_text(json.dumps(board.to_dict()))
    at, toward = "0,1/2,0,0,1/2,0", "1/4,0,1/4,1/4,0,1/4"
    assert main(["sigma", "--board", str(path), "--at", at, "--toward", toward, "--eps", "1e-23", "--format",
                 "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    Draft202012Validator(schema("sigma")).validate(out)
    exact = Perturbation.between(uniform_on([2, 5]), uniform_on([1, 3, 4, 6]), board).exact_value(
        Fraction(1, 10**23))
    assert out["route"] == "sparse" and "exact" not in out["expected_turns"]
    assert Fraction(out["expected_turns"]["lower"]) <= exact <= Fraction(out["expected_turns"]["upper"])
    assert out["expected_turns"]["certain_digits"] >= 20


def test_an_enclosure_answer_validates(capsys):
    """Where the enclosure is the answer (no exact value), sigma's JSON still follows its schema."""
    assert main(["sigma", "--delta", "1", "--p", "0." + "9" * 500, "--digits", "15", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    Draft202012Validator(schema("sigma")).validate(out)
    assert "exact" not in out["expected_turns"] and out["expected_turns"]["certain_digits"] == 15


def test_standard_board_keeps_the_dense_routes():
    """Below the sparse sizes nothing changes: the paper's board is solved dense."""
    v = sigma_at(standard(), 6, "0.99999999999999999999999", digits=12)
    assert v.route == "dense" and v.decimal == "5e23"
