"""Every certified quantity of every route, on small games, against an exact value computed another way.

The class: a certified value is an enclosure with a promise (a tolerance, a
width, digits). A bound built from the wrong end, a tail summed one term
short, a complement taken of the wrong end all give an enclosure that looks
right and misses. Each member is computed on small games and checked
against an independent exact value: inside the enclosure, and the enclosure
no wider than it claims.

The exact references are linear solves of their own (with python-flint's
exact matrices): the law of several players' game is a product of one
player's survivals, ``P(R > t) = S(t)^k`` with ``S(t) = e T^t 1``, so its sums
are solves with the Kronecker power of T; ``P(X > Y)`` likewise.

As mpmath's and arb's interval tests do, the game lengths' enclosures are
also built at a coarse precision (:func:`_coarse`: survival bounds of a few
bits, or one side exact and the other loose, or the last lower bound 0, on
random small games and on one-state games whose tail bounds are equalities),
where an end taken from the wrong bound, a tail one term or one block short,
or a rest left out, moves the enclosure past the exact value.

Members: several players' rounds and spins (mean, variance), each seat's
chance, one length longer than another (:mod:`limits.game.game_length`,
:mod:`limits.game.players`), the race's chances and rounds (certified against
exact, and the series route), ``duration --float``'s proven bounds (and their
width on the paper's board), sigma at a point (dense balls, sparse balls, and
mpmath's cross-check), the optimum, and the survey's float rows.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import reduce

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from limits import Board, Rule, build_chain, fair, weighted
from limits.exact.digits import certain_digits, rounded
from limits.exact.enclosure import Enclosure

from .strategies import boards, dice, scaled

GAMES = [(Board(6, {2: 5}), fair(3)), (Board(7, {2: 6, 5: 1}), fair(3)), (Board(8, {3: 7, 6: 2}), weighted(2, "1/3", 3)),
         (Board(5, {1: 4}), fair(2))]
"""Small games in which every player finishes (their chains have at most six states)."""
IDS = [f"game{i}" for i in range(len(GAMES))]


# ---- exact references ---------------------------------------------------------------------------------------

def _t(chain):
    """The transient block T, as an exact python-flint matrix, and the index of the chain's states."""
    from flint import fmpq, fmpq_mat

    n = len(chain.states)
    t = fmpq_mat(n, n)
    for i, row in enumerate(chain.rows):
        for target, p in row:
            if target != chain.goal:
                p = Fraction(p)
                t[i, chain.index[target]] += fmpq(p.numerator, p.denominator)
    return t


def _kron(a, b):
    from flint import fmpq_mat

    m = fmpq_mat(a.nrows() * b.nrows(), a.ncols() * b.ncols())
    for i in range(a.nrows()):
        for j in range(a.ncols()):
            if a[i, j] != 0:
                for k in range(b.nrows()):
                    for l in range(b.ncols()):
                        m[i * b.nrows() + k, j * b.ncols() + l] = a[i, j] * b[k, l]
    return m


def _column(values):
    from flint import fmpq, fmpq_mat

    return fmpq_mat(len(values), 1, [fmpq(Fraction(v).numerator, Fraction(v).denominator) for v in values])


def _fraction(x) -> Fraction:
    return Fraction(int(x.p), int(x.q))


def _sums(chain, start: int, k: int, spins: bool) -> tuple[Fraction, Fraction]:
    """``(sum_t P(X > t), sum_t (2t + 1) P(X > t))`` exactly, X the rounds (or spins) of k players."""
    from flint import fmpq_mat

    t = _t(chain)
    n = t.nrows()
    a = reduce(_kron, [t] * k)
    identity = fmpq_mat(n**k, n**k)
    for i in range(n**k):
        identity[i, i] = 1
    e = [0] * n
    e[chain.index[chain.entry(start)]] = 1
    row = reduce(_kron, [_column(e).transpose()] * k)
    ones = _column([1] * n)
    step = t * ones  # S after one more turn, from each state
    inverse = identity - a
    first = second = Fraction(0)
    for j in range(k if spins else 1):  # X > k r + j: j players have had r + 1 turns, the others r
        b = reduce(_kron, [step] * j + [ones] * (k - j)) if spins else reduce(_kron, [ones] * k)
        x = inverse.solve(b)  # sum_r A^r b
        y = inverse.solve(x)  # sum_r (r + 1) A^r b
        unit = k if spins else 1
        s0, s1 = _fraction((row * x)[0, 0]), _fraction((row * a * y)[0, 0])  # sum_r A^r b, sum_r r A^r b
        first += s0
        second += 2 * unit * s1 + (2 * j + 1) * s0
    return first, second


