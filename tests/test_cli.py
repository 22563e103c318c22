"""The command line: every command's text, exit codes and options.

Modules: ``limits.cli.limit`` (classify and derive).
"""

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from limits import build_chain
from limits.cli import main
from limits.game.distribution import survival
from tests.bruteforce import expected_turns
from tests.cli_run import run


def test_duration_json_default_board(capsys):
    code, out, err = run(capsys, "duration", "--format", "json", "--survival", "10")
    assert code == 0 and err == ""
    data = json.loads(out)
    ref = expected_turns(100, build_chain().board.jump_map, "stay", [Fraction(1, 6)] * 6)[0]
    assert Fraction(data["expected_turns"]["exact"]) == ref
    assert data["expected_turns"]["decimal"].startswith("39.5983656402")
    assert Fraction(data["variance"]["exact"]) == build_chain().moments().variance
    assert float(data["std"]["decimal"]) == pytest.approx(float(build_chain().moments().variance) ** 0.5, rel=1e-14)
    assert [Fraction(s["exact"]) for s in data["survival"]] == survival(build_chain(), 10)
    assert (data["median"], data["mode"], data["min_turns"]) == (33, 22, 7)


@pytest.mark.parametrize("extra", [["--board", "althoen"], ["--rule", "bounce"], ["--rule", "pass"],
                                    ["--die", "weighted:6:0.6"], ["--start", "49"]])
def test_duration_variants(capsys, extra):
    code, out, _ = run(capsys, "duration", "--format", "json", "--survival", "2", *extra)
    assert code == 0
    data = json.loads(out)
    opts = dict(zip(extra[::2], extra[1::2]))
    from limits.model.board_files import resolve_board
    from limits.model.die import parse_die

    c = build_chain(resolve_board(opts.get("--board", "standard")), parse_die(opts.get("--die", "fair")),
                    opts.get("--rule", "stay"))
    assert Fraction(data["expected_turns"]["exact"]) == c.expected_duration(int(opts.get("--start", 0)))


def test_players(capsys):
    code, out, _ = run(capsys, "duration", "--players", "2", "--format", "json", "--survival", "0")
    data = json.loads(out)
    assert data["players"] == 2 and len(data["win_probability"]) == 2
    rounds = data["rounds"]["expected_rounds"]
    lo, hi = Fraction(rounds["lower"]), Fraction(rounds["upper"])
    assert lo <= Fraction(rounds["decimal"]) + Fraction(1, 10**13) and hi >= lo


def test_text_and_latex(capsys):
    code, out, _ = run(capsys, "duration")
    assert code == 0 and "expected turns  39.5983656402082" in out
    code, out, _ = run(capsys, "duration", "--format", "latex", "--survival", "0")
    # sigma is rounded in prose: its exact value is 70 digits long (the JSON holds it)
    assert code == 0 and out.startswith(r"\documentclass") and r"\sigma \approx 39.5983656" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["duration", "--board", "nowhere"], "no built-in board or file named 'nowhere'"),
        (["duration", "--die", "0.5,0.6"], "must sum to 1"),
        (["duration", "--die", "weighted:7:0.5"], "loaded face must be one of 1..6"),
        (["duration", "--die", "weighted:3:1.5"], r"must lie in \[0, 1\]"),
        (["duration", "--rule", "hop"], "unknown rule"),
        (["duration", "--start", "101"], "start square must be one of 0..100"),
        (["duration", "--players", "9"], "number of players is at most 8 .the limit MAX_PLAYERS"),
        (["duration", "--format", "xml"], "invalid choice"),
        (["nonsense"], "invalid choice"),
        ([], None),
    ],
)
def test_errors_are_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    if message is not None:
        assert err.count("\n") == 1 and err.startswith("limits: error: ")
        import re

        assert re.search(message, err)


def test_board_file_errors(capsys, tmp_path):
    bad = tmp_path / "b.toml"
    bad.write_text("size = 10\n[jumps]\n3 = 7\n7 = 2\n")
    code, _, err = run(capsys, "duration", "--board", str(bad))
    assert code == 2 and "lands on square 7, the start of the jump 7->2" in err


