"""The report as one self-contained, reproducible HTML page: figures and formulas embedded as SVG.

A shell over matplotlib (the ``plot`` extra). Figures are saved as SVG with
fixed metadata (no date) and a fixed hash salt, so the same figure gives the
same bytes on every run; formulas written between ``$...$`` are typeset by
matplotlib's mathtext into SVG at build time, so the page needs no script,
no font and no network to show them. Everything goes into the page as
``data:`` URIs: one file that can be mailed.
"""

from __future__ import annotations

import base64
import io
from functools import lru_cache
from typing import Any

from ..markup.document import Document

__all__ = ["svg_bytes", "math_html", "data_uri", "standalone_html"]

SALT = "limits"
"""Hash salt of the SVG ids (matplotlib draws a random one otherwise)."""

MATH_SIZE = 12.0
"""Point size at which formulas are typeset; the page scales them to the size of the text around them."""


def _rc() -> dict[str, Any]:
    return {"svg.hashsalt": SALT, "svg.fonttype": "path", "mathtext.fontset": "cm"}


def svg_bytes(fig: Any) -> bytes:
    """A matplotlib figure as SVG bytes that repeat exactly from run to run.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> fig = Figure(figsize=(2, 1)); _ = fig.add_subplot().plot([0, 1])
    >>> svg_bytes(fig) == svg_bytes(fig), b"<dc:date>" in svg_bytes(fig)
    (True, False)
    """
    import matplotlib

    buffer = io.BytesIO()
    with matplotlib.rc_context(_rc()):
        fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    return buffer.getvalue()


def data_uri(svg: bytes) -> str:
    """An SVG as a ``data:`` URI, for an ``<img src>``.

    Examples
    --------
    >>> data_uri(b"<svg/>")
    'data:image/svg+xml;base64,PHN2Zy8+'
    """
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")


@lru_cache(maxsize=256)
def math_html(tex: str) -> str:
    """A TeX formula (mathtext's subset) typeset as an inline SVG image, set on the text's baseline.

    Its size is given in ``em``, so a formula in a heading is as large as the heading's text.

    The ``alt`` text is the TeX source. A formula mathtext cannot parse is
    kept as text.

    Examples
    --------
    >>> html = math_html(r"\\sigma_5(p) \\to 93")
    >>> html.startswith("<img class='math' src='data:image/svg+xml;base64,"), "alt='\\\\sigma_5(p) \\\\to 93'" in html
    (True, True)
    """
    import html

    import matplotlib
    from matplotlib.figure import Figure
    from matplotlib.font_manager import FontProperties
    from matplotlib.mathtext import MathTextParser

    with matplotlib.rc_context(_rc()):
        prop = FontProperties(size=MATH_SIZE)
        try:
            width, height, depth, *_ = MathTextParser("path").parse(f"${tex}$", dpi=72, prop=prop)
        except ValueError:
            return html.escape(f"${tex}$")
        fig = Figure(figsize=(width / 72, height / 72))
        fig.text(0, depth / height, f"${tex}$", fontproperties=prop)
        buffer = io.BytesIO()
        fig.savefig(buffer, format="svg", dpi=72, transparent=True, metadata={"Date": None})
    return (f"<img class='math' src='{data_uri(buffer.getvalue())}' alt='{html.escape(tex, quote=True)}' "
            f"style='height:{height / MATH_SIZE:.3f}em;vertical-align:-{depth / MATH_SIZE:.3f}em'>")


def standalone_html(doc: Document, figures: dict[str, bytes]) -> str:
    """The document as one HTML page holding its figures (by path, as SVG bytes) and its formulas.

    Raises
    ------
    KeyError
        If the document shows a figure that ``figures`` does not hold.

    Examples
    --------
    >>> doc = Document("T"); doc.paragraph("$x^2$"); doc.figure("figures/a.svg", "A")
    >>> page = standalone_html(doc, {"figures/a.svg": b"<svg/>"})
    >>> "src='figures/" in page, page.count("data:image/svg+xml;base64,")
    (False, 2)
    """
    return doc.html(math=math_html, image=lambda path: data_uri(figures[path]))
