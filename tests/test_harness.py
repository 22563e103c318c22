"""The differential harness: every answer a command prints, against the independent bruteforce.

Random boards of 5..150 squares (chutes, ladders and traps), every rule, dice
of 2..12 faces (loaded, with p down to 1e-200 from 0 or 1, or comma lists of
weights, zeros allowed), every start. The oracle (tests/bruteforce.py)
writes the rules again and either solves by plain Fraction elimination
(small boards) or puts the library's exact answer into its own equations,
which determine that answer uniquely (any board). Decimals are checked
against the exact value by parsing them back, not by the library's rounding.

The default pass draws boards of up to SMALL squares with half the examples; the slow
pass (``pytest -m slow``) runs every check again on boards of up to 150 squares, and
the optimum on large boards. ``LIMITS_HARNESS=long`` runs the long profile (docs/limits.md).
"""

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from limits import BoardError, InfiniteExpectationError, build_chain
from limits.exact.domain import EXACT
from limits.game import distribution
from limits.game.duration import _raw_moments, expected_durations, moments
from limits.limit.best_loading import Attained
from limits.limit.sweep import sweep
from limits.model.reach import check_reachable
from limits.model.rules import Rule
from tests import bruteforce
from tests import oracle as rules
from tests.loaded import explain_order, optimum, sigma_at, sigma_function, sigma_functions
from tests.strategies import (
    HARNESS_EXAMPLES,
    HARNESS_LONG,
    HARNESS_MAX_SIZE,
    harness_boards,
    harness_dice,
    loaded_p,
)

INF = float("inf")
profile = settings(max_examples=HARNESS_EXAMPLES, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                          HealthCheck.data_too_large])


def rounds_correctly(text: str, x: Fraction, digits: int) -> bool:
    """Whether ``text`` is x to ``digits`` significant digits, correctly rounded (checked exactly)."""
    shown = Fraction(text.replace("e", "E").split("E")[0]) * (
        Fraction(10) ** int(text.upper().split("E")[1]) if "e" in text.lower() else 1)
    if x == 0:
        return shown == 0
    exponent = 0
    ax = abs(x)
    while Fraction(10) ** exponent > ax:
        exponent -= 1
    while Fraction(10) ** (exponent + 1) <= ax:
        exponent += 1
    half_unit = Fraction(10) ** (exponent - digits + 1) / 2
    return abs(shown - x) <= half_unit


def _game(data, max_size=150):
    """A board, a rule, the faces and a start from which square N can be reached (the squares before it may trap)."""
    board = data.draw(harness_boards(max_size=max_size))
    rule = data.draw(st.sampled_from(list(Rule)))
    faces = data.draw(st.integers(2, 12))
    start = data.draw(st.integers(0, board.size))
    try:
        check_reachable(board, faces, rule, start)
    except BoardError:
        assume(False)
    return board, rule, faces, start


FULL = pytest.mark.slow(reason="the harness at full size: boards of up to 150 squares (the default pass draws "
                               "boards of up to SMALL squares, fewer examples)")
