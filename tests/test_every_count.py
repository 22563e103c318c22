"""Every count a report gives, against its definition computed independently.

The class: a report counts things (the levels of a hierarchy, the decisions
where two policies part), and a count off by one (the chain itself counted as
a level) or over the wrong set (the strict differences counted again among the
ties) is a plausible number that nothing else in the report contradicts. Each
member is checked against its written definition, computed without the code
that counts:

* the depth of a hierarchy (:mod:`limits.limit.hierarchy`), "the number of
  levels above the chain": a state of level k holds the game for a time of
  order eps^-k, so the depth is the largest order of sigma over every start,
  read off the whole chain's rational function (not the reduction); and every
  other count of its levels (their numbers 1, 2, ..., their data, the tables
  of its document, its repr) is that depth. Families of depth 0, 1, 2 and 3;
* the comparison of ``win`` with ``length`` in a race
  (:mod:`limits.race.compare`): ``decisions`` counts the ``(my square, the
  opponent's, roll)`` where the two choose differently and ``win``'s choice is
  strictly better, ``ties`` those where they choose differently and the two
  choices are worth the same, both by the exact values of the race's brute
  force (:mod:`tests.bruteforce_race`), and the differences list is the strict
  ones by square and roll. Ties are rare in a race (``win`` is broken as
  ``length`` where its choices end differently), so a ``win`` policy that
  flips where every choice ends alike is built to make them.

Modules: limits/limit/hierarchy.py, limits/race/compare.py
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from limits import Board, Perturbation, build_chain, fair
from tests import bruteforce_race as brute
from tests.oracle import ends, squares

# ---- the hierarchy's levels ---------------------------------------------------------------------------------

DEPTHS = [(Board(7), 3, 1, "bounce"), (Board(12, {11: 6, 4: 1, 8: 0}), 3, 2, "pass"),
          (Board(9, {5: 2, 8: 2, 3: 4}), 4, 1, "bounce"), (Board(16, {8: 0, 11: 0, 14: 7}), 4, 1, "stay")]
"""Loaded families (board, faces, delta, rule) whose hierarchies are 0, 1, 2 and 3 levels deep."""


def _time_scales(board: Board, faces: int, delta: int, rule: str) -> int:
    """The largest order of sigma over every start, from the whole chain's rational function."""
    return max(Perturbation.loaded(board, delta, faces=faces, rule=rule, start=s).exact_expansion(1).order
               for s in range(board.size))


def test_the_families_have_every_depth_from_0_to_3():
    assert [_time_scales(*family) for family in DEPTHS] == [0, 1, 2, 3]


@pytest.mark.parametrize("board, faces, delta, rule", DEPTHS, ids=[f"depth{i}" for i in range(len(DEPTHS))])
def test_every_count_of_levels_is_the_number_of_time_scales_above_the_chain(board, faces, delta, rule):
    from limits.limit.hierarchy import hierarchy

    h = hierarchy(Perturbation.loaded(board, delta, faces=faces, rule=rule))
    depth = _time_scales(board, faces, delta, rule)
    assert h.depth == depth and [lv.depth for lv in h.levels] == list(range(1, depth + 1))
    assert len(h.to_dict()["levels"]) == depth and h._repr_latex_().count("Level ") == depth
    assert f": {'no levels' if depth == 0 else '1 level' if depth == 1 else f'{depth} levels'};" in repr(h)
    assert depth == 0 or h.levels[-1].closed == ()  # the top level has no closed class: no level above it


# ---- the race's comparison of win with length ---------------------------------------------------------------

COIN = Fraction(1, 2)
RACES = [(Board(8, {3: 6, 7: 2}), fair(2), "stay"), (Board(7, {2: 6, 5: 1}), fair(3), "stay"),
         (Board(6, {4: 1}), fair(2), "bounce"), (Board(6, {1: 4}), fair(3), "pass")]
"""Races where ``win`` parts from ``length``, under every rule."""
ALIKE = (Board(7, {2: 5, 3: 5, 4: 5}), fair(2), "stay")
"""A race where every choice on landing on 3 ends on 5."""


def _as_squares(moves, policy):
    """A race policy as ``(my square, theirs, roll index) -> chance of flipping``, the brute force's form."""
    faces = {face - 1: r for r, (face, _) in enumerate(moves.rolls)}
    return lambda mine, theirs, r: policy.flip(moves.index[mine], moves.index[theirs], faces[r])


