"""The optimal coin policy at one die: exact policy iteration against enumeration, and its flip map.

Modules: ``limits.coin.best_policy`` (the flip map as text).
"""

import itertools
from fractions import Fraction

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from limits import Board, BoardError, Die, InfiniteExpectationError, build_chain, fair, standard
from limits.coin.strategies import all_strategies
from limits.model.moves import turn_outcomes
from limits.model.rules import Rule
from tests.test_policy_enumeration import coin_games


def test_optimal_beats_every_named_strategy():
    o = build_chain().optimal_policy()
    b = o.as_strategy()
    from limits import standard

    best = min(build_chain(standard(), fair(), policy=s).expected_duration() for s in all_strategies(standard()))
    assert o.expected_turns < best
    assert build_chain(standard(), fair(), policy=b).expected_duration() == o.expected_turns


def test_optimality_conditions_hold_exactly():
    from limits import standard

    o = build_chain().optimal_policy()
    v = dict(o.remaining)
    v[100] = Fraction(0)
    for (s, roll), flip in o.decisions.items():
        out = turn_outcomes(standard(), Rule.STAY, s, roll)
        stay, coin = v[out.no_flip], (v[out.heads] + v[out.tails]) / 2
        assert (coin <= stay) if flip else (stay <= coin)


def test_brute_force_on_a_small_board():
    board = Board(7, {2: 5, 6: 1})
    die = fair(2)
    o = build_chain(board, die, policy=0).optimal_policy()
    keys = sorted(o.decisions)
    assert len(keys) <= 12
    best = None
    for bits in itertools.product((False, True), repeat=len(keys)):
        table = dict(zip(keys, bits))
        policy = lambda s, x, table=table: Fraction(int(table.get((s, x - s), False)))  # noqa: E731
        try:
            value = build_chain(board, die, policy=policy).expected_duration()
        except InfiniteExpectationError:  # a policy that may never win is never best
            continue
        best = value if best is None else min(best, value)
    assert o.expected_turns == best


def test_maximum_is_infinite_and_named():
    w = build_chain().optimal_policy(maximise=True)
    assert w.expected_turns == float("inf")
    assert w.unbounded.flip_on == (80, 100)
    assert "avoid ever winning" in w.unbounded.reason()


def test_finite_maximum_when_winning_cannot_be_avoided():
    # under "pass" a roll that reaches N wins before any flip, and from N - 1 every roll does
    board = Board(7, {3: 6})
    w = build_chain(board, fair(2), "pass", policy=0).optimal_policy(maximise=True)
    assert w.unbounded is None and w.expected_turns != float("inf")
    best = build_chain(board, fair(2), "pass", policy=0).optimal_policy()
    assert w.expected_turns > best.expected_turns
    # brute force over every deterministic policy
    keys = sorted(w.decisions)
    assert len(keys) <= 12
    values = []
    for bits in itertools.product((False, True), repeat=len(keys)):
        table = dict(zip(keys, bits))
        policy = lambda s, x, table=table: Fraction(int(table.get((s, x - s), False)))  # noqa: E731
        values.append(build_chain(board, fair(2), policy=policy, rule="pass").expected_duration())
    assert (min(values), max(values)) == (best.expected_turns, w.expected_turns)


@pytest.mark.parametrize("coin", ["0.3", "1/2"])
def test_policy_iteration_converges_for_biased_coins(coin):
    o = build_chain(coin=coin).optimal_policy()
    assert o.iterations < 20 and o.expected_turns > 0


def _same_either_way(board, rule, coin, s, roll):
    """Whether flipping ends the turn exactly as not flipping does (the same squares, the same chances)."""
    out = turn_outcomes(board, rule, s, roll)
    flip = {}
    for target, w in ((out.heads, coin), (out.tails, 1 - coin)):
        if w:
            flip[target] = flip.get(target, 0) + w
    return flip == {out.no_flip: 1}


@given(coin_games(), st.booleans())
# a coin that always shows heads: one past N, heads is as void as no flip (under stay)
@example((standard(), fair(), "stay", Fraction(1)), False)
@example((standard(), fair(), "stay", Fraction(1)), True)
@example((Board(12, {4: 2, 5: 2, 6: 2}), Die(["1/2", 0, 0, "1/2"]), "stay", Fraction(1, 2)), False)
def test_a_decision_changes_only_on_a_strict_improvement(game, maximise):
    # where both choices are worth the same the policy keeps its first choice, not flipping; a tie that made
    # it change would also make the iteration go round for ever
    board, die, rule, coin = game
    try:
        o = build_chain(board, die, rule, policy=0, coin=coin).optimal_policy(maximise=maximise)
    except (BoardError, InfiniteExpectationError):
        assume(False)
    ties = [key for key in o.decisions if _same_either_way(board, rule, coin, *key)]
    assert not any(o.decisions[key] for key in ties)
    if board == standard():
        assert len(ties) == 3 and o.iterations <= 10  # from 96, 97 and 99 (95 and 98 are jumps)
    # and no choice is beaten by the other, by the policy's own values (where they are finite)
    v = {**o.remaining, board.size: Fraction(0)}
    for (s, roll), flip in o.decisions.items():
        out = turn_outcomes(board, rule, s, roll)
        keep = v[out.no_flip]
        coin_value = sum(w * v[t] for t, w in ((out.heads, coin), (out.tails, 1 - coin)) if w)
        if v[s] != float("inf"):
            chosen, other = (coin_value, keep) if flip else (keep, coin_value)
            assert (chosen >= other) if maximise else (chosen <= other)


