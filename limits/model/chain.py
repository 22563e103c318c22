"""The absorbing Markov chain of a game: board + die + rule.

States are the squares a player can rest on before winning (0..N-1 minus the
starts of jumps, the paper's 81 transient states of the standard board) and
the absorbing last square N. A row lists ``(target square, probability)``
with the probabilities of faces that lead to the same square added up.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .board import Board, standard
from .die import Die, fair
from .errors import BoardError, StartError
from .rules import Rule, as_rule, step

if TYPE_CHECKING:  # pragma: no cover
    import networkx
    import numpy
    import sympy

__all__ = ["Chain", "build_chain"]


@dataclass(frozen=True)
class Chain:
    """The absorbing chain of one game of Chutes & Ladders.

    Build it with :func:`build_chain`. Cheap properties describe the
    structure; the verbs (``expected_duration``, ``survival``, ...) solve.

    Attributes
    ----------
    board, die, rule
        What the chain was built from.
    states : tuple of int
        The transient squares, in increasing order.
    rows : tuple
        ``rows[i]`` lists ``(target, probability)`` for ``states[i]``; a
        target is a square, possibly the goal ``board.size``.
    """

    board: Board
    die: Die
    rule: Rule
    states: tuple[int, ...]
    rows: tuple[tuple[tuple[int, Any], ...], ...]

    @property
    def goal(self) -> int:
        """The absorbing square N."""
        return self.board.size

    @cached_property
    def index(self) -> dict[int, int]:
        """Position of each transient square in :attr:`states`."""
        return {s: i for i, s in enumerate(self.states)}

    @property
    def is_symbolic(self) -> bool:
        """Whether the transition probabilities contain sympy symbols."""
        return self.die.is_symbolic

    def entry(self, square: int) -> int:
        """The state a game started on ``square`` is in (a jump square moves at once).

        Raises
        ------
        StartError
            If ``square`` is not one of 0..N.

        Examples
        --------
        >>> c = build_chain()
        >>> c.entry(0), c.entry(1), c.entry(80)
        (0, 38, 100)
        """
        if isinstance(square, bool) or not isinstance(square, int) or not 0 <= square <= self.goal:
            raise StartError(f"the start square must be one of 0..{self.goal}, not {square!r}")
        return self.board.land(square)

    def row(self, square: int) -> dict[int, Any]:
        """The transitions out of a transient square, as ``{target: probability}``."""
        return dict(self.rows[self.index[square]])

    # ---- exports -------------------------------------------------------
    def to_sympy(self) -> "sympy.Matrix":
        """The full transition matrix (transient states, then N) as a sympy Matrix.

        Examples
        --------
        >>> from limits.board import Board
        >>> from limits.die import fair
        >>> build_chain(Board(3), fair(2)).to_sympy()
        Matrix([
        [0, 1/2, 1/2,   0],
        [0,   0, 1/2, 1/2],
        [0,   0, 1/2, 1/2],
        [0,   0,   0,   1]])
        """
        import sympy

        order = list(self.states) + [self.goal]
        pos = {s: i for i, s in enumerate(order)}
        m = sympy.zeros(len(order), len(order))
        for i, row in enumerate(self.rows):
            for target, prob in row:
                m[i, pos[target]] = _sympify(prob)
        m[len(order) - 1, len(order) - 1] = sympy.Integer(1)
        return m

    def to_numpy(self) -> "numpy.ndarray":
        """The full transition matrix (transient states, then N) as float64.

        Raises
        ------
        TypeError
            For a symbolic chain (substitute values with ``die.subs`` first).
        """
        import numpy as np

        if self.is_symbolic:
            raise TypeError("a symbolic chain has no float matrix; substitute its symbols first")
        order = list(self.states) + [self.goal]
        pos = {s: i for i, s in enumerate(order)}
        m = np.zeros((len(order), len(order)))
        for i, row in enumerate(self.rows):
            for target, prob in row:
                m[i, pos[target]] = float(prob)
        m[-1, -1] = 1.0
        return m

    def to_networkx(self) -> "networkx.DiGraph":
        """The chain as a DiGraph on squares, edges weighted by ``probability``.

        Examples
        --------
        >>> g = build_chain().to_networkx()
        >>> g.number_of_nodes(), g[0][38]["probability"]
        (82, Fraction(1, 6))
        """
        import networkx as nx

        g = nx.DiGraph()
        g.add_nodes_from(self.states)
        g.add_node(self.goal)
        for s, row in zip(self.states, self.rows):
            for target, prob in row:
                g.add_edge(s, target, probability=prob)
        g.add_edge(self.goal, self.goal, probability=Fraction(1))
        return g

    # ---- verbs (implemented in their own modules) ----------------------
    def expected_duration(self, start: int = 0, *, exact: bool = True):
        """Expected number of turns from ``start``; see :func:`limits.duration.expected_duration`."""
        from .duration import expected_duration

        return expected_duration(self, start, exact=exact)

    def moments(self, start: int = 0, *, exact: bool = True):
        """Mean, variance and std of the length; see :func:`limits.duration.moments`."""
        from .duration import moments

        return moments(self, start, exact=exact)

    def survival(self, turns: int, start: int = 0, *, exact: bool = True):
        """``P(M)`` for M = 0..turns; see :func:`limits.distribution.survival`."""
        from .distribution import survival

        return survival(self, turns, start, exact=exact)


def _sympify(value: Any) -> Any:
    import sympy

    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    return sympy.sympify(value)


def build_chain(
    board: Board | None = None, die: Die | None = None, rule: Rule | str = Rule.STAY
) -> Chain:
    """The absorbing chain of ``board`` played with ``die`` under ``rule``.

    Parameters
    ----------
    board : Board, optional
        Default :func:`limits.board.standard`.
    die : Die, optional
        Default :func:`limits.die.fair` with six faces.
    rule : Rule or str, optional
        ``stay`` (default, the paper's), ``bounce`` or ``pass``.

    Raises
    ------
    BoardError
        If square N cannot be reached from square 0 using every face of the die.
    RuleError
        For an unknown rule.

    Examples
    --------
    >>> c = build_chain()
    >>> len(c.states), c.row(0)[38], c.row(97)[97]
    (81, Fraction(1, 6), Fraction(1, 2))
    """
    board = standard() if board is None else board
    die = fair() if die is None else die
    rule = as_rule(rule)
    _check_reachable(board, die.faces, rule)
    rows = []
    for square in board.squares:
        merged: dict[int, Any] = {}
        for face, prob in die.rolls():
            target = step(board, rule, square, face)
            merged[target] = merged.get(target, 0) + prob
        rows.append(tuple(sorted((t, p) for t, p in merged.items() if p != 0)))
    return Chain(board, die, rule, board.squares, tuple(rows))


def _check_reachable(board: Board, faces: int, rule: Rule) -> None:
    seen = {0}
    todo = [0]
    while todo:
        square = todo.pop()
        for face in range(1, faces + 1):
            target = step(board, rule, square, face)
            if target not in seen:
                seen.add(target)
                todo.append(target)
    if board.size not in seen:
        raise BoardError(
            f"square {board.size} cannot be reached from square 0 on this board "
            f"with a {faces}-faced die under the rule {rule.value!r}"
        )
