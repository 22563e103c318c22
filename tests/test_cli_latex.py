"""Every command's ``--format latex`` is a complete document that pdflatex compiles without an overfull line, and
without breaking a numeral.

The document's shape and its numerals are checked in the default run; running
pdflatex on each (about 0.3 s a document) is an end-to-end check, marked slow
(``.ci/run`` runs it). CI installs pdflatex; locally those tests skip only when
pdflatex is missing and CI is not set.

Modules: ``limits.cli.coin`` (the coin commands' documents).
"""

import os
import re
import shutil
import subprocess

import pytest

from limits.cli import main

PDFLATEX = shutil.which("pdflatex")
needs_pdflatex = pytest.mark.skipif(PDFLATEX is None and not os.environ.get("CI"), reason="pdflatex is not installed")

BOARD = "size = 30\nname = 'tiny_board & co'\n[jumps]\n3 = 17\n12 = 2\n20 = 29\n27 = 5\n"

RUNS = [
    ["duration"],
    ["duration", "--players", "3", "--survival", "0", "--digits", "40"],
    ["duration", "--die", "weighted:3:1"],
    ["duration", "--board", "{board}", "--rule", "bounce", "--die", "1/7,1/7,1/7,1/7,1/7,2/7"],
    ["limit", "--delta", "5"],  # a degree-75 polynomial
    ["limit", "--delta", "3", "--terms", "8"],
    ["limit", "--delta", "2", "--board", "{board}", "--rule", "pass"],
    ["derive", "--delta", "5"],
    ["derive", "--delta", "6"],
    ["limit", "--delta", "1", "--p-to", "0", "--terms", "3"],  # long fractions in the law's sentence too
    ["limit", "--at", "0,1/2,0,0,1/2,0", "--toward", "1/4,0,1/4,1/4,0,1/4"],
    ["limit", "--at", "0,0,0,1,0,0", "--toward", "0,0,0,0,0,1"],  # infinite for every eps
    ["limit", "--delta", "2", "--board", "{board}", "--p-to", "0"],
    ["derive", "--delta", "3", "--p-to", "0"],
    ["derive", "--at", "0,1/2,0,0,1/2,0", "--toward", "1/4,0,1/4,1/4,0,1/4"],
    ["derive", "--at", "0,0,0,1,0,0", "--toward", "0,0,0,0,0,1"],
    ["stats", "--square", "80", "--jump", "87"],
    ["stats", "--die", "weighted:3:1"],
    ["sigma", "--delta", "6", "--p", "0.99999999999999999999999"],
    ["sigma", "--delta", "3", "--p", "1"],  # infinite
    ["sigma", "--at", "0,1/2,0,0,1/2,0", "--toward", "1/4,0,1/4,1/4,0,1/4", "--eps", "1/100"],
    ["sweep", "--delta", "all", "--points", "4"],
    ["sweep", "--at", "0,0,0,1,0,0", "--toward", "0,0,0,0,0,1", "--points", "3"],
    ["optimum", "--delta", "all", "--digits", "8"],
    ["optimum", "--at", "0,1/2,0,0,1/2,0", "--toward", "1/4,0,1/4,1/4,0,1/4", "--digits", "8"],
    ["strategies", "--board", "{board}"],
    ["strategies"],
    ["optimal"],
    ["optimal", "--maximise"],  # unbounded
    ["players", "--players", "1..3", "--digits", "12"],
    ["classify", "--delta", "5"],
    ["classify", "--delta", "2", "--board", "{board}", "--rule", "bounce"],
]


