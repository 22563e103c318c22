"""Families at several speeds (a die of eps): the grammar, the Puiseux expansion against the linear family and
against exact sigma, the min-plus leading term and the trees against the expansion, the phase diagram
(:mod:`limits.model.die_of_eps`, :mod:`limits.limit.speeds`, :mod:`limits.limit.phase`)."""

from fractions import Fraction as F

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from limits import Board, Die, Perturbation
from limits.errors import DieError, LimitsError, TooLargeError
from limits.model.die_of_eps import face_text, parse_die_of_eps
from tests.cli_run import as_json, run
from tests.strategies import boards

GOOD = {"eps^2, 0, eps, 0, 1 - eps - eps^2, 0": "eps^2, 0, eps, 0, 1 - eps - eps^2, 0",
        "1/2*eps^(3/2), 1 - 1/2*eps^(3/2)": "1/2*eps^(3/2), 1 - 1/2*eps^(3/2)",
        "0.5*eps, 1 - 0.5 eps": "1/2*eps, 1 - 1/2*eps",
        "eps^2.5, 1 - eps^2.5": "eps^(5/2), 1 - eps^(5/2)",
        "eps^(1/3)+ eps^(2/3), 1 - eps^(1/3) - eps^(2/3)": "eps^(1/3) + eps^(2/3), 1 - eps^(1/3) - eps^(2/3)",
        "+eps , 1 - eps^1": "eps, 1 - eps",
        "1 - eps^(1/2) - eps^(1/2), 2*eps^(1/2)": "1 - 2*eps^(1/2), 2*eps^(1/2)"}
BAD = {"eps^3/2, 1-eps^3/2": "write eps^(a/b) with parentheses",
       "eps, 1-2*eps": "the faces must sum to 1 for every eps, not to 1 - eps",
       "-eps, 1+eps": "face 1 is negative for small eps: -eps",
       "eps*eps, 1": "cannot read the face 'eps*eps'",
       "eps^-1, 1": "cannot read the face 'eps^-1'",
       "1/2, 1/2": "no face depends on eps",
       " , 1": "a face is empty",
       "x, 1": "cannot read the face 'x'",
       "eps": "at least two faces",
       "eps^(1/13), 1 - eps^(1/13)": "MAX_EPS_DENOMINATOR",
       "eps^65, 1 - eps^65": "MAX_EPS_DEGREE"}

# the paper's board, P(3) = eps^a, P(1) = eps^b, P(5) the rest: (order, leading coefficient) at (a, b)
RATES = [F(1, 2), F(1), F(3, 2), F(2), F(3)]
TABLE = [[(F(1, 2), F(5, 9)), (1, F(4, 37)), (1, F(548, 45)), (F(3, 2), 12), (F(5, 2), 12)],
         [(F(1, 2), F(22, 25)), (1, F(5, 9)), (F(3, 2), F(8, 29)), (2, F(4, 37)), (2, F(548, 45))],
         [(F(1, 2), F(22, 25)), (1, F(22, 25)), (F(3, 2), F(5, 9)), (2, F(8, 29)), (3, F(4, 37))],
         [(F(1, 2), F(22, 25)), (1, F(22, 25)), (F(3, 2), F(22, 25)), (2, F(5, 9)), (3, F(8, 29))],
         [(F(1, 2), F(22, 25)), (1, F(22, 25)), (F(3, 2), F(22, 25)), (2, F(22, 25)), (3, F(5, 9))]]


def _power(r):
    return "eps" if r == 1 else f"eps^({r})"


def _rates(a, b):
    """P(3) = eps^a, P(1) = eps^b, P(5) the rest."""
    rest = "1 - " + " - ".join([_power(a), _power(b)])
    return f"{_power(b)}, 0, {_power(a)}, 0, {rest}, 0"


@pytest.mark.parametrize("source", GOOD)
def test_a_die_of_eps_reads_back_as_written(source):
    assert ", ".join(map(face_text, parse_die_of_eps(source))) == GOOD[source]


@pytest.mark.parametrize("source", BAD)
def test_every_malformed_die_of_eps_is_refused_in_one_line(source, capsys):
    with pytest.raises((DieError, TooLargeError), match=BAD[source].replace("^", r"\^").replace("(", r"\(")
                       .replace(")", r"\)").replace("*", r"\*")):
        Perturbation.of_eps(source)
    code, out, err = run(capsys, "limit", "--die-of-eps", source)
    assert code == 2 and out == "" and err.count("\n") == 1 and BAD[source] in err


TERMS = ["eps", "eps^2", "2*eps", "eps^(1/2)", "1", "1/2", "0.5"]


