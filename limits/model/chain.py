"""The absorbing Markov chain of a game as data: board + die + rule -> rows.

States are the squares a player can rest on before winning (0..N-1 minus the
starts of jumps, the paper's 81 transient states of the standard board) and
the absorbing last square N. A row lists ``(target square, probability)``
with the probabilities of faces that lead to the same square added up.

:class:`AbsorbingChain` holds the rows and the structure every answer needs
(the closed loops that can trap a player), derived once. The answers
themselves (expected length, distribution, ...) live in :mod:`limits.game`,
whose :class:`limits.front.game.Chain` adds them as verbs.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ..checks import MAX_MOVES, VECTOR_REACH_FROM, instance, start_square
from ..errors import BoardError, DieError, SymbolicError, TooLargeError
from ..exact.symbolic import to_sympy
from .board import Board
from .die import Die
from .rules import Rule, as_rule, landing, step, steps

if TYPE_CHECKING:  # pragma: no cover
    import networkx
    import numpy
    import sympy

__all__ = ["AbsorbingChain", "chain_of", "chain_start", "game_of", "face_targets", "rows_of", "transition_rows", "check_reachable", "check_size",
           "MAX_MOVES"]


@dataclass(frozen=True)
class AbsorbingChain:
    """The absorbing chain of one game of Chutes & Ladders, as data and structure.

    Build it with :func:`limits.build_chain`, which returns the subclass
    :class:`limits.front.game.Chain` with the verbs that solve
    (``expected_duration``, ``survival``, ...). Cheap properties describe the
    structure, derived once per chain.

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
        """Position of each transient square in ``states``."""
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
        >>> from limits import build_chain
        >>> c = build_chain()
        >>> c.entry(0), c.entry(1), c.entry(80)
        (0, 38, 100)
        """
        return self.board.land(start_square(square, self.goal))

    def row(self, square: int) -> dict[int, Any]:
        """The transitions out of a transient square, as ``{target: probability}``."""
        return dict(self.rows[self.index[square]])

    # ---- structure, derived once ------------------------------------------
    @cached_property
    def _closed_classes(self) -> tuple[tuple[tuple[int, ...], ...], Mapping[int, tuple[int, ...]]]:
        if len(self.fewest_turns) == len(self.states) + 1:  # all reach the goal: no traps
            return (), MappingProxyType({})
        from ..exact.digraph import ancestors, attracting_components

        g = self.successors()
        found = [c for c in attracting_components(g) if self.goal not in c]
        reach: dict[int, tuple[int, ...]] = {}
        for trap in reversed(found):  # so that the smallest trap wins
            for s in ancestors(g, trap[0]) | set(trap):
                reach[s] = trap
        return tuple(found), MappingProxyType(reach)

    def successors(self) -> dict[int, list[int]]:
        """The chain as a graph on squares: each square's possible next squares (the goal has none).

        Examples
        --------
        >>> from limits import build_chain
        >>> build_chain().successors()[0]
        [2, 3, 5, 6, 14, 38]
        """
        g = {s: [t for t, _ in row] for s, row in zip(self.states, self.rows)}
        g[self.goal] = []
        return g

    @cached_property
    def fewest_turns(self) -> Mapping[int, int]:
        """The fewest turns from each square to the goal (read-only); squares that cannot reach it are absent.

        A breadth-first search backwards from the goal; the goal itself is 0.

        Examples
        --------
        >>> from limits import build_chain, weighted
        >>> build_chain().fewest_turns[0], build_chain().fewest_turns[100]
        (7, 0)
        >>> 53 in build_chain(die=weighted(3, 1)).fewest_turns
        False
        """
        into: dict[int, list[int]] = {}
        for s, row in zip(self.states, self.rows):
            for t, _ in row:
                into.setdefault(t, []).append(s)
        turns, layer = {self.goal: 0}, [self.goal]
        while layer:
            ahead = []
            for target in layer:
                for s in into.get(target, ()):
                    if s not in turns:
                        turns[s] = turns[target] + 1
                        ahead.append(s)
            layer = ahead
        return MappingProxyType(turns)

    @property
    def traps(self) -> tuple[tuple[int, ...], ...]:
        """The closed sets of transient squares (loops that trap the player), each sorted, in order.

        Examples
        --------
        >>> from limits import build_chain, weighted
        >>> build_chain(die=weighted(3, 1)).traps
        ((53,), (99,))
        """
        return self._closed_classes[0]

    @property
    def trapped(self) -> Mapping[int, tuple[int, ...]]:
        """Every transient square from which a trap can be reached, with that trap (read-only).

        Where several traps are reachable the one with the smallest square is named.
        """
        return self._closed_classes[1]

    # ---- exports -------------------------------------------------------
    def to_sympy(self) -> "sympy.Matrix":
        """The full transition matrix (transient states, then N) as a sympy Matrix.

        Examples
        --------
        >>> from limits import Board, build_chain, fair
        >>> build_chain(Board(3), fair(2)).to_sympy()
        Matrix([
        [0, 1/2, 1/2,   0],
        [0,   0, 1/2, 1/2],
        [0,   0, 1/2, 1/2],
        [0,   0,   0,   1]])
        """
        import sympy

        return self._filled(sympy.zeros(len(self.states) + 1, len(self.states) + 1), to_sympy, sympy.Integer(1))

    def to_numpy(self) -> "numpy.ndarray":
        """The full transition matrix (transient states, then N) as float64.

        Raises
        ------
        SymbolicError
            For a symbolic chain (substitute values with ``die.subs`` first).
        """
        import numpy as np

        if self.is_symbolic:
            raise SymbolicError("a symbolic chain has no float matrix; substitute its symbols first")
        return self._filled(np.zeros((len(self.states) + 1, len(self.states) + 1)), float, 1.0)

    def _filled(self, m: Any, convert: Callable[[Any], Any], one: Any) -> Any:
        """``m`` (zeros, transient states then N) holding the transition matrix, each entry by ``convert``."""
        last = len(self.states)
        for i, row in enumerate(self.rows):
            for target, prob in row:
                m[i, last if target == self.goal else self.index[target]] = convert(prob)
        m[last, last] = one
        return m

    def to_networkx(self) -> "networkx.DiGraph":
        """The chain as a DiGraph on squares, edges weighted by ``probability``.

        Examples
        --------
        >>> from limits import build_chain
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


