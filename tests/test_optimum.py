from fractions import Fraction

import pytest

from limits.limit.best_loading import optimum
from limits.limit.rational_sigma import sigma_function


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
