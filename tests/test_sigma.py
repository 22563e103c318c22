import random
from fractions import Fraction

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from limits import Board, BoardError, DieError, InfiniteExpectationError, build_chain, weighted
from limits.exact.rational import RationalFunction
from tests.bruteforce import expected_turns
from tests.loaded import sigma_function, sigma_functions
from tests.strategies import boards, rules


@pytest.mark.parametrize("delta", range(1, 7))
def test_standard_board_against_direct_exact_solves(delta):
    f = sigma_function(delta=delta)
    rng = random.Random(delta)
    for _ in range(3):
        p = Fraction(rng.randint(1, 999), 1000)
        assert f(p) == build_chain(die=weighted(delta, p)).expected_duration()


def test_all_starts_agree_with_one_start_and_brute_force():
    board = Board(15, {3: 11, 13: 2, 7: 9})
    fs = sigma_functions(board, 2, faces=3)
    p = Fraction(2, 7)
    ref = expected_turns(15, board.jump_map, "stay", weighted(2, p, 3).probabilities)
    for s, f in fs.items():
        assert f(p) == ref[s]
    assert sigma_function(board, 2, faces=3, start=3) == fs[11]
    assert sigma_function(board, 2, faces=3, start=15) == RationalFunction((0,), (1,))


def test_every_square_where_sigma_is_finite_has_its_function_when_square_0_cannot_reach_the_goal():
    board = Board(12, {1: 0, 2: 0, 9: 4})  # rolls of 1 and 2 from 0 slide back to 0
    with pytest.raises(BoardError):
        sigma_function(board, 1, faces=2)
    fs = sigma_functions(board, 1, faces=2)
    finite = [s for s in board.squares if s >= 3]  # every square from 3 on reaches the goal, none falls back
    assert sorted(fs) == finite
    p = Fraction(1, 3)
    chain = build_chain(Board(12, {9: 4}), weighted(1, p, 2))  # the same game from 3 on
    for s, f in fs.items():
        assert f(p) == chain.expected_duration(s) and f == sigma_function(board, 1, faces=2, start=s)


@given(boards(max_size=18), rules, st.integers(2, 5), st.data())
def test_random_boards_against_brute_force(board, rule, faces, data):
    delta = data.draw(st.integers(1, faces))
    p = data.draw(st.fractions(min_value=Fraction(1, 50), max_value=Fraction(49, 50)))
    f = sigma_function(board, delta, rule=rule, faces=faces)
    ref = expected_turns(board.size, board.jump_map, rule.value, weighted(delta, p, faces).probabilities)
    assert f(p) == ref[0]


def test_symbolic_chain_agrees_on_a_small_board():
    p = sympy.Symbol("p")
    board = Board(6, {2: 5, 4: 1})
    f = sigma_function(board, 1, faces=3)
    sym = build_chain(board, weighted(1, p, k=3)).expected_duration()
    assert sympy.simplify(f.to_sympy(p) - sym) == 0


def test_bad_inputs():
    with pytest.raises(DieError):
        sigma_function(delta=7)
    with pytest.raises(DieError):
        sigma_function(delta=1, faces=1)
    # with three faces every move from square 6 ends on 6 again, whatever p is: the goal is out of reach from
    # there, which is said as for square 0 (the check of reachability starts where the game does)
    board = Board(10, {4: 10, 7: 6, 8: 6, 9: 6})
    with pytest.raises(BoardError, match=r"cannot be reached from square 6"):
        sigma_function(board, 1, faces=3, start=6)
    with pytest.raises(InfiniteExpectationError):
        sigma_function(board, 1, faces=3, start=0)  # 6 can be reached from 0
