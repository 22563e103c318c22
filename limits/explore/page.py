"""The explorer as one self-contained HTML page: its data, script and style inside, nothing fetched.

The script is plain ES module JavaScript kept in the package (``exact.js``,
``visits.js`` and ``explorer.js``, joined in that order: no build step); the
data (:func:`~limits.explore.data.explorer_data`) sits in a
``<script type="application/json">`` element. Formulas are MathML, which
browsers typeset themselves, and pictures are inline SVG, so the page needs
no font, no image file and no network: it can be mailed or put on a course
page.
"""

from __future__ import annotations

import html
import json
from functools import lru_cache
from importlib import resources
from typing import Any

__all__ = ["explorer_script", "explorer_style", "explorer_html", "SCRIPTS"]

SCRIPTS = ("exact.js", "visits.js", "explorer.js")
"""The script's parts, in the order they are joined into one module."""

@lru_cache(maxsize=None)
def _text(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def explorer_script() -> str:
    """The explorer's ES module: its parts joined, exporting ``default.render`` (anywidget's entry).

    Examples
    --------
    >>> s = explorer_script()
    >>> "export default { render }" in s, "</script" in s.lower()
    (True, False)
    """
    return "\n".join(_text(name) for name in SCRIPTS)


def explorer_style() -> str:
    """The explorer's CSS (every rule under the class ``lx``)."""
    return _text("explorer.css")


def _json_for_html(data: Any) -> str:
    """JSON that a ``<script>`` element holds as it is: every ``<`` written ``\\u003c`` (still valid JSON and
    JavaScript), so no ``</script>`` ends the element early and no ``<!--`` with a ``<script`` after it keeps
    the element open past its end (HTML's escaped script states).

    Examples
    --------
    >>> _json_for_html({"name": "</script><!--<script>"})
    '{"name":"\\\\u003c/script>\\\\u003c!--\\\\u003cscript>"}'
    """
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")


def explorer_html(data: dict[str, Any], *, fragment: str = "") -> str:
    """The page: the data, the style and the script inlined; the view comes from the address's fragment.

    ``fragment`` is the view shown when the address has none (a page in a frame).

    Examples
    --------
    >>> explorer_html({"board": {"name": "b"}, "families": []}).startswith("<!DOCTYPE html>")
    True
    """
    title = f"limits explorer: {data['board']['name']}"
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{html.escape(title)}</title>",
        f"<style>{explorer_style()}</style>",
        "</head><body>",
        '<div id="explorer"><noscript>The explorer needs JavaScript.</noscript></div>',
        f'<script type="application/json" id="explorer-data">{_json_for_html(data)}</script>',
        f'<script type="module">{explorer_script()}\nstandalone({_json_for_html(fragment)});\n</script>',
        "</body></html>",
    ])
