"""What a race shows: one-line reprs, balanced HTML, and the policy map drawn on pyplot's current Axes."""

import pytest

from limits import Board, build_chain, fair
from limits.display.race_map import CATEGORIES, plot_race_policy, race_policy_grid
from limits.game.seat_chances import seat_chances
from tests.test_jupyter import check_html

SMALL = build_chain(Board(12, {3: 9, 10: 2, 7: 4}), fair(3))


@pytest.fixture(scope="module")
def both_win():
    return SMALL.race("win", "win")


def test_reprs_are_one_line_and_html_is_balanced(both_win):
    for obj in (both_win, SMALL.race("never", "length"), SMALL.race_table(("never", "win")), seat_chances(SMALL, 3)):
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


def test_latex_reprs_typeset_in_mathjax_with_the_certified_digits(both_win):
    import re
    from fractions import Fraction

    from tests.test_jupyter import check_latex

    fixed = SMALL.race("never", "length")
    table = SMALL.race_table(("never", "win"))
    for obj in (both_win, fixed, table):
        latex = check_latex(obj._repr_latex_())
        assert "\\allowbreak" not in latex
    shown = re.search(r"\\text\{first \(never\) wins\} & (=|\\approx) ([0-9.]+)", fixed._repr_latex_())
    value = fixed.first_wins
    digits = shown.group(2)
    assert abs(Fraction(digits) - value) <= Fraction(1, 2 * 10 ** len(digits.split(".")[1]))
    assert (shown.group(1) == "=") == (Fraction(digits) == value)
    gain = both_win.first.versus_length.gain
    assert "gain of win over length, seat 1" in both_win._repr_latex_() and (gain.lower > 0) == (
        "\\in" not in both_win._repr_latex_().split("seat 1}")[1].split("\\\\")[0])
    assert table._repr_latex_().count("\\\\") == len(table.policies)


def test_the_maps_panels_keep_their_ticks_apart():
    """The last tick of a roll's panel stood beside the next panel's first ("99|0" on the paper's board)."""
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    race = build_chain(Board(17, {3: 9}), fair(3)).race("length", "length")
    n = race.moves.size
    ticks = plot_race_policy(race, ax=Figure().add_subplot()).get_xticks()
    assert n == 16 and min(b - a for a, b in zip(ticks, ticks[1:])) >= n // 5
