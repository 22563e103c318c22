"""Answers about one game: expected length and moments, the distribution, several players.

``chain`` puts the model's chain together with these answers as verbs
(:class:`~limits.game.chain.Chain`, :func:`~limits.game.chain.build_chain`);
``duration`` (mean, variance, visits), ``distribution`` (pmf, survival,
quantiles), ``quantile`` (the quantile conventions, stated), ``one_player`` (one
player's exact survival, shared by every game of k players), ``game_length``
(the exact law of a game's length in turns, spins or rounds), ``players``
(k players taking turns: spins, rounds, who wins), ``rewards`` (counts along
the way as rewards on moves) and ``counts`` (the named counts: chutes,
ladders, squares slid, overshoots, visits).

May import: the layers below (:mod:`limits.model`, :mod:`limits.exact`,
:mod:`limits.markup`, :mod:`limits.errors`).
"""
