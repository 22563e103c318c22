"""Exact seat chances: the published two-player fraction, two routes against each other, brute force."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from limits import Board, Die, build_chain, fair
from limits.exact.digits import decimal, digit_count
from limits.game.one_player import OnePlayer
from limits.game.players import Party
from limits.game.seat_chances import EXACT_UP_TO, seat_chances
from tests.bruteforce import pmf
from tests.multiset_oracle import multiset_seat_chances
from tests.oracle import gauss_solve, transitions
from tests.strategies import boards, dice, rules, scaled

PUBLISHED = "0.50780277346091397787392387841954080716542767187942"
"""The first 50 places of the first player's chance on the paper's board, as published with its fraction of
4,453 digits over 4,453."""


def test_the_published_fraction_of_two_players():
    first, second = seat_chances(build_chain(), 2).exact
    assert decimal(first, 50) == PUBLISHED
    assert digit_count(first.numerator) == digit_count(first.denominator) == 4453  # Fraction keeps lowest terms
    assert first + second == 1


def _brute_two(board, die, rule):
    """P(seat 1 wins) from the ordered joint chain, by plain Fraction elimination (no library code)."""
    tr = transitions(board.size, board.jump_map, getattr(rule, "value", rule), die.probabilities)
    n = board.size
    states = [(a, b) for a in tr for b in tr]
    pos = {s: i for i, s in enumerate(states)}
    a = [[Fraction(int(i == j)) for j in range(len(states))] for i in range(len(states))]
    win = [Fraction(0)] * len(states)
    for (x, y), i in pos.items():
        for tx, px in tr[x].items():
            if tx == n:
                win[i] += px
                continue
            for ty, py in tr[y].items():
                if ty != n:
                    a[i][pos[(tx, ty)]] -= px * py
    start = board.land(0)
    return Fraction(1) if start == n else gauss_solve(a, win)[pos[(start, start)]]


@settings(max_examples=scaled(25))
@given(boards(max_size=8), dice(max_faces=3), rules)
def test_two_players_against_brute_force(board, die, rule):
    chances = seat_chances(build_chain(board, die, rule), 2)
    assert chances.route == "series"
    assert chances.exact[0] == _brute_two(board, die, rule)
    assert sum(chances.exact) == 1


@settings(max_examples=scaled(15))
@given(boards(max_size=12), dice(max_faces=4), rules)
def test_the_two_routes_agree(board, die, rule):
    chain = build_chain(board, die, rule)
    assert multiset_seat_chances(chain, 2) == seat_chances(chain, 2).exact


@pytest.mark.parametrize("k", [3, 4])
def test_more_players_get_certified_digits_that_hold_the_exact_chances_of_the_oracle(k):
    chain = build_chain(Board(6, {2: 5}), fair(3))
    seats = seat_chances(chain, k)
    assert seats.exact is None and seats.route is None and seats.reason == EXACT_UP_TO
    exact = multiset_seat_chances(chain, k)
    assert sum(exact) == 1 and list(exact) == sorted(exact, reverse=True)  # an earlier seat has the edge
    certified = Party(OnePlayer(chain), k).win_probability(seats)
    assert all(c.lower <= x <= c.upper and not c.is_exact for c, x in zip(certified, exact))


def test_the_paper_board_with_three_players_says_why_not():
    three = seat_chances(build_chain(), 3)
    assert three.exact is None and three.reason == "exact chances are found for up to two players"
    seats = Party(OnePlayer(build_chain()), 3).win_probability(three)
    assert all(not w.is_exact and w.certain_digits() >= 25 for w in seats)


def test_the_passage_series_of_a_game_already_won_is_one():
    from limits.game.passage_series import passage_series

    for start in (100, 80):  # the goal, and the ladder 80 -> 100
        law = passage_series(build_chain(), start)
        assert law.terms(3) == [1, 0, 0] and law.at_one() == 1


def test_traps_and_a_start_on_the_goal():
    assert seat_chances(build_chain(), 2, start=100).exact == (1, 0)
    trapped = build_chain(Board(13, {3: 4}), Die([0, 0, Fraction(1, 2), 0, 0, Fraction(1, 2)]), "stay")
    assert trapped.traps
    first, second = seat_chances(trapped, 2).exact
    ends = 1 - (1 - seat_chances(trapped, 1).exact[0]) ** 2
    assert 0 < second < first and first + second == ends < 1
    law = pmf(13, {3: 4}, "stay", [0, 0, Fraction(1, 2), 0, 0, Fraction(1, 2)], 0, 120)  # brute force
    partial = sum(f * (1 - sum(law[:t])) for t, f in enumerate(law))  # sum_t f(t) P(T >= t), cut at 120 turns
    assert 0 <= first - partial < Fraction(1, 10**15)
    assert seat_chances(trapped, 3).reason == "a loop can trap a player"


@settings(max_examples=scaled(20))
@given(boards(max_size=8), dice(max_faces=3), rules, st.integers(1, 4))
def test_seat_chances_of_k_players_sum_to_one_and_fall_by_seat(board, die, rule, k):
    chain = build_chain(board, die, rule)  # every game can end on these boards: someone wins surely
    exact = seat_chances(chain, k).exact if k <= 2 else multiset_seat_chances(chain, k)
    assert len(exact) == k and sum(exact) == 1
    assert all(x >= y >= 0 for x, y in zip(exact, exact[1:]))  # an earlier seat never does worse
    if k == 2:
        one = seat_chances(chain, 1).exact
        assert one == (1,) and exact[0] >= Fraction(1, 2)


@pytest.mark.parametrize("k", [3, 4])
def test_more_players_against_the_law_of_one_player_by_brute_force(k):
    """Seat j wins in round t when it finishes then, the seats before it have not finished by the end of round
    t and those after it not before round t: with f the law of one player's finishing turn (pushed forward in
    Fractions, no library code), P(seat j) = sum_t f(t) P(T > t)^(j - 1) P(T >= t)^(k - j), cut at 300
    turns, within the mass left."""
    board, die = Board(12, {3: 9, 10: 2}), fair(4)
    exact = multiset_seat_chances(build_chain(board, die), k)
    law = pmf(12, {3: 9, 10: 2}, "stay", list(die.probabilities), 0, 300)
    left = 1 - sum(law)
    assert 0 <= left < Fraction(1, 10**12)
    for j in range(1, k + 1):
        partial, done = Fraction(0), Fraction(0)
        for f in law:
            partial += f * (1 - done - f) ** (j - 1) * (1 - done) ** (k - j)
            done += f
        assert 0 <= exact[j - 1] - partial <= k * left
