import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from limits import Board, Rule, standard
from limits.model.rules import step
from limits.paper import PAPER_CLASS_COUNTS
from tests.loaded import classify
from tests.strategies import boards, rules, scaled


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
    text = classify(delta=4).grid()
    assert "?" not in text and "100#" in text and "A:  c-loop {60}" in text


def test_bad_delta():
    from limits import DieError

    with pytest.raises(DieError):
        classify(Board(10), 7)


def _refused(board, rule, square, delta):
    """Whether the rule refuses the roll delta from ``square``: only ``stay`` does, past N."""
    return rule.value == "stay" and square + delta > board.size


@given(boards(max_size=40), rules, st.integers(1, 6))
@example(standard(), Rule.BOUNCE, 6)  # every loop a c-loop: an overshoot bounces, so it moves
@example(standard(), Rule.STAY, 6)
@example(Board(10), Rule.BOUNCE, 6)  # 7 -> 13 bounces back to 7: a loop of one square, yet a c-loop
def test_loop_kinds_against_an_independent_rule(board, rule, delta):
    # an f-loop is a square the walk stays on because its roll is refused; every other loop (through a jump, a
    # bounce, or several squares) is a c-loop
    c = classify(board, delta, rule=rule)
    for lp in c.loops:
        refused = [_refused(board, rule, s, delta) for s in lp.squares]
        assert lp.kind == ("f" if all(refused) else "c")
        assert all(refused) == any(refused)  # a refused square is a loop of its own
        for s in lp.basin:
            assert c.class_of(s) == (lp.kind, c.loops.index(lp)) and c.loop_of(s) == lp
    for s in c.win_path:
        assert c.class_of(s) == ("win", None) and c.loop_of(s) is None
    kinds = {"c": "c_loop", "f": "f_loop"}
    for kind, key in kinds.items():
        assert c.counts[key] == sum(len(lp.basin) for lp in c.loops if lp.kind == kind)
    if rule is not Rule.STAY:
        assert c.counts["f_loop"] == 0


def test_bounce_with_six_has_only_c_loops():
    c = classify(delta=6, rule="bounce")
    assert c.loops and {lp.kind for lp in c.loops} == {"c"}
    assert [lp.squares for lp in classify(Board(10), 6, rule="bounce").loops] == [(5, 9), (6, 8), (7,)]


def test_walk_from_the_start():
    five = classify(delta=5)
    assert five.walk_from_start[:4] == (0, 5, 10, 15) and five.psi == len(five.walk_from_start) == 16
    three = classify(delta=3)
    assert three.psi is None and three.walk_from_start[-1] == 53 and three.walk_from_start[0] == 0
    assert len(set(three.walk_from_start)) == len(three.walk_from_start)
    assert classify(Board(6), 6).psi == 1 and classify(Board(6), 6).walk_from_start == (0,)


@settings(max_examples=scaled(60), deadline=None)
@given(st.lists(st.integers(0, 29), min_size=1, max_size=30))
def test_the_walk_s_cycles_are_networkx_s_attracting_components(arrows):
    # the classification follows each square's arrow in plain Python; networkx's condensation is the oracle
    import networkx as nx

    from limits.limit.walk import _cycles

    n = len(arrows)
    step = {s: t % n for s, t in enumerate(arrows)}
    ends, cycles = _cycles(step)
    g = nx.DiGraph(list(step.items()))
    attracting = {tuple(sorted(c)) for c in nx.attracting_components(g)}
    assert set(cycles.values()) == attracting
    for s in step:
        reached = nx.descendants(g, s) | {s}
        assert set(cycles[ends[s]]) <= reached and ends[s] in cycles


def test_the_classification_keeps_the_family_s_rule():
    assert classify(delta=5, rule="bounce").rule is Rule.BOUNCE
