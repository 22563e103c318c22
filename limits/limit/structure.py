"""A family's data, validated once, and what every answer needs, found once: its one walk over the board, the
squares, the pencil, the trap. Each function here is a member of :class:`~limits.limit.perturbed_chain.Perturbation`
(its validation, properties and methods), written apart so that the class keeps its verbs.

For ``0 < eps < 1`` every move of either die is possible, so the squares a
game can visit and the loops that can trap it are those of the chain at
eps = 1/2 (:func:`mixed`). Over those squares the system
``(A0 + eps A1) sigma = 1`` has ``A0 = I - T0`` and ``A1 = -T1``
(:class:`Structure`); at eps = 0 a limit die that moves one way walks from
the start (:func:`walk`).

Examples
--------
>>> from limits import Perturbation
>>> f = Perturbation.loaded(delta=5)
>>> f.structure.entry, len(f.structure.states), f.trap
(0, 81, None)
>>> squares, psi = f.walk
>>> squares[:4], psi
((0, 5, 10, 15), 16)

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
from ..errors import BoardError, DieError, InfiniteExpectationError, LimitsError, SymbolicError, TooLargeError
from ..exact.digraph import reachable
from ..model.board import Board, standard
from ..model.chain import Chain
from ..model.die import Die, as_probability
from ..model.die_of_eps import die_at, face_text, parse_die_of_eps, support_dice
from ..model.moves import face_targets, labelled_outcomes
from ..model.reach import check_reachable
from ..model.rules import Rule, as_rule

__all__ = ["Side", "Move", "Structure", "check", "die", "outcomes", "scaled", "chain_at_eps", "moves", "row", "mixed",
           "structure", "pencil_rows", "trap", "check_finite", "walk", "deterministic", "of_eps",
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


def check(family: Any) -> None:
    """Validate a family once, as it is made (its ``__post_init__``).

    Raises
    ------
    BoardError, DieError, SymbolicError, StartError, TooLargeError
        For anything but a board, two dice on different faces, equal or with symbols, a start off the board,
        a goal no move reaches from it, or more than :data:`~limits.checks.MAX_FAMILY_STATES` squares.
    """
    object.__setattr__(family, "rule", as_rule(family.rule))
    object.__setattr__(family, "coin", as_probability(family.coin))
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
    if family.policy is None:  # with a coin, the chain its walk is made from checks it (outcomes)
        check_reachable(family.board, family.faces, family.rule, family.start)
    _ = family.outcomes  # the policy gives probabilities


# ---- what the family is -----------------------------------------------------------------------
def faces(family: Any) -> int:
    """The number of faces of the dice."""
    return family.at.faces


def goal(family: Any) -> int:
    """The last square N."""
    return family.board.size


def loaded_face(family: Any) -> tuple[int, int] | None:
    """``(delta, p_to)`` when this is the paper's loaded die (with no coin), else None."""
    return None if family.policy is not None else family.loaded_as or loaded_face_of(family.at, family.toward)


def die(family: Any, eps: Any) -> Die:
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
    if family.speeds is not None:
        return die_at(family.speeds, e)
    return Die([(1 - e) * a + e * t for a, t in zip(family.at.probabilities, family.toward.probabilities)])


# ---- the one walk over the board, and what every answer needs -----------------------------------
def outcomes(family: Any) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """The family's one walk over the board: for each square of ``board.squares``, every outcome of a turn,
    ``(label, target, P at, P toward)`` (the label says the face and, with a coin policy, the flip: from the
    turn table of the game at eps = 1/2, where every face of either die can come up)."""
    k, at, toward = family.faces, family.at.probabilities, family.toward.probabilities
    if family.policy is not None:
        chain = Chain(family.board, family.die(Fraction(1, 2)), family.rule, family.start, family.policy, family.coin)
        return labelled_outcomes(chain, (family.at, family.toward))
    targets = face_targets(family.board, family.rule, k)
    return tuple(tuple((str(f + 1), targets[i * k + f], at[f], toward[f]) for f in range(k) if at[f] or toward[f])
                 for i in range(len(family.board.squares)))


