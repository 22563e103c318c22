"""The differential harness through the command line, at settings the other tests leave out.

Random boards with traps, every rule, dice of 2..12 faces (comma lists with
zeros, or loaded with p as close as 1e-30 and 1e-200 to 0 or 1), every
start and 1..60 digits, against the independent oracles of tests/bruteforce.py
and tests/bruteforce_counts.py:

* ``sigma`` (``--p``, ``--eps`` from either end, ``--at``/``--toward``): the
  exact value, its decimal correctly rounded (by the ``decimal`` module), the
  enclosure holding it with the digits it claims;
* ``duration --float``: the float mean and variance within 1e-9 of the
  oracle's, on dice whose ``1 - p`` vanishes in floats;
* ``stats``: every count's expectation and chance of none;
* ``players``: the expected spins and rounds and each seat's chance, inside
  their printed enclosures, whose digits are those of the value (1..30 digits);
  the text and the LaTeX answer too, with the JSON's digits.

The default profile runs a few examples of each (seconds); ``LIMITS_HARNESS=long``
runs many (docs/limits.md).
"""

import json
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from limits.cli import main
from tests import bruteforce
from tests import bruteforce_counts as counts_oracle
from tests import oracle as rules
from tests.strategies import HARNESS_EXAMPLES, HARNESS_LONG, unchained_jumps

INF = float("inf")
EXAMPLES = HARNESS_EXAMPLES if HARNESS_LONG else max(3, HARNESS_EXAMPLES // 6)
# the default profile's boards for the costliest oracles (Fraction solves, turn-by-turn mpmath): a 30-square
# board with 12 faces, or 5 players on 20 squares, took 5 to 12 s of one example's CPU time
STATS_SIZE, PLAYERS_SIZE, MOST_PLAYERS = (30, 20, 5) if HARNESS_LONG else (20, 14, 4)
profile = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))

EXTREME = [Fraction(1, 10**30), 1 - Fraction(1, 10**30), Fraction(1, 10**200), 1 - Fraction(1, 10**200),
           Fraction(999999, 1000000), Fraction(1, 10**25)]
loadings = st.sampled_from(EXTREME) | st.fractions(Fraction(1, 100), Fraction(99, 100), max_denominator=1000)


def exact(text: str) -> Fraction:
    """``"a/b"`` as a Fraction at any length (Python's int() refuses strings of more than 4300 digits)."""
    num, _, den = text.partition("/")
    return Fraction(int(Decimal(num)), int(Decimal(den or "1")))


def rounded(x: Fraction, digits: int) -> Fraction:
    with localcontext() as ctx:
        ctx.prec, ctx.rounding = digits, ROUND_HALF_EVEN
        return Fraction(Decimal(x.numerator) / Decimal(x.denominator))


@st.composite
def games(draw, max_size: int = 30):
    """``(size, jumps, rule)``: any board (traps allowed, chained jumps left out), any rule."""
    n = draw(st.integers(5, max_size))
    return n, draw(unchained_jumps(n)), draw(st.sampled_from(["stay", "bounce", "pass"]))


@st.composite
def face_lists(draw, faces: int, positive: bool = False, near=loadings):
    """A die as exact probabilities: small integer weights (zeros allowed unless ``positive``), or loaded."""
    if not positive and draw(st.booleans()):
        delta, p = draw(st.integers(1, faces)), draw(near)
        return rules.weighted(delta, p, faces)
    weights = draw(st.lists(st.integers(0 if not positive else 1, 6), min_size=faces, max_size=faces)
                   .filter(lambda w: sum(w) > 0))
    return [Fraction(w, sum(weights)) for w in weights]


def text(probs) -> str:
    return ",".join(f"{p.numerator}/{p.denominator}" for p in probs)


def run_json(capsys, tmp_path, size, jumps, argv):
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"size": size, "jumps": {str(a): b for a, b in jumps.items()}}))
    code = main([*argv, "--board", str(path), "--format", "json"])
    out, err = capsys.readouterr()
    if code == 2 and "cannot be reached" in err:  # a board the die cannot finish: bad input, rightly
        assume(False)
    assert code == 0 and all(line.startswith("limits: note: ") for line in err.splitlines()), (code, err)
    return json.loads(out)


def truth(size, jumps, rule, probs, start):
    """``(mean, variance)`` from ``start`` by the oracle's own elimination (inf where the game may not end)."""
    entry = rules.start_of(size, jumps, start)
    return (Fraction(0), Fraction(0)) if entry == size else bruteforce.moments(size, jumps, rule, probs)[entry]


def check_exact(q, value, digits):
    if value == INF:
        assert q["infinite"] and q["decimal"] == "inf", q
        return
    assert "infinite" not in q, q
    if q.get("exact") is not None:
        assert exact(q["exact"]) == value, q
    assert Fraction(q["decimal"]) == rounded(value, digits), (q, digits, value)


def check_enclosure(q, value):
    if "exact" in q:  # a point: the value itself (a start from which every roll wins)
        assert exact(q["exact"]) == value, (q, value)
        return
    assert Fraction(q["lower"]) <= value <= Fraction(q["upper"]), (q, value)
    if q["decimal"] is not None:
        assert Fraction(q["decimal"]) == rounded(value, q["certain_digits"]), (q, value)


@pytest.fixture
def board_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("harness")


