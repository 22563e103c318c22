"""Each command's predicted cost, checked before it works (:mod:`limits.cost`): refused at once past the budget.

One function per command, called with the parsed options and the board (and
die) as soon as they are read; each raises the
:class:`~limits.errors.TooLargeError` of :meth:`limits.cost.Cost.check`, which
the command line prints as one line with exit status 2.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import Any

from ..cost import counts, exact_moments, float_moments, limit, optimum, shape_of, survival, sweep
from ..cost import optimal as optimal_cost
from ..cost import players as players_cost
from ..cost import simulate as simulate_cost
from ..cost import strategies as strategies_cost

__all__ = ["check_duration", "check_float_duration", "check_players", "check_stats", "check_strategies",
           "check_optimal", "check_simulate", "check_family_cost", "check_family_die"]


def _resting(board: Any) -> int:
    return board.size - len(board.jumps)


def check_float_duration(board: Any, die: Any) -> None:
    """``duration`` in floats."""
    float_moments(shape_of(board, die)).check()


def check_duration(args: argparse.Namespace, board: Any, die: Any) -> None:
    """``duration`` exact: the survival list first (its size is known from the die alone), then the moments,
    then the players."""
    shape = shape_of(board, die)
    survival(shape, args.survival)
    exact_moments(shape).check()
    if args.players is not None:
        players_cost(shape, args.digits).check()


def check_players(board: Any, die: Any, digits: int) -> None:
    """``players``, to ``digits`` digits."""
    shape = shape_of(board, die)
    exact_moments(shape).check()
    players_cost(shape, digits).check()


def check_stats(board: Any, die: Any) -> None:
    """``stats``."""
    counts(shape_of(board, die)).check()


def check_strategies(board: Any, die: Any) -> None:
    """``strategies``."""
    strategies_cost(shape_of(board, die)).check()


def check_optimal(board: Any, die: Any) -> None:
    """``optimal`` (and ``simulate --strategy optimal``)."""
    optimal_cost(shape_of(board, die)).check()


def check_simulate(args: argparse.Namespace, board: Any, die: Any) -> None:
    """``simulate``."""
    simulate_cost(shape_of(board, die), args.games, args.max_turns, args.workers).check()


def check_family_cost(args: argparse.Namespace, board: Any, command: str) -> None:
    """``limit``, ``derive``, ``sweep`` and ``optimum`` of a loaded die (``--delta``): the faces, the terms,
    the points and the digits asked for."""
    if getattr(args, "delta", None) is None:  # a family --at/--toward
        if command in ("limit", "derive"):
            from ..model.die import parse_die

            # derive's coefficients cost about three of limit's (4.0 and 8.8 s with a die of 333 bits at eps = 0)
            if args.at is None:  # a die of eps: its die at eps = 0
                from ..limit.speeds import support_dice
                from ..model.die_of_eps import parse_die_of_eps

                at = support_dice(parse_die_of_eps(args.die_of_eps))[0]
            check_family_die(board, parse_die(args.at) if args.at is not None else at,
                             args.terms if command == "limit" else 3)
        return
    faces = args.faces or 6
    deltas = faces if args.delta == "all" else 1
    states = _resting(board)
    if command == "limit":
        limit(states, faces, args.terms).check()
    elif command == "derive":
        limit(states, faces, 4).check()
    elif command == "sweep":
        sweep(states, faces, deltas, args.points).check()
    elif command == "optimum":
        optimum(states, faces, deltas, args.digits).check()


def check_family_die(board: Any, at: Any, terms: int, command: str = "limit") -> None:
    """``limit``, ``derive`` and ``explore`` (``command``) of a family ``--at AT --toward TOWARD``: ``terms``
    coefficients, exact solves whose numbers grow with the bits of AT, the die at eps = 0."""
    shape = shape_of(board, at)
    states = _resting(board)
    cost = limit(states, shape.faces, terms, shape.bits)
    if command == "explore":
        cost = replace(cost, what=f"the explorer's limit of a family whose die at eps = 0 has a {shape.bits}-bit "
                                  f"denominator, on {states} squares", instead="ask for a die at eps = 0 with shorter "
                                                                               "denominators")
    cost.check()
