"""Sums of products of two rational series by residues, against plain truncated sums."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from limits.exact.series_pairing import RationalSeries, pairing

# denominators 1 - c z (|c| < 1) multiplied together: every root outside the closed unit disk
coefficient = st.fractions(min_value=Fraction(-9, 10), max_value=Fraction(9, 10), max_denominator=12)


def _series(draw_numerator, poles):
    den = [Fraction(1)]
    for c in poles:
        den = [a - c * b for a, b in zip(den + [Fraction(0)], [Fraction(0)] + den)]
    return RationalSeries.of(draw_numerator, den)


def _tail_bound(series: RationalSeries, poles, count: int) -> Fraction:
    """A bound on |a_t| beyond ``count`` terms from the slowest pole (loose but safe for the test's sizes)."""
    return Fraction(0) if not poles else max(abs(c) for c in poles) ** (count // 2)


@given(st.lists(coefficient, min_size=1, max_size=3), st.lists(coefficient, min_size=0, max_size=3),
       st.lists(st.integers(-3, 3), min_size=1, max_size=4), st.lists(st.integers(-3, 3), min_size=1, max_size=4))
def test_pairing_is_the_limit_of_the_truncated_sums(poles_a, poles_b, num_a, num_b):
    a, b = _series(num_a, poles_a), _series(num_b, poles_b)
    value = pairing(a, b)
    assert value == pairing(b, a)  # the sum is symmetric; the residues are taken on different sides
    count = 400
    partial = sum(x * y for x, y in zip(a.terms(count), b.terms(count)))
    assert abs(float(value - partial)) < 1e-9


def test_repeated_poles_and_polynomials():
    double = RationalSeries.of([1], [1, -1, Fraction(1, 4)])  # (t + 1) 2^-t: a double pole at 2
    assert double.terms(3) == [1, 1, Fraction(3, 4)]
    # sum (t + 1)^2 4^-t = (1 + 1/4) / (1 - 1/4)^3 = 80/27
    assert pairing(double, double) == Fraction(80, 27)
    assert pairing(RationalSeries.of([1, 2, 3], [1]), RationalSeries.of([4, 5], [1])) == 14
    assert pairing(RationalSeries.of([], [1]), double) == 0


def test_tail_and_shift():
    s = RationalSeries.of([0, 1], [1, Fraction(-1, 2)])  # 0, 1, 1/2, 1/4, ...: sums to 2
    assert s.at_one() == 2
    assert s.tail().terms(3) == [2, 1, Fraction(1, 2)]
    assert s.shifted(2).terms(4) == [0, 0, 0, 1]


def test_a_denominator_must_not_vanish_at_zero():
    with pytest.raises(ValueError, match="vanish at 0"):
        RationalSeries.of([1], [0, 1])


def test_reduced_divides_both_sides_by_their_gcd():
    # (1 - z) / ((1 - z)(1 - z/2)) is 1 / (1 - z/2)
    r = RationalSeries.of([1, -1], [1, Fraction(-3, 2), Fraction(1, 2)]).reduced()
    assert (r.numerator.degree(), r.denominator.degree()) == (0, 1)
    assert r.terms(3) == [Fraction(1), Fraction(1, 2), Fraction(1, 4)]


def test_a_zero_series_on_either_side_pairs_to_zero():
    half = RationalSeries.of([1], [1, Fraction(-1, 2)])
    zero = RationalSeries.of([0], [1, Fraction(-1, 3)])
    assert pairing(zero, half) == 0 and pairing(half, zero) == 0
    assert isinstance(pairing(zero, half), Fraction) and isinstance(pairing(half, zero), Fraction)
