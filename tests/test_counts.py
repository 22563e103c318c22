"""Counts along the way against first-step analysis written here from the rules.

Each count is a reward on (square, face) as :mod:`tests.bruteforce_counts`
writes it, on the rules of :mod:`tests.oracle`; means and second moments come from
first-step equations, the chance of none from the killed chain, and the law
from pushing (square, count so far) forward, all with plain Fractions.

Modules: ``limits.game.counts``, ``limits.game.rewards`` (the reward chain the counts are moments and laws of).
"""

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from limits import Board, Die, LimitsError, build_chain
from limits.game.counts import COUNTS, Count, CountKind, game_counts
from tests.bruteforce_counts import counters, moves
from tests.oracle import gauss_solve, squares
from tests.strategies import boards, dice, scaled


def oracle_moves(size, jumps, rule, probs):
    """(square, face, p, landed, target) for every square a turn can start on."""
    for s in squares(size, jumps):
        for f, p, landed, target in moves(size, jumps, rule, probs, s):
            yield s, f, p, landed, target


def oracle_reward(kind, size, square=None):
    return counters(size, square, square)[kind]


def first_step(size, jumps, rule, probs, reward, closed=()):
    """Mean, variance and P(none) from square 0 by first-step analysis (``closed`` squares end the count)."""
    moves = list(oracle_moves(size, jumps, rule, probs))
    states = sorted({m[0] for m in moves} - set(closed))
    pos = {s: i for i, s in enumerate(states)}

    def system(keep):
        a = [[F(int(i == j)) for j in range(len(states))] for i in range(len(states))]
        for s, f, p, landed, target in moves:
            if s in pos and target in pos and keep(s, f, landed, target):
                a[pos[s]][pos[target]] -= p
        return a

    a = system(lambda *m: True)
    b = [F(0)] * len(states)
    for s, f, p, landed, target in moves:
        if s in pos:
            b[pos[s]] += p * reward(s, f, landed, target)
    x = gauss_solve(a, b)
    c = [F(0)] * len(states)
    for s, f, p, landed, target in moves:
        if s in pos:
            r = reward(s, f, landed, target)
            c[pos[s]] += p * (r * r + 2 * r * (x[pos[target]] if target in pos else 0))
    y = gauss_solve(a, c)
    unmarked = system(lambda s, f, landed, target: reward(s, f, landed, target) == 0)
    won = [F(0)] * len(states)
    for s, f, p, landed, target in moves:
        if s in pos and target == size and reward(s, f, landed, target) == 0:
            won[pos[s]] += p
    none = gauss_solve(unmarked, won)
    i = pos[0]
    return x[i], y[i] - x[i] ** 2, none[i]


def pushed_law(size, jumps, rule, probs, reward, upto, turns):
    """[low, high] for P(C = c), c = 0..upto, from ``turns`` turns of the (square, count) chain."""
    moves = {}
    for s, f, p, landed, target in oracle_moves(size, jumps, rule, probs):
        moves.setdefault(s, []).append((p, target, reward(s, f, landed, target)))
    dist = {(jumps.get(0, 0), 0): F(1)}
    done = [F(0)] * (upto + 1)
    for _ in range(turns):
        new = {}
        for (s, c), mass in dist.items():
            for p, target, r in moves[s]:
                count = min(c + r, upto + 1)
                if target == size:
                    if count <= upto:
                        done[count] += mass * p
                else:
                    new[(target, count)] = new.get((target, count), F(0)) + mass * p
        dist = new
    alive = sum(dist.values(), F(0))
    return [(d, d + alive) for d in done]


KINDS = [k.value for k in CountKind if k not in (CountKind.JUMP, CountKind.VISITS)]


@settings(max_examples=scaled(30))
@given(boards(max_size=25), dice(max_faces=4), st.sampled_from(["stay", "bounce", "pass"]), st.sampled_from(KINDS))
def test_every_count_against_first_step_analysis(board, die, rule, kind):
    chain = build_chain(board, die, rule)
    got = game_counts(chain, counts=[Count(CountKind(kind))], law_upto=3)[kind]
    mean, var, none = first_step(board.size, board.jump_map, rule, die.probabilities,
                                 oracle_reward(kind, board.size))
    assert (got.mean, got.variance, got.none) == (mean, var, none)
    for value, (low, high) in zip(got.law, pushed_law(board.size, board.jump_map, rule, die.probabilities,
                                                      oracle_reward(kind, board.size), 3, 60)):
        assert low <= value <= high



@pytest.mark.parametrize("rule", ["stay", "bounce", "pass"])
@pytest.mark.parametrize("kind", KINDS)
def test_every_count_on_a_board_with_both_kinds_of_jump(kind, rule):
    # the property above draws boards at random; this one always has chutes, ladders, overshoots and a last row
    size, jumps, probs = 12, {3: 9, 10: 2, 7: 4, 11: 5}, (F(1, 3),) * 3
    got = game_counts(build_chain(Board(size, jumps), Die(probs), rule), counts=[Count(CountKind(kind))])[kind]
    assert (got.mean, got.variance, got.none) == first_step(size, jumps, rule, probs, oracle_reward(kind, size))


def test_visits_to_the_start_square_count_returns_to_it():
    size, jumps, probs = 12, {3: 9, 10: 0, 7: 4}, (F(1, 3),) * 3
    got = game_counts(build_chain(Board(size, jumps), Die(probs)), counts=[Count(CountKind.VISITS, 0)])["visits_0"]
    assert (got.mean, got.variance, got.none) == first_step(size, jumps, "stay", probs,
                                                            oracle_reward("visits", size, 0))
    assert got.mean == F(4, 7)

