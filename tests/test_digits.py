import math
from decimal import Decimal, localcontext
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from limits.exact.digits import EXACT_DIGITS, certain_digits, decimal, decimal_sqrt, ratio

fractions = st.fractions(min_value=Fraction(1, 10**12), max_value=10**12)


@given(fractions, st.integers(1, 30))
def test_decimal_against_the_decimal_module(x, digits):
    with localcontext() as ctx:
        ctx.prec = digits
        ref = Decimal(x.numerator) / Decimal(x.denominator)  # correctly rounded, half even
    assert Fraction(decimal(x, digits)) == Fraction(ref)


@given(fractions, st.integers(1, 30))
def test_decimal_sqrt_against_the_decimal_module(x, digits):
    with localcontext() as ctx:
        ctx.prec = digits + 40
        exact = (Decimal(x.numerator) / Decimal(x.denominator)).sqrt()
    got = Fraction(decimal_sqrt(x, digits))
    ulp = Fraction(10) ** (math.floor(math.log10(Fraction(exact))) - digits + 1)
    assert abs(got - Fraction(exact)) <= ulp / 2 + Fraction(1, 10**(digits + 30))


@given(fractions, fractions)
def test_certain_digits_is_the_largest(a, b):
    lo, hi = sorted((a, b))
    d = certain_digits(lo, hi)
    if lo == hi:
        assert d == EXACT_DIGITS
    else:
        assert d == 0 or (hi - lo) * 10**d <= lo
        assert (hi - lo) * 10 ** (d + 1) > lo


def test_ratio():
    assert ratio(Fraction(-3, 6)) == "-1/2"
