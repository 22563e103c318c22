"""The loaded die as a family of chains: P(delta) = p, every other face (1 - p)/(k - 1).

What every loaded-die computation shares: the check of the loaded face, the
squares where sigma is finite for 0 < p < 1, and the integer counts of the
moves that a roll of delta and the other rolls make, from which the one-turn
matrix is ``A p + B (1 - p)/(k - 1)``.
"""

from __future__ import annotations

from ..errors import DieError, InfiniteExpectationError
from ..game.chain import build_chain
from ..model.board import Board
from ..model.die import fair
from ..model.rules import Rule, as_rule, step

__all__ = ["check_delta", "finite_squares", "move_counts", "pencil"]


def check_delta(delta: int, faces: int) -> None:
    """Raise :class:`DieError` unless ``delta`` is a face of a die with ``faces >= 2`` faces.

    Examples
    --------
    >>> check_delta(7, 6)
    Traceback (most recent call last):
    ...
    limits.errors.DieError: the loaded face must be one of 1..6, not 7
    """
    if isinstance(faces, bool) or not isinstance(faces, int) or faces < 2:
        raise DieError(f"a loaded die needs a whole number of faces >= 2, not {faces!r}")
    if isinstance(delta, bool) or not isinstance(delta, int) or not 1 <= delta <= faces:
        raise DieError(f"the loaded face must be one of 1..{faces}, not {delta!r}")


def finite_squares(board: Board, rule: Rule, faces: int, start: int) -> tuple[set[int], int]:
    """Squares from which the game surely ends with every face possible, and the start's entry.

    For 0 < p < 1 every face has a positive probability, so these are the
    squares where sigma(p) is finite; the set is closed under moves.

    Raises
    ------
    StartError
        For a start that is not a square 0..N.
    InfiniteExpectationError
        If the game from ``start`` may never end whatever p is.
    """
    chain = build_chain(board, fair(faces), rule)
    entry = chain.entry(start)
    trapped = chain.trapped
    if entry in trapped:
        raise InfiniteExpectationError(start, trapped[entry], "expected number of turns, for every p,")
    return {s for s in chain.states if s not in trapped}, entry


def move_counts(board: Board, delta: int, rule: Rule | str = Rule.STAY, faces: int = 6
                ) -> tuple[tuple[int, ...], list[list[int]], list[list[int]]]:
    """``(states, A, B)``: how many delta faces (A) and other faces (B) make each move.

    Over the squares where sigma is finite for 0 < p < 1; the last column is
    the goal. The loaded die's one-turn matrix is ``A p + B (1 - p)/(k - 1)``.

    Examples
    --------
    >>> from limits import Board
    >>> move_counts(Board(3), 1, faces=2)
    ((0, 1, 2), [[0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]], [[0, 0, 1, 0], [0, 0, 0, 1], [0, 0, 1, 0]])
    """
    rule = as_rule(rule)
    check_delta(delta, faces)
    kept, _ = finite_squares(board, rule, faces, 0)
    states = tuple(s for s in board.squares if s in kept)
    index = {s: i for i, s in enumerate(states)}
    index[board.size] = len(states)
    loaded = [[0] * (len(states) + 1) for _ in states]
    others = [[0] * (len(states) + 1) for _ in states]
    for s in states:
        for face in range(1, faces + 1):
            counts = loaded if face == delta else others
            counts[index[s]][index[step(board, rule, s, face)]] += 1
    return states, loaded, others


def pencil(board: Board, delta: int, rule: Rule | str = Rule.STAY, faces: int = 6
           ) -> tuple[tuple[int, ...], list[list[int]], list[list[int]]]:
    """``(states, C0, C1)`` with ``(k - 1)(I - T(p)) = C0 + p C1`` over the transient squares.

    From :func:`move_counts`: ``(k - 1) T = (k - 1) A p + B (1 - p)``.

    Examples
    --------
    >>> from limits import Board
    >>> states, c0, c1 = pencil(Board(3), 1, faces=2)
    >>> states, c0, c1
    ((0, 1, 2), [[1, 0, -1], [0, 1, 0], [0, 0, 0]], [[0, -1, 1], [0, 0, -1], [0, 0, 1]])
    """
    states, loaded, others = move_counts(board, delta, rule, faces)
    n, k1 = len(states), faces - 1
    c0 = [[(k1 if i == j else 0) - others[i][j] for j in range(n)] for i in range(n)]
    c1 = [[others[i][j] - k1 * loaded[i][j] for j in range(n)] for i in range(n)]
    return states, c0, c1
