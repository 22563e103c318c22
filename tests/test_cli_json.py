"""Every command's JSON validates against the schema it names, and follows the one convention.

Modules: ``limits.cli.output``.
"""

import json

import pytest
from jsonschema import Draft202012Validator

from limits.cli import COMMANDS, main, schema

RUNS = [
    ["duration", "--survival", "3"],
    ["duration", "--die", "weighted:3:1", "--survival", "2"],
    ["duration", "--players", "2", "--survival", "0"],
    ["duration", "--players", "3", "--die", "0,0,1/2,0,0,1/2", "--survival", "0"],
    ["limit", "--delta", "5", "--terms", "2"],
    ["limit", "--delta", "3"],
    ["limit", "--delta", "1", "--p-to", "0", "--terms", "2"],
    ["limit", "--at", "0,1/2,0,0,1/2,0", "--toward", "1/4,0,1/4,1/4,0,1/4", "--terms", "2"],
    ["limit", "--at", "0,0,0,1,0,0", "--toward", "0,0,0,0,0,1"],
    ["limit", "--die-of-eps", "eps^2, 0, eps^(1/2), 0, 1 - eps^(1/2) - eps^2, 0", "--terms", "3"],
    ["limit", "--die-of-eps", "1/2 - eps^(1/3), 0, eps^(1/3), 0, 1/2, 0", "--terms", "2"],
    ["limit", "--delta", "5", "--rates", "3,1"],
    ["sigma", "--delta", "6", "--p", "0.999"],
    ["sigma", "--delta", "3", "--p", "1"],
    ["sigma", "--delta", "1", "--p-to", "0", "--eps", "1e-9"],
    ["sigma", "--at", "0,1/2,0,0,1/2,0", "--toward", "1/4,0,1/4,1/4,0,1/4", "--eps", "1/100"],
    ["sigma", "--at", "0,0,0,1,0,0", "--toward", "0,0,0,0,0,1", "--eps", "1/2"],
    ["sweep", "--delta", "all", "--points", "3"],
    ["sweep", "--at", "0,1/2,0,0,1/2,0", "--toward", "1/4,0,1/4,1/4,0,1/4", "--points", "3"],
    ["sweep", "--at", "0,0,0,1,0,0", "--toward", "0,0,0,0,0,1", "--points", "3"],
    ["optimum", "--delta", "6", "--digits", "8"],
    ["optimum", "--at", "0,1/2,0,0,1/2,0", "--toward", "1/4,0,1/4,1/4,0,1/4", "--digits", "8"],
    ["optimum", "--at", "0,0,0,1,0,0", "--toward", "0,0,0,0,0,1"],
    ["classify", "--delta", "5"],
    ["derive", "--delta", "5"],
    ["derive", "--delta", "6"],
    ["derive", "--delta", "3", "--p-to", "0"],
    ["derive", "--at", "0,1/2,0,0,1/2,0", "--toward", "1/4,0,1/4,1/4,0,1/4"],
    ["derive", "--at", "0,0,0,1,0,0", "--toward", "0,0,0,0,0,1"],
    ["strategies"],
    ["optimal"],
    ["optimal", "--maximise"],
    ["optimal", "--delta", "5", "--terms", "2"],
    ["optimal", "--delta", "1", "--p-to", "0", "--maximise"],
    ["optimal", "--delta", "2", "--faces", "2", "--over", "p"],
    ["optimal", "--over", "coin", "--maximise"],
    ["simulate", "--games", "2000", "--seed", "3"],
    ["simulate", "--games", "50", "--seed", "3", "--max-turns", "5"],
    ["players", "--players", "1,2"],
    ["players", "--players", "2", "--die", "weighted:3:1/2", "--quantile", "0.5"],
    ["race", "--first", "win", "--second", "length"],
    ["race", "--table", "--policies", "never,length,2"],
    ["stats", "--square", "80", "--jump", "87", "--law", "3"],
    ["stats", "--die", "weighted:3:1"],
    ["survey", "--size", "30", "--boards", "6", "--die", "0,0,1/2,0,0,1/2", "--delta", "3"],
]

EXPECTATION_KEYS = {"expected_turns", "expected_spins", "expected_rounds"}


_OUTPUTS: dict[tuple[str, ...], str] = {}  # each run's JSON text, computed once for every test of this module


