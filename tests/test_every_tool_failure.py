"""Every failure of a tool the report's build runs is told by the tool's own reason.

The class: the paper's build (:mod:`limits.paper.pdf`) runs two tools, and a
failure of either becomes one line a person reads. pdflatex's is taken from
its log: the ``!`` line of its first error when there is one, otherwise the
log's last line that is not blank (what it said last, "Emergency stop.",
"No pages of output."), otherwise (no log at all) a fixed text; never the
header the error puts before the log, a blank, or a line of the middle.
kpsewhich's is the files it did not find, every one and only those. Each
member is checked with stand-in logs (no LaTeX needed): the parser
(``latex_failure``), the run (``compile_pdf``, pdflatex replaced), and the
note of ``reproduce`` and of ``limits reproduce``. The logs are built around a
reason put there by the test, so the expected line is known by construction.

Modules: limits/paper/pdf.py, limits/paper/reproduce.py, limits/cli/explore.py.
"""

import subprocess

import pytest
from hypothesis import given
from hypothesis import strategies as st

import limits.paper.pdf
import limits.paper.reproduce
from limits.cli import main
from limits.markup.document import Document
from limits.paper.pdf import LatexError, compile_pdf, latex_failure, pdf_unavailable, tex_files
from limits.paper.reproduce import Report, reproduce

HEADER = "pdflatex failed on the report:"  # what compile_pdf puts before the log
NOTHING = "pdflatex failed"  # the fixed text: a log with no line to tell


def _line(text):
    return " ".join(text.split())[:200]


noise = st.lists(st.text(st.characters(codec="ascii", exclude_characters="\r\n\x0b\x0c\x1c\x1d\x1e\x85"),
                         max_size=90).filter(lambda s: not s.startswith("!")), max_size=6)
blanks = st.lists(st.sampled_from(["", " ", "\t", "   "]), max_size=3)
reasons = st.text(st.characters(codec="ascii", min_codepoint=32), min_size=1, max_size=250).filter(str.strip)


def _logs(before, reason, after):
    return "\n".join([*before, reason, *after])


# the cases by name: what real pdflatex says, and the edges of the rule

