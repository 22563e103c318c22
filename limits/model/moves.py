"""Where a turn ends: the die's faces, and the coin that may be flipped after the roll, as the rows of a chain.

Without a coin a face takes the player to :func:`limits.model.rules.step`;
:func:`face_targets` walks the board once for every face, and the chain's
die on those faces gives its rows (:func:`transition_rows`). With the coin rule,
after the roll and before any jump, the player may flip a coin.

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

The coin's walk over the board, :func:`turn_table`, is made once a game and
held by it (:attr:`Chain.turns <limits.model.chain.Chain.turns>`): a
policy's rows (:func:`policy_rows`), a family's outcomes
(:func:`labelled_outcomes`), the best policy, the simulator's tables and the
race's moves all read it.
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction
from typing import Any, Callable, NamedTuple

from ..errors import LimitsError, shown
from .board import Board
from .die import Die, as_probability
from .rules import Rule, as_rule, step

__all__ = ["Policy", "TurnOutcomes", "turn_outcomes", "turn_table", "flip_chances", "policy_rows",
           "labelled_outcomes", "coin_moves", "check_coin", "face_targets", "transition_rows"]

Policy = Callable[[int, int], Any]
"""``policy(start, landing) -> probability of flipping`` (exact)."""


class TurnOutcomes(NamedTuple):
    """Where one roll can end: without a decision (``landing`` is None), or by each choice.

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


def turn_table(board: Board, rule: Rule, faces: int) -> tuple[tuple[TurnOutcomes, ...], ...]:
    """Where each roll can end from each square, by choice: the one walk over the board every coin question reads.

    For each square of ``board.squares``, the outcomes of faces 1..``faces``;
    :attr:`Chain.turns <limits.model.chain.Chain.turns>` holds it.

    Examples
    --------
    >>> turn_table(Board(3), Rule.STAY, 2)[2]  # from 2: a roll of 1 wins, of 2 lands one past N, where tails wins
    (TurnOutcomes(landing=3, no_flip=3, heads=2, tails=2), TurnOutcomes(landing=4, no_flip=2, heads=2, tails=3))
    """
    return tuple(tuple([turn_outcomes(board, rule, s, f) for f in range(1, faces + 1)]) for s in board.squares)


def flip_chances(chain: Any) -> tuple[tuple[Fraction, ...], ...]:
    """The chance that a chain's coin policy flips after each roll from each transient square, in the order of its
    turn table: 0 where the roll leaves no choice, where the die cannot roll it, or with no policy.

    The policy is asked once a decision, and each value it gives is checked once.

    Raises
    ------
    LimitsError
        When the policy gives anything but a probability.
    """
    zero, policy, seen = Fraction(0), chain.policy, {}
    rolled = [bool(p) for p in chain.die.probabilities]
    rows = []
    for s, outs in zip(chain.states, chain.turns):
        row = []
        for out, p in zip(outs, rolled):
            if policy is None or out.landing is None or not p:
                row.append(zero)
                continue
            q = policy(s, out.landing)
            if id(q) not in seen:
                checked = as_probability(q)
                if not isinstance(checked, Fraction):
                    raise LimitsError(f"a policy must give a number, not {shown(q)}")
                seen[id(q)] = (q, checked)  # the value kept beside its check, so that its id stays its own
            row.append(seen[id(q)][1])
        rows.append(tuple(row))
    return tuple(rows)


