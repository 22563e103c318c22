"""Every picture of a board, at the pictured limit and one square past it: drawn, or a page that says why not.

The class: a board past :data:`~limits.checks.MAX_PICTURED` squares is not
drawn. A view that drops the picture in silence shows a summary with a hole
where the board was. Every object whose HTML holds a board's picture (found
with ``ast``: a ``_repr_html_`` that calls ``_repr_svg_``) is shown on a
board of exactly the limit (the picture is there) and one square more (no
picture, and a line naming the limit); the explorer's page, whose script
draws the board, shows its own line. The limit is patched down to a small
board so that each view is cheap; the comparison is the same.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import limits
from limits import Board, build_chain, checks, fair

SMALL = 12
"""The limit the tests patch in (the real one is 400 squares)."""

VIEWS = {
    "limits.model.board.Board": lambda board: board,
    "limits.model.chain.Chain": lambda board: build_chain(board, fair(3)),
    "limits.coin.best_policy.OptimalPolicy": lambda board: build_chain(board, fair(3)).optimal_policy(),
    "limits.limit.walk.Classification": lambda board: build_chain(board, fair(3)).classify(1),
}
"""Each object whose HTML shows a board's picture, built on a board."""


def _showing_a_picture() -> set[str]:
    """Classes whose ``_repr_html_`` calls ``_repr_svg_``."""
    root = Path(limits.__file__).parent
    found = set()
    for path in root.rglob("*.py"):
        module = ".".join(path.relative_to(root.parent).with_suffix("").parts)
        for cls in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(cls, ast.ClassDef):
                continue
            for f in cls.body:
                if isinstance(f, ast.FunctionDef) and f.name == "_repr_html_" and any(
                        isinstance(n, ast.Attribute) and n.attr == "_repr_svg_" for n in ast.walk(f)):
                    found.add(f"{module}.{cls.name}")
    return found


def test_every_view_with_a_board_picture_is_here():
    # the collapsed chain draws its few states, not a board: it has no pictured limit
    assert _showing_a_picture() - {"limits.limit.collapse.CollapsedChain"} == set(VIEWS)


@pytest.fixture
def pictured(monkeypatch):
    """MAX_PICTURED patched to SMALL wherever it is read (every module imported first: one imported while the
    limit is patched would keep the patched value for good)."""
    modules = [importlib.import_module(name) for name in ("limits.checks", "limits.model.board",
                                                          "limits.model.picture", "limits.explore.views")]
    for module in modules:
        if hasattr(module, "MAX_PICTURED"):
            monkeypatch.setattr(module, "MAX_PICTURED", SMALL)
    assert checks.MAX_PICTURED == SMALL


@pytest.mark.parametrize("view", sorted(VIEWS))
def test_a_board_at_the_limit_is_drawn_and_one_past_it_says_why_not(view, pictured):
    for size, drawn in ((SMALL, True), (SMALL + 1, False)):
        shown = VIEWS[view](Board(size, {2: size - 2}))
        html = shown._repr_html_()
        assert ("<svg" in html) is drawn, (view, size)
        assert (shown._repr_svg_() is not None) is drawn
        if not drawn:
            assert f"the board has {size} squares" in html and f"drawn up to {SMALL} (MAX_PICTURED)" in html


def test_the_explorer_says_a_board_is_too_large_to_draw(pictured):
    from limits.explore.data import explorer_data
    from limits.explore.page import explorer_script
    from limits.explore.views import picture

    for size, drawn in ((SMALL, True), (SMALL + 1, False)):
        data = explorer_data(board=Board(size, {2: size - 2}), faces=3)
        assert (data["picture"] is not None) is drawn
        from limits import Perturbation

        assert (picture(Perturbation.loaded(Board(size, {2: size - 2}), 1, faces=3)) is not None) is drawn
    assert '"(the board is too large to draw)"' in explorer_script()  # what the page shows without a picture


def test_the_real_limit_draws_its_largest_board():
    board = Board(checks.MAX_PICTURED, {2: 300, 350: 7})
    assert board._repr_svg_() is not None and Board(checks.MAX_PICTURED + 1)._repr_svg_() is None
    assert "No picture: the board has 401 squares" in Board(checks.MAX_PICTURED + 1)._repr_html_()
