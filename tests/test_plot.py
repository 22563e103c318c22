import matplotlib

matplotlib.use("Agg")

from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import FancyArrowPatch, Rectangle  # noqa: E402

from limits.display.plot import WIN_COLOUR, plot_board, plot_classification  # noqa: E402
from limits.markup.numerals import counted  # noqa: E402
from tests.loaded import classify  # noqa: E402


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


def test_classification_has_a_legend_of_every_colour():
    ax = plot_classification(delta=4)
    c = classify(delta=4)
    legend = ax.get_legend()
    labels = [t.get_text() for t in legend.get_texts()]
    assert len(labels) == len(c.loops) + 3 and labels[-2:] == ["ladder", "chute"]
    assert labels[-3] == f"win path: {counted(len(c.win_path), 'square')}"
    for lp, label in zip(c.loops, labels):
        assert label.startswith(f"{lp.kind}-loop {{{', '.join(map(str, lp.squares))}}}")
        assert label.endswith(counted(len(lp.basin), 'square'))
    # each loop's legend colour is the colour of its squares on the board
    faces = {tuple(r.get_facecolor()) for r in ax.patches if isinstance(r, Rectangle)}
    assert all(tuple(h.get_facecolor()) in faces for h in legend.legend_handles[:-2])
