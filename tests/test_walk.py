import pytest
from hypothesis import given
from hypothesis import strategies as st

from limits import Board
from limits.display.grids import board_grid
from limits.limit.walk import classify
from limits.model.rules import step
from limits.paper import PAPER_CLASS_COUNTS
from tests.strategies import boards, rules


def _brute(board, rule, delta):
    """Follow the walk square by square; return ('win', None) or ('loop', frozenset of its squares)."""
    out = {}
    for start in range(board.size):
        s = board.land(start)
        seen = []
        while s != board.size and s not in seen:
            seen.append(s)
            s = step(board, rule, s, delta)
        out[start] = ("win", None) if s == board.size else ("loop", frozenset(seen[seen.index(s):]))
    return out


@given(boards(max_size=40), rules, st.integers(1, 6))
def test_classification_against_a_brute_force_walk(board, rule, delta):
    c = classify(board, delta, rule=rule)
    ref = _brute(board, rule, delta)
    assert sum(c.counts.values()) == board.size
    assert set(c.win_path) == {s for s, (kind, _) in ref.items() if kind == "win"}
    seen: set[int] = set(c.win_path)
    for lp in c.loops:
        basin = set(lp.basin)
        assert not basin & seen  # the partition is disjoint
        seen |= basin
        assert {s for s, (kind, loop) in ref.items() if loop == frozenset(lp.squares)} == basin
        # a loop is closed under the delta-step
        assert {step(board, rule, s, delta) for s in lp.squares} == set(lp.squares)
    assert seen == set(range(board.size))  # and complete


def test_paper_table_of_classifications():
    for delta, counts in PAPER_CLASS_COUNTS.items():
        ours = classify(delta=delta).counts
        if delta == 4:
            # the paper prints 34 c-loop squares for delta = 4, so its row sums to 110;
            # 24 is right: 100 squares - 74 win - 2 f-loop
            assert ours == {"c_loop": 24, "f_loop": 2, "win": 74} and sum(counts.values()) == 110
        else:
            assert ours == counts


def test_paper_examples():
    assert classify(delta=6).win_path == (68, 70, 74, 76, 80, 82, 88, 94)
    three = classify(delta=3)
    assert [lp.squares for lp in three.loops] == [(53,), (99,)] and len(three.loops[0].on_ramp) == 77
    five = classify(delta=5)
    loop = five.loop_of(93)
    assert loop is not None and loop.squares == (73, 78, 83, 88) and {93, 98} <= set(loop.on_ramp)
    one = classify(delta=1)
    assert one.loop_of(52).squares == (53, 54, 55) and one.loop_of(56).squares == (53, 54, 55)
    assert (classify(delta=5).psi, classify(delta=4).psi) == (16, 31)


def test_grid_marks_every_square():
    text = board_grid(classify(delta=4))
    assert "?" not in text and "100#" in text and "A:  c-loop {60}" in text


def test_bad_delta():
    from limits import DieError

    with pytest.raises(DieError):
        classify(Board(10), 7)
