import itertools

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from limits import Board
from limits.exact.arborescence import NoArborescence, min_arborescence_cost
from tests.loaded import classify, explain_order, sigma_function
from tests.strategies import boards, rules


def _brute_arborescence(nodes, edges, root):
    """Least cost over every choice of one incoming edge per non-root node that reaches all nodes."""
    incoming = {v: [(u, w) for u, x, w in edges if x == v and u != v] for v in nodes if v != root}
    best = None
    for choice in itertools.product(*incoming.values()):
        g = nx.DiGraph()
        g.add_nodes_from(nodes)
        g.add_edges_from((u, v) for v, (u, _) in zip(incoming, choice))
        if all(nx.has_path(g, root, v) for v in nodes):
            cost = sum(w for _, w in choice)
            best = cost if best is None else min(best, cost)
    return best


@given(st.integers(2, 5), st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(0, 3)),
                                   min_size=1, max_size=12))
def test_arborescence_against_enumeration(n, raw):
    nodes = list(range(n))
    edges = [(u % n, v % n, w) for u, v, w in raw]
    expected = _brute_arborescence(nodes, edges, 0)
    if expected is None:
        with pytest.raises(NoArborescence):
            min_arborescence_cost(nodes, edges, 0)
    else:
        assert min_arborescence_cost(nodes, edges, 0) == expected


def test_standard_board_loops_match_the_paper():
    # the paper: the 3-c-loop {53} and 3-f-loop {99}; a 5-c-loop {6, 11, 16} (16 is a chute start);
    # the 5-c-loop {73, 78, 83, 88}; 1-c-loop {53, 54, 55}; no 6-c-loop
    def loops(delta):
        return [(lp.kind, lp.squares) for lp in classify(delta=delta).loops]

    assert loops(3) == [("c", (53,)), ("f", (99,))]
    assert ("c", (73, 78, 83, 88)) in loops(5)
    assert ("c", (6, 11)) in loops(5)
    assert ("c", (53, 54, 55)) in loops(1)
    assert all(kind == "f" for kind, _ in loops(6))


@pytest.mark.parametrize("delta", range(1, 7))
def test_standard_orders(delta):
    e = explain_order(delta=delta)
    assert e.order == sigma_function(delta=delta).laurent(1).order == e.simple_order
    assert "m = " in e.text()


@given(boards(max_size=22), rules, st.integers(2, 5), st.data())
def test_tree_rule_equals_the_order_of_the_rational_function(board, rule, faces, data):
    delta = data.draw(st.integers(1, faces))
    e = explain_order(board, delta, rule=rule, faces=faces)
    f = sigma_function(board, delta, rule=rule, faces=faces)
    assert e.order == f.laurent(1).order


def test_the_simple_rule_is_not_enough():
    # found by search: one non-2 roll takes the player out of the loop {0, 5},
    # but only into the loop {1}, whose cheapest exit leads back into {0, 5};
    # winning takes two non-2 rolls, so sigma ~ eps^-2, not eps^-1
    board = Board(12, {3: 1, 2: 5, 8: 5, 7: 0})
    e = explain_order(board, 2, faces=3)
    f = sigma_function(board, 2, faces=3)
    assert f.laurent(1).order == e.order == 2
    assert e.simple_order == 1


def test_a_start_on_the_goal_explains_nothing():
    from limits import standard

    e = explain_order(standard(), 6, start=100)
    assert (e.order, e.loops, e.simple_order, e.cost_to_goal, e.cheapest_root, e.cost_at_root) == (0, (), 0, 0, 100, 0)


def test_the_explanation_names_the_other_die_of_a_family():
    from fractions import Fraction

    from limits import Perturbation, standard, weighted

    e = Perturbation(standard(), weighted(4, 1), weighted(2, Fraction(1, 2))).explain_order()
    assert e.delta is None
    lines = e.text().splitlines()
    assert lines[0] == "c-loop {60}: entered from square 0 after 1 roll of the other die, left after 1 roll of " \
                       "the other die"
    assert lines[-1] == "m = 0: sigma has a finite limit as eps -> 0"
    assert explain_order(delta=3).text().splitlines()[-1] == "sigma grows like (1 - P(3))^-2"


def test_an_unreachable_loop_is_entered_never():
    from limits.limit.order import Loop, OrderExplanation

    e = OrderExplanation(5, 0, 0, (Loop("c", (6, 11), None, 1),), 0, 5, 6, 5)
    assert e.text().splitlines()[0] == "c-loop {6, 11}: entered from square 0 after never, left after 1 non-5 roll"
