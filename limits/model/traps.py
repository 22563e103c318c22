"""Closed loops that trap the player: when an expectation is infinite, and why.

A trap is a closed set of transient squares (an attracting component of the
chain's graph other than the goal): once inside, the last square is never
reached. With a die that gives every face a positive probability there are
none; a loaded die with ``P(delta) = 1`` can have several. The chain finds
them once (:attr:`~limits.model.chain.AbsorbingChain.traps`); these functions read them.
"""

from __future__ import annotations

from ..checks import start_square
from .chain import AbsorbingChain, chain_start

__all__ = ["traps", "trap_reached_from", "trapped_squares"]


def traps(chain: AbsorbingChain) -> tuple[tuple[int, ...], ...]:
    """The closed sets of transient squares, each sorted, in increasing order.

    Examples
    --------
    >>> from limits import build_chain, weighted
    >>> traps(build_chain(die=weighted(3, 1)))
    ((53,), (99,))
    >>> traps(build_chain())
    ()
    """
    chain_start(chain)
    return chain.traps


def trap_reached_from(chain: AbsorbingChain, square: int) -> tuple[int, ...] | None:
    """A trap reachable from the transient square ``square``, or None.

    Where several are reachable the one with the smallest square is named.

    Examples
    --------
    >>> from limits import build_chain, weighted
    >>> c = build_chain(die=weighted(1, 1))
    >>> trap_reached_from(c, 52), trap_reached_from(c, 99)
    ((53, 54, 55), None)
    """
    chain_start(chain)
    return chain.trapped.get(start_square(square, chain.goal))


def trapped_squares(chain: AbsorbingChain) -> dict[int, tuple[int, ...]]:
    """Every transient square from which a trap is reachable, with that trap (a new dict).

    Examples
    --------
    >>> from limits import build_chain, weighted
    >>> sorted(trapped_squares(build_chain(die=weighted(3, 1))))[:3]
    [0, 2, 3]
    """
    return dict(chain.trapped)