def face_targets(board: Board, rule: Rule | str, faces: int) -> tuple[int, ...]:
    """Where each face takes a player from each square: the one walk over the board a chain is made from.

    For each square of ``board.squares`` in turn, the targets of faces
    1..``faces`` (square-major, ``len(board.squares) * faces`` entries). Any
    die on these faces then gives the chain's rows (:func:`rows_of`).

    Examples
    --------
    >>> face_targets(Board(3), Rule.STAY, 2)
    (1, 2, 2, 3, 3, 2)
    """
    rule = as_rule(rule)
    return tuple(step(board, rule, s, f) for s in board.squares for f in range(1, faces + 1))


def rows_of(targets: Sequence[int], states: int, die: Die) -> tuple[tuple[tuple[int, Any], ...], ...]:
    """The chain's rows from the faces' targets (:func:`face_targets`) and a die's probabilities.

    Faces that lead to the same square are added up; zero probabilities are left out.
    """
    k = die.faces
    probs = die.probabilities
    rows = []
    for i in range(states):
        merged: dict[int, Any] = {}
        for face in range(k):
            p = probs[face]
            if p != 0:
                t = targets[i * k + face]
                merged[t] = merged.get(t, 0) + p
        rows.append(tuple(sorted((t, p) for t, p in merged.items() if p != 0)))
    return tuple(rows)


