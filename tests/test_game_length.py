"""Spins, rounds and seats of k players against a joint chain written here from the rules.

The oracle follows every player's square and whose turn it is (the product
chain of k players), pushes its exact distribution forward spin by spin and
solves its linear system with plain Fractions. It shares nothing with the
library but the board's data.
"""

import math
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from limits import Board, Die, InfiniteExpectationError, LimitsError, build_chain, weighted
from limits.game.game_length import GameLength, Unit
from limits.game.one_player import OnePlayer
from limits.game.players import Party, players_table
from tests.oracle import gauss_solve, transitions
from tests.strategies import boards, dice, scaled


def joint(board, die, k, start=0, rule="stay"):
    """Transitions of the product chain: state (squares, seat to move) -> [(p, next state or ('won', seat))]."""
    tr = transitions(board.size, board.jump_map, rule, die.probabilities)
    first = board.jump_map.get(start, start)
    out = {}
    todo = [((first,) * k, 0)]
    while todo:
        state = todo.pop()
        if state in out:
            continue
        squares, seat = state
        moves = []
        for target, p in tr[squares[seat]].items():
            if target == board.size:
                moves.append((p, ("won", seat)))
            else:
                nxt = (squares[:seat] + (target,) + squares[seat + 1:], (seat + 1) % k)
                moves.append((p, nxt))
                todo.append(nxt)
        out[state] = moves
    return out, ((first,) * k, 0)


def pushed(board, die, k, spins, start=0, rule="stay"):
    """P(T > t) for t = 0..spins and P(seat j has won by then), by pushing the joint law forward."""
    chain, s0 = joint(board, die, k, start, rule)
    dist = {s0: F(1)}
    alive, won = [F(1)], [F(0)] * k
    for _ in range(spins):
        new = {}
        for state, mass in dist.items():
            for p, nxt in chain[state]:
                if nxt[0] == "won":
                    won[nxt[1]] += mass * p
                else:
                    new[nxt] = new.get(nxt, F(0)) + mass * p
        dist = new
        alive.append(sum(dist.values(), F(0)))
    return alive, won


def solved(board, die, k, start=0, rule="stay"):
    """E[T], E[T^2] and each seat's chance, exactly, from the joint chain's linear systems."""
    chain, s0 = joint(board, die, k, start, rule)
    states = sorted(chain)
    pos = {s: i for i, s in enumerate(states)}
    a = [[F(int(i == j)) for j in range(len(states))] for i in range(len(states))]
    wins = [[F(0)] * len(states) for _ in range(k)]
    for s in states:
        for p, nxt in chain[s]:
            if nxt[0] == "won":
                wins[nxt[1]][pos[s]] += p
            else:
                a[pos[s]][pos[nxt]] -= p
    m1 = gauss_solve(a, [F(1)] * len(states))
    m2 = gauss_solve(a, [2 * x - 1 for x in m1])
    seats = [gauss_solve(a, w)[pos[s0]] for w in wins]
    return m1[pos[s0]], m2[pos[s0]], seats


