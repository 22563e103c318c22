"""The differential harness: every answer, through the API and through the command line, against one oracle.

Random boards of 5..150 squares (chutes, ladders and traps), every rule, dice
of 2..12 faces (loaded, with p down to 1e-200 from 0 or 1, or comma lists of
weights, zeros allowed), families of two such dice, every start and 1..60
digits. The oracle (:mod:`tests.oracle`: the rules written again, and the
brute forces built on it) either solves by plain Fraction elimination (small
boards) or puts the library's exact answer into its own equations, which
determine that answer uniquely (any board). Each example takes the oracle's
value once and checks both routes against it: what the API returns, and
what the command line prints. A printed decimal is the oracle's value
correctly rounded (half to even, by the ``decimal`` module, not by the
package); a printed enclosure holds the value, with the digits of the value.

* one game (``duration``): expected turns and variance from every square,
  survival and pmf, median, quantiles, mode, fewest turns, the chance of
  ever ending; ``duration --float`` on dice whose 1 - p vanishes in floats;
* the loaded die (``sigma`` by ``--p`` or ``--eps`` from either end,
  ``limit`` at either end): sigma_delta(p) from every square, its exact
  value, decimal and enclosure, the walk at P(delta) = 1, the sweep, the
  expansion and its order from the board;
* a family of two dice (``sigma``, ``limit`` and ``derive`` with ``--at`` and
  ``--toward``);
* every count of ``stats``: its expectation and its chance of staying 0;
* ``players`` for 2..5 players: the expected spins and rounds and each seat's
  chance, in every format;
* the optimum of sigma_delta, against sympy alone and against the oracle.

The default pass draws boards of up to SMALL squares; the slow pass (``pytest -m slow``)
runs the game and the loaded die again on boards of up to 150 squares, the sympy oracle
of the optimum with more examples and the optimum on large boards.
``LIMITS_HARNESS=long`` runs the long profile (docs/limits.md).
"""

import json
import re
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from limits import BoardError, Die, InfiniteExpectationError, Perturbation, build_chain
from limits.cli import main
from limits.game import distribution
from limits.game.counts import COUNTS, Count, CountKind, game_counts
from limits.game.duration import _raw_moments, expected_durations, moments
from limits.limit.best_loading import Attained
from limits.limit.sweep import sweep
from limits.model.reach import check_reachable
from limits.model.rules import Rule
from tests import bruteforce, bruteforce_counts, oracle
from tests.loaded import explain_order, optimum, sigma_at, sigma_function, sigma_functions
from tests.loaded import loaded as family_of
from tests.mpmath_check import cross_check
from tests.strategies import (
    HARNESS_EXAMPLES,
    HARNESS_LONG,
    HARNESS_MAX_SIZE,
    harness_boards,
    harness_dice,
    loaded_p,
    scaled,
)

