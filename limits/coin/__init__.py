"""The coin that may be flipped after each roll: strategies, the best policy, simulation.

Every question here takes the game, a :class:`~limits.model.chain.Chain`, and reads its turn table
(:attr:`~limits.model.chain.Chain.turns`: where a roll ends with or without a flip, from
:mod:`limits.model.moves`). ``strategies`` (the paper's strategies -1..6 and custom ones, and their table),
``best_policy`` (exact policy iteration: ``dense_policy`` for small boards, ``sparse_policy`` for large ones,
float rounds certified exactly; ``regions`` where the best and worst lengths are finite), ``sampling`` and
``simulate`` (a fast Monte Carlo simulator of any game and policy: its tables and numpy engine, and the function
that runs them).

May import: :mod:`limits.game` and the layers below it.
"""
