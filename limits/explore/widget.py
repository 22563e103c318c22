"""The explorer in Jupyter: an anywidget built from a family object, with a static page as its fallback.

The widget runs the page's own ES module (anywidget's ``render`` entry) on
the same data; the view's fragment is a synced trait, so ``w.fragment``
reads the view a person chose and setting it moves the widget. Where no
widget manager runs (a notebook rendered to HTML, the docs), the output's
``text/html`` is the self-contained page in an ``<iframe srcdoc>``.
anywidget is the optional ``widget`` extra, imported only when a widget is made.
"""

from __future__ import annotations

import html
import json
from functools import lru_cache
from typing import Any

from ..errors import LimitsError, one_line
from .data import explorer_data
from .page import explorer_html, explorer_script, explorer_style

__all__ = ["explore", "static_html", "FRAME_HEIGHT"]

FRAME_HEIGHT = 1500
"""Pixels of the fallback's frame (the page scrolls inside it on a narrow screen)."""


def static_html(data: str, *, fragment: str = "") -> str:
    """The explorer page in an ``<iframe srcdoc>``: what a notebook shows without a widget manager.

    Examples
    --------
    >>> static_html('{"board": {"name": "b"}, "families": []}').startswith('<iframe title="limits explorer" srcdoc="')
    True
    """
    page = explorer_html(json.loads(data), fragment=fragment)
    return (f'<iframe title="limits explorer" srcdoc="{html.escape(page, quote=True)}" '
            f'sandbox="allow-scripts" style="width:100%;height:{FRAME_HEIGHT}px;border:0" loading="lazy"></iframe>')


@lru_cache(maxsize=None)
def _widget_class() -> type:
    try:
        import anywidget
        import traitlets
    except ImportError:
        raise LimitsError("the explorer widget needs anywidget: pip install 'chutes-limits[widget]'") from None

    class Explorer(anywidget.AnyWidget):
        """The explorer as a widget: ``data`` (the page's JSON) and ``fragment`` (the view, synced)."""

        _esm = explorer_script()
        _css = explorer_style()
        data = traitlets.Unicode("{}").tag(sync=True)
        fragment = traitlets.Unicode("").tag(sync=True)

        def __repr__(self) -> str:
            d = json.loads(self.data)
            names = ", ".join(f["label"] for f in d.get("families", [])[:1]) + (
                f" and {len(d['families']) - 1} more" if len(d.get("families", [])) > 1 else "")
            return one_line(f"Explorer(board {d.get('board', {}).get('name', '?')}: {names})")

        def _repr_html_(self) -> str:
            return static_html(self.data, fragment=self.fragment)

        def _repr_mimebundle_(self, **kwargs: Any) -> Any:
            got = super()._repr_mimebundle_(**kwargs)
            data, meta = got if isinstance(got, tuple) else (got, {})
            data = {**data, "text/html": self._repr_html_()}
            return data, meta

    Explorer.__module__ = __name__
    return Explorer


def explore(family: Any = None, *, board: Any = None, rule: Any = "stay", faces: int = 6, start: int = 0,
            delta: int | None = None, p_to: int = 1, value: Any = None) -> Any:
    """The explorer of a family, or of a board's loaded die, as a Jupyter widget.

    Parameters
    ----------
    family : Perturbation or Perturbation, optional
        A loaded die's family opens the explorer on its face and end; any
        other family is explored beside the board's loaded faces.
    board, rule, faces, start, delta, p_to, value
        Without a family, as for :func:`~limits.explore.data.explorer_data`.

    Returns
    -------
    anywidget.AnyWidget
        With traits ``data`` and ``fragment``; in a notebook rendered without
        widgets, its ``text/html`` is the static page.

    Raises
    ------
    LimitsError
        Without anywidget (the ``widget`` extra), or as :func:`~limits.explore.data.explorer_data`.

    Examples
    --------
    >>> from limits import Board
    >>> from limits import Perturbation
    >>> w = explore(Perturbation.loaded(Board(6, {2: 4}), 2, faces=2))
    >>> w.fragment = "delta=2&p=0.9"
    >>> repr(w), "srcdoc" in w._repr_mimebundle_()[0]["text/html"]
    ('Explorer(board custom: P(1) = p and 1 more)', True)
    """
    data = explorer_data(board, rule=rule, faces=faces, start=start, family=family, delta=delta, p_to=p_to, value=value)
    return _widget_class()(data=json.dumps(data, separators=(",", ":")))
