"""Limits of families of games ``(1 - eps) AT + eps TOWARD`` as eps -> 0, the loaded die among them.

Every module answers a question about a family, given as a
:class:`~limits.limit.perturbed_chain.Perturbation` (its data, validated
once, its board walked once; :meth:`~limits.limit.perturbed_chain.Perturbation.loaded`
is the paper's loaded die). The family's front door,
:class:`~limits.limit.perturbed_chain.Perturbation`, offers each as a verb.

``hierarchy`` (the time scales: closed classes level by level, rates with
their reasons), ``routes`` (the order and leading coefficient from the
hierarchy), ``expansion`` (Laurent series of the mean and the variance, and
the whole chain's rational function), ``length_law`` (the game length in the
limit); for a limit die that moves one way, ``walk`` (the eps = 0 walk:
loops, on-ramps, the win path), ``order`` (the order of the pole from the
walk's loops) and ``collapse`` (the Win/Loop chains); ``certified_value``
(sigma at one eps, certified), ``sweep`` and ``best_loading`` (over a grid;
where it is least);
``derive``, ``derive_steps`` and ``collapse_steps`` (the argument as a
document).

May import: :mod:`limits.coin`, :mod:`limits.game` and the layers below.
"""
