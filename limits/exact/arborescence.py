"""Least cost of a spanning arborescence: the Chu-Liu/Edmonds algorithm.

networkx's ``minimum_spanning_arborescence`` (3.6) raises "No minimum spanning
arborescence" on some graphs that have one (graphs with many equal weights
such as the 0/1 costs of :mod:`limits.limit.order`), so the order rule uses this
small, cost-only implementation; the tests check it against enumeration of
every arborescence on small graphs.
"""

from __future__ import annotations

import math
from typing import Hashable, Iterable

__all__ = ["NoArborescence", "min_arborescence_cost"]


class NoArborescence(ValueError):
    """Some node cannot be reached from the root."""


def min_arborescence_cost(nodes: Iterable[Hashable], edges: Iterable[tuple[Hashable, Hashable, float]],
                          root: Hashable) -> float:
    """The least total weight of a spanning arborescence rooted at ``root``.

    An arborescence gives every node but the root exactly one incoming edge
    and reaches every node from the root.

    Parameters
    ----------
    nodes : iterable
    edges : iterable of (u, v, weight)
        Directed edges ``u -> v``.
    root : node

    Raises
    ------
    NoArborescence
        If some node cannot be reached from ``root``.

    Examples
    --------
    >>> min_arborescence_cost("abc", [("a", "b", 5), ("a", "c", 1), ("c", "b", 1), ("b", "c", 0)], "a")
    2
    """
    labels = {v: i for i, v in enumerate(nodes)}
    n = len(labels)
    r = labels[root]
    work = [(labels[u], labels[v], w) for u, v, w in edges if u != v]
    total = 0
    while True:
        best = [math.inf] * n
        pred = [-1] * n
        for u, v, w in work:
            if u != v and w < best[v]:
                best[v], pred[v] = w, u
        for v in range(n):
            if v != r and best[v] == math.inf:
                raise NoArborescence("some node cannot be reached from the root")
        best[r] = 0
        comp = [-1] * n
        seen = [-1] * n
        count = 0
        for v in range(n):
            total += best[v]
            x = v
            while seen[x] != v and comp[x] == -1 and x != r:
                seen[x] = v
                x = pred[x]
            if x != r and comp[x] == -1:  # x lies on a new cycle: contract it
                y = pred[x]
                while y != x:
                    comp[y] = count
                    y = pred[y]
                comp[x] = count
                count += 1
        if count == 0:
            return total
        for v in range(n):
            if comp[v] == -1:
                comp[v] = count
                count += 1
        work = [(comp[u], comp[v], w - best[v]) for u, v, w in work if comp[u] != comp[v]]
        n, r = count, comp[r]
