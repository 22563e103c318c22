"""``reproduce`` under faults: the report's files whatever happens to the optional PDF, and a folder that
cannot take them refused before the work.

The report here is a small one (the build is replaced), and pdflatex and
kpsewhich are stand-ins on the PATH where a test needs them to fail in a
given way, so every case runs on any machine in well under a second; the real
pdflatex is used where it is installed with the files the report needs.
"""

import errno
import os
import stat
from pathlib import Path

import pytest

import limits.paper.files
import limits.paper.reproduce
from limits.cli import main
from limits.markup.document import Document
from limits.paper.pdf import LatexMissingError, pdf_unavailable, tex_files
from limits.paper.reproduce import Report, reproduce

REQUIRED = ["figures/a.svg", "derivations/delta_5.tex", "results.json", "report.md", "report.html"]
NOT_LMODERN = ("lmodern.sty", "t1lmr.fd")  # what Debian's texlive-latex-base only recommends


def _small_report():
    doc = Document("A small report")
    doc.paragraph("The expected length is $\\sigma = 39.2$ turns.")
    return Report(doc, {"figures/a.svg": b"<svg xmlns='http://www.w3.org/2000/svg'/>"},
                  {"derivations/delta_5.tex": b"\\[ \\sigma = 93 \\]\n"}, {}, b'{"schema": "limits.reproduce/1"}\n')


@pytest.fixture
def built(monkeypatch):
    """The build replaced by a small report; the list holds the ``pdf`` argument of each build."""
    calls = []

    def build(**kwargs):
        calls.append(kwargs["pdf"])
        return _small_report()

    monkeypatch.setattr(limits.paper.reproduce, "build", build)
    return calls


def _tools(tmp_path, monkeypatch, *, missing=(), latex_error=None):
    """pdflatex and kpsewhich stand-ins first on the PATH: kpsewhich finds every file but ``missing``;
    pdflatex fails with ``latex_error`` (or, without one, the stand-in is not put there)."""
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    drop = " ".join(f"-e {name}" for name in missing) or "-e ^$"
    (bin_ / "log").write_text(f"This is a stand-in.\n{latex_error or ''}\n")
    scripts = {"kpsewhich": f'#!/bin/sh\nfor f in "$@"; do echo "/texmf/$f"; done | grep -v {drop}\nexit 0\n',
               "pdflatex": f"#!/bin/sh\ncat '{bin_ / 'log'}'\nexit 1\n"}
    for name, text in scripts.items():
        (bin_ / name).write_text(text)
        (bin_ / name).chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_}{os.pathsep}{os.environ.get('PATH', '')}")


def _on_disk(out):
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


posix = pytest.mark.skipif(os.name != "posix", reason="the stand-in tools are shell scripts")


@posix
def test_without_the_fonts_the_report_is_whole_and_the_pdf_a_note(tmp_path, monkeypatch, built):
    # the audit's case: pdflatex without lmodern failed after minutes with "internal error: LatexError"
    # and wrote nothing at all
    _tools(tmp_path, monkeypatch, missing=NOT_LMODERN)
    out = tmp_path / "out"
    out.mkdir()
    (out / "report.pdf").write_bytes(b"%PDF- of an older run")
    notes = []
    written = reproduce(out, games=10, note=notes.append)
    assert built == [False]  # the PDF figures are not even drawn
    assert [p.relative_to(out).as_posix() for p in written] == REQUIRED and _on_disk(out) == sorted(REQUIRED)
    assert notes == ["report.pdf not made: pdflatex is installed but not the LaTeX files lmodern.sty, t1lmr.fd "
                     "(Debian: apt-get install lmodern)"]


@posix
def test_a_failing_pdflatex_leaves_the_report_whole_and_says_why(tmp_path, monkeypatch, built):
    _tools(tmp_path, monkeypatch, latex_error="! LaTeX Error: File `lmodern.sty' not found.")
    out = tmp_path / "out"
    notes = []
    written = reproduce(out, games=10, note=notes.append)
    assert built == [True] and [p.relative_to(out).as_posix() for p in written] == REQUIRED
    assert notes == ["report.pdf not made: pdflatex failed: ! LaTeX Error: File `lmodern.sty' not found."]


