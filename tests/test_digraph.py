"""The plain-Python graph functions against networkx, on random graphs."""

import networkx as nx
from hypothesis import given

from limits.exact.digraph import (
    ancestors,
    attracting_components,
    descendants,
    longest_path_length,
    strong_components,
    topological_order,
)

from .strategies import digraphs


def _nx(graph):
    g = nx.DiGraph()
    g.add_nodes_from(graph)
    g.add_edges_from((s, t) for s, ts in graph.items() for t in ts)
    return g


@given(digraphs())
def test_components_and_their_order(graph):
    g = _nx(graph)
    found = strong_components(graph)
    assert sorted(found) == sorted(tuple(sorted(c)) for c in nx.strongly_connected_components(g))
    where = {s: k for k, members in enumerate(found) for s in members}
    assert all(where[t] <= where[s] for s, ts in graph.items() for t in ts)  # successors first


@given(digraphs())
def test_attracting_components(graph):
    assert attracting_components(graph) == sorted(tuple(sorted(c)) for c in nx.attracting_components(_nx(graph)))


@given(digraphs())
def test_reachability(graph):
    g = _nx(graph)
    for s in graph:
        assert descendants(graph, s) == nx.descendants(g, s)
        assert ancestors(graph, s) == nx.ancestors(g, s)


@given(digraphs())
def test_order_and_longest_path(graph):
    g = _nx(graph)
    order = topological_order(graph)
    assert (order is not None) == nx.is_directed_acyclic_graph(g)
    if order is None:
        assert longest_path_length(graph) is None
        return
    place = {s: i for i, s in enumerate(order)}
    assert sorted(order) == sorted(graph) and all(place[s] < place[t] for s, ts in graph.items() for t in ts)
    assert longest_path_length(graph) == nx.dag_longest_path_length(g)


def test_a_long_path_needs_no_recursion():
    n = 50_000
    path = {s: [s + 1] for s in range(n)} | {n: [0]}
    assert strong_components(path) == [tuple(range(n + 1))]


def test_min_arborescence_contracts_three_cycles_in_one_round():
    from limits.exact.arborescence import min_arborescence_cost

    # three two-cycles of weight 1, each entered from the root at 10: 3 * (10 + 1)
    edges = [(0, 1, 10), (0, 3, 10), (0, 5, 10)] + [e for a in (1, 3, 5) for e in ((a, a + 1, 1), (a + 1, a, 1))]
    assert min_arborescence_cost(range(7), edges, 0) == 33
