from fractions import Fraction

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from limits.exact.rational import RationalFunction
from tests.loaded import sigma_function

polys = st.lists(st.integers(-20, 20), min_size=1, max_size=6)


@given(polys, polys.filter(lambda c: any(c)), st.fractions(min_value=-3, max_value=3))
def test_reduction_keeps_the_value(num, den, x):
    f = RationalFunction.from_polys(num, den)
    d = sum(c * x**i for i, c in enumerate(den))
    if d != 0:  # away from the poles of the unreduced quotient the values agree
        assert f(x) == Fraction(sum(c * x**i for i, c in enumerate(num))) / d
    assert f.denominator[-1] > 0


@given(polys, polys.filter(lambda c: any(c)), st.integers(1, 6))
def test_laurent_matches_sympy_series(num, den, terms):
    x, e = sympy.symbols("x e")
    f = RationalFunction.from_polys(num, den)
    if not any(f.numerator):
        return
    expr = f.to_sympy(x).subs(x, 1 - e)
    series = f.laurent(terms)
    approx = sum(sympy.Rational(a.numerator, a.denominator) * e**j for j, a in series.coefficients)
    # expand e^m * sigma, a power series, to `terms` terms, then divide by e^m
    ref = sympy.series(expr * e**series.order, e, 0, terms).removeO() / e**series.order
    assert sympy.expand(ref - approx) == 0


@pytest.mark.parametrize("delta, order, lead", [(1, 1, Fraction(35, 12)), (2, 1, Fraction(25, 18)),
                                                (3, 2, Fraction(5, 26)), (4, 0, None), (5, 0, Fraction(93)),
                                                (6, 1, Fraction(5))])
def test_standard_expansions_against_exact_values_at_tiny_eps(delta, order, lead):
    f = sigma_function(delta=delta)
    series = f.laurent(6)
    assert series.order == order
    if lead is not None:
        assert series.leading_coefficient == lead
    next_power, next_coeff = f.laurent(7).coefficients[-1]
    assert next_power == 6 - order
    for eps in (Fraction(1, 10**8), Fraction(1, 10**30)):
        exact = f(1 - eps)
        # the truncated series misses about a_next * eps^next, no more
        assert abs(exact - series(eps)) <= 2 * abs(next_coeff) * eps**next_power


def test_zero_and_poles():
    f = RationalFunction.from_polys([1], [0, 1])
    with pytest.raises(ZeroDivisionError):
        f(0)
    zero = RationalFunction.from_polys([0], [1]).laurent(2)  # sigma from the goal: 0, with order 0
    assert zero.order == 0 and zero.limit == 0 and all(a == 0 for _, a in zero.coefficients)
    with pytest.raises(ValueError):
        f.laurent(0)
    with pytest.raises(ZeroDivisionError):
        RationalFunction.from_polys([1], [0])


@given(polys, polys.filter(lambda c: any(c)))
def test_the_derivative_against_sympy(num, den):
    p = sympy.Symbol("p")
    f = RationalFunction.from_polys(num, den)
    expected = sympy.cancel(sympy.diff(f.to_sympy(p), p))
    assert sympy.cancel(f.derivative().to_sympy(p) - expected) == 0


def test_latex_of_functions_and_expansions():
    f = RationalFunction.from_polys([1, 2], [3])  # (1 + 2p) / 3
    assert f._repr_latex_() == "$" + sympy.latex((1 + 2 * sympy.Symbol("p")) / 3) + "$"
    law = RationalFunction.from_polys([1], [0, 1]).laurent(3)  # 1/p = 1/(1 - eps) = 1 + eps + eps^2
    assert law._repr_latex_() == r"$1 + \varepsilon + \varepsilon^{2} + O(\varepsilon^{3})$"  # ascending
    assert law(Fraction(1, 2)) == Fraction(7, 4)
    half = RationalFunction.from_polys([1], [0, 2]).laurent(2)  # 1/(2p) = 1/2 + eps/2
    assert half._repr_latex_() == r"$\frac{1}{2} + \frac{1}{2}\,\varepsilon + O(\varepsilon^{2})$"


def test_the_denominator_leads_with_a_positive_coefficient():
    from flint import fmpz_poly

    f = RationalFunction.from_integer_polys(fmpz_poly([1]), fmpz_poly([0, -1]))  # 1 / (-p)
    assert (f.numerator, f.denominator) == ((-1,), (0, 1))


def test_a_laurent_repr_keeps_a_text_of_180_characters_whole(monkeypatch):
    from limits.exact.rational import Laurent

    s = Laurent(2, ((-1, Fraction(3, 2)),), "sigma")
    monkeypatch.setattr(Laurent, "text", lambda self, digits=6: "x" * 180)
    assert repr(s) == "Laurent(" + "x" * 180 + ")"
    monkeypatch.setattr(Laurent, "text", lambda self, digits=6: "x" * 181)
    assert repr(s) == "Laurent(" + "x" * 177 + "...)"
