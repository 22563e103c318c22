"""Every interval the package computes or prints, against exact arithmetic (as arb's and mpmath's interval suites).

The class: an interval claims to hold a real number. Each operation below is
checked at random and adversarial inputs (ties of the half-even rounding,
carries into a new leading digit, perfect squares, ends far below and above
1, points, intervals around 0) for the four things an interval promises:

* the exact value is inside;
* its ends are rounded outward (never toward the value);
* it is no wider than it claims (a square root to ``2^-bits``, a sum's width);
* the digits it prints are certain: every number of the interval rounds to
  the printed decimal, and no more digits are printed than the width allows.

Members: :class:`~limits.exact.enclosure.Enclosure` (``of``, ``from_arb``,
``sqrt``, ``width``, ``in``, ``certain_digits``, ``text``, ``shown``, the
repr); the vector :class:`~limits.exact.enclosure.Enclosures` and the one
certification that makes it, :mod:`limits.exact.residual` (exact products in
limbs, the bound on the inverse, the enclosures of any proposal, the
refinement to a width), against exact solves of random M-matrix systems; the printers of enclosures (:func:`~limits.markup.quantities.interval_quantity`,
``quantity_text``, ``value_text``, LaTeX's ``shown_math``); the arb balls
turned into bounds (``accepted_ball``, the paper's verdicts); the race's
difference of two enclosures; the 95% intervals of a sample (the simulator,
:func:`~limits.markup.quantities.sample_summary`) and of the survey's mean,
and the survey's exact enclosures of the mean and the standard deviation; the
comparison of real algebraic numbers held in isolating intervals
(:class:`~limits.exact.algebraic.Algebraic`), ties included.
"""

from __future__ import annotations

import statistics
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from limits.exact.digits import EXACT_DIGITS, certain_digits, decimal, rounded
from limits.exact.enclosure import Enclosure
from limits.exact.known_digits import interval_text

from .strategies import intervals, reals

Z95 = Fraction(statistics.NormalDist().inv_cdf(0.975))
"""The definition: the 97.5% point of the normal law (the float the module uses)."""


def _exponent(x: Fraction) -> int:
    e = 0
    x = abs(x)
    while Fraction(10) ** e > x:
        e -= 1
    while Fraction(10) ** (e + 1) <= x:
        e += 1
    return e


def assert_certain(text: str | None, digits: int, lower: Fraction, upper: Fraction) -> None:
    """``text`` (``digits`` significant digits) is what every number of ``[lower, upper]`` rounds to, and the
    interval is no wider than one unit of its last place."""
    if text is None:
        return
    value = Fraction(text)
    assert rounded(lower, digits) == rounded(upper, digits) == value, (text, digits, lower, upper)
    if value:
        assert upper - lower <= Fraction(10) ** (_exponent(value) - digits + 1), "more digits than the width allows"


def assert_outward(lower_text: str, upper_text: str, lower: Fraction, upper: Fraction) -> None:
    assert Fraction(lower_text) <= lower and upper <= Fraction(upper_text), (lower_text, upper_text, lower, upper)


# ---- Enclosure ------------------------------------------------------------------------------------------------

@given(reals())
def test_of_a_number_is_the_point_itself(x):
    e = Enclosure.of(x)
    assert e.lower == e.upper == x and e.is_exact and e.width == 0 and x in e and Enclosure.of(e) is e
    assert e.certain_digits() is None


@given(intervals(), st.fractions(0, 1))
def test_an_interval_holds_its_ends_and_what_lies_between_and_nothing_outside(ends, t):
    lo, hi = ends
    e = Enclosure(lo, hi)
    assert e.width == hi - lo and e.is_exact == (lo == hi)
    assert lo in e and hi in e and lo + (hi - lo) * t in e
    hair = Fraction(1, 10**80)
    assert lo - hair not in e and hi + hair not in e


@given(intervals(low=Fraction(0)), st.integers(1, 200))
@example((Fraction(4), Fraction(4)), 10)  # a perfect square: a point, still a multiple of 2^-bits
@example((Fraction(0), Fraction(1, 10**30)), 20)  # the root of a tiny number is wider than the number
@example((Fraction(2), Fraction(2)), 1)
def test_a_square_root_is_the_tightest_outward_interval_on_its_grid(ends, bits):
    lo, hi = ends
    r = Enclosure(lo, hi).sqrt(bits)
    unit = Fraction(1, 2**bits)
    assert (r.lower / unit).denominator == 1 and (r.upper / unit).denominator == 1, "not on the grid of 2^-bits"
    assert r.lower >= 0 and r.lower**2 <= lo and r.upper**2 >= hi, "not outward"
    assert (r.lower + unit) ** 2 > lo and (r.upper - unit) ** 2 < hi or r.upper == 0, "wider than the grid needs"


