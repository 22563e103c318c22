import matplotlib

matplotlib.use("Agg")

from fractions import Fraction  # noqa: E402

import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch  # noqa: E402

from limits import Perturbation  # noqa: E402
from limits.display.hierarchy import plot_hierarchy, plot_length_law  # noqa: E402


def test_hierarchy_figure_has_every_state_and_rate(tmp_path):
    h = Perturbation.loaded(delta=4).hierarchy()
    fig = Figure(figsize=(8, 4))
    ax = fig.add_subplot()
    assert plot_hierarchy(h, ax=ax) is ax
    states = sum(len(lv.states) for lv in h.levels) + 1  # and the start
    assert sum(isinstance(p, FancyBboxPatch) for p in ax.patches) == states
    rates = sum(1 for lv in h.levels for row in lv.rates for r in row if r)
    rates += sum(1 for lv in h.levels for g in lv.to_goal if g)
    entries = sum(1 for c in range(len(h.levels[0].states)) if h.analysis.entry(0, 0, c, 3))
    assert sum(isinstance(p, FancyArrowPatch) for p in ax.patches) == rates + entries
    fig.savefig(tmp_path / "h.png")
    assert (tmp_path / "h.png").stat().st_size > 5000


def test_two_levels_are_joined():
    fig = Figure()
    ax = plot_hierarchy(Perturbation.loaded(delta=3).hierarchy(), ax=fig.add_subplot())
    assert len(ax.lines) == 1  # {53} of level 2 over {53} of level 1


def test_length_law_figure():
    law = Perturbation.loaded(delta=5).law()
    fig = Figure()
    ax = plot_length_law(law, [Fraction(1, 20), Fraction(1, 40)], ax=fig.add_subplot())
    assert len(ax.lines) == 3 and "77/5" in ax.get_ylabel()


def test_no_scaled_law_to_draw():
    law = Perturbation.loaded(delta=2, p_to=0).law()
    with pytest.raises(ValueError, match="no scaled law"):
        plot_length_law(law, [Fraction(1, 10)], ax=Figure().add_subplot())
