from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from limits import Board, Die, InfiniteExpectationError, LimitsError, build_chain, fair, weighted
from limits.game.one_player import OnePlayer
from limits.game.players import Party, players
from tests.oracle import gauss_solve, transitions
from tests.strategies import boards, dice


def _two_player_exact(board, die, rule="stay"):
    """Expected rounds and seat 1's win probability from the joint chain (brute force)."""
    tr = transitions(board.size, board.jump_map, rule, die.probabilities)
    n = board.size
    states = [(a, b) for a in tr for b in tr]
    pos = {s: i for i, s in enumerate(states)}
    size = len(states)
    a = [[Fraction(int(i == j)) for j in range(size)] for i in range(size)]
    b_rounds = [Fraction(1)] * size
    b_win = [Fraction(0)] * size
    for (x, y), i in pos.items():
        for tx, px in tr[x].items():
            if tx == n:
                b_win[i] += px  # seat 1 finishes first in this round
                continue
            for ty, py in tr[y].items():
                if ty != n:
                    a[i][pos[(tx, ty)]] -= px * py
    rounds = gauss_solve(a, b_rounds)
    win = gauss_solve(a, b_win)
    return rounds[pos[(0, 0)]], win[pos[(0, 0)]]


@given(boards(max_size=9), dice(max_faces=3))
def test_two_players_enclose_the_joint_chain(board, die):
    c = build_chain(board, die)
    rounds, win1 = _two_player_exact(board, die)
    r = players(c, 2)
    assert r.expected_rounds.lower <= rounds <= r.expected_rounds.upper
    assert r.win_probability[0].lower <= win1 <= r.win_probability[0].upper
    assert r.expected_rounds.width <= Fraction(1, 10**30)


@pytest.mark.parametrize("k", [1, 2, 3, 5, 8])
def test_win_probabilities_sum_to_one(k):
    r = players(build_chain(), k)
    lo = sum(w.lower for w in r.win_probability)
    hi = sum(w.upper for w in r.win_probability)
    assert lo <= 1 <= hi
    assert hi - lo < Fraction(1, 10**20)
    # the first seat has the edge
    assert all(a.lower > b.upper for a, b in zip(r.win_probability, r.win_probability[1:]))


def test_one_player_is_exact():
    c = build_chain()
    r = players(c, 1)
    assert r.expected_rounds.is_exact and r.expected_rounds.lower == c.expected_duration()


STREAMED = [(Board(6, {4: 0}), fair(2)), (Board(6, {4: 0}), Die(["1/10", "9/10"])), (Board(5), Die(["1/10", "9/10"])),
            (Board(7, {5: 0, 2: 6}), Die(["1/12", "2/12", "9/12"]))]
"""Games whose mass comes back to square 0 (a chute onto it), and dice whose weights over their common denominator
are heavy (past ``REPEAT``) on some moves and light on others, so that some squares receive heavy weights and
others none."""


def _direct_law(board, die, rule: str, turns: int) -> tuple[list[dict[int, Fraction]], list[Fraction]]:
    """The mass on each square after 0..turns turns from square 0, and the chance to finish on each turn, pushed
    forward in Fractions on the oracle's rules (not the package's)."""
    moves = transitions(board.size, board.jump_map, rule, die.probabilities)
    law, finished = [{0: Fraction(1)}], [Fraction(0)]
    for _ in range(turns):
        new: dict[int, Fraction] = {}
        for square, mass in law[-1].items():
            for end, p in moves[square].items():
                new[end] = new.get(end, Fraction(0)) + mass * p
        finished.append(new.pop(board.size, Fraction(0)))
        law.append(new)
    return law, finished


