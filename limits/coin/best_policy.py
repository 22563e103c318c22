"""The best and the worst way to use the coin: exact policy iteration.

A decision is made at each (start square, roll) whose landing allows a flip.
Policy iteration alternates an exact evaluation of the current policy
(rational solve of the chain) with an improvement that picks, at every
decision, the choice of least (or greatest) expected remaining turns;
a choice changes only on strict improvement, so the iteration ends, with no
tolerance, at an optimal policy.

For the maximum, a policy that can avoid ever winning makes the expectation
infinite. Such a policy exists exactly when some set of squares away from N
can be kept forever: every roll from each of its squares has a choice whose
every outcome stays in the set. The greatest such set is found by removing
squares until none fails; if the start can reach it, the maximum is infinite
and the choices that keep the player inside are named.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..game.duration import expected_durations
from ..model.board import Board, standard
from ..model.die import Die, fair
from ..model.rules import Rule, as_rule
from .rule import check_coin, policy_chain, turn_outcomes
from .strategies import Strategy

__all__ = ["OptimalPolicy", "optimal_policy", "Unbounded"]


@dataclass(frozen=True)
class Unbounded:
    """The maximum is infinite: the player can avoid winning forever.

    Attributes
    ----------
    squares : tuple of int
        Squares the player can stay among forever.
    flip_on, keep_on : tuple of int
        Landing squares where the player must flip, and where they must not,
        to stay among them.
    """

    squares: tuple[int, ...]
    flip_on: tuple[int, ...]
    keep_on: tuple[int, ...]

    def reason(self) -> str:
        parts = []
        if self.flip_on:
            parts.append("flipping on landing on " + ", ".join(map(str, self.flip_on)))
        if self.keep_on:
            parts.append("not flipping on landing on " + ", ".join(map(str, self.keep_on)))
        return ("a player can avoid ever winning by " + " and ".join(parts)
                + f": they stay among {len(self.squares)} squares forever")


@dataclass(frozen=True)
class OptimalPolicy:
    """An optimal policy and its values.

    Attributes
    ----------
    maximise : bool
    expected_turns : Fraction or float
        From square 0 (``inf`` for an unbounded maximum).
    decisions : dict
        ``(start, roll) -> True`` (flip) or ``False``.
    remaining : dict
        Expected remaining turns from every square under the policy.
    unbounded : Unbounded or None
    iterations : int
    """

    maximise: bool
    expected_turns: Fraction | float
    decisions: dict[tuple[int, int], bool]
    remaining: dict[int, Any]
    unbounded: Unbounded | None
    iterations: int

    def flip_squares(self) -> tuple[int, ...]:
        """Landing squares on which the policy flips (from some start)."""
        return tuple(sorted({s + r for (s, r), flip in self.decisions.items() if flip}))

    def as_strategy(self) -> Strategy:
        """The policy as a strategy ``(start, landing) -> 0 or 1``."""
        return Strategy("optimal" if not self.maximise else "worst", "optimal policy",
                        _table_policy(dict(self.decisions)))


def optimal_policy(board: Board | None = None, die: Die | None = None, *, coin: Any = Fraction(1, 2),
                   rule: Rule | str = Rule.STAY, maximise: bool = False, start: int = 0) -> OptimalPolicy:
    """The policy that minimises (or maximises) the expected number of turns.

    Examples
    --------
    >>> best = optimal_policy()
    >>> float(best.expected_turns) < 17.39  # better than the paper's best, strategy 6
    True
    >>> optimal_policy(maximise=True).unbounded.flip_on
    (80, 100)
    """
    board = standard() if board is None else board
    die = fair() if die is None else die
    rule = as_rule(rule)
    h = check_coin(coin)
    decisions_at = {}
    for s in board.squares:
        for face, _ in die.rolls():
            out = turn_outcomes(board, rule, s, face)
            if out.landing is not None:
                decisions_at[(s, face)] = out
    if maximise:
        trap = _closed_set(board, die, decisions_at, h, rule, start)
        if trap is not None:
            decisions = {key: key in trap[1] for key in decisions_at}
            chain = policy_chain(board, die, _table_policy(decisions), coin=h, rule=rule)
            return OptimalPolicy(True, float("inf"), decisions, expected_durations(chain), trap[0], 0)
    decisions = {key: False for key in decisions_at}
    iterations = 0
    while True:
        iterations += 1
        chain = policy_chain(board, die, _table_policy(decisions), coin=h, rule=rule)
        values = expected_durations(chain)
        values[board.size] = Fraction(0)
        changed = False
        for key, out in decisions_at.items():
            stay = values[out.no_flip]
            flip = h * values[out.heads] + (1 - h) * values[out.tails]
            better = (flip > stay) if maximise else (flip < stay)
            worse = (flip < stay) if maximise else (flip > stay)
            if not decisions[key] and better:
                decisions[key] = changed = True
            elif decisions[key] and worse:
                decisions[key] = False
                changed = True
        if not changed:
            break
    values.pop(board.size)
    entry = board.land(start)
    total = Fraction(0) if entry == board.size else values[entry]
    return OptimalPolicy(maximise, total, decisions, values, None, iterations)


def _table_policy(decisions: dict[tuple[int, int], bool]):
    def policy(start: int, landing: int) -> Fraction:
        return Fraction(int(decisions.get((start, landing - start), False)))

    return policy


def _closed_set(board: Board, die: Die, decisions_at: dict, h: Fraction, rule: Rule, start: int):
    """The greatest set of squares a player can keep forever, if the start reaches it."""
    keep = set(board.squares)

    def outcomes(s: int, face: int, flip: bool) -> set[int]:
        out = decisions_at.get((s, face))
        if out is None:
            return {turn_outcomes(board, rule, s, face).no_flip}
        if not flip:
            return {out.no_flip}
        return {t for t, w in ((out.heads, h), (out.tails, 1 - h)) if w}

    def keepable(s: int, face: int) -> list[bool]:
        return [flip for flip in (False, True)
                if (flip is False or (s, face) in decisions_at) and outcomes(s, face, flip) <= keep]

    changed = True
    while changed:
        changed = False
        for s in sorted(keep):
            if any(not keepable(s, face) for face, _ in die.rolls()):
                keep.discard(s)
                changed = True
    if not keep:
        return None
    # can the start reach the set, with some choices?
    entry = board.land(start)
    seen, todo = {entry}, [entry]
    while todo:
        s = todo.pop()
        if s == board.size:
            continue
        for face, _ in die.rolls():
            for flip in (False, True):
                for t in outcomes(s, face, flip) if (flip is False or (s, face) in decisions_at) else ():
                    if t not in seen:
                        seen.add(t)
                        todo.append(t)
    if not seen & keep:
        return None
    flips = set()
    flip_on, keep_on = set(), set()
    for s in keep:
        for face, _ in die.rolls():
            choices = keepable(s, face)
            if choices == [True]:
                flips.add((s, face))
                flip_on.add(s + face)
            elif choices == [False] and (s, face) in decisions_at:
                keep_on.add(s + face)
    return Unbounded(tuple(sorted(keep)), tuple(sorted(flip_on)), tuple(sorted(keep_on))), flips
