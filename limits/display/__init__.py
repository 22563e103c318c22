"""Pictures: boards, walks, curves and flip maps (a thin shell).

``plot`` (matplotlib, the ``plot`` extra), ``policy_map``, ``race_map`` and ``hierarchy``.
Nothing here computes an answer; it draws what the layers below computed.

May import: :mod:`limits.limit`, :mod:`limits.coin` and the layers below.
"""
