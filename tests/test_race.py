"""The race: win against brute force over every policy, the game, fixed pairs three ways, traps, the guarantee."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from limits import Board, Die, build_chain, fair
from limits.errors import BoardError, LimitsError, TooLargeError
from limits.exact.enclosure import Enclosure
from limits.game.seat_chances import seat_chances
from limits.race.certificate import ends_whatever
from limits.race.independent import independent_race, policy_chain_of
from limits.race.moves import seat_moves
from limits.race.policies import fixed_policy, policy_name
from limits.race.product import LiveSolver, Objective, RacePair
from tests import bruteforce_race as brute
from tests.strategies import boards, dice, rules, scaled

COINS = st.sampled_from([Fraction(1, 2), Fraction(1, 3), Fraction(3, 4), Fraction(1), Fraction(0)])


def _inside(value, exact: Fraction) -> bool:
    if isinstance(value, Enclosure):
        return value.lower <= exact <= value.upper
    return value == exact


def oracle(moves, policy):
    """A race policy as the oracle's function ``(mine, theirs, roll index) -> chance of flipping`` (squares)."""
    index = moves.index
    faces = {face - 1: r for r, (face, _) in enumerate(moves.rolls)}

    def flip(mine: int, theirs: int, r: int) -> Fraction:
        if r not in faces or mine not in index or theirs not in index:
            return Fraction(0)
        return policy.flip(index[mine], index[theirs], faces[r])

    return flip


@st.composite
def tiny_games(draw):
    """A board of 2..4 squares, a die of one or two faces, a rule and a coin, small enough to enumerate policies;
    boards that only the coin can win included."""
    size = draw(st.integers(2, 4))
    jumps = {}
    if size >= 3 and draw(st.booleans()):
        a = draw(st.integers(1, size - 1))
        b = draw(st.integers(0, size).filter(lambda b: b != a))
        jumps = {a: b}
    board = Board(size, jumps)
    weights = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2).filter(lambda w: sum(w) > 0))
    die = Die([Fraction(w, sum(weights)) for w in weights])
    rule, coin = draw(rules), draw(COINS)
    try:
        build_chain(board, die, rule, policy=0, coin=coin)  # the coin in hand: a board only it can win is a game
    except BoardError:
        assume(False)
    keys = brute.decisions(size, board.jump_map, rule.value, die.probabilities)
    assume(0 < len(keys) * len(brute.squares(size, board.jump_map)) <= 10)
    return board, die, rule, coin


def _brute_args(board, die, rule, coin):
    return board.size, board.jump_map, rule.value, list(die.probabilities), coin


@settings(max_examples=scaled(12))
@given(tiny_games(), st.sampled_from(["never", "length", "2", "-1"]), st.sampled_from([1, 2]))
def test_win_is_the_best_answer_to_a_fixed_policy_over_every_policy(game, opponent, seat):
    board, die, rule, coin = game
    try:
        game = build_chain(board, die, rule, policy=0, coin=coin)
        r = game.race("win", opponent) if seat == 1 else game.race(opponent, "win")
    except LimitsError:  # length has no finite minimum: no policy wins surely
        assume(False)
    other = r.second if seat == 1 else r.first
    mine = r.first if seat == 1 else r.second
    args = _brute_args(board, die, rule, coin)
    best = brute.best_against(*args, seat, oracle(r.moves, other.policy))
    value = r.first_wins if seat == 1 else r.second_wins
    assert _inside(value, best)
    pair = (oracle(r.moves, mine.policy), oracle(r.moves, other.policy))
    assert brute.chances(*args, *(pair if seat == 1 else pair[::-1]))[seat - 1] == best  # the table reaches it
    assert mine.certificate is not None and mine.certificate.decisions >= 0


@settings(max_examples=scaled(8))
@given(tiny_games())
def test_both_win_are_best_answers_to_each_other(game):
    board, die, rule, coin = game
    try:
        r = build_chain(board, die, rule, policy=0, coin=coin).race("win", "win")
    except LimitsError:
        assume(False)
    args = _brute_args(board, die, rule, coin)
    first, second = oracle(r.moves, r.first.policy), oracle(r.moves, r.second.policy)
    assert _inside(r.first_wins, brute.best_against(*args, 1, second))
    assert _inside(r.second_wins, brute.best_against(*args, 2, first))
    upper = r.first_wins.upper if isinstance(r.first_wins, Enclosure) else r.first_wins
    assert brute.shapley(*args, 40) <= upper  # value iteration rises to the value from below


def test_the_game_on_a_small_board_against_value_iteration_in_fractions():
    board, die = Board(6, {2: 5, 4: 1}), fair(2)
    r = build_chain(board, die).race("win", "win")
    lower = brute.shapley(6, {2: 5, 4: 1}, "stay", list(die.probabilities), Fraction(1, 2), 120)
    assert lower <= r.first_wins.upper and r.first_wins.lower - lower < Fraction(1, 10**6)
    assert r.first.guaranteed and r.second.guaranteed


