"""Every landing the package describes in words, worded relative to the goal.

The class: a roll that leaves a choice (to flip the coin or not) lands below
the goal N, on it, or, under ``stay``, one past it on N + 1; a sentence that
says where names "one past N" for N + 1 alone, and a landing on the goal is
the goal. Which of the three each rule allows is read off the oracle
(:mod:`tests.oracle`): ``stay`` all three, ``bounce`` below and on the goal
(a roll past it is reflected), ``pass`` below only (a roll that reaches N
wins at once). Each member is checked on every landing of every decision of
a game under each rule:

* the race's differences of ``win`` from ``length``
  (:class:`limits.race.compare.Difference`), whose landings are the race's
  move tables' (:func:`limits.race.moves.seat_moves`, checked against the
  oracle's);
* the coin's unbounded maximum (:class:`limits.coin.best_policy.Unbounded`):
  its reason names the landings to flip and not to flip on, and with a game's
  own unbounded maximum, the optimal policy's text and whether it flips one
  past the goal (:meth:`~limits.coin.best_policy.OptimalPolicy.flips_past_goal`).
"""

from __future__ import annotations

import pytest

from limits import Board, build_chain, fair
from tests.oracle import flippable, reflect

BOARD = Board(6, {2: 4})
DIE = fair(3)
KINDS = {"stay": {"below", "on", "one past"}, "bounce": {"below", "on"}, "pass": {"below"}}
"""Where each rule lets a roll that leaves a choice land."""


def _kind(landing: int, goal: int) -> str:
    return "below" if landing < goal else "on" if landing == goal else "one past" if landing == goal + 1 else "?"


def _worded(landing: int, goal: int) -> str:
    """The landing in words, by its own rule: ``5 (one past 4)`` one past the goal, the square itself else."""
    return f"{landing} (one past {goal})" if _kind(landing, goal) == "one past" else str(landing)


def _landings(rule: str) -> dict[tuple[int, int], int]:
    """``(square, roll) -> landing`` of every decision of the game, from the oracle: the roll's square, reflected
    off N under ``bounce``."""
    n = BOARD.size
    return {(s, roll): reflect(s + roll, n) if rule == "bounce" else s + roll
            for s in range(n) if s not in BOARD.jump_map for roll in range(1, DIE.faces + 1)
            if flippable(n, rule, s, roll)}


@pytest.mark.parametrize("rule", sorted(KINDS))
def test_the_race_lands_where_the_oracle_does_and_each_rule_allows_its_kinds(rule):
    from limits.race.moves import seat_moves

    moves = seat_moves(build_chain(BOARD, DIE, rule))
    found = {(s, face): int(moves.landing[i, r]) for i, s in enumerate(moves.squares)
             for r, (face, _) in enumerate(moves.rolls) if moves.decision[i, r]}
    assert found == _landings(rule)
    assert {_kind(x, BOARD.size) for x in found.values()} == KINDS[rule]


@pytest.mark.parametrize("rule", sorted(KINDS))
def test_every_difference_of_the_race_words_its_landing_by_its_own_rule(rule):
    from limits.race.compare import Difference

    n = BOARD.size
    for (square, roll), landing in _landings(rule).items():
        text = Difference(square, roll, landing, True, (0, 1)).text(n)
        assert text == f"on {square}, rolling {roll} (landing on {_worded(landing, n)}): win flips when the " \
                       "opponent is on 0-1", (rule, landing)


@pytest.mark.parametrize("rule", sorted(KINDS))
def test_every_unbounded_maximum_words_its_landings_by_their_own_rule(rule):
    from limits.coin.best_policy import Unbounded

    n = BOARD.size
    for landing in sorted(set(_landings(rule).values())):
        flip = Unbounded((0, 1), (landing,), (), n).reason()
        keep = Unbounded((0, 1), (), (landing,), n).reason()
        assert f"by flipping on landing on {_worded(landing, n)}: they" in flip, (rule, landing)
        assert f"by not flipping on landing on {_worded(landing, n)}: they" in keep, (rule, landing)


@pytest.mark.parametrize("rule", ["stay", "bounce"])
def test_a_game_that_can_avoid_winning_flips_on_the_goal_and_not_past_it(rule):
    """The longest game on a board of 4 squares with two faces: flipping on landing on the goal (heads lands past
    it, tails on 3) and not flipping on 3 and, under ``stay``, on 5, one past 4, a player never wins."""
    policy = build_chain(Board(4), fair(2), rule).optimal_policy(maximise=True)
    u = policy.unbounded
    assert (u.flip_on, u.keep_on) == ((4,), (3, 5) if rule == "stay" else (3,))
    assert u.reason().startswith("a player can avoid ever winning by flipping on landing on 4 and not flipping on "
                                 f"landing on {'3, 5 (one past 4)' if rule == 'stay' else '3'}: they stay among")
    assert policy.flip_squares() == (4,) and not policy.flips_past_goal()  # on the goal is not past it
    assert "one past the last square" not in policy.text(6)