def _longer(chain_x, chain_y, start: int) -> Fraction:
    """``P(X > Y)`` exactly for one player's game X on ``chain_x`` and an independent Y on ``chain_y``."""
    from flint import fmpq_mat

    tx, ty = _t(chain_x), _t(chain_y)
    nx, ny = tx.nrows(), ty.nrows()
    ex, ey = [0] * nx, [0] * ny
    ex[chain_x.index[chain_x.entry(start)]] = 1
    ey[chain_y.index[chain_y.entry(start)]] = 1
    identity = fmpq_mat(nx * ny, nx * ny)
    for i in range(nx * ny):
        identity[i, i] = 1
    finish = _column([1] * ny) - ty * _column([1] * ny)  # P(Y ends on the next turn) from each state
    row = _kron(_column(ey).transpose(), _column(ex).transpose() * tx)
    x = (identity - _kron(ty, tx)).solve(_kron(finish, _column([1] * nx)))
    return _fraction((row * x)[0, 0])


# ---- several players ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("board, die", GAMES, ids=IDS)
@pytest.mark.parametrize("k", [2, 3])
def test_the_rounds_and_spins_of_several_players_hold_their_exact_moments_within_the_tolerance(board, die, k):
    from limits.game.game_length import GameLength, Unit
    from limits.game.one_player import OnePlayer

    chain = build_chain(board, die)
    tolerance = Fraction(1, 10**20)
    one = OnePlayer(chain, 0, tolerance)
    for unit in (Unit.ROUNDS, Unit.SPINS):
        first, second = _sums(chain, 0, k, unit is Unit.SPINS)
        g = GameLength(one, k, unit)
        s1, s2 = g._sums("test")
        assert first in s1 and second in s2
        assert s1.width <= tolerance and s2.width <= tolerance, "wider than the tolerance the sums claim"
        mean, variance = g.mean(), g.variance()
        assert mean == s1 and first in mean
        assert second - first**2 in variance and variance.lower >= 0
        # the tightest interval of second - first^2 over the two enclosures: no wider than that
        assert variance.width <= s2.width + s1.upper**2 - s1.lower**2


@pytest.mark.parametrize("board, die", GAMES, ids=IDS)
def test_one_length_longer_than_another_holds_the_exact_chance(board, die):
    from limits.game.game_length import GameLength, Unit
    from limits.game.one_player import OnePlayer

    chain_x, chain_y = build_chain(board, die), build_chain(board, fair(4))
    tolerance = Fraction(1, 10**20)
    x = GameLength(OnePlayer(chain_x, 0, tolerance), 1, Unit.TURNS)
    y = GameLength(OnePlayer(chain_y, 0, tolerance), 1, Unit.TURNS)
    for a, b, ca, cb in ((x, y, chain_x, chain_y), (y, x, chain_y, chain_x)):
        e = a.longer_than(b)
        assert _longer(ca, cb, 0) in e and e.width <= 2 * tolerance


@pytest.mark.parametrize("board, die", GAMES, ids=IDS)
@pytest.mark.parametrize("k", [2, 3])
def test_each_seats_certified_chance_holds_its_exact_chance(board, die, k):
    from limits.game.one_player import OnePlayer
    from limits.game.players import Party
    from limits.game.seat_chances import SeatChances
    from tests.multiset_oracle import multiset_seat_chances

    chain = build_chain(board, die)
    exact = multiset_seat_chances(chain, k)
    tolerance = Fraction(1, 10**20)
    certified = Party(OnePlayer(chain, 0, tolerance), k).win_probability(SeatChances(k, None, reason="certified"))
    assert sum(exact) == 1
    for value, e in zip(exact, certified):
        assert value in e and 0 < e.width <= tolerance


@pytest.mark.parametrize("board, die", GAMES[:2], ids=IDS[:2])
def test_the_players_result_holds_its_exact_values(board, die):
    from limits.game.players import players

    chain = build_chain(board, die)
    r = players(chain, 2)
    first, _ = _sums(chain, 0, 2, False)
    assert first in r.expected_rounds
    for e, value in zip(r.win_probability, chain.players(2).win_probability):
        assert e == value and e.is_exact