@settings(max_examples=scaled(20))
@given(boards(max_size=12), dice(max_faces=4), rules)
def test_with_no_coin_the_race_is_the_players_game(board, die, rule):
    r = build_chain(board, die, rule).race("never", "never")
    assert r.first_wins == seat_chances(build_chain(board, die, rule), 2).exact[0]
    assert r.first_wins + r.second_wins + r.never_ends == 1


@settings(max_examples=scaled(10))
@given(boards(max_size=7), dice(max_faces=3), rules, st.sampled_from(["-1", "2", "4", "length"]),
       st.sampled_from(["never", "3", "6"]), COINS)
def test_fixed_pairs_three_ways(board, die, rule, a, b, coin):
    """Generating functions, the exact chain of both positions, and plain Fraction elimination agree."""
    moves = seat_moves(build_chain(board, die, rule, coin=coin))
    try:
        p1, p2 = fixed_policy(a, moves), fixed_policy(b, moves)
    except LimitsError:
        assume(False)
    series = independent_race(policy_chain_of(moves, p1), policy_chain_of(moves, p2))
    pair = RacePair(moves, p1, p2, moves.entry)
    assume(moves.entry < moves.size)
    solver = LiveSolver(pair)
    assert solver.exact_at(Objective(1), pair.start_state) == series.first_wins
    assert solver.exact_at(Objective(2), pair.start_state) == series.second_wins
    args = _brute_args(board, die, rule, coin)
    assert brute.chances(*args, oracle(moves, p1), oracle(moves, p2)) == (series.first_wins, series.second_wins)
    if series.expected_rounds is not None:
        assert solver.exact_at(Objective(0), pair.start_state) == series.expected_rounds


def test_certified_values_hold_the_exact_ones():
    board, die = Board(9, {2: 7, 8: 3}), fair(3)
    game = build_chain(board, die)
    certified, exact = game.race("win", "length", digits=25), game.race("win", "length", exact=True)
    assert exact.exact and not certified.exact
    for key in ("first_wins", "second_wins", "expected_rounds"):
        enclosure, value = getattr(certified, key), getattr(exact, key)
        assert enclosure.lower <= value <= enclosure.upper and enclosure.width < Fraction(1, 10**25)
    assert exact.first_wins + exact.second_wins == 1


def test_a_race_that_may_never_end():
    trap = build_chain(Board(3), Die([0, 1]))  # only a 2: from 0 to 2, where a roll is void unless tails wins
    assert trap.race("never", "never").never_ends == 1
    r = trap.race("never", "length")
    assert (r.first_wins, r.second_wins, r.never_ends, r.expected_rounds) == (0, 1, 0, Fraction(3, 2))
    r = trap.race("win", "never")  # the second is stuck on 2 for ever; the first flips there
    assert r.first_wins == 1 and r.expected_rounds is not None
    moves = r.moves
    pair = RacePair(moves, r.first.policy, fixed_policy("never", moves), moves.entry)
    assert ends_whatever(pair, 1)  # the first's flips end the race whatever the second does
    assert not ends_whatever(pair, 2)  # the second never flips: the first could stall on 2 for ever
    # with both trapped under "never", the product chain says the same as the generating functions
    both = trap.race("never", "never")
    assert both.expected_rounds is None and both.first_wins == 0


def test_a_table_of_players_who_may_be_trapped_takes_their_exact_route(monkeypatch):
    """Survival bounds are built for players who finish, never for a trapped one (whose bounds never fall below
    the width: the search for them ran to MAX_HORIZON_WORK, 10 s a race, before the exact route was taken)."""
    from limits.game.one_player import OnePlayer

    bounds = OnePlayer.__dict__["horizon"]

    def horizon(self):
        assert self.trap is None, "survival bounds of a trapped player"
        return bounds.__get__(self, OnePlayer)

    monkeypatch.setattr(OnePlayer, "horizon", property(horizon))
    board = Board(14, {3: 8, 5: 13, 10: 7, 11: 7, 12: 7})  # {7, 8, 9} traps a player who does not flip
    game = build_chain(board, fair(3), start=3, policy=0)  # only the coin leaves the trap
    t = game.race_table(("never", "length"), digits=8)
    assert t.row("never", "never").first_wins == 0 and t.row("length", "never").first_wins == 1
    assert game.race("never", "length", exact=True).second_wins == 1


def test_win_beats_length_on_the_paper_board_from_either_seat():
    r = build_chain().race("win", "win", digits=12)
    assert r.first.guaranteed and r.second.guaranteed
    for seat in r.seats:
        versus = seat.versus_length
        assert versus.gain.lower > Fraction(3, 1000)  # a few tenths of a point
        assert versus.decisions > 1000 and versus.differences
        assert seat.certificate.decisions == seat.certificate.by_margin + seat.certificate.ties + \
            seat.certificate.by_exact
    assert r.first_wins.shown(12) == "0.525391739956"
    # the game is symmetric in the mover: both seats play the same table by (my square, theirs, roll)
    assert np.array_equal(r.first.policy.choices(r.moves), r.second.policy.choices(r.moves))


