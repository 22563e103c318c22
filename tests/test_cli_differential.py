"""What the command line prints, against the independent oracle of tests/bruteforce.py.

For random boards, rules, dice, loadings and families of dice on random faces
(from 1e-6 to 1 - 1e-6), and digits 1..60: every printed
decimal is the oracle's exact value correctly rounded (half to even, by the
``decimal`` module, not by the package), every printed enclosure holds the
value with its bounds, and the digits of an enclosure are those of the value.
The Laurent coefficients of ``limit``, at both ends and for families, leave
the oracle's sigma at eps = 1e-40 minus the series at the size of the next term.
"""

import json
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from limits.cli import main
from tests.bruteforce import expected_turns, pmf
from tests.strategies import boards, dice, rules, scaled

SETTINGS = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])


def rounded(x: Fraction, digits: int) -> Fraction:
    """x correctly rounded to ``digits`` significant digits, by the decimal module."""
    with localcontext() as ctx:
        ctx.prec, ctx.rounding = digits, ROUND_HALF_EVEN
        return Fraction(Decimal(x.numerator) / Decimal(x.denominator))


def run_json(capsys, argv):
    code = main([*argv, "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def read_fraction(text: str) -> Fraction:
    """An exact value of the JSON, of any length (``Fraction(text)`` stops at 4,300 digits)."""
    import flint

    if len(text) < 4000:
        return Fraction(text)
    num, _, den = text.partition("/")
    return Fraction(int(flint.fmpz(num)), int(flint.fmpz(den or "1")))


def check_exact(q, value: Fraction, digits: int):
    assert Fraction(q["exact"]) == value
    assert Fraction(q["decimal"]) == rounded(value, digits), (q, digits)


def check_interval(q, value: Fraction, digits: int):
    if "exact" in q:
        return check_exact(q, value, digits)
    assert Fraction(q["lower"]) <= value <= Fraction(q["upper"]), q
    if q["decimal"] is not None:
        assert 1 <= q["certain_digits"] <= digits
        assert Fraction(q["decimal"]) == rounded(value, q["certain_digits"]), (q, value)


def board_file(tmp_path, board):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board.to_dict()))
    return str(path)


@SETTINGS
@given(board=boards(5, 30), rule=rules, die=dice(2, 6), digits=st.integers(1, 60))
def test_duration_prints_the_oracle_rounded(tmp_path_factory, capsys, board, rule, die, digits):
    path = board_file(tmp_path_factory.mktemp("b"), board)
    probs = list(die.probabilities)
    spec = ",".join(f"{p.numerator}/{p.denominator}" for p in probs)
    data = run_json(capsys, ["duration", "--board", path, "--rule", rule.value, "--die", spec,
                             "--digits", str(digits), "--survival", "6"])
    jumps = dict(board.jumps)
    check_exact(data["expected_turns"], expected_turns(board.size, jumps, rule.value, probs)[0], digits)
    masses = pmf(board.size, jumps, rule.value, probs, 0, 6)
    for m, q in enumerate(data["survival"]):
        check_exact(q, 1 - sum(masses[: m + 1]), digits)
    # the text output, at the same digits, prints the same decimal
    assert main(["duration", "--board", path, "--rule", rule.value, "--die", spec, "--digits", str(digits),
                 "--survival", "0"]) == 0
    assert f"expected turns  {data['expected_turns']['decimal']}\n" in capsys.readouterr().out


# The certified solver's working precision follows --digits rather than the loading, so close to p = 0 or 1
# at few digits it can fail to certify (a known limitation of the solver, tracked with the precision work);
# loadings stay within [1e-6, 1 - 1e-6] here.
near_one = st.integers(1, 6).map(lambda k: 1 - Fraction(1, 10**k))
near_zero = st.integers(1, 6).map(lambda k: Fraction(1, 10**k))
loadings = near_one | near_zero | st.fractions(Fraction(1, 100), Fraction(99, 100), max_denominator=1000)


@SETTINGS
@given(board=boards(5, 25), rule=rules, delta=st.integers(1, 6), p=loadings, digits=st.integers(1, 60))
def test_sigma_prints_the_oracle_rounded_and_encloses_it(tmp_path_factory, capsys, board, rule, delta, p, digits):
    path = board_file(tmp_path_factory.mktemp("b"), board)
    data = run_json(capsys, ["sigma", "--board", path, "--rule", rule.value, "--delta", str(delta),
                             "--p", f"{p.numerator}/{p.denominator}", "--digits", str(digits)])
    probs = [p if face == delta else (1 - p) / 5 for face in range(1, 7)]
    value = expected_turns(board.size, dict(board.jumps), rule.value, probs)[0]
    check_exact(data["expected_turns"], value, digits)
    if data["enclosure"] is not None:
        check_interval(data["enclosure"], value, digits)


