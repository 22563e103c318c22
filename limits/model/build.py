"""The front door to one game: :func:`build_chain` (the paper's board and a fair die by default).

Also what every free function of a chain reads: :func:`chain_start` (the
chain's own start unless another is given).

May import: the rest of :mod:`limits.model`, :mod:`limits.checks` and :mod:`limits.errors`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..checks import instance
from .board import Board
from .chain import Chain
from .die import Die
from .rules import Rule

__all__ = ["build_chain", "chain_start"]


def build_chain(board: Board | None = None, die: Die | None = None, rule: Rule | str = Rule.STAY, *,
                start: int = 0, policy: Any = None, coin: Any = Fraction(1, 2)) -> Chain:
    """The game of ``board`` played with ``die`` under ``rule`` from ``start``, perhaps with a coin policy.

    Parameters
    ----------
    board : Board, optional
        Default :func:`limits.model.board.standard`.
    die : Die, optional
        Default :func:`limits.model.die.fair` with six faces.
    rule : Rule or str, optional
        ``stay`` (default, the paper's), ``bounce`` or ``pass``.
    start : int, optional
        The square games start on (default 0).
    policy : int or callable, optional
        A coin policy: one of the paper's strategies -1..6 by number, or
        ``policy(start, landing) -> probability of flipping``.
    coin : probability, optional
        The coin's chance of heads (default 1/2).

    Raises
    ------
    BoardError, DieError
        For anything but a :class:`~limits.model.board.Board` and a :class:`~limits.model.die.Die`, or if square N
        cannot be reached from ``start`` using every face of the die (and the coin's flips, with a policy).
    RuleError, StartError, LimitsError
        For an unknown rule, a start off the board, or an unknown strategy.

    Examples
    --------
    >>> c = build_chain()
    >>> len(c.states), c.row(0)[38], c.row(97)[97]
    (81, Fraction(1, 6), Fraction(1, 2))
    >>> float(build_chain(policy=6).expected_duration())
    17.386106977...
    >>> build_chain("standard")
    Traceback (most recent call last):
    ...
    limits.errors.BoardError: the board must be of type Board, not 'standard'
    """
    from .board import standard
    from .die import fair

    return Chain(standard() if board is None else board, fair() if die is None else die, rule, start, policy, coin)


def chain_start(chain: Any, start: int | None = None) -> int:
    """``start``, or the chain's own start when None: what the free functions of a chain read, as its verbs do.

    Raises
    ------
    LimitsError
        If ``chain`` is not a chain.

    Examples
    --------
    >>> chain_start(build_chain(start=7)), chain_start(build_chain(start=7), 3)
    (7, 3)
    """
    instance(chain, Chain, "the chain")
    return chain.start if start is None else start