def test_the_table_on_a_small_board():
    t = build_chain(Board(10, {3: 8, 9: 1}), fair(3)).race_table(("never", "length", "win"))
    assert [(row.first, row.second) for row in t.rows][:3] == [("never", "never"), ("never", "length"),
                                                                ("never", "win")]
    for b in ("never", "length", "win"):  # win answers every second policy best
        assert all(t.row("win", b).first_wins.upper >= t.row(a, b).first_wins.lower for a in ("never", "length"))
    assert repr(t).startswith("RaceTable(3 policies, 9 races") and len(repr(t)) <= 200
    assert "<table>" in t._repr_html_()
    assert t.to_dict()["table"][0]["first"] == "never"


def test_bad_input_and_work_too_large():
    with pytest.raises(LimitsError, match="unknown policy"):
        policy_name("sometimes")
    with pytest.raises(LimitsError, match="unknown policy"):
        build_chain().race("win", True)
    with pytest.raises(TooLargeError, match="MAX_RACE_STATES"):
        build_chain(Board(300)).race("win", "never")
    with pytest.raises(TooLargeError, match="MAX_EXACT_RACE_STATES"):
        build_chain(Board(120)).race("win", "never", exact=True)


def test_a_start_on_the_goal_and_the_results_show_themselves():
    r = build_chain(Board(8, {3: 8}), fair(2), start=3).race("win", "never")
    assert (r.first_wins, r.second_wins, r.expected_rounds) == (1, 0, 0)
    r = build_chain(Board(8, {3: 6, 7: 2}), fair(2)).race("win", "length")
    assert repr(r).startswith("Race(win vs length") and len(repr(r)) <= 200
    assert "certificate, seat 1" in r._repr_html_()
    data = r.to_dict()
    assert data["first"]["policy"] == "win" and data["inputs"]["board_sha256"]
    assert build_chain  # the package face's name for the game is not shadowed


def test_what_win_gains_is_measured_against_length_in_the_same_seat():
    # against a player who ignores it, the seat's chance with length in its place is an exact race of two chains
    board, die = Board(6, {2: 5, 4: 1}), fair(2)
    game = build_chain(board, die)
    first = game.race("win", "never", digits=12).first.versus_length.with_length
    second = game.race("never", "win", digits=12).second.versus_length.with_length
    assert first.lower == first.upper == game.race("length", "never").first_wins
    assert second.lower == second.upper == game.race("never", "length").second_wins
    assert first != second  # the seats differ: mixing them up would show


def test_the_certified_sums_hold_the_exact_race_of_two_different_players():
    from limits.game.one_player import OnePlayer
    from limits.race.independent import certified_race

    # two players who may finish on the same turn: that tie is the first seat's, never the second's
    board = Board(9, {2: 7, 8: 3})
    one, two = build_chain(board, fair(3)), build_chain(board, Die(["1/2", "1/4", "1/4"]))
    exact = independent_race(one, two)
    tolerance = Fraction(1, 10**12)
    found = certified_race(OnePlayer(one, tolerance=tolerance), OnePlayer(two, tolerance=tolerance))
    for key in ("first_wins", "second_wins", "expected_rounds"):
        assert _inside(getattr(found, key), getattr(exact, key)), key


def test_the_chain_of_both_positions_flips_a_biased_coin_the_right_way():
    moves = seat_moves(build_chain(Board(6, {2: 5, 4: 1}), fair(2), coin=Fraction(1, 3)))  # heads a third of the time
    p1, p2 = fixed_policy("2", moves), fixed_policy("never", moves)  # the first flips wherever it may
    series = independent_race(policy_chain_of(moves, p1), policy_chain_of(moves, p2))
    pair = RacePair(moves, p1, p2, moves.entry)
    solver = LiveSolver(pair)
    assert solver.exact_at(Objective(1), pair.start_state) == series.first_wins
    assert solver.exact_at(Objective(2), pair.start_state) == series.second_wins


@pytest.mark.parametrize(("size", "jumps", "faces"), [(5, {2: 3}, 2), (7, {5: 4}, 3), (9, {6: 8, 1: 7}, 2)])
def test_ties_of_win_are_broken_as_length_and_reported(size, jumps, faces):
    """Where both choices give a win seat the same chance to win but end differently, the seat plays as length;
    the rounds may depend on it, and the result says so."""
    from limits.race.result import TIES

    board = Board(size, jumps)
    game = build_chain(board, fair(faces))
    r = game.race("win", "win", digits=12)
    assert r.ties > 0 and r.to_dict()["ties"] == {"rule": TIES, "decisions": r.ties,
                                                  "may_depend": ["expected_rounds", "never_ends"]}
    length = r.length.choices(r.moves)
    for seat in r.seats:
        level = seat.certificate.level
        mine = seat.policy.choices(r.moves)
        assert (mine[level] == np.broadcast_to(length, mine.shape)[level]).all()
    assert game.race("win", "win", digits=12).expected_rounds == r.expected_rounds
