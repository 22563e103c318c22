"""The race: two players, each with a coin policy, and who wins.

Two players take turns on one board under the paper's coin rule (any
overshoot rule, die and coin); the state of the race is both positions and
whose turn it is. ``moves`` (where one player's turn may end, by roll and
choice), ``policies`` (never, the paper's strategies -1..6, ``length`` and
the ``win`` tables that may depend on the opponent's square), ``product``
(the race as a chain of both positions: its exact integer system and its
float Bellman steps, and its certified values from float ones, by exact
residuals), ``optimise`` (value and policy iteration for a best
response and for the game), ``certificate`` (every decision of a ``win``
policy checked exactly to be no worse than its alternative), ``independent``
(exact answers for two policies that ignore each other, from generating
functions), ``compare`` (where ``win`` flips differently from ``length``, and
what it gains), ``result`` and ``race`` (the answers and the functions that
give them).

May import: :mod:`limits.coin`, :mod:`limits.game` and the layers below them.
"""
