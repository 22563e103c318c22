"""Families of dice on the command line: each path of limit, derive, sigma, sweep and optimum, checked.

Values are compared with routes that do not share the command's: the whole
chain's exact rational function against the hierarchy, the brute-force
oracle of tests/bruteforce.py against single values, neighbouring exact
values against an optimum. Every combination of the family options, on every
command that takes a family (the explorer's included), gets the message its
case has by the rules alone (one family, never two, never half of ``--at
--toward``), naming only options the command takes; ``--p-to`` beside a
family that tends to eps -> 0 is refused.

Modules: ``limits.cli.families``, ``limits.cli.limit``, ``limits.cli.explore``.
"""

import re
from fractions import Fraction
from itertools import product

import pytest

from limits import Perturbation, uniform_on
from tests.bruteforce import expected_turns
from tests.cli_run import as_json, run

TWO = ["--at", "0,1/2,0,0,1/2,0", "--toward", "1/4,0,1/4,1/4,0,1/4"]  # P(2) = P(5) -> 1/2
EVENS = ["--at", "0,0,0,1,0,0", "--toward", "0,0,0,0,0,1"]  # only even moves: trapped on 97 for every eps


def fractions(coefficients):
    return [(c["power"], Fraction(c["exact"])) for c in coefficients]


def test_limit_delta_5_adds_the_variance_and_the_law(capsys):
    data = as_json(capsys, "limit", "--delta", "5", "--terms", "2")
    assert data["family"]["name"] == "P(5) = 1 - eps" and data["delta"] == 5 and data["p_to"] == 1
    var, law = data["variance"], data["law"]
    assert var["order"] == 1 and var["leading_coefficient"]["exact"] == "770"
    assert law["typical_length"] == 16
    assert law["excursion_probability"] == {"order": 1, "coefficient": {"exact": "77/5", "decimal": "15.4",
                                                                        "float": 15.4}}
    chance, mean = Fraction(law["excursion_probability"]["coefficient"]["exact"]), \
        Fraction(law["excursion_mean"]["coefficient"]["exact"])
    assert law["typical_length"] + chance * mean == Fraction(data["limit"]["exact"]) == 93  # 16 + 77 = 93
    assert "rational_function" in data and "explanation" in data


def test_limit_delta_3_scaled_law(capsys):
    data = as_json(capsys, "limit", "--delta", "3", "--terms", "1")
    assert data["limit"]["infinite"] and data["limit"]["loop"] == [53]
    scaled = data["law"]["scaled_limit"]
    assert scaled["order"] == 2 and scaled["law"] == "exponential" and scaled["mean"]["exact"] == "5/26"
    assert data["variance"]["order"] == 4 and data["variance"]["leading_coefficient"]["exact"] == "25/676"


def test_the_loop_of_a_divergent_limit_is_where_the_walk_ends(capsys):
    assert as_json(capsys, "limit", "--delta", "6", "--terms", "1")["limit"]["loop"] == [97]


@pytest.mark.parametrize("argv, family", [
    (["--delta", "1", "--p-to", "0"], Perturbation.loaded(delta=1, p_to=0)),
    (["--delta", "5", "--p-to", "0"], Perturbation.loaded(delta=5, p_to=0)),
    (TWO, Perturbation.between(uniform_on([2, 5]), uniform_on([1, 3, 4, 6]))),
], ids=["delta 1 p to 0", "delta 5 p to 0", "two faces"])
def test_family_limit_agrees_with_the_whole_chain(capsys, argv, family):
    data = as_json(capsys, "limit", *argv, "--terms", "3")
    assert "rational_function" not in data and "explanation" not in data
    assert fractions(data["coefficients"]) == list(family.exact_expansion(3).coefficients)
    assert data["order"] == family.exact_expansion(1).order


