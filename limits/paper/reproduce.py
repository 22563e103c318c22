"""``limits reproduce -o DIR``: the paper's tables and figures, and ours, in one folder.

A shell: :mod:`limits.paper.sections` computes through the library and draws
with :mod:`limits.display.plot`; :func:`build` holds the whole report in
memory, and :func:`reproduce` writes it: SVG figures under ``figures/``,
LaTeX derivations under ``derivations/``, ``results.json`` (every table and
claim as data, in the JSON convention of the command line, with the schema
``limits schema reproduce``), ``report.md``, and last ``report.html``, one
self-contained page (figures and formulas embedded). These are the report;
``report.pdf`` is an optional stage after them, made where pdflatex and the
LaTeX files it needs are installed (:func:`~limits.paper.pdf.pdf_unavailable`,
asked before anything is computed). A PDF that cannot be made never costs
the report: it is left out with a one-line note, and a ``report.pdf`` in the
folder is always this run's.
The folder is made and tried with a small file first, so that a folder that
cannot take the report fails before the work. Every file is written
atomically, and two runs with the same settings write the same bytes.
Progress goes to a callback.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from ..errors import LimitsError
from ..explore.data import explorer_data
from ..explore.page import explorer_html
from ..markup.document import Document
from .files import prepare_folder, write_all, write_atomic
from .page import standalone_html
from .pdf import PREAMBLE, LatexError, LatexMissingError, compile_pdf, latex_failure, pdf_unavailable
from .sections import SECTIONS, Sheet, results_bytes

__all__ = ["Report", "build", "settings", "reproduce", "STEPS", "TITLE", "EXPLORER"]

STEPS = (*(name for name, _ in SECTIONS), "writing")
"""The progress steps, in order."""

TITLE = "Limit Cases and Strategy in Chutes & Ladders, reproduced"

EXPLORER = "explorer.html"
"""The explorer page of the paper's board (:mod:`limits.explore`), written beside the report and linked from it."""

Progress = Callable[[int, int, str], None]


@dataclass(frozen=True)
class Report:
    """The report in memory: the document, its figures (path -> SVG), derivations (path -> LaTeX) and results.

    ``results`` is the content of ``results.json``; ``pdf_figures`` (path ->
    PDF) are drawn only for a report that will be compiled to PDF; ``explorer``
    is the page :data:`EXPLORER`.
    """

    doc: Document
    figures: Mapping[str, bytes]
    derivations: Mapping[str, bytes]
    pdf_figures: Mapping[str, bytes] = field(default_factory=dict)
    results: bytes = b""
    explorer: bytes = b""

    def files(self, pdf: bytes | None = None) -> dict[str, bytes]:
        """Every file, by path under the output folder, in the order written: ``report.html`` last."""
        return {**self.figures, **self.derivations, "results.json": self.results,
                **({EXPLORER: self.explorer} if self.explorer else {}),
                "report.md": self.doc.markdown().encode("utf-8"),
                **({"report.pdf": pdf} if pdf is not None else {}),
                "report.html": standalone_html(self.doc, dict(self.figures)).encode("utf-8")}

    def pdf(self) -> bytes:
        """The report compiled by pdflatex (needs :attr:`pdf_figures`).

        Raises
        ------
        LatexError
            If pdflatex fails.
        """
        return compile_pdf(self.doc.latex(PREAMBLE), self.pdf_figures)


def settings(games: int, seed: int) -> dict[str, Any]:
    """What ``results.json`` records of how it was made: the games, the seed, the version and the command line.

    The command line leaves out the folder, so that the same settings write the same bytes wherever they go.

    Examples
    --------
    >>> settings(1000, 7)["command_line"]
    'limits reproduce --games 1000 --seed 7'
    """
    from .._identity import __version__

    return {"games": games, "seed": seed, "version": __version__,
            "command_line": f"limits reproduce --games {games} --seed {seed}"}


