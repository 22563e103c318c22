"""A family of games ``die(eps) = (1 - eps) AT + eps TOWARD`` and its chain ``T(eps) = T0 + eps T1``.

``AT`` is the die the family tends to as eps -> 0 (it may have several
faces) and ``TOWARD`` the direction it is perturbed in; both are exact dice on
the same faces. The paper's loaded die, ``P(delta) = p -> 1``, is AT = the
face delta and TOWARD = the uniform die on the other faces, with eps = 1 - p;
``P(delta) = p -> 0`` swaps the two. A coin policy may be held fixed: every
move is then a roll and, perhaps, a flip (:func:`limits.coin.rule.policy_chain`).

Since the chain is linear in the die, ``T(eps) = T0 + eps T1`` with ``T0`` the
chain of AT and ``T1`` that of TOWARD minus that of AT, exactly.
:class:`PerturbedChain` holds this data, validated once, and the structure
every answer needs: the squares reachable from the start for ``0 < eps < 1``,
and the trap when the game may never end for every eps (an infinite sigma).
:class:`limits.limit.perturbation.Perturbation` adds the verbs.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Callable

from flint import fmpq

from ..errors import DieError, InfiniteExpectationError, LimitsError, StartError, SymbolicError, TooLargeError
from ..game.chain import Chain, build_chain
from ..model.board import Board
from ..model.die import Die, as_probability
from ..model.rules import Rule, as_rule, step

__all__ = ["Side", "Move", "PerturbedChain", "MAX_STATES"]

MAX_STATES = 20000
"""The most transient squares a family may have (the reduction is linear in them for a one-face AT)."""


class Side(enum.Enum):
    """Which die of the family makes a move."""

    AT = "at"
    TOWARD = "toward"


@dataclass(frozen=True)
class Move:
    """One outcome of a turn from a square: its label (a face, perhaps with the coin), target and probability."""

    label: str
    target: int
    probability: Fraction


def _q(x: Fraction) -> fmpq:
    return fmpq(x.numerator, x.denominator)


@dataclass(frozen=True)
class _Structure:
    """What every answer needs: the squares, ``A0 = I - T0`` and ``A1 = -T1`` over them, the trap."""

    entry: int
    states: tuple[int, ...]
    index: dict[int, int]
    a0: tuple[dict[int, fmpq], ...]
    a1: tuple[dict[int, fmpq], ...]
    trap: tuple[int, ...] | None


@dataclass(frozen=True)
class PerturbedChain:
    """The data of a perturbation family, validated once.

    Parameters
    ----------
    board : Board
    at : Die
        The die as eps -> 0.
    toward : Die
        The direction: ``die(eps) = (1 - eps) at + eps toward``.
    rule : Rule or str
    start : int
        The start square.
    policy : callable, optional
        A coin policy held fixed (``policy(start, landing) -> probability of flipping``).
    coin : number
        The probability of heads (with a policy).
    name : str
        A label for reports (e.g. ``"P(5) = 1 - eps"``).

    Raises
    ------
    DieError
        If the dice have different numbers of faces or are equal.
    SymbolicError
        For a die with sympy symbols.
    StartError
        For a start that is not a square 0..N.
    BoardError
        If square N cannot be reached with all the faces.
    """

    board: Board
    at: Die
    toward: Die
    rule: Rule = Rule.STAY
    start: int = 0
    policy: Callable[[int, int], Any] | None = None
    coin: Fraction = Fraction(1, 2)
    name: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rule", as_rule(self.rule))
        for die in (self.at, self.toward):
            if not isinstance(die, Die):
                raise DieError(f"a family needs two dice, not {die!r}")
            if die.is_symbolic:
                raise SymbolicError("a family needs numeric dice: eps is its only variable")
        if self.at.faces != self.toward.faces:
            raise DieError(f"the two dice have {self.at.faces} and {self.toward.faces} faces: they must have the same")
        if self.at.probabilities == self.toward.probabilities:
            raise DieError("the two dice are equal: the family does not move")
        if isinstance(self.start, bool) or not isinstance(self.start, int) or not 0 <= self.start <= self.board.size:
            raise StartError(f"the start square must be one of 0..{self.board.size}, not {self.start!r}")
        object.__setattr__(self, "coin", as_probability(self.coin))
        if len(self.board.squares) > MAX_STATES:
            raise TooLargeError(f"a family has at most MAX_STATES = {MAX_STATES} squares, not {len(self.board.squares)}")
        _ = self._mixed  # N reachable, the policy gives probabilities

    @property
    def faces(self) -> int:
        """The number of faces of the dice."""
        return self.at.faces

    @property
    def goal(self) -> int:
        """The last square N."""
        return self.board.size

    def die(self, eps: Any) -> Die:
        """``(1 - eps) at + eps toward``, for an exact eps in [0, 1].

        Examples
        --------
        >>> from limits import standard, weighted
        >>> PerturbedChain(standard(), weighted(5, 1), weighted(5, 0)).die("1/10").probabilities[4]
        Fraction(9, 10)
        """
        e = as_probability(eps)
        if not isinstance(e, Fraction):
            raise SymbolicError("eps must be a number")
        return Die([(1 - e) * a + e * t for a, t in zip(self.at.probabilities, self.toward.probabilities)])

    def chain_at(self, eps: Any) -> Chain:
        """The game's chain at an exact eps (with the policy, if any)."""
        die = self.die(eps)
        if self.policy is None:
            return build_chain(self.board, die, self.rule)
        from ..coin.rule import policy_chain

        return policy_chain(self.board, die, self.policy, coin=self.coin, rule=self.rule)

    def value_at(self, eps: Any) -> Fraction:
        """sigma at an exact eps: the expected number of turns from the start, by one exact solve.

        Raises
        ------
        InfiniteExpectationError
            If the game may never end at this eps.
        """
        return self.chain_at(eps).expected_duration(self.start)

    def moves(self, square: int, side: Side) -> tuple[Move, ...]:
        """Every outcome of a turn from ``square`` with one die of the family (zero ones left out).

        Examples
        --------
        >>> from limits import standard, weighted
        >>> f = PerturbedChain(standard(), weighted(3, 1), weighted(3, 0))
        >>> [(m.label, m.target) for m in f.moves(53, Side.AT)], len(f.moves(53, Side.TOWARD))
        ([('3', 53)], 5)
        """
        die = self.at if side is Side.AT else self.toward
        out = []
        for face, p in die.rolls():
            if self.policy is None:
                out.append(Move(str(face), step(self.board, self.rule, square, face), p))
                continue
            from ..coin.rule import turn_outcomes

            o = turn_outcomes(self.board, self.rule, square, face)
            if o.landing is None:
                out.append(Move(str(face), o.no_flip, p))
                continue
            q = as_probability(self.policy(square, o.landing))
            h = self.coin
            for label, target, w in ((f"{face}, no flip", o.no_flip, 1 - q), (f"{face}, heads", o.heads, q * h),
                                     (f"{face}, tails", o.tails, q * (1 - h))):
                if w:
                    out.append(Move(label, target, p * w))
        return tuple(out)

    def row(self, square: int, side: Side) -> dict[int, Fraction]:
        """The chain's row of one die of the family: ``{target: probability}``."""
        merged: dict[int, Fraction] = {}
        for m in self.moves(square, side):
            merged[m.target] = merged.get(m.target, Fraction(0)) + m.probability
        return merged

    @cached_property
    def _mixed(self) -> Chain:
        """The chain at eps = 1/2: every move of either die is possible."""
        return self.chain_at(Fraction(1, 2))

    @cached_property
    def structure(self) -> _Structure:
        """The squares reachable from the start for 0 < eps < 1, ``A0 = I - T0``, ``A1 = -T1``, the trap."""
        mid = self._mixed
        entry = mid.entry(self.start)
        if entry == self.goal:
            return _Structure(entry, (), {}, (), (), None)
        if entry in mid.trapped:
            return _Structure(entry, (), {}, (), (), mid.trapped[entry])
        seen, todo = {entry}, [entry]
        while todo:
            s = todo.pop()
            for t, _ in mid.rows[mid.index[s]]:
                if t != self.goal and t not in seen:
                    seen.add(t)
                    todo.append(t)
        states = tuple(sorted(seen))
        index = {s: i for i, s in enumerate(states)}
        a0, a1 = [], []
        for s in states:
            at, toward = self.row(s, Side.AT), self.row(s, Side.TOWARD)
            r0 = {index[s]: Fraction(1)}
            r1: dict[int, Fraction] = {}
            for t in set(at) | set(toward):
                if t in index:
                    r0[index[t]] = r0.get(index[t], Fraction(0)) - at.get(t, Fraction(0))
                    r1[index[t]] = at.get(t, Fraction(0)) - toward.get(t, Fraction(0))
            a0.append({j: _q(v) for j, v in r0.items() if v})
            a1.append({j: _q(v) for j, v in r1.items() if v})
        return _Structure(entry, states, index, tuple(a0), tuple(a1), None)

    @property
    def trap(self) -> tuple[int, ...] | None:
        """A loop that can hold the player forever for every eps > 0 (then sigma is infinite), or None."""
        return self.structure.trap

    def check_finite(self) -> None:
        """Raise :class:`InfiniteExpectationError` (naming the trap) if sigma is infinite for every eps."""
        if self.trap is not None:
            raise InfiniteExpectationError(self.start, self.trap, "expected number of turns, for every eps > 0,")

    @cached_property
    def walk(self) -> tuple[tuple[int, ...], int | None]:
        """The eps = 0 walk from the start when AT moves deterministically: its squares and psi (None if it loops).

        Raises
        ------
        LimitsError
            When AT leaves some square in more than one way.
        """
        square, seen, path = self.structure.entry, set(), []
        while square != self.goal and square not in seen:
            row = self.row(square, Side.AT)
            if len(row) != 1:
                raise LimitsError("the limit die moves at random: the eps = 0 game is not a walk")
            seen.add(square)
            path.append(square)
            (square,) = row
        return tuple(path), (len(path) if square == self.goal else None)

    @cached_property
    def deterministic(self) -> bool:
        """Whether every turn at eps = 0 has one outcome, from every square reachable for eps > 0."""
        return all(len(self.row(s, Side.AT)) == 1 for s in self.structure.states)

    def describe(self) -> str:
        """The family in words (its name, or the two dice)."""
        if self.name:
            return self.name
        at = ", ".join(str(p) for p in self.at.probabilities)
        toward = ", ".join(str(p) for p in self.toward.probabilities)
        return f"(1 - eps) ({at}) + eps ({toward})"

    def to_dict(self) -> dict:
        """The family as plain data."""
        return {"board": self.board.to_dict(), "rule": self.rule.value, "start": self.start,
                "at": tuple(self.at.probabilities), "toward": tuple(self.toward.probabilities),
                "policy": self.policy is not None, "name": self.describe()}
