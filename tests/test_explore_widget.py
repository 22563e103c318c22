"""The explorer as a Jupyter widget: the page's own module on the same data, the static page where no widget runs."""

import html
import json
import re
import sys

import pytest

anywidget = pytest.importorskip("anywidget", reason="the widget extra (anywidget) is not installed")

from limits import (  # noqa: E402
    Board,  # noqa: E402
    Perturbation,
    uniform_on,
)
from limits.errors import LimitsError  # noqa: E402
from limits.explore import widget as widget_module  # noqa: E402
from limits.explore.data import explorer_data  # noqa: E402
from limits.explore.page import explorer_html, explorer_script  # noqa: E402
from limits.explore.widget import explore  # noqa: E402
from tests.pages import external_references  # noqa: E402

SMALL = Board(20, {3: 11, 9: 2, 17: 5})


def _plain(data):
    return json.loads(json.dumps(data))


def test_a_loaded_family_opens_on_its_face_and_end():
    w = explore(Perturbation.loaded(SMALL, 2, p_to=0, faces=4))
    assert isinstance(w, anywidget.AnyWidget)
    data = json.loads(w.data)
    assert data == _plain(explorer_data(SMALL, faces=4, delta=2, p_to=0))
    assert data["initial"] == {"family": "d2", "to": 0, "value": "99/100"}
    assert w._esm == explorer_script()  # the page's own module, its anywidget entry included
    assert "export default { render }" in w._esm


def test_any_other_family_is_explored_beside_the_loaded_faces():
    family = Perturbation.between(uniform_on([1, 2], 4), uniform_on([3, 4], 4), SMALL)
    data = json.loads(explore(family).data)
    assert [f["id"] for f in data["families"]] == ["d1", "d2", "d3", "d4", "family"]
    assert data["initial"]["family"] == "family"


def test_the_view_is_a_synced_trait():
    w = explore(board=SMALL, faces=4)
    assert w.trait_metadata("fragment", "sync") and w.trait_metadata("data", "sync")
    w.fragment = "delta=3&p=0.5"
    assert 'standalone("delta=3&p=0.5");' in html.unescape(w._repr_html_())


def test_without_a_widget_manager_the_page_shows():
    w = explore(board=SMALL, faces=4)
    bundle, _ = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    frame = bundle["text/html"]
    assert frame.startswith('<iframe title="limits explorer" srcdoc="') and 'sandbox="allow-scripts"' in frame
    page = html.unescape(re.search(r'srcdoc="([^"]*)"', frame).group(1))
    assert page.startswith("<!DOCTYPE html>") and external_references(page) == []
    assert page == explorer_html(json.loads(w.data), fragment=w.fragment)


def test_without_anywidget_the_widget_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "anywidget", None)  # an import of it now fails
    widget_module._widget_class.cache_clear()
    try:
        with pytest.raises(LimitsError, match=r"chutes-limits\[widget\]"):
            explore(board=SMALL, faces=4)
    finally:
        widget_module._widget_class.cache_clear()
