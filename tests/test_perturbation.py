"""The family object: constructors, validation once, exact values, coin policies, infinite families."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from limits import (
    Board,
    BoardError,
    Die,
    DieError,
    InfiniteExpectationError,
    LimitsError,
    Perturbation,
    StartError,
    TooLargeError,
    build_chain,
    standard,
    uniform_on,
    weighted,
)
from limits.coin.strategies import flip_on, strategy
from limits.errors import SymbolicError
from limits.limit.structure import Side
from tests import bruteforce
from tests.strategies import boards, dice, rules


def test_the_loaded_die_at_both_ends():
    up, down = Perturbation.loaded(delta=5), Perturbation.loaded(delta=5, p_to=0)
    eps = Fraction(1, 7)
    assert up.die(eps) == weighted(5, 1 - eps) and down.die(eps) == weighted(5, eps)
    assert up.loaded_face == (5, 1) and down.loaded_face == (5, 0)
    assert Perturbation.between(uniform_on([2, 5]), uniform_on([1, 3])).loaded_face is None


@pytest.mark.parametrize("make, error", [
    (lambda: Perturbation.between(uniform_on([1], 4), uniform_on([2])), DieError),  # 4 and 6 faces
    (lambda: Perturbation.between(uniform_on([1]), uniform_on([1])), DieError),  # equal dice
    (lambda: Perturbation.loaded(delta=7), DieError),
    (lambda: Perturbation.loaded(delta=3, p_to=2), DieError),
    (lambda: Perturbation.loaded(delta=3, start=101), StartError),
    (lambda: Perturbation.loaded(Board(10, {9: 1}), 1, faces=1), DieError),
    (lambda: Perturbation.loaded(Board(3, {1: 0, 2: 0}), 1, faces=2), BoardError),  # every move goes back to 0
    (lambda: Perturbation.between(weighted(2, __import__("sympy").Symbol("p")), uniform_on([1])), SymbolicError),
])
def test_bad_input_is_refused_once(make, error):
    with pytest.raises(error):
        make()


def test_terms_are_checked():
    f = Perturbation.loaded(delta=5)
    with pytest.raises(LimitsError):
        f.expansion(0)
    with pytest.raises(TooLargeError, match="MAX_TERMS"):
        f.variance(10**6)


@given(boards(min_size=5, max_size=15), rules, st.integers(2, 4), st.data())
def test_value_at_against_brute_force(board, rule, faces, data):
    delta = data.draw(st.integers(1, faces))
    f = Perturbation.loaded(board, delta, rule=rule, faces=faces)
    eps = Fraction(data.draw(st.integers(1, 9)), 10)
    probs = f.die(eps).probabilities
    expected = bruteforce.expected_turns(board.size, board.jump_map, rule.value, probs)[board.land(0)] \
        if board.land(0) != board.size else 0
    assert f.exact_value(eps) == expected


@given(boards(min_size=4, max_size=12), rules, st.integers(2, 5), st.sampled_from([0, 1]), st.data())
def test_p_names_the_loaded_face_whichever_way_p_goes(board, rule, faces, p_to, data):
    # with two faces "P(1) = eps" is also "P(2) = 1 - eps": p is still P(delta) of the face asked for
    delta = data.draw(st.integers(1, faces))
    f = Perturbation.loaded(board, delta, rule=rule, faces=faces, p_to=p_to)
    p = Fraction(data.draw(st.integers(1, 9)), 10)
    assert f.loaded_face == (delta, p_to)
    assert f.die(f.eps_of(p)).probabilities == weighted(delta, p, faces).probabilities
    mean = build_chain(board, weighted(delta, p, faces), rule).moments().mean
    assert f.exact_value(f.eps_of(p)) == f.rational_function("p")(p) == mean


def test_a_coin_policy_held_fixed():
    board = standard()
    policy = strategy(4, board)
    f = Perturbation.loaded(board, 5, policy=policy)
    for eps in (Fraction(1, 3), Fraction(1, 50)):
        chain = build_chain(board, weighted(5, 1 - eps), policy=policy, rule="stay")
        assert f.chain_at(eps=eps).rows == chain.rows
        assert f.exact_value(eps) == chain.expected_duration()
    moves = f.moves(53, Side.TOWARD)
    assert any("tails" in m.label for m in moves) and sum(m.probability for m in moves) == 1
    e = f.expansion(2)
    assert (e.order, e.coefficients) == (f.exact_expansion(2).order, f.exact_expansion(2).coefficients)


def test_a_policy_can_change_the_order():
    board = standard()
    plain, flipping = Perturbation.loaded(board, 3), Perturbation.loaded(board, 3, policy=flip_on({56}))
    assert plain.expansion(1).order == 2
    assert flipping.expansion(1).order == flipping.exact_expansion(1).order < 2  # tails from 56 avoids the chute


def test_infinite_for_every_eps():
    assert Perturbation.between(uniform_on([2]), uniform_on([2, 4]), Board(9)).trap == (8,)  # 9 is odd
    f = Perturbation.between(uniform_on([4]), uniform_on([6]))
    assert f.trap == (97,)
    assert f.expansion().infinite and f.variance().infinite and f.exact_expansion().infinite
    for verb in (f.hierarchy, f.law, lambda: f.exact_value(Fraction(1, 2))):
        with pytest.raises(InfiniteExpectationError, match="97"):
            verb()


def test_a_start_on_the_goal():
    f = Perturbation.loaded(delta=3, start=80)  # the ladder 80 -> 100
    assert f.expansion(2).coefficients == ((0, 0), (1, 0)) and f.variance(1).coefficients == ((0, 0),)
    assert f.law().psi == 0 and f.derive().steps[0].title == "The start is the goal"


def test_every_game_the_same_length():
    f = Perturbation.loaded(Board(1), 2, faces=2, rule="pass")  # one turn whatever is rolled
    assert f.expansion(1).coefficients == ((0, 1),) and f.variance(2).coefficients == ((0, 0), (1, 0))


def test_to_dict_is_plain_data():
    f = Perturbation.loaded(delta=3)
    d = f.to_dict()
    assert d["at"][2] == 1 and d["toward"][2] == 0 and d["name"] == "P(3) = 1 - eps" and d["start"] == 0
    h = f.hierarchy().to_dict()
    assert h["order"] == 2 and h["classes"] == ((53,), (99,)) and h["levels"][1]["to_goal"] == (Fraction(26, 5),)
    law = f.law().to_dict()
    assert law["scaled_limit"]["law"] == "exponential" and law["scaled_limit"]["matrix"] == ((Fraction(-26, 5),),)
    v = f.variance(2).to_dict()
    assert set(v) == {"order", "leading_coefficient", "coefficients"} and v["order"] == 4


def test_dice_on_other_faces():
    f = Perturbation.between(Die(["1/2", "1/2", "0", "0"]), Die(["0", "0", "1/2", "1/2"]), Board(20, {7: 2}))
    assert f.faces == 4 and f.chain_at(eps=Fraction(1, 4)).die.faces == 4
    assert f.expansion(2).coefficients == f.exact_expansion(2).coefficients


def test_the_chain_at_eps_is_the_game_with_the_mixed_die():
    f = Perturbation.between(uniform_on([3, 4]), Die(["1/6"] * 6))
    eps = Fraction(2, 9)
    assert f.chain_at(eps=eps).rows == build_chain(standard(), f.die(eps)).rows


@given(boards(min_size=5, max_size=15), rules, st.data())
def test_the_chain_and_the_pencil_of_any_two_dice_at_any_eps(board, rule, data):
    # the family's scaled integer rows against the chain of the mixed die built on its own, and the pencil
    # A0 + eps A1 against I - T(eps) over the reachable squares, at both ends and inside
    at = data.draw(dice(2, 5, positive=False))
    toward = data.draw(dice(at.faces, at.faces, positive=False).filter(lambda d: d != at))
    f = Perturbation.between(at, toward, board, rule=rule)
    for eps in (Fraction(0), Fraction(1), Fraction(data.draw(st.integers(1, 98)), 99)):
        chain = f.chain_at(eps=eps)
        assert chain.rows == build_chain(board, f.die(eps), rule).rows
        assert chain.die.probabilities == f.die(eps).probabilities
        s = f.structure
        for i, square in enumerate(s.states):
            row = dict(chain.row(square))
            want = {s.index[t]: -p for t, p in row.items() if t in s.index}
            want[i] = want.get(i, 0) + 1
            got = {j: Fraction(int(v.p), int(v.q)) for j, v in s.a0[i].items()}
            for j, v in s.a1[i].items():
                got[j] = got.get(j, 0) + eps * Fraction(int(v.p), int(v.q))
            assert {j: v for j, v in got.items() if v} == {j: v for j, v in want.items() if v}


def test_a_die_uniform_on_every_face():
    assert uniform_on(range(1, 7)).probabilities == (Fraction(1, 6),) * 6
    assert uniform_on([1, 2, 3], 3).probabilities == (Fraction(1, 3),) * 3


def test_an_infinite_expansion_is_infinity_in_latex():
    f = Perturbation.between(uniform_on([2]), uniform_on([2, 4]), Board(9))
    assert f.expansion()._repr_latex_() == "$\\infty$"
    assert Perturbation.loaded(delta=4).expansion(1)._repr_latex_() != "$\\infty$"


def test_an_unnamed_family_is_described_by_its_two_dice():
    from limits import Perturbation, standard, weighted

    f = Perturbation(standard(), weighted(4, 1), weighted(2, Fraction(1, 2)))
    assert f.describe() == "(1 - eps) (0, 0, 0, 1, 0, 0) + eps (1/10, 1/2, 1/10, 1/10, 1/10, 1/10)"


def test_a_family_checks_its_coin_policy_when_it_is_made():
    from limits import Board, DieError, Perturbation, fair, weighted

    with pytest.raises(DieError, match=r"a probability must lie in \[0, 1\], not 2"):
        Perturbation(Board(10, ((3, 8),)), weighted(5, 1), fair(), policy=lambda s, x: 2)
