from fractions import Fraction

import mpmath
import pytest

from limits import Board, DieError, InfiniteExpectationError, build_chain, fair, weighted
from limits.game.linear_system import finite_system
from limits.limit.certified_value import ball_enclosure
from tests.loaded import loaded, sigma_at, sigma_function
from tests.mpmath_check import cross_check, mpmath_value

P23 = "0.99999999999999999999999"


@pytest.mark.parametrize("delta", [3, 6])
def test_three_ways_agree_at_one_minus_1e_minus_23(delta):
    family = loaded(delta=delta)
    v = family.value_at(p=P23, digits=25)
    assert v.exact == sigma_function(delta=delta)(Fraction(P23))
    check = cross_check(family, v)
    assert check.enclosure.lower <= v.exact <= check.enclosure.upper
    assert check.enclosure.certain_digits() >= 25
    assert check.decimal == v.decimal
    assert check.dps > 30


def test_paper_magnitudes():
    # the paper: sigma ~ 5.0E+23 for delta = 6 and ~ 1.9E+45 for delta = 3 at p = 1 - 1e-23
    assert sigma_at(delta=6, p=P23, digits=2).decimal == "5e23"
    assert sigma_at(delta=3, p=P23, digits=2).decimal == "1.9e45"


@pytest.mark.slow(reason="a whole mpmath LU solve at 30 and then more digits, to show why values are certified")
def test_mpmath_with_30_digits_is_silently_wrong_there():
    chain = build_chain(die=weighted(3, Fraction(P23)))
    a = finite_system(chain).dense()
    exact = chain.expected_duration()
    ctx = mpmath.MPContext()
    ctx.dps = 30
    m = ctx.matrix([[ctx.mpf(v.numerator) / v.denominator for v in r] for r in a])
    naive = ctx.lu_solve(m, ctx.matrix([1] * len(a)))[0]
    rel = abs(Fraction(str(naive)) / exact - 1)
    assert rel > Fraction(1, 10**12)  # wrong from about the 10th digit on
    value, dps = mpmath_value(a, 0, 20)  # the escalating solver is right
    assert abs(Fraction(str(value)) / exact - 1) < Fraction(1, 10**20)


def test_enclosure_small():
    enc, bits = ball_enclosure(finite_system(build_chain(Board(2), fair(2))), 0, 30)  # from 0: 2 turns
    assert enc.lower <= 2 <= enc.upper and bits >= 64


def test_errors():
    with pytest.raises(DieError):
        sigma_at(delta=3, p="1.5")
    with pytest.raises(InfiniteExpectationError):
        sigma_at(delta=3, p="1")
    assert sigma_at(delta=5, p="1").exact == 16  # the deterministic walk wins in 16
