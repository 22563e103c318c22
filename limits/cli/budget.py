"""Each command's predicted cost, checked before it works (:mod:`limits.cost`): refused at once past the budget.

One function per command, called with the parsed options and the board (and
die) as soon as they are read; each raises the
:class:`~limits.errors.TooLargeError` of :meth:`limits.cost.Cost.check`, which
the command line prints as one line with exit status 2.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..cost import optimal as optimal_cost
from ..cost import shape_of
from ..cost import simulate as simulate_cost
from ..cost import strategies as strategies_cost

__all__ = ["check_strategies", "check_optimal", "check_simulate"]

def check_strategies(board: Any, die: Any) -> None:
    """``strategies``."""
    strategies_cost(shape_of(board, die)).check()


def check_optimal(board: Any, die: Any) -> None:
    """``optimal`` (and ``simulate --strategy optimal``)."""
    optimal_cost(shape_of(board, die)).check()


def check_simulate(args: argparse.Namespace, board: Any, die: Any) -> None:
    """``simulate``."""
    simulate_cost(shape_of(board, die), args.games, args.max_turns, args.workers).check()