def test_family_text_and_usage(capsys):
    code, out, _ = run(capsys, "limit", "--delta", "1", "--p-to", "0", "--terms", "1")
    first = out.splitlines()[1]  # below the line of the inputs
    assert code == 0 and first.startswith("sigma_1 diverges like 0.31657") and "as P(1) -> 0 (eps = p)" in out
    assert "allowbreak" not in out and "mathbin" not in out  # long numbers in the law read as numbers
    code, out, _ = run(capsys, "limit", *TWO, "--terms", "1")
    assert code == 0 and "for (1 - eps) (0, 1/2, 0, 0, 1/2, 0) + eps" in out and "law: eps M tends" in out


def test_a_family_trapped_for_every_eps_is_an_answer(capsys):
    data = as_json(capsys, "limit", *EVENS)
    assert data["limit"]["infinite"] and data["limit"]["loop"] == [97]
    assert data["order"] is None and data["coefficients"] == [] and data["law"] is None
    assert data["variance"]["infinite"]
    code, out, _ = run(capsys, "limit", *EVENS)
    assert code == 0 and "infinite for every eps > 0" in out and "{97}" in out
    sigma = as_json(capsys, "sigma", *EVENS, "--eps", "1/2")
    assert sigma["expected_turns"]["infinite"] and sigma["expected_turns"]["loop"] == [97]
    assert as_json(capsys, "sigma", *EVENS, "--eps", "0")["expected_turns"]["exact"] == "31"  # 4s alone win
    sweep = as_json(capsys, "sweep", *EVENS, "--points", "3")["expected_turns"]
    assert [q.get("exact") or q["decimal"] for q in sweep] == ["31", "inf", "inf"]
    row = as_json(capsys, "optimum", *EVENS)["optima"][0]
    assert row["eps"] is None and row["expected_turns"]["loop"] == [97] and row["at_zero"]["exact"] == "31"
    derive = as_json(capsys, "derive", *EVENS)
    assert derive["finite"] is False and derive["limit"]["loop"] == [97] and derive["levels"] == []


def test_sigma_of_a_family_against_the_oracle(capsys):
    data = as_json(capsys, "sigma", *TWO, "--eps", "1/100", "--digits", "30")
    die = [Fraction(99, 100) * a + Fraction(1, 100) * t for a, t in
           zip([0, Fraction(1, 2), 0, 0, Fraction(1, 2), 0], [Fraction(1, 4), 0, Fraction(1, 4), Fraction(1, 4), 0,
                                                              Fraction(1, 4)])]
    from limits import standard

    board = standard()
    assert Fraction(data["expected_turns"]["exact"]) == expected_turns(board.size, dict(board.jumps), "stay", die)[0]
    assert data["p"] is None and data["delta"] is None and data["eps"]["exact"] == "1/100"


def test_sigma_eps_of_the_loaded_die_is_sigma_at_p(capsys):
    by_eps = as_json(capsys, "sigma", "--delta", "1", "--p-to", "0", "--eps", "1e-9")
    by_p = as_json(capsys, "sigma", "--delta", "1", "--p", "1e-9")
    assert by_eps["expected_turns"] == by_p["expected_turns"] and by_eps["p"] == by_p["p"]
    near_one = as_json(capsys, "sigma", "--delta", "6", "--eps", "1e-23", "--digits", "5")
    assert near_one["p"]["exact"] == "99999999999999999999999/100000000000000000000000"


def test_sweep_of_a_family_is_its_exact_values(capsys):
    data = as_json(capsys, "sweep", *TWO, "--points", "5", "--digits", "20")
    family = Perturbation.between(uniform_on([2, 5]), uniform_on([1, 3, 4, 6]))
    assert [Fraction(q["exact"]) for q in data["eps"]] == [Fraction(k, 4) for k in range(5)]
    values = data["expected_turns"]
    assert values[0]["infinite"] and values[0]["loop"] == [99]  # 2s and 5s alone: 99 needs a 1
    assert [Fraction(q["exact"]) for q in values[1:]] == [family.exact_value(Fraction(k, 4)) for k in range(1, 5)]
    assert data["deltas"] is None and data["p"] is None and data["family"]["at"][1] == "1/2"