@settings(max_examples=scaled(25))
@given(boards(max_size=7), dice(max_faces=3), st.integers(1, 3), st.sampled_from(["stay", "bounce", "pass"]))
def test_spins_and_rounds_laws_are_the_joint_chains(board, die, k, rule):
    one = OnePlayer(build_chain(board, die, rule))
    alive, _ = pushed(board, die, k, 40, rule=rule)
    spins, rounds = GameLength(one, k, Unit.SPINS), GameLength(one, k, Unit.ROUNDS)
    assert [spins.survival(t) for t in range(41)] == alive
    # a game that lasts more than r rounds has lasted more than r k spins
    assert [rounds.survival(r) for r in range(40 // k + 1)] == [alive[r * k] for r in range(40 // k + 1)]
    assert spins.pmf(41) == [1 - alive[0]] + [alive[t - 1] - alive[t] for t in range(1, 41)]


@settings(max_examples=scaled(20))
@given(boards(max_size=6), dice(max_faces=3), st.integers(2, 3))
def test_means_variances_and_seats_enclose_the_joint_chain(board, die, k):
    chain = build_chain(board, die)
    if len(chain.states) ** k * k > 150:  # keep the oracle's Gauss-Jordan small
        k = 2
    m1, m2, seats = solved(board, die, k)
    party = Party(OnePlayer(chain), k)
    mean, var = party.spins.mean(), party.spins.variance()
    assert mean.lower <= m1 <= mean.upper and mean.width <= F(1, 10**30)
    assert var.lower <= m2 - m1**2 <= var.upper and var.width <= F(1, 10**25)
    for enclosure, exact in zip(party.win_probability(), seats):
        assert enclosure.lower <= exact <= enclosure.upper and enclosure.width <= F(1, 10**30)


def test_quantiles_and_medians_from_the_joint_law():
    board, die = Board(12, {3: 9, 10: 2}), Die([F(1, 2), F(1, 3), F(1, 6)])
    alive, _ = pushed(board, die, 3, 60)  # the 99% quantile is 38 spins
    spins = Party(OnePlayer(build_chain(board, die)), 3).spins
    for q in (F(1, 10), F(1, 2), F(9, 10), F(99, 100)):
        assert spins.quantile(q) == min(t for t, s in enumerate(alive) if 1 - s >= q)
        assert spins.quantile(q, "upper") == min(t for t, s in enumerate(alive) if 1 - s > q)


def test_longer_than_against_two_pushed_games():
    board, die = Board(9, {2: 7, 8: 1}), Die([F(1, 2), F(1, 2)])
    a2, _ = pushed(board, die, 2, 330)
    a3, _ = pushed(board, die, 3, 330)
    one = OnePlayer(build_chain(board, die))
    got = Party(one, 3).spins.longer_than(Party(one, 2).spins)
    # P(T3 > T2) = sum_t P(T2 = t) P(T3 > t): the first 330 terms, then at most P(T2 >= 330)
    low = sum(((a2[t - 1] if t else F(1)) - a2[t]) * a3[t] for t in range(330))
    high = low + a2[329]
    assert high - low < F(1, 10**20)
    assert got.lower <= high and low <= got.upper and got.width <= F(1, 10**30)


def _simulate(chain, k, games, rng):
    """Spins and winners of ``games`` joint games (vectorised), from the chain's own table of moves."""
    n = chain.goal
    faces = len(chain.die.probabilities)
    table = np.zeros((n, faces), dtype=np.int64)
    from tests.oracle import turn

    for s in range(n):
        for f in range(1, faces + 1):
            table[s, f - 1] = turn(n, chain.board.jump_map, "stay", s, f)
    pos = np.zeros((games, k), dtype=np.int64)
    spins = np.zeros(games, dtype=np.int64)
    winner = np.full(games, -1)
    active = np.arange(games)
    t = 0
    while active.size:
        seat = t % k
        rolls = rng.integers(0, faces, active.size)
        new = table[pos[active, seat], rolls]
        pos[active, seat] = new
        done = new == n
        spins[active[done]] = t + 1
        winner[active[done]] = seat
        active = active[~done]
        t += 1
    return spins, winner


def test_monte_carlo_of_three_and_two_players():
    chain = build_chain()
    rng = np.random.default_rng(20130517)
    games = 100_000
    t3, w3 = _simulate(chain, 3, games, rng)
    t2, _ = _simulate(chain, 2, games, rng)
    one = OnePlayer(chain)
    three, two = Party(one, 3), Party(one, 2)
    mean, sd = float(three.spins.mean().lower), math.sqrt(float(three.spins.variance().lower))
    assert abs(t3.mean() - mean) < 5 * sd / math.sqrt(games)
    p1 = float(three.win_probability()[0].lower)
    assert abs((w3 == 0).mean() - p1) < 5 * math.sqrt(p1 * (1 - p1) / games)
    longer = float(three.spins.longer_than(two.spins).lower)
    assert abs((t3 > t2).mean() - longer) < 5 * math.sqrt(longer * (1 - longer) / games)
    assert abs(np.quantile(t3, 0.9, method="inverted_cdf") - three.spins.quantile("0.9")) <= 2


def test_standard_board_table():
    rows = players_table(build_chain(), (1, 2, 3, 4))
    assert [r.spins.fewest for r in rows] == [7, 13, 19, 25]
    assert [r.rounds.fewest for r in rows] == [7, 7, 7, 7]
    assert [dict(r.spins.quantiles)[F(9, 10)] for r in rows] == [73, 88, 103, 117]
    # one player: spins, rounds and turns are one law, and the mean is the exact expected duration
    assert rows[0].spins.mean.is_exact and rows[0].spins.mean.lower == build_chain().expected_duration()
    assert rows[0].longer is None and rows[0].win_probability[0].lower == 1
    # more players: more spins, fewer rounds
    assert all(r.longer["spins"].lower > F(1, 2) > r.longer["rounds"].upper for r in rows[1:])
    for r in rows:
        lo = sum(w.lower for w in r.win_probability)
        assert lo <= 1 <= sum(w.upper for w in r.win_probability)


def test_a_player_who_may_be_trapped():
    die = Die([0, 0, F(1, 2), 0, 0, F(1, 2)])  # only 3s and 6s: square 99 is a trap
    chain = build_chain(die=die)
    one = OnePlayer(chain)
    spins = Party(one, 2).spins
    h = one.finishes
    assert 0 < h < 1 and spins.finishes == 1 - (1 - h) ** 2
    assert one.settles_at is None  # chutes keep some mass on squares that can still win
    assert spins.quantile(spins.finishes) == math.inf
    assert spins.quantile(F(1, 2)) == min(t for t, c in enumerate(spins.cdf(400)) if c >= F(1, 2))
    with pytest.raises(InfiniteExpectationError, match=r"trapped forever in the loop \{99\}"):
        spins.mean()
    row = players_table(chain, (2,))[0]
    assert row.spins.mean is None and row.trap == (99,) and row.win_probability is None


def test_longer_than_names_either_game_that_can_be_trapped():
    trapped = Party(OnePlayer(build_chain(die=Die([0, 0, F(1, 2), 0, 0, F(1, 2)]))), 2).spins
    free = Party(OnePlayer(build_chain()), 1).spins
    for x, y in ((trapped, free), (free, trapped)):
        with pytest.raises(InfiniteExpectationError, match="the chance that one game lasts longer than another from"):
            x.longer_than(y)


def test_numerators_given_for_the_rounds_needed_are_read_not_computed(monkeypatch):
    one = OnePlayer(build_chain(Board(6, {2: 5, 4: 1}), Die([F(1, 3)] * 3)))
    spins, rounds = Party(one, 2).spins, Party(one, 2).rounds
    a = one.numerators(4)  # a_0..a_4: seven spins of two players need S(4) (seat 1 has had four turns)
    want_spins, want_rounds = spins.scaled_survival(7), rounds.scaled_survival(4)

    def refused(self, rounds):
        raise AssertionError(f"numerators computed again, to round {rounds}")

    monkeypatch.setattr(OnePlayer, "numerators", refused)
    assert spins.scaled_survival(7, a) == want_spins == [a[t // 2 + 1] ** (t % 2) * a[t // 2] ** (2 - t % 2)
                                                         for t in range(7)]
    assert rounds.scaled_survival(4, a) == want_rounds == [x**2 for x in a[:4]]
    with pytest.raises(AssertionError, match="to round 4"):
        spins.scaled_survival(7, a[:4])  # too few: computed


def test_a_cdf_that_settles_below_one():
    # 2s and 3s on Board(3): from 0 a 3 wins, a 2 leads to square 2, where every roll overshoots (a trap)
    one = OnePlayer(build_chain(Board(3), Die([0, F(1, 2), F(1, 2)])))
    assert one.finishes == F(1, 2) and one.settles_at == 1
    turns = GameLength(one, 1, Unit.TURNS)
    assert turns.cdf(4) == [0, F(1, 2), F(1, 2), F(1, 2)]
    assert turns.quantile(F(1, 2)) == 1 and turns.quantile(F(1, 2), "upper") == math.inf
    assert turns.quantile(F(1, 4), "midpoint") == 1
    two = GameLength(one, 2, Unit.SPINS)
    assert two.finishes == F(3, 4) and two.quantile(F(3, 4)) == 2  # seat 2's first turn settles it
    assert one.tail_ratio[1] == 1  # no geometric tail: the player may stay for ever


def test_errors():
    one = OnePlayer(build_chain())
    with pytest.raises(LimitsError):
        GameLength(one, 2, Unit.TURNS)
    for k in (0, 9, 1.5, True):
        with pytest.raises(LimitsError):
            Party(one, k)
    with pytest.raises(LimitsError):
        OnePlayer(build_chain(), tolerance=F(2))
    from limits import TooLargeError

    with pytest.raises(TooLargeError, match="MIN_TOLERANCE"):
        OnePlayer(build_chain(), tolerance=F(1, 10**1011))
    import sympy

    from limits import weighted

    with pytest.raises(LimitsError):
        OnePlayer(build_chain(die=weighted(6, sympy.Symbol("p"))))


def test_a_level_too_close_to_one_is_refused(monkeypatch):
    import limits.game.game_length as game_length
    from limits import TooLargeError
    from limits.checks import MAX_ROUNDS

    assert MAX_ROUNDS == 10_000
    monkeypatch.setattr(game_length, "MAX_ROUNDS", 1000)  # the same scan, a tenth of it
    spins = GameLength(OnePlayer(build_chain(Board(3), Die([F(1, 2), F(1, 2)]))), 1, Unit.TURNS)
    with pytest.raises(TooLargeError, match="1000 rounds"):
        spins.quantile(1 - F(1, 2**1200))  # P(T > t) = 2^-(t - 1) from the second turn: the quantile is 1201
    assert spins.quantile(1 - F(1, 2**900)) == 901  # within the limit: answered
    assert spins.quantile(1 - F(1, 2**999)) == 1000  # at the limit: answered, and one round past it refused
    with pytest.raises(TooLargeError, match="beyond 1000 rounds .the limit MAX_ROUNDS"):
        spins.quantile(1 - F(1, 2**1000))


@pytest.mark.parametrize("past", [-1, 0, 1, 2, 20])
def test_the_horizon_stops_at_its_round_limit_wherever_a_block_ends(monkeypatch, past):
    # the bounds advance in blocks of turns, but the limit on the rounds holds turn by turn: a tolerance first met
    # at round most + past is answered for past <= 0 and refused for past > 0, as when every turn was checked
    import limits.game.one_player as one_player
    from limits import Board, fair
    from limits.errors import ConvergenceError

    chain = build_chain(Board(20, {19: 1, 12: 3}), fair(3))
    transitions = sum(len(row) for row in chain.rows)
    monkeypatch.setattr(one_player, "MAX_HORIZON_WORK", 45 * transitions)  # most = 45 rounds
    s = OnePlayer(chain).survival(80)
    at = 45 + past
    tolerance = (s[at] + s[at - 1]) / 2  # first met at round `at`
    one = OnePlayer(chain, tolerance=tolerance)
    if past > 0:
        with pytest.raises(ConvergenceError, match="after 45 rounds"):
            one.horizon
    else:
        assert len(one.horizon) == at + 1


def test_a_game_too_slow_for_the_horizon_is_refused_with_its_limit(monkeypatch):
    import limits.game.one_player as one_player
    from limits.errors import ConvergenceError

    assert len(OnePlayer(build_chain()).horizon) * 475 < one_player.MAX_HORIZON_WORK // 10  # the paper's game
    monkeypatch.setattr(one_player, "MAX_HORIZON_WORK", 100_000)
    chain = build_chain(die=weighted(6, 1 - F(1, 10**7)))  # about ten million turns a game
    with pytest.raises(ConvergenceError, match="MAX_HORIZON_WORK = 100000"):
        Party(OnePlayer(chain), 2).rounds.mean()
