"""Number engines: exact solves, rational functions, certified digits, state reduction.

Holds what works on numbers and matrices alone, with no notion of a board:
``linsolve`` (exact, symbolic and float solves), ``rational`` (rational
functions and Laurent expansions), ``digits`` (exact values as correctly
rounded text), ``mathml`` (series and their numbers as MathML, which browsers
typeset natively), ``enclosure`` (exact rational intervals, one or a vector over one scale), ``residual``
(float solutions of M-matrix systems proven by their exact residual), ``gth`` (float64
state reduction), ``arborescence`` (least-cost arborescences), ``symbolic``
(where exact numbers meet sympy).

May import: :mod:`limits.errors` only.
"""
