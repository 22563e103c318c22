"""The coin rule: after the roll, before any jump, the player may flip a coin.

Heads moves the player one square on, tails one square back; then any chute
or ladder is taken. The edge cases follow the paper's listing "Simulate Game
With Coin Strategies" under the ``stay`` rule:

* a roll that lands two or more squares past N is void: the player stays,
  with no flip;
* a roll that lands exactly one past N may still be flipped: tails wins,
  heads (or no flip) is void;
* after the flip, a position past N is void: the player goes back to where
  the turn started;
* tails from square 1 goes to square 0, the start.

Under ``pass`` a landing on or past N wins at once; under ``bounce`` the
landing (and the position after the flip) is reflected off N. A
:data:`Policy` gives the probability of flipping, from the square the turn
started on and the landing square.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from ..errors import LimitsError, shown
from ..model.board import Board
from ..model.chain import AbsorbingChain, check_reachable
from ..model.die import Die, as_probability
from ..model.rules import Rule, as_rule

__all__ = ["Policy", "TurnOutcomes", "turn_outcomes", "turn_table", "flip_probability", "policy_rows",
           "labelled_outcomes", "policy_chain", "check_coin", "check_coin_reachable"]

Policy = Callable[[int, int], Any]
"""``policy(start, landing) -> probability of flipping`` (exact)."""


@dataclass(frozen=True)
class TurnOutcomes:
    """Where one roll can end: without a decision (``decided`` is None), or by each choice.

    Attributes
    ----------
    landing : int or None
        The square the roll lands on before any flip; None when the roll is
        void or wins outright, with no decision to make.
    no_flip, heads, tails : int
        Where the turn ends (after jumps) without a flip, and after each side.
    """

    landing: int | None
    no_flip: int
    heads: int
    tails: int

    def ends(self, q: Fraction, coin: Fraction) -> tuple[tuple[int, Fraction], ...]:
        """Where the turn ends, with its chances, for a player who flips with chance ``q``: no flip, heads,
        tails (a roll with no decision ends at ``no_flip`` whatever ``q``)."""
        if self.landing is None:
            return ((self.no_flip, Fraction(1)),)
        return ((self.no_flip, 1 - q), (self.heads, q * coin), (self.tails, q * (1 - coin)))


def _reflect(x: int, n: int) -> int:
    period = 2 * n
    x %= period
    return period - x if x > n else x


def turn_outcomes(board: Board, rule: Rule | str, start: int, roll: int) -> TurnOutcomes:
    """Where a roll from ``start`` can end, by choice.

    Examples
    --------
    >>> from limits.model.board import standard
    >>> b = standard()
    >>> turn_outcomes(b, Rule.STAY, 53, 3)  # 56 is a chute's top: tails to 55 avoids it
    TurnOutcomes(landing=56, no_flip=53, heads=57, tails=55)
    >>> turn_outcomes(b, Rule.STAY, 96, 5)  # one past N: tails wins
    TurnOutcomes(landing=101, no_flip=96, heads=96, tails=100)
    >>> turn_outcomes(b, Rule.STAY, 96, 6)  # two past N: void
    TurnOutcomes(landing=None, no_flip=96, heads=96, tails=96)
    """
    rule = as_rule(rule)  # a rule's name too: 'pass' must not fall through to bounce
    n = board.size
    x = start + roll
    if rule is Rule.STAY:
        if x > n + 1:
            return TurnOutcomes(None, start, start, start)

        def settle(y: int) -> int:
            return start if y > n else board.land(y)

    elif rule is Rule.PASS:
        if x >= n:
            return TurnOutcomes(None, n, n, n)

        def settle(y: int) -> int:
            return n if y >= n else board.land(y)

    else:
        x = _reflect(x, n)

        def settle(y: int) -> int:
            return board.land(_reflect(y, n))

    return TurnOutcomes(x, settle(x), settle(x + 1), settle(x - 1))


def check_coin(coin: Any) -> Fraction:
    """The probability of heads, exact, in [0, 1].

    Raises
    ------
    DieError
        Outside [0, 1], or not a number.
    """
    h = as_probability(coin)
    if not isinstance(h, Fraction):
        raise LimitsError("the coin's probability of heads must be a number")
    return h


def flip_probability(policy: Policy | None, start: int, out: TurnOutcomes) -> Fraction:
    """The chance that ``policy`` flips after the roll ``out`` from ``start`` (0 with no policy or no decision).

    Raises
    ------
    LimitsError
        When the policy gives anything but a probability.
    """
    if policy is None or out.landing is None:
        return Fraction(0)
    if not callable(policy):
        raise LimitsError(f"a coin policy is a strategy -1..6 or policy(start, landing) -> probability, "
                          f"not {shown(policy)}")
    q = as_probability(policy(start, out.landing))
    if not isinstance(q, Fraction):
        raise LimitsError(f"a policy must give a number, not {shown(q)}")
    return q


def turn_table(board: Board, rule: Rule | str, faces: int) -> tuple[TurnOutcomes, ...]:
    """Where each roll can end from each square, by choice: the one walk over the board a coin game is made from.

    For each square of ``board.squares`` in turn, the outcomes of faces
    1..``faces`` (square-major). Any die, policy and coin then give the
    chain's rows (:func:`policy_rows`).
    """
    return tuple(turn_outcomes(board, rule, s, f) for s in board.squares for f in range(1, faces + 1))


def policy_rows(board: Board, table: tuple[TurnOutcomes, ...], die: Die, policy: Policy, coin: Fraction
                ) -> tuple[tuple[tuple[int, Fraction], ...], ...]:
    """The rows of the coin game's chain from its :func:`turn_table`, a die, a policy and the coin."""
    k = die.faces
    rows = []
    split: dict[tuple[Fraction, Fraction], tuple[Fraction, Fraction, Fraction]] = {}
    for i, s in enumerate(board.squares):
        merged: dict[int, Fraction] = {}

        def add(target: int, prob: Fraction) -> None:
            if prob:
                merged[target] = merged.get(target, Fraction(0)) + prob

        for face, p in enumerate(die.probabilities):
            if not p:
                continue
            out = table[i * k + face]
            if out.landing is None:
                add(out.no_flip, p)
                continue
            q = flip_probability(policy, s, out)
            parts = split.get((p, q))
            if parts is None:  # a few (roll, flip) pairs recur on every square: their products once
                parts = split[p, q] = (p * (1 - q), p * q * coin, p * q * (1 - coin))
            add(out.no_flip, parts[0])
            add(out.heads, parts[1])
            add(out.tails, parts[2])
        rows.append(tuple(sorted(merged.items())))
    return tuple(rows)


