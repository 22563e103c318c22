"""Policies on large boards: float rounds on sparse matrices certified exactly, against the dense exact iteration,
the brute-force oracle, and non-optimal policies the certificate must reject.

Modules: ``limits.coin.dense_policy``.
"""

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from limits import BoardError, InfiniteExpectationError, LimitsError, build_chain, fair, standard
from limits.coin import sparse_policy as sparse
from limits.exact.dixon import dixon_solve
from limits.model.moves import turn_outcomes
from limits.model.random_board import BoardFamily
from tests.bruteforce_coin import extremes
from tests.oracle import INF
from tests.strategies import HARNESS_EXAMPLES
from tests.test_policy_enumeration import coin_games

pytestmark = pytest.mark.skipif(not __import__("limits.exact._kernels", fromlist=["x"]).have_numba(),
                                reason="the sparse exact engine needs numba")


def _board(n, seed):
    return BoardFamily(n, n // 10, n // 10).board_of(0, seed)


def _ties_only(board, rule, o, key):
    """Whether the two choices at ``key`` are worth exactly the same under the optimal values ``o.remaining``."""
    v = dict(o.remaining)
    v[board.size] = Fraction(0)
    out = turn_outcomes(board, rule, *key)
    return v[out.no_flip] == (v[out.heads] + v[out.tails]) / 2


@pytest.mark.parametrize(("n", "seed", "rule", "maximise"), [
    (50, 1, "stay", False), (50, 2, "pass", True), (120, 3, "bounce", False), (200, 4, "stay", False),
    (300, 5, "pass", False), (300, 6, "pass", True), (500, 7, "stay", False),
])
def test_float_rounds_certified_exactly_equal_the_dense_iteration(n, seed, rule, maximise):
    board = _board(n, seed)
    dense = build_chain(board, fair(), rule, policy=0).optimal_policy(maximise=maximise, engine="dense")
    fast = build_chain(board, fair(), rule, policy=0).optimal_policy(maximise=maximise, engine="sparse")
    assert fast.remaining == dense.remaining and fast.expected_turns == dense.expected_turns
    assert fast.decisions == dense.decisions  # a tie does not flip, whichever engine met it
    ties = [k for k in dense.decisions if _ties_only(board, rule, dense, k) and dense.remaining[k[0]] != math.inf]
    assert not any(dense.decisions[k] for k in ties)
    if dense.unbounded is None:  # and the policy named is worth what it says, by the chain of the policy
        value = build_chain(board, fair(), policy=fast.as_strategy(), rule=rule).expected_duration()
        assert value == fast.expected_turns


def test_the_paper_board_is_the_same_under_both_engines():
    for rule in ("stay", "bounce", "pass"):
        dense, fast = (build_chain(rule=rule).optimal_policy(engine=e) for e in ("dense", "sparse"))
        assert (fast.remaining, fast.decisions) == (dense.remaining, dense.decisions)
    assert build_chain().optimal_policy(engine="auto") == build_chain().optimal_policy(engine="dense")  # 81 squares: the dense engine


@settings(max_examples=HARNESS_EXAMPLES)
@given(coin_games(), st.booleans())
def test_the_sparse_engine_against_every_deterministic_policy(game, maximise):
    board, die, rule, coin = game
    best = extremes(board.size, board.jump_map, rule, die.probabilities, coin)[int(maximise)]
    try:
        o = build_chain(board, die, rule, policy=0, coin=coin).optimal_policy(maximise=maximise, engine="sparse")
    except InfiniteExpectationError:
        assert not maximise and best[board.land(0)] == INF
        return
    except BoardError:  # N cannot be reached without the coin
        assume(False)
    for s in board.squares:
        assert o.remaining[s] == best[s], s


def _tables(board, rule="stay"):
    from limits.coin.best_policy import _choices
    from limits.coin.regions import almost_sure_region

    rolls = fair().rolls()
    choices = {(s, f): _choices(turn_outcomes(board, rule, s, f), Fraction(1, 2)) for s in board.squares
               for f, _ in rolls}
    actions = {k: {flip: frozenset(d) for flip, d in c.items()} for k, c in choices.items()}
    region = almost_sure_region(actions, board.squares, board.size)
    return sparse.policy_tables(region, choices, rolls, board.size), choices, rolls, region


def test_the_certificate_rejects_a_policy_that_is_not_optimal():
    board = standard()
    tables, *_ = _tables(board)
    never = np.zeros(len(tables.keys), dtype=np.int64)  # the base game: no flip anywhere
    x = dixon_solve(tables.integer_matrix(never), [tables.scale] * tables.size)
    assert x[tables.order.index(0)] == build_chain(board, fair(), policy=lambda s, x: 0).expected_duration()
    assert sparse.improving_switches(tables, never, x.numerators).any()
    best = build_chain().optimal_policy(engine="dense")
    choice = np.array([int(best.decisions.get(k, False)) for k in tables.keys])
    y = dixon_solve(tables.integer_matrix(choice), [tables.scale] * tables.size)
    assert not sparse.improving_switches(tables, choice, y.numerators).any()
    # one decision turned the other way: the certificate finds that very switch (and nothing the other way)
    flipped = choice.copy()
    k = next(i for i, key in enumerate(tables.keys) if tables.decision[i] and key == (53, 3))
    flipped[k] = 1 - flipped[k]
    z = dixon_solve(tables.integer_matrix(flipped), [tables.scale] * tables.size)
    assert sparse.improving_switches(tables, flipped, z.numerators)[k]
    # the worst policy is not the best one: maximising, the optimal choice is improvable
    assert sparse.improving_switches(tables, choice, y.numerators, maximise=True).any()


def test_exact_rounds_finish_what_the_floats_leave(monkeypatch):
    # with the float rounds cut off, the certificate's exact rounds alone reach the same optimum
    board = _board(250, 11)
    want = build_chain(board, fair(), policy=0).optimal_policy(engine="dense")
    monkeypatch.setattr(sparse, "MAX_FLOAT_ROUNDS", 0)
    got = build_chain(board, fair(), policy=0).optimal_policy(engine="sparse")
    assert got.remaining == want.remaining and got.iterations == want.iterations
    # with floats too coarse to see any improvement, the same
    monkeypatch.setattr(sparse, "MAX_FLOAT_ROUNDS", 500)
    monkeypatch.setattr(sparse, "FLOAT_TOLERANCE", 1e300)
    assert build_chain(board, fair(), policy=0).optimal_policy(engine="sparse").remaining == want.remaining


def test_large_regions_are_iterated_on_sparse_matrices(monkeypatch):
    from limits.checks import SPARSE_FROM

    seen = []
    real = sparse.sparse_iteration

    def spy(region, *args):
        seen.append(len(region))
        return real(region, *args)

    monkeypatch.setattr(sparse, "sparse_iteration", spy)
    build_chain(_board(SPARSE_FROM + 50, 3), fair()).optimal_policy()
    build_chain().optimal_policy()
    assert len(seen) == 1 and seen[0] >= SPARSE_FROM


def test_an_unknown_engine_is_an_input_error():
    with pytest.raises(LimitsError, match="unknown engine 'gpu'"):
        build_chain().optimal_policy(engine="gpu")


def test_the_tables_hold_each_choice_exactly():
    board = _board(60, 2)
    tables, choices, rolls, region = _tables(board, "bounce")
    order = tables.order
    prob = dict(rolls)
    for k, key in enumerate(tables.keys):
        for c, d in choices[key].items():
            if not tables.allowed[k, int(c)]:
                assert any(t not in region and t != board.size for t in d)
                continue
            got = {}
            for t, w in zip(tables.targets[k, int(c)], tables.weights[k, int(c)]):
                if w:
                    got[order[t] if t < len(order) else board.size] = Fraction(int(w), tables.unit)
            assert got == dict(d)
            assert Fraction(int(tables.mass[k]) * tables.unit, tables.scale) == prob[key[1]]


@pytest.mark.parametrize("chances", [{"coin": np.float64(0.12345678901234567)},
                                     {"coin": np.float64(0.12345678901234567),
                                      "die": [np.float64(0.3333333333333333)] * 2 + [np.float64(0.3333333333333334)]}])
def test_float64_chances_too_fine_for_the_sparse_engine_are_refused_by_name(chances):
    # the audit's case: an OverflowError from numpy (or a ConvergenceError of the lifting) on float64 chances,
    # read as their 16- or 17-digit decimals; the dense engine takes them
    from limits import Die, TooLargeError

    kwargs = {**chances, **({"die": Die(chances["die"])} if "die" in chances else {})}
    game = build_chain(standard(), **kwargs)
    with pytest.raises(TooLargeError, match="MAX_ROW_WEIGHT.*engine='dense'"):
        game.optimal_policy(engine="sparse")
    dense = game.optimal_policy(engine="dense")
    assert dense.expected_turns > 0


def test_the_dense_engine_is_kept_when_asked_for_on_a_large_board(monkeypatch):
    from limits.checks import SPARSE_FROM

    seen = []
    monkeypatch.setattr(sparse, "sparse_iteration", lambda *args: seen.append(1))
    build_chain(_board(SPARSE_FROM + 50, 3), fair()).optimal_policy(engine="dense")
    assert seen == []


def test_a_settled_float_policy_is_counted_once():
    board = _board(250, 11)
    assert build_chain(board, fair(), policy=0).optimal_policy(engine="sparse").iterations == \
        build_chain(board, fair(), policy=0).optimal_policy(engine="dense").iterations


def test_an_improper_float_policy_starts_the_exact_rounds_again(monkeypatch):
    import limits.exact.dixon as dixon
    from limits import ConvergenceError

    board = _board(250, 11)
    want = build_chain(board, fair(), policy=0).optimal_policy(engine="dense")
    calls = []

    def first_fails(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise ConvergenceError("as if the floats had settled on an improper policy")
        return dixon_solve(*args, **kwargs)

    monkeypatch.setattr(dixon, "dixon_solve", first_fails)
    got = build_chain(board, fair(), policy=0).optimal_policy(engine="sparse")
    assert len(calls) > 1 and got.remaining == want.remaining