ERROR = "! LaTeX Error: File `lmodern.sty' not found."
CASES = {
    "an error": (f"This is pdfTeX.\n(./report.tex\n{ERROR}\n\nType X to quit.\nl.3 \\usepackage\n"
                 "!  ==> Fatal error occurred, no output PDF file produced!\nTranscript written on report.log.\n",
                 ERROR),
    "no error, the last line": ("This is pdfTeX.\n(./report.tex)\nNo pages of output.\n"
                                "Transcript written on report.log.\n", "Transcript written on report.log."),
    "no error, blanks after the last line": ("(./report.tex\n*\nEmergency stop.\n\n  \n\t\n", "Emergency stop."),
    "no error, one line": ("Emergency stop.", "Emergency stop."),
    "an error spread with spaces": ("x\n!   Undefined    control\tsequence.  \ny\n", "! Undefined control sequence."),
    "a long error": ("! " + "x" * 500 + "\n", ("! " + "x" * 500)[:200]),
    "no log": ("", NOTHING),
    "only blanks": ("\n \n\t\n\n", NOTHING),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_reason_of_each_log_is_its_own(case):
    log, reason = CASES[case]
    assert latex_failure(LatexError(f"{HEADER}\n{log}")) == reason


@given(noise, reasons, noise.map(lambda lines: [s for s in lines if s.strip()]), blanks)
def test_without_an_error_the_reason_is_the_log_s_last_line(before, reason, after, trailing):
    reason = "x" + reason  # not an error line
    log = _logs(before, reason, [*after, *trailing])
    expected = _line(after[-1]) if after else _line(reason)
    assert latex_failure(LatexError(f"{HEADER}\n{log}")) == expected


@given(noise, reasons, st.lists(st.one_of(reasons.map(lambda s: "!" + s), noise.map(" ".join)), max_size=4),
       blanks)
def test_with_an_error_the_reason_is_its_first_error_line(before, reason, after, trailing):
    log = _logs(before, "!" + reason, [*after, *trailing])
    assert latex_failure(LatexError(f"{HEADER}\n{log}")) == _line("!" + reason)


# the run: pdflatex replaced by a stand-in that prints the log


def _pdflatex_prints(monkeypatch, log, code=1):
    def run(argv, **kwargs):
        assert argv[0] == "pdflatex"
        return subprocess.CompletedProcess(argv, code, stdout=log, stderr="")

    monkeypatch.setattr(limits.paper.pdf.subprocess, "run", run)


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("code", [1, 0])  # a failure, and a success that wrote no PDF
def test_a_failed_run_is_told_by_its_log(monkeypatch, case, code):
    log, reason = CASES[case]
    _pdflatex_prints(monkeypatch, "Preamble noise.\n" * 300 + log, code)  # a long log: its end is kept
    with pytest.raises(LatexError) as failed:
        compile_pdf("\\documentclass{article}", {})
    assert latex_failure(failed.value) == (reason if reason != NOTHING else "Preamble noise.")


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_report_s_note_names_the_log_s_reason(tmp_path, monkeypatch, capsys, case):
    log, reason = CASES[case]
    small = Report(Document("A small report"), {}, {}, {}, b'{"schema": "limits.reproduce/1"}\n')
    monkeypatch.setattr(limits.paper.reproduce, "build", lambda **kwargs: small)
    monkeypatch.setattr(limits.paper.reproduce, "pdf_unavailable", lambda: None)
    _pdflatex_prints(monkeypatch, log)
    notes = []
    reproduce(tmp_path / "api", games=10, note=notes.append)
    assert notes == [f"report.pdf not made: pdflatex failed: {reason}"]
    assert main(["reproduce", "-o", str(tmp_path / "cli")]) == 0
    out, err = capsys.readouterr()
    assert f"\nreport.pdf not made: pdflatex failed: {reason}\n" in out
    assert err == f"limits: note: report.pdf not made: pdflatex failed: {reason}\n"


# kpsewhich: the files it did not find


def _kpsewhich_finds(monkeypatch, found, *, tools=("pdflatex", "kpsewhich"), fails=None):
    monkeypatch.setattr(limits.paper.pdf.shutil, "which", lambda name: f"/bin/{name}" if name in tools else None)

    def run(argv, **kwargs):
        assert argv[0] == "/bin/kpsewhich" and tuple(argv[1:]) == tex_files()
        if fails is not None:
            raise fails
        return subprocess.CompletedProcess(argv, 1, stdout="".join(f"/texmf/x/{f}\n" for f in found), stderr="")

    monkeypatch.setattr(limits.paper.pdf.subprocess, "run", run)


@pytest.mark.parametrize("missing", [(), ("lmodern.sty",), ("article.cls",), ("t1lmr.fd", "lmodern.sty"),
                                     tex_files()])
def test_the_missing_files_are_the_ones_kpsewhich_did_not_find(monkeypatch, missing):
    _kpsewhich_finds(monkeypatch, [f for f in reversed(tex_files()) if f not in missing])
    said = pdf_unavailable()
    if not missing:
        assert said is None
        return
    named = said.split("not the LaTeX files ")[1].split(" (Debian")[0].split(", ")
    assert named == [f for f in tex_files() if f in missing]
    packages = said.split("apt-get install ")[1].rstrip(")").split()
    assert ("lmodern" in packages) == bool({"lmodern.sty", "t1lmr.fd"} & set(missing))
    assert ("texlive-latex-base" in packages) == bool(set(missing) - {"lmodern.sty", "t1lmr.fd"})


def test_without_a_tool_to_ask_pdflatex_tells(monkeypatch):
    _kpsewhich_finds(monkeypatch, [], tools=("kpsewhich",))
    assert pdf_unavailable().startswith("pdflatex is not installed")
    for tools, fails in ((("pdflatex",), None), (("pdflatex", "kpsewhich"), OSError("exec format error")),
                         (("pdflatex", "kpsewhich"), subprocess.TimeoutExpired("kpsewhich", 60))):
        _kpsewhich_finds(monkeypatch, [], tools=tools, fails=fails)
        assert pdf_unavailable() is None  # not a list of every file: kpsewhich said nothing of them
