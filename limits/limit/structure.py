"""What every answer about a family needs, found once: its one walk over the board, the squares, the pencil, the trap.

For ``0 < eps < 1`` every move of either die is possible, so the squares a
game can visit and the loops that can trap it are those of the chain at
eps = 1/2 (:attr:`~limits.limit.perturbed_chain.Perturbation.mixed`). Over those
squares the system ``(A0 + eps A1) sigma = 1`` has ``A0 = I - T0`` and
``A1 = -T1`` (:class:`Structure`); at eps = 0 a limit die that moves one way
walks from the start (:func:`limit_walk`).

May import: :mod:`limits.exact`, :mod:`limits.model` and :mod:`limits.errors`.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from flint import fmpq

from ..checks import MAX_FAMILY_STATES, instance, start_square
from ..errors import BoardError, DieError, LimitsError, SymbolicError, TooLargeError
from ..exact.digraph import reachable
from ..model.board import Board
from ..model.chain import Chain
from ..model.die import Die
from ..model.moves import face_targets, labelled_outcomes
from ..model.reach import check_reachable

__all__ = ["Side", "Move", "Structure", "check_family", "family_structure", "limit_walk", "family_outcomes", "scaled_rows",
           "loaded_face_of"]


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


def check_family(family: Any) -> None:
    """Raise the :class:`~limits.errors.LimitsError` that says what is wrong with a family's board, dice or start.

    Raises
    ------
    BoardError, DieError, SymbolicError, StartError, TooLargeError
        For anything but a board, two dice on different faces, equal or with symbols, a start off the board,
        a goal no move reaches from it, or more than :data:`~limits.checks.MAX_FAMILY_STATES` squares.
    """
    instance(family.board, Board, "the board", BoardError)
    for die in (family.at, family.toward):
        instance(die, Die, "each die of a family", DieError)
        if die.is_symbolic:
            raise SymbolicError("a family needs numeric dice: eps is its only variable")
    if family.at.faces != family.toward.faces:
        raise DieError(f"the two dice have {family.at.faces} and {family.toward.faces} faces: they must have the same")
    if family.at.probabilities == family.toward.probabilities:
        raise DieError("the two dice are equal: the family does not move")
    start_square(family.start, family.board.size)
    states = family.board.size - len(family.board.jumps)  # the squares 0..N-1 but the jumps' starts
    if states > MAX_FAMILY_STATES:
        raise TooLargeError(f"a family has at most {MAX_FAMILY_STATES} squares (the limit MAX_FAMILY_STATES), "
                            f"not {states}")
    if family.policy is None:  # with a coin, the chain its walk is made from checks it (family_outcomes)
        check_reachable(family.board, family.faces, family.rule, family.start)


def family_structure(family: Any) -> Structure:
    """The squares reachable from the start for 0 < eps < 1, ``A0 = I - T0``, ``A1 = -T1``, the trap.

    Examples
    --------
    >>> from limits import Perturbation
    >>> s = family_structure(Perturbation.loaded(delta=5))
    >>> s.entry, len(s.states), s.trap
    (0, 81, None)
    """
    mid = family.mixed
    entry = mid.entry(family.start)
    if entry == family.goal:
        return Structure(entry, (), {}, (), (), None)
    if entry in mid.trapped:
        return Structure(entry, (), {}, (), (), mid.trapped[entry])
    seen = reachable(lambda s: (t for t, _ in mid.rows[mid.index[s]] if t != family.goal), [entry])
    states = tuple(sorted(seen))
    index = {s: i for i, s in enumerate(states)}
    den, scaled = family.scaled
    position = mid.index
    a0, a1 = [], []
    for s in states:
        r0 = {index[s]: den}  # D (I - T0) and -D T1, in integers
        r1: dict[int, int] = {}
        for t, a, w in scaled[position[s]]:
            if t in index:
                r0[index[t]] = r0.get(index[t], 0) - a
                r1[index[t]] = a - w
        a0.append({j: fmpq(v, den) for j, v in r0.items() if v})
        a1.append({j: fmpq(v, den) for j, v in r1.items() if v})
    return Structure(entry, states, index, tuple(a0), tuple(a1), None)


def limit_walk(family: Any) -> tuple[tuple[int, ...], int | None]:
    """The eps = 0 walk from the start when AT moves deterministically: its squares and psi (None if it loops).

    Raises
    ------
    LimitsError
        When AT leaves some square in more than one way.

    Examples
    --------
    >>> from limits import Perturbation
    >>> squares, psi = limit_walk(Perturbation.loaded(delta=5))
    >>> squares[:4], psi
    ((0, 5, 10, 15), 16)
    """
    square, seen, path = family.structure.entry, set(), []
    while square != family.goal and square not in seen:
        row = family.row(square, Side.AT)
        if len(row) != 1:
            raise LimitsError("the limit die moves at random: the eps = 0 game is not a walk")
        seen.add(square)
        path.append(square)
        (square,) = row
    return tuple(path), (len(path) if square == family.goal else None)


def family_outcomes(family: Any) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """The family's one walk over the board: for each square of ``board.squares``, every outcome of a turn,
    ``(label, target, P at, P toward)`` (the label says the face and, with a coin policy, the flip: from the turn
    table of the game at eps = 1/2, where every face of either die can come up)."""
    k, at, toward = family.faces, family.at.probabilities, family.toward.probabilities
    if family.policy is not None:
        chain = Chain(family.board, family.die(Fraction(1, 2)), family.rule, family.start, family.policy, family.coin)
        return labelled_outcomes(chain, (family.at, family.toward))
    targets = face_targets(family.board, family.rule, k)
    return tuple(tuple((str(f + 1), targets[i * k + f], at[f], toward[f]) for f in range(k) if at[f] or toward[f])
                 for i in range(len(family.board.squares)))


def scaled_rows(outcomes: tuple[tuple[tuple[Any, ...], ...], ...]) -> tuple[int, tuple[tuple[tuple[int, int, int], ...], ...]]:
    """``(D, rows)``: for each square, ``(target, D P_at, D P_toward)`` for every target of either die, in order of
    target, in integers over the dice's common denominator D (the chain at any eps is then one fraction an entry)."""
    den = math.lcm(*{x.denominator for square in outcomes for o in square for x in o[2:]})
    out = []
    for square in outcomes:
        row: dict[int, list[int]] = {}
        for _, t, a, w in square:
            both = row.setdefault(t, [0, 0])
            both[0] += a.numerator * (den // a.denominator)
            both[1] += w.numerator * (den // w.denominator)
        out.append(tuple((t, a, w) for t, (a, w) in sorted(row.items())))
    return den, tuple(out)


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
