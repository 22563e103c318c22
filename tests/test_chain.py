"""The game as a chain: its rows, traps, fewest turns, and its exports (sympy, numpy, networkx).

Modules: ``limits.exact.symbolic``, ``limits.model.export``, ``limits.model.traps``.
"""

from fractions import Fraction

import networkx as nx
import numpy as np
import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from limits import Board, BoardError, StartError, TooLargeError, build_chain, fair, standard, weighted
from tests.oracle import transitions
from tests.strategies import boards, dice, proposed_jumps, rules


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


def test_a_game_may_start_on_the_goal():
    c = build_chain()
    assert c.entry(100) == 100 and c.entry(80) == 100
    with pytest.raises(StartError):
        c.entry(101)


def test_the_goal_keeps_its_player_in_every_view():
    c = build_chain(Board(3), fair(2))
    g = c.to_networkx()
    assert g.edges[3, 3]["probability"] == 1
    assert sum(p for _, _, p in g.out_edges(0, data="probability")) == 1


def test_reachability_starts_from_square_0():
    from limits.model.reach import check_reachable
    from limits.model.rules import Rule

    check_reachable(Board(3), 1, Rule.STAY)  # 0 -> 1 -> 2 -> 3, through square 1
    check_reachable(Board(4, {1: 4, 3: 2}), 1, Rule.STAY)  # from 0 the ladder wins; from 1 it would loop
    board = Board(4, {2: 1})  # 0 -> 1 -> 2, a chute back to 1
    with pytest.raises(BoardError, match="cannot be reached"):
        check_reachable(board, 1, Rule.STAY)


def test_the_largest_chain_allowed():
    from limits.checks import MAX_MOVES, MAX_SQUARES
    from limits.model.reach import check_size

    assert MAX_SQUARES * 8 == MAX_MOVES
    check_size(Board(MAX_SQUARES), 8)  # exactly the limit
    with pytest.raises(TooLargeError):
        check_size(Board(MAX_SQUARES), 9)


def test_jupyter_shows_what_the_chain_is_built_from_and_its_traps():
    from limits import Die

    chain = build_chain(Board(3, {1: 0}), Die([0, "1/2", "1/2"]))  # from 2, only rolls of 2 and 3: it stays
    rows = [("board", chain.board.summary()), ("die", chain.die.summary()), ("rule", "stay"), ("start", "0"),
            ("transient squares", "2"), ("loops that can trap a player", "{2}")]
    table = "".join(f"<tr><th>{a}</th><td>{b}</td></tr>" for a, b in rows)
    assert chain._repr_html_() == ('<div class="limits-summary"><p><strong>The absorbing chain of one game</strong></p>'
                                   f"<table>{table}</table>{chain._repr_svg_()}</div>")
    assert "<th>loops that can trap a player</th><td>none</td>" in build_chain(Board(3), fair(2))._repr_html_()


@given(st.integers(3, 40).flatmap(lambda n: st.tuples(st.just(n), proposed_jumps(n))), st.integers(1, 7), rules,
       st.data())
def test_the_goal_is_reached_exactly_where_brute_force_reaches_it(sized, faces, rule, data):
    """The check that the goal can be reached (a walk square by square) and numpy and scipy's breadth-first search
    (what ``limits race`` counts) tell what a backward search over the brute-force moves tells: on any board, from
    any start, chutes that trap included."""
    from limits.model.reach import check_reachable, reached_squares
    from tests.oracle import can_win

    n, proposed = sized
    board = Board(n, {a: b for a, b in proposed.items() if b not in proposed})
    start = data.draw(st.integers(0, n))
    origin = board.land(start)
    wins = origin == n or origin in can_win(n, transitions(n, board.jump_map, rule.value, [Fraction(1, faces)] * faces))
    assert bool(np.isin(n, reached_squares(board, faces, rule, origin))) == wins
    if wins:
        check_reachable(board, faces, rule, start)
    else:
        with pytest.raises(BoardError, match="cannot be reached"):
            check_reachable(board, faces, rule, start)


def test_the_engines_read_the_chains_own_start():
    """``moments(chain)`` of the engine is ``chain.moments()``: both start where the chain starts (they started
    from 0)."""
    from limits.game.distribution import median, survival
    from limits.game.duration import expected_duration, moments
    from limits.game.seat_chances import seat_chances

    chain = build_chain(Board(10, {1: 0, 2: 0}), fair(2), start=3)  # square 0 traps the player
    assert moments(chain) == chain.moments() and chain.moments().mean == Fraction(89, 16)
    assert expected_duration(chain) == chain.expected_duration() == Fraction(89, 16)
    assert survival(chain, 5) == chain.survival(5) and median(chain) == chain.median()
    assert seat_chances(chain, 2).exact[0] == chain.players(2).win_probability[0].lower
    assert moments(chain, 4) == chain.moments(4)