# ---- every end outward, at a coarse precision ------------------------------------------------------------------

def _coarse(one, bits: int, below: list[int], above: list[int], zero_last: bool = False, beyond: int = 1):
    """A valid horizon of ``bits`` bits for ``one``: the mass not yet at the goal after each turn, rounded down
    and up turn by turn in fixed point, the lower bounds moved further down by ``below`` and the upper ones up by
    ``above`` (each cycled), the last lower bound 0 if ``zero_last``, up to the first round whose upper bound is
    within the tolerance (to the power ``beyond``: 1 is where :attr:`~limits.game.one_player.OnePlayer.horizon`
    stops). At so few bits (or with one side exact) an end taken from the wrong bound moves a sum past the exact
    value."""
    from limits.game.distribution import integer_rows
    from limits.game.one_player import SurvivalBounds

    scale, stop = 1 << bits, one.tolerance**beyond * (1 << bits)
    d, rows = integer_rows(one.chain)
    low = [0] * len(rows)
    low[one.chain.index[one.chain.entry(0)]] = scale
    high, lows, highs = list(low), [], []
    for r in range(20_000):
        lows.append(max(0, sum(low) - below[r % len(below)]) if r else scale)
        highs.append(min(scale, sum(high) + above[r % len(above)]) if r else scale)
        if highs[-1] <= stop:
            break
        low, high = _turn(rows, low, d, False), _turn(rows, high, d, True)
    if zero_last and len(lows) > 1:
        lows[-1] = 0
    return SurvivalBounds(tuple(lows), tuple(highs), bits)


