import pytest
from hypothesis import given
from hypothesis import strategies as st

from limits import Rule, RuleError, standard
from limits.model.rules import as_rule, step
from tests.oracle import turn
from tests.strategies import boards, rules


def test_paper_examples():
    b = standard()
    assert step(b, Rule.STAY, 0, 1) == 38  # roll 1: ladder 1 -> 38
    assert step(b, Rule.STAY, 0, 4) == 14
    assert step(b, Rule.STAY, 96, 5) == 96  # overshoot: stay
    assert step(b, Rule.STAY, 94, 6) == 100
    assert step(b, Rule.PASS, 96, 5) == 100
    assert step(b, Rule.BOUNCE, 96, 6) == 98 - 20  # 102 -> 98, chute to 78


def test_unknown_rule():
    with pytest.raises(RuleError, match="unknown rule 'hop'"):
        as_rule("hop")
    assert as_rule("STAY") is Rule.STAY


@given(boards(), rules, st.data())
def test_step_matches_independent_turn(board, rule, data):
    square = data.draw(st.sampled_from(board.squares))
    roll = data.draw(st.integers(1, 12))
    assert step(board, rule, square, roll) == turn(board.size, board.jump_map, rule.value, square, roll)


def test_unknown_rules_list_the_known_ones():
    with pytest.raises(RuleError, match=r"\(known: stay, bounce, pass\)"):
        as_rule("hop")
