"""Pictures and text grids: boards, walks, curves and flip maps (a thin shell).

``plot`` (matplotlib, the ``plot`` extra) and ``grids`` (the board as text).
Nothing here computes an answer; it draws what the layers below computed.

May import: :mod:`limits.limit`, :mod:`limits.coin` and the layers below.
"""
