"""The two front doors: the game (:class:`~limits.model.chain.Chain`) and the family (:class:`~limits.limit.perturbed_chain.Perturbation`).

Each is validated once, holds its structure once, and offers every analysis
as a verb (``chain.moments()``, ``chain.players(2)``, ``family.expansion(4)``,
``family.value_at("1e-23")``). :mod:`~limits.front.loaded` keeps the loaded
die's free functions of version 0.2 (``limits.classify(board, delta)``,
``sigma_at``, ...) as one-line wrappers of these verbs. The package face
re-exports all three modules' public names; this package imports none of them
itself, so that ``import limits`` stays light.

May import: every layer of the library below it (:mod:`limits.display` and down).
"""