def labelled_outcomes(board: Board, rule: Rule | str, dice: tuple[Die, ...], policy: Policy, coin: Fraction
                      ) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """For each square of ``board.squares``, every outcome of a turn with the coin, named, with its chance under each
    of ``dice``: ``(label, target, P under dice[0], P under dice[1], ...)`` (the labels say the face and the flip).

    Examples
    --------
    >>> from limits.model.board import standard
    >>> from limits.model.die import fair
    >>> rows = labelled_outcomes(standard(), Rule.STAY, (fair(),), lambda s, x: 1, Fraction(1, 2))
    >>> row = rows[standard().squares.index(53)]
    >>> [o[:2] for o in row if o[0].startswith("3")]
    [('3, heads', 57), ('3, tails', 55)]
    """
    k = dice[0].faces
    table = turn_table(board, rule, k)
    out = []
    for i, s in enumerate(board.squares):
        row = []
        for f in range(k):
            probs = tuple(d.probabilities[f] for d in dice)
            if not any(probs):
                continue
            o = table[i * k + f]
            if o.landing is None:
                row.append((str(f + 1), o.no_flip, *probs))
                continue
            for label, (target, w) in zip(("no flip", "heads", "tails"), o.ends(flip_probability(policy, s, o), coin)):
                if w:
                    row.append((f"{f + 1}, {label}", target, *(p * w for p in probs)))
        out.append(tuple(row))
    return tuple(out)


def check_coin_reachable(board: Board, die: Die, rule: Rule | str, coin: Fraction, start: int = 0) -> None:
    """Raise :class:`~limits.errors.BoardError` unless square N can be reached from ``start`` in the coin game,
    where after any roll that leaves a choice the player may flip (heads and tails, as far as ``coin`` allows).

    Examples
    --------
    >>> from limits.model.die import fair
    >>> board = Board(7, {3: 0, 4: 2, 6: 7})  # the die alone never passes 2: a flip from 4 reaches 5
    >>> check_coin_reachable(board, fair(2), Rule.STAY, Fraction(1, 2)) is None
    True
    >>> check_coin_reachable(board, fair(2), Rule.STAY, Fraction(0))
    Traceback (most recent call last):
    ...
    limits.errors.BoardError: square 7 cannot be reached from square 0 on this board with a 2-faced die and the coin (heads 0) under the rule 'stay'
    """
    def moves(square: int) -> Any:
        for face in range(1, die.faces + 1):
            out = turn_outcomes(board, rule, square, face)
            yield out.no_flip
            if out.landing is not None:
                yield from (side for side, chance in ((out.heads, coin), (out.tails, 1 - coin)) if chance)

    check_reachable(board, die.faces, rule, start, moves, f" and the coin (heads {coin})")


def policy_chain(board: Board, die: Die, policy: Policy, *, coin: Any = Fraction(1, 2),
                 rule: Rule | str = Rule.STAY, start: int = 0) -> AbsorbingChain:
    """The absorbing chain of the game with a coin, played by ``policy``.

    Every answer of the core (expected length, variance, distribution,
    several players) then applies to it; :func:`limits.build_chain` with a
    ``policy`` gives the same chain with its verbs.

    Raises
    ------
    BoardError
        If square N cannot be reached from ``start`` even with the coin
        (:func:`check_coin_reachable`); where only ``policy``'s own flips
        cannot reach it, the expectations from ``start`` are infinite, naming
        the loop.

    Examples
    --------
    >>> from limits.game.duration import expected_duration
    >>> from limits.model.board import standard
    >>> from limits.model.die import fair
    >>> never = policy_chain(standard(), fair(), lambda start, landing: 0)
    >>> float(expected_duration(never))
    39.5983656402...
    """
    rule = as_rule(rule)
    h = check_coin(coin)
    if die.is_symbolic:
        raise LimitsError("the coin game needs a numeric die")
    check_coin_reachable(board, die, rule, h, start)
    rows = policy_rows(board, turn_table(board, rule, die.faces), die, policy, h)
    return AbsorbingChain(board, die, rule, board.squares, rows)