def test_python_dash_m_smoke():
    proc = subprocess.run([sys.executable, "-m", "limits", "duration", "--format", "json", "--survival", "1"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["min_turns"] == 7
    bad = subprocess.run([sys.executable, "-m", "limits", "duration", "--die", "x"],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_limit_json(capsys):
    code, out, _ = run(capsys, "limit", "--delta", "5", "--format", "json", "--terms", "3")
    assert code == 0
    data = json.loads(out)
    assert data["order"] == 0 and data["limit"]["exact"] == "93" and data["leading_coefficient"]["exact"] == "93"
    assert [c["power"] for c in data["coefficients"]] == [0, 1, 2]
    from tests.loaded import sigma_function

    f = sigma_function(delta=5)
    assert [Fraction(c["exact"]) for c in data["coefficients"]] == [a for _, a in f.laurent(3).coefficients]
    assert data["explanation"]["order"] == 0 and data["explanation"]["loops"]


def test_limit_diverging_text_and_latex(capsys):
    code, out, _ = run(capsys, "limit", "--delta", "3")
    assert code == 0 and "diverges like 5/26 * eps^-2" in out
    code, out, _ = run(capsys, "limit", "--delta", "6", "--format", "json")
    data = json.loads(out)
    assert data["limit"]["infinite"] and data["order"] == 1 and data["leading_coefficient"]["exact"] == "5"
    code, out, _ = run(capsys, "limit", "--delta", "6", "--format", "latex")
    assert code == 0 and r"\sigma_{6}(p)" in out and out.startswith(r"\documentclass")


def test_sigma_json(capsys):
    code, out, _ = run(capsys, "sigma", "--delta", "6", "--p", "0.99999999999999999999999", "--format", "json",
                       "--digits", "15")
    assert code == 0
    data = json.loads(out)
    e = data["expected_turns"]
    from tests.loaded import sigma_function

    exact = sigma_function(delta=6)(Fraction("0.99999999999999999999999"))
    assert Fraction(e["exact"]) == exact
    from limits.exact.digits import decimal

    assert e["decimal"] == decimal(exact, 15)
    assert "mpmath" not in data and data["enclosure"] is None  # the exact value alone


def test_sweep_and_optimum(capsys):
    code, out, _ = run(capsys, "sweep", "--delta", "all", "--points", "3", "--format", "json")
    data = json.loads(out)
    assert code == 0 and [p["exact"] for p in data["p"]] == ["0", "1/2", "1"]
    assert data["expected_turns"]["4"][-1]["decimal"] == "31"
    code, out, _ = run(capsys, "sweep", "--delta", "5", "--points", "3", "--workers", "2")
    assert code == 0 and "delta=5" in out
    code, out, _ = run(capsys, "optimum", "--delta", "6", "--format", "json", "--digits", "10")
    data = json.loads(out)["optima"][0]
    assert data["p"]["decimal"] == "0.5633739464" and data["at_one"]["infinite"] and data["at_one"]["loop"]
    code, out, _ = run(capsys, "optimum", "--delta", "all")
    assert code == 0 and out.count("delta=") == 6


@pytest.mark.parametrize(
    "argv, message",
    [
        (["limit", "--delta", "7"], "loaded face must be one of 1..6"),
        (["sigma", "--delta", "3", "--p", "1.5"], r"must lie in \[0, 1\]"),
        (["sweep", "--delta", "x"], "not a face or 'all'"),
        (["sweep", "--delta", "2", "--from", "0.9", "--to", "0.1"], "grid needs"),
        (["limit"], "give --delta D, or --at DIE and --toward DIE"),
    ],
)
def test_weighted_errors(capsys, argv, message):
    import re

    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and re.search(message, err)


def test_classify_json_and_text(capsys):
    code, out, _ = run(capsys, "classify", "--delta", "5", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["counts"] == {"c_loop": 54, "f_loop": 23, "win": 23} and data["psi"] == 16
    assert {"kind": "c", "squares": [73, 78, 83, 88]} == {k: data["loops"][1][k] for k in ("kind", "squares")}
    code, out, _ = run(capsys, "classify", "--delta", "3")
    assert code == 0 and "never wins" in out and "A:  c-loop {53}" in out


def test_derive(capsys):
    code, out, _ = run(capsys, "derive", "--delta", "5", "--format", "latex")
    assert code == 0 and out.startswith(r"\documentclass") and out.rstrip().endswith(r"\end{document}")
    code, out, _ = run(capsys, "derive", "--delta", "6")
    assert code == 0 and "no finite limit" in out


def test_strategies_json(capsys):
    code, out, _ = run(capsys, "strategies", "--format", "json")
    data = json.loads(out)
    assert code == 0 and [s["id"] for s in data["strategies"]] == list(range(-1, 7))
    from limits import build_chain, standard
    from limits.coin.strategies import strategy

    for s in data["strategies"]:
        exact = build_chain(standard(), __import__("limits").fair(), policy=strategy(s["id"], standard())).expected_duration()
        assert Fraction(s["expected_turns"]["exact"]) == exact
    no_chutes = Fraction(data["no_chutes_board"]["expected_turns"]["exact"])
    assert no_chutes > Fraction(data["strategies"][5]["expected_turns"]["exact"])


def test_optimal_json(capsys):
    code, out, _ = run(capsys, "optimal", "--format", "json")
    data = json.loads(out)

    assert code == 0 and Fraction(data["expected_turns"]["exact"]) == build_chain().optimal_policy().expected_turns
    assert 101 in data["flip"] and 56 in data["flip"]
    code, out, _ = run(capsys, "optimal", "--maximise", "--format", "json")
    data = json.loads(out)
    assert data["expected_turns"]["infinite"] and "80" in data["expected_turns"]["reason"]
    assert 81 in data["expected_turns"]["loop"] and 80 not in data["expected_turns"]["loop"]


def test_simulate_json(capsys):
    code, out, err = run(capsys, "simulate", "--games", "20000", "--seed", "5", "--format", "json")
    data = json.loads(out)
    assert code == 0 and err == "" and data["games"] == 20000 and data["unfinished"] == 0
    lo, hi = Fraction(data["ci95"]["lower"]), Fraction(data["ci95"]["upper"])
    assert lo < Fraction(data["mean"]["exact"]) < hi and data["games_per_second"]["float"] > 0
    code2, out2, _ = run(capsys, "simulate", "--games", "20000", "--seed", "5", "--format", "json")
    assert json.loads(out2)["mean"] == data["mean"]  # seeded runs repeat
    code, out, _ = run(capsys, "simulate", "--games", "1e4", "--seed", "1", "--strategy", "optimal")
    assert code == 0 and "10,000 games" in out


@pytest.mark.parametrize("argv, message", [
    (["simulate", "--games", "0"], "must be 1..1e12"),
    (["simulate", "--strategy", "9"], "unknown strategy"),
    (["simulate", "--strategy", "best"], "unknown strategy"),
    (["strategies", "--coin", "2"], r"must lie in \[0, 1\]"),
    (["strategies", "--flip", "x"], "not an exact probability"),
    (["optimal", "--coin", "-1"], r"must lie in \[0, 1\]"),
])
def test_coin_errors(capsys, argv, message):
    import re

    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and re.search(message, err)


def test_version_and_help(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0 and capsys.readouterr().out.startswith("limits 0.")
    assert main([]) == 2 and "usage" in capsys.readouterr().err
