"""The variance expansion and the law of the game length, against exact values at small eps."""

from fractions import Fraction

import pytest

from limits import Board, LimitsError, Perturbation
from limits.exact.linsolve import solve_fractions

# boards found by a random search for every shape of hierarchy: (size, jumps, delta, faces, rule);
# depth 1 to 6, rare excursions that carry the mean (order > typical order), excursions of order 2
DEEP = [
    (12, {5: 1}, 2, 3, "bounce"),
    (22, {1: 21, 18: 8, 16: 10, 20: 21, 5: 0}, 1, 2, "stay"),
    (24, {15: 14, 18: 5, 3: 20}, 1, 2, "bounce"),
    (20, {6: 5, 2: 19, 15: 3, 17: 0, 18: 5}, 2, 2, "stay"),
    (26, {3: 1, 18: 24, 9: 2}, 1, 2, "bounce"),
    (29, {12: 10, 19: 26, 1: 26, 6: 13, 24: 25, 18: 10, 14: 10, 5: 13}, 1, 2, "stay"),
    (20, {17: 8, 6: 5, 15: 18, 19: 3, 14: 0, 9: 1}, 1, 4, "stay"),
    (24, {23: 15, 18: 3, 14: 2, 16: 3, 20: 7, 12: 10}, 1, 2, "pass"),
]


def _close(exact: Fraction, series: Fraction, eps: Fraction, terms: int) -> bool:
    """The truncated series is within O(eps^terms) of the exact value, relatively."""
    return abs(exact - series) <= abs(exact) * 10**4 * eps**terms


@pytest.mark.parametrize("delta,p_to", [(3, 1), (4, 1), (5, 1), (6, 1), (1, 0), (2, 0)])
def test_variance_expansion_against_exact_moments(delta, p_to):
    f = Perturbation.loaded(delta=delta, p_to=p_to)
    v = f.variance(3)
    for eps in (Fraction(1, 10**4), Fraction(1, 10**5)):
        assert _close(f.chain_at(eps=eps).moments().variance, v(eps), eps, 3)


def test_the_paper_board_variances():
    got = {d: Perturbation.loaded(delta=d).variance(1) for d in (3, 4, 5)}
    assert (got[3].order, got[3].leading_coefficient) == (4, Fraction(25, 676))  # the exponential's (5/26)^2
    assert (got[5].order, got[5].leading_coefficient) == (1, Fraction(770))  # the mean converges, the variance not
    assert got[4].order == 1


@pytest.mark.parametrize("case", DEEP, ids=lambda c: f"N{c[0]}-d{c[2]}-k{c[3]}-{c[4]}")
def test_deep_hierarchies(case):
    size, jumps, delta, faces, rule = case
    f = Perturbation.loaded(Board(size, jumps), delta, rule=rule, faces=faces)
    e, exact = f.expansion(3), f.exact_expansion(3)
    assert (e.order, e.coefficients) == (exact.order, exact.coefficients)
    law = f.law()
    assert law.explained() == e.leading_coefficient  # typical mean + sum of probability x mean
    eps = Fraction(1, 10**5)
    assert _close(f.chain_at(eps=eps).moments().variance, f.variance(2)(eps), eps, 2)


def test_rare_excursions_can_carry_the_whole_mean():
    f = Perturbation.loaded(Board(24, {15: 14, 18: 5, 3: 20}), 1, rule="bounce", faces=2)
    law = f.law()
    assert (law.order, law.typical_order) == (1, 0)  # a typical game is short, yet sigma ~ c / eps
    (e,) = law.excursions
    assert (e.chance_order, e.length_order) == (1, 2) and e.contribution == law.leading_coefficient


def test_delta_5_sixteen_plus_seventy_seven():
    law = Perturbation.loaded(delta=5).law()
    assert law.psi == 16 and law.typical_mean == 16
    (e,) = law.excursions
    assert (e.chance_order, e.probability, e.length_order) == (1, Fraction(77, 5), 1)
    assert e.length.mean == 5 and law.explained() == 93
    d = law.to_dict()
    assert d["typical_length"] == 16
    assert d["excursion_probability"] == {"order": 1, "coefficient": Fraction(77, 5)}
    assert d["excursion_mean"] == {"order": 1, "coefficient": Fraction(5)}
    x = e.length.to_dict()
    assert set(x) == {"law", "mean", "matrix", "initial", "atom", "states"}
    assert (x["mean"], x["states"], x["atom"]) == (5, e.length.states, e.length.atom)


