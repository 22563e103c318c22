"""Collapsed chains: the Win/Loop chains of the walk at eps = 0 and their steps.

Modules: ``limits.limit.collapse_steps``.
"""

from fractions import Fraction

import pytest
import sympy
from hypothesis import assume, given
from hypothesis import strategies as st

from limits import LimitsError, empty
from limits.exact.digits import decimal
from limits.limit.collapse import NoFiniteWalkError
from limits.paper import PAPER_COLLAPSED
from limits.paper.printed import paper_approximation_limit
from tests.loaded import collapse, sigma_function
from tests.strategies import boards, rules


def test_paper_delta_5_chain():
    c = collapse(delta=5)
    printed = PAPER_COLLAPSED[5]
    assert c.rates[0][0] == printed["win_to_win"]
    assert all(row[0] == printed["loop_to_win"] for row in c.rates[1:])
    pi = c.stationary()
    assert 1 - pi[0] == printed["pi_loop"]
    assert c.paper_limit() == 16 * (1 + Fraction(77, 93) * 5)  # the paper's 82.24
    assert c.first_order_limit() == 93 == sigma_function(delta=5).laurent(1).limit


def test_paper_delta_4_chain_has_a_wrong_win_row():
    c = collapse(delta=4)
    printed = PAPER_COLLAPSED[4]
    ours, theirs = c.rates[0], printed["win_row"]
    assert [a == b for a, b in zip(ours, theirs)] == [False, True, False, True, True, True]
    assert (ours[0], ours[2]) == (Fraction(113, 155), Fraction(23, 155))
    # every loop row of the paper's figure is right
    assert c.rates[1][0] == Fraction(2, 5) and c.rates[3][0] == Fraction(19, 25)
    # the paper's proportions follow from its own row: recompute them from it
    rates = [list(theirs)] + [list(r) for r in c.rates[1:]]
    n = len(rates)
    m = sympy.Matrix(n, n, lambda i, j: sympy.Rational(rates[i][j].numerator, rates[i][j].denominator))
    a = (m.T - sympy.eye(n)).row_insert(n, sympy.ones(1, n))
    pi = list(sympy.linsolve((a, sympy.zeros(n, 1).row_insert(n, sympy.Matrix([1])))))[0]
    assert [Fraction(int(x.p), int(x.q)) for x in pi] == list(printed["pi"])
    assert c.first_order_limit() == Fraction(40634, 865) == sigma_function(delta=4).laurent(1).limit


@pytest.mark.parametrize("delta", [5, 4])
def test_open_question_constants(delta):
    """The paper's c two ways: exactly (sigma / psi - 1), and from the paper's own printed chain."""
    exact, from_paper_chain = {5: (Fraction(77, 16), "4.13978"), 4: (Fraction(13819, 26815), "0.612054")}[delta]
    c = collapse(delta=delta)
    assert c.exact_c() == exact == sigma_function(delta=delta).laurent(1).limit / c.psi - 1
    assert decimal(paper_approximation_limit(delta, c.psi) / c.psi - 1, 6) == from_paper_chain


def test_stationary_proportions_solve_pi_p_for_every_p():
    p = sympy.Symbol("p")
    for delta in (4, 5):
        c = collapse(delta=delta)
        pi = c.stationary()
        assert sum(pi) == 1
        n = len(pi)
        big = sympy.Matrix(n, n, lambda i, j: (p if i == j else 0) + (1 - p) * sympy.Rational(
            c.rates[i][j].numerator, c.rates[i][j].denominator))
        row = sympy.Matrix([[sympy.Rational(x.numerator, x.denominator) for x in pi]])
        assert sympy.simplify(row * big - row) == sympy.zeros(1, n)


def test_no_win_path():
    with pytest.raises(NoFiniteWalkError, match=r"c-loop \{53\}"):
        collapse(delta=3)


@given(boards(min_size=6, max_size=30), rules, st.integers(2, 6), st.data())
def test_first_order_limit_is_exact_on_random_boards(board, rule, faces, data):
    delta = data.draw(st.integers(1, faces))
    try:
        c = collapse(board, delta, rule=rule, faces=faces)
    except LimitsError:
        assume(False)
    assume(c.loops_left_in_one_roll())
    assert c.first_order_limit() == sigma_function(board, delta, rule=rule, faces=faces).laurent(1).limit
    pi = c.stationary()
    assert sum(pi) == 1 and all(x >= 0 for x in pi)


