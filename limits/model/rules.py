"""Movement rules: where a roll takes the player.

Three rules for a roll that overshoots the last square N:

``stay``
    the player stays where the turn started (the paper's rule);
``bounce``
    the player bounces back from N by the excess;
``pass``
    reaching or passing N wins.

A chute or ladder at the landing square is taken in the same turn.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from ..checks import member
from ..errors import RuleError
from .board import Board

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Rule", "as_rule", "step", "steps", "landing"]


class Rule(enum.Enum):
    """What happens when a roll would carry the player past square N."""

    STAY = "stay"
    BOUNCE = "bounce"
    PASS = "pass"


def as_rule(rule: "Rule | str") -> Rule:
    """A :class:`Rule` from itself or its name.

    Raises
    ------
    RuleError
        For an unknown name.

    Examples
    --------
    >>> as_rule("bounce")
    <Rule.BOUNCE: 'bounce'>
    """
    return member(Rule, rule, "rule", RuleError)


def step(board: Board, rule: "Rule | str", square: int, roll: int) -> int:
    """The square where a turn from ``square`` with ``roll`` ends.

    Examples
    --------
    >>> from limits.model.board import standard
    >>> b = standard()
    >>> step(b, Rule.STAY, 0, 1), step(b, Rule.STAY, 97, 5), step(b, Rule.PASS, 97, 5)
    (38, 97, 100)
    >>> step(b, Rule.BOUNCE, 97, 5)  # 102 bounces back to 98, a chute to 78
    78
    """
    n = board.size
    target = square + roll
    if target > n:
        rule = as_rule(rule)  # a rule's name too: 'pass' must not fall through to bounce
        if rule is Rule.STAY:
            return square
        if rule is Rule.PASS:
            return n
        period = 2 * n
        target %= period
        if target > n:
            target = period - target
    return board.land(target)


def landing(board: Board) -> "np.ndarray":
    """``land[s]``: where a player who lands on square ``s`` (0..N) ends the turn, as a numpy array.

    Examples
    --------
    >>> landing(Board(5, {2: 4})).tolist()
    [0, 1, 4, 3, 4, 5]
    """
    import numpy as np

    land = np.arange(board.size + 1, dtype=np.int64)
    for a, b in board.jumps:
        land[a] = b
    return land


def steps(land: "np.ndarray", squares: "np.ndarray", roll: int, rule: "Rule | str") -> "np.ndarray":
    """:func:`step` for many squares at once (numpy): where a turn from each of ``squares`` with ``roll`` ends.

    Examples
    --------
    >>> import numpy as np
    >>> from limits.model.board import standard
    >>> land = landing(standard())
    >>> steps(land, np.array([0, 97]), 5, Rule.BOUNCE).tolist(), steps(land, np.array([97]), 5, Rule.PASS).tolist()
    ([5, 78], [100])
    """
    import numpy as np

    rule = as_rule(rule)
    n = land.shape[0] - 1
    t = squares + roll
    over = t > n
    if rule is Rule.STAY:
        t = np.where(over, squares, t)
        return np.where(over, squares, land[t])
    if rule is Rule.PASS:
        t = np.where(over, n, t)
    else:  # bounce
        t = t % (2 * n)
        t = np.where(t > n, 2 * n - t, t)
    return land[t]
