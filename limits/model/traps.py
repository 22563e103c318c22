"""Closed loops that trap the player: when an expectation is infinite, and why.

A trap is a closed set of transient squares (an attracting component of the
chain's graph other than the goal): once inside, the last square is never
reached. With a die that gives every face a positive probability there are
none; a loaded die with ``P(delta) = 1`` can have several.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .chain import Chain

__all__ = ["traps", "trap_reached_from", "trapped_squares"]


def traps(chain: "Chain") -> tuple[tuple[int, ...], ...]:
    """The closed sets of transient squares, each sorted, in increasing order.

    Examples
    --------
    >>> from limits import build_chain, weighted
    >>> traps(build_chain(die=weighted(3, 1)))
    ((53,), (99,))
    >>> traps(build_chain())
    ()
    """
    return _analysis(chain)[0]


def trap_reached_from(chain: "Chain", square: int) -> tuple[int, ...] | None:
    """A trap reachable from the transient square ``square``, or None.

    Where several are reachable the one with the smallest square is named.

    Examples
    --------
    >>> from limits import build_chain, weighted
    >>> c = build_chain(die=weighted(1, 1))
    >>> trap_reached_from(c, 52), trap_reached_from(c, 99)
    ((53, 54, 55), None)
    """
    return _analysis(chain)[1].get(square)


def trapped_squares(chain: "Chain") -> dict[int, tuple[int, ...]]:
    """Every transient square from which a trap is reachable, with that trap (a new dict).

    Examples
    --------
    >>> from limits import build_chain, weighted
    >>> sorted(trapped_squares(build_chain(die=weighted(3, 1))))[:3]
    [0, 2, 3]
    """
    return dict(_analysis(chain)[1])


@lru_cache(maxsize=64)
def _analysis(chain: "Chain") -> tuple[tuple[tuple[int, ...], ...], dict[int, tuple[int, ...]]]:
    import networkx as nx

    g = nx.DiGraph()
    g.add_nodes_from(chain.states)
    g.add_node(chain.goal)
    for s, row in zip(chain.states, chain.rows):
        g.add_edges_from((s, t) for t, _ in row)
    found = sorted(tuple(sorted(c)) for c in nx.attracting_components(g) if chain.goal not in c)
    reach: dict[int, tuple[int, ...]] = {}
    for trap in reversed(found):  # so that the smallest trap wins
        for s in nx.ancestors(g, trap[0]) | set(trap):
            reach[s] = trap
    return tuple(found), reach
