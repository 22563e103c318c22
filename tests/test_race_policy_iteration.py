"""The race's policy iteration against its definition: every greedy step switches both ways, every count is counted.

The class: a step of policy iteration keeps each choice unless the other is
better by more than the tolerance, and then takes the other one, whichever
it is (switching on to flip, or off); a best response's rounds are the
policies it evaluates, one for a start that is already a best response, and
a limit of k rounds lets a search of k rounds finish. Each is checked on
small games against :func:`tests.bruteforce_race.policy_iteration` (the
same definition in Fractions) and the oracle's values of both choices.

Members: :func:`limits.race.optimise.greedy` (from every start: all flips, none, mixed; both seats, both
senses), :func:`limits.race.optimise.best_response` (its choices, values and rounds, from several starts,
and its limit :data:`limits.race.optimise.MAX_ROUNDS`).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import limits.race.optimise as optimise
from limits import Board, Rule, build_chain, fair
from limits.errors import ConvergenceError
from limits.race.moves import seat_moves
from limits.race.optimise import TOLERANCE, best_response, greedy
from limits.race.policies import fixed_policy, table_policy
from limits.race.product import Objective
from tests import bruteforce_race as brute
from tests.test_race import oracle

GAMES = [(Board(6, {2: 5, 4: 1}), fair(2), Fraction(1, 2)), (Board(6, {2: 5, 4: 1}), fair(2), Fraction(1, 3)),
         (Board(8, {3: 6, 7: 2}), fair(3), Fraction(1, 2)), (Board(8, {3: 6, 7: 2}), fair(3), Fraction(2, 3))]


def _moves(board, die, coin, rule=Rule.STAY):
    return seat_moves(build_chain(board, die, rule, coin=coin))


def _args(board, die, coin, rule=Rule.STAY):
    return board.size, board.jump_map, rule.value, list(die.probabilities), coin


def _keys(m, choices) -> set:
    """A ``(n, n, R)`` table of choices as the brute force's set of keys ``(mine, theirs, roll index)`` that flip."""
    return {(m.squares[i], m.squares[j], m.rolls[r][0] - 1) for i, j, r in zip(*np.nonzero(choices))}


def _as_dict(m, values) -> dict:
    sq = m.squares
    return {(t, sq[a], sq[b]): Fraction(float(values[t, a, b]))
            for t in (0, 1) for a in range(m.size) for b in range(m.size)}


@pytest.mark.parametrize("game", range(len(GAMES)))
@pytest.mark.parametrize(("seat", "sign", "objective"), [(1, 1, 1), (2, 1, 2), (2, -1, 1), (1, -1, 2)])
def test_a_greedy_step_switches_on_and_off_where_the_other_choice_is_better(game, seat, sign, objective):
    """From every start (all flips, no flip, a mixed table), on random values: the step flips where flipping is
    better by more than the tolerance, does not where not flipping is, keeps the start elsewhere, and leaves
    no choice where the roll gives none."""
    board, die, coin = GAMES[game]
    m, args = _moves(board, die, coin), _args(board, die, coin)
    rng = np.random.default_rng(game)
    values = rng.random((2, m.size, m.size))
    values[:, 0, :] = values[:, :, 0] = 0.5  # ties: with the other on index 0, every end but a win is worth 0.5
    v, payoffs = _as_dict(m, values), Objective(objective).payoffs
    shape = (m.size, m.size, len(m.rolls))
    on = off = kept = 0
    for start in (np.ones(shape, bool), np.zeros(shape, bool), rng.random(shape) < 0.5):
        got = greedy(m, values, seat, Objective(objective), sign, start)
        for i, j, r in np.ndindex(shape):
            mine, theirs, face = m.squares[i], m.squares[j], m.rolls[r][0]
            if not m.decision[i, r]:
                assert not got[i, j, r]
                continue
            gain = sign * (brute.choice_value(*args[:3], coin, v, payoffs, seat, mine, theirs, face, 1)
                           - brute.choice_value(*args[:3], coin, v, payoffs, seat, mine, theirs, face, 0))
            want = True if gain > TOLERANCE else False if gain < -TOLERANCE else start[i, j, r]
            assert got[i, j, r] == want, (start[i, j, r], float(gain))
            on += bool(want and not start[i, j, r])
            off += bool(start[i, j, r] and not want)
            kept += gain == 0
    assert on and off and kept, "the games never switch a choice both ways, or never tie"


@pytest.mark.parametrize("game", range(len(GAMES)))
@pytest.mark.parametrize("seat", [1, 2])
@pytest.mark.parametrize(("other", "initial"), [("never", "never"), ("length", "length"), ("1", "2")])
def test_a_best_response_is_policy_iteration_and_counts_its_rounds(game, seat, other, initial, monkeypatch):
    """From a start's choices and values (0 everywhere: the first step sees only the wins at once), the
    choices, values and rounds of :func:`best_response` are those of policy iteration in Fractions; started
    again from its answer it takes one round; and with the limit of rounds set to the rounds it took, it
    still finishes, and one fewer is refused."""
    board, die, coin = GAMES[game]
    m, args = _moves(board, die, coin), _args(board, die, coin)
    opponent, start = fixed_policy(other, m), fixed_policy(initial, m)
    zero = np.zeros((2, m.size, m.size))
    policy, values, rounds = best_response(m, seat, opponent, m.entry, start, values=zero.copy())
    choices, exact, count = brute.policy_iteration(*args, seat, oracle(m, opponent), _keys(m, start.choices(m)),
                                                   _as_dict(m, zero))
    assert _keys(m, policy.choices(m)) == choices
    assert rounds == count
    for (t, a, b), value in exact.items():
        assert values[t, m.index[a], m.index[b]] == pytest.approx(float(value), abs=1e-12)
    again = best_response(m, seat, opponent, m.entry, table_policy("win", policy.choices(m)), values=values)
    assert again[2] == 1 and np.array_equal(again[0].choices(m), policy.choices(m))
    monkeypatch.setattr(optimise, "MAX_ROUNDS", rounds)
    assert best_response(m, seat, opponent, m.entry, start, values=zero.copy())[2] == rounds
    monkeypatch.setattr(optimise, "MAX_ROUNDS", rounds - 1)
    with pytest.raises(ConvergenceError, match="rounds"):
        best_response(m, seat, opponent, m.entry, start, values=zero.copy())


def test_the_starts_above_take_more_than_one_round():
    """The class needs searches that switch: some best response of the test above takes two rounds or more."""
    board, die, coin = GAMES[1]
    m = _moves(board, die, coin)
    zero = np.zeros((2, m.size, m.size))
    never = fixed_policy("never", m)
    assert best_response(m, 1, never, m.entry, never, values=zero)[2] >= 2
