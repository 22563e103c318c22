"""The loaded die as P(delta) -> 1: the walk, the expansions, certified values, derivations.

``family`` (the loaded die's chains), ``walk`` (the P(delta) = 1 walk: loops,
on-ramps, the win path), ``collapse`` (the Win/Loop chains), ``rational_sigma``
(sigma_delta(p) as an exact rational function), ``order`` (the order of
divergence from the board), ``certified_value`` and ``state_reduction``
(values near p = 1), ``sweep``, ``best_loading`` (the p that makes the game
shortest), ``derive`` (the derivation of the limit as a document).

May import: :mod:`limits.coin`, :mod:`limits.game` and the layers below.
"""