def scaled(family: Any) -> tuple[int, tuple[tuple[tuple[int, int, int], ...], ...]]:
    """``(D, rows)``: for each square, ``(target, D P_at, D P_toward)`` for every target of either die, in order
    of target, in integers over the dice's common denominator D (the chain at any eps is then one fraction an
    entry)."""
    den = math.lcm(*{x.denominator for square in family.outcomes for o in square for x in o[2:]})
    out = []
    for square in family.outcomes:
        row: dict[int, list[int]] = {}
        for _, t, a, w in square:
            both = row.setdefault(t, [0, 0])
            both[0] += a.numerator * (den // a.denominator)
            both[1] += w.numerator * (den // w.denominator)
        out.append(tuple((t, a, w) for t, (a, w) in sorted(row.items())))
    return den, tuple(out)


def chain_at_eps(family: Any, eps: Fraction) -> Chain:
    """The game's chain at an exact eps in [0, 1] (with the policy, if any), from the family's one walk."""
    die = family.die(eps)
    if family.speeds is not None:
        return Chain(family.board, die, family.rule, family.start)
    den, scaled = family.scaled
    stay, move, whole = eps.denominator - eps.numerator, eps.numerator, eps.denominator * den  # (1 - e) a + e w
    rows = tuple(tuple((t, Fraction(n, whole)) for t, a, w in row if (n := stay * a + move * w)) for row in scaled)
    return Chain(family.board, die, family.rule, family.start, family.policy, family.coin, rows=rows)


def moves(family: Any, square: int, side: Side) -> tuple[Move, ...]:
    """Every outcome of a turn from ``square`` with one die of the family (zero ones left out)."""
    column = 2 if side is Side.AT else 3
    return tuple(Move(o[0], o[1], o[column]) for o in family.outcomes[family.mixed.index[square]] if o[column])


def row(family: Any, square: int, side: Side) -> dict[int, Fraction]:
    """The chain's row of one die of the family: ``{target: probability}``."""
    den, rows = family.scaled
    k = 1 if side is Side.AT else 2
    return {entry[0]: Fraction(entry[k], den) for entry in rows[family.mixed.index[square]] if entry[k]}


def mixed(family: Any) -> Chain:
    """The chain at eps = 1/2: every move of either die is possible (as for every 0 < eps < 1)."""
    if family.speeds is not None:  # the die whose faces are those of the family for small eps > 0
        mid = Die([(a + w) / 2 for a, w in zip(family.at.probabilities, family.toward.probabilities)])
        return Chain(family.board, mid, family.rule, family.start)
    return family._chain(Fraction(1, 2))


def structure(family: Any) -> Structure:
    """The squares reachable from the start for 0 < eps < 1, ``A0 = I - T0``, ``A1 = -T1``, the trap."""
    mid = family.mixed
    entry = mid.entry(family.start)
    if entry == family.goal:
        return Structure(entry, (), {}, (), (), None)
    if entry in mid.trapped:
        return Structure(entry, (), {}, (), (), mid.trapped[entry])
    seen = reachable(lambda s: (t for t, _ in mid.rows[mid.index[s]] if t != family.goal), [entry])
    states = tuple(sorted(seen))
    den, c0, c1 = pencil_rows(family, states)  # A0 = C0 / D, A1 = C1 / D
    a0, a1 = (tuple({j: fmpq(v, den) for j, v in r.items() if v} for r in c) for c in (c0, c1))
    return Structure(entry, states, {s: i for i, s in enumerate(states)}, a0, a1, None)


def pencil_rows(family: Any, states: tuple[int, ...]) -> tuple[int, list[dict[int, int]], list[dict[int, int]]]:
    """``(D, C0, C1)``: ``C0 = D (I - T0)`` and ``C1 = -D T1`` over ``states``, row by row (``{column: entry}``),
    in integers over the dice's common denominator D (``C0 + eps C1 = D (I - T(eps))``)."""
    index = {s: i for i, s in enumerate(states)}
    den, scaled = family.scaled
    c0, c1 = [], []
    for s in states:
        r0, r1 = {index[s]: den}, {}
        for t, a, w in scaled[family.mixed.index[s]]:
            if t in index:
                r0[index[t]] = r0.get(index[t], 0) - a
                r1[index[t]] = a - w
        c0.append(r0)
        c1.append(r1)
    return den, c0, c1


def trap(family: Any) -> tuple[int, ...] | None:
    """A loop that can hold the player forever for every eps > 0 (then sigma is infinite), or None."""
    return family.structure.trap


def check_finite(family: Any) -> None:
    """Raise :class:`InfiniteExpectationError` (naming the trap) if sigma is infinite for every eps."""
    if family.trap is not None:
        raise InfiniteExpectationError(family.start, family.trap, "expected number of turns, for every eps > 0,")


def walk(family: Any) -> tuple[tuple[int, ...], int | None]:
    """The eps = 0 walk from the start when AT moves deterministically: its squares and psi (None if it loops);
    a :class:`LimitsError` when AT leaves some square in more than one way."""
    square, seen, path = family.structure.entry, set(), []
    while square != family.goal and square not in seen:
        row = family.row(square, Side.AT)
        if len(row) != 1:
            raise LimitsError("the limit die moves at random: the eps = 0 game is not a walk")
        seen.add(square)
        path.append(square)
        (square,) = row
    return tuple(path), (len(path) if square == family.goal else None)


def deterministic(family: Any) -> bool:
    """Whether every turn at eps = 0 has one outcome, from every square reachable for eps > 0."""
    return all(len(family.row(s, Side.AT)) == 1 for s in family.structure.states)


def of_eps(cls: Any, die_of_eps: str, board: Board | None = None, *, rule: Rule | str = Rule.STAY,
           start: int = 0) -> Any:
    """A family at several speeds (:meth:`Perturbation.of_eps`): each face a sum of terms ``c eps^r``, r >= 0
    rational, the faces summing to 1 (:func:`limits.model.die_of_eps.parse_die_of_eps`). It answers
    :meth:`expansion` (a Puiseux series),
    :meth:`explain_order`, :meth:`value_at`, :meth:`chain_at` and :meth:`classify`.

    Examples
    --------
    >>> from limits import Perturbation
    >>> f = Perturbation.of_eps("eps^2, 0, eps^(1/2), 0, 1 - eps^(1/2) - eps^2, 0")
    >>> f.expansion(2)
    Laurent(sigma = 12 eps^(-3/2) - 503/5 eps^-1 + O(eps^(-1/2)))
    >>> f.value_at(eps="1e-8", digits=6).decimal
    '11989900000000'
    """
    faces = parse_die_of_eps(die_of_eps)
    name = ", ".join(map(face_text, faces))
    return cls(standard() if board is None else board, *support_dice(faces), rule, start, name=name, speeds=faces)


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
