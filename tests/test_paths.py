"""A game move by move (limits.game.paths): every path of tiny boards enumerated, and the boards of the docs."""

from __future__ import annotations

from fractions import Fraction
from math import prod

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from limits import Board, Die, LimitsError, build_chain, fair, standard
from tests.oracle import flippable, move, reflect, transitions, turn
from tests.strategies import dice, proposed_jumps, rules, scaled

LATER = {2: 19, 4: 14, 8: 31, 16: 6, 21: 42, 28: 84, 36: 44, 48: 26, 49: 10, 51: 67, 56: 53, 62: 18, 64: 60,
         71: 91, 80: 100, 87: 24, 93: 73, 95: 75, 98: 78}
PUNITIVE = {8: 26, 21: 82, 43: 77, 50: 91, 54: 93, 62: 96, 66: 87, 80: 100, 73: 1, 46: 5, 55: 7, 48: 9, 52: 11,
            59: 17, 83: 19, 44: 22, 95: 24, 98: 28, 69: 33, 64: 36, 92: 51}


def every_path(rows: dict[int, dict[int, Fraction]], start: int, goal: int, length: int):
    """Every path from ``start`` that first reaches ``goal`` within ``length`` turns, with its probability."""
    if start == goal:
        return [((goal,), Fraction(1))]
    done, frontier = [], [((start,), Fraction(1))]
    for _ in range(length):
        ahead = []
        for squares, p in frontier:
            for t, q in rows[squares[-1]].items():
                (done if t == goal else ahead).append((squares + (t,), p * q))
        frontier = ahead
    return done


@st.composite
def tiny_games(draw):
    """A board of 2..6 squares (traps allowed), a die of 1..3 faces (zero faces too), a rule, a start, and maybe
    a deterministic coin policy (on a set of (square, landing) pairs) with a coin."""
    n = draw(st.integers(2, 6))
    proposed = draw(proposed_jumps(n))
    board = Board(n, {a: b for a, b in proposed.items() if b not in proposed})
    die, rule = draw(dice(1, 3, positive=False)), draw(rules).value
    start = draw(st.integers(0, n))
    chosen = draw(st.none() | st.sets(st.tuples(st.integers(0, n), st.integers(0, n + 3))))
    coin = draw(st.sampled_from([Fraction(1, 2), Fraction(1, 3), Fraction(1), Fraction(0)]))
    return board, die, rule, start, chosen, coin


@settings(max_examples=scaled(200), deadline=None)
@given(tiny_games())
def test_every_path_of_tiny_boards_agrees(game):
    board, die, rule, start, chosen, coin = game
    policy = None if chosen is None else (lambda s, x: int((s, x) in chosen))
    try:
        chain = build_chain(board, die, rule, start=start, policy=policy, coin=coin)
    except LimitsError:  # the goal out of reach from the start
        assume(False)
    n, jumps, probs = board.size, board.jump_map, die.probabilities
    landing = (lambda s, r: reflect(s + r, n)) if rule == "bounce" else (lambda s, r: s + r)
    chooses = (lambda s, r: chosen is not None and flippable(n, rule, s, r) and (s, landing(s, r)) in chosen)
    rows = transitions(n, jumps, rule, probs, coin, None if chosen is None else chooses)
    paths = every_path(rows, board.land(start), n, len(board.squares))
    if not paths:  # the policy never takes the side that reaches the goal
        assert chain.fewest_turns_path() is None and chain.most_likely_path() is None
        return
    fewest = min(len(s) for s, _ in paths)
    short = sorted((s, p) for s, p in paths if len(s) == fewest)
    f = chain.fewest_turns_path()
    assert (f.squares, f.count, f.probability) == (short[0][0], len(short), sum(p for _, p in short))
    best = max(p for _, p in paths)
    likely = sorted(s for s, p in paths if p == best)
    m = chain.most_likely_path()
    assert (m.squares, m.count, m.probability) == (likely[0], len(likely), best)
    for path in (f, m):  # each turn's roll (and flip) makes it, the smallest that does, and takes the jump named
        for s, t, roll, flip, jump in zip(path.squares, path.squares[1:], path.rolls, path.flips, path.jumps):
            landed, end = move(n, jumps, rule, s, roll, {None: 0, "heads": 1, "tails": -1}[flip])
            assert probs[roll - 1] and end == t and jump == ((landed, t) if landed != t else None)
            assert (flip is not None) == chooses(s, roll)
            if chosen is None:
                assert roll == min(r for r in range(1, die.faces + 1) if probs[r - 1] and turn(n, jumps, rule, s, r) == t)