@posix
def test_a_pdf_asked_for_and_impossible_is_refused_before_the_work(tmp_path, monkeypatch, built):
    _tools(tmp_path, monkeypatch, missing=NOT_LMODERN)
    with pytest.raises(LatexMissingError, match="lmodern.sty"):
        reproduce(tmp_path / "out", games=10, pdf=True)
    assert built == []


@posix
@pytest.mark.parametrize("quiet", [False, True])
def test_the_command_notes_a_missing_pdf_in_one_line_and_exits_0(tmp_path, monkeypatch, built, capsys, quiet):
    _tools(tmp_path, monkeypatch, missing=NOT_LMODERN)
    out = tmp_path / "out"
    code = main(["reproduce", "-o", str(out), *(["-q"] if quiet else [])])
    stdout, stderr = capsys.readouterr()
    note = "report.pdf not made: pdflatex is installed but not the LaTeX files lmodern.sty, t1lmr.fd"
    assert code == 0 and note in stdout and _on_disk(out) == sorted(REQUIRED)
    assert stderr == ("" if quiet else f"limits: note: {note} (Debian: apt-get install lmodern)\n")


@pytest.mark.skipif(pdf_unavailable() is not None, reason=f"no PDF here: {pdf_unavailable()}")
def test_the_pdf_comes_after_the_report(tmp_path, built):
    written = reproduce(tmp_path / "out", games=10)
    names = [p.relative_to(tmp_path / "out").as_posix() for p in written]
    assert names == [*REQUIRED, "report.pdf"] and written[-1].read_bytes().startswith(b"%PDF-")


def test_the_files_the_preamble_needs_are_looked_for():
    files = tex_files()
    assert files[0] == "article.cls" and set(NOT_LMODERN) <= set(files)
    assert {"geometry.sty", "amsmath.sty", "graphicx.sty", "longtable.sty", "array.sty"} <= set(files)


# a folder that cannot take the report is refused before the work


def _refused(capsys, argv, message):
    code = main(["reproduce", *argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err


def test_an_empty_folder_name_is_refused(capsys, built, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # it wrote into the current folder
    _refused(capsys, ["-o", ""], "needs a folder to write into")
    _refused(capsys, ["-o", "  "], "needs a folder to write into")
    with pytest.raises(limits.errors.LimitsError, match="not an empty name"):
        reproduce("", games=10)
    assert built == [] and list(tmp_path.iterdir()) == []


def test_a_full_disk_is_refused_before_the_work(capsys, built, tmp_path, monkeypatch):
    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(limits.paper.files.os, "write", full)  # the folder's trial file cannot be written
    _refused(capsys, ["-o", str(tmp_path / "out")], "No space left on device")
    assert built == [] and list((tmp_path / "out").iterdir()) == []  # no trial file left behind


def test_a_folder_without_write_permission_is_refused_before_the_work(capsys, built, tmp_path, monkeypatch):
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    if os.access(folder, os.W_OK):  # root writes anywhere: the system's refusal, as another user meets it
        def refuse(self, *args, **kwargs):
            raise PermissionError(13, "Permission denied", str(self))

        monkeypatch.setattr(Path, "mkdir", refuse)
    try:
        _refused(capsys, ["-o", str(folder / "out")], "Permission denied")
    finally:
        monkeypatch.undo()
        folder.chmod(stat.S_IRWXU)
    assert built == []


def _system_refuses(folder):
    try:
        os.mkdir(folder)
    except OSError:
        return True
    os.rmdir(folder)
    return False


@pytest.mark.skipif(not _system_refuses("/sys/limits-report"),
                    reason="/sys takes new folders here: no folder the system refuses to stand for a read-only one")
def test_a_folder_the_system_refuses_is_refused_before_the_work(capsys, built):
    _refused(capsys, ["-o", "/sys/limits-report"], "cannot write into '/sys/limits-report'")
    assert built == []


def test_a_folder_name_too_long_is_refused_before_the_work(capsys, built, tmp_path):
    _refused(capsys, ["-o", str(tmp_path / ("a" * 300))], "File name too long")
    assert built == []
