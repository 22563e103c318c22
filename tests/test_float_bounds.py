"""The enclosures of duration --float hold the exact moments: proven bounds, not estimates."""

from fractions import Fraction

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from limits import Board, Rule, build_chain, fair, standard, weighted
from limits.exact.enclosure import Enclosure
from limits.game.float_duration import float_moments
from tests.cli_run import as_json, run
from tests.strategies import boards, dice, loaded_p


def _holds(board, die, rule, start=0):
    fm = float_moments(board, die, rule)
    square = board.land(start)
    if square == board.size:
        return
    exact = build_chain(board, die, rule).moments(start)
    bounds = fm.bounds_at(square)
    assert bounds is not None
    assert exact.mean in bounds[0] and exact.variance in bounds[1]


@given(boards(), dice(max_faces=12), st.sampled_from(list(Rule)))
def test_the_bounds_hold_the_exact_moments(board, die, rule):
    _holds(board, die, rule)


@given(st.integers(1, 6), loaded_p(max_exponent=6), st.sampled_from(list(Rule)))
def test_the_bounds_hold_on_the_paper_board_with_a_loaded_die(delta, p, rule):
    fm = float_moments(standard(), weighted(delta, p), rule)
    exact = build_chain(standard(), weighted(delta, p), rule)
    try:
        moments = exact.moments(0)
    except ArithmeticError:
        return
    except ValueError:  # an infinite expectation: no bound is claimed
        assert fm.bounds_at(0) is None
        return
    bounds = fm.bounds_at(0)
    if bounds is not None:
        assert moments.mean in bounds[0] and moments.variance in bounds[1]


def test_the_printed_digits_are_those_of_the_exact_value(capsys):
    """The float engine printed shortest float texts: 940.034177424603 for a variance whose digits are ...602."""
    for rule in ("bounce", "stay", "pass"):
        exact = build_chain(standard(), rule=rule).moments(0)
        for digits in (5, 15, 60):
            data = as_json(capsys, "duration", "--float", "--rule", rule, "--digits", str(digits))
            for key, value in (("expected_turns", exact.mean), ("variance", exact.variance)):
                q = data[key]
                assert Fraction(q["lower"]) <= value <= Fraction(q["upper"])
                shown = Fraction(q["decimal"])
                places = len(q["decimal"].split(".")[1]) if "." in q["decimal"] else 0
                assert abs(shown - value) <= Fraction(1, 10**places), (key, q["decimal"])


def test_a_chain_too_near_singular_for_a_proof_is_answered_exactly(capsys):
    """Near singular the floats prove nothing (and can be far off: a variance four times too large was seen):
    on a board the exact engine takes, the answer is exact, with a note."""
    code, out, err = run(capsys, "duration", "--float", "--die", "weighted:3:0.9999999999")
    assert code == 0 and "no float answer could be certified" in out and "could not be certified" in err
    data = as_json(capsys, "duration", "--float", "--die", "weighted:3:0.9999999999")
    exact = build_chain(die=weighted(3, "0.9999999999")).moments(0)
    assert Fraction(data["expected_turns"]["exact"]) == exact.mean
    assert Fraction(data["variance"]["exact"]) == exact.variance


def test_a_game_of_certain_length_has_its_variance_proven_zero():
    """Every roll a 1: the length from each square is certain. The float mean is exact, so its residual is 0, and
    so is the residual of the second moment, which is then the mean's square: the variance is proven exactly 0
    (the bounds from float residuals left it within 1e-25; one rounding of the mean would have made it 1e-12)."""
    fm = float_moments(Board(8, {3: 6}), fair(1))
    assert np.array_equal(fm.squares, [0, 1, 2, 4, 5, 6, 7]) and np.array_equal(fm.mean, [5, 4, 3, 4, 3, 2, 1])
    assert np.all(fm.variance == 0)
    for square, mean in zip(fm.squares, fm.mean):
        m, v = fm.bounds_at(square)
        assert m == Enclosure.of(mean) and v == Enclosure.of(0)
