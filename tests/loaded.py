"""The loaded die's questions in one call each, for the tests: each builds :meth:`Perturbation.loaded` and asks it.

The package answers them as verbs of the family (``Perturbation.loaded(board,
delta, ...).rational_function("p")``); the tests ask them of many boards, rules
and faces, and these shorthands keep each call to one line.
"""

from __future__ import annotations

from typing import Any

from limits import Perturbation


def loaded(board: Any = None, delta: int = 5, *, rule: Any = "stay", faces: int = 6, start: int = 0,
           p_to: int = 1) -> Perturbation:
    """The family ``P(delta) -> p_to`` on ``board`` (the paper's by default)."""
    return Perturbation.loaded(board, delta, rule=rule, faces=faces, start=start, p_to=p_to)


def sigma_function(board: Any = None, delta: int = 5, **options: Any) -> Any:
    """sigma_delta(p) from the start as an exact rational function of p."""
    return loaded(board, delta, **options).rational_function("p")


def sigma_functions(board: Any = None, delta: int = 5, **options: Any) -> dict[int, Any]:
    """sigma_delta(p) from every square where it is finite, as exact rational functions of p (no start: a square 0
    that cannot reach the goal is left out like any other, the family built from the goal)."""
    from limits import standard

    board = standard() if board is None else board
    options.setdefault("start", board.size)
    return {s: f.reflected() for s, f in every_function(loaded(board, delta, **options)).items()}


def every_function(family: Any) -> dict[int, Any]:
    """sigma(eps) of a family from every square where it is finite for 0 < eps < 1: the whole chain's pencil, every
    entry of its solution (:func:`limits.exact.pencil.pencil_entries`)."""
    from limits.exact.pencil import pencil_entries
    from limits.limit.expansion import _pencil

    mixed = family.mixed
    states = tuple(s for s in mixed.states if s not in mixed.trapped)
    return dict(zip(states, pencil_entries(*_pencil(family, states), list(range(len(states)))) if states else []))


def sigma_at(board: Any = None, delta: int = 5, p: Any = "1/2", *, digits: int = 20, **options: Any) -> Any:
    """sigma_delta at ``P(delta) = p``, certified."""
    return loaded(board, delta, **options).value_at(p=p, digits=digits)


def classify(board: Any = None, delta: int = 5, **options: Any) -> Any:
    """The walk with P(delta) = 1, classified."""
    return loaded(board, delta, **options).classify()


def collapse(board: Any = None, delta: int = 5, **options: Any) -> Any:
    """The collapsed Win/Loop chain."""
    return loaded(board, delta, **options).collapse()


def explain_order(board: Any = None, delta: int = 5, **options: Any) -> Any:
    """The order of sigma's pole, from the walk's loops."""
    return loaded(board, delta, **options).explain_order()


def optimum(board: Any = None, delta: int = 5, *, digits: int = 30, **options: Any) -> Any:
    """The p that makes sigma_delta least, certified."""
    return loaded(board, delta, **options).optimum(digits)


def derive(board: Any = None, delta: int = 5, **options: Any) -> Any:
    """The derivation of the limit, step by step (with the paper's printed numbers on its own game)."""
    return loaded(board, delta, **options).derive()