def _loop_hitting_probability(f: Perturbation, eps: Fraction) -> Fraction:
    """P(the game enters a loop of the eps = 0 chain) at eps, by one exact solve: an independent route."""
    chain = f.chain_at(eps=eps)
    loops = {s for c in f.hierarchy().classes for s in c}
    rest = [s for s in chain.states if s not in loops]
    pos = {s: i for i, s in enumerate(rest)}
    a = [[Fraction(int(i == j)) for j in range(len(rest))] for i in range(len(rest))]
    b = [Fraction(0)] * len(rest)
    for s in rest:
        for t, p in chain.row(s).items():
            if t in pos:
                a[pos[s]][pos[t]] -= p
            elif t in loops:
                b[pos[s]] += p
    (x,) = solve_fractions(a, [b])
    return x[pos[0]]


def test_the_excursion_probability_is_the_chance_of_entering_a_loop():
    f = Perturbation.loaded(delta=5)
    for eps in (Fraction(1, 10**4), Fraction(1, 10**6)):
        p = _loop_hitting_probability(f, eps)
        assert abs(p / eps - Fraction(77, 5)) < 10**4 * eps  # (77/5) eps + O(eps^2)


def test_the_walk_length_is_typical():
    f = Perturbation.loaded(delta=5)
    gaps = []
    for eps in (Fraction(1, 10**3), Fraction(1, 10**4)):
        from limits.game.distribution import pmf

        gaps.append((1 - pmf(f.chain_at(eps=eps), 16)[16]) / eps)  # P(M != 16) / eps
    assert 0 < gaps[1] < gaps[0] * Fraction(11, 10) and abs(gaps[0] - gaps[1]) < gaps[1] / 50


def test_scaled_law_distances_shrink():
    # one escape dominates: eps M -> a phase-type law of mean 5 (delta = 6)
    law = Perturbation.loaded(delta=6).law()
    assert law.scaled.mean == 5
    d = [law.distance(eps, int(40 / eps)) for eps in (Fraction(1, 10), Fraction(1, 20), Fraction(1, 40))]
    assert d[2] < d[1] < d[0] < Fraction(1, 4)
    # rare excursions: P(M > t / eps) / ((77/5) eps) -> P(X > t), X of mean 5 (delta = 5), for t >= 1/2
    law = Perturbation.loaded(delta=5).law()
    d = [law.distance(eps, int(30 / eps), Fraction(1, 2)) for eps in (Fraction(1, 20), Fraction(1, 40))]
    assert d[1] < d[0] / 2


def test_the_scaled_law_moments_are_the_expansions():
    f = Perturbation.loaded(delta=3)
    x = f.law().scaled
    assert x.law == "exponential" and x.mean == f.expansion(1).leading_coefficient
    assert x.second_moment - x.mean**2 == f.variance(1).leading_coefficient


def test_the_summary_in_words():
    assert Perturbation.loaded(delta=1).law().summary() == (
        "$\\varepsilon M$ tends to an exponential law of mean $\\frac{35}{12}$.")
    assert Perturbation.loaded(delta=6).law().summary() == "$\\varepsilon M$ tends to a phase-type law of mean $5$."
    assert Perturbation.loaded(delta=4).law().summary() == (
        "$P(M = 31) \\to 1$. With probability $\\frac{42}{5}\\,\\varepsilon$ an excursion, and $\\varepsilon$ times "
        "its length tends to a phase-type law of mean $\\frac{13819}{7266}$.")


def test_the_law_describes_itself():
    from limits import fair, weighted

    assert repr(Perturbation.loaded(delta=4).law()) == (
        "LengthLaw(M -> 31 turns; sigma ~ 46.97572254; 1 rare excursion)")
    assert repr(Perturbation(Board(10, ((3, 8),)), fair(), weighted(5, 1)).law()) == (
        "LengthLaw(eps^0 M has a limit law of mean 7.361111111; sigma ~ 7.361111111; no rare excursions)")
    assert Perturbation.loaded(delta=1).law().to_dict()["scaled_limit"]["order"] == 1


def test_the_curves_scale_time_by_the_excursion_s_order_and_refuse_eps_1():
    size, jumps, delta, faces, rule = DEEP[1]  # an excursion of length order 2
    law = Perturbation.loaded(Board(size, jumps), delta, rule=rule, faces=faces).law()
    assert law.excursions[0].length_order == 2
    assert law.curves(Fraction(1, 10), 3)[0] == [Fraction(m, 100) for m in range(4)]
    with pytest.raises(LimitsError, match="eps must lie in"):
        law.curves(Fraction(1), 3)
