"""Every quantity of the race that depends on the coin, with a biased coin and its mirror, against the rules.

The class: heads (one square on) comes with chance h, tails (one back) with
1 - h. A quantity that swaps the two sides is right with the fair coin,
which every default uses, and wrong with any other. Each member below is
computed with h = 1/3 and with its mirror 2/3, under every rule, and checked
against the rules written again (:mod:`tests.oracle`,
:mod:`tests.bruteforce_race`, plain Fractions); each test also checks that
the two coins give different answers on its games, so that a swap would show.

Members: the move tables (:func:`limits.race.moves.seat_moves`: their ends and weights, and
:attr:`~limits.race.moves.SeatMoves.slowest`); the values of both choices the float search compares
(:func:`limits.race.product.choice_values`, :func:`limits.race.optimise.seat_view`) and its Bellman step
(:meth:`limits.race.product.RacePair.step`); the certificate's exact bounds of both choices
(:mod:`limits.race.certificate`); the exact chances of every pair of fixed policies
(:class:`limits.race.product.RacePair`, :class:`~limits.race.product.LiveSolver`).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from limits import Board, Die, Rule, build_chain, fair
from limits.race.certificate import _bounds
from limits.race.moves import HEADS, NO_FLIP, TAILS, seat_moves
from limits.race.optimise import seat_view
from limits.race.policies import POLICIES, fixed_policy
from limits.race.product import LiveSolver, Objective, RacePair
from tests import bruteforce_race as brute
from tests.oracle import can_win, sparse_solve, transitions, turn
from tests.test_race import oracle

COINS = (Fraction(1, 3), Fraction(2, 3))
BOARD = Board(8, {3: 6, 7: 2})
GAMES = [(BOARD, die, rule) for die in (fair(3), Die(["1/2", "1/3", "1/6"])) for rule in Rule]
"""Small games whose choices matter: a chute and a ladder, a fair and a loaded die, every rule."""


def _args(board, die, rule, coin):
    return board.size, board.jump_map, rule.value, list(die.probabilities), coin


def _by_coin(compute):
    """``compute(board, die, rule, coin)`` for each game and each coin: ``{(game index, coin): answer}``, and the
    check that some game tells the coin from its mirror."""
    out = {(g, coin): compute(*game, coin) for g, game in enumerate(GAMES) for coin in COINS}
    assert any(out[g, COINS[0]] != out[g, COINS[1]] for g in range(len(GAMES))), "the coin's sides never show"
    return out


def _values_dict(moves, array) -> dict:
    """A ``(2, n, n)`` array of a race's values as the brute force's ``{(turn, a, b): value}`` (squares)."""
    sq = moves.squares
    return {(t, sq[a], sq[b]): Fraction(float(array[t, a, b]))
            for t in (0, 1) for a in range(moves.size) for b in range(moves.size)}


def _random_values(moves, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).random((2, moves.size, moves.size))


def test_the_move_tables_move_heads_one_on_and_tails_one_back_with_the_coins_chances():
    def tables(board, die, rule, coin):
        m = seat_moves(build_chain(board, die, rule, coin=coin))
        size, jumps = board.size, board.jump_map
        assert Fraction(m.heads, m.coin_unit) == coin
        assert [Fraction(int(w), m.roll_unit) for w in m.roll_weight] == [p for _, p in m.rolls]
        for i, s in enumerate(m.squares):
            for r, (face, _) in enumerate(m.rolls):
                for side, step in ((NO_FLIP, 0), (HEADS, 1), (TAILS, -1)):
                    step = step if m.decision[i, r] else 0
                    end = turn(size, jumps, rule.value, s, face, step)
                    assert (m.squares + (size,))[m.targets[i, r, side]] == end, (s, face, side)
        return Fraction(m.heads, m.coin_unit)

    _by_coin(tables)


def test_slowest_is_the_most_expected_turns_of_a_player_who_flips_at_random():
    """At every choice the coin is flipped with chance 1/2; the turns are counted while the player can still
    finish (from squares that can reach the goal)."""
    def slowest(board, die, rule, coin):
        args = _args(board, die, rule, coin)
        rows = transitions(*args, flip=lambda s, r: Fraction(1, 2))
        live = sorted(can_win(board.size, rows))
        pos = {s: i for i, s in enumerate(live)}
        a = [{pos[s]: Fraction(1)} for s in live]
        for s in live:
            for t, p in rows[s].items():
                if t in pos:
                    a[pos[s]][pos[t]] = a[pos[s]].get(pos[t], Fraction(0)) - p
        (x,) = sparse_solve(a, [[Fraction(1)] * len(live)]) if live else ([0],)
        expected = max(x)
        found = seat_moves(build_chain(board, die, rule, coin=coin)).slowest
        assert found == pytest.approx(float(expected), rel=1e-9)
        return expected

    _by_coin(slowest)


@pytest.mark.parametrize("objective", [0, 1, 2])
def test_the_values_of_both_choices_weigh_heads_by_h_and_tails_by_one_less_h(objective):
    """On any values of the race (random ones), the value of not flipping and of flipping of each decision of
    each seat, as the float search compares them: ``seat_view`` and ``choice_values``."""
    from limits.race.product import choice_values

    payoffs = Objective(objective).payoffs

    def views(board, die, rule, coin):
        m = seat_moves(build_chain(board, die, rule, coin=coin))
        args, values = _args(board, die, rule, coin), _random_values(m, objective)
        v = _values_dict(m, values)
        sq, found = m.squares, []
        for seat in (1, 2):
            nf, flip = seat_view(m, values, seat, payoffs)
            sides = choice_values(m, values, seat, payoffs)
            for i, mine in enumerate(sq):
                for j, theirs in enumerate(sq):
                    for r, (face, _) in enumerate(m.rolls):
                        want = [brute.choice_value(*args[:3], coin, v, payoffs, seat, mine, theirs, face, q)
                                for q in (0, 1)]
                        assert [nf[i, j, r], flip[i, j, r]] == pytest.approx([float(w) for w in want], abs=1e-13)
                        a, b = (i, j) if seat == 1 else (j, i)
                        got = coin * Fraction(float(sides[HEADS][a, b, r])) + \
                            (1 - coin) * Fraction(float(sides[TAILS][a, b, r]))
                        assert float(got) == pytest.approx(float(want[1]) if m.decision[i, r] else float(want[0]),
                                                           abs=1e-13)
                        found.append(round(float(want[1]), 9))
        return found

    _by_coin(views)


@pytest.mark.parametrize(("first", "second", "free"), [("1", "-1", {}), ("never", "1", {1: 1}),
                                                       ("2", "length", {2: -1}), ("length", "never", {1: 1, 2: -1})])
def test_a_bellman_step_flips_the_coin_of_each_seat_with_its_chances(first, second, free):
    """One round of :meth:`RacePair.step`: the first moves from the values, then the second from the first's new
    ones; a seat of ``free`` takes its best (+1) or worst (-1) choice, the others flip with their policy's
    chance."""
    def step(board, die, rule, coin):
        m = seat_moves(build_chain(board, die, rule, coin=coin))
        args = _args(board, die, rule, coin)
        p1, p2 = fixed_policy(first, m), fixed_policy(second, m)
        values = _random_values(m, 7)
        new = RacePair(m, p1, p2, m.entry).step(values, Objective(1), free)
        v, sq = _values_dict(m, values), m.squares
        policies = (oracle(m, p1), oracle(m, p2))
        for t in (0, 1):
            seat = t + 1
            for a in sq:
                for b in sq:
                    mine, theirs = (a, b) if seat == 1 else (b, a)
                    total = Fraction(0)
                    for face, p in m.rolls:
                        options = [brute.choice_value(*args[:3], coin, v, (1, 0), seat, mine, theirs, face, q)
                                   for q in (0, 1)]
                        if seat in free and m.decision[m.index[mine], m.rolls.index((face, p))]:
                            chosen = max(options) if free[seat] > 0 else min(options)
                        else:
                            q = policies[t](mine, theirs, face - 1)
                            chosen = (1 - q) * options[0] + q * options[1]
                        total += p * chosen
                    v[(t, a, b)] = total
        for (t, a, b), want in v.items():
            assert new[t, m.index[a], m.index[b]] == pytest.approx(float(want), abs=1e-13)
        return [round(float(v[k]), 9) for k in sorted(v)]

    _by_coin(step)


def test_the_certificates_bounds_of_both_choices_weigh_heads_by_h_and_tails_by_one_less_h():
    """The exact bounds the certificate compares, from values known to within an error: for each decision of
    each seat, the lower (upper) bound of each choice is its value on the lower (upper) ends, times the
    values' scale and the coin's denominator."""
    from limits.exact.enclosure import Enclosures

    def bounds(board, die, rule, coin):
        m = seat_moves(build_chain(board, die, rule, coin=coin))
        args, n, rng = _args(board, die, rule, coin), m.size, np.random.default_rng(3)
        scale = 1000
        x = rng.integers(10, scale, 2 * n * n)
        e = rng.integers(0, 10, 2 * n * n)
        values = Enclosures(np.array([int(a) for a in x], dtype=object), np.array([int(a) for a in e], dtype=object),
                            scale)
        sq = m.squares
        low = {(t, sq[a], sq[b]): Fraction(int(x[k] - e[k]), scale)
               for k, (t, a, b) in enumerate(np.ndindex(2, n, n))}
        high = {(t, sq[a], sq[b]): Fraction(int(x[k] + e[k]), scale)
                for k, (t, a, b) in enumerate(np.ndindex(2, n, n))}
        found = []
        for seat in (1, 2):
            payoffs = (int(seat == 1), int(seat == 2))
            got = _bounds(m, values, seat)
            for i, mine in enumerate(sq):
                for j, theirs in enumerate(sq):
                    for r, (face, _) in enumerate(m.rolls):
                        if not m.decision[i, r]:
                            continue
                        want = [brute.choice_value(*args[:3], coin, v, payoffs, seat, mine, theirs, face, q)
                                for q, v in ((0, low), (0, high), (1, low), (1, high))]
                        assert [Fraction(int(g[i, j, r]), scale * m.coin_unit) for g in got] == want
                        found.append(want)
        return found

    _by_coin(bounds)


@pytest.mark.parametrize("rule", list(Rule))
def test_the_exact_chances_of_every_fixed_policy_in_either_seat(rule):
    """Every fixed policy against one that flips wherever it may, in both seats: the exact chances of the
    race's chain of both positions against plain Fraction elimination (on a smaller board: 32 positions)."""
    board, die = Board(6, {2: 5, 4: 1}), Die(["2/3", "1/3"])
    found = {}
    for coin in COINS:
        m = seat_moves(build_chain(board, die, rule, coin=coin))
        args = _args(board, die, rule, coin)
        always = fixed_policy("2", m)
        for name in [p for p in POLICIES if p != "win"]:
            policy = fixed_policy(name, m)
            for first, second in ((policy, always), (always, policy)):
                pair = RacePair(m, first, second, m.entry)
                solver = LiveSolver(pair)
                got = tuple(solver.exact_at(Objective(s), pair.start_state) for s in (1, 2))
                want = brute.chances(*args, oracle(m, first), oracle(m, second))
                assert got == want, (coin, first.name, second.name)
                found[coin, first.name, second.name] = want
    assert any(found[k] != found[(COINS[1],) + k[1:]] for k in found if k[0] == COINS[0])