def test_the_picture_puts_the_states_on_a_circle_and_the_rates_beside_their_arrows():
    import math
    import xml.etree.ElementTree as ET

    ns = "{http://www.w3.org/2000/svg}"
    c = collapse(delta=4)
    root = ET.fromstring(c._repr_svg_())
    n, (cx, cy) = len(c.states), (235, 220)  # a circle of radius 130, the first state (Win) at the top, clockwise
    spots = [(int(e.get("cx")), int(e.get("cy"))) for e in root.findall(f"{ns}circle")]
    for i, (x, y) in enumerate(spots):
        angle = 2 * math.pi * i / n - math.pi / 2
        assert abs(x - cx - 130 * math.cos(angle)) <= 0.5 and abs(y - cy - 130 * math.sin(angle)) <= 0.5
    arrows = [e for e in root.findall(f"{ns}path") if e.get("marker-end")]
    pairs = [(i, j) for i in range(n) for j in range(n) if i != j and c.rates[i][j]]
    assert len(arrows) == len(pairs) and {e.get("stroke") for e in arrows} == {"#555555"}
    labels = [e for e in root.findall(f"{ns}text") if e.get("fill") == "#333333"]
    for e, label, (i, j) in zip(arrows, labels, pairs):
        words = e.get("d").split()
        (x0, y0), (x1, y1) = spots[i], spots[j]
        d = math.hypot(x1 - x0, y1 - y0)
        start, end = (int(words[1]), int(words[2])), (int(words[-2]), int(words[-1]))
        assert abs(math.dist(start, spots[i]) - 32) <= 1 and abs(math.dist(end, spots[j]) - 36) <= 1
        # the rate sits 22 pixels to the left of the arrow's direction, at its middle
        mx, my = (x0 + x1) / 2 + 22 * (y1 - y0) / d, (y0 + y1) / 2 - 22 * (x1 - x0) / d
        assert abs(int(label.get("x")) - mx) <= 1.5 and abs(int(label.get("y")) - 4 - my) <= 1.5


def test_a_loop_that_one_roll_cannot_leave_is_named():
    from limits import Board

    # with P(1) = 1 the walk circles 3 -> 4 -> 5 (a chute to 3); any other roll from 3 or 4 lands on 5..10, where
    # the walk of 1s leads back to it (through the chute 5 -> 3 or 11 -> 2)
    c = collapse(Board(24, {1: 19, 11: 2, 5: 3}), 1)
    assert not c.loops_left_in_one_roll()
    with pytest.raises(LimitsError, match=r"the loop \{3, 4\} cannot be left with one non-1 roll"):
        c.first_order_limit()


def test_a_one_state_chain_puts_its_stay_label_below_the_circle_s_centre():
    import xml.etree.ElementTree as ET

    c = collapse(empty(), delta=1)  # the walk 0, 1, ..., 100 meets no loop: Win alone, staying at rate 1
    assert c.states == ("Win",) and c.rates == ((1,),)
    ns = "{http://www.w3.org/2000/svg}"
    labels = [(e.get("x"), e.get("y")) for e in ET.fromstring(c._repr_svg_()).findall(f"{ns}text")
              if e.text == "stay 1"]
    assert labels == [("235", "260")]  # the circle's centre (235, 220), the node's radius 30 and 10 more below


def test_state_names_sit_centred_in_their_circles_and_long_ones_are_cut():
    import dataclasses
    import xml.etree.ElementTree as ET

    ns = "{http://www.w3.org/2000/svg}"
    c = collapse(delta=5)  # states Win, {6, 11}, {73, 78, 83, 88}, ...
    c = dataclasses.replace(c, states=("Win", "{6, 11, 16}") + c.states[2:])  # 11 characters: kept whole
    root = ET.fromstring(c._repr_svg_())
    spots = [(e.get("cx"), int(e.get("cy"))) for e in root.findall(f"{ns}circle")]
    names = {e.text: e for e in root.findall(f"{ns}text") if e.get("x") in {x for x, _ in spots}}
    assert {"Win", "{6, 11, 16}", "{73, 78, ...}"} <= set(names)
    for name, (x, y) in zip(("Win", "{6, 11, 16}", "{73, 78, ...}"), spots):
        e = names[name]
        assert e.get("x") == x and int(e.get("y")) == y + 4 and e.get("text-anchor") == "middle"


