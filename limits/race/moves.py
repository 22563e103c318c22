"""Where one player's turn may end, from each square, for each roll and choice: the race's move tables.

A :class:`SeatMoves` holds, for the transient squares of a game and the
faces of its die with a positive chance, the end square of a turn without a
flip, with heads and with tails, read from the game's turn table
(:attr:`limits.model.chain.Chain.turns`) as index arrays (the goal is index
n), and integer weights over common denominators. Both seats of a race share
it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import numpy as np

from ..checks import instance
from ..errors import TooLargeError
from ..exact.dixon import MAX_ROW_WEIGHT  # the exact engine's rows must fit machine words
from ..model.chain import Chain

__all__ = ["SeatMoves", "seat_moves"]

NO_FLIP, HEADS, TAILS = 0, 1, 2


@dataclass(frozen=True, eq=False)
class SeatMoves:
    """One player's moves under the coin rule, as arrays.

    Attributes
    ----------
    chain : Chain
        The game the moves were read from (its start is the race's).
    squares : tuple of int
        The transient squares; square ``squares[i]`` is index i, the goal index n.
    rolls : tuple of (int, Fraction)
        The faces with a positive chance.
    targets : ndarray
        ``(n, R, 3)``: the index where the turn ends without a flip, with heads, with tails.
    landing : ndarray
        ``(n, R)``: the square the roll lands on before the choice (N + 1 under ``stay`` is one past the
        last square), or -1 where the roll leaves no choice.
    roll_weight : ndarray
        ``(R,)``: each roll's chance times ``roll_unit``.
    roll_unit, coin_unit, heads : int
        The die's common denominator; the coin's, and its chance of heads times it.
    """

    chain: Chain
    squares: tuple[int, ...]
    rolls: tuple[tuple[int, Fraction], ...]
    targets: np.ndarray
    landing: np.ndarray
    roll_weight: np.ndarray
    roll_unit: int
    coin_unit: int
    heads: int

    @property
    def size(self) -> int:
        """n: the transient squares."""
        return len(self.squares)

    @property
    def goal(self) -> int:
        """The index of the goal: n."""
        return len(self.squares)

    @cached_property
    def decision(self) -> np.ndarray:
        """``(n, R)``: whether the roll leaves a choice."""
        return self.landing >= 0

    @cached_property
    def index(self) -> dict[int, int]:
        """The index of each transient square."""
        return {s: i for i, s in enumerate(self.squares)}

    @cached_property
    def roll_chance(self) -> np.ndarray:
        """``(R,)`` floats: each roll's chance."""
        return self.roll_weight / self.roll_unit

    @cached_property
    def slowest(self) -> float:
        """The most expected turns, in floats, before a player who flips at random at every choice finishes or
        can no longer finish, over the squares: how slowly the race's values settle (:func:`limits.cost.race`).

        Examples
        --------
        >>> from limits import Board, build_chain, fair
        >>> round(seat_moves(build_chain()).slowest, 1)
        40.3
        >>> round(seat_moves(build_chain(Board(30), fair(1000))).slowest)  # nearly every roll overshoots and is void
        1333
        """
        n, rolls = self.size, len(self.rolls)
        h = self.heads / self.coin_unit
        chance = np.tile(self.roll_chance, n)
        half = np.where(self.decision.ravel(), 0.5, 1.0) * chance
        ends = self.targets.reshape(n * rolls, 3)
        rows = np.repeat(np.arange(n), rolls)
        moves = np.zeros((n, n + 1))
        for side, weight in ((0, half), (1, (chance - half) * h), (2, (chance - half) * (1 - h))):
            np.add.at(moves, (rows, ends[:, side]), weight)
        live = moves[:, n] > 0
        while True:
            more = live | (moves[:, :n][:, live].sum(axis=1) > 0)
            if np.array_equal(more, live):
                break
            live = more
        stay = moves[np.ix_(live, live)]
        return float(np.linalg.solve(np.eye(len(stay)) - stay, np.ones(len(stay))).max(initial=0.0))

    @cached_property
    def entry(self) -> int:
        """The index of the state the players start in (n: the goal): where the game's start lands."""
        square = self.chain.entry(self.chain.start)
        return self.goal if square == self.chain.goal else self.index[square]


def seat_moves(chain: Chain) -> SeatMoves:
    """The move tables of the game of ``chain`` (its board, die, rule, coin and start; its own policy aside).

    Raises
    ------
    SymbolicError
        For a die with symbols (the race needs numbers).
    TooLargeError
        When the die's and the coin's common denominators do not fit machine words together.

    Examples
    --------
    >>> from limits import build_chain
    >>> m = seat_moves(build_chain())
    >>> m.size, m.targets.shape, m.squares[m.targets[m.index[53], 2, 2]]  # 53 + 3 = 56, tails: 55
    (81, (81, 6, 3), 55)
    """
    instance(chain, Chain, "the chain")
    turns, h = chain.turns, chain.coin
    rolls = tuple(chain.die.rolls())
    unit = math.lcm(*(p.denominator for _, p in rolls))
    if unit * h.denominator > MAX_ROW_WEIGHT:  # before any work
        raise TooLargeError(f"the race's tables need the die's and the coin's common denominators in machine words: "
                            f"{_size(unit)} times {_size(h.denominator)} is above {MAX_ROW_WEIGHT} "
                            "(the limit MAX_ROW_WEIGHT)")
    pos = {**chain.index, chain.goal: len(chain.states)}
    outs = [[outs[face - 1] for face, _ in rolls] for outs in turns]
    targets = np.array([[(pos[o.no_flip], pos[o.heads], pos[o.tails]) for o in row] for row in outs], dtype=np.int64)
    landing = np.array([[-1 if o.landing is None else o.landing for o in row] for row in outs], dtype=np.int64)
    weights = np.array([int(p * unit) for _, p in rolls], dtype=np.int64)
    return SeatMoves(chain, chain.states, rolls, targets.reshape(len(outs), len(rolls), 3),
                     landing.reshape(len(outs), len(rolls)), weights, unit, h.denominator, h.numerator)


def _size(n: int) -> str:
    """A whole number for a message: itself, or how many digits it has when it is long.

    Examples
    --------
    >>> _size(6), _size(10**400)
    ('6', 'a number of 401 digits')
    """
    from ..exact.digits import digit_count

    return str(n) if n < 10**15 else f"a number of {digit_count(n)} digits"