def _turn(rows, mass: list[int], d: int, up: bool) -> list[int]:
    """One turn of integer mass (weights over the common denominator d), each square rounded down or up."""
    after = [0] * len(rows)
    for i, row in enumerate(rows):
        for j, w in row:
            if j >= 0:
                after[j] += w * mass[i]
    return [-(-v // d) if up else v // d for v in after]


def _player(chain, precision):
    from limits.game.one_player import OnePlayer

    tolerance, *bounds = precision
    one = OnePlayer(chain, 0, tolerance)
    one.__dict__["horizon"] = _coarse(one, *bounds)  # the cached property, replaced
    return one


def _exact(precision) -> bool:
    """Whether the bounds are the exact survival's, to many bits: an enclosure is then as wide as its tails."""
    return precision[1] >= 200 and precision[2:4] == ([0], [0]) and not precision[4]


def _geometric(p_end: Fraction):
    """One state that ends each turn with ``p_end``: ``S(r) = (1 - p_end)^r``, where the tail bounds
    ``S(L + i) <= S(L) q^i`` are equalities, so a tail one term or one block short is below the exact tail."""
    from limits import Die

    return Board(2, {1: 0}), Die([1 - p_end, p_end]), Rule.STAY


EXACT = (Fraction(1, 100), 256, [0], [0], False, 2)
"""Bounds that are the exact survival's to 256 bits, up to where the sums' tails are within the tolerance."""
random_games = st.tuples(boards(min_size=4, max_size=9), dice(2, 3), st.sampled_from(list(Rule)))
fast = st.sampled_from([Fraction(3, 4), Fraction(1, 2), Fraction(1, 20)]).map(_geometric)
small_games = st.one_of(random_games, fast)
slack = st.lists(st.integers(0, 3), min_size=1, max_size=4)
tolerances = st.sampled_from([Fraction(1, 10), Fraction(1, 100), Fraction(1, 10**4)])
beyond = st.sampled_from([1, 1, 2])
precisions = st.one_of(st.tuples(tolerances, st.integers(4, 12), slack, slack, st.booleans(), beyond),
                       st.tuples(tolerances, st.integers(30, 256), slack, st.just([0]), st.booleans(), beyond),
                       st.tuples(tolerances, st.integers(30, 256), st.just([0]), slack, st.booleans(), beyond),
                       st.tuples(tolerances, st.just(256), st.just([0]), st.just([0]), st.just(False), beyond))


@settings(max_examples=scaled(40), deadline=None)
@given(small_games, precisions, st.sampled_from([2, 3]))
@example((Board(6, {2: 5}), fair(3), Rule.STAY), (Fraction(1, 10), 4, [0], [0], True, 1), 2)
@example((Board(7, {2: 6, 5: 1}), fair(2), Rule.BOUNCE), (Fraction(1, 100), 6, [3, 0], [1], False, 1), 3)
@example(_geometric(Fraction(1, 20)), EXACT, 2)
@example(_geometric(Fraction(1, 2)), EXACT, 2)
@example(_geometric(Fraction(1, 20)), (Fraction(1, 100), 64, [2], [0], False, 1), 3)
def test_every_end_of_a_game_lengths_sums_is_outward_at_any_precision(game, precision, k):
    """The mean and the variance of k players' spins and rounds from survival bounds of any precision: the exact
    value inside each, and the variance's enclosure holding ``s2 - s1^2`` for every pair of values of its two
    sums."""
    from limits.game.game_length import GameLength, Unit

    board, die, rule = game
    chain = build_chain(board, die, rule)
    if len(chain.states) ** k > 216:
        k = 2
    one = _player(chain, precision)
    s = chain.survival(8)  # one player's, exactly; the k players are independent
    for unit in (Unit.ROUNDS, Unit.SPINS):
        first, second = _sums(chain, 0, k, unit is Unit.SPINS)
        g = GameLength(one, k, unit)
        for t in range(7):  # after t spins, t mod k seats have had one turn more than the others
            r, j = (t, 0) if unit is Unit.ROUNDS else divmod(t, k)
            assert g.survival(t) == s[r + 1] ** j * s[r] ** (k - j) == 1 - g.cdf(t + 1)[t]
        s1, s2 = g._sums("test")
        assert first in s1 and second in s2, (unit, s1, first, s2, second)
        if _exact(precision) and g._tails(len(one.horizon) - 1)[1] <= one.tolerance:
            # a round whose tails are within the tolerance is in the bounds: the sums no wider than it
            assert s1.width <= s2.width <= one.tolerance + Fraction(1, 2**200)
        mean, variance = g.mean(), g.variance()
        assert first in mean and second - first**2 in variance
        assert variance.lower >= 0 and mean == s1
        for a in (s1.lower, s1.upper):  # the image of the two sums, corners first
            for b in (s2.lower, s2.upper):
                assert variance.lower <= max(0, b - a * a) and b - a * a <= variance.upper


@settings(max_examples=scaled(40), deadline=None)
@given(st.one_of(small_games, st.just(_geometric(Fraction(1, 1000)))), small_games, precisions, precisions)
@example(_geometric(Fraction(1, 1000)), _geometric(Fraction(1, 2)), EXACT,
         (Fraction(1, 100), 64, [1], [0], True, 1))
@example(_geometric(Fraction(1, 1000)), _geometric(Fraction(1, 2)), EXACT, (Fraction(1, 100), 8, [0], [3], False, 1))
@example(_geometric(Fraction(1, 1000)), _geometric(Fraction(3, 4)), (Fraction(1, 10), 256, [0], [0], False, 1),
         (Fraction(1, 10), 256, [0], [0], False, 1))
@example((Board(6, {2: 5}), fair(3), Rule.STAY), (Board(6, {2: 5}), fair(3), Rule.STAY),
         (Fraction(1, 10), 4, [0], [0], False, 1), (Fraction(1, 10), 5, [2], [1], True, 2))
def test_one_length_longer_than_another_is_held_at_any_precision(game_x, game_y, px, py):
    """``P(X > Y)`` of two one-player games from survival bounds of any precision: the exact chance inside,
    within [0, 1] (with X much longer than Y, what is left of Y's law past its horizon counts almost whole)."""
    from limits.game.game_length import GameLength, Unit

    chain_x, chain_y = build_chain(*game_x), build_chain(*game_y)
    x = GameLength(_player(chain_x, px), 1, Unit.TURNS)
    y = GameLength(_player(chain_y, py), 1, Unit.TURNS)
    for a, b, ca, cb in ((x, y, chain_x, chain_y), (y, x, chain_y, chain_x)):
        e = a.longer_than(b)
        assert _longer(ca, cb, 0) in e and 0 <= e.lower <= e.upper <= 1
        if _exact(px) and _exact(py):  # what is left past the bounds, within the coarser tolerance
            assert e.width <= 2 * max(px[0], py[0])


# ---- the race ---------------------------------------------------------------------------------------------------

RACES = [("win", "length"), ("never", "6"), ("win", "win"), ("length", "never")]


@pytest.mark.parametrize("first, second", RACES)
@pytest.mark.parametrize("digits", [5, 20])
def test_a_races_certified_values_hold_its_exact_values_within_their_width(first, second, digits):
    from limits.race.race import _width

    board, die = Board(7, {2: 6, 5: 1}), fair(2)
    game = build_chain(board, die)
    exact, r = game.race(first, second, exact=True), game.race(first, second, digits=digits)
    width = 2 * _width(digits)  # each value within the width of its certified value, either way
    for name in ("first_wins", "second_wins", "never_ends", "expected_rounds"):
        value, e = getattr(exact, name), Enclosure.of(getattr(r, name))
        assert Enclosure.of(value).is_exact and value in e, name
        assert e.width <= width, (name, e.width)
    parts = [Enclosure.of(getattr(r, name)) for name in ("first_wins", "second_wins", "never_ends")]
    assert sum(e.lower for e in parts) <= 1 <= sum(e.upper for e in parts)  # the three chances add up to 1


def test_a_race_of_fixed_policies_by_survival_bounds_holds_the_series_values():
    from limits.race.moves import seat_moves
    from limits.race.race import _fixed_pair, _fixed_policies

    moves = seat_moves(build_chain(Board(7, {2: 6, 5: 1}), fair(2)))
    fixed = _fixed_policies(moves, ("never", "6"), Fraction(1, 2))
    exact, _ = _fixed_pair(moves, fixed, None, "never", "6", 12, False)  # a race's: the series first
    certified, how = _fixed_pair(moves, fixed, {}, "never", "6", 12, False)  # the table's: its players first
    assert how == "survival bounds, certified"
    for name in ("first_wins", "second_wins", "never_ends", "expected_rounds"):
        value, e = getattr(exact, name), Enclosure.of(getattr(certified, name))
        assert value in e and certain_digits(e.lower, e.upper) >= 12 or e.width == 0, name


# ---- duration --float ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("board, die, rule", [(Board(30, {3: 17, 12: 2, 20: 29, 27: 5}), fair(6), "stay"),
                                              (Board(40, {5: 30, 33: 4}), weighted(6, "0.9"), "bounce"),
                                              (Board(25, {7: 1}), fair(3), "pass")])
