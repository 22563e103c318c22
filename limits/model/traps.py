"""Closed loops that trap the player, and the fewest turns to the goal: a chain's structure, found once.

A trap is a closed set of transient squares (an attracting component of the
chain's graph other than the goal): once inside, the last square is never
reached. With a die that gives every face a positive probability there are
none; a loaded die with ``P(delta) = 1`` can have several. The chain finds
them once (:attr:`~limits.model.chain.Chain.traps`, from :func:`closed_classes`).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

__all__ = ["closed_classes", "fewest_turns", "predecessors"]


def predecessors(chain: Any) -> dict[int, list[tuple[int, Any]]]:
    """The chain's steps backwards: for each square, the squares one turn can come from, with that turn's chance."""
    into: dict[int, list[tuple[int, Any]]] = {}
    for s, row in zip(chain.states, chain.rows):
        for t, p in row:
            into.setdefault(t, []).append((s, p))
    return into


def fewest_turns(chain: Any) -> Mapping[int, int]:
    """The fewest turns from each square to the goal, by a breadth-first search backwards from it (read-only)."""
    into = predecessors(chain)
    turns, layer = {chain.goal: 0}, [chain.goal]
    while layer:
        ahead = []
        for target in layer:
            for s, _ in into.get(target, ()):
                if s not in turns:
                    turns[s] = turns[target] + 1
                    ahead.append(s)
        layer = ahead
    return MappingProxyType(turns)


def closed_classes(chain: Any) -> tuple[tuple[tuple[int, ...], ...], Mapping[int, tuple[int, ...]]]:
    """The traps in order, and every square that can reach one with the trap it reaches (the smallest, where
    several can be reached)."""
    if len(chain.fewest_turns) == len(chain.states) + 1:  # all reach the goal: no traps
        return (), MappingProxyType({})
    from ..exact.digraph import ancestors, attracting_components

    g = chain.successors()
    found = [c for c in attracting_components(g) if chain.goal not in c]
    reach: dict[int, tuple[int, ...]] = {}
    for trap in reversed(found):  # so that the smallest trap wins
        for s in ancestors(g, trap[0]) | set(trap):
            reach[s] = trap
    return tuple(found), MappingProxyType(reach)

