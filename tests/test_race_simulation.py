"""Monte Carlo races on the paper's board, played by a simulator written here from the rules, against the values.

The simulator knows nothing of the library's chains: its moves come from
:func:`tests.oracle.turn`, and only the policies under test
(their tables of choices) are read from the races. A quick run keeps the
suite fast; the heavy one (``-m slow``) also sees ``win`` beat ``length``.
"""

import math
from fractions import Fraction

import numpy as np
import pytest

from limits import build_chain, standard
from tests.oracle import flippable, turn


def _tables(board):
    """``(no_flip, heads, tails, choice)`` arrays ``[square, face - 1]`` of the standard board's turns."""
    n = board.size
    shape = (n + 1, 6)
    out = [np.zeros(shape, dtype=np.int64) for _ in range(3)] + [np.zeros(shape, dtype=bool)]
    for s in range(n):
        for face in range(1, 7):
            for table, flip in zip(out, (0, 1, -1)):
                table[s, face - 1] = turn(n, board.jump_map, "stay", s, face, flip)
            out[3][s, face - 1] = flippable(n, "stay", s, face)
    return out


def _flips(r, seat):
    """The seat's choices ``[my square, the opponent's square, face - 1]`` as a boolean array over squares."""
    n = r.inputs.board.size
    policy = (r.first if seat == 1 else r.second).policy
    squares = np.array(r.moves.squares)
    table = np.zeros((n + 1, n + 1, 6), dtype=bool)
    full = policy.full(len(squares)) > 0
    faces = [face - 1 for face, _ in r.moves.rolls]
    table[np.ix_(squares, squares, faces)] = full
    return table


def simulate(r, games: int, seed: int) -> tuple[int, float]:
    """Games the first wins, and the mean rounds."""
    board = r.inputs.board
    n = board.size
    stay, heads, tails, choice = _tables(board)
    flips = (_flips(r, 1), _flips(r, 2))
    rng = np.random.default_rng(seed)
    pos = np.zeros((2, games), dtype=np.int64)
    alive = np.ones(games, dtype=bool)
    first_won = 0
    rounds = np.zeros(games, dtype=np.int64)
    while alive.any():
        rounds[alive] += 1
        for seat in (0, 1):
            idx = np.flatnonzero(alive)
            mine, theirs = pos[seat, idx], pos[1 - seat, idx]
            face = rng.integers(0, 6, size=idx.size)
            flip = choice[mine, face] & flips[seat][mine, theirs, face]
            up = rng.random(idx.size) < 0.5
            new = np.where(flip, np.where(up, heads[mine, face], tails[mine, face]), stay[mine, face])
            pos[seat, idx] = new
            won = new == n
            if seat == 0:
                first_won += int(won.sum())
            alive[idx[won]] = False
    return first_won, float(rounds.mean())


def _float(value) -> float:
    return float(getattr(value, "lower", value))


def _check(r, games, seed):
    wins, rounds = simulate(r, games, seed)
    p = _float(r.first_wins)
    se = math.sqrt(p * (1 - p) / games)
    assert abs(wins / games - p) < 4.5 * se, (wins / games, p)
    assert abs(rounds - _float(r.expected_rounds)) < 0.15  # the rounds' spread is about 7: 4.5 se at 1e5
    return wins


def test_the_game_of_both_win_on_the_paper_board():
    _check(build_chain(standard()).race("win", "win", digits=12), 100_000, seed=24)


@pytest.mark.slow(reason="two million races of each pair against the exact chances")
def test_win_beats_length_in_a_large_simulation():
    games = 2_000_000
    best = build_chain().race("win", "length", digits=12)
    plain = build_chain().race("length", "length", digits=12)
    won_best, won_plain = _check(best, games, 1), _check(plain, games, 2)
    gain = (won_best - won_plain) / games
    exact_gain = _float(best.first.versus_length.gain)
    assert abs(gain - exact_gain) < 4.5 * math.sqrt(2 * 0.25 / games)
    assert plain.first_wins == build_chain().race("length", "length").first_wins and isinstance(plain.first_wins, Fraction)
