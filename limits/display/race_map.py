"""The race policy as a map (the ``plot`` extra, matplotlib): my square against the opponent's, for each roll.

A thin shell over a :class:`~limits.race.result.Race`: one tile per roll,
rows the seat's own square, columns the opponent's, each cell whether the
seat flips there, and, where its policy is ``win``, where it flips
differently from ``length``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..model.picture import FLIP_COLOUR
from .plot import _axes

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

__all__ = ["plot_race_policy", "race_policy_grid", "CATEGORIES"]

CATEGORIES = (("no choice", "#eeeeee"), ("no flip", "#ffffff"), ("flip", FLIP_COLOUR),
              ("no flip, where length flips", "#1b4965"), ("flip, where length does not", "#d1495b"))
"""The cells' meanings and colours, by their value in :func:`race_policy_grid`."""


def race_policy_grid(race: Any, seat: int = 1, roll: int | None = None) -> np.ndarray:
    """The map as integers (indices into :data:`CATEGORIES`): ``(n, n)`` for one roll (a face of the die), or the
    rolls' tiles side by side with a column of gap, ``(n, R (n + 1) - 1)`` (gaps are -1).

    Examples
    --------
    >>> from limits import Board, build_chain, fair
    >>> r = build_chain(Board(8, {3: 6, 7: 2}), fair(2)).race("win", "length")
    >>> race_policy_grid(r, 1, roll=2).shape
    (6, 6)
    """
    moves = race.moves
    play = race.first if seat == 1 else race.second
    policy = play.policy
    n, rolls = moves.size, len(moves.rolls)
    flips = policy.full(n) > 0
    length = None
    if policy.name == "win" and race.length is not None:
        length = np.broadcast_to(race.length.full(n) > 0, flips.shape)
    grid = np.where(flips, 2, 1)
    if length is not None:
        grid = np.where(flips & ~length, 4, np.where(~flips & length, 3, grid))
    grid = np.where(moves.decision[:, None, :], grid, 0)
    faces = [face for face, _ in moves.rolls]
    if roll is not None:
        return grid[:, :, faces.index(roll)]
    tiles = [np.pad(grid[:, :, r], ((0, 0), (0, 1)), constant_values=-1) for r in range(rolls)]
    return np.concatenate(tiles, axis=1)[:, :-1]


def plot_race_policy(race: Any, seat: int = 1, *, roll: int | None = None, ax: Any = None) -> "Axes":
    """The seat's policy in a race as a map: my square (rows) against the opponent's (columns), per roll.

    Parameters
    ----------
    race : Race
        From :func:`limits.race.race.race`.
    seat : int
        1 (the first) or 2.
    roll : int, optional
        One face of the die; every face side by side by default.

    Examples
    --------
    >>> from limits import Board, build_chain, fair
    >>> ax = plot_race_policy(build_chain(Board(8, {3: 6, 7: 2}), fair(2)).race("win", "win"))
    >>> ax.get_xlabel()
    "the opponent's square, for each roll"
    """
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    grid = race_policy_grid(race, seat, roll)
    moves = race.moves
    n = moves.size
    ax = _axes(ax, (12, 3.2) if roll is None else (5, 5))
    colours = ListedColormap(["#ffffff00"] + [c for _, c in CATEGORIES])
    ax.imshow(grid + 1, cmap=colours, vmin=0, vmax=len(CATEGORIES), origin="lower", interpolation="nearest",
              aspect="auto")
    squares = moves.squares
    step = max(1, n // 5)
    picks = list(range(0, n, step))
    ax.set_yticks(picks, [str(squares[i]) for i in picks], fontsize=7)
    faces = [face for face, _ in moves.rolls] if roll is None else [roll]
    xs, labels = [], []
    for t, face in enumerate(faces):
        for i in picks[:-1] if n + 1 - picks[-1] < step else picks:  # no tick beside the next panel's first
            xs.append(t * (n + 1) + i)
            labels.append(str(squares[i]))
        if roll is None:
            ax.text(t * (n + 1) + n / 2, n + 0.5, f"roll {face}", ha="center", va="bottom", fontsize=8)
    ax.set_xticks(xs, labels, fontsize=6)
    ax.set_ylabel("my square")
    ax.set_xlabel("the opponent's square" + (", for each roll" if roll is None else f", roll {roll}"))
    seen = set(np.unique(grid)) - {-1}
    handles = [Patch(facecolor=c, edgecolor="#999999", label=name) for k, (name, c) in enumerate(CATEGORIES)
               if k in seen]
    ax.legend(handles=handles, fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    play = race.first if seat == 1 else race.second
    ax.set_title(f"{'first' if seat == 1 else 'second'} seat: {play.policy.name}", fontsize=9, pad=14)
    return ax
