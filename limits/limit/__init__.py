"""Limits of families of games: the loaded die as P(delta) -> 1 or 0, and any die tending to another.

The general explorer: ``perturbed_chain`` (a family ``(1 - eps) AT + eps
TOWARD`` and its chain ``T0 + eps T1``), ``perturbation`` (the family with its
verbs), ``hierarchy`` (the time scales: closed classes level by level, rates
with their reasons), ``routes`` (the order and leading coefficient from the
hierarchy), ``expansion`` (Laurent series of the mean and the variance, and the
check from the whole chain), ``length_law`` (the game length in the limit),
``derive``, ``derive_steps`` and ``collapse_steps`` (the argument as a document).

The loaded die: ``family`` (its chains), ``walk`` (the P(delta) = 1 walk:
loops, on-ramps, the win path), ``collapse`` (the Win/Loop chains),
``rational_sigma`` (sigma_delta(p) as an exact rational function), ``order``
(the order of divergence from the board), ``certified_value`` and
``state_reduction`` (values near p = 1), ``sweep``, ``best_loading`` (the p
that makes the game shortest).

May import: :mod:`limits.coin`, :mod:`limits.game` and the layers below.
"""
