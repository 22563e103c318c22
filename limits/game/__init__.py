"""Answers about one game, as functions of its chain: expected length and moments, the distribution, players.

The game's front door (:class:`~limits.model.chain.Chain`) offers each as a
verb. ``linear_system`` (``I - T`` on the squares with finite moments, built
once, and the engine that solves it), ``duration`` (mean, variance, visits), ``distribution`` (pmf, survival,
quantiles), ``quantile`` (the quantile conventions, stated), ``one_player`` (one
player's exact survival, shared by every game of k players), ``game_length``
(the exact law of a game's length in turns, spins or rounds), ``players``
(k players taking turns: spins, rounds, who wins), ``reports`` and ``players_report`` (what ``limits
duration`` and ``limits players`` answer), ``rewards`` (counts along the way as rewards on moves) and ``counts`` (the named counts: chutes,
ladders, squares slid, overshoots, visits).

May import: the layers below (:mod:`limits.model`, :mod:`limits.markup`,
:mod:`limits.exact`, :mod:`limits.checks`, :mod:`limits.errors`).
"""
