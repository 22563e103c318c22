"""``limits race``: its JSON and schema, the table, the text, LaTeX, bad input (exit 2, one line), hostile options.

Modules: ``limits.cli.coin`` (race).
"""

import json
import os
import shutil
import subprocess
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from limits.cli import main, schema
from tests.cli_run import as_json, run
from tests.strategies import scaled

BOARD = "size = 20\n[jumps]\n3 = 11\n15 = 4\n"


@pytest.fixture
def board(tmp_path):
    path = tmp_path / "small.toml"
    path.write_text(BOARD)
    return str(path)


def test_a_race_as_json(capsys, board):
    data = as_json(capsys, "race", "--first", "win", "--second", "length", "--board", board, "--digits", "20")
    Draft202012Validator(schema("race")).validate(data)
    assert data["policies"] == {"first": "win", "second": "length"}
    first, second = data["first_wins"], data["second_wins"]
    assert Fraction(first["lower"]) + Fraction(second["upper"]) >= 1 >= Fraction(first["upper"]) + Fraction(
        second["lower"]) - Fraction(1, 10**15)
    assert first["certain_digits"] >= 20
    seat = data["seats"][0]
    assert seat["certificate"]["decisions"] > 0 and seat["versus_length"]["gain"]["float"] >= 0
    assert data["board_sha256"] and data["version"] and data["coin"] == "1/2" and data["start"] == 0


def test_the_paper_board_both_win_and_exact_pairs(capsys):
    data = as_json(capsys, "race", "--first", "never", "--second", "never", "--exact-digits", "all")
    Draft202012Validator(schema("race")).validate(data)
    numerator, denominator = data["first_wins"]["exact"].split("/")
    assert len(numerator) == len(denominator) == 4453
    code, out, _ = run(capsys, "race", "--first", "win", "--second", "win")
    assert code == 0 and "the game's value" in out and "certificate: seat 1" in out
    assert "0.525391739956" in out


def test_the_table(capsys, board):
    data = as_json(capsys, "race", "--table", "--policies", "never,0,length,win", "--board", board)
    Draft202012Validator(schema("race")).validate(data)
    assert data["policies"]["first"] == ["never", "length", "win"]  # 0 is never
    rows = {(r["first"], r["second"]): r for r in data["table"]}
    assert len(rows) == 9 and set(rows["win", "win"]) >= {"first", "second", "first_wins"}
    code, out, _ = run(capsys, "race", "--table", "--policies", "never,win", "--board", board)
    assert code == 0 and "first \\ second" in out


@pytest.mark.parametrize("argv, message", [
    (["race", "--first", "sometimes"], "unknown policy"),
    (["race", "--second", "7"], "unknown policy"),
    (["race", "--coin", "2"], "probability"),
    (["race", "--table", "--policies", "never,x"], "unknown policy"),
    (["race", "--board", "{big}", "--first", "win"], "MAX_RACE_STATES"),
    (["race", "--board", "{big}", "--first", "length", "--second", "never", "--exact"], "MAX_EXACT_RACE_STATES"),
    (["race", "--table", "--exact"], "MAX_EXACT_TABLE_WORK"),
    (["race", "--coin", "1e-400"], "a number of 401 digits is above 2147483648 (the limit MAX_ROW_WEIGHT)"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, argv, message):
    big = tmp_path / "big.toml"
    big.write_text("size = 300\n")
    code, out, err = run(capsys, *[str(big) if a == "{big}" else a for a in argv])
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1 and len(err) < 300
    if "--exact" in argv and "{big}" in argv:
        assert "MAX_SERIES_STATES" in err


@pytest.mark.slow(reason="runs pdflatex on three documents")
@pytest.mark.skipif(shutil.which("pdflatex") is None and not os.environ.get("CI"), reason="pdflatex is not installed")
@pytest.mark.parametrize("extra", [[], ["--table", "--policies", "never,length,win"], ["--table"]])
def test_latex_compiles(capsys, tmp_path, board, extra):
    code, out, err = run(capsys, "race", "--board", board, "--format", "latex", *extra)
    assert code == 0, err
    (tmp_path / "out.tex").write_text(out)
    proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "out.tex"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, check=False)
    log = (tmp_path / "out.log").read_text(errors="replace")
    assert proc.returncode == 0, log[-2000:]
    assert "Overfull \\hbox" not in log, log[log.index("Overfull"):][:500]


POLICY = ["never", "0", "-1", "1", "6", "length", "win", "WIN", "7", "-2", "", "x", "1/2"]
OPTIONS = {"--first": POLICY, "--second": POLICY, "--coin": ["1/2", "0", "1", "0.3", "2", "-1", "x", "nan"],
           "--flip": ["1/2", "0", "1", "1.5", "x"], "--rule": ["stay", "bounce", "pass", "hop"],
           "--die": ["fair", "fair:2", "0,1", "1/2,1/2", "x", "fair:0"], "--start": ["0", "3", "19", "20", "-1", "x"],
           "--digits": ["5", "30", "0", "x"], "--format": ["text", "json", "latex"], "--exact": None,
           "--policies": ["never,win", "win", "x", ""], "--table": None}


@st.composite
def race_arguments(draw):
    argv = ["race", "--board", "{board}"]
    for option in draw(st.lists(st.sampled_from(sorted(OPTIONS)), max_size=5, unique=True)):
        values = OPTIONS[option]
        argv += [option] if values is None else [option, draw(st.sampled_from(values))]
    return argv


@settings(max_examples=scaled(10), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(race_arguments())
def test_hostile_options_answer_or_refuse(capsys, board, argv):
    _answer_or_refuse(capsys, board, argv)


@pytest.mark.slow(reason="the race's hostile options at full size: three times the examples, some races of seconds")
@settings(max_examples=scaled(30), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(race_arguments())
def test_hostile_options_answer_or_refuse_at_full_size(capsys, board, argv):
    _answer_or_refuse(capsys, board, argv)


def _answer_or_refuse(capsys, board, argv):
    argv = [board if a == "{board}" else a for a in argv]
    code = main(argv)
    out, err = capsys.readouterr()
    assert code in (0, 2), err
    if code == 2:
        assert out == "" and len(err.strip().splitlines()) == 1
    elif "json" in argv:
        json.loads(out)