@pytest.mark.parametrize("rule", ["stay", "bounce", "pass"])
def test_the_streamed_games_send_mass_back_to_square_0_and_weigh_only_some_squares_heavily(rule):
    from limits.game.distribution import REPEAT, integer_rows

    back, heavy = [], []
    for board, die in STREAMED:
        moves = transitions(board.size, board.jump_map, rule, die.probabilities)
        back.append(any(0 in moves[s] for s in moves if s))
        _, rows = integer_rows(build_chain(board, die, rule))
        heavy.append(len({j for row in rows for j, w in row if j >= 0 and w > REPEAT}) / len(rows))
    assert back == [True, True, False, True] and heavy[0] == 0 and all(0 < x < 1 for x in heavy[1:])


@pytest.mark.parametrize("rule", ["stay", "bounce", "pass"])
@pytest.mark.parametrize("board, die", STREAMED, ids=[f"game{i}" for i in range(len(STREAMED))])
def test_every_stream_of_one_players_mass_is_the_law_pushed_forward_turn_by_turn(board, die, rule):
    """The class: every stream of one player's mass turn by turn (the integer vectors and sums of
    :func:`limits.game.distribution.mass_vectors`, the exact survival and pmf read from them, a player's numerators, and the
    survival bounds in blocks of turns) conserves it: at every turn the mass on each square and the
    mass still alive are the law pushed forward directly, so that what is alive and what has finished add up to 1."""
    from limits.game.distribution import integer_rows, mass_vectors

    chain = build_chain(board, die, rule)
    den = integer_rows(chain)[0]
    turns = 25
    law, finished = _direct_law(board, die, rule, turns)
    alive = [sum(m.values(), Fraction(0)) for m in law]
    assert all(alive[t] + sum(finished[:t + 1]) == 1 for t in range(turns + 1))
    for t, (vec, scale) in zip(range(turns + 1), mass_vectors(chain, 0)):
        assert {s: Fraction(v, scale) for s, v in zip(chain.states, vec) if v} == law[t], t
        assert (Fraction(sum(vec), scale), scale) == (alive[t], den**t), t
    assert chain.survival(turns) == alive and chain.pmf(turns) == finished
    assert [Fraction(a, den**t) for t, a in enumerate(OnePlayer(chain).numerators(turns))] == alive
    h = OnePlayer(chain, tolerance=Fraction(1, 10**6)).horizon
    for t, s in enumerate(alive[:len(h)]):
        assert h.lower[t] <= s * h.scale <= h.upper[t], t


def test_rounds_survival_is_a_power():
    c = build_chain()
    s = c.survival(40)
    assert [Party(OnePlayer(c), 3).rounds.survival(t) for t in range(41)] == [x**3 for x in s]


def test_errors():
    c = build_chain()
    for k in (0, 9, 1.5):
        with pytest.raises(LimitsError):
            players(c, k)
    with pytest.raises(InfiniteExpectationError, match="rounds"):
        players(build_chain(die=weighted(3, 1)), 2)


def test_tables_and_survival_from_another_start():
    from limits import Board, fair
    from limits.game.distribution import min_turns
    from limits.game.players import players_table

    chain = build_chain(Board(6, {2: 5, 4: 1}), fair(3))
    assert (min_turns(chain, 0), min_turns(chain, 3)) == (2, 1)
    one, two = players_table(chain, (1, 2), start=3)
    assert one.spins.fewest == two.spins.fewest == two.rounds.fewest == 1
    rounds = [[Party(OnePlayer(chain, start), 2).rounds.survival(t) for t in range(5)] for start in (3, 0)]
    assert rounds[0] == [s**2 for s in chain.survival(4, 3)] and rounds[0] != rounds[1]
    assert Party(OnePlayer(chain, 3), 2).seat_chances().exact == (Fraction(3807, 6490), Fraction(2683, 6490))
    assert two.seats.exact == (Fraction(3807, 6490), Fraction(2683, 6490))  # from 3, and solved by default
    assert players_table(chain, (2,))[0].seats.exact == (Fraction(741, 1298), Fraction(557, 1298))  # from 0
    assert players_table(chain, (2,), exact_seats=False)[0].seats.exact is None
    row = two.to_dict()
    assert set(row) == {"players", "spins", "rounds", "win_probability", "win_probability_method",
                        "longer_than_one_player_fewer", "trap"}
    assert set(row["spins"]) == {"unit", "mean", "variance", "fewest", "median", "quantiles"}
    assert row["spins"]["mean"] == two.spins.mean and len(row["win_probability"]) == 2


