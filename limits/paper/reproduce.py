"""``limits reproduce -o DIR``: the paper's tables and figures, and ours, in one folder.

A shell: :mod:`limits.paper.sections` computes through the library and draws
with :mod:`limits.display.plot`; :func:`build` holds the whole report in
memory, and :func:`reproduce` writes it: SVG figures under ``figures/``,
LaTeX derivations under ``derivations/``, ``results.json`` (every table and
claim as data, in the JSON convention of the command line, with the schema
``limits schema reproduce``), ``report.md``, and last ``report.html``, one
self-contained page (figures and formulas embedded); with pdflatex
installed, ``report.pdf`` as well.
Every file is written atomically, and two runs with the same settings write
the same bytes. Progress goes to a callback.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping

from ..explore.data import explorer_data
from ..explore.page import explorer_html
from ..markup.document import Document
from .files import write_all
from .page import standalone_html
from .pdf import PREAMBLE, compile_pdf, have_pdflatex
from .results import results_bytes
from .sections import SECTIONS, Sheet

__all__ = ["Report", "build", "reproduce", "STEPS", "TITLE", "EXPLORER"]

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
    doc.link(f"{EXPLORER}#delta=5&p=0.99", EXPLORER, "Slide P(delta) and watch sigma, its expansion and the walk "
             "change, exactly, in the explorer beside this report: ")
    sheet = Sheet(doc, games=games, seed=seed, pdf=pdf)
    for i, (name, section) in enumerate(SECTIONS):
        if progress is not None:
            progress(i, len(STEPS), name)
        section(sheet)
    results = results_bytes(TITLE, {"games": games, "seed": seed}, sheet.results)
    explorer = explorer_html(explorer_data(delta=5)).encode("utf-8")
    return Report(doc, dict(sheet.figures), dict(sheet.derivations), dict(sheet.pdf_figures), results, explorer)


def reproduce(out: str | Path, *, games: int = 1_000_000, seed: int = 2026, pdf: bool | None = None,
              progress: Progress | None = None) -> list[Path]:
    """Write the report, figures and derivations into ``out``; return the files written.

    Everything is computed before the first file is written; each file is
    written atomically, the report last. ``pdf`` asks for ``report.pdf``
    too; by default it is made when pdflatex is installed. See :func:`build`
    for the other parameters.
    """
    if pdf is None:
        pdf = have_pdflatex()
    report = build(games=games, seed=seed, pdf=pdf, progress=progress)
    if progress is not None:
        progress(len(STEPS) - 1, len(STEPS), STEPS[-1])
    return write_all(Path(out), report.files(report.pdf() if pdf else None))