def build(*, games: int = 1_000_000, seed: int = 2026, pdf: bool = False,
          progress: Progress | None = None) -> Report:
    """Compute every section of the report; write nothing.

    Parameters
    ----------
    games : int
        Simulated games for the histogram and the strategy check.
    seed : int
        Seed of the simulations, so the report repeats.
    pdf : bool
        Also draw the figures as PDF, for :meth:`Report.pdf`.
    progress : callable, optional
        Called as ``progress(step, len(STEPS), name)`` before each section.
    """
    doc = Document(TITLE)
    doc.paragraph("Every number below is computed by limits in exact rational arithmetic (decimals are the exact "
                  "values rounded) and checked a second way in its test suite. The paper's own claims are "
                  "compared in the last section.")
    doc.link(f"{EXPLORER}#delta=5&p=0.99", EXPLORER, "Slide $P(\\delta)$ and watch $\\sigma$, its expansion and the walk "
             "change, exactly, in the explorer beside this report: ")
    sheet = Sheet(doc, games=games, seed=seed, pdf=pdf)
    for i, (name, section) in enumerate(SECTIONS):
        if progress is not None:
            progress(i, len(STEPS), name)
        section(sheet)
    results = results_bytes(TITLE, settings(games, seed), sheet.results)
    explorer = explorer_html(explorer_data(delta=5)).encode("utf-8")
    return Report(doc, dict(sheet.figures), dict(sheet.derivations), dict(sheet.pdf_figures), results, explorer)


Note = Callable[[str], None]


def reproduce(out: str | Path, *, games: int = 1_000_000, seed: int = 2026, pdf: bool | None = None,
              progress: Progress | None = None, note: Note | None = None) -> list[Path]:
    """Write the report, figures and derivations into ``out``; return the files written.

    ``out`` is made and tried first; then everything is computed before the
    first file is written; each file is written atomically, ``report.html``
    last of the report's files, and ``report.pdf`` after them (a stale one
    from an earlier run is removed first). See :func:`build` for ``games``,
    ``seed`` and ``progress``.

    Parameters
    ----------
    pdf : bool, optional
        None (the default): ``report.pdf`` too where pdflatex and its LaTeX
        files are installed, else ``note`` says why not. True: the PDF is
        required. False: no PDF.
    note : callable, optional
        Called with one line when the PDF is left out (default: nothing).

    Raises
    ------
    LimitsError
        For an empty folder name.
    LatexMissingError
        With ``pdf=True``, before any work, when pdflatex or a LaTeX file it
        needs is missing.
    LatexError
        With ``pdf=True``, after the report's other files are written, when
        pdflatex fails on it.
    OSError
        When a file cannot be written (before any work, for the folder).
    """
    if str(out).strip() == "":
        raise LimitsError("the report needs a folder to write into, not an empty name")
    root = Path(out)
    prepare_folder(root)
    missing = pdf_unavailable() if pdf is not False else None
    if pdf is True and missing is not None:
        raise LatexMissingError(f"report.pdf cannot be made: {missing}")
    make_pdf = pdf is not False and missing is None
    report = build(games=games, seed=seed, pdf=make_pdf, progress=progress)
    if progress is not None:
        progress(len(STEPS) - 1, len(STEPS), STEPS[-1])
    written = write_all(root, report.files(None))
    (root / "report.pdf").unlink(missing_ok=True)  # an older run's: it would not match this report
    if missing is not None:
        _say(note, f"report.pdf not made: {missing}")
        return written
    if make_pdf:
        try:
            data = report.pdf()
        except (LatexError, OSError, subprocess.SubprocessError) as exc:
            if pdf:
                raise
            reason = latex_failure(exc) if isinstance(exc, LatexError) else f"{type(exc).__name__}: {exc}"
            _say(note, f"report.pdf not made: pdflatex failed: {reason}")
            return written
        write_atomic(root / "report.pdf", data)
        written.append(root / "report.pdf")
    return written


def _say(note: Note | None, line: str) -> None:
    if note is not None:
        note(" ".join(line.split()))