INF = float("inf")
profile = settings(max_examples=HARNESS_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
FULL = pytest.mark.slow(reason="the harness at full size: boards of up to 150 squares (the default pass draws "
                               "boards of up to SMALL squares)")
SMALL = 40
"""The largest board of the default pass."""
# the costliest oracles (Fraction solves, turn-by-turn mpmath) run fewer examples, on smaller boards by default:
# a 30-square board with 12 faces, or 5 players on 20 squares, took 5 to 12 s of one example's CPU time
few_profile = settings(profile, max_examples=HARNESS_EXAMPLES if HARNESS_LONG else max(3, HARNESS_EXAMPLES // 6))
STATS_SIZE, PLAYERS_SIZE, MOST_PLAYERS = (30, 20, 5) if HARNESS_LONG else (20, 14, 4)
FAMILY_SIZE = 30 if HARNESS_LONG else 25

EXTREME = [Fraction(1, 10**30), 1 - Fraction(1, 10**30), Fraction(1, 10**200), 1 - Fraction(1, 10**200),
           Fraction(999999, 1000000), Fraction(1, 10**25)]
loadings = st.sampled_from(EXTREME) | st.fractions(Fraction(1, 100), Fraction(99, 100), max_denominator=1000)
TINY = Fraction(1, 10**40)
"""Where an expansion is checked against the oracle's value: eps = 1e-40."""


# ---- what is drawn ------------------------------------------------------------------------------------------


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


def weights(faces: int, positive: bool = False):
    """A die as exact probabilities of small integer weights (zeros allowed unless ``positive``)."""
    return (st.lists(st.integers(int(positive), 6), min_size=faces, max_size=faces).filter(lambda w: sum(w) > 0)
            .map(lambda w: [Fraction(x, sum(w)) for x in w]))


@st.composite
def face_lists(draw, faces: int, positive: bool = False, near=loadings):
    """A die as exact probabilities: small integer weights (zeros allowed unless ``positive``), or loaded."""
    if not positive and draw(st.booleans()):
        delta, p = draw(st.integers(1, faces)), draw(near)
        return oracle.weighted(delta, p, faces)
    return draw(weights(faces, positive))


def mixed(at, toward, eps: Fraction) -> list[Fraction]:
    return [(1 - eps) * a + eps * t for a, t in zip(at, toward)]


def spec(probs) -> str:
    return ",".join(f"{p.numerator}/{p.denominator}" for p in probs)


# ---- the oracle's value, and the two routes read back ----------------------------------------------------------


def truth(board, rule, probs, start):
    """``(mean, variance)`` from ``start`` by the oracle's own elimination (inf where the game may not end)."""
    n, jumps = board.size, board.jump_map
    entry = oracle.start_of(n, jumps, start)
    return (Fraction(0), Fraction(0)) if entry == n else bruteforce.moments(n, jumps, rule, probs)[entry]


def mean_of(board, rule, probs, start):
    """The expected turns from ``start`` by the oracle's own elimination (inf where the game may not end)."""
    n, jumps = board.size, board.jump_map
    entry = oracle.start_of(n, jumps, start)
    return Fraction(0) if entry == n else bruteforce.expected_turns(n, jumps, rule, probs)[entry]


@pytest.fixture
def run(capsys, tmp_path_factory):
    """``run(board, argv, fmt)``: a command on ``board`` (written to a file), its JSON read back or its text."""
    path = tmp_path_factory.mktemp("harness") / "board.json"

    def command(board, argv, fmt="json"):
        path.write_text(json.dumps(board.to_dict()))
        code = main([*argv, "--board", str(path), "--format", fmt])
        out, err = capsys.readouterr()
        if code == 2 and "cannot be reached" in err:  # a board the die cannot finish: bad input, rightly
            assume(False)
        assert code == 0 and all(line.startswith("limits: note: ") for line in err.splitlines()), (code, err)
        return json.loads(out) if fmt == "json" else out.replace("\\allowbreak ", "")

    return command


def exact(text: str) -> Fraction:
    """``"a/b"`` or a decimal as a Fraction at any length (``Fraction(text)`` stops at 4,300 digits)."""
    num, _, den = text.partition("/")
    return Fraction(Decimal(num)) / Fraction(Decimal(den or "1"))


def rounded(x: Fraction, digits: int) -> Fraction:
    """x correctly rounded to ``digits`` significant digits, by the decimal module."""
    with localcontext() as ctx:
        ctx.prec, ctx.rounding = digits, ROUND_HALF_EVEN
        return Fraction(Decimal(x.numerator) / Decimal(x.denominator))


def rounds_correctly(text: str, x: Fraction, digits: int) -> bool:
    """Whether ``text`` is within half a unit of its last of ``digits`` significant digits of x (checked exactly)."""
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


def check_exact(q, value, digits):
    """A printed quantity is ``value``: its fraction (unless too long to print) and its decimal correctly rounded."""
    if value == INF:
        assert q["infinite"] and q["decimal"] == "inf", q
        return
    assert "infinite" not in q, q
    if q["exact"] is None:
        assert q["exact_digits"] > 0, q
    else:
        assert exact(q["exact"]) == value, q
    assert Fraction(q["decimal"]) == rounded(value, digits), (q, digits, value)


def check_enclosure(q, value, digits):
    """A printed enclosure holds ``value``, and its decimal has only the digits both its bounds round to."""
    if "exact" in q:  # a point: the value itself (a start from which every roll wins)
        return check_exact(q, value, digits)
    assert Fraction(q["lower"]) <= value <= Fraction(q["upper"]), (q, value)
    if q["decimal"] is not None:
        assert 1 <= q["certain_digits"] <= digits
        assert Fraction(q["decimal"]) == rounded(value, q["certain_digits"]), (q, value)


def check_series(coefficients, value: Fraction):
    """Printed Laurent coefficients leave sigma(TINY) minus the series at the size of the next term."""
    series = sum((exact(c["exact"]) * TINY ** c["power"] for c in coefficients), Fraction(0))
    next_power = coefficients[-1]["power"] + 1
    assert abs(value - series) <= 10**20 * TINY**next_power, (coefficients, value)


def printed_count(v):
    """A median or mode as printed: a number of turns, inf, or None (the game never ends)."""
    return INF if isinstance(v, dict) and v.get("infinite") else v


# ---- one game -------------------------------------------------------------------------------------------------


@profile
@given(st.data())
def test_one_game_every_answer(run, data):
    _one_game_every_answer(data, run, SMALL)


@FULL
@profile
@given(st.data())
def test_one_game_every_answer_on_large_boards(run, data):
    _one_game_every_answer(data, run, HARNESS_MAX_SIZE)


def _one_game_every_answer(data, run, max_size):
    board, rule, faces, start = _game(data, max_size)
    die = data.draw(harness_dice(faces))
    digits = data.draw(st.integers(1, 60))
    chain = build_chain(board, die, rule, start=start)  # the free functions below read its start
    n, jumps, probs = board.size, board.jump_map, die.probabilities
    # expected turns and variance from every square: the oracle's equations hold exactly
    m1, m2 = _raw_moments(chain)
    bruteforce.check_mean_times(n, jumps, rule.value, probs, m1, m2)
    durations = expected_durations(chain)
    assert {s for s, v in durations.items() if v != INF} == set(m1)
    if len(chain.states) <= 30:  # small enough for the oracle's own elimination
        direct = bruteforce.moments(n, jumps, rule.value, probs)
        assert {s: v[0] for s, v in direct.items()} == durations
    entry = board.land(start)
    mean, variance = ((0, 0) if entry == n else (m1[entry], m2[entry] - m1[entry] ** 2) if entry in m1
                      else (INF, INF))
    try:
        mo = moments(chain)
        assert (mo.mean, mo.variance) == (mean, variance)
    except InfiniteExpectationError:
        assert mean == INF
    # the distribution
    turns = 30
    truth_pmf = bruteforce.pmf(n, jumps, rule.value, probs, start, turns)
    alive = bruteforce.survival_from_pmf(truth_pmf)
    fewest = bruteforce.shortest(n, jumps, rule.value, probs, start)
    assert distribution.pmf(chain, turns) == truth_pmf
    assert distribution.survival(chain, turns, start) == alive
    assert distribution.min_turns(chain) == fewest
    h = distribution._absorption_vector(chain)
    bruteforce.check_absorption(n, jumps, rule.value, probs, dict(zip(chain.states, h)))
    median = bruteforce.pmf_quantile(n, jumps, rule.value, probs, start, Fraction(1, 2), budget=3000)
    for q in (Fraction(1, 2), data.draw(st.fractions(Fraction(1, 50), Fraction(49, 50), max_denominator=97))):
        expected = median if q == Fraction(1, 2) else bruteforce.pmf_quantile(n, jumps, rule.value, probs, start,
                                                                               q, budget=3000)
        if expected is not None:
            assert distribution.quantile(chain, q, start) == expected
    expected_mode = bruteforce.pmf_mode(n, jumps, rule.value, probs, start, budget=3000)
    if expected_mode is not None:
        assert distribution.mode(chain, start) == expected_mode
    # the command line: the same values printed, each decimal the oracle's value correctly rounded
    argv = ["duration", "--die", spec(probs), "--rule", rule.value, "--start", str(start), "--digits", str(digits),
            "--survival", "6"]
    out = run(board, argv)
    check_exact(out["expected_turns"], mean, digits)
    check_exact(out["variance"], variance, digits)
    for m, q in enumerate(out["survival"]):
        check_exact(q, alive[m], digits)
    assert len(out["survival"]) == 7 and out["min_turns"] == fewest
    if median is not None:
        assert printed_count(out["median"]) == median
    if expected_mode is not None:
        assert out["mode"] == expected_mode
    # the text, at the same digits, prints the same decimal
    assert f"expected turns  {out['expected_turns']['decimal']}\n" in run(board, argv, "text")


@pytest.mark.skipif(not __import__("limits.exact._kernels", fromlist=["x"]).have_numba(),
                    reason="the state reduction keeps 1 - p = 1e-30 only with numba")
@few_profile
@given(data=st.data())
def test_duration_float_against_the_oracle(run, data):
    board, rule = data.draw(harness_boards(max_size=40)), data.draw(st.sampled_from(list(Rule)))
    faces = data.draw(st.integers(2, 12))
    probs = data.draw(face_lists(faces, near=st.sampled_from(EXTREME[:2] + EXTREME[4:])))  # 1e-200: the oracle's
    start = data.draw(st.integers(0, board.size))
    out = run(board, ["duration", "--float", "--die", spec(probs), "--rule", rule.value, "--start", str(start),
                      "--digits", "60"])
    mean, variance = truth(board, rule.value, probs, start)
    for key, value in (("expected_turns", mean), ("variance", variance)):
        q = out[key]
        if value == INF:
            assert q["infinite"], q
        else:
            assert abs(Fraction(q["float"]) - value) <= value / 10**9 + Fraction(1, 10**12), (key, q, value)
            if "lower" in q:  # an enclosure proven from the residuals: it holds the value
                assert Fraction(q["lower"]) <= value <= Fraction(q["upper"]), (key, q, value)


# ---- the loaded die -------------------------------------------------------------------------------------------


@profile
@given(st.data())
def test_the_loaded_die_every_answer(run, data):
    _loaded_die_every_answer(data, run, SMALL)


@FULL
@profile
@given(st.data())
def test_the_loaded_die_every_answer_on_large_boards(run, data):
    _loaded_die_every_answer(data, run, HARNESS_MAX_SIZE)


def _loaded_die_every_answer(data, run, max_size):
    board, rule, faces, start = _game(data, max_size)
    delta = data.draw(st.integers(1, faces))
    p = data.draw(loaded_p())
    digits = data.draw(st.integers(1, 60))
    how = data.draw(st.sampled_from([["--p", str(p)], ["--eps", str(1 - p)], ["--p-to", "0", "--eps", str(p)]]))
    loaded = ["--delta", str(delta), "--faces", str(faces), "--rule", rule.value, "--start", str(start)]
    sigma = ["sigma", *loaded, *how, "--digits", str(digits)]  # the command line's sigma at p, by p or eps
    n, jumps = board.size, board.jump_map
    try:
        f = sigma_function(board, delta, rule=rule, faces=faces, start=start)
    except InfiniteExpectationError:  # a loop traps the player at every p: both routes say so
        with pytest.raises(InfiniteExpectationError):
            sigma_at(board, delta, p, rule=rule, faces=faces, start=start, digits=digits)
        check_exact(run(board, sigma)["expected_turns"], INF, digits)
        return
    # sigma_delta from every square: the oracle's equations hold exactly at the point (the family of every square
    # is checked from square 0; where square 0 cannot reach N, the oracle solves from the start alone)
    try:
        check_reachable(board, faces, rule)
        functions = sigma_functions(board, delta, rule=rule, faces=faces)
    except BoardError:
        functions = None
    entry = oracle.start_of(n, jumps, start)

    def certified(point: Fraction) -> Fraction:
        """sigma_delta from the start at P(delta) = point, every square's value put into the oracle's equations."""
        if functions is None:
            return mean_of(board, rule.value, oracle.weighted(delta, point, faces), start)
        everywhere = {s: g(point) for s, g in functions.items()}
        bruteforce.check_mean_times(n, jumps, rule.value, oracle.weighted(delta, point, faces), everywhere)
        return Fraction(0) if entry == n else everywhere[entry]

    value = certified(p)
    assert f(p) == value
    # sigma_at: the exact value, its correctly rounded decimal; on small boards the ball and mpmath agree
    v = sigma_at(board, delta, p, rule=rule, faces=faces, start=start, digits=digits)
    assert v.exact == value and Fraction(v.decimal) == rounded(value, digits) and v.certain_digits == digits
    if len(board.squares) <= 40 and p.denominator < 10**60:
        check = cross_check(family_of(board, delta, rule=rule, faces=faces, start=start), v)
        assert check.enclosure.lower <= value <= check.enclosure.upper
        assert rounds_correctly(check.decimal, value, digits)
    out = run(board, sigma)
    check_exact(out["expected_turns"], value, digits)
    if out.get("enclosure") is not None:
        check_enclosure(out["enclosure"], value, digits)
    # the walk with P(delta) = 1, followed by the oracle turn by turn
    walked = bruteforce.walk(n, jumps, rule.value, delta, start)
    at_one = sweep(board, [delta], [Fraction(1)], rule=rule, faces=faces, start=start).values[delta][0]
    assert at_one == (INF if walked is None else walked)
    # the sweep gives the same exact values
    assert sweep(board, [delta], [p, Fraction(1)], rule=rule, faces=faces, start=start).values[delta] == (
        value, INF if walked is None else walked)
    # the expansion at p -> 1: the order from the board equals the pole's, and the truncated series is right to
    # its last term at eps = 1e-40, against the oracle's value there (a wrong coefficient would leave a far
    # larger remainder)
    terms = 3
    series = f.laurent(terms)
    assert explain_order(board, delta, rule=rule, faces=faces, start=start).order == series.order
    near = certified(1 - TINY)
    assert f(1 - TINY) == near
    remainder = near - series(TINY)
    assert abs(remainder) <= TINY ** (terms - series.order) * 10**25 * (1 + abs(near) * TINY ** series.order)
    # the command line's expansion at either end: the API's exact coefficients, against the oracle's value
    end = data.draw(st.sampled_from([0, 1]))
    api = f.laurent(2) if end == 1 else f.reflected().laurent(2)
    printed = run(board, ["limit", *loaded, "--p-to", str(end), "--terms", "2"])
    assert [(c["power"], exact(c["exact"])) for c in printed["coefficients"]] == list(api.coefficients)
    assert printed["order"] == api.order == -printed["coefficients"][0]["power"]
    check_series(printed["coefficients"], near if end == 1 else certified(TINY))


# ---- a family of two dice --------------------------------------------------------------------------------------


@settings(profile, max_examples=HARNESS_EXAMPLES if HARNESS_LONG else scaled(40))
@given(st.data())
def test_a_family_every_answer(run, data):
    """sigma of ``(1 - eps) AT + eps TOWARD`` and its expansion as eps -> 0, on random faces: dice of small weights
    (AT may miss faces, TOWARD has them all), or one time in four dice loaded as close as 1e-200 to one face
    (both may miss faces; their value only: an expansion's coefficients are then as large as 1/p, next to which
    eps = 1e-40 is not small)."""
    board, rule = data.draw(harness_boards(max_size=FAMILY_SIZE)), data.draw(st.sampled_from(list(Rule)))
    faces = data.draw(st.integers(2, 12))
    start, digits = data.draw(st.integers(0, board.size)), data.draw(st.integers(1, 60))
    loaded_dice = data.draw(st.sampled_from([False, False, False, True]))
    at = data.draw(face_lists(faces) if loaded_dice else weights(faces))
    toward = data.draw(face_lists(faces) if loaded_dice else weights(faces, positive=True))
    assume(at != toward)
    eps = data.draw(loadings)
    family = ["--at", spec(at), "--toward", spec(toward), "--rule", rule.value, "--start", str(start)]
    out = run(board, ["sigma", *family, "--eps", str(eps), "--digits", str(digits)])
    mean = mean_of(board, rule.value, mixed(at, toward, eps), start)
    check_exact(out["expected_turns"], mean, digits)
    if out.get("enclosure") is not None:
        check_enclosure(out["enclosure"], mean, digits)
    api = Perturbation.between(Die(at), Die(toward), board, rule=rule, start=start)
    if mean == INF:
        with pytest.raises(InfiniteExpectationError):
            api.value_at(eps=eps, digits=digits)
        return
    v = api.value_at(eps=eps, digits=digits)
    assert v.exact == mean and Fraction(v.decimal) == rounded(mean, digits)
    assert v.enclosure.lower <= mean <= v.enclosure.upper
    if loaded_dice:
        return
    # the expansion as eps -> 0: the API's exact coefficients are those printed, and leave the oracle's sigma at
    # eps = 1e-40 minus the series at the size of the next term
    limit = run(board, ["limit", *family, "--terms", "2"])
    series = api.exact_expansion(2)
    assert [(c["power"], exact(c["exact"])) for c in limit["coefficients"]] == list(series.coefficients)
    assert limit["order"] == series.order == -limit["coefficients"][0]["power"]
    check_series(limit["coefficients"], mean_of(board, rule.value, mixed(at, toward, TINY), start))
    derived = run(board, ["derive", *family])  # the derivation states the same order and coefficient
    assert (derived["order"], derived["leading_coefficient"]) == (limit["order"], limit["leading_coefficient"])


# ---- counts, players ------------------------------------------------------------------------------------------


@few_profile
@given(data=st.data())
def test_stats_every_count_against_the_oracle(run, data):
    board, rule = data.draw(harness_boards(max_size=STATS_SIZE)), data.draw(st.sampled_from(list(Rule)))
    assume(board.jumps)
    size, jumps = board.size, board.jump_map
    faces = data.draw(st.integers(2, 12))
    probs = data.draw(face_lists(faces))
    start, digits = data.draw(st.integers(0, size)), data.draw(st.integers(1, 60))
    entry = oracle.start_of(size, jumps, start)
    assume(entry != size)
    visit, jump = data.draw(st.integers(0, size)), data.draw(st.sampled_from(sorted(jumps)))
    out = run(board, ["stats", "--die", spec(probs), "--rule", rule.value, "--start", str(start), "--digits",
                      str(digits), "--square", str(visit), "--jump", str(jump), "--law", "2"])["counts"]
    got = game_counts(build_chain(board, Die(probs), rule, start=start), start, law_upto=0,
                      counts=COUNTS + (Count(CountKind.VISITS, visit), Count(CountKind.JUMP, jump)))
    finite = oracle.finite_squares(size, oracle.transitions(size, jumps, rule.value, probs))
    for kind, count in bruteforce_counts.counters(size, visit, jump).items():
        name = {"visits": f"visits_{visit}", "jump": f"jump_{jump}"}.get(kind, kind)
        none = bruteforce_counts.chance_of_none(size, jumps, rule.value, probs, count, start)
        check_exact(out[name]["none"], none, digits)
        assert got[name].none == none, name
        if entry in finite:
            mean = bruteforce_counts.expected_count(size, jumps, rule.value, probs, count, start)
            check_exact(out[name]["expected"], mean, digits)
            assert got[name].mean == mean, name
        elif name == "turns":  # the game may not end: the expected number of turns is infinite
            check_exact(out[name]["expected"], INF, digits)
            assert got[name].mean is None


@few_profile
@given(data=st.data())
def test_players_against_the_oracle(run, data):
    board, rule = data.draw(harness_boards(max_size=PLAYERS_SIZE)), data.draw(st.sampled_from(list(Rule)))
    size, jumps = board.size, board.jump_map
    faces = data.draw(st.integers(2, 12))
    probs = data.draw(face_lists(faces, positive=True))
    start, k = data.draw(st.integers(0, size)), data.draw(st.integers(2, MOST_PLAYERS))
    digits = data.draw(st.integers(1, 60))
    assume(oracle.start_of(size, jumps, start) != size)
    argv = ["players", "--players", str(k), "--die", spec(probs), "--rule", rule.value, "--start", str(start),
            "--digits", str(digits)]
    out = run(board, argv)
    answer = bruteforce_counts.players(size, jumps, rule.value, probs, start, k)
    assume(answer is not None)
    spins, rounds, wins = answer
    game, = out["games"]
    slack = Fraction(1, 10**70)
    for q, value in ((game["spins"]["expected_spins"], spins), (game["rounds"]["expected_rounds"], rounds),
                     *zip(game["win_probability"], wins)):
        value = Fraction(str(value))
        if "exact" in q:  # exact answers (two players' seat chances; a game that surely ends within bounded turns)
            if q["exact"] is None:  # a fraction longer than --exact-digits: its decimal, against the oracle's value
                assert q["exact_digits"] > 0 and Fraction(q["decimal"]) == rounded(value, digits), (q, value)
                continue
            assert abs(exact(q["exact"]) - value) <= slack, (q, value)
            assert Fraction(q["decimal"]) == rounded(exact(q["exact"]), digits), q
            continue
        low, high = Fraction(q["lower"]), Fraction(q["upper"])
        assert low - slack <= value <= high + slack, (q, value)
        if q["decimal"] is not None:
            assert 1 <= q["certain_digits"] <= digits
            assert rounded(low, q["certain_digits"]) == rounded(high, q["certain_digits"]) == Fraction(q["decimal"])
    first = game["win_probability"][0]
    seat = first["decimal"]
    short = first.get("exact") and Fraction(first["exact"])  # LaTeX writes a short exact chance as a fraction
    for fmt in ("text", "latex"):  # every format answers, with the same digits (JSON and LaTeX once refused)
        shown = run(board, argv, fmt)
        frac = short and f"\\frac{{{short.numerator}}}{{{short.denominator}}}"
        cut = fmt == "latex" and seat is not None and any(  # LaTeX cuts a long decimal to a prefix and \ldots
            len(p) >= 12 and seat.startswith(p) for p in re.findall(r"([0-9.]+)\\ldots", shown))
        assert seat is None or seat in shown or cut or (fmt == "latex" and frac and frac in shown), (fmt, seat)


@settings(profile, max_examples=scaled(10))
@given(players=st.integers(2, 4), digits=st.integers(1, 60))
def test_players_enclosures_print_their_certain_digits(capsys, players, digits):
    """Each seat's chance is exact or an enclosure: an enclosure's decimal is what both its bounds round to."""
    assert main(["duration", "--board", "althoen", "--players", str(players), "--survival", "0", "--digits",
                 str(digits), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    total_low = total_high = Fraction(0)
    for q in [data["spins"]["expected_spins"], data["rounds"]["expected_rounds"], *data["win_probability"]]:
        if "exact" in q:  # an exact seat chance (two players): the decimal is the fraction rounded
            value = exact(q["exact"])
            assert Fraction(q["decimal"]) == rounded(value, digits)
            lo = hi = value
            q = {**q, "certain_digits": digits}
        else:
            lo, hi = Fraction(q["lower"]), Fraction(q["upper"])
        assert lo <= hi
        if q["decimal"] is not None:
            assert rounded(lo, q["certain_digits"]) == rounded(hi, q["certain_digits"]) == Fraction(q["decimal"])
    for q in data["win_probability"]:
        total_low += exact(q.get("lower", q.get("exact")))
        total_high += exact(q.get("upper", q.get("exact")))
    assert total_low <= 1 <= total_high


# ---- the optimum ----------------------------------------------------------------------------------------------


def _sympy_optimum(board, delta, rule, faces, start, dps):
    """The least sigma on (0, 1) by sympy alone: its own solve of the chain, real roots, evaluation."""
    import sympy
    from sympy.polys.matrices import DomainMatrix

    x = sympy.Symbol("x")
    n, jumps = board.size, board.jump_map
    probs = [x if f == delta else (1 - x) / (faces - 1) for f in range(1, faces + 1)]
    tr = oracle.transitions(n, jumps, rule.value, probs)
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
    entry = oracle.start_of(n, jumps, start)
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


@settings(profile, max_examples=max(4, HARNESS_EXAMPLES // 3))
@given(st.data())
def test_optimum_against_sympy_on_small_boards(data):
    _optimum_against_sympy(data, max_digits=15)  # the oracle works at digits + 30: up to 40 in the slow pass


@pytest.mark.slow(reason="the sympy oracle of the optimum with the harness's full number of examples")
@profile
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
    for enclosure, point in ((o.sigma_enclosure, value), (o.p_enclosure, where)):
        approx = Fraction(str(sympy.N(point, digits + 30)))
        assert enclosure.lower - slack * (1 + abs(approx)) <= approx <= enclosure.upper + slack * (1 + abs(approx))


@pytest.mark.slow(reason="the optimum on boards of up to 90 squares, each checked at 39 points by the oracle")
@settings(profile, max_examples=max(4, HARNESS_EXAMPLES // 3))
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
        bruteforce.check_mean_times(board.size, board.jump_map, rule.value, oracle.weighted(delta, p, faces), values)
        assert f(p) >= least
    if o.attained is Attained.INTERIOR:
        mid = (o.p_enclosure.lower + o.p_enclosure.upper) / 2
        h = max(o.p_enclosure.upper - o.p_enclosure.lower, Fraction(1, 10**12))
        assert f(mid - h) >= f(mid) <= f(mid + h)
        assert o.sigma_enclosure.lower - h <= f(mid) <= o.sigma_enclosure.upper + h
    elif o.attained is not Attained.EVERYWHERE:
        end = 0 if o.attained is Attained.LIMIT_AT_ZERO else 1
        assert o.sigma_enclosure.is_exact and o.sigma_enclosure.lower == f(Fraction(end))


@pytest.mark.skipif(not HARNESS_LONG, reason="the long profile only (LIMITS_HARNESS=long)")
@profile
@given(st.data())
def test_long_profile_the_oracle_solves_large_boards_itself(data):
    board, rule, faces, _ = _game(data)
    die = data.draw(harness_dice(faces))
    chain = build_chain(board, die, rule)
    direct = bruteforce.moments(board.size, board.jump_map, rule.value, die.probabilities)
    assert {s: v[0] for s, v in direct.items()} == expected_durations(chain)
