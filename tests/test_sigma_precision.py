"""sigma at p near 1 (and near 0): precision that adapts to eps = 1 - p, any delta, board, rule and digits."""

from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from limits import (
    Board,
    DieError,
    InfiniteExpectationError,
    build_chain,
    weighted,
)
from limits.exact.digits import decimal
from limits.limit import certified_value
from tests.bruteforce import expected_turns
from tests.loaded import loaded, sigma_at
from tests.loaded import sigma_function as _sigma_function
from tests.mpmath_check import cross_check, sigma_checked
from tests.strategies import boards, rules, scaled


@cache
def sigma_function(delta):
    """sigma_delta(p) on the paper's board, built once per delta for the whole module."""
    return _sigma_function(delta=delta)


def nines(k: int) -> str:
    return "0." + "9" * k


@pytest.mark.parametrize("p, digits", [(nines(23), 7), (nines(35), 20), (nines(23), 1), (nines(60), 3)])
def test_no_singular_matrix_near_one(p, digits):
    # 'limits sigma --delta 1 --p 0.99999999999999999999999 --digits 7' ended in ZeroDivisionError
    v, check = sigma_checked(delta=1, p=p, digits=digits)
    exact = sigma_function(delta=1)(Fraction(p))
    assert v.exact == exact and v.decimal == decimal(exact, digits) == check.decimal
    assert check.enclosure.lower <= exact <= check.enclosure.upper and v.certain_digits == digits


FAR = pytest.mark.slow(reason="1 - p = 1e-200 at the other deltas (0.7 s of CPU time each); the default pass keeps "
                              "it at delta 1 and 6, and 1e-80 at every delta")


@pytest.mark.parametrize("delta, k", [(delta, k) for delta in range(1, 7) for k in (1, 12, 80)]
                         + [(1, 200), (6, 200)] + [pytest.param(delta, 200, marks=FAR) for delta in range(2, 6)])
def test_every_delta_down_to_one_minus_1e_minus_200(delta, k):
    p = Fraction(1) - Fraction(1, 10**k)
    v = sigma_at(delta=delta, p=p, digits=30)
    exact = sigma_function(delta=delta)(p)
    assert v.exact == exact and v.decimal == decimal(exact, 30)


@pytest.mark.slow(reason="mpmath's solve at every delta near 1, checked against the enclosure (2 s of CPU time in "
                         "all; the default pass keeps mpmath's cases above and in test_evaluate.py)")
@pytest.mark.parametrize("delta", range(1, 7))
@pytest.mark.parametrize("k", [1, 12])
def test_every_delta_near_one_against_mpmath(delta, k):
    p = Fraction(1) - Fraction(1, 10**k)
    v, check = sigma_checked(delta=delta, p=p, digits=30)
    exact = sigma_function(delta=delta)(p)
    assert v.exact == exact and v.decimal == decimal(exact, 30) == check.decimal


@pytest.mark.parametrize("k", [5, 40, 150])
@pytest.mark.parametrize("digits", [1, 2, 9, 33, 60])
def test_the_enclosure_alone_is_correctly_rounded(monkeypatch, k, digits):
    p = Fraction(1) - Fraction(3, 10**k)
    exact = sigma_function(delta=3)(p)
    monkeypatch.setattr(certified_value, "MAX_EXACT_BITS", 0)
    v = sigma_at(delta=3, p=p, digits=digits)
    assert v.exact is None and v.certain_digits == digits
    assert v.enclosure.lower <= exact <= v.enclosure.upper
    assert v.decimal == decimal(exact, digits)


def test_past_the_exact_size_the_enclosure_agrees_with_the_expansion():
    eps = Fraction(1, 10**1000)
    v = sigma_at(delta=6, p=1 - eps, digits=40)
    assert v.exact is None
    series = sigma_function(delta=6).laurent(4)
    approx = series(eps)  # exact to about 1000 relative digits: the next term is eps^3 smaller
    assert v.enclosure.lower <= approx * (1 + eps) and approx * (1 - eps) <= v.enclosure.upper
    assert v.decimal == decimal(approx, 40)


@pytest.mark.parametrize("k", [pytest.param(30, marks=pytest.mark.slow(
    reason="mpmath's check near p = 0 (2 s of CPU time); the default pass keeps p = 1e-300 without it"
           " and mpmath's check near 1")), 300])
def test_near_zero_too(k):
    p = Fraction(1, 10**k)
    v = sigma_at(delta=2, p=p, digits=25)
    assert v.decimal == decimal(sigma_function(delta=2)(p), 25)
    if k < 100:
        assert cross_check(loaded(delta=2), v).decimal == v.decimal


