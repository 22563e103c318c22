import math
from decimal import Decimal, localcontext
from fractions import Fraction

from hypothesis import example, given
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


from hypothesis import assume  # noqa: E402

from limits.checks import MAX_DIGITS  # noqa: E402
from limits.exact.digits import digit_count, integer_text, rounded
from limits.exact.known_digits import estimate_digits, float_decimal, float_digits, interval_text  # noqa: E402


def test_integers_beyond_pythons_string_limit():
    n = 7**20000  # 16902 digits: str(n) raises under Python's default limit
    with localcontext() as ctx:
        ctx.prec = 12
        head = str(Decimal(7) ** 20000).replace(".", "")[:5]
        third = Decimal(7) ** 20000 / 3
    text = integer_text(n)
    assert len(text) == digit_count(n) == 16902 and text[:5] == head and text[-3:] == f"{pow(7, 20000, 1000):03d}"
    assert ratio(Fraction(1, n)).startswith("1/" + head)
    mant, exp = f"{third:.4e}".split("e")
    assert decimal(Fraction(n, 3), 5) == f"{mant.rstrip('0').rstrip('.')}e{int(exp)}"
    assert decimal(Fraction(10**5000 + 1, 10**5000), 4500).endswith("1")


@given(fractions, st.integers(1, 30))
def test_floor_and_ceiling_bracket_the_value(x, digits):
    lo, hi = Fraction(decimal(x, digits, "floor")), Fraction(decimal(x, digits, "ceiling"))
    assert lo <= x <= hi and (lo == hi) == (rounded(x, digits) == x)
    assert Fraction(decimal(-x, digits, "floor")) == -hi


@given(fractions, fractions, st.integers(1, 40), st.fractions(0, 1))
# just above the tie 0.125: the bounds at 4 digits (0.1250) would round to 0.12, so they take more digits
@example(Fraction("0.12500001"), Fraction("0.12500002"), 2, Fraction(0))
@example(Fraction("-0.12500002"), Fraction("-0.12500001"), 2, Fraction(1, 2))
# a point just under a tie of its first digit: 1.49998e-12 is 1e-12, and its upper bound is not 1.5e-12
@example(Fraction(9078736600025747387, 6052561823265438157750000000000),
         Fraction(9078736600025747387, 6052561823265438157750000000000), 1, Fraction(0))
def test_interval_digits_come_from_the_whole_interval(a, b, digits, t):
    lo, hi = sorted((a, b))
    text = interval_text(lo, hi, digits)
    assert Fraction(text.lower) <= lo and hi <= Fraction(text.upper)  # outward
    inside = lo + (hi - lo) * t
    if text.decimal is not None:
        assert Fraction(text.decimal) == rounded(inside, text.certain_digits)  # any point, not one end
        # the printed bounds round to the printed value too
        d = text.certain_digits
        assert rounded(Fraction(text.lower), d) == rounded(Fraction(text.upper), d) == Fraction(text.decimal)
    else:
        assert rounded(lo, 1) != rounded(hi, 1)


def test_interval_that_a_tie_separates():
    # 0.1249..0.1251 rounds to 0.125 at 3 digits but to 0.12 or 0.13 at 2: print 3 certain digits
    assert interval_text(Fraction("0.1249"), Fraction("0.1251"), 2).certain_digits == 1
    assert interval_text(Fraction("0.1249"), Fraction("0.1251"), 3).decimal == "0.125"


@given(st.floats(allow_nan=False, allow_infinity=False), st.integers(1, 40))
def test_floats_print_no_more_than_they_carry(x, digits):
    assume(x != 0)
    text = float_decimal(x, digits)
    significant = text.lstrip("-").split("e")[0].replace(".", "").strip("0")
    assert len(significant) <= min(digits, 17) and len(significant) <= max(digits if digits < 17 else 0, float_digits(x))
    if digits >= 17:
        assert float(text) == x


def test_estimates_stop_at_their_standard_error():
    assert estimate_digits(Fraction("39.59"), Fraction("0.18"), 30) == 3
    assert estimate_digits(Fraction("39.59"), Fraction(0), 30) == 30
    assert MAX_DIGITS == 1000


def test_an_enclosure_holds_its_ends_and_nothing_outside():
    from limits.exact.enclosure import Enclosure

    e = Enclosure(Fraction(1, 3), Fraction(1, 2))
    assert Fraction(1, 3) in e and Fraction(1, 2) in e and "0.4" in e and 0.4 in e
    assert Fraction(1, 3) - Fraction(1, 10**30) not in e and Fraction(1, 2) + Fraction(1, 10**30) not in e
    assert e.width == Fraction(1, 6) and not e.is_exact


def test_square_roots_just_past_a_power_of_ten():
    from limits.exact.digits import decimal_sqrt

    # sqrt(110) = 10.488...: three digits, whatever 11^2 = 121 would say about the exponent
    assert decimal_sqrt(Fraction(110), 3) == "10.5" and decimal_sqrt(Fraction(100), 3) == "10"
    assert decimal_sqrt(Fraction(99), 3) == "9.95"


def test_intervals_that_pin_down_no_digit():
    from limits.exact.digits import certain_digits, decimal_sqrt
    from limits.exact.known_digits import IntervalText, interval_text

    assert certain_digits(Fraction(0), Fraction(1)) == 0  # holds 0 at its end
    assert certain_digits(Fraction(1), Fraction(100)) == 0  # wider than it is far from 0
    assert interval_text(Fraction(1, 10), Fraction(9, 10), 5) == IntervalText(None, 0, "0.1", "0.9")
    # a root whose rounding carries into one more digit: sqrt(99.99) = 9.99950...
    assert decimal_sqrt(Fraction(9999, 100), 3) == "10"


def test_scientific_notation_from_1e21_and_below_1e_minus_6():
    from limits.exact.digits import decimal

    assert decimal(Fraction(10**21), 3) == "1e21" and decimal(Fraction(999 * 10**18), 3) == "999000000000000000000"
    assert decimal(Fraction(1, 10**7), 2) == "1e-7" and decimal(Fraction(1, 10**6), 2) == "0.000001"
    assert decimal(Fraction(-25, 10**8), 2) == "-2.5e-7"


def test_a_rounding_that_carries_into_a_new_leading_digit():
    from limits.exact.digits import decimal_sqrt

    assert decimal(Fraction("9.99"), 2) == "10" and decimal(Fraction("-9.99"), 2, "floor") == "-10"
    assert decimal(Fraction("9.91"), 1, "ceiling") == "10" and decimal(Fraction("99.5"), 2) == "100"
    # sqrt(92.16) = 9.6 rounds to 10 at one digit, not to 9.6 at a finer place
    assert decimal_sqrt(Fraction("92.16"), 1) == "10" and decimal_sqrt(Fraction("99.8001"), 2) == "10"