@pytest.mark.parametrize("jumps", [None, LATER, PUNITIVE], ids=["paper", "later", "punitive"])
@pytest.mark.parametrize("rule", ["stay", "bounce", "pass"])
def test_the_paths_of_whole_boards(jumps, rule):
    board = standard() if jumps is None else Board(100, jumps)
    chain = build_chain(board, rule=rule)
    rows = transitions(100, board.jump_map, rule, chain.die.probabilities)
    f, m = chain.fewest_turns_path(), chain.most_likely_path()
    for path in (f, m):
        assert path.squares[0] == 0 and path.squares[-1] == 100
        assert all(rows[s].get(t) for s, t in zip(path.squares, path.squares[1:]))  # each step one turn's move
    assert len(f.squares) - 1 == chain.min_turns() == len(f.rolls)
    assert f.probability == chain.pmf(chain.min_turns())[-1]
    assert m.probability == prod(rows[s][t] for s, t in zip(m.squares, m.squares[1:]))
    assert m.probability >= prod(rows[s][t] for s, t in zip(f.squares, f.squares[1:]))


def test_the_punitive_board_as_published():
    """The published fewest game is one of ours, and the published most likely finish is ours (their float)."""
    chain = build_chain(Board(100, PUNITIVE), rule="stay")
    published = (0, 6, 26, 32, 38, 77, 100)
    assert len(published) - 1 == chain.min_turns() == 6 and all(chain.row(s).get(t) for s, t in
                                                                  zip(published, published[1:]))
    best = chain.most_likely_path().probability  # theirs is exp(-sum of -log p) in floats: 1/6**6 to 14 digits
    assert best == Fraction(1, 6**6) and abs(2.1433470507544607e-5 / best - 1) < 1e-14


def test_coin_policy_paths_and_zero_faces():
    path = build_chain(Board(9), Die([0, 0, 1]), "bounce").most_likely_path()  # only threes: one path, certain
    assert (path.squares, path.rolls, path.count, path.probability) == ((0, 3, 6, 9), (3, 3, 3), 1, 1)
    assert build_chain(die=Die([0, 0, 1, 0, 0, 0])).most_likely_path() is None  # threes end in the loop {53}
    coined = build_chain().with_policy(6)
    assert coined.fewest_turns_path().squares[-1] == 100 and len(coined.fewest_turns_path().rolls) == 5
    assert any(coined.most_likely_path().flips)


def test_a_game_that_starts_on_the_goal_and_a_start_out_of_reach():
    chain = build_chain(Board(10, {3: 10}), fair(2))
    path = chain.most_likely_path(3)
    assert (path.squares, path.rolls, path.count, path.probability) == ((10,), (), 1, 1)
    twos = build_chain(Board(6, {4: 2}), Die([0, 1]), "pass")  # from 0 by twos: 2, then 4 -> 2 forever
    assert twos.fewest_turns_path() is None and twos.most_likely_path() is None
    assert twos.fewest_turns_path(1).squares == twos.most_likely_path(1).squares == (1, 3, 5, 6)


def test_plot_path_draws_through_each_jump():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    chain = build_chain()
    fig, ax = plt.subplots()
    path = chain.fewest_turns_path()
    chain.plot_path(path, ax=ax)
    assert len(ax.lines[0].get_xdata()) == len(path.squares) + sum(j is not None for j in path.jumps)
    plt.close(fig)