def test_optimum_of_a_family_is_least_among_its_neighbours(capsys):
    row = as_json(capsys, "optimum", *TWO, "--digits", "12")["optima"][0]
    family = Perturbation.between(uniform_on([2, 5]), uniform_on([1, 3, 4, 6]))
    eps, least = Fraction(row["eps"]["decimal"]), row["expected_turns"]
    assert row["interior"] and row["delta"] is None and row["p"] is None
    at = family.exact_value(eps)
    assert Fraction(least["lower"]) <= at <= Fraction(least["upper"]) + Fraction(1, 10**9)
    step = Fraction(1, 10**4)
    assert family.exact_value(eps - step) > at and family.exact_value(eps + step) > at


@pytest.mark.parametrize("argv", [["--delta", "3", "--p-to", "0"], TWO, ["--delta", "5"]],
                         ids=["delta 3 p to 0", "two faces", "delta 5"])
def test_derive_json_from_the_hierarchy_matches_its_check(capsys, argv):
    data = as_json(capsys, "derive", *argv)
    check = data["check"]
    assert data["order"] == check["order"]
    assert data["leading_coefficient"] == check["leading_coefficient"]
    assert all(level["depth"] == k for k, level in enumerate(data["levels"], 1))
    assert bool(data["levels"]) == (argv != ["--delta", "3", "--p-to", "0"])  # with P(3) = 0 no loop holds the walk
    assert {"title", "statement", "math", "justification"} == set(data["steps"][0])
    code, out, _ = run(capsys, "derive", *argv)
    assert code == 0 and "allowbreak" not in out


def test_derive_delta_3_levels(capsys):
    data = as_json(capsys, "derive", "--delta", "3")
    one, two = data["levels"]
    assert one["states"] == [[53], [99]] and one["closed"] == [[0]]
    assert two["states"] == [[53]] and two["to_goal"][0]["exact"] == "26/5"
    assert data["limit"]["loop"] == [53] and data["leading_coefficient"]["exact"] == "5/26"


