"""The hierarchy against the whole chain's rational function: order, leading and next coefficients.

Done when, for delta = 1..6 at both ends and for two-face and unequal families, the
order and the coefficients derived from the hierarchy equal the exact expansion's.

Modules: ``limits.limit.hierarchy``.
"""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from limits import Die, Perturbation, althoen, empty, standard, uniform_on
from tests.loaded import sigma_function
from tests.strategies import boards, rules


def _from_sigma_function(delta: int, p_to: int, terms: int):
    """The expansion from the loaded die's own rational function sigma(p) (another route than the pencil's)."""
    f = sigma_function(delta=delta)
    series = f.laurent(terms) if p_to == 1 else f.reflected().laurent(terms)
    return series.order, series.coefficients


@pytest.mark.parametrize("p_to", [1, 0])
@pytest.mark.parametrize("delta", range(1, 7))
def test_paper_board_both_ends(delta, p_to):
    f = Perturbation.loaded(delta=delta, p_to=p_to)
    h = f.hierarchy()
    e = f.expansion(3)
    # the order and the leading coefficient from the routes alone, and the series, against sigma(p)
    assert (h.order, h.leading_coefficient) == (e.order, e.leading_coefficient)
    assert (e.order, e.coefficients) == _from_sigma_function(delta, p_to, 3)
    assert sum(r.contribution for r in h.routes()) == h.leading_coefficient


def test_the_paper_board_values():
    got = {d: Perturbation.loaded(delta=d).expansion(1) for d in range(1, 7)}
    assert {d: (e.order, e.leading_coefficient) for d, e in got.items()} == {
        1: (1, Fraction(35, 12)), 2: (1, Fraction(25, 18)), 3: (2, Fraction(5, 26)),
        4: (0, Fraction(40634, 865)), 5: (0, Fraction(93)), 6: (1, Fraction(5))}


def test_why_delta_3_has_order_2_and_coefficient_5_26():
    h = Perturbation.loaded(delta=3).hierarchy()
    one, two = h.levels
    assert [s.squares for s in one.states] == [(53,), (99,)]
    assert one.rates[0] == (0, 0) and one.to_goal == (0, Fraction(1, 5))  # no single roll leaves 53 for good
    assert one.closed == ((0,),)  # so {53} is a state of level 2
    assert two.to_goal == (Fraction(26, 5),)
    reasons = two.reasons[(0, None)]
    assert {r.move for r in reasons} == {"1", "2", "4", "5", "6"} and {r.square for r in reasons} == {53}
    assert sum(r.contribution for r in reasons) == Fraction(26, 5)
    (route,) = h.routes()
    assert route.depth == 2 and route.chance_order == 0 and route.time == Fraction(5, 26)


FAMILIES = {
    "P(2) = P(5) = 1/2, toward the rest": (uniform_on([2, 5]), uniform_on([1, 3, 4, 6])),
    "two faces toward the fair die": (uniform_on([3, 4]), Die(["1/6"] * 6)),
    "face 5 toward an unequal rest": (uniform_on([5]), Die(["1/10", "2/10", "3/10", "1/10", "0", "3/10"])),
    "unequal toward the face 1": (Die(["0", "1/2", "1/4", "1/8", "1/16", "1/16"]), uniform_on([1])),
    "face 6 toward faces 1 and 2": (uniform_on([6]), uniform_on([1, 2])),
    "the fair die toward face 3": (Die(["1/6"] * 6), uniform_on([3])),
}


@pytest.mark.parametrize("name", FAMILIES)
def test_two_face_and_unequal_families(name):
    at, toward = FAMILIES[name]
    f = Perturbation.between(at, toward)
    h = f.hierarchy()
    e, exact = f.expansion(2), f.exact_expansion(2)
    assert (e.order, e.coefficients) == (exact.order, exact.coefficients)
    assert (h.order, h.leading_coefficient) == (exact.order, exact.leading_coefficient)