@settings(max_examples=scaled(30))
@given(boards(max_size=25), dice(max_faces=4), st.sampled_from(["stay", "bounce"]), st.data())
def test_visits_and_jumps_against_first_step_analysis(board, die, rule, data):
    chain = build_chain(board, die, rule)
    v = data.draw(st.integers(1, board.size))
    counts = [Count(CountKind.VISITS, v)]
    if board.jumps:
        counts.append(Count(CountKind.JUMP, data.draw(st.sampled_from([a for a, _ in board.jumps]))))
    got = game_counts(chain, counts=counts, law_upto=1)
    for count in counts:
        mean, var, none = first_step(board.size, board.jump_map, rule, die.probabilities,
                                     oracle_reward(count.kind.value, board.size, count.square))
        answer = got[count.name]
        assert (answer.mean, answer.variance, answer.none) == (mean, var, none)
    if v == board.size:  # every game ends on the last square
        assert got[f"visits_{v}"].none == 0


def test_standard_board():
    counts = game_counts(build_chain(), counts=COUNTS + (Count(CountKind.VISITS, 100), Count(CountKind.JUMP, 80)))
    assert counts["turns"].mean == build_chain().expected_duration()
    assert counts["visits_100"].none == 0 and counts["visits_100"].mean == 1
    # a game ends at most once on the ladder 80 -> 100, and it is used exactly when 80 is visited
    assert counts["jump_80"].law[2:] == (0,) * 9
    assert counts["jump_80"].mean == 1 - counts["jump_80"].none
    assert sum(counts["chutes"].law) < 1 and counts["chutes"].law[0] == counts["chutes"].none
    # the last row: turns begun on 91..99, where every overshoot happens on the standard board
    assert counts["last_row"].mean > counts["overshoots"].mean > 0


def test_a_trap_makes_some_counts_infinite():
    die = Die([0, 0, F(1, 2), 0, 0, F(1, 2)])  # 3s and 6s: square 99 overshoots for ever
    got = game_counts(build_chain(die=die), law_upto=2)
    assert got["overshoots"].mean is None and got["overshoots"].trap == (99,)
    assert got["last_row"].mean is None and got["turns"].mean is None
    board = build_chain().board
    mean, _, _ = first_step(100, board.jump_map, "stay", die.probabilities,
                            oracle_reward("chutes", 100), closed=(99,))
    assert got["chutes"].mean == mean and got["chutes"].trap is None


def test_a_trapped_count_shows_inf_in_jupyter():
    die = Die([0, 0, F(1, 2), 0, 0, F(1, 2)])  # 3s and 6s: square 99 overshoots for ever
    page = game_counts(build_chain(die=die), law_upto=2)._repr_html_()
    # its mean and variance are inf, not the dash of a missing value; its chance of none is still a number
    assert "<tr><td>overshoots</td><td>inf</td><td>inf</td><td>0.599145306478 " in page
    assert "<tr><td>turns</td><td>inf</td><td>inf</td><td>0</td></tr>" in page


def test_errors():
    chain = build_chain()
    with pytest.raises(LimitsError):
        Count(CountKind.VISITS)
    with pytest.raises(LimitsError):
        Count(CountKind.CHUTES, 3)
    with pytest.raises(LimitsError, match="no chute or ladder"):
        game_counts(chain, counts=[Count(CountKind.JUMP, 2)])
    with pytest.raises(LimitsError):
        game_counts(chain, counts=[Count(CountKind.VISITS, 101)])
    with pytest.raises(LimitsError):
        game_counts(chain, law_upto=-1)


def test_a_start_inside_a_loop():
    from limits import weighted

    got = game_counts(build_chain(die=weighted(3, 1)), start=53, law_upto=1)  # only 3s: 53 -> 56 -> 53 for ever
    assert got["chutes"].mean is None and got["chutes"].law == (0, 0)
    assert (got["ladders"].mean, got["ladders"].variance, got["ladders"].none) == (0, 0, 1)


def test_counts_as_data_and_in_jupyter():
    from limits import Board, fair

    counts = game_counts(build_chain(Board(6, {2: 5, 4: 1}), fair(3)))
    turns, chutes = counts["turns"].to_dict(), counts["chutes"].to_dict()
    assert set(turns) == {"mean", "variance", "none", "at_least_one", "law", "trap"}
    assert (chutes["mean"], chutes["none"], chutes["at_least_one"], chutes["trap"]) == (F(7, 15), F(20, 27), F(7, 27),
                                                                                        None)
    assert turns["law"][:4] == [0, 0, F(2, 9), F(5, 27)] and len(turns["law"]) == 11
    page = counts._repr_html_()
    assert page.startswith('<div class="limits-summary"><p><strong>Counts along the game from square 0</strong></p>'
                           "<table><tr><th>count</th><th>mean</th><th>variance</th><th>P(none)</th></tr>"
                           "<tr><td>turns</td><td>4.8 (exactly 24/5)</td><td>8.16 (exactly 204/25)</td><td>0</td></tr>")


def test_counts_of_a_game_with_a_coin_are_refused_not_made_up():
    # the counts follow the die's rolls; with a coin policy they described the game without the coin
    from limits import Board, LimitsError, build_chain, fair

    with pytest.raises(LimitsError, match="coin policy"):
        build_chain(policy=6).stats()
    with pytest.raises(LimitsError, match="coin policy"):  # was a ZeroDivisionError: the game without the coin is trapped
        build_chain(Board(10, {8: 4, 7: 4, 1: 10}), fair(2), "pass", start=3, policy=2).stats()
