from fractions import Fraction

from flint import arb, ctx, fmpq, fmpz_poly
from hypothesis import example, given, settings
from hypothesis import strategies as st

from limits.exact.real_roots import unit_interval_roots
from tests.strategies import scaled

BITS = 80


def _complex_roots_inside(g):
    """The oracle: arb's roots of g (all of them), those whose real ball lies in (0, 1)."""
    with ctx.workprec(4 * BITS):
        return [r.real for r, _ in g.complex_roots() if r.imag.is_zero() and r.real > 0 and r.real < 1]


def _check(g):
    found = unit_interval_roots(g, BITS)
    if found is None:
        return
    expected = _complex_roots_inside(g)
    assert len(found) == len(expected)
    for (a, b), x in zip(found, expected):
        assert 0 < a <= b < 1 and b - a <= fmpq(1, 2**BITS)
        with ctx.workprec(4 * BITS):
            assert arb(a) <= x + arb(fmpq(1, 2**BITS)) and x - arb(fmpq(1, 2**BITS)) <= arb(b)
        if a < b:
            assert (g(a) < 0) != (g(b) < 0)  # a sign change: the root is inside
        else:
            assert g(a) == 0


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=2, max_size=30))
def test_the_roots_in_the_unit_interval_are_arbs(coeffs):
    g = fmpz_poly(coeffs)
    if g.degree() < 1 or g(0) == 0 or g(1) == 0:
        return
    for factor, _ in g.factor_squarefree()[1]:
        if factor.degree() > 0 and factor(0) != 0 and factor(1) != 0:
            _check(factor)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.fractions(min_value=Fraction(1, 1000), max_value=Fraction(999, 1000)), min_size=1, max_size=6,
                unique=True))
def test_close_and_rational_roots(roots):
    g = fmpz_poly([1])
    for r in roots:
        g *= fmpz_poly([-r.numerator, r.denominator])
    g *= fmpz_poly([1, 0, 1])  # and two roots off the line
    found = unit_interval_roots(g, BITS)
    if found is None:  # a root on a halving point
        assert any(r.denominator & (r.denominator - 1) == 0 for r in roots)
        return
    assert len(found) == len(roots)
    for (a, b), r in zip(found, sorted(roots)):
        assert a <= fmpq(r.numerator, r.denominator) <= b


def test_the_critical_polynomial_of_sigma_5():
    from limits import Perturbation
    from limits.limit.best_loading import least_sigma

    o = least_sigma(Perturbation.loaded(delta=5), digits=30)
    assert o.p == "0.430051612059715549336508702306" and o.sigma == "37.1403782839260608868053379946"


@st.composite
def close_roots(draw):
    """Distinct rationals, none 0 or 1: a cluster in (0, 1) as close as 1/10^5 apart, and a few anywhere."""
    centre = draw(st.fractions(Fraction(1, 100), Fraction(99, 100), max_denominator=300))
    step = Fraction(1, draw(st.integers(50, 10**5)))
    cluster = [centre + i * step for i in range(draw(st.integers(2, 4)))]
    others = draw(st.lists(st.fractions(-1, 2, max_denominator=50), max_size=3))
    roots = sorted({r for r in cluster + others if r not in (0, 1)})
    return [r for r in roots if r.denominator & (r.denominator - 1)]  # no dyadic root: none on a halving point


@settings(max_examples=scaled(60), deadline=None)
@given(close_roots())
@example([Fraction(30, 100), Fraction(31, 100)])
def test_close_roots_are_parted_at_every_precision_from_one_bit(roots):
    # the class: at every requested precision, each root in (0, 1) of a product of linear factors (and a factor
    # with no real root) gets its own interval no wider than asked, the intervals in order, and no other root
    g = fmpz_poly([1, 0, 1])
    for r in roots:
        g *= fmpz_poly([-r.numerator, r.denominator])
    inside = [r for r in roots if 0 < r < 1]
    for bits in range(1, 25):
        found = unit_interval_roots(g, bits)
        assert found is not None, bits  # roots 1/10^7 apart or more part within 4 bits + 64 halvings
        found = [tuple(Fraction(int(x.p), int(x.q)) for x in pair) for pair in found]
        assert len(found) == len(inside), bits
        for (a, b), r, after in zip(found, inside, found[1:] + [(1, 1)]):
            assert 0 < a <= r <= b < 1 and b - a <= Fraction(1, 2**bits), (bits, a, b, r)
            assert [x for x in roots if a <= x <= b] == [r], (bits, a, b)  # its root alone
            assert b <= after[0]  # in order, apart (or meeting at a point that is no root)