SMALL = 40
"""The largest board of the default pass."""
small_profile = settings(profile, max_examples=max(4, HARNESS_EXAMPLES // 2))


@small_profile
@given(st.data())
def test_one_game_every_answer(data):
    _one_game_every_answer(data, SMALL)


@FULL
@profile
@given(st.data())
def test_one_game_every_answer_on_large_boards(data):
    _one_game_every_answer(data, HARNESS_MAX_SIZE)


def _one_game_every_answer(data, max_size):
    board, rule, faces, start = _game(data, max_size)
    die = data.draw(harness_dice(faces))
    chain = build_chain(board, die, rule, start=start)  # the free functions below read its start
    n, jumps, probs = board.size, board.jump_map, die.probabilities
    # expected turns and variance from every square: the oracle's equations hold exactly
    m1, m2 = _raw_moments(chain, EXACT)
    bruteforce.check_mean_times(n, jumps, rule.value, probs, m1, m2)
    durations = expected_durations(chain)
    assert {s for s, v in durations.items() if v != INF} == set(m1)
    if len(chain.states) <= 30:  # small enough for the oracle's own elimination
        direct = bruteforce.moments(n, jumps, rule.value, probs)
        assert {s: v[0] for s, v in direct.items()} == durations
    entry = board.land(start)
    try:
        mo = moments(chain)
        assert entry == n or (mo.mean == m1[entry] and mo.variance == m2[entry] - m1[entry] ** 2)
    except InfiniteExpectationError:
        assert entry not in m1
    # the distribution
    turns = 30
    truth = bruteforce.pmf(n, jumps, rule.value, probs, start, turns)
    assert distribution.pmf(chain, turns) == truth
    assert distribution.survival(chain, turns, start) == bruteforce.survival_from_pmf(truth)
    assert distribution.min_turns(chain) == bruteforce.shortest(n, jumps, rule.value, probs, start)
    h = distribution._absorption_vector(chain)
    bruteforce.check_absorption(n, jumps, rule.value, probs, dict(zip(chain.states, h)))
    for q in (Fraction(1, 2), data.draw(st.fractions(Fraction(1, 50), Fraction(49, 50), max_denominator=97))):
        expected = bruteforce.pmf_quantile(n, jumps, rule.value, probs, start, q, budget=3000)
        if expected is not None:
            assert distribution.quantile(chain, q, start) == expected
    expected_mode = bruteforce.pmf_mode(n, jumps, rule.value, probs, start, budget=3000)
    if expected_mode is not None:
        assert distribution.mode(chain, start) == expected_mode


@small_profile
@given(st.data())
def test_the_loaded_die_every_answer(data):
    _loaded_die_every_answer(data, SMALL)


@FULL
@profile
@given(st.data())
def test_the_loaded_die_every_answer_on_large_boards(data):
    _loaded_die_every_answer(data, HARNESS_MAX_SIZE)


def _loaded_die_every_answer(data, max_size):
    board, rule, faces, start = _game(data, max_size)
    delta = data.draw(st.integers(1, faces))
    p = data.draw(loaded_p())
    digits = data.draw(st.integers(1, 60))
    n, jumps = board.size, board.jump_map
    try:
        f = sigma_function(board, delta, rule=rule, faces=faces, start=start)
    except InfiniteExpectationError:
        assume(False)
    # sigma_delta(p) from every square at p: the oracle's equations hold exactly (the family of every square
    # is checked from square 0)
    try:
        check_reachable(board, faces, rule)
    except BoardError:
        assume(False)
    everywhere = {s: g(p) for s, g in sigma_functions(board, delta, rule=rule, faces=faces).items()}
    probs = rules.weighted(delta, p, faces)
    bruteforce.check_mean_times(n, jumps, rule.value, probs, everywhere)
    entry = rules.start_of(n, jumps, start)
    value = Fraction(0) if entry == n else everywhere[entry]
    assert f(p) == value
    # sigma_at: the exact value, its correctly rounded decimal, and the certified enclosure
    v = sigma_at(board, delta, p, rule=rule, faces=faces, start=start, digits=digits,
                 check=len(everywhere) <= 40 and p.denominator < 10**60)
    assert v.exact == value and rounds_correctly(v.decimal, value, digits) and v.certain_digits == digits
    assert v.enclosure.lower <= value <= v.enclosure.upper
    if v.mpmath_value is not None:
        assert rounds_correctly(v.mpmath, value, digits)
    # the walk with P(delta) = 1, followed by the oracle turn by turn
    walked = bruteforce.walk(n, jumps, rule.value, delta, start)
    at_one = sweep(board, [delta], [Fraction(1)], rule=rule, faces=faces, start=start).values[delta][0]
    assert at_one == (INF if walked is None else walked)
    # the sweep gives the same exact values
    assert sweep(board, [delta], [p, Fraction(1)], rule=rule, faces=faces, start=start).values[delta] == (
        value, INF if walked is None else walked)
    # the expansion at p -> 1: the order from the board equals the pole's, and the truncated series is
    # right to its last term at eps = 1e-40 (a wrong coefficient would leave a far larger remainder)
    terms = 3
    series = f.laurent(terms)
    assert explain_order(board, delta, rule=rule, faces=faces, start=start).order == series.order
    eps = Fraction(1, 10**40)
    near = f(1 - eps)
    remainder = near - series(eps)
    assert abs(remainder) <= eps ** (terms - series.order) * 10**25 * (1 + abs(near) * eps ** series.order)


def _sympy_optimum(board, delta, rule, faces, start, dps):
    """The least sigma on (0, 1) by sympy alone: its own solve of the chain, real roots, evaluation."""
    import sympy
    from sympy.polys.matrices import DomainMatrix

    x = sympy.Symbol("x")
    n, jumps = board.size, board.jump_map
    probs = [x if f == delta else (1 - x) / (faces - 1) for f in range(1, faces + 1)]
    tr: dict[int, dict[int, object]] = {}
    for s in range(n):
        if s in jumps:
            continue
        row: dict[int, object] = {}
        for face, pr in enumerate(probs, 1):
            t = rules.turn(n, jumps, rule.value, s, face)
            row[t] = row.get(t, 0) + pr
        tr[s] = row
    states = sorted(tr)
    pos = {s: i for i, s in enumerate(states)}
    a = sympy.eye(len(states))
    for s in states:
        for t, pr in tr[s].items():
            if t != n:
                a[pos[s], pos[t]] -= pr
    # solved over the field QQ(x), whose elements stay reduced fractions of polynomials: LUsolve on the
    # Matrix and a cancel of its nested result took minutes on some boards of 8 squares
    system = DomainMatrix.from_Matrix(a).to_field()
    sol = system.lu_solve(DomainMatrix.from_Matrix(sympy.ones(len(states), 1)).convert_to(system.domain))
    entry = rules.start_of(n, jumps, start)
    sigma = sympy.cancel(sol.to_Matrix()[pos[entry]])
    num, den = sympy.fraction(sigma)
    candidates = []
    for end in (0, 1):
        d = den.subs(x, end)
        candidates.append((sympy.oo if d == 0 else num.subs(x, end) / d, sympy.Integer(end)))
    crit = sympy.Poly(sympy.numer(sympy.together(sympy.diff(sigma, x))), x)
    if not crit.is_zero:
        for r in sympy.real_roots(crit):
            if 0 < r < 1:
                candidates.append((sigma.subs(x, r), r))
    best = min(candidates, key=lambda c: c[0].evalf(dps) if c[0] != sympy.oo else sympy.oo)
    return best, sigma


@settings(max_examples=max(4, HARNESS_EXAMPLES // 3), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_optimum_against_sympy_on_small_boards(data):
    _optimum_against_sympy(data, max_digits=15)  # the oracle works at digits + 30: up to 40 in the slow pass


@pytest.mark.slow(reason="the sympy oracle of the optimum with the harness's full number of examples")
@settings(max_examples=HARNESS_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_optimum_against_sympy_on_small_boards_more_examples(data):
    _optimum_against_sympy(data, max_digits=40)


def _optimum_against_sympy(data, max_digits):
    import sympy

    board = data.draw(harness_boards(max_size=12 if HARNESS_LONG else 8))
    rule = data.draw(st.sampled_from(list(Rule)))
    faces = data.draw(st.integers(2, 4 if HARNESS_LONG else 3))
    try:
        check_reachable(board, faces, rule)
    except BoardError:
        assume(False)
    delta = data.draw(st.integers(1, faces))
    digits = data.draw(st.integers(1, max_digits))
    try:
        o = optimum(board, delta, rule=rule, faces=faces, digits=digits)
    except InfiniteExpectationError:
        assume(False)
    (value, where), sigma = _sympy_optimum(board, delta, rule, faces, 0, digits + 30)
    if sympy.diff(sigma, sympy.Symbol("x")) == 0:
        assert o.attained is Attained.EVERYWHERE
        return
    slack = Fraction(1, 10 ** (digits + 20))
    for enclosure, exact in ((o.sigma_enclosure, value), (o.p_enclosure, where)):
        approx = Fraction(str(sympy.N(exact, digits + 30)))
        assert enclosure.lower - slack * (1 + abs(approx)) <= approx <= enclosure.upper + slack * (1 + abs(approx))


@pytest.mark.slow(reason="the optimum on boards of up to 90 squares, each checked at 39 points by the oracle")
@settings(max_examples=max(4, HARNESS_EXAMPLES // 3), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_optimum_on_large_boards_against_the_oracle(data):
    board, rule, faces, _ = _game(data, max_size=150 if HARNESS_LONG else 90)
    faces = min(faces, 6)
    try:
        check_reachable(board, faces, rule)
    except BoardError:
        assume(False)
    delta = data.draw(st.integers(1, faces))
    digits = data.draw(st.integers(1, 30))
    try:
        o = optimum(board, delta, rule=rule, faces=faces, digits=digits)
    except InfiniteExpectationError:
        assume(False)
    f = sigma_function(board, delta, rule=rule, faces=faces)
    least = o.sigma_enclosure.lower
    # no grid point does better, by values the oracle's equations certify
    functions = sigma_functions(board, delta, rule=rule, faces=faces)  # once: it was rebuilt at every point
    for p in [Fraction(k, 40) for k in range(1, 40)]:
        values = {s: g(p) for s, g in functions.items()}
        bruteforce.check_mean_times(board.size, board.jump_map, rule.value, rules.weighted(delta, p, faces), values)
        assert f(p) >= least
    if o.attained is Attained.INTERIOR:
        mid = (o.p_enclosure.lower + o.p_enclosure.upper) / 2
        h = max(o.p_enclosure.upper - o.p_enclosure.lower, Fraction(1, 10**12))
        assert f(mid - h) >= f(mid) <= f(mid + h)
        assert o.sigma_enclosure.lower - h <= f(mid) <= o.sigma_enclosure.upper + h
    elif o.attained is not Attained.EVERYWHERE:
        end = 0 if o.attained is Attained.LIMIT_AT_ZERO else 1
        assert o.sigma_exact == f(Fraction(end))


@pytest.mark.skipif(not HARNESS_LONG, reason="the long profile only (LIMITS_HARNESS=long)")
@settings(max_examples=HARNESS_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_long_profile_the_oracle_solves_large_boards_itself(data):
    board, rule, faces, _ = _game(data)
    die = data.draw(harness_dice(faces))
    chain = build_chain(board, die, rule)
    direct = bruteforce.moments(board.size, board.jump_map, rule.value, die.probabilities)
    assert {s: v[0] for s, v in direct.items()} == expected_durations(chain)