@settings(max_examples=scaled(12))
@given(boards(max_size=20), rules, st.integers(2, 5), st.data())
def test_random_boards_rules_and_starts_near_one(board, rule, faces, data):
    delta = data.draw(st.integers(1, faces))
    k = data.draw(st.sampled_from([3, 30, 200]))
    start = data.draw(st.integers(0, board.size))
    digits = data.draw(st.integers(1, 60))
    p = 1 - Fraction(1, 10**k)
    probs = weighted(delta, p, faces).probabilities
    ref = expected_turns(board.size, board.jump_map, rule.value, probs)
    try:
        v = sigma_at(board, delta, p, rule=rule, faces=faces, start=start, digits=digits)
    except InfiniteExpectationError:
        pytest.fail("no square traps a player when every face has a chance")
    entry = board.jump_map.get(start, start)
    truth = Fraction(0) if entry == board.size else ref[entry]
    assert v.exact == truth and v.decimal == decimal(truth, digits)
    if k == 3:  # the ball and mpmath too
        check = cross_check(loaded(board, delta, rule=rule, faces=faces, start=start), v)
        assert check.enclosure.lower <= truth <= check.enclosure.upper


def test_errors_stay_input_errors():
    with pytest.raises(DieError):
        sigma_at(delta=3, p="1.5")
    with pytest.raises(InfiniteExpectationError):
        sigma_at(delta=3, p="1")
    with pytest.raises(ValueError):
        sigma_at(delta=3, p="0.5", digits=0)


def test_every_loaded_die_function_loads_face_5_unless_told():
    from limits.model.chain import DELTA
    from tests.loaded import classify, explain_order, optimum, sigma_function

    assert DELTA == 5
    assert sigma_at(p="1/3") == sigma_at(delta=5, p="1/3") and sigma_function() == sigma_function(delta=5)
    assert classify().psi == 16 and explain_order().order == 0 and optimum(digits=5).delta == 5


def test_a_game_that_starts_on_the_goal_takes_no_turn_and_no_work():
    from limits import standard

    v, check = sigma_checked(standard(), 6, "1/3", start=100)
    assert (v.exact, v.enclosure.lower, v.enclosure.upper, v.enclosure_bits) == (0, 0, 0, 0)
    assert (check.enclosure.lower, check.enclosure.upper, check.bits, check.value, check.dps) == (0, 0, 0, 0, 0)


def test_a_point_enclosure_holds_the_exact_value():
    # at p = 1 with delta = 4 the walk is certain: the ball solve is exact, an enclosure of width 0 at 31
    v, check = sigma_checked(delta=4, p=1, digits=10)
    assert v.exact == check.enclosure.lower == check.enclosure.upper == 31


def test_on_a_rounding_boundary_the_enclosure_alone_shows_the_digits_it_rounds(monkeypatch):
    # sigma = 1/p = 47/20 = 2.35 on a one-square board: at 2 digits the ends of any enclosure round to 2.3
    # and 2.4, so the answer is the 1 digit both ends agree on
    monkeypatch.setattr(certified_value, "MAX_EXACT_BITS", 0)
    v = sigma_at(board=Board(1), delta=1, p=Fraction(20, 47), digits=2)
    assert v.exact is None and v.certain_digits == 1 and v.decimal == "2"
    assert v.enclosure.lower < Fraction(47, 20) < v.enclosure.upper


def test_the_summary_shows_an_exact_value_of_up_to_60_digits_and_the_length_of_a_longer_one():
    import dataclasses

    from limits import Perturbation

    v = Perturbation.loaded(delta=5).value_at(eps="1e-23")
    assert "<th>exact</th><td>93/2</td>" in dataclasses.replace(v, exact=Fraction(93, 2))._repr_html_()
    shown = dataclasses.replace(v, exact=Fraction(10**58))  # 59 digits over 1: 60
    assert f"<th>exact</th><td>{10**58}</td>" in shown._repr_html_()
    long = dataclasses.replace(v, exact=Fraction(10**59))
    assert "<th>exact</th><td>a fraction of 61 digits (the attribute exact)</td>" in long._repr_html_()
    # sigma_5(1/2) has 155 digits: the notebook shows the summary instead of failing
    assert "a fraction of 155 digits" in sigma_at(delta=5, p=Fraction(1, 2), digits=10)._repr_html_()


def test_the_ball_enclosure_doubles_its_precision_until_a_ball_is_accepted(monkeypatch):
    from limits.game.linear_system import finite_system
    from limits.limit import certified_value

    real, refused = certified_value.accepted_ball, []

    def first_refused(x, digits, same_rounding):
        if not refused:
            refused.append(x)
            return None
        return real(x, digits, same_rounding)

    s = finite_system(build_chain(Board(10, ((3, 8),)), weighted(6, Fraction(1, 2))))
    monkeypatch.setattr(certified_value, "accepted_ball", first_refused)
    e, bits = certified_value.ball_enclosure(s, 0, 20)
    monkeypatch.setattr(certified_value, "accepted_ball", real)
    assert refused and bits == 2 * certified_value.ball_enclosure(s, 0, 20)[1]


def test_mpmath_s_check_starts_from_a_dense_solve_s_precision():
    # the working digits start at 3/10 of a dense solve's first bits (147) plus 10 and double: 54, then 108; the
    # ball beside it needs 145 bits
    _, check = sigma_checked(delta=5, p="1/3", digits=20)
    assert (check.bits, check.dps) == (145, 108)


def test_the_precisions_double_up_to_their_bound_inclusive():
    from limits.exact.precision import precisions

    assert list(precisions(64, 256)) == [64, 128, 256]  # the bound itself is tried
    assert list(precisions(64, 255)) == [64, 128]
    assert list(precisions(300, 100)) == [300]  # the start at least
