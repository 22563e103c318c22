"""The simulator plays each game as a plain loop of the documented rule does, whatever the threads and blocks; the
integer alias tables hold the chain."""

from fractions import Fraction

import numpy as np
import pytest

from limits import Board, Die, build_chain, fair, standard, weighted
from limits.coin import sampling
from limits.coin.strategies import from_callable, strategy
from limits.model.random_board import BoardFamily


@pytest.mark.parametrize(("board", "die", "rule", "policy", "max_turns"), [
    (standard(), fair(), "stay", None, 100_000),
    (standard(), fair(), "stay", "random", 100_000),
    (standard(), weighted(3, "0.9"), "bounce", 6, 100_000),
    (BoardFamily(300, 30, 30).board_of(0, 2), Die(["1/7", "2/7", "4/7"]), "pass", "random", 100_000),
    (standard(), fair(), "stay", None, 12),  # most games unfinished
    (standard(), fair(), "stay", "random", 13),  # an odd limit: the second turn of a word is not played
    (standard(), fair(), "stay", 4, 1),
])
def test_the_threads_do_not_change_the_games(board, die, rule, policy, max_turns):
    if policy == "random":
        policy = strategy(-1, board, flip="1/3")
    elif policy is not None:
        policy = strategy(policy, board)
    game, common = build_chain(board, die, rule, policy=policy, coin="2/5"), dict(seed=9, max_turns=max_turns,
                                                                                   chunk=7_000)
    a = game.simulate(30_000, **common)
    b = game.simulate(30_000, workers=2, **common)
    c = game.simulate(30_000, workers=1, **common)
    assert a.unfinished == b.unfinished == c.unfinished
    assert np.array_equal(a.counts, b.counts) and np.array_equal(b.counts, c.counts)
    assert a.mean == b.mean  # exact, so equal counts are equal means


@pytest.mark.parametrize("max_turns", [25, 26])
def test_games_unfinished_after_max_turns_match_the_exact_survival(max_turns):
    import math

    from limits import build_chain

    games = 40_000
    sim = build_chain().simulate(games, seed=max_turns, max_turns=max_turns)
    alive = float(build_chain().survival(max_turns)[-1])  # P(the game lasts more than max_turns turns)
    assert abs(sim.unfinished / games - alive) < 4.5 * math.sqrt(alive * (1 - alive) / games)
    assert len(sim.counts) <= max_turns + 1


def test_the_numpy_blocks_do_not_change_the_games(monkeypatch):
    a = build_chain(policy=strategy(5, standard())).simulate(5_000, seed=4, engine="numpy")
    monkeypatch.setattr(sampling, "BLOCK", 7)
    b = build_chain(policy=strategy(5, standard())).simulate(5_000, seed=4, engine="numpy")
    assert np.array_equal(a.counts, b.counts)
    # another seed, other games
    assert not np.array_equal(a.counts, build_chain(policy=strategy(5, standard())).simulate(5_000, seed=5, engine="numpy").counts)


def test_a_game_depends_on_its_keys_and_number_only():
    # games played together, one at a time, or from the game after: the same games
    chunk = sampling._numpy_chunk
    keys = np.random.default_rng(3).bit_generator.random_raw(2)
    states, accept, primary, alias = sampling.outcome_tables(build_chain())
    tables = sampling.integer_tables(accept, primary, alias)
    tables = (*tables, accept.shape[1])
    stop = np.zeros(1, dtype=np.uint8)
    together = [chunk(keys, first, 100, 0, *tables, len(states), 10**5, stop)[0] for first in (0, 1)]
    one = [int(np.argmax(chunk(keys, g, 1, 0, *tables, len(states), 10**5, stop)[0])) for g in range(101)]
    assert np.array_equal(together[0], np.bincount(one[:100])) and np.array_equal(together[1], np.bincount(one[1:]))
    assert len(set(one)) > 20
    other = chunk(keys[::-1].copy(), 0, 100, 0, *tables, len(states), 10**5, stop)[0]
    assert not np.array_equal(other, together[0])  # other keys, other games