def transition_rows(board: Board, die: Die, rule: Rule | str) -> tuple[tuple[tuple[int, Any], ...], ...]:
    """The rows of the chain: for each square of ``board.squares``, ``(target, probability)`` pairs.

    Faces that lead to the same square are added up; zero probabilities are
    left out.

    Examples
    --------
    >>> from limits.model.die import fair
    >>> transition_rows(Board(3), fair(2), Rule.STAY)
    (((1, Fraction(1, 2)), (2, Fraction(1, 2))), ((2, Fraction(1, 2)), (3, Fraction(1, 2))), ((2, Fraction(1, 2)), (3, Fraction(1, 2))))
    """
    return rows_of(face_targets(board, rule, die.faces), len(board.squares), die)


def chain_of(board: Board | None = None, die: Die | None = None, rule: Rule | str = Rule.STAY,
             start: int = 0) -> AbsorbingChain:
    """The absorbing chain of ``board`` played with ``die`` under ``rule`` (defaults: the paper's game).

    :func:`limits.build_chain` gives the same chain with its verbs.

    Raises
    ------
    BoardError
        If square N cannot be reached from ``start`` using every face of the die.
    RuleError
        For an unknown rule.

    Examples
    --------
    >>> c = chain_of()
    >>> len(c.states), c.row(0)[38], c.row(97)[97]
    (81, Fraction(1, 6), Fraction(1, 2))
    """
    board, die = game_of(board, die)
    rule = as_rule(rule)
    check_reachable(board, die.faces, rule, start)
    return AbsorbingChain(board, die, rule, board.squares, transition_rows(board, die, rule))


def chain_start(chain: Any, start: int | None = None) -> int:
    """``start``, or where ``chain``'s games start when None (a :class:`~limits.front.game.Chain`'s own start, 0 for a
    bare chain): what the free functions of a chain read, as its verbs do.

    Raises
    ------
    LimitsError
        If ``chain`` is not a chain.

    Examples
    --------
    >>> from limits import build_chain
    >>> chain_start(build_chain(start=7)), chain_start(build_chain(start=7), 3)
    (7, 3)
    """
    instance(chain, AbsorbingChain, "the chain")
    return getattr(chain, "start", 0) if start is None else start


def game_of(board: Any = None, die: Any = None) -> tuple[Board, Die]:
    """``board`` and ``die``, the paper's board and a fair six-sided die where None.

    Raises
    ------
    BoardError, DieError
        For anything but a :class:`~limits.model.board.Board` and a :class:`~limits.model.die.Die`.

    Examples
    --------
    >>> game_of("standard")
    Traceback (most recent call last):
    ...
    limits.errors.BoardError: the board must be of type Board, not 'standard'
    """
    from .board import standard
    from .die import fair

    return (instance(standard() if board is None else board, Board, "the board", BoardError),
            instance(fair() if die is None else die, Die, "the die", DieError))


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
    rule = as_rule(rule)
    check_size(board, faces)
    origin = board.land(start_square(start, board.size))
    if moves is None and board.size * faces >= VECTOR_REACH_FROM:
        reached = _reached(board, faces, rule, origin)
    else:
        reached = _walked(moves or (lambda s: (step(board, rule, s, f) for f in range(1, faces + 1))), origin,
                          board.size)
    if not reached:
        raise BoardError(
            f"square {board.size} cannot be reached from square {start} on this board "
            f"with a {faces}-faced die{how} under the rule {rule.value!r}"
        )


def _walked(moves: Callable[[int], Any], origin: int, goal: int) -> bool:
    seen = {origin}
    todo = [origin]
    while todo:
        square = todo.pop()
        if square == goal:
            return True
        for target in moves(square):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return False


def _reached(board: Board, faces: int, rule: Rule, origin: int) -> bool:
    import numpy as np
    import scipy.sparse as sp
    from scipy.sparse.csgraph import breadth_first_order

    land = landing(board)
    n = board.size
    squares = np.arange(n, dtype=np.int64)
    targets = np.concatenate([steps(land, squares, face, rule) for face in range(1, faces + 1)])
    graph = sp.csr_matrix((np.ones(targets.shape[0], dtype=np.int8), (np.tile(squares, faces), targets)),
                          shape=(n + 1, n + 1))
    return bool(np.isin(n, breadth_first_order(graph, origin, directed=True, return_predecessors=False)))