def test_jupyter_shows_who_plays_and_each_seat():
    from limits import Board, fair
    from limits.game.one_player import OnePlayer
    from limits.game.players import Party

    chain = build_chain(Board(6, {2: 5, 4: 1}), fair(3))
    rows = [("board", chain.board.summary()), ("die", chain.die.summary()), ("rule", "stay"),
            ("every player starts on", "0")]
    table = "".join(f"<tr><th>{a}</th><td>{b}</td></tr>" for a, b in rows)
    assert Party(OnePlayer(chain), 3)._repr_html_() == ('<div class="limits-summary"><p><strong>3 players</strong>'
                                                        f"</p><table>{table}</table></div>")
    page = players(chain, 2)._repr_html_()
    assert "<strong>A game of 2 players</strong>" in page and "<th>expected rounds</th><td>3.32764252696</td>" in page
    assert ("<th>seat 1 wins</th><td>0.570878274268 (exactly 741/1298)</td></tr><tr><th>seat 2 wins</th>"
            "<td>0.429121725732 (exactly 557/1298)</td>") in page


def test_the_repr_of_a_result_shows_twelve_digits_as_jupyter_does():
    from limits import Board, fair

    result = players(build_chain(Board(6, {2: 5, 4: 1}), fair(3)), 2)
    assert repr(result) == ("PlayersResult(2 players: 3.32764252696 expected rounds; seats win 0.570878274268, "
                            "0.429121725732)")


def test_the_rounds_checked_are_those_of_the_horizon():
    from limits import Board, fair
    from limits.game.one_player import OnePlayer
    from limits.game.players import TOLERANCE

    chain = build_chain(Board(6, {2: 5, 4: 1}), fair(3))
    assert players(chain, 1).rounds_checked == 0
    checked = players(chain, 2).rounds_checked
    one = OnePlayer(chain)
    s, h = one.survival(checked), one.horizon
    assert len(h) == checked + 1
    # every exact value lies within its bounds, which are far narrower than the tolerance
    for r, value in enumerate(s):
        assert h.lower[r] <= value * h.scale <= h.upper[r]
        assert h.upper[r] - h.lower[r] <= TOLERANCE * h.scale / 2**16
    # the first round whose bound is within the tolerance
    assert h.upper[checked] <= TOLERANCE * h.scale < h.upper[checked - 1]


@given(boards(max_size=14), dice(max_faces=4), st.sampled_from([Fraction(1, 10**12), Fraction(1, 10**60)]))
def test_the_horizon_holds_every_exact_survival_and_parts_by_at_most_a_unit_per_square_and_turn(board, die, tolerance):
    # every exact survival lies within the bounds, which part by at most one unit per square for each rounding of
    # the vectors and one for the rounding of each turn's sum; they stop at the first round below the tolerance
    from limits.game.one_player import OnePlayer

    chain = build_chain(board, die)
    bounds = OnePlayer(chain, tolerance=tolerance).horizon
    for r, value in enumerate(OnePlayer(chain).survival(min(len(bounds) - 1, 200))):
        assert bounds.lower[r] <= value * bounds.scale <= bounds.upper[r]
        assert bounds.upper[r] - bounds.lower[r] <= len(chain.states) * r + 2
    assert bounds.upper[-1] <= tolerance * bounds.scale and (len(bounds) == 1 or bounds.upper[-2] > tolerance * bounds.scale)


