"""The coin that may be flipped after each roll: its rule, strategies, the best policy, simulation.

``rule`` (where a turn ends with or without a flip, and the chain of a
policy), ``strategies`` (the paper's strategies -1..6 and custom ones),
``best_policy`` (exact policy iteration: ``dense_policy`` for small boards,
``sparse_policy`` for large ones, float rounds certified exactly),
``sampling``, ``compiled`` and ``simulate`` (a fast Monte Carlo simulator of
any board, die and policy: its tables and numpy engine, its compiled engine,
and the function that runs them).

May import: :mod:`limits.game` and the layers below it.
"""

from ..model.moves import Policy, TurnOutcomes, check_coin, turn_outcomes

__all__ = ["Policy", "TurnOutcomes", "check_coin", "turn_outcomes"]