def _json(capsys, argv):
    if tuple(argv) not in _OUTPUTS:
        code = main([*argv, "--format", "json"])
        out, err = capsys.readouterr()
        assert code == 0, err
        _OUTPUTS[tuple(argv)] = out
    return json.loads(_OUTPUTS[tuple(argv)])


def _quantities(data, key=None):
    """Every object with a "decimal", with the key it sits under."""
    if isinstance(data, dict):
        if "decimal" in data:
            yield key, data
        for k, v in data.items():
            yield from _quantities(v, key if k.isdigit() else k)  # sweep's and optimal's tables by delta/square
    elif isinstance(data, list):
        for v in data:
            yield from _quantities(v, key)


def _schema_name(argv):
    """The schema of a run: ``optimal`` with a family is ``optimal_limit``, over p or the coin ``optimal_map``."""
    if argv[0] == "optimal" and ("--over" in argv or "--delta" in argv):
        return "optimal_map" if "--over" in argv else "optimal_limit"
    return argv[0]


@pytest.mark.parametrize("argv", RUNS, ids=lambda a: " ".join(a))
def test_output_validates_against_its_schema(capsys, argv):
    data = _json(capsys, argv)
    assert data["schema"] == f"limits.{_schema_name(argv)}/1"
    Draft202012Validator(schema(_schema_name(argv))).validate(data)
    for key, q in _quantities(data):
        assert set(q) <= {"exact", "exact_digits", "decimal", "float", "certain_digits", "lower", "upper",
                          "infinite", "reason", "loop", "standard_error", "power", "bits", "dps", "polynomial"}, key
        if q.get("infinite"):
            assert q["float"] is None and q["decimal"] == "inf" and q["reason"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_schema_is_valid_and_printed(capsys, command):
    Draft202012Validator.check_schema(schema(command))
    assert main(["schema", command]) == 0
    assert json.loads(capsys.readouterr().out)["$id"] == f"limits.{command}/1"


def test_every_json_command_has_a_schema_and_a_run():
    # reproduce's JSON is the results.json it writes beside the report, validated in tests/test_reproduce.py
    assert {_schema_name(argv) for argv in RUNS} | {"reproduce"} == set(COMMANDS)


def test_the_same_quantity_has_the_same_key(capsys):
    """expected_turns everywhere (never sigma in one command and mean in another); mean only for sample means."""
    commands = ("duration", "sigma", "sweep", "optimum", "strategies", "optimal")
    runs = [next(argv for argv in RUNS if argv[0] == command) for command in commands]
    seen = {argv[0]: {k for k, _ in _quantities(_json(capsys, argv))} for argv in runs}
    for command in ("duration", "sigma", "sweep", "optimum", "strategies", "optimal"):
        assert "expected_turns" in seen[command], command
    assert not any({"sigma", "mean_turns"} & keys for keys in seen.values())
    outputs = {" ".join(argv): _json(capsys, argv) for argv in RUNS}
    every = {run: {k for k, _ in _quantities(data)} for run, data in outputs.items()}
    for run, data in outputs.items():  # the mean of a limit law names the law's parameter, as in "of mean 5"
        if run.startswith("limit") and data.get("law") is not None:
            data.pop("law")
    assert [run for run, data in outputs.items()
            if "mean" in {k for k, _ in _quantities(data)} and not run.startswith(("simulate", "survey"))] == []
    assert {k for run, keys in every.items() for k in keys if k.startswith("expected")} == EXPECTATION_KEYS | {"expected"}


def test_players_and_duration_share_the_game_of_k_players(capsys):
    """duration --players k gives the very object players gives for k: the same keys, the same values."""
    for k in ("1", "3"):
        game = _json(capsys, ["players", "--players", k, "--digits", "12"])["games"][0]
        duration = _json(capsys, ["duration", "--players", k, "--survival", "0", "--digits", "12"])
        assert {key: duration[key] for key in game} == game
        assert game["spins"]["expected_spins"] and game["rounds"]["expected_rounds"]


def test_infinite_answer_is_exit_0_with_the_loop(capsys):
    data = _json(capsys, ["duration", "--die", "weighted:3:1", "--survival", "0"])
    assert data["expected_turns"]["infinite"] and data["expected_turns"]["loop"] == [53]
    assert main(["duration", "--die", "weighted:3:1", "--survival", "0"]) == 0
    out = capsys.readouterr().out
    assert "expected turns  inf" in out and "{53}" in out
