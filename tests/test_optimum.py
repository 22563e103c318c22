from fractions import Fraction

import pytest

from limits.exact.digits import decimal
from limits.limit.best_loading import Attained
from tests.loaded import optimum, sigma_function


@pytest.mark.parametrize("delta", [1, 4, 5, 6])
def test_interior_minimum_is_a_minimum(delta):
    o = optimum(delta=delta, digits=30)
    assert o.interior
    f = sigma_function(delta=delta)
    p = Fraction(o.p)
    h = Fraction(1, 10**12)
    # sigma is larger on both sides, and the printed sigma is the value at p
    assert f(p - h) > f(p) and f(p + h) > f(p)
    assert abs(f(p) - Fraction(o.sigma)) < Fraction(1, 10**26)


def test_paper_claim_about_sixty_percent():
    o = optimum(delta=6, digits=10)
    assert o.p == "0.5633739464" and o.sigma == "33.65758762"


@pytest.mark.parametrize("delta", [2, 3])
def test_infimum_at_zero(delta):
    o = optimum(delta=delta, digits=20)
    f = sigma_function(delta=delta)
    assert not o.interior and o.p == "0"
    assert f(Fraction(1, 10**6)) > f(Fraction(0))
    assert o.at_zero == f(Fraction(0))


def test_an_exact_zero_at_p_one_is_not_read_as_noise():
    # D(1) = 0 exactly for delta = 6; a float evaluation of D(1) at 8 digits gave -2.0036379e38 at p -> 1
    o = optimum(delta=6, digits=8)
    assert (o.p, o.sigma, o.attained) == ("0.56337395", "33.657588", Attained.INTERIOR)


@pytest.mark.parametrize("delta", [3, 6] + [pytest.param(delta, marks=pytest.mark.slow(
    reason="five certified optima a delta, 2 s of CPU time; the default pass keeps an end (3) and an interior (6)"))
    for delta in (1, 2, 4, 5)])
def test_every_digit_setting_rounds_the_same_certified_value(delta):
    wide = optimum(delta=delta, digits=60)
    for digits in (1, 8, 21, 59):
        o = optimum(delta=delta, digits=digits)
        assert o.attained is wide.attained
        for mine, truth in ((o.p_enclosure, wide.p_enclosure), (o.sigma_enclosure, wide.sigma_enclosure)):
            assert mine.lower <= truth.lower and truth.upper <= mine.upper or truth.is_exact
            assert decimal(truth.lower, digits) == decimal(truth.upper, digits) == decimal(mine.lower, digits)
        if wide.attained is not Attained.EVERYWHERE:
            assert o.p == decimal(wide.p_enclosure.lower, digits)
        assert o.sigma == decimal(wide.sigma_enclosure.lower, digits)


def test_the_polynomial_of_p_has_its_root_in_the_enclosure():
    from flint import fmpq, fmpz_poly

    o = optimum(delta=5, digits=20)
    g = fmpz_poly(list(o.p_polynomial))
    lo, hi = o.p_enclosure.lower, o.p_enclosure.upper
    assert g(fmpq(lo.numerator, lo.denominator)) * g(fmpq(hi.numerator, hi.denominator)) < 0


def test_a_constant_sigma_and_a_start_on_the_goal():
    from limits import Board

    o = optimum(Board(1), 3, rule="pass")  # every roll wins from 0
    assert o.attained is Attained.EVERYWHERE and o.sigma == "1" and o.p == "any"
    o = optimum(delta=4, start=100)
    assert o.attained is Attained.EVERYWHERE and o.sigma_enclosure.is_exact and o.sigma_enclosure.lower == 0
    o = optimum(delta=4, start=80)  # the ladder 80 -> 100
    assert o.sigma_enclosure.is_exact and o.sigma_enclosure.lower == 0


def test_digits_are_checked():
    from limits import LimitsError, TooLargeError

    with pytest.raises(LimitsError):
        optimum(delta=6, digits=0)
    with pytest.raises(TooLargeError, match="MAX_DIGITS"):
        optimum(delta=6, digits=10**6)


def test_the_least_value_gives_up_at_its_bound_and_names_it(monkeypatch):
    from flint import fmpz_poly

    from limits import ConvergenceError, Perturbation, uniform_on
    from limits.exact.precision import bits_for_digits
    from limits.limit import best_loading

    def undecided(*args):
        raise best_loading._Undecided

    monkeypatch.setattr(best_loading, "_decide", undecided)
    two = Perturbation.between(uniform_on([2, 5]), uniform_on([1, 3, 4, 6]))
    f = two.rational_function()
    num, den = fmpz_poly(list(f.numerator)), fmpz_poly(list(f.denominator))
    crit = num.derivative() * den - num * den.derivative()
    start = bits_for_digits(8) + 2 * crit.degree().bit_length()
    for delta, name in ((None, "sigma"), (4, "sigma_4")):
        with pytest.raises(ConvergenceError, match=f"least value of {name} could not .* within (\\d+) bits") as info:
            best_loading.least_value(f, float("inf"), two.exact_value(1), digits=8, delta=delta)
        # the bound: 64 times the starting precision plus 4 bits per bit of the critical polynomial's height
        # (p = 0 and p = 1 are not roots here, so nothing is divided out)
        assert str(64 * start + 4 * crit.height_bits()) in str(info.value)


def test_an_exact_tie_with_an_end_is_attained_inside():
    from limits.exact.rational import RationalFunction
    from limits.limit.best_loading import least_value

    f = RationalFunction.from_polys([1, 1, -4, 4], [1])  # 1 + p (1 - 2p)^2: least, 1, at p -> 0 and at p = 1/2
    o = least_value(f, Fraction(1), Fraction(2), digits=8)
    assert o.attained is Attained.INTERIOR and o.p_enclosure.lower == o.p_enclosure.upper == Fraction(1, 2)
    assert o.sigma_enclosure.lower == o.sigma_enclosure.upper == 1


def test_the_optimum_describes_itself_in_p():
    assert repr(optimum(delta=6, digits=10)) == (
        "Optimum(least sigma_6 33.65758762 at p = 0.5633739464; 10 certified digits)")


def test_a_constant_sigma_is_least_everywhere_with_no_polynomial():
    from limits import Board

    o = optimum(Board(1), 6, rule="pass", digits=5)  # every roll wins at once
    assert o.attained is Attained.EVERYWHERE and o.p_polynomial == ()
