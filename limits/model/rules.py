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

from ..errors import RuleError
from .board import Board

__all__ = ["Rule", "as_rule", "step"]


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
    if isinstance(rule, Rule):
        return rule
    try:
        return Rule(str(rule).lower())
    except ValueError:
        known = ", ".join(r.value for r in Rule)
        raise RuleError(f"unknown rule {rule!r} (known: {known})") from None


def step(board: Board, rule: Rule, square: int, roll: int) -> int:
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
        if rule is Rule.STAY:
            return square
        if rule is Rule.PASS:
            return n
        period = 2 * n
        target %= period
        if target > n:
            target = period - target
    return board.land(target)
