"""Every fixed policy of the race flips only at a decision, with the chance its rule gives the landing.

The class: a roll leaves a choice (to flip the coin or not) only where the
game's rule lets it (:func:`tests.oracle.flippable`): under ``stay`` a roll
two or more past N is void, under ``pass`` a roll that reaches N wins at
once, under ``bounce`` every roll lands (reflected off N, onto 0 on a board
of a moment). A fixed policy's table
(:func:`limits.race.policies.fixed_policy`) holds no flip anywhere else, and
at a decision the chance the paper's strategy gives the landing: the
listing's rule (:func:`tests.oracle.listing_strategy`) for ``never`` and 2..6,
the flip chance for ``-1`` (and for 1 but on the last square). Checked for
every named fixed policy, two flip chances, every rule, on games where some
rolls overshoot (and, under ``bounce``, land on 0); ``length`` flips surely or
never, and only at decisions.

Module: ``limits.race.policies``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from limits import Board, Rule, build_chain, fair
from limits.race.moves import seat_moves
from limits.race.policies import POLICIES, fixed_policy
from tests.oracle import flippable, listing_strategy, reflect

GAMES = [(Board(6, {2: 5, 4: 1}), fair(4)), (Board(3), fair(6))]
"""A ladder, a chute and a die that overshoots from the last squares; a board of a moment whose rolls reach 2N."""
FIXED = [name for name in POLICIES if name != "win"]


def _landing(size: int, rule: str, square: int, roll: int) -> int:
    return reflect(square + roll, size) if rule == "bounce" else square + roll


def _chance(name: str, size: int, jumps: dict[int, int], landing: int, flip: Fraction) -> Fraction:
    """The paper's strategy ``name`` at ``landing``, from the listing."""
    if name == "-1" or (name == "1" and landing != size):
        return flip
    return Fraction(listing_strategy(0 if name in ("never", "1") else int(name), size, jumps, landing))


@pytest.mark.parametrize("rule", [r.value for r in Rule])
@pytest.mark.parametrize("game", range(len(GAMES)))
def test_every_fixed_policy_flips_at_decisions_only_as_its_rule_says(game, rule):
    board, die = GAMES[game]
    n, jumps = board.size, board.jump_map
    moves = seat_moves(build_chain(board, die, rule))
    cells = [(i, r, s, face) for i, s in enumerate(moves.squares) for r, (face, _) in enumerate(moves.rolls)]
    void = [(s, face) for _, _, s, face in cells if not flippable(n, rule, s, face)]
    assert (void != []) == (rule != "bounce")  # rolls overshoot: void under stay and pass
    assert rule != "bounce" or game == 0 or any(_landing(n, rule, s, face) == 0 for _, _, s, face in cells)
    for flip in (Fraction(1, 2), Fraction(1, 3)):
        for name in FIXED:
            policy = fixed_policy(name, moves, flip=flip)
            assert not policy.reactive, name
            for i, r, s, face in cells:
                got = policy.flip(i, 0, r)
                if not flippable(n, rule, s, face):
                    assert got == 0, (name, s, face)
                elif name == "length":
                    assert got in (0, 1), (s, face)
                else:
                    assert got == _chance(name, n, jumps, _landing(n, rule, s, face), flip), (name, flip, s, face)