def test_the_reason_names_the_landings_one_past_the_goal():
    from limits.coin.best_policy import Unbounded

    u = Unbounded(squares=(1, 2), flip_on=(3, 11), keep_on=(5,), goal=10)
    assert u.reason() == ("a player can avoid ever winning by flipping on landing on 3, 11 (one past 10) and "
                          "not flipping on landing on 5: they stay among 2 squares for ever")
    assert Unbounded((1,), (), (), 10).reason().startswith("a player can avoid ever winning by playing on")


def test_the_policy_as_a_strategy():
    best, worst = build_chain(Board(7, {2: 5, 6: 1}), fair(2)).optimal_policy(), build_chain().optimal_policy(maximise=True)
    assert (best.as_strategy().id, worst.as_strategy().id) == ("optimal", "worst")
    assert best.as_strategy()(0, 99) == 0  # a landing with no decision: no flip


@given(coin_games())
@example((standard(), fair(), "stay", Fraction(1, 2)))
@example((Board(4, {3: 2, 1: 4}), Die(["3/4", "1/4"]), "bounce", Fraction(1, 3)))  # keep_on (2, 3), flip_on (1, 4)
def test_the_landings_that_keep_a_player_from_winning(game):
    # flip_on: only flipping keeps the player among the kept squares; keep_on: only not flipping does
    board, die, rule, coin = game
    try:
        w = build_chain(board, die, rule, policy=0, coin=coin).optimal_policy(maximise=True)
    except BoardError:
        assume(False)
    assume(w.unbounded is not None)
    keep = set(w.unbounded.squares)
    flip_on, keep_on = set(), set()
    for (s, roll), landing in w.landings.items():
        if s not in keep:
            continue
        out = turn_outcomes(board, rule, s, roll)
        by_flip = {t for t, p in ((out.heads, coin), (out.tails, 1 - coin)) if p}
        stays = {False: out.no_flip in keep, True: by_flip <= keep}
        if stays == {False: False, True: True}:
            flip_on.add(landing)
        elif stays == {False: True, True: False}:
            keep_on.add(landing)
    assert (set(w.unbounded.flip_on), set(w.unbounded.keep_on)) == (flip_on, keep_on)
    assert w.unbounded.goal == board.size


@pytest.mark.parametrize("start", [-1, 8, 100, True, 2.0, "3"])
def test_a_start_off_the_board_is_refused(start):
    from limits import StartError

    with pytest.raises(StartError, match=r"one of 0\.\.7"):
        build_chain(Board(7, {2: 5, 6: 1}), fair(2), start=start).optimal_policy()


def test_jupyter_shows_the_value_the_flips_and_the_flip_map():
    best = build_chain(Board(7, {2: 5, 6: 1}), fair(2)).optimal_policy()
    page = best._repr_html_()
    assert "<strong>The policy that minimises the expected number of turns</strong>" in page
    assert "<tr><th>expected turns from the start</th><td>2.66666666667 (exactly 8/3)</td></tr>" in page
    assert "<tr><th>landings where it flips</th><td>1, 3, 6</td></tr>" in page
    assert "<tr><th>policy iterations</th><td>1</td></tr>" in page
    assert page.endswith(best._repr_svg_() + "</div>") and "<title>the optimal policy: where it flips</title>" in page
    worst = build_chain(Board(7, {2: 5, 6: 1}), fair(2)).optimal_policy(maximise=True)
    assert f"<td>inf: {worst.unbounded.reason()}</td>" in worst._repr_html_()
    assert "<td>none</td>" in build_chain(Board(1), fair(1)).optimal_policy()._repr_html_()  # one roll wins: no flip


def test_the_first_policy_stays_where_winning_is_sure():
    # from 11, a roll of 2 bounces back to 11; flipping there may win (heads, 12) or fall to 10, a chute to 5,
    # outside the squares from which winning is sure: the first policy must not flip there, or it leaves them
    board = Board(12, {2: 11, 10: 5, 9: 3, 8: 7})
    o = build_chain(board, fair(2), "bounce", policy=0, coin=Fraction(1, 3)).optimal_policy()
    assert (o.expected_turns, o.flip_squares(), o.iterations) == (Fraction(7, 2), (1,), 1)


def test_policy_iteration_counts_its_rounds():
    # each round solves the values of one policy; the last one changes nothing
    assert build_chain(Board(10, {3: 8, 9: 1}), fair(3)).optimal_policy().iterations == 2
    assert build_chain().optimal_policy().iterations == 4


def test_optimal_policy_describes_itself():
    o = build_chain(Board(10, ((3, 8), (9, 2))), fair()).optimal_policy()
    assert repr(o) == "OptimalPolicy(shortest game: 4.27272727273 expected turns; flips on 4 landing squares)"
    assert o.flip_squares() == (2, 4, 9, 11) and o.flips_past_goal()
    assert "flip on landing here: 3 squares (and one past the last square)" in o._repr_svg_()


def test_the_flip_map_shades_board_squares_only():
    # under bounce a roll of 6 from 0 folds back to 0, where the policy flips (heads takes the ladder at 1)
    o = build_chain(Board(3, ((1, 3),)), fair(), "bounce").optimal_policy()
    assert o.flip_squares() == (0, 2)
    assert "flip on landing here: 1 squares</text>" in o._repr_svg_()
