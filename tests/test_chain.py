from fractions import Fraction

import networkx as nx
import numpy as np
import pytest
import sympy
from hypothesis import given

from limits import Board, BoardError, StartError, build_chain, fair, standard, weighted
from tests.bruteforce import transitions
from tests.strategies import boards, dice, rules


def test_standard_chain_has_the_papers_82_states():
    c = build_chain()
    assert len(c.states) + 1 == 82
    assert c.row(0) == {38: Fraction(1, 6), 2: Fraction(1, 6), 3: Fraction(1, 6),
                        14: Fraction(1, 6), 5: Fraction(1, 6), 6: Fraction(1, 6)}
    assert c.row(2) == {3: Fraction(1, 6), 14: Fraction(1, 6), 5: Fraction(1, 6),
                        6: Fraction(1, 6), 7: Fraction(1, 6), 8: Fraction(1, 6)}


@given(boards(), dice(), rules)
def test_rows_are_distributions_and_match_brute_force(board, die, rule):
    c = build_chain(board, die, rule)
    ref = transitions(board.size, board.jump_map, rule.value, die.probabilities)
    assert set(c.states) == set(ref)
    for s in c.states:
        row = c.row(s)
        assert sum(row.values()) == 1
        assert row == {t: p for t, p in ref[s].items() if p}


def test_exports_agree():
    c = build_chain(Board(12, {3: 9, 10: 2}), fair(3))
    m = c.to_sympy()
    f = c.to_numpy()
    assert m.shape == f.shape == (len(c.states) + 1,) * 2
    assert np.allclose(np.array(m.tolist(), dtype=float), f)
    assert all(sum(m.row(i)) == 1 for i in range(m.rows))
    g = c.to_networkx()
    assert set(g.nodes) == set(c.states) | {12}
    assert nx.has_path(g, 0, 12)


def test_symbolic_chain_exports_symbols():
    p = sympy.Symbol("p")
    c = build_chain(die=weighted(5, p))
    m = c.to_sympy()
    assert m.free_symbols == {p}
    assert all(sympy.simplify(sum(m.row(i)) - 1) == 0 for i in range(m.rows))
    with pytest.raises(TypeError):
        c.to_numpy()


def test_unreachable_goal_is_a_board_error():
    # every square from which 5 could be reached with a 2-faced die is a chute back to 0
    b = Board(5, {3: 0, 4: 0})
    with pytest.raises(BoardError, match="cannot be reached"):
        build_chain(b, fair(2))
    build_chain(b, fair(3))  # a 3 from square 2 reaches 5


def test_entry():
    c = build_chain()
    assert c.entry(49) == 11
    for bad in (-1, 101, 2.0, "3"):
        with pytest.raises(StartError):
            c.entry(bad)
    assert standard().land(100) == 100
