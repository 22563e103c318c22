"""Whether the goal can be reached: the check every game and family makes once, before any work.

A board on which no sequence of moves leads from the start to the last square
N is refused (:class:`~limits.errors.BoardError`), naming the square walked
from; a game that merely *may* be trapped answers with an infinite
expectation instead. The moves are the die's faces, or, for a coin game,
every end of a turn a flip may give (:func:`limits.model.moves.coin_moves`).

May import: :mod:`limits.checks`, :mod:`limits.errors` and the model's board and rules.
"""

from __future__ import annotations

from typing import Any, Callable

from ..checks import MAX_MOVES, start_square
from ..errors import BoardError, TooLargeError
from ..exact.digraph import reachable
from .board import Board
from .rules import Rule, as_rule, landing, step, steps

__all__ = ["check_size", "check_reachable", "reached_squares"]


def check_size(board: Board, faces: int) -> None:
    """Raise :class:`TooLargeError` if ``board`` with a ``faces``-faced die makes more than :data:`~limits.checks.MAX_MOVES` moves.

    Examples
    --------
    >>> check_size(Board(2_000_000), 10)
    Traceback (most recent call last):
    ...
    limits.errors.TooLargeError: a board of 2000000 squares with a 10-faced die makes 20000000 moves; the limit MAX_MOVES is 16777216
    """
    moves = board.size * faces
    if moves > MAX_MOVES:
        raise TooLargeError(f"a board of {board.size} squares with a {faces}-faced die makes {moves} moves; "
                            f"the limit MAX_MOVES is {MAX_MOVES}")


def check_reachable(board: Board, faces: int, rule: Rule | str, start: int = 0,
                    moves: Callable[[int], Any] | None = None, how: str = "") -> None:
    """Raise :class:`BoardError` unless square N can be reached from ``start`` with faces 1..``faces``.

    ``moves(square)``, when given, lists where a turn from ``square`` may end
    instead (a coin game's flips; ``how`` says which, for the message).
    Raises :class:`TooLargeError` first if the board and die are too large
    (:func:`check_size`).

    Examples
    --------
    >>> check_reachable(Board(10, {9: 1}), 1, Rule.STAY)
    Traceback (most recent call last):
    ...
    limits.errors.BoardError: square 10 cannot be reached from square 0 on this board with a 1-faced die under the rule 'stay'
    >>> check_reachable(Board(10, {1: 0, 2: 0}), 2, Rule.STAY, start=3) is None
    True
    """
    check_size(board, faces)
    rule = as_rule(rule)
    origin = board.land(start_square(start, board.size))
    walk = moves or (lambda s: (step(board, rule, s, f) for f in range(1, faces + 1)))
    if board.size not in reachable(lambda s: () if s == board.size else walk(s), [origin]):
        raise BoardError(
            f"square {board.size} cannot be reached from square {start} on this board "
            f"with a {faces}-faced die{how} under the rule {rule.value!r}"
        )


def reached_squares(board: Board, faces: int, rule: Rule | str, origin: int) -> Any:
    """The squares a die of ``faces`` faces reaches from ``origin`` (a numpy array; the coin's flips aside, in
    vectorised steps: a million squares in a second).

    Examples
    --------
    >>> sorted(reached_squares(Board(6, {2: 5}), 2, "stay", 0).tolist())
    [0, 1, 3, 4, 5, 6]
    """
    import numpy as np
    import scipy.sparse as sp
    from scipy.sparse.csgraph import breadth_first_order

    land = landing(board)
    n = board.size
    squares = np.arange(n, dtype=np.int64)
    targets = np.concatenate([steps(land, squares, face, as_rule(rule)) for face in range(1, faces + 1)])
    graph = sp.csr_matrix((np.ones(targets.shape[0], dtype=np.int8), (np.tile(squares, faces), targets)),
                          shape=(n + 1, n + 1))
    return breadth_first_order(graph, origin, directed=True, return_predecessors=False)