@pytest.mark.parametrize("board", [standard(), althoen(), empty()])
@pytest.mark.parametrize("rule", ["stay", "bounce", "pass"])
def test_builtin_boards_and_rules(board, rule):
    for p_to in (1, 0):
        for delta in range(1, 7):
            f = Perturbation.loaded(board, delta, p_to=p_to, rule=rule)
            if f.trap is not None:
                assert f.expansion().infinite and f.exact_expansion().infinite
                continue
            h = f.hierarchy()
            assert (h.order, h.leading_coefficient) == (f.expansion(1).order, f.expansion(1).leading_coefficient)


@st.composite
def families(draw):
    """A board, a rule and two different dice on the same faces, zeros allowed (the family may be trapped)."""
    board = draw(boards(min_size=5, max_size=22))
    rule = draw(rules)
    k = draw(st.integers(2, 6))
    faces = draw(st.integers(1, 2))  # a limit die on one or two faces makes loops at eps = 0
    chosen = draw(st.lists(st.integers(1, k), min_size=faces, max_size=faces, unique=True))
    at = [draw(st.integers(1, 3)) if f in chosen else 0 for f in range(1, k + 1)]
    toward = draw(st.lists(st.integers(0, 3), min_size=k, max_size=k).filter(lambda w: sum(w) > 0))
    dice = [Die([Fraction(w, sum(ws)) for w in ws]) for ws in (at, toward)]
    if dice[0] == dice[1]:
        dice[1] = uniform_on([f for f in range(1, k + 1) if f not in dice[0].support] or [1], k)
    start = draw(st.integers(0, board.size))
    return Perturbation.between(dice[0], dice[1], board, rule=rule, start=start) if dice[0] != dice[1] else None


@given(families())
def test_random_families_against_the_whole_chain(f):
    if f is None:
        return
    exact = f.exact_expansion(3)
    e = f.expansion(3)
    assert (e.order, e.coefficients, e.trap) == (exact.order, exact.coefficients, exact.trap)
    if f.trap is None:
        h = f.hierarchy()
        assert (h.order, h.leading_coefficient) == (e.order, e.leading_coefficient)
        # the routes' terms are positive, so nothing cancels: the structural claim behind the order
        assert all(x >= 0 for times in h.analysis.times for x in times)
        assert all(r.time > 0 and all(en.amplitude > 0 for en in r.entries) for r in h.routes())
        for level in h.levels:
            for (i, j), reasons in level.reasons.items():
                rate = level.to_goal[i] if j is None else level.rates[i][j]
                assert sum(r.contribution for r in reasons) == rate


@given(families(), st.sampled_from([Fraction(1, 10**4), Fraction(1, 997)]))
def test_the_series_approaches_the_exact_value(f, eps):
    if f is None or f.trap is not None:
        return
    e = f.expansion(3)
    exact = f.exact_value(eps)
    # three terms from eps^-m: the error is O(eps^(3 - m)), so relative to sigma ~ eps^-m it is O(eps^3)
    assert abs(exact - e(eps)) <= abs(exact) * 10**6 * eps**3 + Fraction(1, 10**30)


def test_the_hierarchy_as_data():
    f = Perturbation.loaded(delta=4)
    h = f.hierarchy()
    d = h.to_dict()
    assert set(d) == {"order", "leading_coefficient", "classes", "levels"}
    assert (d["order"], d["leading_coefficient"]) == (f.expansion(1).order, f.expansion(1).leading_coefficient)
    assert d["classes"] == h.classes and len(d["levels"]) == len(h.levels)
    assert set(d["levels"][0]) == {"depth", "states", "rates", "to_goal", "closed"}


def test_the_hierarchy_in_latex():
    latex = Perturbation.loaded(delta=5).hierarchy()._repr_latex_()
    assert latex.startswith("$$\\begin{array}{l}\\sigma \\to 93 \\\\ \\text{Level 1: rates of order }\\varepsilon^{1}")
    assert latex.endswith("\\frac{1}{5} & \\frac{1}{5}\\end{array}\\end{array}$$")