def test_the_float_durations_proven_bounds_hold_the_exact_moments(board, die, rule):
    from limits.game.float_duration import float_moments

    chain = build_chain(board, die, rule)
    moments = float_moments(board, die, rule)
    for square in chain.states:
        exact = chain.moments(square)
        m, v = moments.bounds_at(square)
        mean, variance = moments.at(square)
        assert exact.mean in m and exact.variance in v
        assert mean in m and variance in v  # the solver's own floats
        root = v.sqrt(120)
        assert root.lower**2 <= exact.variance <= root.upper**2


@pytest.mark.parametrize("rule", ["stay", "bounce", "pass"])
def test_the_float_durations_bounds_on_the_papers_board_are_as_narrow_as_claimed(rule):
    """docs/cli.md claims about 13 certain digits of the mean and 12 of the variance on the paper's board (the
    exact residuals; the float residuals with every rounding bounded gave 12 and 10)."""
    from limits import standard
    from limits.game.float_duration import float_moments

    m, v = float_moments(standard(), fair(), rule).bounds_at(0)
    exact = build_chain(standard(), fair(), rule).moments(0)
    assert exact.mean in m and exact.variance in v
    assert m.certain_digits() >= 13 and v.certain_digits() >= 12


# ---- sigma at a point, the optimum, the survey -----------------------------------------------------------------

POINTS = [Fraction(1, 3), Fraction(1, 10**6), 1 - Fraction(1, 10**9)]


def _assert_rounds_to(decimal: str, digits: int, e: Enclosure) -> None:
    """Every number of ``e`` rounds to ``decimal`` at ``digits`` digits: the digits are all certain."""
    assert rounded(e.lower, digits) == rounded(e.upper, digits) == Fraction(decimal)


