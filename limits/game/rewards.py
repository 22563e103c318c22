"""Counts along the way, by one mechanism: the chain of moves with a reward on each move.

A turn from square s with face f is a :class:`Move`: it lands on a square
(where the roll puts the token, under the overshoot rule) and ends on a
target (after a chute or ladder there). A *count* gives every move a whole
number ``r >= 0`` (1 for a chute slid, the chute's length for squares slid,
1 for a roll that overshoots, ...) and adds them up over the game. Rewards
sit on moves rather than on squares because two faces may reach the same
square, one by a chute and one directly.

With ``x(s) = E[C | s]`` and the transient block T, first-step analysis gives
linear systems in ``A = I - T``, solved exactly and never inverted:

* mean: ``A x = b`` with ``b(s) = sum_moves p r``;
* second moment: ``A y = sum_moves p (r^2 + 2 r x(t))``;
* the law ``P(C = c | s) = h_c(s)``, one solve per c with ``A0 = I - T0``,
  T0 the moves with ``r = 0``: ``A0 h_c = sum_{moves, 1 <= r <= c} p h_{c-r}(t)``
  (plus, for c = 0, the moves with r = 0 that win). ``h_0`` is the *killed
  chain*: the probability of finishing without a counted move.

A loop that traps the player (a closed class) ends the count: inside it the
count grows for ever if any move of the loop is counted (then the mean is
infinite and ``P(C = c) = 0`` there) and stays put otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any, Callable

from ..errors import InfiniteExpectationError, LimitsError, SymbolicError
from ..exact.linsolve import fmpq_solver
from ..exact.qq import to_fmpq, to_fraction
from ..model.board import Board
from ..model.chain import Chain
from ..model.rules import step

__all__ = ["Move", "Reward", "RewardChain"]


@dataclass(frozen=True)
class Move:
    """One face rolled from one square.

    Attributes
    ----------
    square : int
        Where the turn starts.
    face : int
    probability : Fraction
    landed : int
        Where the roll puts the token before any jump (``square`` itself when
        a roll past the last square leaves it there).
    target : int
        Where the turn ends, after a chute or ladder at ``landed``.
    """

    square: int
    face: int
    probability: Fraction
    landed: int
    target: int

    @property
    def jumped(self) -> bool:
        """Whether the move took a chute or a ladder."""
        return self.landed != self.target


Reward = Callable[[Move], int]
"""What a count adds for one move: a whole number >= 0."""


@dataclass(frozen=True)
class RewardChain:
    """A chain seen move by move, with the exact answers of any count.

    Examples
    --------
    >>> from limits import build_chain
    >>> moves = RewardChain(build_chain())
    >>> chutes = lambda move: int(move.target < move.landed)
    >>> float(moves.moments(chutes)[0])
    4.2859...
    >>> moves.law(chutes, 1)[0] == moves.law(chutes, 0)[0]  # P(C = 0): no chute slid, the killed chain
    True
    """

    chain: Chain
    start: int = 0

    def __post_init__(self) -> None:
        if self.chain.is_symbolic:
            raise SymbolicError("counts along the way need a numeric die; substitute the die's symbols first")
        self.chain.entry(self.start)

    @cached_property
    def moves(self) -> tuple[Move, ...]:
        """Every move with a positive probability, from every transient square."""
        plain = Board(self.chain.board.size)  # the same rule without jumps: where the roll lands
        out = []
        for square in self.chain.states:
            for face, p in self.chain.die.rolls():
                if p != 0:
                    landed = step(plain, self.chain.rule, square, face)
                    out.append(Move(square, face, Fraction(p), landed, self.chain.board.land(landed)))
        made: dict[int, dict[int, Fraction]] = {}
        for m in out:
            row = made.setdefault(m.square, {})
            row[m.target] = row.get(m.target, Fraction(0)) + m.probability
        if any(made.get(s, {}) != dict(row) for s, row in zip(self.chain.states, self.chain.rows)):
            raise LimitsError("counts along the way follow the die's rolls, and this chain's turns are not the "
                              "die's moves (a coin policy): count on the game without the coin")
        return tuple(out)

    @cached_property
    def _closed(self) -> dict[int, tuple[int, ...]]:
        return {s: trap for trap in self.chain.traps for s in trap}

    @cached_property
    def _open(self) -> tuple[int, ...]:
        return tuple(s for s in self.chain.states if s not in self._closed)

    def _loops_counted(self, reward: Reward) -> set[tuple[int, ...]]:
        """The closed loops in which ``reward`` grows for ever."""
        return {self._closed[m.square] for m in self.moves if m.square in self._closed and reward(m) > 0}

    def _start(self, reward: Reward, what: str) -> int | None:
        square = self.chain.entry(self.start)
        if square == self.chain.goal:
            return None
        counted = self._loops_counted(reward)
        trap = self.chain.trapped.get(square)
        if counted and trap is not None:
            from ..exact.digraph import descendants

            reach = descendants(self.chain.successors(), square) | {square}
            for loop in sorted(counted):
                if loop[0] in reach:
                    raise InfiniteExpectationError(self.start, loop, what)
        return square

    def _matrix(self, keep: Callable[[Move], bool]) -> list[list[Fraction]]:
        """``I - T_keep`` on the squares outside closed loops."""
        pos = {s: i for i, s in enumerate(self._open)}
        a: list[list[Any]] = [[int(i == j) for j in range(len(pos))] for i in range(len(pos))]
        for m in self.moves:
            if m.square in pos and m.target in pos and keep(m):
                a[pos[m.square]][pos[m.target]] -= m.probability
        return a

    @cached_property
    def _weights(self) -> tuple[Any, ...]:
        """Each move's probability as an ``fmpq``, in the order of :attr:`moves`: the sums of the solves run in
        python-flint's rationals, a Fraction made only for each answer."""

        return tuple(to_fmpq(m.probability) for m in self.moves)

    @cached_property
    def _solvers(self) -> dict[tuple[int, ...], Callable[[list[Any]], list[Any]]]:
        return {}

    def _kept_solver(self, keep: Callable[[Move], bool]) -> Callable[[dict[int, Any]], dict[int, Any]]:
        """``c -> x`` with ``(I - T_keep) x = c``, columns given as ``{square: fmpq}``; the matrix is prepared once
        for each set of moves kept: counts that keep the same moves (the chutes and the squares slid down them)
        share it, and the moments of every count share ``I - T`` itself."""
        from flint import fmpq

        kept = tuple(i for i, m in enumerate(self.moves) if keep(m))
        if kept not in self._solvers:
            self._solvers[kept] = fmpq_solver(self._matrix(keep))
        solve_with, zero = self._solvers[kept], fmpq(0)
        return lambda column: dict(zip(self._open, solve_with([column.get(s, zero) for s in self._open])))

    def moments(self, reward: Reward) -> tuple[Fraction, Fraction]:
        """``(E[C], Var C)``, exactly.

        Raises
        ------
        InfiniteExpectationError
            If the player can be trapped in a loop where the count grows for ever.
        """
        square = self._start(reward, "expected count")
        if square is None or square in self._closed:  # won, or inside a loop where nothing is counted
            return Fraction(0), Fraction(0)
        from flint import fmpq

        zero = fmpq(0)
        b: dict[int, Any] = {}
        for m, p in zip(self.moves, self._weights):
            b[m.square] = b.get(m.square, zero) + p * reward(m)
        solve = self._kept_solver(lambda m: True)
        x = solve(b)
        c: dict[int, Any] = {}
        for m, p in zip(self.moves, self._weights):
            r = reward(m)
            c[m.square] = c.get(m.square, zero) + p * (r * r + 2 * r * x.get(m.target, zero))
        y = solve(c)
        return to_fraction(x[square]), to_fraction(y[square] - x[square] ** 2)

    def law(self, reward: Reward, upto: int) -> list[Fraction]:
        """``[P(C = 0), ..., P(C = upto)]`` exactly (the rest is ``P(C > upto)``, possibly infinite C)."""
        square = self.chain.entry(self.start)
        if square == self.chain.goal:
            return [Fraction(1)] + [Fraction(0)] * upto
        from flint import fmpq

        counted = self._loops_counted(reward)
        goal = self.chain.goal
        zero, one = fmpq(0), fmpq(1)

        def value_at(h: list[dict[int, Any]], c: int, t: int) -> Any:
            if t == goal:  # the count stops growing once the game is won
                return one if c == 0 else zero
            if t in self._closed:
                return one if c == 0 and self._closed[t] not in counted else zero
            return h[c].get(t, zero)

        solve = self._kept_solver(lambda m: reward(m) == 0)
        moves = [(m, p, reward(m)) for m, p in zip(self.moves, self._weights) if m.square not in self._closed]
        h: list[dict[int, Any]] = []
        out = []
        for c in range(upto + 1):
            col: dict[int, Any] = {}
            for m, p, r in moves:
                if r <= c and (r > 0 or m.target == goal or m.target in self._closed):
                    col[m.square] = col.get(m.square, zero) + p * value_at(h, c - r, m.target)
            h.append(solve(col))
            out.append(to_fraction(value_at(h, c, square)))
        return out
