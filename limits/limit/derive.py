"""Derivations as documents: steps of prose, mathematics and tables, printed as text, LaTeX or in Jupyter.

A :class:`Derivation` is a sequence of :class:`~limits.markup.document.Step`
objects, built by :func:`limits.limit.derive_steps.derive_family` from the
hierarchy of a family, and what they concluded. Its :meth:`~Derivation.document`
is a :class:`~limits.markup.document.Document` of the one document model,
rendered as every document is: plain text (the mathematics read aloud), a LaTeX document
for pdflatex, Markdown, and in Jupyter (``_repr_latex_`` in the subset
MathJax and KaTeX typeset, ``_repr_html_`` beside it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..checks import MAX_TEXT_DIGITS
from ..exact.digits import ratio
from ..markup.document import Document, Step, Table
from ..markup.prose import plain
from ..markup.quantities import infinite_quantity, quantity, to_json

__all__ = ["Derivation", "Step", "Table"]


@dataclass(frozen=True)
class Derivation:
    """The steps of a derivation, with what it concluded.

    Attributes
    ----------
    title : str
        Prose.
    steps : tuple of Step
    order, leading_coefficient
        sigma ~ leading_coefficient eps^-order, from the hierarchy (None when infinite).
    levels : tuple of HierarchyLevel
        The aggregated chains (:mod:`limits.limit.hierarchy`, which this module does not import).
    check : Expansion or None
        The whole chain's exact expansion (None when not computed).
    trap : tuple of int or None
        For a family whose game may never end.
    """

    title: str
    steps: tuple[Step, ...]
    order: int | None
    leading_coefficient: Fraction | None
    levels: tuple[Any, ...] = ()
    check: Any = None
    trap: tuple[int, ...] | None = None
    family: Any = field(default=None, compare=False, repr=False)
    """The family derived (a :class:`~limits.limit.perturbed_chain.Perturbation`), for the answer's record."""
    loop: tuple[int, ...] = ()
    """Where a diverging sigma spends its time (:meth:`~limits.limit.hierarchy.Hierarchy.deepest_loop`)."""

    def __repr__(self) -> str:
        if self.trap is not None:
            end = "sigma is infinite"
        else:
            from ..exact.digits import decimal

            end = f"sigma ~ {decimal(self.leading_coefficient, 10)}" + (f" eps^-{self.order}" if self.order else "")
        return f"Derivation({plain(self.title)[:100]}: {len(self.steps)} steps; {end})"

    @property
    def finite(self) -> bool:
        """Whether sigma has a finite limit as eps -> 0."""
        return self.trap is None and self.order == 0

    def document(self) -> Document:
        """The derivation as a document: its title and its steps."""
        return Document(self.title, list(self.steps))

    def text(self, *_: Any) -> str:
        """Plain text, one numbered block per step (its numbers are the steps' own: no digits are asked)."""
        return self.document().text()

    def latex_body(self) -> str:
        """The steps as LaTeX subsections (needs amsmath and longtable; long numbers break in a ragged document)."""
        return self.document().latex_body()

    def latex(self, *_: Any) -> str:
        """A complete LaTeX document that pdflatex compiles."""
        return self.document().latex()

    def _repr_latex_(self) -> str:
        return self.document().mathjax()

    def _repr_html_(self) -> str:
        """Headings, prose, tables and display mathematics, the formulas left for MathJax or KaTeX to typeset."""
        return f'<div class="limits-derivation">{self.document().html_body(level=3)}</div>'

    def _repr_markdown_(self) -> str:
        """Markdown with ``$...$`` mathematics (VS Code and JupyterLab render it with KaTeX or MathJax)."""
        return self.document().markdown(level=3)

    def to_dict(self) -> dict:
        """``order``, ``leading_coefficient`` (from the hierarchy), ``levels``, ``check`` and the steps."""
        if self.trap is not None:
            return {"infinite": True, "loop": self.trap, "steps": tuple(s.to_dict() for s in self.steps)}
        return {"order": self.order, "leading_coefficient": self.leading_coefficient,
                "levels": tuple(lv.to_dict() for lv in self.levels),
                "check": None if self.check is None else self.check.to_dict(),
                "steps": tuple(s.to_dict() for s in self.steps)}

    def to_json(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
        """The dict of ``limits derive``'s JSON schema (without ``schema`` and ``inputs``): the family, the limit,
        the order and leading coefficient from the hierarchy, its levels, the independent check and the steps."""
        from .limit_report import family_head, series_json, trap_quantity

        f = self.family
        out = {**family_head(f), "finite": self.finite}
        steps = [s.to_dict() for s in self.steps]
        if self.trap is not None:
            return {**out, "limit": trap_quantity(f), "order": None, "leading_coefficient": None, "levels": [],
                    "check": None, "steps": steps}
        lead = quantity(self.leading_coefficient, digits, exact_digits)
        limit = lead if self.order == 0 else infinite_quantity(
            f"sigma diverges like {ratio(self.leading_coefficient)} * eps^-{self.order} as eps -> 0", self.loop)
        return {**out, "limit": limit, "order": self.order, "leading_coefficient": lead,
                "levels": to_json(self.levels, digits, exact_digits),
                "check": None if self.check is None else series_json(self.check, digits, exact_digits), "steps": steps}