@pytest.mark.parametrize("eps", POINTS)
@pytest.mark.parametrize("route", ["exact", "balls"])
def test_sigma_at_a_point_holds_the_exact_value_to_every_digit_it_prints(eps, route, monkeypatch):
    from limits import Perturbation
    from limits.limit import certified_value
    from tests.mpmath_check import cross_check

    family = Perturbation.loaded(Board(12, {3: 9, 10: 2}), 2, faces=3)
    exact = family.exact_value(eps)
    if route != "exact":
        monkeypatch.setattr(certified_value, "MAX_EXACT_BITS", 0)  # no exact solve: the enclosure is the answer
    for digits in (5, 25):
        v = family.value_at(eps=eps, digits=digits)
        assert exact in v.enclosure and (v.exact is None) == (route != "exact")
        assert v.route == "dense"
        assert v.certain_digits >= digits and v.decimal == str(rounded(exact, v.certain_digits)) or \
            Fraction(v.decimal) == rounded(exact, v.certain_digits)
        if v.exact is None:
            _assert_rounds_to(v.decimal, v.certain_digits, v.enclosure)
        check = cross_check(family, v)  # mpmath's value, checked against the enclosure: within one unit
        unit = Fraction(10) ** (math.floor(math.log10(exact)) - v.certain_digits + 1)
        assert exact in check.enclosure and abs(check.value - exact) <= unit


@pytest.mark.parametrize("board, delta, where", [
    (Board(12, {3: 9, 10: 2}), 1, "interior"), (Board(20, {3: 15, 18: 4, 9: 1}), 3, "interior"),
    (Board(12, {3: 9, 10: 2}), 2, "limit_at_zero"), (Board(16, {5: 14, 11: 2}), 1, "limit_at_one")])
def test_the_optimum_holds_the_least_sigma_and_brackets_where_it_is_attained(board, delta, where):
    from limits import Perturbation

    family = Perturbation.loaded(board, delta, faces=3)
    f = family.rational_function()  # sigma(eps), eps = 1 - p
    o = family.optimum(12)
    assert o.attained.name.lower() == where
    least = min(f(Fraction(i, 64)) for i in range(1, 64))
    assert o.sigma_enclosure.lower <= least  # no point is lower than the least value claimed
    assert certain_digits(o.sigma_enclosure.lower, o.sigma_enclosure.upper) >= 12
    if where == "interior":  # sigma' changes sign between the ends of p's enclosure, and sigma there is the least
        lo, hi = sorted((1 - o.p_enclosure.lower, 1 - o.p_enclosure.upper))
        assert certain_digits(o.p_enclosure.lower, o.p_enclosure.upper) >= 12 and lo < hi
        slope = f.derivative()
        assert slope(lo) * slope(hi) <= 0
        assert min(f(lo), f(hi)) - o.sigma_enclosure.upper <= (hi - lo) * max(abs(slope(lo)), abs(slope(hi)))
    else:  # the infimum at an end: the value there (eps = 1 at p -> 0, eps = 0 at p -> 1)
        assert f(Fraction(1) if where == "limit_at_zero" else Fraction(0)) in o.sigma_enclosure


def test_the_surveys_float_rows_agree_with_its_exact_rows():
    from limits.model.random_board import BoardFamily
    from limits.survey.survey import Survey

    family = BoardFamily(40, 4, 4)
    exact = Survey(family, boards=6, seed=2, engine="exact", deltas=(2,))
    floats = Survey(family, boards=6, seed=2, engine="float", deltas=())
    from limits import Perturbation

    for i in range(6):
        a, b = exact.evaluate(i), floats.evaluate(i)
        assert (a.loop is None) == (b.loop is None)
        if a.loop is None:
            assert abs(b.expected_turns - a.expected_turns) <= 1e-9 * a.expected_turns
            assert a.expected_turns == build_chain(family.board_of(i, 2)).expected_duration()
        order = a.orders[0]  # the hierarchy's, against the whole rational function's expansion
        expansion = Perturbation.loaded(family.board_of(i, 2), 2).exact_expansion(1)
        if order.order is None:
            assert expansion.infinite or expansion.trap is not None
        else:
            assert (order.order, order.coefficient) == (expansion.order, expansion.leading_coefficient)


def test_the_tolerance_of_every_players_sum_is_ten_digits_past_those_shown_and_at_most_1e_30():
    """At every ``digits`` from 1 to MAX_DIGITS the players' sums are asked for at most 10^-(digits + 10) and at
    most 1e-30, and never finer than MIN_TOLERANCE."""
    from limits.checks import MAX_DIGITS, MIN_TOLERANCE
    from limits.game.reports import tolerance_for

    for digits in range(1, MAX_DIGITS + 1):
        tol = tolerance_for(digits)
        assert MIN_TOLERANCE <= tol <= min(Fraction(1, 10 ** (digits + 10)), Fraction(1, 10 ** 30)), digits
