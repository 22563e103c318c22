"""Every two-seat number the report's racing section records, read seat by seat against brute force.

The section (:mod:`limits.paper.racing`) is run on a small board in place of the paper's: the seats' chances
without a coin, each race's chances of the first and of the second, what each seat would have with ``length``
and has with ``win`` (the gains), and the game's value. Each is checked against plain Fraction elimination of
the race of the same two policies (:mod:`tests.bruteforce_race`), so a number filed under the wrong seat, or
the first seat's copied into the second's, shows: on this board the seats' chances differ everywhere.
"""

from fractions import Fraction

import pytest

import limits.model.build
from limits import Board, build_chain, fair
from limits.markup.document import Document
from limits.paper.racing import RACES, racing
from limits.paper.sections import Sheet
from tests import bruteforce_race as brute
from tests.test_race import oracle

BOARD, DIE = Board(8, {3: 6, 7: 2}), fair(2)


@pytest.fixture(scope="module")
def section():
    game = build_chain(BOARD, DIE)
    with pytest.MonkeyPatch.context() as mp:  # the section builds its game by build_chain(): this board's
        mp.setattr(limits.model.build, "build_chain", lambda: build_chain(BOARD, DIE))
        sheet = Sheet(Document("a small race"), games=100, seed=1)
        racing(sheet)
    return sheet.results["race"], {pair: game.race(*pair, digits=30) for pair in RACES}


def _holds(q: dict, value: Fraction) -> bool:
    """Whether the recorded quantity ``q`` (exact, or certified bounds) is, or holds, ``value``."""
    if q.get("exact") is not None:
        return Fraction(q["exact"]) == value
    return Fraction(q["lower"]) <= value <= Fraction(q["upper"])


def _brute(r, first, second) -> tuple[Fraction, Fraction]:
    """Both seats' chances, the first playing ``first`` and the second ``second`` (policies of the race ``r``)."""
    args = BOARD.size, BOARD.jump_map, "stay", list(DIE.probabilities), Fraction(1, 2)
    return brute.chances(*args, oracle(r.moves, first), oracle(r.moves, second))


def test_without_a_coin_each_seat_has_its_own_chance(section):
    data, _ = section
    never = lambda mine, theirs, roll: Fraction(0)  # noqa: E731 - the coin kept in hand
    args = BOARD.size, BOARD.jump_map, "stay", list(DIE.probabilities), Fraction(1, 2)
    first, second = brute.chances(*args, never, never)
    assert first != second and first + second == 1
    chances = data["seat_chances"]["win_probability"]
    assert [_holds(q, v) for q, v in zip(chances, (first, second))] == [True, True]


def test_every_race_records_each_seats_chance(section):
    data, races = section
    assert [(row["first"], row["second"]) for row in data["races"]] == list(RACES)
    for row in data["races"]:
        r = races[row["first"], row["second"]]
        first, second = _brute(r, r.first.policy, r.second.policy)
        assert first != second and first + second == 1  # this board's races end surely
        assert _holds(row["first_wins"], first) and _holds(row["second_wins"], second), row


def test_every_gain_is_the_seats_chance_with_length_and_with_win_against_the_same_opponent(section):
    data, races = section
    length = races["length", "length"].first.policy
    expected = {(1, "length"): ("win", "length"), (2, "length"): ("length", "win"), (1, "win"): ("win", "win"),
                (2, "win"): ("win", "win")}
    assert sorted((g["seat"], g["against"]) for g in data["gains"]) == sorted(expected)
    for g in data["gains"]:
        seat = g["seat"]
        r = races[expected[seat, g["against"]]]
        mine, theirs = (r.first, r.second) if seat == 1 else (r.second, r.first)
        pair = (mine.policy, theirs.policy)
        with_win = _brute(r, *(pair if seat == 1 else pair[::-1]))[seat - 1]
        pair = (length, theirs.policy)
        with_length = _brute(r, *(pair if seat == 1 else pair[::-1]))[seat - 1]
        assert _holds(g["with_win"], with_win) and _holds(g["with_length"], with_length), g
        assert _holds(g["gain"], with_win - with_length), g


def test_the_games_value_gives_each_seat_its_chance(section):
    data, races = section
    r = races["win", "win"]
    first, second = _brute(r, r.first.policy, r.second.policy)
    value = data["value"]
    assert _holds(value["first_wins"], first) and _holds(value["second_wins"], second)
    assert not _holds(value["second_wins"], first)  # the seats' chances differ: a copy would show
