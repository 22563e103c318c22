"""What a game is: board, die and movement rule, and the absorbing chain they make.

``board`` and ``board_files`` (boards and their TOML/JSON files), ``die``
(exact dice), ``probability`` (exact probabilities read from input),
``rules`` (where a roll takes the player), ``chain`` (the chain's rows and
its structure, found once), ``traps`` (closed loops), ``layout`` (where a
square sits on the printed board).

May import: :mod:`limits.errors`, :mod:`limits.exact`, :mod:`limits.markup`.
"""
