"""A family of games ``die(eps) = (1 - eps) AT + eps TOWARD`` and its chain ``T(eps) = T0 + eps T1``.

``AT`` is the die the family tends to as eps -> 0 (it may have several
faces) and ``TOWARD`` the direction it is perturbed in; both are exact dice on
the same faces. The paper's loaded die, ``P(delta) = p -> 1``, is AT = the
face delta and TOWARD = the uniform die on the other faces, with eps = 1 - p;
``P(delta) = p -> 0`` swaps the two. A coin policy may be held fixed: every
move is then a roll and, perhaps, a flip (:func:`limits.model.moves.policy_rows`).

Since the chain is linear in the die, ``T(eps) = T0 + eps T1`` with ``T0`` the
chain of AT and ``T1`` that of TOWARD minus that of AT, exactly.
:class:`PerturbedChain` holds this data, validated once: the board is walked
once (every face from every square), and the chain at any eps, the pencil
``A0 + eps A1`` and the structure every answer needs (the squares reachable
from the start for ``0 < eps < 1``, and the trap when the game may never end
for every eps) all come from that one walk. The family with its verbs is
:class:`limits.front.family.Perturbation`.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Callable, Self

from flint import fmpq

from ..checks import MAX_FAMILY_STATES, instance, start_square
from ..errors import BoardError, DieError, InfiniteExpectationError, LimitsError, SymbolicError, TooLargeError, shown
from ..exact.digraph import reachable
from ..model.board import Board
from ..model.chain import AbsorbingChain, check_reachable, face_targets
from ..model.die import Die, as_probability
from ..model.rules import Rule, as_rule

__all__ = ["Side", "Move", "PerturbedChain", "DELTA"]

DELTA = 5
"""The loaded face every function and verb takes by default: the paper's worked example (sigma -> 93)."""


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
        If square N cannot be reached from ``start`` with all the faces (and the coin, with a policy).
    TooLargeError
        For a board of more than :data:`~limits.checks.MAX_FAMILY_STATES` squares.
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
    """``(delta, p_to)`` as :meth:`loaded` was asked: with two faces "P(1) = eps" is also "P(2) = 1 - eps"."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "rule", as_rule(self.rule))
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
        object.__setattr__(self, "coin", as_probability(self.coin))
        states = self.board.size - len(self.board.jumps)  # the squares 0..N-1 but the jumps' starts
        if states > MAX_FAMILY_STATES:
            raise TooLargeError(f"a family has at most {MAX_FAMILY_STATES} squares (the limit MAX_FAMILY_STATES), "
                                f"not {states}")
        if self.policy is None:
            check_reachable(self.board, self.faces, self.rule, self.start)
        else:
            from ..model.moves import check_coin_reachable

            check_coin_reachable(self.board, self.toward, self.rule, self.coin, self.start)
        _ = self._outcomes  # the policy gives probabilities

    @classmethod
    def loaded(cls, board: Board | None = None, delta: int = DELTA, *, p_to: int = 1, rule: Rule | str = Rule.STAY,
               faces: int = 6, start: int = 0, policy: Callable[[int, int], Any] | None = None,
               coin: Any = Fraction(1, 2)) -> Self:
        """The paper's loaded die on ``board`` (default: the paper's), ``P(delta) = p`` and ``(1 - p)/(k - 1)``
        on each other face of ``faces``, as p -> ``p_to`` (1, the paper's limit, or 0).

        With ``p_to = 1``, eps = 1 - p: AT is the face delta, TOWARD the uniform
        die on the others. With ``p_to = 0``, eps = p and the two swap. A coin
        ``policy`` may be held fixed, with the coin's chance of heads ``coin``.

        Raises
        ------
        DieError
            For a face off the die, or ``p_to`` other than 0 and 1.
        """
        from ..model.board import standard
        from ..model.die import weighted

        if p_to not in (0, 1) or isinstance(p_to, bool):
            raise DieError(f"p tends to 0 or to 1, not {shown(p_to)}")
        face, rest = weighted(delta, 1, faces), weighted(delta, 0, faces)
        at, toward = (face, rest) if p_to == 1 else (rest, face)
        name = f"P({delta}) = 1 - eps" if p_to == 1 else f"P({delta}) = eps"
        return cls(standard() if board is None else board, at, toward, rule, start, policy, coin, name, (delta, p_to))

    @classmethod
    def between(cls, at: Die, toward: Die, board: Board | None = None, *, rule: Rule | str = Rule.STAY,
                start: int = 0, policy: Callable[[int, int], Any] | None = None, coin: Any = Fraction(1, 2),
                name: str = "") -> Self:
        """``(1 - eps) at + eps toward`` for any two dice on the same faces (the rest as for :meth:`loaded`;
        ``name`` labels reports).

        Raises
        ------
        DieError, SymbolicError, StartError, BoardError
            For dice on different faces or equal, symbolic dice, a start off the
            board, or a goal no roll reaches.
        """
        from ..model.board import standard

        return cls(standard() if board is None else board, at, toward, rule, start, policy, coin, name)

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
        """``(delta, p_to)`` when this is the paper's loaded die (with no coin), else None.

        Examples
        --------
        >>> from limits import standard, weighted
        >>> PerturbedChain(standard(), weighted(5, 0), weighted(5, 1)).loaded_face
        (5, 0)
        """
        if self.policy is not None:
            return None
        if self.loaded_as is not None:
            return self.loaded_as
        for one, rest, p_to in ((self.at, self.toward, 1), (self.toward, self.at, 0)):
            if 1 in one.probabilities:
                delta = one.probabilities.index(1) + 1
                share = Fraction(1, self.faces - 1)
                if all(p == (0 if f == delta else share) for f, p in enumerate(rest.probabilities, 1)):
                    return delta, p_to
        return None

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

    # ---- the one walk over the board ---------------------------------------------------------
    @cached_property
    def _outcomes(self) -> tuple[tuple[tuple[str, int, Fraction, Fraction], ...], ...]:
        """For each square of ``board.squares``: every outcome of a turn, ``(label, target, P at, P toward)``."""
        k, at, toward = self.faces, self.at.probabilities, self.toward.probabilities
        out = []
        if self.policy is None:
            targets = face_targets(self.board, self.rule, k)
            for i in range(len(self.board.squares)):
                out.append(tuple((str(f + 1), targets[i * k + f], at[f], toward[f]) for f in range(k)
                                 if at[f] or toward[f]))
            return tuple(out)
        from ..model.moves import labelled_outcomes

        return labelled_outcomes(self.board, self.rule, (self.at, self.toward), self.policy, self.coin)

    @cached_property
    def _position(self) -> dict[int, int]:
        return {s: i for i, s in enumerate(self.board.squares)}

    @cached_property
    def _scaled(self) -> tuple[int, tuple[tuple[tuple[int, int, int], ...], ...]]:
        """``(D, rows)``: for each square of ``board.squares``, ``(target, D P_at, D P_toward)`` for every target of
        either die, in order of target, in integers over the dice's common denominator D (the chain at any eps is
        then one fraction an entry)."""
        den = math.lcm(*{x.denominator for square in self._outcomes for o in square for x in o[2:]})
        out = []
        for square in self._outcomes:
            row: dict[int, list[int]] = {}
            for _, t, a, w in square:
                both = row.setdefault(t, [0, 0])
                both[0] += a.numerator * (den // a.denominator)
                both[1] += w.numerator * (den // w.denominator)
            out.append(tuple((t, a, w) for t, (a, w) in sorted(row.items())))
        return den, tuple(out)

    def chain_at(self, eps: Any) -> AbsorbingChain:
        """The game's chain at an exact eps in [0, 1] (with the policy, if any), from the family's one walk.

        Examples
        --------
        >>> from limits import standard, weighted
        >>> f = PerturbedChain(standard(), weighted(5, 1), weighted(5, 0))
        >>> f.chain_at("1/10").row(0)[5]
        Fraction(9, 10)
        """
        die = self.die(eps)
        e = as_probability(eps)
        den, scaled = self._scaled
        stay, move, whole = e.denominator - e.numerator, e.numerator, e.denominator * den  # (1 - e) a + e w
        rows = tuple(tuple((t, Fraction(n, whole)) for t, a, w in row if (n := stay * a + move * w)) for row in scaled)
        return AbsorbingChain(self.board, die, self.rule, self.board.squares, rows)

    def exact_value(self, eps: Any) -> Fraction:
        """sigma at an exact eps: the expected number of turns from the start, by one exact solve.

        Raises
        ------
        InfiniteExpectationError
            If the game may never end at this eps.
        """
        from ..game.duration import expected_duration

        return expected_duration(self.chain_at(eps), self.start)

    def moves(self, square: int, side: Side) -> tuple[Move, ...]:
        """Every outcome of a turn from ``square`` with one die of the family (zero ones left out).

        Examples
        --------
        >>> from limits import standard, weighted
        >>> f = PerturbedChain(standard(), weighted(3, 1), weighted(3, 0))
        >>> [(m.label, m.target) for m in f.moves(53, Side.AT)], len(f.moves(53, Side.TOWARD))
        ([('3', 53)], 5)
        """
        column = 2 if side is Side.AT else 3
        return tuple(Move(o[0], o[1], o[column]) for o in self._outcomes[self._position[square]] if o[column])

    def row(self, square: int, side: Side) -> dict[int, Fraction]:
        """The chain's row of one die of the family: ``{target: probability}``."""
        den, rows = self._scaled
        k = 1 if side is Side.AT else 2
        return {entry[0]: Fraction(entry[k], den) for entry in rows[self._position[square]] if entry[k]}

    @cached_property
    def mixed(self) -> AbsorbingChain:
        """The chain at eps = 1/2: every move of either die is possible (as for every 0 < eps < 1)."""
        return self.chain_at(Fraction(1, 2))

    @cached_property
    def structure(self) -> _Structure:
        """The squares reachable from the start for 0 < eps < 1, ``A0 = I - T0``, ``A1 = -T1``, the trap."""
        mid = self.mixed
        entry = mid.entry(self.start)
        if entry == self.goal:
            return _Structure(entry, (), {}, (), (), None)
        if entry in mid.trapped:
            return _Structure(entry, (), {}, (), (), mid.trapped[entry])
        seen = reachable(lambda s: (t for t, _ in mid.rows[mid.index[s]] if t != self.goal), [entry])
        states = tuple(sorted(seen))
        index = {s: i for i, s in enumerate(states)}
        den, scaled = self._scaled
        a0, a1 = [], []
        for s in states:
            r0 = {index[s]: den}  # D (I - T0) and -D T1, in integers
            r1: dict[int, int] = {}
            for t, a, w in scaled[self._position[s]]:
                if t in index:
                    r0[index[t]] = r0.get(index[t], 0) - a
                    r1[index[t]] = a - w
            a0.append({j: fmpq(v, den) for j, v in r0.items() if v})
            a1.append({j: fmpq(v, den) for j, v in r1.items() if v})
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
