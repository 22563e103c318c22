"""The optimal coin policy over p as a picture (the ``plot`` extra, matplotlib): sigma above, the flips below.

A thin shell over a :class:`~limits.coin.policy_map.PolicyMap`: the upper
Axes draws sigma under the optimal policy (each piece's exact rational
function) and, when given, sigma without the coin; the lower one colours, for
each landing square (rows) and each x (columns), whether the optimal policy
flips there. Breakpoints are dotted lines across both.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

import numpy as np

from ..model.picture import FLIP_COLOUR

__all__ = ["plot_policy_map", "policy_grid"]


def _ends(pmap: Any) -> list[float]:
    return [float(sum(b.enclosure(64)) / 2) for b in pmap.breakpoints]


def policy_grid(pmap: Any, xs: Any) -> np.ndarray:
    """Whether the optimal policy flips on each landing (rows 1..the last landing) at each x of ``xs`` (columns).

    Examples
    --------
    >>> from limits import Perturbation, Board
    >>> m = Perturbation.loaded(Board(10, {4: 1, 2: 8}), 2, faces=3).policy_map()
    >>> policy_grid(m, [0.1, 0.9]).shape
    (11, 2)
    """
    landings = [set(pmap.game.landings(p.flips)[0]) for p in pmap.pieces]
    top = max((x for s in landings for x in s), default=pmap.game.chain.board.size)
    rows = max(top, pmap.game.chain.board.size)
    at = np.searchsorted(_ends(pmap), np.asarray(xs, dtype=float))
    return np.array([[square in landings[i] for i in at] for square in range(1, rows + 1)])


def plot_policy_map(pmap: Any, without: Callable[[Fraction], Any] | None = None, *, axes: Any = None,
                    points: int = 400) -> tuple[Any, Any]:
    """sigma under the optimal coin (and ``without(x)``, sigma without the coin) above, the flips below.

    Parameters
    ----------
    pmap : PolicyMap
        From ``family.policy_map()`` or ``chain.policy_map()``.
    without : callable, optional
        sigma without the coin at an exact x (e.g. a family's exact rational function).
    axes : pair of Axes, optional
        Where to draw; a new figure of two Axes sharing x by default.

    Examples
    --------
    >>> from limits import Perturbation, Board
    >>> m = Perturbation.loaded(Board(10, {4: 1, 2: 8}), 2, faces=3).policy_map()
    >>> top, bottom = plot_policy_map(m)
    >>> bottom.get_ylabel()
    'landing square'
    """
    if axes is None:
        import matplotlib.pyplot as plt

        _, axes = plt.subplots(2, 1, sharex=True, figsize=(8, 6), height_ratios=(1, 2))
    from matplotlib.colors import ListedColormap

    top, bottom = axes
    xs = [Fraction(i, points) for i in range(1, points)]
    ends = _ends(pmap)
    at = np.searchsorted(ends, [float(x) for x in xs])
    top.plot([float(x) for x in xs], [float(pmap.pieces[i].sigma(x)) for i, x in zip(at, xs)], color="#1b4965",
             label="optimal coin")
    if without is not None:
        top.plot([float(x) for x in xs], [float(without(x)) for x in xs], color="#d1495b", label="no coin")
    top.set_yscale("log")
    from matplotlib.ticker import NullFormatter, ScalarFormatter

    top.yaxis.set_major_formatter(ScalarFormatter())
    top.yaxis.set_minor_formatter(NullFormatter())
    top.set_ylabel("sigma")
    top.legend(loc="best", fontsize="small")
    grid = policy_grid(pmap, [float(x) for x in xs])

    bottom.imshow(grid, aspect="auto", origin="lower", interpolation="nearest", cmap=ListedColormap(["white", FLIP_COLOUR]),
                  extent=(0, 1, 0.5, grid.shape[0] + 0.5))
    for b in ends:
        for ax in axes:
            ax.axvline(b, color="#888888", linewidth=0.4, linestyle=":")
    bottom.set_xlabel(pmap.variable)
    bottom.set_ylabel("landing square")
    bottom.set_title(f"where the optimal coin flips ({len(ends)} breakpoints)", fontsize="small")
    return top, bottom
