"""Policy iteration against every deterministic policy, under every rule, minimising and maximising."""

from fractions import Fraction

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from limits import Board, BoardError, Die, InfiniteExpectationError, build_chain, fair
from tests.bruteforce_coin import extremes
from tests.oracle import INF, decision_keys, expected, transitions
from tests.strategies import HARNESS_EXAMPLES


@st.composite
def coin_games(draw):
    """A small board (any jumps, traps allowed), a die of 2 or 3 faces, a rule and a coin."""
    n = draw(st.integers(3, 7))
    starts = draw(st.lists(st.integers(1, n - 1), unique=True, max_size=2))
    jumps = {a: draw(st.integers(0, n).filter(lambda b, a=a: b != a)) for a in starts}
    try:
        board = Board(n, jumps)
    except BoardError:
        assume(False)
    faces = draw(st.integers(2, 3))
    weights = draw(st.lists(st.integers(1, 4), min_size=faces, max_size=faces))
    die = Die([Fraction(w, sum(weights)) for w in weights])
    rule = draw(st.sampled_from(["stay", "bounce", "pass"]))
    coin = draw(st.sampled_from([Fraction(1, 2), Fraction(1, 3), Fraction(0), Fraction(1)]))
    keys = decision_keys(n, board.jump_map, rule, die.probabilities)
    assume(len(keys) <= 10)
    return board, die, rule, coin


def _library(board, die, rule, coin, maximise, start=0):
    try:
        return build_chain(board, die, rule, start=start, policy=0, coin=coin).optimal_policy(maximise=maximise)
    except BoardError:  # N cannot be reached from the start even with the coin: the library refuses such boards
        return None


@settings(max_examples=2 * HARNESS_EXAMPLES)
@given(coin_games(), st.booleans(), st.integers(0, 7))
# from 0 a flip may end on 3 (kept for ever by flipping) or win: a positive chance of reaching 3 is enough
@example((Board(4, {1: 4, 2: 4}), Die(["1/2", "1/2"]), "stay", Fraction(1, 2)), True, 0)
# only the coin wins: the die alone never passes 2, a flip from 4 reaches 5 (the library refused it)
@example((Board(7, {3: 0, 4: 2, 6: 7}), Die(["1/2", "1/2"]), "stay", Fraction(1, 2)), False, 0)
# square 0 traps the player, square 3 does not (the library checked from 0)
@example((Board(6, {1: 0, 2: 0}), Die(["1/2", "1/2"]), "stay", Fraction(0)), False, 3)
def test_policy_iteration_is_optimal_from_every_square(game, maximise, start):
    board, die, rule, coin = game
    start = min(start, board.size)
    least, most = extremes(board.size, board.jump_map, rule, die.probabilities, coin)
    best = most if maximise else least
    entry = board.land(start)
    try:
        o = _library(board, die, rule, coin, maximise, start)
    except InfiniteExpectationError:
        assert not maximise and best[entry] == INF
        return
    if o is None:  # refused: no policy whatever wins from the start
        assert least[entry] == INF
        return
    for s in board.squares:
        assert o.remaining[s] == best[s], (s, o.remaining[s], best[s])
    assert o.expected_turns == best[entry]
    assert (o.unbounded is not None) == (maximise and o.expected_turns == INF)
    # the policy it names is worth what it says, by the oracle's own evaluation
    if o.expected_turns != INF:
        rows = transitions(board.size, board.jump_map, rule, die.probabilities, coin,
                           lambda s, r: o.decisions.get((s, r), False))
        assert expected(board.size, rows)[entry] == o.expected_turns
    # and the flip squares are real landings: squares, or one past N under stay
    assert all(0 <= x <= board.size + (rule == "stay") for x in o.flip_squares())


def test_bounce_is_optimal_on_the_paper_board():
    # decisions were looked up by landing - start, which is not the roll once a landing is reflected:
    # iteration stopped at 17.0415821647302, while 16.7927845245238 is reachable
    o = build_chain(rule="bounce").optimal_policy()
    assert abs(float(o.expected_turns) - 16.7927845245238) < 1e-12
    assert build_chain(o_board(), fair(), policy=o.as_strategy(), rule="bounce").expected_duration() == o.expected_turns
    assert max(o.flip_squares()) <= 100 and not o.flips_past_goal()


def o_board():
    from limits import standard

    return standard()


@pytest.mark.parametrize("rule", ["stay", "bounce", "pass"])
def test_strategy_view_gives_the_same_chain(rule):
    o = build_chain(rule=rule).optimal_policy()
    assert build_chain(o_board(), fair(), policy=o.as_strategy(), rule=rule).expected_duration() == o.expected_turns


def test_a_tie_keeps_the_current_choice():
    # from 1 a roll of 4 lands on 5; flipping reaches 6 or 4, not flipping 5: three chutes to 2, an exact tie
    board = Board(12, {4: 2, 5: 2, 6: 2})
    die = Die(["1/2", 0, 0, "1/2"])
    o = build_chain(board, die, policy=0).optimal_policy()
    assert o.decisions[(1, 4)] is False
    w = build_chain(board, die, policy=0).optimal_policy(maximise=True)
    assert w.decisions[(1, 4)] is False
    for policy in (o, w):
        out = policy.landings[(1, 4)]
        assert out == 5


def test_minimum_with_no_sure_win_is_infinite_and_named():
    # with P(3) = 1 the plain game is trapped at 53 and 99; with the coin it can still escape
    from limits import weighted

    o = build_chain(die=weighted(3, 1)).optimal_policy()
    assert o.expected_turns < INF
    # only ones, a coin that always shows tails: from 1 every turn ends on 1 again (2 is a chute to 1)
    with pytest.raises(InfiniteExpectationError, match="least expected number of turns"):
        build_chain(Board(3, {2: 1}), Die(["1", "0"]), coin=0).optimal_policy()