@pytest.mark.parametrize("left", TERMS)
@pytest.mark.parametrize("right", TERMS[:-1])
def test_two_terms_side_by_side_are_a_product_only_as_a_number_before_eps(left, right):
    """Terms are joined by a sign: ``a b`` is read only where ``a`` is a number and ``b`` a power of eps (the
    coefficient ``a*b``); every other pair side by side is refused, never read as a sum."""
    face = f"{left} {right}"
    if not left.startswith(("eps", "2*")) and right.startswith("eps"):
        product = parse_die_of_eps(f"{left}*{right}, 1 - {left}*{right}")
        assert parse_die_of_eps(f"{face}, 1 - {face}") == product
    else:
        with pytest.raises(DieError, match="cannot read the face"):
            parse_die_of_eps(f"{face}, 1 - {left} - {right}")


@settings(max_examples=60, deadline=None)
@given(st.fractions(0, 1, max_denominator=400).filter(lambda e: 0 < e < 1), st.integers(2, 4))
@example(F(2, 9), 2)  # roots floored below: 1/3 squared is 1/9
@example(F(1, 2), 2)  # floored above: 1
@example(F(8, 27), 3)
def test_a_die_of_eps_at_a_point_is_exact_or_refused(eps, q):
    """At an exact eps a face eps^(1/q) is taken only where eps has a rational q-th root, and is that root;
    everywhere else (roots floored or rounded below or above) the point is refused."""
    from limits.model.die_of_eps import die_at

    faces = parse_die_of_eps(f"eps^(1/{q}), 1 - eps^(1/{q})")
    root = [round(x ** (1 / q)) for x in (eps.numerator, eps.denominator)]
    exact = all(r ** q == x for r, x in zip(root, (eps.numerator, eps.denominator)))
    if exact:
        assert die_at(faces, eps).probabilities[0] == F(*root)
    else:
        with pytest.raises(DieError, match=f"no rational {q}-th root"):
            die_at(faces, eps)
    square = F(eps.numerator ** q, eps.denominator ** q)  # eps^q always has one: eps itself
    assert die_at(faces, square).probabilities[0] == eps


dice = st.lists(st.integers(0, 3), min_size=3, max_size=3).filter(any).map(lambda w: Die([F(x, sum(w)) for x in w]))


@settings(max_examples=25, deadline=None)
@given(boards(5, 14), dice, dice, st.sampled_from(["stay", "bounce"]))
def test_faces_linear_in_eps_are_the_family_between_their_ends(board, at, toward, rule):
    if at == toward:
        return
    source = ", ".join(face_text(tuple((F(e), c) for e, c in ((0, a), (1, w - a)) if c))
                       for a, w in zip(at.probabilities, toward.probabilities))
    try:
        expected = Perturbation.between(at, toward, board, rule=rule).expansion(3)
    except LimitsError as e:
        with pytest.raises(type(e)):
            Perturbation.of_eps(source, board, rule=rule).expansion(3)
        return
    got = Perturbation.of_eps(source, board, rule=rule).expansion(3)
    assert got == expected and got.q == 1


@pytest.mark.parametrize("source", ["eps^2, 0, eps^(1/2), 0, 1 - eps^(1/2) - eps^2, 0",
                                    "eps^(1/2), 0, eps^(3/2), 0, 1 - eps^(1/2) - eps^(3/2), 0",
                                    "1/2 - eps^(1/3), 0, eps^(1/3), 0, 1/2, 0"])
def test_sigma_at_small_eps_minus_the_series_is_of_the_next_order(source):
    f = Perturbation.of_eps(source)
    series = f.expansion(4)
    (power, next_coefficient), q = series.coefficients[-1], series.q
    cut = type(series)(series.order, series.coefficients[:-1], q=q)
    gaps = []
    for k in (2, 3):
        t = F(1, 10**k)
        exact = f.exact_value(t**q)
        truncated = sum(a * t ** int(j * q) for j, a in cut.coefficients)
        gaps.append(abs((exact - truncated) / t ** int(power * q) - next_coefficient))
    assert gaps[1] < gaps[0] / 5


@pytest.mark.parametrize("i, j", [(i, j) for i in range(5) for j in range(5)])
def test_the_25_points_of_the_3_1_diagram(i, j):
    a, b = RATES[i], RATES[j]
    order, coefficient = TABLE[i][j]
    f = Perturbation.of_eps(_rates(a, b))
    e, why = f.expansion(1), f.explain_order()
    assert (e.order, e.leading_coefficient) == (order, coefficient)
    assert (why.order, why.leading_coefficient) == (order, coefficient)  # the trees, and min-plus state reduction
    assert _diagram().order(a, b) == order


def _diagram(cache={}):
    if not cache:
        cache["d"] = Perturbation.loaded(delta=5).phase(3, 1)
    return cache["d"]