@profile
@given(data=st.data())
def test_sigma_at_extreme_loadings_on_any_faces(capsys, board_dir, data):
    size, jumps, rule = data.draw(games())
    faces = data.draw(st.integers(2, 12))
    start, digits = data.draw(st.integers(0, size)), data.draw(st.integers(1, 60))
    how = data.draw(st.sampled_from(["p", "eps from 1", "eps from 0", "family"]))
    if how == "family":
        at, toward = data.draw(face_lists(faces)), data.draw(face_lists(faces))
        assume(at != toward)
        eps = data.draw(loadings)
        argv = ["--at", text(at), "--toward", text(toward), "--eps", str(eps)]
        probs = [(1 - eps) * a + eps * t for a, t in zip(at, toward)]
    else:
        delta, p = data.draw(st.integers(1, faces)), data.draw(loadings)
        probs = rules.weighted(delta, p, faces)
        argv = ["--delta", str(delta), "--faces", str(faces),
                *{"p": ["--p", str(p)], "eps from 1": ["--eps", str(1 - p)],
                  "eps from 0": ["--p-to", "0", "--eps", str(p)]}[how]]
    out = run_json(capsys, board_dir, size, jumps, ["sigma", *argv, "--rule", rule, "--start", str(start),
                                                    "--digits", str(digits)])
    mean, _ = truth(size, jumps, rule, probs, start)
    check_exact(out["expected_turns"], mean, digits)
    if out.get("enclosure") is not None:
        check_enclosure(out["enclosure"], mean)


@pytest.mark.skipif(not __import__("limits.exact._kernels", fromlist=["x"]).have_numba(),
                    reason="the state reduction keeps 1 - p = 1e-30 only with numba")
@profile
@given(data=st.data())
def test_duration_float_against_the_oracle(capsys, board_dir, data):
    size, jumps, rule = data.draw(games(40))
    faces = data.draw(st.integers(2, 12))
    probs = data.draw(face_lists(faces, near=st.sampled_from(EXTREME[:2] + EXTREME[4:])))  # 1e-200: the oracle's
    start = data.draw(st.integers(0, size))
    out = run_json(capsys, board_dir, size, jumps, ["duration", "--float", "--die", text(probs), "--rule", rule,
                                                    "--start", str(start), "--digits", "60"])
    mean, variance = truth(size, jumps, rule, probs, start)
    for key, value in (("expected_turns", mean), ("variance", variance)):
        q = out[key]
        if value == INF:
            assert q["infinite"], q
        else:
            assert abs(Fraction(q["float"]) - value) <= value / 10**9 + Fraction(1, 10**12), (key, q, value)
            if "lower" in q:  # an enclosure proven from the residuals: it holds the value
                assert Fraction(q["lower"]) <= value <= Fraction(q["upper"]), (key, q, value)


@profile
@given(data=st.data())
def test_stats_counts_against_the_oracle(capsys, board_dir, data):
    size, jumps, rule = data.draw(games(STATS_SIZE))
    assume(jumps)
    faces = data.draw(st.integers(2, 12))
    probs = data.draw(face_lists(faces))
    start, digits = data.draw(st.integers(0, size)), data.draw(st.integers(1, 60))
    assume(rules.start_of(size, jumps, start) != size)
    visit, jump = data.draw(st.integers(0, size)), data.draw(st.sampled_from(sorted(jumps)))
    out = run_json(capsys, board_dir, size, jumps, ["stats", "--die", text(probs), "--rule", rule, "--start",
                                                    str(start), "--digits", str(digits), "--square", str(visit),
                                                    "--jump", str(jump), "--law", "2"])["counts"]
    finite = rules.finite_squares(size, rules.transitions(size, jumps, rule, probs))
    entry = rules.start_of(size, jumps, start)
    for kind, count in counts_oracle.counters(size, visit, jump).items():
        name = {"visits": f"visits_{visit}", "jump": f"jump_{jump}"}.get(kind, kind)
        none = counts_oracle.chance_of_none(size, jumps, rule, probs, count, start)
        check_exact(out[name]["none"], none, digits)
        if entry in finite:
            check_exact(out[name]["expected"], counts_oracle.expected_count(size, jumps, rule, probs, count, start),
                        digits)
        elif name == "turns":  # the game may not end: the expected number of turns is infinite
            check_exact(out[name]["expected"], INF, digits)


@profile
@given(data=st.data())
def test_players_against_the_oracle(capsys, board_dir, data):
    size, jumps, rule = data.draw(games(PLAYERS_SIZE))
    faces = data.draw(st.integers(2, 12))
    probs = data.draw(face_lists(faces, positive=True))
    start, k = data.draw(st.integers(0, size)), data.draw(st.integers(2, MOST_PLAYERS))
    digits = data.draw(st.integers(1, 60))
    assume(rules.start_of(size, jumps, start) != size)
    out = run_json(capsys, board_dir, size, jumps, ["players", "--players", str(k), "--die", text(probs), "--rule",
                                                    rule, "--start", str(start), "--digits", str(digits)])
    answer = counts_oracle.players(size, jumps, rule, probs, start, k)
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
        code = main(["players", "--players", str(k), "--die", text(probs), "--rule", rule, "--start", str(start),
                     "--digits", str(digits), "--board", str(board_dir / "board.json"), "--format", fmt])
        out, err = capsys.readouterr()
        out = out.replace("\\allowbreak ", "")
        frac = short and f"\\frac{{{short.numerator}}}{{{short.denominator}}}"
        assert code == 0 and (seat is None or seat in out or (fmt == "latex" and frac and frac in out)), (
            fmt, seat, err)
