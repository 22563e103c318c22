"""The explorer: one self-contained page (and a Jupyter widget) where p slides and the game changes.

``fragment`` (the view as text: exact values of p, the slider's grids, the
URL fragment), ``views`` (each end's limit, its series as MathML from :mod:`limits.exact.mathml`:
expansions, law, how the board is coloured by the limit game), ``data`` (all
the page's data, computed exactly once), ``page`` (the HTML page, its script
and style inlined) and ``widget`` (the same explorer as an anywidget, the
``widget`` extra, imported only when a widget is made). The page's script is
plain ES module JavaScript kept beside these modules (``exact.js``,
``visits.js``, ``explorer.js``) and inlined: there is no build step.

May import: :mod:`limits.display`, :mod:`limits.limit` and the layers below.
"""

from .data import explorer_data
from .fragment import parse_fragment, parse_value, view_fragment
from .page import explorer_html
from .widget import explore

__all__ = ["explore", "explorer_data", "explorer_html", "parse_fragment", "parse_value",
           "view_fragment"]