def test_the_summary_lists_the_rates_as_fractions():
    html = collapse(delta=5)._repr_html_()
    assert "<tr><td>{6, 11}</td><td>1/5</td><td>3/5</td><td></td><td></td><td></td><td>1/5</td></tr>" in html


@given(boards(min_size=6, max_size=30), rules, st.integers(2, 6), st.data())
def test_a_start_on_a_jump_is_collapsed_from_where_it_lands(board, rule, faces, data):
    # the game from the foot of a jump begins where the jump lands, and so does the limit walk
    from limits import Perturbation

    delta = data.draw(st.integers(1, faces))
    start = data.draw(st.sampled_from([a for a, _ in board.jumps] or [0]))
    landing = board.jump_map.get(start, start)
    family = Perturbation.loaded(board, delta, rule=rule, faces=faces, start=start)
    there = Perturbation.loaded(board, delta, rule=rule, faces=faces, start=landing)
    assume(family.trap is None)
    assert family.classify().walk_from_start == there.classify().walk_from_start
    assert family.classify().psi == there.classify().psi
    try:
        c = family.collapse()
    except LimitsError as exc:  # no finite walk, or a start already won; never an internal error
        assert family.classify().psi in (None, 0), exc
        return
    assert c.psi == there.collapse().psi
    if c.loops_left_in_one_roll():
        assert c.first_order_limit() == family.expansion(1).limit


def test_a_start_on_a_ladder_to_the_goal_has_nothing_to_collapse():
    from limits import Perturbation

    family = Perturbation.loaded(delta=1, start=80)  # the ladder 80 -> 100
    assert family.classify().psi == 0 and family.classify().walk_from_start == ()
    with pytest.raises(LimitsError, match="already won"):
        family.collapse()
    assert Perturbation.loaded(delta=1, start=51).classify().psi == 13  # 51 -> 67, then 13 turns


@given(boards(min_size=4, max_size=20), rules, st.integers(2, 6), st.data())
def test_the_first_order_limit_from_any_start(board, rule, faces, data):
    # every start, every rule: the collapsed chain's limit is the expansion's, or a LimitsError says why not
    from limits import Perturbation

    delta = data.draw(st.integers(1, faces))
    start = data.draw(st.integers(0, board.size - 1))
    family = Perturbation.loaded(board, delta, rule=rule, faces=faces, start=start)
    assume(family.trap is None)
    try:
        c = family.collapse()
    except LimitsError:
        return
    assert c.paper_c() >= 0
    if c.loops_left_in_one_roll():
        assert c.first_order_limit() == family.expansion(1).limit


def test_loops_the_win_path_never_reaches_take_no_time():
    from limits import Board, Perturbation

    # a loop {10} that only its own basin leads to: no loop time, c = 0, and the derivation says so
    family = Perturbation.loaded(Board(11, {3: 9, 4: 11}), 2, rule="bounce", faces=3)
    c = family.collapse()
    assert c.stationary() == (1, 0) and c.paper_c() == 0 and c.first_order_limit() == 2 == family.expansion(1).limit
    assert family.derive().finite  # the derivation's steps of the collapsed chain ran
    # two loops the start's walk never meets, and no roll from it leads to: the limit is psi
    family = Perturbation.loaded(Board(17, {4: 2, 14: 0, 10: 5, 9: 6}), 1, rule="pass", start=16)
    c = family.collapse()
    assert c.stationary() == (1, 0, 0) and c.first_order_limit() == 1 == family.expansion(1).limit


def test_a_loop_stuck_toward_p_0_names_the_other_die():
    from limits import Board, Perturbation

    family = Perturbation.loaded(Board(23, {15: 12, 4: 21, 9: 11, 13: 10}), 2, rule="bounce", faces=2, start=4, p_to=0)
    with pytest.raises(LimitsError, match="one roll of the other die"):  # was "one non-None roll"
        family.collapse().first_order_limit()
