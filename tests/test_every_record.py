"""Every input an answer records reads back the value it was given; every note of what may depend on a tie is
there exactly when a tie was broken.

The class: an answer records its inputs so that it can be computed again, and
two inputs of one type side by side (the coin's chance of heads and the chance
of flipping, both probabilities) can be crossed without any number changing;
each is given a value of its own here, so a swap shows. A race's ``ties``
says which of its quantities may depend on the tie rule: nothing when no
decision tied.

Modules: limits/race/result.py, limits/race/race.py
"""

import pytest

from limits import Board, build_chain, fair
from limits.race.result import TIES

GAMES = [(Board(30, {3: 14, 20: 7}), 3), (Board(30, {3: 14, 20: 7}), 6), (Board(20, {3: 9, 15: 2}), 6)]


@pytest.mark.parametrize(("board", "faces"), GAMES)
@pytest.mark.parametrize(("first", "second"), [("win", "win"), ("win", "length"), ("length", "never")])
def test_a_race_records_each_input_apart_and_its_ties_exactly(board, faces, first, second):
    chain = build_chain(board, fair(faces), rule="bounce", coin="1/3", start=2)
    race = chain.race(first, second, flip="1/4", digits=8)
    data = race.to_dict()
    assert {k: data["inputs"][k] for k in ("board", "size", "die", "rule", "coin", "flip", "start")} == {
        "board": board.name, "size": board.size, "die": [f"1/{faces}"] * faces, "rule": "bounce", "coin": "1/3",
        "flip": "1/4", "start": 2}
    assert data["ties"] == {"rule": TIES, "decisions": race.ties,
                            "may_depend": ["expected_rounds", "never_ends"] if race.ties else []}


def test_both_kinds_of_race_are_met():  # the class above meets races with ties and races without
    chain = build_chain(GAMES[1][0], fair(6), rule="bounce", coin="1/3", start=2)
    assert chain.race("win", "win", flip="1/4", digits=8).ties > 0
    assert chain.race("length", "never", flip="1/4", digits=8).ties == 0
