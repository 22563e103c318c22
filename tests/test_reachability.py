"""The chain's fewest turns to the goal (a backward breadth-first search) against networkx."""

import networkx as nx
from hypothesis import given

from limits import build_chain
from limits.game.distribution import min_turns
from tests.strategies import boards, dice, rules


def _graph(chain) -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_nodes_from([*chain.states, chain.goal])
    for s, row in zip(chain.states, chain.rows):
        g.add_edges_from((s, t) for t, _ in row)
    return g


@given(boards(), dice(positive=False), rules)
def test_fewest_turns_are_networkx_shortest_paths(board, die, rule):
    chain = build_chain(board, die, rule)
    g = _graph(chain)
    expected = nx.shortest_path_length(g.reverse(copy=False), chain.goal)
    assert dict(chain.fewest_turns) == expected
    assert min_turns(chain) == (0 if chain.entry(0) == chain.goal else expected.get(chain.entry(0)))
    closed = [c for c in nx.attracting_components(g) if chain.goal not in c]
    assert bool(chain.traps) == bool(closed) == (len(expected) < g.number_of_nodes())
