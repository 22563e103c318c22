"""The paper reproduced: what it printed, every claim checked, and the report.

``printed`` (the paper's numbers, as data), ``claims`` (how each is recomputed
and judged: a table of specs), ``reproduce`` (the report, figures and derivations in one folder),
built by ``sections`` (one function per part of the report), rendered by
``page`` (one self-contained HTML page) and ``pdf`` (the same as a PDF, where
pdflatex is installed), and written by ``files`` (atomically, the report last);
``published`` (numbers others published about the board, with their sources)
checked by ``verdicts``, and ``everyday`` (the report's section of several players,
counts along the way and published numbers, for the report), and ``racing``
(the report's section on two players racing, with and without the coin).

May import: every layer but :mod:`limits.cli`.
"""

from .printed import CLAIMS, PAPER_CLASS_COUNTS, PAPER_COLLAPSED, Claim, claim, paper_approximation_limit

__all__ = ["CLAIMS", "PAPER_CLASS_COUNTS", "PAPER_COLLAPSED", "Claim", "claim", "paper_approximation_limit"]
