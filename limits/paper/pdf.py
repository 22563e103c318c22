"""The report as a PDF, where pdflatex is installed: the same document as LaTeX, with PDF figures.

A shell: the report is written as LaTeX by the document model
(:meth:`limits.markup.document.Document.latex`, with :data:`PREAMBLE`);
:func:`compile_pdf` runs pdflatex in a temporary folder with a fixed date and
no trailer id, so that the same report gives the same PDF.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Mapping

__all__ = ["LatexError", "have_pdflatex", "pdf_figure", "PREAMBLE", "compile_pdf"]


class LatexError(RuntimeError):
    """pdflatex failed on the report (a bug of ours, not of the input): the end of its log."""


def have_pdflatex() -> bool:
    """Whether ``pdflatex`` is on the PATH."""
    return shutil.which("pdflatex") is not None


def pdf_figure(fig: Any) -> bytes:
    """A matplotlib figure as PDF bytes without a date, so that they repeat from run to run."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="pdf", bbox_inches="tight", metadata={"CreationDate": None, "ModDate": None})
    return buffer.getvalue()


PREAMBLE = (r"\usepackage[T1]{fontenc}", r"\usepackage{lmodern}", r"\pdftrailerid{}")
"""What the report adds to a document's preamble: scalable fonts, and no trailer id (so the PDF repeats)."""


def compile_pdf(tex: str, figures: Mapping[str, bytes], *, timeout: float = 300) -> bytes:
    """Run pdflatex on ``tex`` with ``figures`` (path -> PDF bytes) beside it; return the PDF.

    The date is fixed (``SOURCE_DATE_EPOCH``) and the trailer id empty, so
    the same input gives the same bytes.

    Raises
    ------
    LatexError
        If pdflatex fails, with the end of its log.
    """
    with tempfile.TemporaryDirectory(prefix="limits-report-") as folder:
        root = Path(folder)
        (root / "report.tex").write_text(tex, encoding="utf-8")
        for name, data in figures.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
        env = {**os.environ, "SOURCE_DATE_EPOCH": "0", "FORCE_SOURCE_DATE": "1"}
        proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape",
                               "report.tex"], cwd=root, env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, errors="replace", timeout=timeout, check=False)
        pdf = root / "report.pdf"
        if proc.returncode != 0 or not pdf.exists():
            raise LatexError("pdflatex failed on the report:\n" + proc.stdout[-2000:])
        return pdf.read_bytes()
