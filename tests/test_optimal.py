import itertools
from fractions import Fraction

import pytest

from limits import Board, InfiniteExpectationError, fair
from limits.coin import policy_chain, turn_outcomes
from limits.coin.best_policy import optimal_policy
from limits.coin.strategies import all_strategies
from limits.model.rules import Rule


def test_optimal_beats_every_named_strategy():
    o = optimal_policy()
    b = o.as_strategy()
    from limits import standard

    best = min(policy_chain(standard(), fair(), s).expected_duration() for s in all_strategies(standard()))
    assert o.expected_turns < best
    assert policy_chain(standard(), fair(), b).expected_duration() == o.expected_turns


def test_optimality_conditions_hold_exactly():
    from limits import standard

    o = optimal_policy()
    v = dict(o.remaining)
    v[100] = Fraction(0)
    for (s, roll), flip in o.decisions.items():
        out = turn_outcomes(standard(), Rule.STAY, s, roll)
        stay, coin = v[out.no_flip], (v[out.heads] + v[out.tails]) / 2
        assert (coin <= stay) if flip else (stay <= coin)


def test_brute_force_on_a_small_board():
    board = Board(7, {2: 5, 6: 1})
    die = fair(2)
    o = optimal_policy(board, die)
    keys = sorted(o.decisions)
    assert len(keys) <= 12
    best = None
    for bits in itertools.product((False, True), repeat=len(keys)):
        table = dict(zip(keys, bits))
        policy = lambda s, x, table=table: Fraction(int(table.get((s, x - s), False)))  # noqa: E731
        try:
            value = policy_chain(board, die, policy).expected_duration()
        except InfiniteExpectationError:  # a policy that may never win is never best
            continue
        best = value if best is None else min(best, value)
    assert o.expected_turns == best


def test_maximum_is_infinite_and_named():
    w = optimal_policy(maximise=True)
    assert w.expected_turns == float("inf")
    assert w.unbounded.flip_on == (80, 100)
    assert "avoid ever winning" in w.unbounded.reason()


def test_finite_maximum_when_winning_cannot_be_avoided():
    # under "pass" a roll that reaches N wins before any flip, and from N - 1 every roll does
    board = Board(7, {3: 6})
    w = optimal_policy(board, fair(2), rule="pass", maximise=True)
    assert w.unbounded is None and w.expected_turns != float("inf")
    best = optimal_policy(board, fair(2), rule="pass")
    assert w.expected_turns > best.expected_turns
    # brute force over every deterministic policy
    keys = sorted(w.decisions)
    assert len(keys) <= 12
    values = []
    for bits in itertools.product((False, True), repeat=len(keys)):
        table = dict(zip(keys, bits))
        policy = lambda s, x, table=table: Fraction(int(table.get((s, x - s), False)))  # noqa: E731
        values.append(policy_chain(board, fair(2), policy, rule="pass").expected_duration())
    assert (min(values), max(values)) == (best.expected_turns, w.expected_turns)


@pytest.mark.parametrize("coin", ["0.3", "1/2"])
def test_policy_iteration_converges_for_biased_coins(coin):
    o = optimal_policy(coin=coin)
    assert o.iterations < 20 and o.expected_turns > 0