@settings(max_examples=scaled(10), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.integers(2, 4), digits=st.integers(1, 60))
def test_players_enclosures_print_their_certain_digits(capsys, players, digits):
    """Each seat's chance is exact or an enclosure: an enclosure's decimal is what both its bounds round to."""
    data = run_json(capsys, ["duration", "--board", "althoen", "--players", str(players), "--survival", "0",
                             "--digits", str(digits)])
    total_low = total_high = Fraction(0)
    for q in [data["spins"]["expected_spins"], data["rounds"]["expected_rounds"], *data["win_probability"]]:
        if "exact" in q:  # an exact seat chance (two players): the decimal is the fraction rounded
            exact = read_fraction(q["exact"])
            assert Fraction(q["decimal"]) == rounded(exact, digits)
            lo = hi = exact
            q = {**q, "certain_digits": digits}
        else:
            lo, hi = Fraction(q["lower"]), Fraction(q["upper"])
        assert lo <= hi
        if q["decimal"] is not None:
            assert rounded(lo, q["certain_digits"]) == rounded(hi, q["certain_digits"]) == Fraction(q["decimal"])
    for q in data["win_probability"]:
        total_low += read_fraction(q.get("lower", q.get("exact")))
        total_high += read_fraction(q.get("upper", q.get("exact")))
    assert total_low <= 1 <= total_high


def spec(die) -> str:
    return ",".join(f"{p.numerator}/{p.denominator}" for p in die.probabilities)


def mixed(at, toward, eps: Fraction) -> list[Fraction]:
    return [(1 - eps) * a + eps * t for a, t in zip(at.probabilities, toward.probabilities)]


@SETTINGS
@given(board=boards(5, 25), rule=rules, at=dice(6, 6, positive=False), toward=dice(6, 6), eps=loadings,
       digits=st.integers(1, 60))
def test_family_sigma_prints_the_oracle_rounded(tmp_path_factory, capsys, board, rule, at, toward, eps, digits):
    """A family on random faces (AT may miss some; TOWARD has them all, so no loop traps for eps > 0)."""
    assume(at.probabilities != toward.probabilities)
    path = board_file(tmp_path_factory.mktemp("b"), board)
    data = run_json(capsys, ["sigma", "--board", path, "--rule", rule.value, "--at", spec(at), "--toward", spec(toward),
                             "--eps", f"{eps.numerator}/{eps.denominator}", "--digits", str(digits)])
    value = expected_turns(board.size, dict(board.jumps), rule.value, mixed(at, toward, eps))[0]
    check_exact(data["expected_turns"], value, digits)


TINY = Fraction(1, 10**40)


def check_series(coefficients, value: Fraction):
    """The two printed Laurent coefficients leave sigma(TINY) minus the series at the size of the next term."""
    series = sum((Fraction(c["exact"]) * TINY ** c["power"] for c in coefficients), Fraction(0))
    next_power = coefficients[-1]["power"] + 1
    assert abs(value - series) <= 10**20 * TINY**next_power, (coefficients, value)


@SETTINGS
@given(board=boards(5, 25), rule=rules, delta=st.integers(1, 6), end=st.sampled_from([0, 1]))
def test_loaded_limit_at_both_ends_against_the_oracle(tmp_path_factory, capsys, board, rule, delta, end):
    path = board_file(tmp_path_factory.mktemp("b"), board)
    data = run_json(capsys, ["limit", "--board", path, "--rule", rule.value, "--delta", str(delta), "--p-to", str(end),
                             "--terms", "2"])
    p = 1 - TINY if end == 1 else TINY
    probs = [p if face == delta else (1 - p) / 5 for face in range(1, 7)]
    check_series(data["coefficients"], expected_turns(board.size, dict(board.jumps), rule.value, probs)[0])
    assert data["order"] == -data["coefficients"][0]["power"]


@SETTINGS
@given(board=boards(5, 25), rule=rules, at=dice(6, 6, positive=False), toward=dice(6, 6))
def test_family_limit_against_the_oracle(tmp_path_factory, capsys, board, rule, at, toward):
    assume(at.probabilities != toward.probabilities)
    path = board_file(tmp_path_factory.mktemp("b"), board)
    argv = ["--board", path, "--rule", rule.value, "--at", spec(at), "--toward", spec(toward)]
    data = run_json(capsys, ["limit", *argv, "--terms", "2"])
    check_series(data["coefficients"], expected_turns(board.size, dict(board.jumps), rule.value,
                                                      mixed(at, toward, TINY))[0])
    derived = run_json(capsys, ["derive", *argv])  # the derivation states the same order and coefficient
    assert (derived["order"], derived["leading_coefficient"]) == (data["order"], data["leading_coefficient"])