@settings(max_examples=12, deadline=None)
@given(st.fractions(F(1, 3), 4, max_denominator=3), st.fractions(F(1, 3), 4, max_denominator=3))
def test_the_diagram_gives_the_expansions_order_at_random_rates(a, b):
    f = Perturbation.of_eps(_rates(a, b))
    assert _diagram().order(a, b) == f.expansion(1).order == f.explain_order().order


def test_the_3_1_diagram_and_its_document(capsys):
    assert _diagram().text() == "b/a < 2: order b\n2 < b/a < 3: order 2a\nb/a > 3: order b - a"
    data = as_json(capsys, "limit", "--delta", "5", "--rates", "3,1")["phase_diagram"]
    assert [(r["ratio_from"], r["ratio_to"], r["alpha"], r["beta"]) for r in data["regions"]] == [
        (0, 2, 0, 1), (2, 3, 2, 0), (3, None, -1, 1)]
    for argv in (["--delta", "5", "--rates", "3,5"], ["--delta", "5", "--rates", "3"],
                 ["--at", "1,0", "--toward", "0,1", "--rates", "1,2"], ["--delta", "5", "--rates", "3,7"]):
        code, out, err = run(capsys, "limit", *argv)
        assert code == 2 and err.count("\n") == 1, (argv, err)


def test_the_document_of_a_puiseux_limit(capsys):
    data = as_json(capsys, "limit", "--die-of-eps", "eps^2, 0, eps^(1/2), 0, 1 - eps^(1/2) - eps^2, 0", "--terms", "3")
    assert data["order"] == "3/2" and data["leading_coefficient"]["exact"] == "12"
    assert [(c["power"], c["exact"]) for c in data["coefficients"]] == [("-3/2", "12"), (-1, "-503/5"),
                                                                       ("-1/2", "11876/25")]
    assert data["family"]["q"] == 2 and data["explanation"]["leading_coefficient"]["exact"] == "12"
    code, out, _ = run(capsys, "limit", "--die-of-eps", "eps^2, 0, eps^(1/2), 0, 1 - eps^(1/2) - eps^2, 0")
    assert code == 0 and "12 eps^(-3/2) - 503/5 eps^-1" in out


def test_a_family_of_several_speeds_refuses_the_verbs_it_does_not_answer():
    f = Perturbation.of_eps("eps, 1 - eps", Board(4))
    for verb in (lambda: f.sweep(eps=["1/2"]), f.law, f.hierarchy, f.derive, lambda: f.optimum(5)):
        with pytest.raises(LimitsError, match="several speeds answers expansion"):
            verb()
    assert f.value_at(eps="1/4").exact == f.exact_value(F(1, 4))
    with pytest.raises(DieError, match="rational 2-th root"):
        Perturbation.of_eps("eps^(1/2), 1 - eps^(1/2)", Board(4)).value_at(eps="1/2")


@pytest.mark.parametrize("family", [
    lambda: Perturbation.loaded(delta=5, p_to=0), lambda: Perturbation.loaded(Board(12, {3: 9}), 2, p_to=0, faces=4),
    lambda: Perturbation.between(Die(["1/2", "1/2", "0", "0"]), Die(["0", "0", "1/2", "1/2"]), Board(12, {3: 9})),
    lambda: Perturbation.of_eps("eps, 0, 0, 1 - eps", Board(12, {3: 9}))])
def test_a_phase_diagram_is_refused_for_every_family_but_a_loaded_die_tending_to_1(family, capsys):
    """The rates load the faces of a loaded die as P(delta) -> 1; a die tending to 0 (whose loaded face is not the
    one that takes the rest), a family between two dice and a die of eps are refused, in the API and the CLI."""
    with pytest.raises(LimitsError, match="as P\\(delta\\) -> 1"):
        family().phase(1, 3)
    code, out, err = run(capsys, "limit", "--delta", "5", "--p-to", "0", "--rates", "3,1")
    assert code == 2 and out == "" and err.count("\n") == 1 and "P(delta) -> 1" in err


@settings(max_examples=20, deadline=None)
@given(st.fractions(F(1, 8), 8), st.fractions(F(1, 8), 8))
def test_the_phase_diagrams_json_is_its_order_region_by_region(a, b):
    """Each region of ``limits.limit.phase``'s JSON (its ratio range, alpha and beta) gives the diagram's order,
    alpha a + beta b."""
    d = Perturbation.loaded(delta=5).phase(3, 1)
    data = d.to_dict()
    r = b / a
    region = next(g for g in data["regions"] if F(g["ratio_from"]) <= r
                  and (g["ratio_to"] is None or r <= F(g["ratio_to"])))
    assert F(region["alpha"]) * a + F(region["beta"]) * b == d.order(a, b)