@pytest.mark.parametrize("argv, message", [
    (["limit", "--delta", "5", *TWO], "not both"),
    (["limit", "--at", "fair"], "--at and --toward go together"),
    (["limit", *TWO, "--faces", "6"], "--faces goes with --delta"),
    (["derive", *TWO, "--p-to", "0"], "--p-to goes with --delta"),
    (["sigma", *TWO, "--p", "1/2"], "--p goes with --delta"),
    (["sigma", *TWO], "give --p"),
    (["sigma", *TWO, "--p", "1/2", "--eps", "1/2"], "not both"),
    (["sigma", "--delta", "3", "--p", "1/2", "--p-to", "0"], "--p-to goes with --eps"),
    (["sigma", "--at", "fair", "--toward", "fair:4", "--eps", "1/2"], "same"),
    (["sigma", "--at", "fair", "--toward", "fair", "--eps", "1/2"], "equal"),
    (["sweep", "--delta", "5", "--p-to", "0"], "unrecognized arguments"),
    (["limit", "--delta", "5", "--p-to", "2"], "--p-to must be 0..1"),
    (["limit", *TWO, "--terms", "201"], "--terms must be 1..200"),
])
def test_family_usage_errors(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err


def test_the_shell_takes_its_limits_from_the_library():
    import importlib

    from limits import checks

    found = set()
    for module in ("options", "families", "limit", "coin", "game", "survey", "explore"):
        shell = importlib.import_module(f"limits.cli.{module}")
        for name in (n for n in vars(shell) if n.startswith("MAX_")):
            assert getattr(shell, name) is getattr(checks, name), (module, name)
            found.add(name)
    assert {"MAX_FACES", "MAX_TERMS", "MAX_GAMES", "MAX_WORKERS", "MAX_DIGITS", "MAX_POINTS", "MAX_SEED"} <= found


# ---- every combination of the family options gets the message of its own case

FAMILY_OPTIONS = {"--delta": "2", "--at": "0,1,0", "--toward": "1/2,0,1/2", "--die-of-eps": "eps, 1 - eps, 0"}
"""Each option that names (part of) a family, with a value on three faces (the board below)."""

ANSWERING = {"limit": ["--terms", "1"], "derive": [], "sigma": ["--eps", "1/3"], "sweep": ["--points", "2"],
             "optimum": ["--digits", "5"], "optimal": [], "explore": ["-o", "-"]}
"""The commands that take a family (found in the parser below), each with what it needs besides the family
(explore's --delta is the loaded face its page opens on, and no family is an answer: the loaded faces alone)."""


def _family_commands():
    from limits.cli import _parser

    sub = next(a for a in _parser()._actions if a.dest == "command")
    return {name: {s for a in p._actions for s in a.option_strings} & set(FAMILY_OPTIONS)
            for name, p in sub.choices.items() if "--toward" in p._option_string_actions}


def _case(command, given):
    """The message of the options ``given`` from the rules alone: one family (``--delta``; ``--at`` with
    ``--toward``; ``--die-of-eps``), never two, never half of ``--at --toward``; None for an answer."""
    named = {"--delta": "delta", "--at": "at/toward", "--toward": "at/toward", "--die-of-eps": "of eps"}
    families = {named[o] for o in given}
    if len(families) > 1:
        return "give one family, not both"
    if not families:
        return None if command == "explore" else "give --delta D, or --at DIE and --toward DIE"
    if families == {"at/toward"} and len(given) == 1:
        return "--at and --toward go together"
    return None


def test_the_family_commands_are_the_listed_ones():
    assert set(_family_commands()) == set(ANSWERING)
    assert _family_commands()["limit"] == set(FAMILY_OPTIONS)  # the one command with --die-of-eps


@pytest.mark.parametrize("command", sorted(ANSWERING))
def test_every_combination_of_family_options_gets_its_own_message(command, capsys, tmp_path):
    from itertools import combinations

    board = tmp_path / "board.json"
    board.write_text('{"size": 6, "jumps": [[2, 5], [4, 1]]}', encoding="utf-8")
    options = sorted(_family_commands()[command])
    for k in range(len(options) + 1):
        for given in combinations(options, k):
            if command == "optimal" and not given:
                continue  # no family: optimal answers for one die (--die)
            argv = [command, "--board", str(board), *ANSWERING[command],
                    *(x for o in given for x in (o, FAMILY_OPTIONS[o]))]
            code, out, err = run(capsys, *argv)
            message = _case(command, given)
            if message is None:
                assert code == 0 and out, (given, err)
            else:
                assert code == 2 and out == "" and err.count("\n") == 1 and message in err, (given, err)
                assert set(re.findall(r"--[a-z-]+", err)) <= _options(command), (given, err)  # only its own


def _options(command):
    from limits.cli import _parser

    sub = next(a for a in _parser()._actions if a.dest == "command")
    return set(sub.choices[command]._option_string_actions)


@pytest.mark.parametrize("command", sorted(c for c in ANSWERING if "--p-to" in _options(c)))
def test_p_to_beside_a_family_of_its_own_end_is_refused(command, capsys, tmp_path):
    """``--p-to`` (even the default, 1) beside ``--at --toward`` or ``--die-of-eps``, whose end is eps -> 0,
    is refused: it was read as nothing (explore opened its page on the family)."""
    board = tmp_path / "board.json"
    board.write_text('{"size": 6, "jumps": [[2, 5], [4, 1]]}', encoding="utf-8")
    families = [["--at", FAMILY_OPTIONS["--at"], "--toward", FAMILY_OPTIONS["--toward"]]]
    if "--die-of-eps" in _options(command):
        families.append(["--die-of-eps", FAMILY_OPTIONS["--die-of-eps"]])
    for family, end in product(families, ["0", "1"]):
        code, out, err = run(capsys, command, "--board", str(board), *ANSWERING[command], *family, "--p-to", end)
        assert code == 2 and out == "" and err.count("\n") == 1 and "--p-to goes with --delta" in err, (family, err)
