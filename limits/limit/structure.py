"""A family's data, validated once, and what every answer needs, found once: its one walk over the board, the
squares, the pencil, the trap (:class:`Family`, the base of :class:`~limits.limit.perturbed_chain.Perturbation`).

For ``0 < eps < 1`` every move of either die is possible, so the squares a
game can visit and the loops that can trap it are those of the chain at
eps = 1/2 (:attr:`Family.mixed`). Over those squares the system
``(A0 + eps A1) sigma = 1`` has ``A0 = I - T0`` and ``A1 = -T1``
(:class:`Structure`); at eps = 0 a limit die that moves one way walks from
the start (:attr:`Family.walk`).

May import: :mod:`limits.exact`, :mod:`limits.model` and :mod:`limits.errors`.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Callable

from flint import fmpq

from ..checks import MAX_FAMILY_STATES, instance, start_square
from ..errors import BoardError, DieError, InfiniteExpectationError, LimitsError, SymbolicError, TooLargeError
from ..exact.digraph import reachable
from ..model.board import Board
from ..model.chain import Chain
from ..model.die import Die, as_probability
from ..model.die_of_eps import die_at
from ..model.moves import face_targets, labelled_outcomes
from ..model.reach import check_reachable
from ..model.rules import Rule, as_rule

__all__ = ["Side", "Move", "Structure", "Family", "loaded_face_of"]


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


@dataclass(frozen=True)
class Structure:
    """What every answer needs: the squares, ``A0 = I - T0`` and ``A1 = -T1`` over them, the trap."""

    entry: int
    states: tuple[int, ...]
    index: dict[int, int]
    a0: tuple[dict[int, fmpq], ...]
    a1: tuple[dict[int, fmpq], ...]
    trap: tuple[int, ...] | None


@dataclass(frozen=True, repr=False)
class Family:
    """A family ``die(eps) = (1 - eps) at + eps toward`` on a board, validated once, and its one walk over the board:
    what every answer needs (:class:`~limits.limit.perturbed_chain.Perturbation` adds the verbs and documents the
    fields).

    Raises
    ------
    BoardError, DieError, SymbolicError, StartError, TooLargeError
        For anything but a board, two dice on different faces, equal or with symbols, a start off the board,
        a goal no move reaches from it, or more than :data:`~limits.checks.MAX_FAMILY_STATES` squares.

    Examples
    --------
    >>> from limits import Perturbation
    >>> f = Perturbation.loaded(delta=5)
    >>> f.structure.entry, len(f.structure.states), f.trap
    (0, 81, None)
    >>> squares, psi = f.walk
    >>> squares[:4], psi
    ((0, 5, 10, 15), 16)
    """

    board: Board
    at: Die
    toward: Die
    rule: Rule = Rule.STAY
    start: int = 0
    policy: Callable[[int, int], Any] | None = None
    coin: Fraction = Fraction(1, 2)
    name: str = field(default="", compare=False)
    loaded_as: tuple[int, int] | None = field(default=None, compare=False, repr=False)
    """``(delta, p_to)`` as :meth:`~limits.limit.perturbed_chain.Perturbation.loaded` was asked: with two faces
    "P(1) = eps" is also "P(2) = 1 - eps"."""
    speeds: tuple[Any, ...] | None = None
    """A family of several speeds (:meth:`~limits.limit.perturbed_chain.Perturbation.of_eps`): its faces, sums of
    terms ``c eps^r``; then ``at`` is the die at eps = 0 and ``toward`` only says which faces move."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "rule", as_rule(self.rule))
        object.__setattr__(self, "coin", as_probability(self.coin))
        instance(self.board, Board, "the board", BoardError)
        for die in (self.at, self.toward):
            instance(die, Die, "each die of a family", DieError)
            if die.is_symbolic:
                raise SymbolicError("a family needs numeric dice: eps is its only variable")
        if self.at.faces != self.toward.faces:
            raise DieError(f"the two dice have {self.at.faces} and {self.toward.faces} faces: they must have the same")
        if self.at.probabilities == self.toward.probabilities:
            raise DieError("the two dice are equal: the family does not move")
        start_square(self.start, self.board.size)
        states = self.board.size - len(self.board.jumps)  # the squares 0..N-1 but the jumps' starts
        if states > MAX_FAMILY_STATES:
            raise TooLargeError(f"a family has at most {MAX_FAMILY_STATES} squares (the limit MAX_FAMILY_STATES), "
                                f"not {states}")
        if self.policy is None:  # with a coin, the chain its walk is made from checks it (outcomes)
            check_reachable(self.board, self.faces, self.rule, self.start)
        _ = self.outcomes  # the policy gives probabilities

    # ---- what the family is -----------------------------------------------------------------------
    @property
    def faces(self) -> int:
        """The number of faces of the dice."""
        return self.at.faces

    @property
    def goal(self) -> int:
        """The last square N."""
        return self.board.size

    @cached_property
    def loaded_face(self) -> tuple[int, int] | None:
        """``(delta, p_to)`` when this is the paper's loaded die (with no coin), else None."""
        if self.policy is not None:
            return None
        return self.loaded_as or loaded_face_of(self.at, self.toward)

    def die(self, eps: Any) -> Die:
        """``(1 - eps) at + eps toward``, for an exact eps in [0, 1].

        Examples
        --------
        >>> from limits import Perturbation, standard, weighted
        >>> Perturbation(standard(), weighted(5, 1), weighted(5, 0)).die("1/10").probabilities[4]
        Fraction(9, 10)
        """
        e = as_probability(eps)
        if not isinstance(e, Fraction):
            raise SymbolicError("eps must be a number")
        if self.speeds is not None:
            return die_at(self.speeds, e)
        return Die([(1 - e) * a + e * t for a, t in zip(self.at.probabilities, self.toward.probabilities)])

    # ---- the one walk over the board, and what every answer needs -----------------------------------
    @cached_property
    def outcomes(self) -> tuple[tuple[tuple[Any, ...], ...], ...]:
        """The family's one walk over the board: for each square of ``board.squares``, every outcome of a turn,
        ``(label, target, P at, P toward)`` (the label says the face and, with a coin policy, the flip: from the
        turn table of the game at eps = 1/2, where every face of either die can come up)."""
        k, at, toward = self.faces, self.at.probabilities, self.toward.probabilities
        if self.policy is not None:
            chain = Chain(self.board, self.die(Fraction(1, 2)), self.rule, self.start, self.policy, self.coin)
            return labelled_outcomes(chain, (self.at, self.toward))
        targets = face_targets(self.board, self.rule, k)
        return tuple(tuple((str(f + 1), targets[i * k + f], at[f], toward[f]) for f in range(k) if at[f] or toward[f])
                     for i in range(len(self.board.squares)))

    @cached_property
    def scaled(self) -> tuple[int, tuple[tuple[tuple[int, int, int], ...], ...]]:
        """``(D, rows)``: for each square, ``(target, D P_at, D P_toward)`` for every target of either die, in order
        of target, in integers over the dice's common denominator D (the chain at any eps is then one fraction an
        entry)."""
        den = math.lcm(*{x.denominator for square in self.outcomes for o in square for x in o[2:]})
        out = []
        for square in self.outcomes:
            row: dict[int, list[int]] = {}
            for _, t, a, w in square:
                both = row.setdefault(t, [0, 0])
                both[0] += a.numerator * (den // a.denominator)
                both[1] += w.numerator * (den // w.denominator)
            out.append(tuple((t, a, w) for t, (a, w) in sorted(row.items())))
        return den, tuple(out)

    def _chain(self, eps: Fraction) -> Chain:
        """The game's chain at an exact eps in [0, 1] (with the policy, if any), from the family's one walk."""
        die = self.die(eps)
        if self.speeds is not None:
            return Chain(self.board, die, self.rule, self.start)
        den, scaled = self.scaled
        stay, move, whole = eps.denominator - eps.numerator, eps.numerator, eps.denominator * den  # (1 - e) a + e w
        rows = tuple(tuple((t, Fraction(n, whole)) for t, a, w in row if (n := stay * a + move * w)) for row in scaled)
        return Chain(self.board, die, self.rule, self.start, self.policy, self.coin, rows=rows)

    def moves(self, square: int, side: Side) -> tuple[Move, ...]:
        """Every outcome of a turn from ``square`` with one die of the family (zero ones left out)."""
        column = 2 if side is Side.AT else 3
        return tuple(Move(o[0], o[1], o[column]) for o in self.outcomes[self.mixed.index[square]] if o[column])

    def row(self, square: int, side: Side) -> dict[int, Fraction]:
        """The chain's row of one die of the family: ``{target: probability}``."""
        den, rows = self.scaled
        k = 1 if side is Side.AT else 2
        return {entry[0]: Fraction(entry[k], den) for entry in rows[self.mixed.index[square]] if entry[k]}

    @cached_property
    def mixed(self) -> Chain:
        """The chain at eps = 1/2: every move of either die is possible (as for every 0 < eps < 1)."""
        if self.speeds is not None:  # the die whose faces are those of the family for small eps > 0
            mid = Die([(a + w) / 2 for a, w in zip(self.at.probabilities, self.toward.probabilities)])
            return Chain(self.board, mid, self.rule, self.start)
        return self._chain(Fraction(1, 2))

    @cached_property
    def structure(self) -> Structure:
        """The squares reachable from the start for 0 < eps < 1, ``A0 = I - T0``, ``A1 = -T1``, the trap."""
        mid = self.mixed
        entry = mid.entry(self.start)
        if entry == self.goal:
            return Structure(entry, (), {}, (), (), None)
        if entry in mid.trapped:
            return Structure(entry, (), {}, (), (), mid.trapped[entry])
        seen = reachable(lambda s: (t for t, _ in mid.rows[mid.index[s]] if t != self.goal), [entry])
        states = tuple(sorted(seen))
        index = {s: i for i, s in enumerate(states)}
        den, scaled = self.scaled
        a0, a1 = [], []
        for s in states:
            r0 = {index[s]: den}  # D (I - T0) and -D T1, in integers
            r1: dict[int, int] = {}
            for t, a, w in scaled[mid.index[s]]:
                if t in index:
                    r0[index[t]] = r0.get(index[t], 0) - a
                    r1[index[t]] = a - w
            a0.append({j: fmpq(v, den) for j, v in r0.items() if v})
            a1.append({j: fmpq(v, den) for j, v in r1.items() if v})
        return Structure(entry, states, index, tuple(a0), tuple(a1), None)

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
        """The eps = 0 walk from the start when AT moves deterministically: its squares and psi (None if it loops);
        a :class:`LimitsError` when AT leaves some square in more than one way."""
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


def loaded_face_of(at: Die, toward: Die) -> tuple[int, int] | None:
    """``(delta, p_to)`` when ``(1 - eps) at + eps toward`` is the paper's loaded die, else None.

    Examples
    --------
    >>> from limits import weighted
    >>> loaded_face_of(weighted(5, 0), weighted(5, 1))
    (5, 0)
    """
    for one, rest, p_to in ((at, toward, 1), (toward, at, 0)):
        if 1 in one.probabilities:
            delta = one.probabilities.index(1) + 1
            share = Fraction(1, one.faces - 1)
            if all(p == (0 if f == delta else share) for f, p in enumerate(rest.probabilities, 1)):
                return delta, p_to
    return None