def test_a_die_of_large_denominators_rounds_its_bounds_every_turn():
    # 3^100 has 159 bits, past BLOCK_BITS: one turn a block, every exact survival within the bounds
    from limits import Board, Die
    from limits.game import one_player
    from limits.game.one_player import OnePlayer

    half = Fraction(3**100 // 2, 3**100)  # about 1/2, over 3^100
    chain = build_chain(Board(9, {3: 7, 8: 2}), Die([half, 1 - half]))
    one = OnePlayer(chain)
    assert one.denominator.bit_length() > one_player.BLOCK_BITS
    bounds = one.horizon
    for r, value in enumerate(one.survival(100)):  # past 200 turns the exact list is refused (MAX_SURVIVAL_BITS)
        assert bounds.lower[r] <= value * bounds.scale <= bounds.upper[r]


def test_a_die_whose_largest_denominator_is_not_the_common_one():
    # 1/4 and 1/6: the rows' integers are over 12, not 6 (the largest denominator)
    from limits import Board, Die
    from limits.game.distribution import integer_rows
    from limits.game.one_player import OnePlayer

    chain = build_chain(Board(30), Die(["1/4", "1/4", "1/6", "1/6", "1/6"]))
    den, rows = integer_rows(chain)
    assert den == 12 and all(sum(w for _, w in row) == 12 for row in rows)
    one = OnePlayer(chain)
    h = one.horizon
    for r, value in enumerate(one.survival(len(h) - 1)):
        assert h.lower[r] <= value * h.scale <= h.upper[r]


def test_the_round_where_k_players_all_survive_with_a_chance_below_a_bound():
    from limits import Board, fair
    from limits.game.one_player import OnePlayer

    one = OnePlayer(build_chain(Board(6, {2: 5, 4: 1}), fair(3)))
    s = one.survival(len(one.horizon) - 1)
    for k in (1, 2, 3):
        for bound in (Fraction(1, 2), Fraction(1, 100), Fraction(1, 10**40)):
            first = next((r for r, v in enumerate(s) if v**k <= bound), len(s) - 1)
            assert one.round_below(k, bound) == first
    assert one.round_below(1, Fraction(1, 2)) < one.round_below(1, Fraction(1, 100)) < len(s) - 1


SLOW_DIE = [Fraction(w, 477) for w in (9, 33, 16, 64, 58, 61, 84, 49, 27, 13, 63)]  # 11 faces, D = 477


def test_a_slow_game_at_sixty_digits_encloses_the_joint_chain():
    # from 7 squares with 11 faces most rolls overshoot and the player stays: S(r) falls slowly, and
    # exact survival numbers would have 60,000 bits by the round where S is below 1e-70
    from limits import Board, Die

    board, die = Board(7), Die(SLOW_DIE)
    for rule in ("stay", "bounce"):
        rounds, win1 = _two_player_exact(board, die, rule)
        r = players(build_chain(board, die, rule), 2, tolerance=Fraction(1, 10**70))
        assert r.expected_rounds.lower <= rounds <= r.expected_rounds.upper
        assert r.win_probability[0].lower <= win1 <= r.win_probability[0].upper
        assert r.expected_rounds.width <= Fraction(1, 10**70)
        assert r.win_probability[0].width <= Fraction(1, 10**70)


def test_the_command_answers_a_slow_game_at_sixty_digits(capsys, tmp_path):
    from limits import Board, Die
    from tests.cli_run import as_json

    board = tmp_path / "seven.json"
    board.write_text('{"size": 7, "jumps": []}')
    die = ",".join(str(p) for p in SLOW_DIE)
    rounds, win1 = _two_player_exact(Board(7), Die(SLOW_DIE))
    out = as_json(capsys, "players", "--players", "2", "--board", str(board), "--die", die, "--digits", "60")
    game, = out["games"]
    q = game["rounds"]["expected_rounds"]
    assert Fraction(q["lower"]) <= rounds <= Fraction(q["upper"]) and q["certain_digits"] == 60
    assert Fraction(game["win_probability"][0]["exact"]) == win1  # the seat chances of two players are exact
