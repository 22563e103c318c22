"""Answers about one game: expected length and moments, the distribution, several players.

``chain`` puts the model's chain together with these answers as verbs
(:class:`~limits.game.chain.Chain`, :func:`~limits.game.chain.build_chain`);
``duration`` (mean, variance, visits), ``distribution`` (pmf, survival,
quantiles), ``players`` (k players taking turns).

May import: the layers below (:mod:`limits.model`, :mod:`limits.exact`,
:mod:`limits.markup`, :mod:`limits.errors`).
"""