def policy_rows(chain: Any) -> tuple[tuple[tuple[int, Fraction], ...], ...]:
    """The rows of a coin game's chain, from its turn table, die, policy (:func:`flip_chances`) and coin.

    A row's chances are added up in integers over one denominator, then reduced.
    """
    heads, sides = chain.coin.as_integer_ratio()  # heads of ``sides`` equal chances, and tails the rest
    tails = sides - heads
    unit = math.lcm(*(p.denominator for p in chain.die.probabilities))
    weights = [p.numerator * (unit // p.denominator) for p in chain.die.probabilities]
    rows = []
    for outs, flips in zip(chain.turns, flip_chances(chain)):
        ratios = [q.as_integer_ratio() for q in flips]
        scale = math.lcm(*(d for _, d in ratios))
        merged: defaultdict[int, int] = defaultdict(int)
        for out, w, (c, d) in zip(outs, weights, ratios):
            k = w * (scale // d)
            for target, n in ((out.no_flip, k * sides * (d - c)), (out.heads, k * heads * c),
                              (out.tails, k * tails * c)):
                merged[target] += n
        whole = unit * sides * scale
        rows.append(tuple([(t, Fraction(n, whole)) for t, n in sorted(merged.items()) if n]))
    return tuple(rows)


def labelled_outcomes(chain: Any, dice: tuple[Die, ...]) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """For each transient square of a coin game's chain, every outcome of a turn, named, with its chance under each
    of ``dice`` (on the chain's faces): ``(label, target, P under dice[0], P under dice[1], ...)`` (the labels say
    the face and the flip).

    Examples
    --------
    >>> from limits import build_chain
    >>> chain = build_chain(policy=lambda s, x: 1)
    >>> row = labelled_outcomes(chain, (chain.die,))[chain.index[53]]
    >>> [o[:2] for o in row if o[0].startswith("3")]
    [('3, heads', 57), ('3, tails', 55)]
    """
    out = []
    for outs, flips in zip(chain.turns, flip_chances(chain)):
        row = []
        for f, (o, q) in enumerate(zip(outs, flips)):
            probs = tuple(d.probabilities[f] for d in dice)
            if not any(probs):
                continue
            if o.landing is None:
                row.append((str(f + 1), o.no_flip, *probs))
                continue
            for label, (target, w) in zip(("no flip", "heads", "tails"), o.ends(q, chain.coin)):
                if w:
                    row.append((f"{f + 1}, {label}", target, *(p * w for p in probs)))
        out.append(tuple(row))
    return tuple(out)


def coin_moves(chain: Any) -> Callable[[int], Any]:
    """``moves(square)``: where a turn of a coin game may end from a transient square, after any roll of the
    chain's faces and either side of the coin that can come up (what :func:`~limits.model.reach.check_reachable`
    walks)."""
    sides = [side for side, chance in ((2, chain.coin), (3, 1 - chain.coin)) if chance]

    def moves(square: int) -> Any:
        for out in chain.turns[chain.index[square]]:
            yield out.no_flip
            if out.landing is not None:
                yield from (out[side] for side in sides)

    return moves


def face_targets(board: Board, rule: Rule, faces: int) -> tuple[int, ...]:
    """Where each face takes a player from each square: the one walk over the board a chain is made from.

    For each square of ``board.squares`` in turn, the targets of faces
    1..``faces`` (square-major, ``len(board.squares) * faces`` entries). Any
    die on these faces then gives the chain's rows (:func:`transition_rows`).

    Examples
    --------
    >>> face_targets(Board(3), Rule.STAY, 2)
    (1, 2, 2, 3, 3, 2)
    """
    rule = as_rule(rule)  # a rule's name too: 'stay' must not fall through to bounce
    return tuple(step(board, rule, s, f) for s in board.squares for f in range(1, faces + 1))


def transition_rows(chain: Any) -> tuple[tuple[tuple[int, Any], ...], ...]:
    """The rows of a chain without a coin: for each transient square, ``(target, probability)`` pairs, from one
    walk over the board (:func:`face_targets`).

    Faces that lead to the same square are added up; zero probabilities are
    left out.

    Examples
    --------
    >>> from limits import Board, build_chain, fair
    >>> transition_rows(build_chain(Board(3), fair(2)))
    (((1, Fraction(1, 2)), (2, Fraction(1, 2))), ((2, Fraction(1, 2)), (3, Fraction(1, 2))), ((2, Fraction(1, 2)), (3, Fraction(1, 2))))
    """
    k, probs = chain.die.faces, chain.die.probabilities
    targets = face_targets(chain.board, chain.rule, k)
    rows = []
    for i in range(len(chain.states)):
        merged: dict[int, Any] = {}
        for face in range(k):
            p = probs[face]
            if p != 0:
                t = targets[i * k + face]
                merged[t] = merged.get(t, 0) + p
        rows.append(tuple(sorted((t, p) for t, p in merged.items() if p != 0)))
    return tuple(rows)