def _document(capsys, tmp_path, argv) -> str:
    """The LaTeX of ``limits ARGV --format latex`` (the tiny board written to ``tmp_path``), which must answer."""
    board = tmp_path / "board.toml"
    board.write_text(BOARD)
    code = main([a.format(board=board) for a in argv] + ["--format", "latex"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


@pytest.mark.parametrize("argv", RUNS, ids=lambda a: " ".join(a))
def test_latex_is_a_whole_document_without_long_numerals(capsys, tmp_path, argv):
    out = _document(capsys, tmp_path, argv)
    assert out.startswith("\\documentclass") and out.rstrip().endswith("\\end{document}")
    body = "\n".join(x for x in out.splitlines() if not x.startswith("%"))
    assert "\\allowbreak" not in body  # a numeral is never broken across lines
    if "--digits" not in argv:  # a long exact value is cut to its first digits (the JSON holds it whole)
        assert max(map(len, re.findall(r"\d+", body))) <= 20, max(re.findall(r"\d+", body), key=len)


@pytest.mark.slow(reason="runs pdflatex on each command's document")
@needs_pdflatex
@pytest.mark.parametrize("argv", RUNS, ids=lambda a: " ".join(a))
def test_latex_compiles_without_overfull_boxes(capsys, tmp_path, argv):
    (tmp_path / "out.tex").write_text(_document(capsys, tmp_path, argv))
    proc = subprocess.run([PDFLATEX or "pdflatex", "-interaction=nonstopmode", "-halt-on-error", "out.tex"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    log = (tmp_path / "out.log").read_text(errors="replace")
    assert proc.returncode == 0, log[-2000:]
    assert "Overfull \\hbox" not in log, log[log.index("Overfull"):][:500]


@pytest.mark.slow(reason="runs pdflatex")
@needs_pdflatex
@pytest.mark.parametrize("argv", [["limit", "--delta", "5"], ["limit", "--delta", "3"], ["limit", "--delta", "1",
                                                                                           "--p-to", "0"]],
                         ids=lambda a: " ".join(a))
def test_a_limit_prints_on_one_page(capsys, tmp_path, argv):
    """Sixty-digit coefficients are read as decimals (the exact integers are in the JSON): one page."""
    main([*argv, "--format", "latex"])
    out = capsys.readouterr().out
    (tmp_path / "out.tex").write_text(out)
    subprocess.run([PDFLATEX or "pdflatex", "-interaction=nonstopmode", "-halt-on-error", "out.tex"],
                   cwd=tmp_path, capture_output=True, text=True, timeout=120, check=True)
    log = (tmp_path / "out.log").read_text(errors="replace")
    assert "Output written on out.pdf (1 page," in log, log[-500:]
    assert not re.search(r"\d{21}", out)  # a long exact value is cut to its first digits, never runs off the page


@pytest.mark.parametrize("argv", [["sigma", "--delta", "2", "--p", "1/2"], ["strategies"], ["optimal"]])
def test_a_board_name_with_dollars_is_text_not_mathematics(capsys, tmp_path, argv):
    # the name went into the document's prose as it was: its dollars opened mathematics, in which \input ran
    (tmp_path / "board.json").write_text('{"size": 8, "jumps": [[2, 5]], "name": "x$\\\\input{secret}$ y"}')
    assert main([*argv, "--board", str(tmp_path / "board.json"), "--format", "latex"]) == 0
    body = [line for line in capsys.readouterr().out.splitlines() if not line.startswith("%")]  # not the record
    assert any("Board x\\$\\textbackslash{}input\\{secret\\}\\$ y, rule stay" in line for line in body)
    assert not any("\\input" in line for line in body)



def test_a_board_name_with_line_breaks_stays_in_the_records_comment(capsys, tmp_path):
    # the record of the inputs is a LaTeX comment (and text's first line): a name's line break ended it
    (tmp_path / "board.json").write_text('{"size": 8, "jumps": [[2, 5]], "name": "x\\n\\\\input{secret}\\ry"}')
    for fmt in ("latex", "text"):
        assert main(["duration", "--board", str(tmp_path / "board.json"), "--format", fmt]) == 0
        lines = capsys.readouterr().out.splitlines()
        record = lines[1] if fmt == "latex" else lines[0]
        assert "board x\\n\\input{secret}\\ry (from file" in record
        assert not any(line.startswith("\\input") or line.startswith("y (from") for line in lines)


def test_classify_latex_holds_the_texts_grid_verbatim_and_its_sentence_typeset(capsys, tmp_path):
    (tmp_path / "board.json").write_text('{"size": 8, "jumps": [[2, 5]], "name": "x$\\\\input{secret}$ y"}')
    argv = ["classify", "--delta", "2", "--board", str(tmp_path / "board.json")]
    assert main(argv) == 0
    sentence, grid = capsys.readouterr().out.split("\n", 1)[1].split("\n\n", 1)
    assert main([*argv, "--format", "latex"]) == 0
    out = "\n".join(line for line in capsys.readouterr().out.splitlines() if not line.startswith("%"))  # not the record
    assert f"\\begin{{verbatim}}\n{grid.rstrip()}\n\\end{{verbatim}}" in out
    assert "on board x\\$\\textbackslash{}input\\{secret\\}\\$ y:" in out and "$P(2) = 1$" in out
    assert "\\input" not in out.replace("\\textbackslash{}input", "")
