"""Finding ``win``: value iteration, then policy iteration, in floats (the certificate decides exactly).

* A **best response** of one seat to the other's fixed policy: the most
  likely way to win against it is a reachability problem on the race's
  chain. Value iteration from zero rises to the optimal chances; the
  greedy choices, with ties kept as the ``length`` policy's, start a
  policy iteration that switches a choice only when the other is better by
  more than :data:`TOLERANCE`.
* **Both seats ``win``**: Shapley's value iteration of the zero-sum game
  (the first maximises its chance to win, the second minimises it), then
  Hoffman and Karp's strategy iteration: the second's best response to the
  first's policy, and the first's switches against it, until none is left.

Nothing here is trusted: :mod:`limits.race.certificate` checks every
decision of the result exactly, and switches what the floats got wrong.
"""

from __future__ import annotations

import numpy as np

from ..errors import ConvergenceError
from .moves import SeatMoves
from .policies import RacePolicy, table_policy
from .product import Objective, RacePair, choice_values, seated

__all__ = ["TOLERANCE", "MAX_ROUNDS", "greedy", "best_response", "game_policies", "seat_view"]

TOLERANCE = 1e-12
"""A float round switches a choice only when the other is better by this much (chances lie in [0, 1])."""

MAX_ROUNDS = 200
"""Policy iteration rounds before giving up (a few are usual)."""


def seat_view(moves: SeatMoves, values: np.ndarray, seat: int, payoffs: tuple) -> tuple[np.ndarray, np.ndarray]:
    """``(no flip, flip)`` float values of every decision of ``seat``, indexed ``[mine, theirs, roll]``."""
    h = moves.heads / moves.coin_unit
    nf, hd, tl = choice_values(moves, values, seat, payoffs)
    flip = h * hd + (1 - h) * tl
    if seat == 2:
        nf = np.transpose(nf, (1, 0, 2))
        flip = np.transpose(flip, (1, 0, 2))
    return nf, flip


def greedy(moves: SeatMoves, values: np.ndarray, seat: int, objective: Objective, sign: int,
           current: np.ndarray) -> np.ndarray:
    """The choices ``[mine, theirs, roll]`` of ``seat`` that are better for the objective (``sign`` +1: larger)
    than the current ones by more than :data:`TOLERANCE`; elsewhere the current ones."""
    nf, flip = seat_view(moves, values, seat, objective.payoffs)
    gain = sign * (flip - nf)
    decision = moves.decision[:, None, :]
    out = current.copy()
    out[decision & (gain > TOLERANCE)] = True
    out[decision & (gain < -TOLERANCE)] = False
    return out & decision


def _evaluated(pair: RacePair, objective: Objective, start: np.ndarray | None = None,
               free: dict[int, int] | None = None) -> np.ndarray:
    values, settled = pair.evaluate(objective, start, free=free)
    if not settled:
        raise ConvergenceError("the race's values did not settle in floats (a game that is very slow to end)")
    return values


def best_response(moves: SeatMoves, seat: int, other: RacePolicy, start: int, initial: RacePolicy,
                  values: np.ndarray | None = None) -> tuple[RacePolicy, np.ndarray, int]:
    """The float candidate for ``seat``'s most likely way to beat ``other``: its table, its values and the
    policy iteration rounds.

    ``initial`` (a deterministic policy, the ``length`` one as a rule) keeps ties.
    """
    objective = Objective(seat)
    choices = np.broadcast_to(initial.choices(moves), (moves.size, moves.size, len(moves.rolls))).copy()
    if values is None:
        values = _evaluated(seated(moves, seat, initial, other, start), objective, free={seat: 1})
    choices = greedy(moves, values, seat, objective, 1, choices)
    for rounds in range(1, MAX_ROUNDS + 1):
        policy = table_policy("win", choices)
        values = _evaluated(seated(moves, seat, policy, other, start), objective, values)
        better = greedy(moves, values, seat, objective, 1, choices)
        if np.array_equal(better, choices):
            return policy, values, rounds
        choices = better
    raise ConvergenceError(f"no best response settled in {MAX_ROUNDS} rounds of policy iteration")


def game_policies(moves: SeatMoves, start: int, initial: RacePolicy) -> tuple[RacePolicy, RacePolicy, int]:
    """Float candidates for both seats playing ``win``: the first's and the second's tables, and the rounds.

    Examples
    --------
    >>> from limits import Board, build_chain, fair
    >>> from limits.race.moves import seat_moves
    >>> from limits.race.policies import fixed_policy
    >>> m = seat_moves(build_chain(Board(8, {3: 6, 7: 2}), fair(3)))
    >>> first, second, rounds = game_policies(m, 0, fixed_policy("length", m))
    >>> first.reactive and second.reactive
    True
    """
    value = _evaluated(RacePair(moves, initial, initial, start), Objective(1), free={1: 1, 2: -1})
    n, rolls = moves.size, len(moves.rolls)
    base = np.broadcast_to(initial.choices(moves), (n, n, rolls)).copy()
    first = table_policy("win", greedy(moves, value, 1, Objective(1), 1, base))
    second = table_policy("win", greedy(moves, value, 2, Objective(1), -1, base))
    for rounds in range(1, MAX_ROUNDS + 1):
        second, _, _ = best_response(moves, 2, first, start, second)
        values = _evaluated(RacePair(moves, first, second, start), Objective(1), value)
        better = greedy(moves, values, 1, Objective(1), 1, first.choices(moves))
        if np.array_equal(better, first.choices(moves)):
            return first, second, rounds
        first = table_policy("win", better)
    raise ConvergenceError(f"the game's strategy iteration did not settle in {MAX_ROUNDS} rounds")
