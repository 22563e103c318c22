"""Every command's output records its inputs, in one record built in one place (limits/cli/output.py)."""

import io
import json
import shlex

import pytest
from jsonschema import Draft202012Validator

from limits import __version__
from limits.cli import COMMANDS, main, schema
from limits.cli.output import INPUT_KEYS
from limits.model.board import standard

CHEAP = {  # one cheap run of every command with JSON output
    "duration": ["duration", "--survival", "2", "--die", "fair:4", "--start", "3", "--rule", "bounce"],
    "limit": ["limit", "--delta", "5", "--terms", "1"],
    "sigma": ["sigma", "--delta", "3", "--p", "1/2", "--digits", "6"],
    "sweep": ["sweep", "--delta", "6", "--points", "2"],
    "optimum": ["optimum", "--delta", "6", "--digits", "5"],
    "classify": ["classify", "--delta", "5"],
    "derive": ["derive", "--at", "0,0,0,1,0,0", "--toward", "0,0,0,0,0,1"],
    "strategies": ["strategies", "--coin", "0.6", "--flip", "1/3"],
    "optimal": ["optimal", "--maximise", "--coin", "1/4"],
    "optimal_limit": ["optimal", "--delta", "5", "--coin", "1/4", "--maximise"],
    "optimal_map": ["optimal", "--over", "coin", "--start", "3", "--maximise"],
    "simulate": ["simulate", "--games", "1e3", "--seed", "1", "--strategy", "6", "--die", "fair:4", "--coin", "0.3",
                 "--workers", "1"],
    "players": ["players", "--players", "2", "--digits", "4"],
    "race": ["race", "--first", "6", "--second", "6"],  # a fixed pair; against "never" the race takes 2 s
    "stats": ["stats", "--law", "1", "--start", "5"],
    "survey": ["survey", "--size", "20", "--boards", "2", "--seed", "4"],
}


def _run(capsys, argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8"))
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_every_json_command_has_a_cheap_run():
    assert set(CHEAP) | {"reproduce"} == set(COMMANDS)


@pytest.mark.parametrize("command", sorted(CHEAP))
def test_every_json_output_records_its_inputs(capsys, command):
    argv = CHEAP[command]
    data = json.loads(_run(capsys, [*argv, "--format", "json"]))
    record = data["inputs"]
    assert list(data)[:2] == ["schema", "inputs"] and tuple(record) == INPUT_KEYS
    Draft202012Validator(schema(command)).validate(data)
    assert record["command"] == command and record["version"] == __version__
    assert shlex.split(record["command_line"]) == ["limits", *argv, "--format", "json"]
    assert record["engine"] in {"exact", "certified", "numpy", "numba", "python", "float"}
    options = dict(zip(argv[1::2], argv[2::2]))
    if command == "survey":  # random boards: the family and the seed name them
        assert record["board"] is None and record["seed"] == 4 and data["family"]["size"] == 20
    else:
        assert record["board"] == "standard" and record["board_source"] == "built-in"
        assert record["board_sha256"] == standard().sha256 and record["size"] == 100
    assert record["start"] == int(options.get("--start", 0))
    assert record["rule"] == options.get("--rule", "stay")
    if "--delta" in options:
        assert record["family"]["delta"] == int(options["--delta"]) and record["die"] is None
    elif "--at" in options:
        assert record["family"] == {"at": ["0", "0", "0", "1", "0", "0"], "toward": ["0", "0", "0", "0", "0", "1"]}
    else:
        assert record["family"] is None and record["die"] is not None
    takes_coin = command in {"strategies", "optimal", "optimal_limit", "optimal_map", "simulate", "race"}
    assert (record["coin"] is not None) == takes_coin and (record["strategy"] is not None) == takes_coin
    assert (record["seed"] is not None) == (command in {"simulate", "survey"})
    assert (record["games"] is not None) == (command == "simulate")


def test_simulate_records_strategy_die_coin_seed_and_games(capsys):
    """The gap of the issue: the strategy, the die, the coin and the start were missing."""
    record = json.loads(_run(capsys, [*CHEAP["simulate"], "--format", "json"]))["inputs"]
    assert {k: record[k] for k in ("die", "start", "strategy", "coin", "flip", "seed", "games")} == {
        "die": ["1/4"] * 4, "start": 0, "strategy": "6", "coin": "3/10", "flip": "1/2", "seed": 1, "games": 1000}
    assert record["engine"] in {"numpy", "numba", "python"}


def test_a_board_from_stdin_or_a_file_is_told_by_the_hash_of_its_jumps(capsys, monkeypatch, tmp_path):
    text = '{"size": 20, "jumps": {"3": 12, "15": 2}}'
    other = '{"size": 20, "jumps": {"3": 13, "15": 2}}'
    piped = json.loads(_run(capsys, ["duration", "--board", "-", "--format", "json"], text, monkeypatch))["inputs"]
    piped_other = json.loads(_run(capsys, ["duration", "--board", "-", "--format", "json"], other,
                                  monkeypatch))["inputs"]
    (tmp_path / "mine.json").write_text(text)
    filed = json.loads(_run(capsys, ["duration", "--board", str(tmp_path / "mine.json"), "--format", "json"]))
    assert piped["board"] == piped_other["board"] == "stdin" and piped["board_source"] == "stdin"
    assert piped["board_sha256"] != piped_other["board_sha256"]
    assert filed["inputs"]["board_sha256"] == piped["board_sha256"] and filed["inputs"]["board_source"] == "file"
    assert filed["inputs"]["board"] == "mine" and filed["inputs"]["size"] == 20


def test_the_hash_is_the_one_race_and_the_explorer_write(capsys, tmp_path):
    from limits.explore.data import explorer_data
    from limits.model.board_files import load_board

    path = tmp_path / "small.toml"  # a small board: the paper's takes seconds of race and explorer for one hash
    path.write_text("size = 20\n[jumps]\n3 = 11\n17 = 4\n", encoding="utf-8")
    board = load_board(str(path))
    data = json.loads(_run(capsys, [*CHEAP["race"], "--board", str(path), "--format", "json"]))
    explorer = explorer_data(board)["board"]["hash"]
    assert data["board_sha256"] == data["inputs"]["board_sha256"] == explorer == board.sha256 != standard().sha256


def test_text_starts_with_the_record_and_latex_holds_it(capsys):
    first = _run(capsys, CHEAP["simulate"]).splitlines()[0]
    assert first.startswith(f"limits {__version__} simulate: board standard (")
    for words in ("die (1/4, 1/4, 1/4, 1/4)", "strategy 6", "coin 3/10", "seed 1", "games 1000", "start 0"):
        assert words in first, words
    piped = _run(capsys, ["duration", "--survival", "0"]).splitlines()[0]
    assert "rule stay" in piped and "engine exact" in piped
    latex = _run(capsys, ["duration", "--survival", "0", "--format", "latex"]).splitlines()
    assert latex[0].startswith(r"\documentclass") and latex[1].startswith(f"% limits {__version__} duration: ")