def _parting(board: Board, die, rule: str, moves, first, second, seat: int):
    """``(strict, tied)``: the decisions ``(mine, theirs, roll index)`` where the seat's policy (of ``first``,
    ``second``) chooses otherwise than ``length``, its choice worth more, and worth the same, by the exact chance
    of the seat to win of the brute force."""
    from limits.race.policies import fixed_policy

    args = board.size, board.jump_map, rule, list(die.probabilities)
    pair = _as_squares(moves, first), _as_squares(moves, second)
    values = brute.evaluate(brute.race_rows(*args, COIN, *pair), lambda w1, w2, _: w1 if seat == 1 else w2)
    length, mine = _as_squares(moves, fixed_policy("length", moves)), pair[seat - 1]
    payoffs = (int(seat == 1), int(seat == 2))
    strict, tied = set(), set()
    for square, r in brute.decisions(*args):
        for theirs in squares(board.size, board.jump_map):
            chosen, other = mine(square, theirs, r), length(square, theirs, r)
            if chosen != other:
                worth = [brute.choice_value(*args[:3], COIN, values, payoffs, seat, square, theirs, r + 1, flip)
                         for flip in (chosen, other)]
                assert worth[0] >= worth[1], "a certified choice worse than length's"
                (strict if worth[0] > worth[1] else tied).add((square, theirs, r))
    return strict, tied


def _check(versus, strict: set, tied: set, moves) -> None:
    assert (versus.decisions, versus.ties) == (len(strict), len(tied))
    by_roll: dict[tuple[int, int], list[int]] = {}
    for square, theirs, r in sorted(strict):
        by_roll.setdefault((square, r + 1), []).append(theirs)  # the roll index r is the face r + 1
    assert {(d.square, d.roll): list(d.opponents) for d in versus.differences} == by_roll


@pytest.mark.parametrize("board, die, rule", RACES, ids=[f"race{i}" for i in range(len(RACES))])
def test_a_races_counts_of_where_win_parts_from_length_are_their_definitions(board, die, rule):
    parted = 0
    for first, second in (("win", "length"), ("never", "win"), ("win", "win")):
        r = build_chain(board, die, rule).race(first, second)
        for seat in r.seats:
            if seat.versus_length is not None:
                strict, tied = _parting(board, die, rule, r.moves, r.first.policy, r.second.policy, seat.seat)
                _check(seat.versus_length, strict, tied, r.moves)
                parted += len(strict)
    assert parted


def test_a_win_policy_that_flips_where_every_choice_ends_alike_counts_those_as_ties():
    """On landing on 3 of a board whose 2, 3 and 4 lead to 5, flipping or not ends alike: a ``win`` policy made to
    flip there (``length`` does not) parts from ``length`` with a tie at each such decision."""
    from limits.race.certificate import certify
    from limits.race.compare import differences
    from limits.race.policies import fixed_policy, table_policy
    from limits.race.product import RacePair

    board, die, rule = ALIKE
    r = build_chain(board, die, rule).race("win", "length")
    moves = r.moves
    choices = r.first.policy.choices(moves).copy()
    alike = set()  # (square, roll index) where flipping and not flipping end alike
    for r_index, (face, _) in enumerate(moves.rolls):
        for square in moves.squares:
            if moves.decision[moves.index[square], r_index] and \
                    ends(board.size, board.jump_map, rule, square, face, COIN, 1) == \
                    ends(board.size, board.jump_map, rule, square, face):
                choices[moves.index[square], :, r_index] = True
                alike.add((square, face - 1))
    assert alike
    pair = RacePair(moves, table_policy("win", choices), r.second.policy, moves.entry)
    certified, certificates, _ = certify(pair, (1,))
    assert certified is pair  # ties: nothing to switch
    length = fixed_policy("length", moves)
    diffs, strict_count, tie_count = differences(moves, pair.first, length, certificates[1])
    strict, tied = _parting(board, die, rule, moves, pair.first, pair.second, 1)
    assert tied and {(square, r_index) for square, _, r_index in tied} <= alike
    assert (strict_count, tie_count) == (len(strict), len(tied))
    assert sum(len(d.opponents) for d in diffs) == strict_count
