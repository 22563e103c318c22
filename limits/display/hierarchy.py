"""Pictures of the limit explorer (the ``plot`` extra): the hierarchy, and the game length's limit law.

A thin shell: every function takes ``ax=None`` (then draws on ``plt.gca()``,
so a notebook shows it), draws what :mod:`limits.limit` computed, and returns
the Axes; nothing is shown or saved here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Sequence

from ..errors import LimitsError
from ..exact.digits import decimal, ratio
from ..limit.hierarchy import Hierarchy
from ..limit.length_law import LengthLaw
from .plot import _axes

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

__all__ = ["plot_hierarchy", "plot_length_law"]

STATE_COLOUR = "#9ecae1"
CLOSED_COLOUR = "#fdae6b"


def _short(squares: tuple[int, ...]) -> str:
    inside = ", ".join(map(str, squares[:3])) + (", ..." if len(squares) > 3 else "")
    return "{" + inside + "}"


SPACING = 2.4
"""Horizontal distance between neighbouring states of level 1."""


def _positions(h: Hierarchy) -> list[list[float]]:
    """x of every state of every level: level 1 evenly spaced, a class above the mean of its members."""
    out: list[list[float]] = []
    for lv in h.levels:
        if not out:
            out.append([SPACING * i for i in range(len(lv.states))])
        else:
            below = out[-1]
            out.append([sum(below[m] for m in s.members) / len(s.members) for s in lv.states])
    return out


def plot_hierarchy(h: Hierarchy, *, ax: Any = None) -> "Axes":
    """The hierarchy: the states of each level (a row each), their rates as labelled arrows, and the exits.

    Level k's arrows carry the coefficients of eps^k: between states (arcs
    above the row to the right, below it to the left) and to the goal (a short
    arrow up). A state that is closed at its level (it becomes a state of the
    level above, joined by dotted lines) is drawn in orange. The start sits
    below, with its chances of entering level 1 (the leading term and its
    order in eps).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from limits import Perturbation
    >>> _ = plt.figure()
    >>> ax = plot_hierarchy(Perturbation.loaded(delta=3).hierarchy())
    >>> sorted(t.get_text() for t in ax.texts if "/" in t.get_text())
    ['12/25 eps^2', 'goal 1/5', 'goal 26/5']
    >>> plt.close("all")
    """
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

    ax = _axes(ax)
    xs = _positions(h)
    width = max((max(row) for row in xs if row), default=0.0)

    def node(x: float, y: float, text: str, colour: str) -> None:
        ax.add_patch(FancyBboxPatch((x - 0.8, y - 0.14), 1.6, 0.28, boxstyle="round,pad=0.02",
                                    facecolor=colour, edgecolor="black", linewidth=0.6, zorder=2))
        ax.text(x, y, text, ha="center", va="center", fontsize=6, zorder=3)

    def arrow(a: tuple[float, float], b: tuple[float, float], label: str, bend: float, lift: float) -> None:
        ax.add_patch(FancyArrowPatch(a, b, arrowstyle="-|>", mutation_scale=8, shrinkA=2, shrinkB=2,
                                     connectionstyle=f"arc3,rad={bend}", color="#555555", linewidth=0.7, zorder=4))
        ax.text((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + lift, label, ha="center", va="center", fontsize=6,
                color="#333333", zorder=5)

    for k, lv in enumerate(h.levels, 1):
        closed = {i for c in lv.closed for i in c}
        row = xs[k - 1]
        for i, s in enumerate(lv.states):
            node(row[i], k, _short(s.squares), CLOSED_COLOUR if i in closed else STATE_COLOUR)
            for j, r in enumerate(lv.rates[i]):
                if r:
                    up = row[i] < row[j]
                    y = k + (0.14 if up else -0.14)
                    span = abs(row[j] - row[i]) / SPACING
                    arrow((row[i] + 0.3, y), (row[j] - 0.3, y), ratio(r), -0.3,
                          (0.12 + 0.08 * span) * (1 if up else -1))
            if lv.to_goal[i]:
                arrow((row[i] + 0.5, k + 0.14), (row[i] + 0.75, k + 0.4), "", 0.0, 0.0)
                ax.text(row[i] + 0.8, k + 0.45, f"goal {ratio(lv.to_goal[i])}", fontsize=6, color="#2e7d32",
                        ha="left", va="center")
            if k > 1:
                for m in s.members:
                    ax.plot([xs[k - 2][m], row[i]], [k - 1 + 0.14, k - 0.14], ":", color="#888888",
                            linewidth=0.7, zorder=1)
        ax.text(-1.2, k, f"level {k}\n(eps^{k})", ha="right", va="center", fontsize=7)
    start = h.chain.structure.index.get(h.chain.structure.entry)
    centre = width / 2
    node(centre, 0, f"start {h.chain.start}", "white")
    if h.levels and start is not None:
        for c, x in enumerate(xs[0]):
            e = h.analysis.entry(0, start, c, 3)
            if e is not None:
                order, amplitude = e
                label = ratio(amplitude) + ("" if order == 0 else " eps" if order == 1 else f" eps^{order}")
                arrow((centre, 0.14), (x, 1 - 0.14), label, 0.0, 0.0)
    ax.set_xlim(-2.6, width + 2.0)
    ax.set_ylim(-0.5, len(h.levels) + 0.8)
    ax.axis("off")
    limit = (f"sigma -> {ratio(h.leading_coefficient)}" if h.order == 0 else
             f"sigma ~ {ratio(h.leading_coefficient)} eps^-{h.order}")
    ax.set_title(f"{h.chain.describe()}: {limit}", fontsize=8)
    return ax


def plot_length_law(law: LengthLaw, eps_values: Sequence[Fraction], *, ax: Any = None,
                    horizon: Fraction | None = None) -> "Axes":
    """The scaled survival of the game length at a few eps (exact) against its limit law.

    For a game whose typical length grows like eps^-m0, ``P(eps^m0 M > t)``;
    when rare excursions carry the mean, ``P(M > t eps^-k) / (c eps^J)``.

    Parameters
    ----------
    law : LengthLaw
    eps_values : sequence of Fraction
        Where to compute the exact law (each costs one exact survival computation).
    horizon : Fraction, optional
        The largest t drawn (default: six times the limit's mean).

    Raises
    ------
    LimitsError
        When the length converges to that of the game at eps = 0 (nothing to scale).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from limits import Perturbation
    >>> _ = plt.figure()
    >>> ax = plot_length_law(Perturbation.loaded(delta=6).law(), [Fraction(1, 10)])
    >>> len(ax.lines)
    2
    >>> plt.close("all")
    """
    ax = _axes(ax)
    scaled = law.scaled if law.scaled is not None else law.excursions[0].length if law.excursions else None
    if scaled is None:
        raise LimitsError("the length converges to that of the game at eps = 0: there is no scaled law to draw")
    horizon = 6 * scaled.mean if horizon is None else Fraction(horizon)
    order = law.typical_order if law.scaled is not None else law.excursions[0].length_order
    curve = None
    for eps in sorted(eps_values, reverse=True):
        turns = int(horizon / Fraction(eps) ** order) + 1
        times, exact, limit = law.curves(Fraction(eps), turns)
        ax.step([float(t) for t in times], [float(x) for x in exact], where="post", linewidth=0.9,
                label=f"exact, eps = {decimal(Fraction(eps), 3)}")
        curve = (times, limit)
    if curve is not None:
        ax.plot([float(t) for t in curve[0]], [float(x) for x in curve[1]], color="black", linewidth=1.4,
                label=f"limit ({scaled.law}, mean {ratio(scaled.mean)})")
    what = (f"P(eps^{order} M > t)" if law.scaled is not None else
            f"P(M > t eps^-{order}) / ({ratio(law.excursions[0].probability)} eps^{law.excursions[0].chance_order})")
    ax.set_xlabel("t")
    ax.set_ylabel(what)
    ax.set_xlim(0, float(horizon))
    ax.set_ylim(0, 1.05)
    ax.legend(fontsize=7)
    return ax
