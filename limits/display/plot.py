"""Pictures (the ``plot`` extra, matplotlib): the board with the classes of the walk.

A thin shell: functions take ``ax=None``, draw, and return the Axes; nothing
is shown or saved here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..exact.known_digits import float_decimal
from ..limit.perturbed_chain import Perturbation
from ..limit.walk import classify
from ..markup.numerals import counted
from ..model.board import Board, standard
from ..model.chain import DELTA
from ..model.layout import WIDTH, cell
from ..model.picture import CHUTE_COLOUR, FLIP_COLOUR, LADDER_COLOUR, LOOP_COLOURS, WIN_COLOUR
from ..model.rules import Rule

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

__all__ = ["plot_board", "plot_classification", "plot_flip_map", "plot_survival", "plot_pmf", "plot_sigma_curves",
           "plot_collapsed", "plot_path", "plot_phase"]


def _axes(ax: Any, figsize: tuple[float, float] | None = None) -> "Axes":
    """``ax``, or the current pyplot Axes (a new figure of ``figsize`` when none is open), as matplotlib's own
    functions do: a notebook then shows the figure with no setup line."""
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    if not plt.get_fignums():
        plt.figure(figsize=figsize)  # None: matplotlib's default size
    return plt.gca()


def _centre(square: int) -> tuple[float, float]:
    col, row = cell(square)
    return col + 0.5, row + 0.5


def plot_board(board: Board | None = None, *, ax: Any = None, colours: dict[int, str] | None = None,
               outlined: set[int] | frozenset[int] = frozenset()) -> "Axes":
    """The board as a boustrophedon grid with ladders (green) and chutes (red).

    Parameters
    ----------
    colours : dict, optional
        Fill colour by square.
    outlined : set, optional
        Squares drawn with a heavy border.

    Examples
    --------
    >>> ax = plot_board()
    >>> len(ax.patches) >= 100
    True
    """
    from matplotlib.patches import FancyArrowPatch, Rectangle

    board = standard() if board is None else board
    ax = _axes(ax, (7, 7.4))
    colours = colours or {}
    rows = (board.size + WIDTH - 1) // WIDTH
    for s in range(0, board.size + 1):
        col, row = cell(s)
        heavy = s in outlined
        ax.add_patch(Rectangle((col, row), 1, 1, facecolor=colours.get(s, "white"),
                               edgecolor="black", linewidth=2.2 if heavy else 0.4, zorder=2 if heavy else 1))
        ax.text(col + 0.08, row + 0.92, str(s), fontsize=6, va="top", ha="left", zorder=3)
    for a, b in board.jumps:
        colour = LADDER_COLOUR if b > a else CHUTE_COLOUR
        ax.add_patch(FancyArrowPatch(_centre(a), _centre(b), arrowstyle="-|>", mutation_scale=9,
                                     color=colour, linewidth=1.4, alpha=0.8, zorder=4,
                                     connectionstyle="arc3,rad=0.12"))
    ax.set_xlim(-1.2, WIDTH + 0.2)
    ax.set_ylim(-0.2, rows + 0.2)
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


def plot_classification(board: Board | None = None, delta: int = DELTA, *, ax: Any = None,
                        rule: Rule | str = Rule.STAY, faces: int = 6) -> "Axes":
    """The board coloured by the walk with P(delta) = 1, as in the paper's figures.

    Each loop and its on-ramp share a colour (the loop's squares outlined);
    the win path is light green. A legend below the board says which colour
    is which, and which arrows are ladders and chutes.

    Examples
    --------
    >>> ax = plot_classification(delta=3)
    >>> ax.get_title()
    'P(3) = 1: c-loop {53} (78 squares), f-loop {99} (2), win path (20)'
    >>> [t.get_text() for t in ax.get_legend().get_texts()][:2]
    ['c-loop {53} (outlined) and its on-ramp: 78 squares', 'f-loop {99} (outlined) and its on-ramp: 2 squares']
    """
    import textwrap

    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    c = classify(Perturbation.loaded(board, delta, rule=rule, faces=faces))
    colours, outlined, rows = c.colouring()
    legend = [Patch(facecolor=colour, edgecolor="black", linewidth=0.4, label=label) for colour, label in rows]
    legend += [Line2D([], [], color=LADDER_COLOUR, linewidth=1.4, label="ladder"),
               Line2D([], [], color=CHUTE_COLOUR, linewidth=1.4, label="chute")]
    ax = plot_board(c.board, ax=ax, colours=colours, outlined=outlined)
    ax.set_title("\n".join(textwrap.wrap(c.summary().replace(f" on {c.board.name}", "", 1), 90)), fontsize=8)
    ax.legend(handles=legend, loc="upper center", bbox_to_anchor=(0.5, 0.0), fontsize=7, frameon=False)
    return ax


def plot_flip_map(board: Board | None = None, flips: Any = (), *, ax: Any = None, title: str | None = None) -> "Axes":
    """The board with the landing squares where a policy flips the coin shaded.

    Parameters
    ----------
    flips : iterable of int, or a strategy
        Landing squares, or a callable ``(start, landing) -> probability``;
        a square is shaded when the policy flips there from some start.

    Examples
    --------
    >>> from limits.coin.strategies import strategy
    >>> b = standard()
    >>> ax = plot_flip_map(b, strategy(4, b))
    >>> ax.get_title()
    'flip on 10 landing squares'
    """
    board = standard() if board is None else board
    if callable(flips):
        policy = flips
        squares = {x for x in range(1, board.size + 1)
                   if any(policy(s, x) > 0 for s in board.squares if s < x)}
    else:
        squares = set(flips)
    ax = plot_board(board, ax=ax, colours={s: FLIP_COLOUR for s in squares})
    flips = len(squares & set(range(1, board.size + 1)))
    ax.set_title(title or f"flip on {counted(flips, 'landing square')}", fontsize=9)
    return ax


def plot_survival(survival: Any, *, mean: float | None = None, median: float | None = None,
                  ax: Any = None) -> "Axes":
    """P(M), the probability the game lasts more than M turns, with the mean and median marked.

    Examples
    --------
    >>> ax = plot_survival([1.0, 1.0, 0.5, 0.25], mean=2.75, median=3)
    >>> len(ax.lines)
    3
    """
    ax = _axes(ax)
    values = [float(x) for x in survival]
    ax.plot(range(len(values)), values, color="#1f77b4", label="$P(M)$")
    if mean is not None:
        ax.axvline(mean, color="#d62728", linestyle="--", label=f"mean {float_decimal(mean, 4)}")
    if median is not None:
        ax.axvline(median, color="#2ca02c", linestyle=":", label=f"median {median}")
    ax.set_xlabel("$M$ (turns)")
    ax.set_ylabel("$P$(the game lasts more than $M$ turns)")
    ax.legend()
    return ax


def plot_pmf(pmf: Any, counts: Any = None, *, ax: Any = None) -> "Axes":
    """The exact pmf of the number of turns, beside a simulated histogram (counts by turn).

    Examples
    --------
    >>> ax = plot_pmf([0, 0.5, 0.5], [0, 40, 60])
    >>> len(ax.patches), len(ax.lines)
    (3, 1)
    """
    ax = _axes(ax)
    exact = [float(x) for x in pmf]
    if counts is not None:
        total = float(sum(counts))
        shown = [float(c) / total for c in list(counts)[: len(exact)]]
        ax.bar(range(len(shown)), shown, width=1.0, color="#aec7e8", label=f"simulated ({int(total)} games)")
    ax.plot(range(len(exact)), exact, color="#d62728", label="exact")
    ax.set_xlabel("turns")
    ax.set_ylabel("probability")
    ax.legend()
    return ax


def plot_sigma_curves(ps: Any, values: dict[int, Any], *, ax: Any = None, log: bool = True) -> "Axes":
    """sigma_delta(p) against p, one curve per delta (``inf`` values are left out).

    Examples
    --------
    >>> ax = plot_sigma_curves([0.1, 0.5], {4: [40.0, 37.8], 6: [45.0, float("inf")]})
    >>> [line.get_label() for line in ax.lines] == ["$\\\\delta = 4$", "$\\\\delta = 6$"]
    True
    """
    import math

    ax = _axes(ax)
    xs = [float(p) for p in ps]
    for d, ys in sorted(values.items()):
        pts = [(x, float(y)) for x, y in zip(xs, ys) if math.isfinite(float(y))]
        ax.plot([x for x, _ in pts], [y for _, y in pts], label=f"$\\delta = {d}$")  # typeset like the captions
    if log:
        ax.set_yscale("log")
    ax.set_xlabel("$P(\\delta)$")
    ax.set_ylabel("expected turns $\\sigma$")
    ax.legend()
    return ax


def plot_collapsed(states: Any, rates: Any, *, ax: Any = None, title: str = "") -> "Axes":
    """A collapsed Win/Loop chain as a diagram: states on a circle, arrows labelled with Q.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> ax = plot_collapsed(["Win", "{53}"], [[F(1, 2), F(1, 2)], [F(1, 5), F(4, 5)]])
    >>> len(ax.texts) >= 4
    True
    """
    import math

    from matplotlib.patches import Circle, FancyArrowPatch

    ax = _axes(ax, (6, 6))
    n = len(states)
    pos = [(math.cos(2 * math.pi * i / n + math.pi / 2), math.sin(2 * math.pi * i / n + math.pi / 2))
           for i in range(n)]
    for i, (label, (x, y)) in enumerate(zip(states, pos)):
        ax.add_patch(Circle((x, y), 0.17, facecolor=WIN_COLOUR if i == 0 else LOOP_COLOURS[(i - 1) % 9],
                            alpha=0.6, edgecolor="black"))
        ax.text(x, y, str(label).replace(", ", ",\n") if len(str(label)) > 10 else str(label),
                ha="center", va="center", fontsize=6)
        if rates[i][i]:
            ax.text(x * 1.32, y * 1.32, f"stay {rates[i][i]}", ha="center", va="center", fontsize=6)
    for i in range(n):
        for j in range(n):
            q = rates[i][j]
            if i == j or not q:
                continue
            (x0, y0), (x1, y1) = pos[i], pos[j]
            ax.add_patch(FancyArrowPatch((x0, y0), (x1, y1), arrowstyle="-|>", mutation_scale=8,
                                         shrinkA=14, shrinkB=14, connectionstyle="arc3,rad=0.15",
                                         color="#555555", linewidth=0.8))
            mx, my = (x0 + x1) / 2 + 0.08 * (y1 - y0), (y0 + y1) / 2 - 0.08 * (x1 - x0)
            ax.text(mx, my, str(q), fontsize=6, ha="center", va="center", color="#333333")
    ax.set_xlim(-1.5, 1.5)
    ax.set_ylim(-1.5, 1.5)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=9)
    return ax


def plot_path(board: Board, path: Any, *, ax: Any = None) -> "Axes":
    """A game's path on the board (a :class:`~limits.game.paths.GamePath`): its squares shaded, a line through
    them turn by turn (by way of each jump's foot), and the path move by move as the title.

    Examples
    --------
    >>> from limits import build_chain
    >>> ax = plot_path(standard(), build_chain().most_likely_path())
    >>> len(ax.lines[0].get_xdata())  # 8 squares and 2 jumps' feet
    10
    """
    import textwrap

    ax = plot_board(board, ax=ax, colours={s: WIN_COLOUR for s in path.squares},
                    outlined={path.squares[0], path.squares[-1]})
    points = [path.squares[0]]
    for t, jump in zip(path.squares[1:], path.jumps):
        points += [jump[0], t] if jump else [t]
    ax.plot(*zip(*map(_centre, points)), color="black", marker="o", markersize=3, linewidth=1.2, zorder=5)
    ax.set_title("\n".join(textwrap.wrap(path.text(), 90)), fontsize=8)
    return ax


def plot_phase(diagram: Any, *, ax: Any = None, extent: float = 3.0) -> "Axes":
    """A phase diagram (:meth:`limits.Perturbation.phase`): each cone ``low < b/a < high`` of the square
    ``[0, extent]^2`` of rates coloured and labelled with sigma's order there."""
    from ..limit.phase import form_text

    ax = _axes(ax, (5, 5))
    edge = (lambda r: (extent, r * extent) if r <= 1 else (extent / r, extent) if r < float("inf") else (0, extent))
    for i, (lo, hi, form) in enumerate(diagram.pieces):
        top = float("inf") if hi is None else float(hi)
        corners = [(0, 0), edge(float(lo))] + ([(extent, extent)] if lo < 1 < top else []) + [edge(top)]
        ax.fill(*zip(*corners), color=f"C{i}", alpha=0.3, lw=0)
        middle = float(lo) + 2 if hi is None else (float(lo) + top) / 2
        ax.annotate(form_text(form), [0.8 * x for x in edge(middle)], ha="center", va="center")
        if hi is not None:
            ax.plot(*zip((0, 0), edge(top)), color="grey", lw=0.8)
            ax.annotate(f"b = {hi}a", edge(top), fontsize=8, color="grey", annotation_clip=False)
    a, b = diagram.faces
    ax.set(xlim=(0, extent), ylim=(0, extent), xlabel="a", ylabel="b", aspect="equal")
    ax.set_title(f"the order of sigma: P({a}) = eps^a, P({b}) = eps^b, the rest on {diagram.delta}", fontsize=10,
                 pad=14)
    return ax
