import matplotlib

matplotlib.use("Agg")

from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import FancyArrowPatch, Rectangle  # noqa: E402

from limits.display.plot import WIN_COLOUR, plot_board, plot_classification  # noqa: E402
from limits.limit.walk import classify  # noqa: E402


def test_board_has_every_square_and_jump():
    ax = plot_board()
    assert sum(isinstance(p, Rectangle) for p in ax.patches) == 101
    assert sum(isinstance(p, FancyArrowPatch) for p in ax.patches) == 19


def test_classification_colours_and_outlines(tmp_path):
    fig = Figure()
    ax = fig.add_subplot()
    assert plot_classification(delta=5, ax=ax) is ax
    rects = [p for p in ax.patches if isinstance(p, Rectangle)]
    c = classify(delta=5)
    heavy = sum(r.get_linewidth() > 1 for r in rects)
    assert heavy == sum(len(lp.squares) for lp in c.loops)
    win = matplotlib.colors.to_rgba(WIN_COLOUR)
    assert sum(r.get_facecolor() == win for r in rects) == len(c.win_path)
    fig.savefig(tmp_path / "five.png")
    assert (tmp_path / "five.png").stat().st_size > 5000