def test_integer_tables_hold_each_outcome_to_within_m_over_2_to_the_32():
    board = Board(20, {3: 17, 15: 2, 9: 12})
    die = Die(["1/7", "2/7", "1/7", "3/7"])
    policy = from_callable(lambda start, x: Fraction(1, 3) if start % 2 else Fraction(1))
    for rule in ("stay", "bounce", "pass"):
        chain = build_chain(board, die, policy=policy, coin="2/5", rule=rule)
        states, accept, primary, alias = sampling.outcome_tables(chain)
        threshold, target = sampling.integer_tables(accept, primary, alias)
        m = accept.shape[1]
        k = m.bit_length() - 1
        column = np.arange(threshold.size) % m
        assert m == 1 << k and (column << (32 - k) <= threshold).all() and (threshold < (column + 1) << (32 - k)).all()
        index = {s: i for i, s in enumerate(states)} | {board.size: len(states)}
        worst = Fraction(0)
        for s in states:
            i = index[s]
            got: dict[int, Fraction] = {}
            for c in range(m):
                cell = i * m + c
                # the column's 2^(32 - k) words, of which those whose low 32 - k bits are below the threshold
                below = int(threshold[cell]) - c * 2 ** (32 - k)
                for t, words in ((target[2 * cell + 1], below), (target[2 * cell], 2 ** (32 - k) - below)):
                    assert t % m == 0
                    got[int(t) // m] = got.get(int(t) // m, Fraction(0)) + Fraction(words, 2**32)
            want = {index[t]: p for t, p in chain.row(s).items()}
            assert sum(got.values()) == 1
            for t in set(got) | set(want):
                worst = max(worst, abs(got.get(t, 0) - want.get(t, 0)))
        assert 0 < worst <= Fraction(m, 2**32), rule


def _plain_game(state, step, start, threshold, target, m, goal, max_turns):
    """One game by the documented rule, a turn at a time in Python: its turns, or -1 when unfinished."""
    mask = 2**64 - 1
    k = m.bit_length() - 1
    pos, turn = start * m, 0
    while pos != goal * m:
        if turn % 2 == 0:
            state = (state + step) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
            words = [z >> 32, z & 0xFFFFFFFF]
        if turn == max_turns:
            return -1
        u = words[turn % 2]
        cell = pos + (u >> (32 - k))
        pos = int(target[2 * cell + int(u < int(threshold[cell]))])
        turn += 1
    return turn


@pytest.mark.parametrize("rule", ["stay", "bounce", "pass"])
def test_each_game_is_the_same_as_in_a_plain_loop(rule):
    board = BoardFamily(60, 6, 6).board_of(1, 5)
    policy = strategy(-1, board, flip="1/3")
    game = build_chain(board, Die(["1/7", "2/7", "4/7"]), rule, policy=policy, coin=Fraction(2, 5))
    states, accept, primary, alias = sampling.outcome_tables(game)
    threshold, target = sampling.integer_tables(accept, primary, alias)
    m, goal, games = accept.shape[1], len(states), 300
    keys = np.random.default_rng(21).bit_generator.random_raw(2)
    state, step = sampling.game_streams(keys, 0, games)
    stop = np.zeros(1, dtype=np.uint8)
    limits = [10**5]
    for max_turns in limits:
        plain = [_plain_game(int(state[g]), int(step[g]), 0, threshold, target, m, goal, max_turns)
                 for g in range(games)]
        # game by game: each game played alone gives its own number of turns
        one = [sampling._numpy_chunk(keys, g, 1, 0, threshold, target, m, goal, max_turns, stop) for g in range(games)]
        assert [int(np.argmax(c)) if lost == 0 else -1 for c, lost, _ in one] == plain
        assert all(played == 1 and c.sum() + lost == 1 for c, lost, played in one)
        assert len(set(plain)) > 3  # finished and unfinished games of many lengths
        if len(limits) == 1:  # then limits at the median length, odd and even, where half the games are cut
            median = int(np.median(plain))
            limits += [median, median + 1]


def test_a_start_whose_ladder_reaches_the_goal_plays_games_of_no_turns():
    s = build_chain(Board(10, ((3, 10),)), fair(), start=3).simulate(1000, seed=1)
    assert list(s.counts) == [1000] and s.mean == 0 and s.engine == "numpy"


def _least_power_of_two(n):
    m = 1
    while m < n:
        m *= 2
    return m


@pytest.mark.parametrize("faces", range(1, 13))
@pytest.mark.parametrize("coin", [False, True])
def test_the_tables_are_as_wide_as_the_least_power_of_two_that_holds_a_square_s_outcomes(faces, coin):
    # the class: the width of the alias tables for every count of outcomes, powers of two themselves included
    # (4 and 8 outcomes need 4 and 8 columns, not twice as many); a face that flips has two ends, heads and tails
    board = Board(40, {3: 17, 30: 9})
    if faces == 1:
        game = build_chain(Board(40, {3: 17}), Die([1]), rule="bounce")
    else:
        policy = strategy(-1, board, flip="1") if coin and faces <= 6 else None
        game = build_chain(board, fair(faces), rule="bounce", policy=policy)
    states, accept, primary, alias = sampling.outcome_tables(game)
    # the elementary outcomes of a square: each (roll, end of the coin) of positive chance
    most = max(sum(1 for out, q, p in zip(outs, flips, game.die.probabilities) if p
                   for _, w in out.ends(q, game.coin) if w)
               for outs, flips in zip(game.turns, sampling.flip_chances(game)))
    assert accept.shape == (len(states) + 1, _least_power_of_two(most))

