"""Reachability and strongly connected components of small directed graphs, in plain Python.

The commands on a board of a hundred squares need a few graph facts (closed
classes, the order of a condensation, what a square reaches): importing
networkx for them costs more CPU time than the whole answer (about 0.3 s, where
the answer takes a few hundredths). These functions take a graph as a mapping
``node -> iterable of successors`` (every successor must be a key) and run in
time linear in its edges; the tests check each against networkx on random
graphs.

Examples
--------
>>> g = {0: [1], 1: [0, 2], 2: [2], 3: [0]}
>>> strong_components(g)  # successors first
[(2,), (0, 1), (3,)]
>>> attracting_components(g), sorted(descendants(g, 3)), sorted(ancestors(g, 2))
([(2,)], [0, 1, 2], [0, 1, 3])
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable, Mapping

__all__ = ["strong_components", "attracting_components", "reachable", "descendants", "ancestors",
           "topological_order", "longest_path_length"]

Graph = Mapping[Hashable, Iterable[Hashable]]
"""A directed graph: each node's successors (every successor is a key)."""


def strong_components(graph: Graph) -> list[tuple]:
    """The strongly connected components, each a sorted tuple, every component after all those it reaches
    (successors first: the reverse of a topological order of the condensation).

    Tarjan's algorithm without recursion, so a long path cannot exhaust Python's stack.
    """
    index: dict = {}
    low: dict = {}
    on_stack: set = set()
    stack: list = []
    out: list[tuple] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(graph[root]))]
        while work:
            node, successors = work[-1]
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(graph[nxt])))
                    break
                if nxt in on_stack and index[nxt] < low[node]:
                    low[node] = index[nxt]
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    if low[node] < low[parent]:
                        low[parent] = low[node]
                if low[node] == index[node]:
                    members = []
                    while True:
                        s = stack.pop()
                        on_stack.discard(s)
                        members.append(s)
                        if s == node:
                            break
                    out.append(tuple(sorted(members)))
    return out


def attracting_components(graph: Graph) -> list[tuple]:
    """The components with no edge out (a node with a self-loop alone counts, and so does one with no
    successor), each a sorted tuple, sorted."""
    return sorted(m for m in strong_components(graph) if set(m).issuperset(t for s in m for t in graph[s]))


def reachable(successors: Callable[[Any], Iterable[Hashable]], sources: Iterable[Hashable]) -> set:
    """The nodes reachable from ``sources`` (themselves included), each node's successors given by a function.

    Examples
    --------
    >>> sorted(reachable(lambda n: [n + 1] if n < 5 else [], [2, 0]))
    [0, 1, 2, 3, 4, 5]
    """
    seen = set(sources)
    todo = list(seen)
    while todo:
        for t in successors(todo.pop()):
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return seen


def descendants(graph: Graph, source: Hashable) -> set:
    """The nodes reachable from ``source`` by a path of at least one edge, ``source`` excluded."""
    seen = reachable(graph.__getitem__, [source])
    seen.discard(source)
    return seen


def ancestors(graph: Graph, target: Hashable) -> set:
    """The nodes from which ``target`` is reachable by a path of at least one edge, ``target`` excluded."""
    into: dict = {s: [] for s in graph}  # the graph with every edge turned round
    for s, successors in graph.items():
        for t in successors:
            into[t].append(s)
    return descendants(into, target)


def topological_order(graph: Graph) -> list | None:
    """The nodes in an order with every edge going forward, or None if the graph has a cycle (a self-loop
    included)."""
    order = []
    for members in strong_components(graph):
        if len(members) > 1 or members[0] in set(graph[members[0]]):
            return None
        order.append(members[0])
    order.reverse()
    return order


def longest_path_length(graph: Graph) -> int | None:
    """The most edges on a path, or None if the graph has a cycle."""
    order = topological_order(graph)
    if order is None:
        return None
    length: dict = {}
    for s in reversed(order):
        length[s] = max((length[t] + 1 for t in graph[s]), default=0)
    return max(length.values(), default=0)
