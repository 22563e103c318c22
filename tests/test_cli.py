import json
import subprocess
import sys
from fractions import Fraction

import pytest

from limits import build_chain, moments
from limits.cli import main
from limits.distribution import survival
from tests.bruteforce import expected_turns


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_duration_json_default_board(capsys):
    code, out, err = run(capsys, "duration", "--format", "json", "--survival", "10")
    assert code == 0 and err == ""
    data = json.loads(out)
    ref = expected_turns(100, build_chain().board.jump_map, "stay", [Fraction(1, 6)] * 6)[0]
    assert Fraction(data["expected_turns"]["exact"]) == ref
    assert data["expected_turns"]["decimal"].startswith("39.5983656402")
    assert Fraction(data["variance"]["exact"]) == moments(build_chain()).variance
    assert float(data["std"]["decimal"]) == pytest.approx(float(moments(build_chain()).variance) ** 0.5, rel=1e-14)
    assert [Fraction(s["exact"]) for s in data["survival"]] == survival(build_chain(), 10)
    assert (data["median"], data["mode"], data["min_turns"]) == (33, 22, 7)


@pytest.mark.parametrize("extra", [["--board", "althoen"], ["--rule", "bounce"], ["--rule", "pass"],
                                    ["--die", "weighted:6:0.6"], ["--start", "49"]])
def test_duration_variants(capsys, extra):
    code, out, _ = run(capsys, "duration", "--format", "json", "--survival", "2", *extra)
    assert code == 0
    data = json.loads(out)
    opts = dict(zip(extra[::2], extra[1::2]))
    from limits.boardio import resolve_board
    from limits.die import parse_die

    c = build_chain(resolve_board(opts.get("--board", "standard")), parse_die(opts.get("--die", "fair")),
                    opts.get("--rule", "stay"))
    assert Fraction(data["expected_turns"]["exact"]) == c.expected_duration(int(opts.get("--start", 0)))


def test_players(capsys):
    code, out, _ = run(capsys, "duration", "--players", "2", "--format", "json", "--survival", "0")
    data = json.loads(out)
    assert data["players"] == 2 and len(data["win_probability"]) == 2
    lo, hi = Fraction(data["expected_rounds"]["lower"]), Fraction(data["expected_rounds"]["upper"])
    assert lo <= Fraction(data["expected_rounds"]["decimal"]) + Fraction(1, 10**13) and hi >= lo


def test_text_and_latex(capsys):
    code, out, _ = run(capsys, "duration")
    assert code == 0 and "expected turns  39.5983656402082" in out
    code, out, _ = run(capsys, "duration", "--format", "latex", "--survival", "0")
    assert code == 0 and out.startswith(r"\begin{align*}") and r"\frac{" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["duration", "--board", "nowhere"], "no built-in board or file named 'nowhere'"),
        (["duration", "--die", "0.5,0.6"], "must sum to 1"),
        (["duration", "--die", "weighted:7:0.5"], "loaded face must be one of 1..6"),
        (["duration", "--die", "weighted:3:1.5"], r"must lie in \[0, 1\]"),
        (["duration", "--rule", "hop"], "unknown rule"),
        (["duration", "--start", "101"], "start square must be one of 0..100"),
        (["duration", "--die", "weighted:3:1"], r"infinite: .*loop \{53\}"),
        (["duration", "--players", "9"], "players must be a whole number 1..8"),
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