@given(st.integers(-(10**30), 10**30), st.integers(-200, 60), st.integers(0, 10**20), st.integers(-300, 0))
@example(1, 0, 1, -24)  # a radius that is a power of two
@example(3, -1, 0, 0)  # a point: no radius
def test_an_arb_ball_becomes_its_exact_interval(man, exp, rad_man, rad_exp):
    from flint import arb, ctx

    ball = _dyadic_ball(man, exp, rad_man, rad_exp)
    mid, rad = Fraction(man) * Fraction(2) ** exp, Fraction(rad_man) * Fraction(2) ** rad_exp
    e = Enclosure.from_arb(ball)
    # arb rounds a radius up (to 30 bits), never down: the interval holds mid -+ rad, and is about that wide
    assert e.lower <= mid - rad and mid + rad <= e.upper and e.width <= 2 * rad * (1 + Fraction(1, 2**28))
    assert (e.lower + e.upper) / 2 == mid
    with ctx.workprec(4096):  # arb's own bounds, exact at this precision: the same ends
        assert Fraction(*_ratio(ball.lower())) == e.lower and Fraction(*_ratio(ball.upper())) == e.upper
    assert e.is_exact == (rad_man == 0) and Enclosure.from_arb(arb(man)) == Enclosure.of(man)


def _ratio(x) -> tuple[int, int]:
    man, exp = (int(v) for v in x.man_exp())
    return (man * 2**exp, 1) if exp >= 0 else (man, 2**-exp)


def _dyadic_ball(man: int, exp: int, rad_man: int, rad_exp: int):
    """The arb ball ``man 2^exp -+ rad_man 2^rad_exp``, its midpoint exact."""
    from flint import arb, ctx

    with ctx.workprec(256):
        mid, rad = arb(man) * arb(2) ** exp, arb(rad_man) * arb(2) ** rad_exp
        return arb(mid.mid(), rad.mid())


def _fmpq(x: Fraction):
    from flint import fmpq

    return fmpq(x.numerator, x.denominator)


@given(st.fractions(Fraction(1, 10**6), 10**6), st.fractions(Fraction(1, 10**6), 10**6), st.integers(20, 200))
def test_arb_results_turned_into_enclosures_hold_the_exact_result(a, b, prec):
    from flint import arb, ctx

    with ctx.workprec(prec):
        x, y = arb(_fmpq(a)), arb(_fmpq(b))
        for ball, exact in ((x * y, a * b), (x / y, a / b), (x + y, a + b), (x - y, a - b), ((x * y).sqrt(), None)):
            e = Enclosure.from_arb(ball)
            if exact is None:
                assert e.lower ** 2 <= a * b <= e.upper ** 2 or e.lower < 0
            else:
                assert exact in e


def test_a_ball_that_is_not_finite_is_refused():
    from flint import arb

    with pytest.raises(ValueError, match="not finite"):
        Enclosure.from_arb(arb("inf"))


@given(intervals(), st.integers(1, 40))
@example((Fraction(1249, 10000), Fraction(1251, 10000)), 3)  # both ends round to 0.125 at 3 digits only
@example((Fraction(99995, 10000), Fraction(99996, 10000)), 4)  # both round up into a new leading digit
@example((Fraction(-1, 3), Fraction(1, 3)), 5)  # around 0: no digit
def test_an_enclosure_prints_only_certain_digits_with_its_bounds_rounded_outward(ends, digits):
    lo, hi = ends
    e = Enclosure(lo, hi)
    t = e.text(digits)
    assert_outward(t.lower, t.upper, lo, hi)
    assert t.certain_digits <= digits
    if lo == hi:
        assert t.decimal == decimal(lo, digits) and e.shown(digits) == decimal(lo, digits)
        return
    assert_certain(t.decimal, t.certain_digits, lo, hi)
    assert (t.decimal is None) == (t.certain_digits == 0)
    if t.decimal is None:
        assert e.shown(digits) == f"[{t.lower}, {t.upper}]"
    else:
        assert e.shown(digits) == t.decimal
        # the most digits that hold: one more digit is not shared by both ends (or more than was asked)
        more = t.certain_digits + 1
        assert more > digits or rounded(lo, more) != rounded(hi, more)


