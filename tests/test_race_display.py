"""What a race shows: one-line reprs, balanced HTML, and the policy map drawn on pyplot's current Axes."""

import pytest

from limits import Board, fair
from limits.display.race_map import CATEGORIES, plot_race_policy, race_policy_grid
from limits.game.seat_chances import seat_chances
from limits.model.chain import chain_of
from limits.race.race import race, race_table
from tests.test_jupyter import check_html

SMALL = dict(board=Board(12, {3: 9, 10: 2, 7: 4}), die=fair(3))


@pytest.fixture(scope="module")
def both_win():
    return race("win", "win", **SMALL)


def test_reprs_are_one_line_and_html_is_balanced(both_win):
    for obj in (both_win, race("never", "length", **SMALL), race_table(("never", "win"), **SMALL),
                seat_chances(chain_of(SMALL["board"], SMALL["die"]), 3)):
        text = repr(obj)
        assert "\n" not in text and len(text) <= 200
        if hasattr(obj, "_repr_html_"):
            check_html(obj._repr_html_())


def test_the_grid_marks_where_win_parts_from_length(both_win):
    grid = race_policy_grid(both_win, 1)
    n = both_win.moves.size
    assert grid.shape == (n, len(both_win.moves.rolls) * (n + 1) - 1)
    assert set(grid.ravel()) <= {-1, *range(len(CATEGORIES))}
    versus = both_win.first.versus_length
    parted = ((grid == 3) | (grid == 4)).sum()
    assert parted >= versus.decisions  # every decision where length is proven worse is marked (ties too)
    one = race_policy_grid(both_win, 2, roll=3)
    assert one.shape == (n, n)


def test_the_map_draws_on_the_current_figure_and_never_shows(both_win, monkeypatch):
    plt = pytest.importorskip("matplotlib.pyplot")
    monkeypatch.setattr(plt, "show", lambda *a, **k: (_ for _ in ()).throw(AssertionError("plt.show()")))
    plt.close("all")
    ax = plot_race_policy(both_win)
    assert ax is plt.gca() and plt.get_fignums() == [1] and ax.images
    _, given = plt.subplots()
    assert plot_race_policy(both_win, 2, roll=2, ax=given) is given
    plt.close("all")
