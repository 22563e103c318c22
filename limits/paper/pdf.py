"""The report as a PDF, where pdflatex is installed: the same document as LaTeX, with PDF figures.

A shell: the report is written as LaTeX by the document model
(:meth:`limits.markup.document.Document.latex`, with :data:`PREAMBLE`);
:func:`compile_pdf` runs pdflatex in a temporary folder with a fixed date and
no trailer id, so that the same report gives the same PDF.
:func:`pdf_unavailable` says, before anything is computed, why the PDF cannot
be made here: no pdflatex, or a LaTeX file the report needs (the class, a
package, the Latin Modern fonts) that kpsewhich does not find. Debian's
``texlive-latex-base`` only recommends the fonts (package ``lmodern``), so an
install without recommends has pdflatex but cannot typeset the report.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Mapping

from ..errors import LimitsError
from ..markup.document import Document

__all__ = ["LatexError", "LatexMissingError", "have_pdflatex", "pdf_unavailable", "tex_files", "latex_failure",
           "pdf_figure", "PREAMBLE", "compile_pdf"]


class LatexError(RuntimeError):
    """pdflatex failed on the report (a bug of ours, not of the input): a first line, then the end of its log."""


class LatexMissingError(LimitsError):
    """The PDF was asked for, and pdflatex or a LaTeX file the report needs is not installed (the message says which)."""


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


_EXTRA_FILES = ("t1lmr.fd",)
"""Files the preamble needs beyond its class and packages: Latin Modern in the T1 encoding."""

_DEBIAN = {"lmodern.sty": "lmodern", "t1lmr.fd": "lmodern"}
"""The Debian package of a LaTeX file, where it is not texlive-latex-base."""


def tex_files() -> tuple[str, ...]:
    """The LaTeX files the report's preamble loads: its class, its packages, the T1 Latin Modern fonts.

    Examples
    --------
    >>> tex_files()[0], tex_files()[-3:]
    ('article.cls', ('fontenc.sty', 'lmodern.sty', 't1lmr.fd'))
    """
    preamble = Document("x").latex(PREAMBLE).split(r"\begin{document}")[0]
    names = [f"{m}.cls" for m in re.findall(r"\\documentclass(?:\[[^]]*\])?\{([^}]*)\}", preamble)]
    for group in re.findall(r"\\usepackage(?:\[[^]]*\])?\{([^}]*)\}", preamble):
        names += [f"{name.strip()}.sty" for name in group.split(",")]
    return (*names, *_EXTRA_FILES)


def pdf_unavailable() -> str | None:
    """Why the report cannot be typeset here, in one line; None when pdflatex and every file it needs are found.

    Where ``kpsewhich`` is missing the files cannot be looked for: None, and
    pdflatex will say.
    """
    if not have_pdflatex():
        return "pdflatex is not installed (Debian: apt-get install texlive-latex-base lmodern)"
    kpsewhich = shutil.which("kpsewhich")
    if kpsewhich is None:
        return None
    wanted = tex_files()
    try:
        proc = subprocess.run([kpsewhich, *wanted], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              errors="replace", timeout=60, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    found = {Path(line.strip()).name for line in proc.stdout.splitlines() if line.strip()}
    missing = [name for name in wanted if name not in found]
    if not missing:
        return None
    packages = sorted({_DEBIAN.get(name, "texlive-latex-base") for name in missing})
    return (f"pdflatex is installed but not the LaTeX files {', '.join(missing)} (Debian: apt-get install "
            f"{' '.join(packages)})")


def latex_failure(exc: LatexError) -> str:
    r"""The first error pdflatex reported, from the log in ``exc``, in one line.

    The ``!`` line of its first error; without one, the log's last line that
    is not blank; without a log, a fixed text.

    Examples
    --------
    >>> latex_failure(LatexError("pdflatex failed on the report:\nx\n! LaTeX Error: File `a.sty' not found.\n."))
    "! LaTeX Error: File `a.sty' not found."
    >>> latex_failure(LatexError("pdflatex failed on the report:\nx\nEmergency stop.\n\n"))
    'Emergency stop.'
    """
    lines = [line for line in str(exc).splitlines()[1:] if line.strip()]  # the log, after the error's first line
    first = next((line for line in lines if line.startswith("!")), None)
    return " ".join((first or (lines[-1] if lines else "pdflatex failed")).split())[:200]