@given(intervals())
def test_certain_digits_never_more_than_the_width_allows(ends):
    lo, hi = ends
    d = Enclosure(lo, hi).certain_digits()
    if lo == hi:
        assert d is None
        return
    assert d == certain_digits(lo, hi) and 0 <= d < EXACT_DIGITS
    if lo <= 0 <= hi:
        assert d == 0
    else:
        size = min(abs(lo), abs(hi))
        assert (hi - lo) * 10**d <= size or d == 0
        assert (hi - lo) * 10 ** (d + 1) > size


@given(intervals())
def test_the_repr_names_the_digits_it_shows(ends):
    e = Enclosure(*ends)
    text = repr(e)
    assert text.startswith("Enclosure(") and "\n" not in text
    if not e.is_exact:
        assert f"{e.text(20).certain_digits} certain digits" in text and e.shown() in text


# ---- the one certification: exact residuals of a float proposal ---------------------------------------------

@st.composite
def m_matrix_systems(draw):
    """``(A, D)``: ``A = D (I - T)`` in int64 for a random ``T`` over ``D`` that leaks at least ``1/D`` from each
    row (a nonsingular M-matrix, ``A^-1 >= 0``); a large D makes a slow chain (a mean near D)."""
    import numpy as np
    import scipy.sparse as sp

    n = draw(st.integers(1, 6))
    scale = draw(st.sampled_from([1, 2, 6, 1000, 10**6, 2**40]))
    rows = []
    for _ in range(n):
        w = draw(st.lists(st.integers(0, scale), min_size=n, max_size=n))
        total = sum(w)
        rows.append([v * (scale - 1) // total for v in w] if total > scale - 1 else w)
    a = scale * np.eye(n, dtype=np.int64) - np.array(rows, dtype=np.int64)
    return sp.csr_matrix(a), scale


def _exact_solve(matrix, rhs) -> list[Fraction]:
    from flint import fmpq_mat

    n = matrix.shape[0]
    x = fmpq_mat([[int(v) for v in row] for row in matrix.toarray()]).solve(fmpq_mat(n, 1, [int(v) for v in rhs]))
    return [Fraction(int(x[i, 0].p), int(x[i, 0].q)) for i in range(n)]


def _objects(values):
    import numpy as np

    return np.array([int(v) for v in values], dtype=object)


@given(m_matrix_systems(), st.lists(st.integers(-(2**300), 2**300), min_size=6, max_size=6))
def test_an_exact_product_in_limbs_is_the_product(system, x):
    from limits.exact.residual import times

    matrix, _ = system
    n = matrix.shape[0]
    dense = matrix.toarray().tolist()
    assert times(matrix, _objects(x[:n])).tolist() == [sum(a * b for a, b in zip(row, x)) for row in dense]


def test_an_exact_product_refuses_rows_too_large_for_its_words():
    import numpy as np
    import scipy.sparse as sp

    from limits.exact.residual import times

    with pytest.raises(OverflowError):
        times(sp.csr_matrix(np.array([[2**61]], dtype=np.int64)), _objects([1]))


@given(m_matrix_systems(), st.lists(st.integers(-5, 2**70), min_size=6, max_size=6),
       st.one_of(st.none(), st.lists(st.integers(1, 10**6), min_size=6, max_size=6)))
def test_the_bound_on_the_inverse_holds_and_takes_the_least_row(system, z, b):
    """``A Z >= c b`` with c the least ``floor((A Z)_i / b_i)`` (the largest c that holds), and then
    ``A^-1 b <= Z / c``; None where no c > 0 holds."""
    from limits.exact.residual import inverse_bound

    matrix, _ = system
    n = matrix.shape[0]
    z, rhs = _objects(z[:n]), None if b is None else b[:n]
    found = inverse_bound(matrix, z, rhs)
    b = [1] * n if rhs is None else rhs
    az = [sum(a * v for a, v in zip(row, z)) // bi for row, bi in zip(matrix.toarray().tolist(), b)]
    if min(az) <= 0:
        assert found is None
        return
    assert found[1] == min(az)
    for solution, zi in zip(_exact_solve(matrix, b), z):
        assert solution <= Fraction(int(zi), found[1])


@given(m_matrix_systems(), st.lists(st.integers(-1000, 1000), min_size=6, max_size=6),
       st.lists(st.floats(-1e-3, 1e-3), min_size=6, max_size=6), st.integers(0, 80), st.integers(0, 2**20),
       st.data())
def test_the_enclosures_of_any_proposal_hold_the_solution_no_wider_than_claimed(system, b, noise, shift, slack,
                                                                                  data):
    """The solution of ``A v = (b + d) 2^-shift`` for any ``|d| <= slack`` lies in the enclosures around any
    float proposal, whose errors are exactly ``ceil((max |rho| + slack) Z / c)``: outward, and no wider."""
    import numpy as np

    from limits.exact.residual import enclose, integers, inverse_bound

    matrix, _ = system
    n = matrix.shape[0]
    rhs = _objects(b[:n]) << shift
    exact = _exact_solve(matrix, rhs)
    proposal = np.array([float(v / 2**shift) * (1 + e) for v, e in zip(exact, noise)])
    x = integers(proposal, shift)
    bound = inverse_bound(matrix, np.linalg.solve(matrix.toarray().astype(float), np.ones(n)))
    if bound is None:  # a float solve too poor to bound the inverse (a slow chain): nothing is claimed
        return
    found = enclose(matrix, rhs, x, shift, bound, slack)
    assert found.scale == 2**shift and found.numerators is x
    z, c = bound
    rho = [int(r) - sum(int(a) * int(v) for a, v in zip(row, x)) for r, row in zip(rhs, matrix.toarray())]
    worst = max(map(abs, rho)) + slack
    assert [int(e) for e in found.errors] == [-(-worst * int(zi) // c) for zi in z]
    d = data.draw(st.lists(st.integers(-slack, slack), min_size=n, max_size=n))
    for i, v in enumerate(_exact_solve(matrix, [int(r) + di for r, di in zip(rhs, d)])):
        assert v / 2**shift in found[i]


@given(m_matrix_systems(), st.lists(st.integers(-(10**6), 10**6), min_size=6, max_size=6), st.integers(1, 150))
def test_refinement_reaches_the_width_asked_and_holds_the_solution(system, b, digits):
    import numpy as np

    from limits.errors import ConvergenceError
    from limits.exact.residual import inverse_bound, refine

    matrix, _ = system
    n = matrix.shape[0]
    dense = matrix.toarray().astype(float)
    solve = lambda r: np.linalg.solve(dense, r)  # noqa: E731
    bound = inverse_bound(matrix, solve(np.ones(n)))
    if bound is None:
        return
    width = Fraction(1, 10**digits)
    try:
        found = refine(matrix, b[:n], solve, width, bound)
    except ConvergenceError:  # a float solve too poor to refine (a slow chain): refused, never wrong
        return
    assert found.widest <= width
    for i, v in enumerate(_exact_solve(matrix, b[:n])):
        assert v in found[i]


@given(st.lists(st.tuples(st.integers(-(10**30), 10**30), st.integers(0, 10**20)), min_size=1, max_size=8),
       st.integers(1, 10**12), st.data())
def test_a_vector_of_enclosures_is_each_centre_and_error_over_its_scale(pairs, scale, data):
    from limits.exact.enclosure import Enclosures

    v = Enclosures(_objects(x for x, _ in pairs), _objects(e for _, e in pairs), scale)
    assert len(v) == len(pairs) and v.widest == Fraction(max(e for _, e in pairs), scale)
    assert v.exact == all(e == 0 for _, e in pairs)
    for i, (x, e) in enumerate(pairs):
        assert v[i] == Enclosure(Fraction(x - e, scale), Fraction(x + e, scale))
    where = data.draw(st.permutations(range(len(pairs) + 2)))[: len(pairs)]
    placed = v.placed(list(where), len(pairs) + 2)
    assert [placed[j] for j in where] == [v[i] for i in range(len(pairs))]
    assert all(placed[j].lower == placed[j].upper == 0 for j in set(range(len(pairs) + 2)) - set(where))


# ---- the printers of enclosures -------------------------------------------------------------------------------

@given(intervals(), st.integers(1, 30))
def test_an_enclosures_json_is_its_certain_decimal_and_outward_bounds(ends, digits):
    from limits.markup.quantities import interval_quantity, quantity_text, to_json

    lo, hi = ends
    q = interval_quantity(lo, hi, digits)
    assert to_json(Enclosure(lo, hi), digits) == q
    if lo == hi:
        assert Fraction(q["exact"]) == lo and q["decimal"] == decimal(lo, digits)
        return
    assert_outward(q["lower"], q["upper"], lo, hi)
    assert_certain(q["decimal"], q["certain_digits"], lo, hi)
    t = interval_text(lo, hi, digits)
    assert (q["decimal"], q["certain_digits"], q["lower"], q["upper"]) == (t.decimal, t.certain_digits, t.lower, t.upper)
    assert quantity_text(q) == Enclosure(lo, hi).shown(digits)


@given(intervals(), st.integers(1, 20))
def test_jupyter_and_latex_show_an_enclosure_as_its_text_does(ends, digits):
    from limits.markup.jupyter import value_text
    from limits.race.result import shown, shown_math

    e = Enclosure(*ends)
    assert shown(e, digits) == e.shown(digits)
    if not e.is_exact:
        assert value_text(e, digits) == e.shown(digits)
    math_text = shown_math(e, digits)
    if e.text(digits).decimal is None and not e.is_exact:
        t = e.text(digits)
        assert math_text.startswith("\\in [") and _tex_number(math_text[5:].split(", ")[0]) == Fraction(t.lower)
    else:
        assert math_text.startswith(("= ", "\\approx "))
        assert _tex_number(math_text.split(" ", 1)[1]) == Fraction(e.shown(digits))
        assert math_text.startswith("= ") == (e.is_exact and Fraction(e.shown(digits)) == e.lower)


def _tex_number(tex: str) -> Fraction:
    """A number back from :func:`limits.markup.latex.tex_decimal`'s math (``1.5 \\times 10^{-7}``)."""
    tex = tex.rstrip("]").replace("{,}", "").replace("\\,", "").replace(" ", "")
    mant, _, exp = tex.partition("\\times10^")
    return Fraction(mant) * Fraction(10) ** int(exp.strip("{}") or 0)


@given(st.integers(1, 10**9), st.integers(-30, 30), st.integers(0, 10**6), st.integers(-60, 0),
       st.integers(1, 30), st.booleans())
def test_an_accepted_ball_certifies_its_digits(mid, exp, rad, rad_exp, digits, same):
    from limits.exact.precision import accepted_ball

    ball = _dyadic_ball(mid, exp, rad, rad_exp)
    e = Enclosure.from_arb(ball)
    found = accepted_ball(ball, digits, same)
    if found is None:  # refused: it does not certify the digits (or is not positive)
        assert e.lower <= 0 or certain_digits(e.lower, e.upper) < digits or (
            same and decimal(e.lower, digits) != decimal(e.upper, digits))
        return
    assert found == e and e.lower > 0 and certain_digits(e.lower, e.upper) >= digits
    if same:
        assert_certain(decimal(e.lower, digits), digits, e.lower, e.upper)


@given(st.integers(1, 10**9), st.integers(-30, 30), st.integers(0, 10**9), st.integers(-90, -1),
       st.integers(1, 8))
def test_the_papers_verdicts_print_a_ball_to_no_more_than_its_certain_digits(mid, exp, rad, rad_exp, digits):
    from limits.paper.verdicts import _ball

    ball = _dyadic_ball(mid, exp, rad, rad_exp)
    e = Enclosure.from_arb(ball)
    text = _ball(ball, digits)
    if e.lower <= 0:
        assert text == "0"
        return
    shown = len(text.split("e")[0].replace(".", "").replace("-", "").strip("0")) or 1
    assert shown <= max(1, min(digits, certain_digits(e.lower, e.upper)))
    value = Fraction(text)
    # every number of the ball is within one unit of the last place printed
    unit = Fraction(10) ** (_exponent(e.lower) - max(1, min(digits, certain_digits(e.lower, e.upper))) + 1)
    assert e.lower - unit <= value <= e.upper + unit


@given(intervals(), intervals(), st.fractions(0, 1), st.fractions(0, 1))
def test_the_gain_of_one_enclosure_over_another_holds_every_difference(a, b, s, t):
    from limits.race.compare import gain

    x, y = a[0] + (a[1] - a[0]) * s, b[0] + (b[1] - b[0]) * t
    g = gain(Enclosure(*a), Enclosure(*b))
    assert x - y in g and g.width == (a[1] - a[0]) + (b[1] - b[0])
    assert gain(x, y) == Enclosure(x - y, x - y)


# ---- 95% intervals --------------------------------------------------------------------------------------------

@given(st.lists(st.integers(0, 40), min_size=1, max_size=30), st.integers(1, 20))
@example([0, 0, 3, 1], 10)  # the docstring's sample
@example([0, 5], 5)  # one value only: no spread
@example([0, 1, 1], 5)  # n = 2
def test_a_samples_95_percent_interval_holds_the_normal_interval_rounded_outward(counts, digits):
    from limits.markup.quantities import sample_summary

    s = sample_summary(counts, digits)
    values = [t for t, c in enumerate(counts) for _ in range(c)]
    if not values:
        assert s == {"mean": None, "ci95": None, "std": None}
        return
    n, mean = len(values), Fraction(sum(values), len(values))
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else Fraction(0)
    lower, upper = Fraction(s["ci95"]["lower"]), Fraction(s["ci95"]["upper"])
    assert s["ci95"]["level"] == "0.95" and Fraction(s["mean"]["exact"]) == mean
    # mean -+ z sqrt(var / n), exactly: (mean - lower)^2 >= z^2 var / n, the same above
    assert lower <= mean <= upper
    assert (mean - lower) ** 2 >= Z95**2 * var / n and (upper - mean) ** 2 >= Z95**2 * var / n, "not outward"


@given(st.lists(st.fractions(0, 1000, max_denominator=50), min_size=2, max_size=12), st.integers(1, 20),
       st.booleans())
def test_the_surveys_mean_and_std_enclosures_hold_the_exact_statistics(values, digits, rounded_path):
    from limits.survey import summary
    from limits.survey.survey import Engine

    original = summary.EXACT_SUM_BITS
    try:
        summary.EXACT_SUM_BITS = -1 if rounded_path else original  # the path past the exact sums, on small data
        spread = summary._spread(values, (Fraction(1, 2),), digits, Engine.EXACT)
    finally:
        summary.EXACT_SUM_BITS = original
    n = len(values)
    mean = sum(values, Fraction(0)) / n
    var = sum(((v - mean) ** 2 for v in values), Fraction(0)) / (n - 1)
    assert mean in Enclosure.of(spread.mean)
    std = spread.std
    assert std.lower >= 0 and std.lower**2 <= var <= std.upper**2
    # as narrow as the digits asked for (small data never needs summary.MAX_BITS); a spread of exactly 0 from
    # rounded values is an interval [0, w], which certifies no digit however small w is
    certain = [certain_digits(e.lower, e.upper) for e in (Enclosure.of(spread.mean), std) if e.width and e.lower]
    assert all(d >= digits for d in certain), certain


@given(st.lists(st.fractions(0, 1000, max_denominator=50), min_size=2, max_size=12), st.integers(1, 12))
def test_the_surveys_95_percent_interval_holds_the_normal_interval_of_its_mean(values, digits):
    from types import SimpleNamespace

    from limits.survey import summary
    from limits.survey.summary import mean_interval as _mean_interval
    from limits.survey.survey import Engine

    spread = summary._spread(values, (Fraction(1, 2),), digits, Engine.EXACT)
    ci = _mean_interval(spread, digits)
    n = len(values)
    mean = sum(values, Fraction(0)) / n
    var = sum(((v - mean) ** 2 for v in values), Fraction(0)) / (n - 1)
    lower, upper = Fraction(ci["lower"]), Fraction(ci["upper"])
    assert lower <= mean <= upper
    assert (mean - lower) ** 2 >= Z95**2 * var / n and (upper - mean) ** 2 >= Z95**2 * var / n, "not outward"
    assert _mean_interval(SimpleNamespace(std=None, boards=1), digits) is None


# ---- exact values printed short (LaTeX) -------------------------------------------------------------------------

def _tex_value(tex: str) -> tuple[Fraction, bool]:
    """``(value, cut)`` back from :func:`~limits.markup.latex.tex_number` or :func:`~limits.markup.latex.tex_shown`."""
    sign = -1 if tex.startswith("-") else 1
    tex = tex.lstrip("- ").replace("\\allowbreak ", "")
    cut = "\\ldots" in tex
    tex = tex.replace("\\ldots", "")
    if tex.startswith("\\frac{"):
        num, den = tex[len("\\frac{"):-1].split("}{")
        return sign * Fraction(int(num), int(den)), cut
    if "\\mathbin{/}" in tex:
        num, den = tex.split(" \\mathbin{/} ")
        return sign * Fraction(int(num), int(den)), cut
    mant, _, exp = tex.partition(" \\times 10^")
    return sign * Fraction(mant) * Fraction(10) ** int(exp.strip("{}") or 0), cut


@given(st.one_of(st.fractions(max_denominator=10**30), reals(),
                 st.builds(lambda n, d, e: Fraction(n, d) * Fraction(10) ** e, st.integers(-(10**25), 10**25),
                           st.integers(1, 10**6), st.integers(-12, 12))))
@example(Fraction(10**19 - 1, 2))  # twenty digits with a denominator of 2: exactly
@example(Fraction(10**20 - 1, 2))  # twenty-one: cut
@example(Fraction(123456789012345678901, 10**23))  # a long value between 10^-4 and 1: zeros after the point
def test_an_exact_value_in_latex_is_exact_when_short_and_otherwise_cut_never_rounded(x):
    from limits.markup.latex import SHOWN_DIGITS, tex_shown

    tex = tex_shown(x)
    value, cut = _tex_value(tex)
    digits = len(str(abs(x.numerator))) + (len(str(x.denominator)) if x.denominator != 1 else 0)
    if digits <= SHOWN_DIGITS:
        assert value == x and not cut
        return
    assert "\\frac" not in tex and "\\mathbin" not in tex  # a long value: its first twelve digits
    assert cut == (value != x) and abs(value) <= abs(x) and (value >= 0) == (x >= 0)
    # twelve significant digits, cut: the value lies below the next twelve-digit number
    assert abs(x) < abs(value) + Fraction(10) ** (_exponent(abs(x)) - 11)


def _algebraic(value, form):
    """``value`` (a Fraction, or ``("sqrt", q)`` for the square root of q) as an Algebraic in one of several forms:
    a point, a linear polynomial on an interval around it, or a square root on an interval."""
    import math

    from flint import fmpq, fmpz_poly

    from limits.exact.algebraic import Algebraic

    if isinstance(value, tuple):
        q = value[1]
        lo = Fraction(math.isqrt(q.numerator * q.denominator), q.denominator)  # sqrt(q) lies in [lo, lo + 1/den]
        return Algebraic(fmpz_poly([-q.numerator, 0, q.denominator]), fmpq(lo.numerator, lo.denominator),
                         fmpq(lo.numerator + 1, lo.denominator)), None
    if form == "point":
        return Algebraic.rational(value), value
    width = Fraction(1, 2 ** form)
    lo, hi = value - width * Fraction(1, 3), value + width  # the interval need not be centred, nor end on the value
    m = fmpz_poly([-value.numerator, value.denominator])
    return Algebraic(m, fmpq(lo.numerator, lo.denominator), fmpq(hi.numerator, hi.denominator)), value


@settings(max_examples=200, deadline=None)
@given(st.fractions(0, 1, max_denominator=50), st.fractions(0, 1, max_denominator=50),
       st.sampled_from(["point", 1, 4, 20]), st.sampled_from(["point", 1, 4, 20]), st.booleans())
def test_every_comparison_of_algebraic_numbers_is_the_exact_one(a, b, form_a, form_b, same):
    """``Algebraic.compare`` is the sign of the exact difference, ties included: equal rationals in different
    forms (a point, intervals that meet or overlap it) compare equal, and distinct numbers by their order."""
    b = a if same else b
    x, exact_a = _algebraic(a, form_a)
    y, exact_b = _algebraic(b, form_b)
    want = (exact_a > exact_b) - (exact_a < exact_b)
    assert x.compare(y) == want and y.compare(x) == -want


@pytest.mark.parametrize("q", [Fraction(1, 2), Fraction(2, 9), Fraction(9, 16)])
def test_a_square_root_compares_with_the_rationals_beside_it(q):
    """sqrt(q) against rationals just below, at (when q is a square) and just above it."""
    import math

    x, _ = _algebraic(("sqrt", q), None)
    root = Fraction(math.isqrt(q.numerator), math.isqrt(q.denominator))
    square = root * root == q
    for r in (root - Fraction(1, 10**12), root, root + Fraction(1, 10**12)):
        y, _ = _algebraic(r, "point")
        want = 0 if square and r == root else (1 if r * r < q else -1)
        assert x.compare(y) == want and y.compare(x) == -want, (q, r)
