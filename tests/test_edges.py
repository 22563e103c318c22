"""The edges of the input space that the module tests rarely reach (the semantic mutants of
``tests/semantic_mutants.py`` name these tests).

Every rule with dice of more faces than twice the board, coins other than
fair, starts on jump squares, the documented tie rules where a tie happens,
and the certified objects checked for containment, width and the direction
of their rounding against exact rationals. Each outcome is derived here
independently (a brute-force turn, a closed form) rather than read back from
the code it tests.
"""

import functools
from fractions import Fraction
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from limits import Board, Die, Rule, build_chain, fair, standard, weighted
from limits.errors import InfiniteExpectationError
from tests.strategies import boards, coins, dice, rules

# ---- the moves: brute force ----------------------------------------------------------------------


def _folded(x: int, n: int) -> int:
    """Where a walk of ``x`` squares from 0 ends on 0..n, turning back at each end (a triangle wave)."""
    return n - abs(n - x % (2 * n))


def _walked(n: int, x: int) -> int:
    """The same, one square at a time."""
    at, way = 0, 1
    for _ in range(x):
        if at + way > n or at + way < 0:
            way = -way
        at += way
    return at


def _turn(board: Board, rule: Rule, s: int, f: int, side: int | None) -> int:
    """Where a turn from ``s`` with roll ``f`` ends: no flip (``side`` None), heads (+1) or tails (-1)."""
    n, x = board.size, s + f
    if rule is Rule.STAY:
        if x > n + 1:
            return s
        y = x if side is None else x + side
        return s if y > n else board.land(y)
    if rule is Rule.PASS:
        if x >= n:
            return n
        y = x if side is None else x + side
        return n if y >= n else board.land(y)
    x = _folded(x, n)
    return board.land(x if side is None else _folded(x + side, n))


def _can_flip(board: Board, rule: Rule, s: int, f: int) -> bool:
    n = board.size
    return {Rule.STAY: s + f <= n + 1, Rule.PASS: s + f < n, Rule.BOUNCE: True}[rule]


@given(st.integers(1, 6), st.integers(0, 40))
def test_the_fold_is_a_walk_turning_back_at_both_ends(n, x):
    assert _folded(x, n) == _walked(n, x)


@given(boards(min_size=2, max_size=5))
def test_bounce_folds_dice_longer_than_twice_the_board(board):
    from limits.model.rules import step

    n = board.size
    for s in range(n):
        for f in range(1, 5 * n + 2):  # faces up to five times the board
            assert step(board, Rule.BOUNCE, s, f) == board.land(_walked(n, s + f)), (s, f)


@given(boards(min_size=2, max_size=5))
def test_coin_bounce_folds_dice_longer_than_twice_the_board(board):
    from limits.model.moves import turn_outcomes

    n = board.size
    for s in board.squares:
        for f in range(1, 5 * n + 2):
            out = turn_outcomes(board, Rule.BOUNCE, s, f)
            assert out.landing == _walked(n, s + f)
            assert (out.no_flip, out.heads, out.tails) == tuple(_turn(board, Rule.BOUNCE, s, f, side)
                                                               for side in (None, 1, -1)), (s, f)


@given(boards(min_size=2, max_size=8), rules)
def test_turn_outcomes_match_the_brute_force_turn(board, rule):
    from limits.model.moves import turn_outcomes

    n = board.size
    for s in board.squares:
        for f in range(1, 3 * n + 2):
            out = turn_outcomes(board, rule, s, f)
            assert (out.landing is not None) == _can_flip(board, rule, s, f), (s, f)
            if out.landing is None:
                assert out.no_flip == out.heads == out.tails == _turn(board, rule, s, f, None)
            else:
                assert (out.no_flip, out.heads, out.tails) == tuple(_turn(board, rule, s, f, side)
                                                                   for side in (None, 1, -1)), (s, f)


def test_pass_exact_landing_wins_without_a_flip():
    from limits import build_chain
    from limits.model.moves import TurnOutcomes, turn_outcomes

    for n in range(2, 8):
        board = Board(n)
        for s in range(n):
            assert turn_outcomes(board, "pass", s, n - s) == TurnOutcomes(None, n, n, n)
    # always flipping, a roll onto N still wins: from N - 1 every roll of a two-faced die wins
    chain = build_chain(Board(5), fair(2), policy=lambda s, x: 1, coin=Fraction(1, 3), rule="pass")
    assert chain.row(4) == {5: 1}
    assert chain.row(3) == {5: Fraction(1, 2) + Fraction(1, 2) * Fraction(1, 3), 3: Fraction(1, 2) * Fraction(2, 3)}


# ---- the coin: biased, every rule, dice longer than the board ---------------------------------------


def _brute_rows(board, die, rule, policy, h):
    rows = {}
    for s in board.squares:
        row: dict[int, Fraction] = {}
        for f, p in enumerate(die.probabilities, 1):
            if not p:
                continue
            landing = _folded(s + f, board.size) if rule is Rule.BOUNCE else s + f
            q = Fraction(policy(s, landing)) if _can_flip(board, rule, s, f) else Fraction(0)
            for side, w in ((None, 1 - q), (1, q * h), (-1, q * (1 - h))):
                if w:
                    t = _turn(board, rule, s, f, side)
                    row[t] = row.get(t, Fraction(0)) + p * w
        rows[s] = {t: w for t, w in row.items() if w}
    return rows


def _flip_some(s: int, landing: int) -> Fraction:
    """A policy that flips with chance 0, 1/2 or 1 depending on the start and the landing."""
    return Fraction((s + 2 * landing) % 3, 2)


@given(boards(min_size=2, max_size=6), dice(max_faces=14), rules, coins)
def test_biased_coin_relabelled(board, die, rule, h):
    """The chain's rows against the brute-force turn, with coins other than fair (a fair coin hides a swap of
    heads and tails) and dice longer than twice the board."""
    from limits import build_chain

    chain = build_chain(board, die, policy=_flip_some, coin=h, rule=rule)
    assert {s: chain.row(s) for s in board.squares} == _brute_rows(board, die, rule, _flip_some, h)


@given(st.sampled_from([Fraction(1, 5), Fraction(2, 3), Fraction(1)]), rules)
def test_biased_coin_optimal_policy_relabelled(h, rule):
    """The optimal policy's value is the exact value of the chain its decisions make, with the same coin."""
    from limits import build_chain
    from limits.game.duration import expected_duration

    board = Board(12, {3: 9, 10: 2, 6: 1})
    best = build_chain(board, fair(4), rule, coin=h).optimal_policy()
    chain = build_chain(board, fair(4), policy=best.as_strategy(), coin=h, rule=rule)
    assert expected_duration(chain) == best.expected_turns


@pytest.mark.parametrize("rule", list(Rule))
def test_biased_coin_sampling_tables(rule):
    """The alias tables give each square's outcomes with the chain's chances, with a biased coin."""
    from limits import build_chain
    from limits.coin.sampling import outcome_tables

    board, die, h = Board(9, {2: 7, 8: 1}), Die([Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)]), Fraction(1, 5)
    chain = build_chain(board, die, policy=_flip_some, coin=h, rule=rule)
    states, accept, primary, alias = outcome_tables(chain)
    m = accept.shape[1]
    names = list(states) + [board.size]
    for i, s in enumerate(states):
        found: dict[int, float] = {}
        for j in range(m):
            a = float(accept[i, j])
            found[names[primary[i, j]]] = found.get(names[primary[i, j]], 0.0) + a / m
            found[names[alias[i, j]]] = found.get(names[alias[i, j]], 0.0) + (1 - a) / m
        want = chain.row(s)
        assert {t: pytest.approx(float(p), abs=1e-12) for t, p in want.items()} == {
            t: w for t, w in found.items() if w > 1e-15}, s


def test_sparse_policy_rounds_bounded():
    """On an empty board many flips tie exactly with not flipping: the float rounds must switch only beyond
    their slack (never on a tie), so they settle in a few rounds, far from their cap of 500."""
    from limits.model.board import empty

    for board in (empty(60), Board(40, {3: 20, 30: 5, 12: 35})):
        game = build_chain(board, fair())
        sparse, dense = game.optimal_policy(engine="sparse"), game.optimal_policy(engine="dense")
        assert sparse.expected_turns == dense.expected_turns
        # the same policies evaluated, each counted once (the one the floats settled on too)
        assert sparse.iterations == dense.iterations <= 10


# ---- the model: traps, jumps, seeds ----------------------------------------------------------------


def _reachable(chain, s):
    seen, todo = {s}, [s]
    while todo:
        u = todo.pop()
        if u == chain.goal:
            continue
        for t in chain.row(u):
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return seen


def test_smallest_trap_is_named():
    """Two traps reachable from the start: the one with the smallest square is named (documented)."""
    # rolls of 3 or 4 only: from 0 to 3 or to 4, where every roll overshoots N = 5 (1 and 2 are chutes to 0)
    chain = build_chain(Board(5, {1: 0, 2: 0}), Die([0, 0, Fraction(1, 2), Fraction(1, 2)]), "stay")
    assert chain.traps == ((3,), (4,)) and chain.trapped[0] == (3,)
    checked = 0
    for s in chain.states:
        found = [t for t in chain.traps if set(t) & _reachable(chain, s)]
        assert chain.trapped.get(s) == (min(found) if found else None), s
        checked += len(found) >= 2
    assert checked


def test_one_trapped_square_is_a_trap():
    chain = build_chain(Board(4, {1: 3}), Die([0, 1]))
    assert chain.states == (0, 2, 3)
    assert chain.traps == ((3,),) and dict(chain.trapped) == {3: (3,)}
    assert chain.expected_duration() == 2
    with pytest.raises(InfiniteExpectationError):
        chain.expected_duration(start=3)


def test_largest_face_alone_reaches_the_goal():
    chain = build_chain(Board(2, {1: 0}), fair(2))  # a 1 goes back to 0: only the 2 wins
    assert chain.expected_duration() == 2


def test_ladder_to_the_last_square():
    board = Board(10, {5: 10})
    assert board.land(5) == 10
    assert build_chain(board, fair(5)).row(0)[10] == Fraction(1, 5)


def test_boards_differ_by_seed_and_index():
    from limits.model.random_board import BoardFamily

    family = BoardFamily(60, 5, 5)
    pairs = [(seed, index) for seed in range(4) for index in range(4)]
    drawn = {pair: family.board_of(pair[1], seed=pair[0]).jumps for pair in pairs}
    assert len(set(drawn.values())) == len(pairs)  # (seed, index) and not seed + index
    assert drawn[(1, 2)] == family.board_of(2, seed=1).jumps


def _trap_from_jump():
    chain = build_chain(standard(), weighted(3, 1))  # square 1 is a ladder to 38, and 38 walks into the loop {53}
    assert 1 not in chain.index and chain.trapped.get(38) is not None
    return chain


def test_start_on_a_jump_square_into_a_trap():
    from limits.game.one_player import OnePlayer
    from limits.game.players import Party

    chain = _trap_from_jump()
    with pytest.raises(InfiniteExpectationError):
        chain.expected_duration(start=1)
    with pytest.raises(InfiniteExpectationError):
        chain.moments(start=1)
    assert OnePlayer(chain, 1).trap == chain.trapped[38]
    with pytest.raises(InfiniteExpectationError):
        Party(OnePlayer(chain, 1), 2).rounds.mean()
    from limits.game.rewards import RewardChain

    def chutes(move):
        return int(move.target < move.landed)

    for start in (1, 38):  # the chute 56 -> 53 is taken for ever in the loop {53}
        with pytest.raises(InfiniteExpectationError):
            RewardChain(chain, start).moments(chutes)


def test_min_turns_from_a_jump_square():
    from limits.game.distribution import min_turns

    chain = build_chain()
    for a, b in standard().jumps:
        want = 0 if b == chain.goal else chain.fewest_turns[b]
        assert min_turns(chain, a) == want


# ---- ties ----------------------------------------------------------------------------------------------


def _tied_die(n: int) -> Die:
    """On a board of n squares: a turn wins with 1/4 (a roll of n), and the second turn wins with 1/4 too."""
    probs = [Fraction(0)] * n
    probs[n - 1], probs[n - 2], probs[0] = Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)
    return Die(probs)


def test_mode_tie_small_chain():
    from limits.game.distribution import mode, pmf

    chain = build_chain(Board(10), _tied_die(10))
    chances = pmf(chain, 40)
    assert chances[1] == chances[2] == max(chances) == Fraction(1, 4)
    assert mode(chain) == 1


def test_mode_tie_large_chain():
    from limits.checks import FLOAT_SEARCH_FROM
    from limits.game.distribution import mode, pmf
    from limits.game.float_stream import mode_candidates

    n = FLOAT_SEARCH_FROM + 20
    chain = build_chain(Board(n), _tied_die(n))
    chances = pmf(chain, 3)
    assert chances[1] == chances[2] == Fraction(1, 4) > chances[3]
    assert mode_candidates(chain, 0, 1000) == [1, 2]
    assert mode(chain) == 1


# ---- expansions ----------------------------------------------------------------------------------------


def test_variance_expansion_with_a_pole():
    """delta = 3: sigma ~ (5/26) eps^-2, so Var ~ (5/26)^2 eps^-4 = 25/676 eps^-4 (a geometric-like tail)."""
    from limits import Perturbation
    from limits.limit.expansion import mean_expansion, variance_expansion

    family = Perturbation.loaded(delta=3)
    h = family.hierarchy()
    assert mean_expansion(h, 1).coefficients == ((-2, Fraction(5, 26)),)
    assert variance_expansion(h, 1).coefficients == ((-4, Fraction(25, 676)),)
    # against the exact variance at a small exact eps: eps^4 Var -> 25/676
    eps = Fraction(1, 10**4)
    var = build_chain(standard(), weighted(3, 1 - eps)).moments().variance
    assert abs(var * eps**4 / Fraction(25, 676) - 1) < Fraction(1, 100)


# ---- certified objects ---------------------------------------------------------------------------------


def test_seat_enclosures_contain_exact():
    """The enclosures of each seat's chance hold the exact chances (forced here past the exact route)."""
    from limits.game.one_player import OnePlayer
    from limits.game.players import Party
    from tests.multiset_oracle import multiset_seat_chances

    for board, die in ((Board(1), fair(2)), (Board(3), fair(2)), (Board(6, {2: 5, 4: 1}), fair(3))):
        for k in (2, 3):
            party = Party(OnePlayer(build_chain(board, die), tolerance=Fraction(1, 10**8)), k)
            exact = party.seat_chances().exact if k == 2 else multiset_seat_chances(build_chain(board, die), k)
            assert exact is not None and sum(exact) == 1
            seats = party.win_probability(SimpleNamespace(exact=None))
            for e, v in zip(seats, exact):
                assert e.lower <= v <= e.upper
                assert e.width <= Fraction(1, 10**6)


def test_rounds_enclosures_contain_exact():
    """One player's turns are geometric with 1/2 on Board(1) and a fair coin-die: two players' rounds are
    geometric with 3/4, mean 4/3 and variance 4/9."""
    from limits.game.one_player import OnePlayer
    from limits.game.players import Party

    tol = Fraction(1, 10**9)
    rounds = Party(OnePlayer(build_chain(Board(1), fair(2)), tolerance=tol), 2).rounds
    mean, var = rounds.mean(), rounds.variance()
    assert mean.lower <= Fraction(4, 3) <= mean.upper and mean.width <= 10 * tol
    assert var.lower <= Fraction(4, 9) <= var.upper and var.width <= 100 * tol


@given(st.fractions(Fraction(1, 10**6), 10**6), st.integers(1, 12))
def test_certain_digits_boundary(size, d):
    """Width exactly 10^-d of the value pins d digits, not d - 1: (hi - lo) 10^d <= min |end| < ... 10^(d+1)."""
    from limits.exact.digits import certain_digits

    for lo, hi in ((size, size + size / 10**d), (size - (size / 10**d), size)):
        got = certain_digits(lo, hi)
        smaller = min(abs(lo), abs(hi))
        assert (hi - lo) * 10**got <= smaller < (hi - lo) * 10 ** (got + 1)
    assert certain_digits(Fraction(1), Fraction(11, 10)) == 1


def test_decimal_exponent_edges():
    from limits.exact.digits import decimal

    assert decimal(10**21) == "1e21"
    assert decimal(10**20) == "100000000000000000000"
    assert decimal(Fraction(1, 10**6)) == "0.000001"
    assert decimal(Fraction(1, 10**7)) == "1e-7"


_ends = st.tuples(st.fractions(-1000, 1000, max_denominator=10**9), st.fractions(0, 10, max_denominator=10**6))


@given(_ends, st.integers(1, 12))
def test_interval_text_bounds_outward(ends, digits):
    """The printed bounds hold the interval (rounded outward); the decimal is what every point rounds to."""
    from limits.exact.digits import rounded
    from limits.exact.known_digits import interval_text

    lo, hi = ends[0], ends[0] + ends[1]
    t = interval_text(lo, hi, digits)
    assert Fraction(t.lower) <= lo and Fraction(t.upper) >= hi
    if t.decimal is not None:
        d = t.certain_digits
        assert 1 <= d <= digits
        assert rounded(lo, d) == rounded(hi, d) == Fraction(t.decimal)
        assert rounded(Fraction(t.lower), d) == rounded(Fraction(t.upper), d) == Fraction(t.decimal)


@given(_ends, st.integers(1, 12))
def test_interval_text_most_digits(ends, digits):
    """No more digits than those printed are certain: at every d up to the digits asked, the ends round apart."""
    from limits.exact.digits import rounded
    from limits.exact.known_digits import interval_text

    lo, hi = ends[0], ends[0] + ends[1]
    t = interval_text(lo, hi, digits)
    if lo == hi or lo <= 0 <= hi:
        return
    for d in range(t.certain_digits + 1, digits + 1):
        assert rounded(lo, d) != rounded(hi, d), d


def test_interval_text_half_even_agreement():
    """Ends one unit apart that round half to even to the same value: that value, at that many digits."""
    from limits.exact.known_digits import interval_text

    t = interval_text(Fraction("1.035"), Fraction("1.045"), 5)
    assert (t.decimal, t.certain_digits) == ("1.04", 3)


def test_enclosure_contains_its_ends():
    from limits.exact.enclosure import Enclosure

    third = Fraction(1, 3)
    assert third in Enclosure(third, third)
    e = Enclosure(Fraction(1, 4), Fraction(1, 2))
    assert Fraction(1, 4) in e and Fraction(1, 2) in e and Fraction(1, 5) not in e and Fraction(3, 5) not in e


@given(st.integers(1, 10**6), st.integers(0, 60), st.integers(1, 30))
def test_accepted_ball_width(mid, rad_exp, digits):
    """A ball is accepted only with the digits asked certain, and its enclosure holds the ball."""
    from flint import arb

    from limits.exact.digits import certain_digits
    from limits.exact.precision import accepted_ball

    x = arb(mid) / 7 + arb(0, 2.0**-rad_exp)
    for same in (False, True):
        found = accepted_ball(x, digits, same)
        if found is not None:
            assert certain_digits(found.lower, found.upper) >= digits
            assert found.lower <= Fraction(mid, 7) <= found.upper
    near = arb(1, Fraction(4, 10**5).__float__())  # certain to 4 digits, not 5
    assert accepted_ball(near, 5, False) is None and accepted_ball(near, 4, False) is not None


def test_least_value_ties_take_the_smaller_p():
    """Two interior minima of the same value (p = 1/4 and 3/4), and two ends of the same value: the smaller p."""
    from limits.exact.rational import RationalFunction
    from limits.limit.best_loading import Attained, least_value

    # 1 + (p - 1/4)^2 (p - 3/4)^2, times 256
    f = RationalFunction.from_polys([265, -96, 352, -512, 256], [256])
    o = least_value(f, Fraction(265, 256), Fraction(265, 256), digits=8)
    assert o.attained is Attained.INTERIOR
    assert o.p_enclosure.lower <= Fraction(1, 4) <= o.p_enclosure.upper < Fraction(1, 2)
    g = RationalFunction.from_polys([1, 1, -1], [1])  # 1 + p (1 - p): 1 at both ends, more inside
    o = least_value(g, Fraction(1), Fraction(1), digits=8)
    assert o.attained is not Attained.INTERIOR and o.p_enclosure.upper < Fraction(1, 2)


def test_estimate_digits_at_powers_of_ten():
    """A value or an error that is an exact power of ten sits in the decade it begins."""
    from limits.exact.known_digits import estimate_digits

    assert estimate_digits(Fraction(10), Fraction(1, 2), 15) == 3  # 10.0 +- 0.5
    assert estimate_digits(Fraction("39.6012"), Fraction("0.01"), 15) == 4  # 39.60 +- 0.01
    assert estimate_digits(Fraction(100), Fraction(10), 15) == 2


def test_mpmath_value_accepts_one_unit_off_the_enclosure():
    """mpmath's value must lie in the enclosure widened by one unit in the digits-th digit: not less, not more."""
    from limits.errors import ConvergenceError
    from limits.exact.enclosure import Enclosure
    from tests.mpmath_check import mpmath_value

    third, unit = Fraction(1, 3), Fraction(1, 10**10)
    near = Enclosure(third - 2 * unit / 100, third - unit / 100)  # 1/3 lies a hundredth of a unit above it
    value, _ = mpmath_value([[Fraction(3)]], 0, 10, enclosure=near, max_bits=400)
    from tests.mpmath_check import mpf_to_fraction

    assert abs(mpf_to_fraction(value) - third) < unit / 10**5
    far = Enclosure(third - 4 * unit, third - 3 * unit)
    with pytest.raises(ConvergenceError):
        mpmath_value([[Fraction(3)]], 0, 10, enclosure=far, max_bits=400)


def test_upper_quantile_at_the_limit_of_the_cdf():
    """Half the games never end and the cdf reaches 1/2 at 1: the lower median is 1, the upper one never comes."""
    import math

    from limits.game.quantile import QuantileRule, quantile_from_cdf

    cdf = [Fraction(1, 4), Fraction(1, 2)]
    assert quantile_from_cdf(cdf, "1/2", QuantileRule.LOWER, total=Fraction(1, 2), settles_at=1) == 1
    assert quantile_from_cdf(cdf, "1/2", QuantileRule.UPPER, total=Fraction(1, 2), settles_at=1) == math.inf


@given(boards(min_size=2, max_size=6), dice(max_faces=14), rules, st.sampled_from([None, 1, 2, 5]))
def test_float_moment_bounds_hold_against_exact(board, die, rule, loaded):
    """The float moments' proven bounds hold the exact moments, for every rule and dice longer than twice the
    board, on fast chains and on slow ones (a die loaded to 1 - 10^-5 on one face)."""
    from limits.game.float_duration import float_moments

    if loaded is not None:
        die = weighted(min(loaded, die.faces), 1 - Fraction(1, 10**5), die.faces)
    chain = build_chain(board, die, rule)
    floats = float_moments(board, die, rule)
    for s in chain.states:
        exact = chain.moments(start=s)
        mean, var = floats.at(s)
        assert abs(Fraction(mean) - exact.mean) <= exact.mean / 10**6, s
        bounds = floats.bounds_at(s)
        if loaded is None:
            assert bounds is not None  # a well-conditioned chain has its bounds
        if bounds is not None:
            assert exact.mean in bounds[0] and exact.variance in bounds[1], s


@given(st.one_of(st.builds(Board, st.integers(1, 4)), boards(min_size=2, max_size=4)), rules,
       st.integers(2, 9), st.data())
def test_variance_expansion_on_tiny_boards(board, rule, faces, data):
    """The variance's expansion against the exact variance at a small exact eps, on tiny boards under every
    rule (under pass many games have one length only: the expansion is then 0), dice longer than the board."""
    from limits import Perturbation

    delta = data.draw(st.integers(1, faces))
    family = Perturbation.loaded(board, delta, rule=rule, faces=faces)
    if family.trap is not None:
        return
    expansion = family.variance(2)
    eps = Fraction(1, 10**4)
    exact = build_chain(board, family.die(eps), rule).moments().variance
    approx = sum((a * eps**j for j, a in expansion.coefficients), Fraction(0))
    if all(a == 0 for _, a in expansion.coefficients):
        assert exact == 0
    else:
        assert abs(approx - exact) <= abs(exact) / 10**3


@functools.lru_cache
def _exact_moments(board, die):
    chain = build_chain(board, die)
    return [chain.moments(start=s) for s in chain.states]


@pytest.mark.parametrize("error", [0.0, 1e-9, -1e-7, 1e-6])
@pytest.mark.parametrize("board, die", [(Board(6), weighted(5, 1 - Fraction(1, 10**4), 6)),
                                        (Board(10, {7: 2}), weighted(2, 1 - Fraction(1, 10**3), 4)),
                                        (standard(), fair())])
def test_moment_bounds_hold_for_any_approximation(board, die, error):
    """The bounds come from the exact residuals, so they hold for any float answers, however poor: here the exact
    moments spoiled by a relative error, on slow chains (a large mean) too. They are as narrow as that error: the
    mean's within twice it, and both within 1e-10 where the floats are the exact moments rounded."""
    import numpy as np

    from limits.game.float_duration import moment_enclosures
    from limits.game.linear_system import finite_system

    chain = build_chain(board, die)
    matrix, scale = finite_system(chain).integer_matrix()  # every square finite: the chain's own order
    exact = _exact_moments(board, die)
    n = len(exact)
    spoil = np.array([1 + error * (-1) ** i for i in range(n)])
    mean = np.array([float(e.mean) for e in exact]) * (1 + error)
    variance = np.array([float(e.variance) for e in exact]) * spoil
    found = moment_enclosures(matrix, scale, mean, variance)
    assert found is not None
    for i, e in enumerate(exact):
        assert e.mean in found[0][i] and mean[i] in found[0][i]
        assert e.variance in found[1][i] and variance[i] in found[1][i]
        assert found[0][i].width <= (2 * abs(Fraction(error)) + Fraction(1, 10**10)) * e.mean
        assert error or found[1][i].width <= (e.variance + 1) / 10**10


# ---- metamorphic relations ---------------------------------------------------------------------------


@given(boards(min_size=2, max_size=8), dice(max_faces=10), st.integers(1, 5), coins)
def test_pass_board_embedded_in_a_longer_one(board, die, extra, h):
    """Under pass, a board of N is the board of N + extra whose squares N.. N + extra - 1 are ladders to the
    end; with the coin too, when the policy never flips a landing at or past N."""
    from limits import build_chain
    from limits.game.duration import expected_duration

    n = board.size
    end = n + extra  # a jump to N goes to the new end
    longer = Board(end, {**{a: end if b == n else b for a, b in board.jumps}, **{a: end for a in range(n, end)}})
    assert build_chain(board, die, "pass").expected_duration() == build_chain(longer, die, "pass").expected_duration()

    def flips(start, landing):
        return Fraction(1, 2) if landing < n else 0

    one = build_chain(board, die, policy=flips, coin=h, rule="pass")
    other = build_chain(longer, die, policy=flips, coin=h, rule="pass")
    assert expected_duration(one) == expected_duration(other)


@given(boards(min_size=2, max_size=10), dice(max_faces=8), rules, coins)
def test_never_flipping_is_the_game_without_a_coin(board, die, rule, h):
    from limits import build_chain

    plain = build_chain(board, die, rule)
    never = build_chain(board, die, policy=lambda start, landing: 0, coin=h, rule=rule)
    assert never.rows == plain.rows


@given(boards(min_size=2, max_size=12), dice(max_faces=30), rules)
def test_a_start_anywhere_is_a_start_where_it_lands(board, die, rule):
    """A game started on any square 0..N, jump squares included, is the game started where that square leads."""
    chain = build_chain(board, die, rule)
    for a in range(board.size + 1):
        b = board.land(a)
        assert chain.expected_duration(start=a) == (0 if b == board.size else chain.expected_duration(start=b))
        assert chain.min_turns(start=a) == chain.min_turns(start=b)
        assert chain.median(start=a) == chain.median(start=b)


def test_the_sparse_elimination_calls_singular_a_pivot_within_eps_of_the_largest_column_sum():
    """The mpmath cross-check's elimination raises exactly when a pivot is at most eps times the matrix's 1-norm
    (its largest column sum, here about 1; its largest row sum is about 2), and solves on the other side."""
    import mpmath

    from tests.mpmath_check import sparse_lu_solve as _sparse_lu_solve

    ctx = mpmath.MPContext()
    ctx.prec = 53
    eps = Fraction(1, 2**52)
    assert ctx.eps == ctx.mpf(2) ** -52
    for delta, singular in ((3 * eps / 4, True), (3 * eps / 2, False), (0, True)):
        a = [[Fraction(1), Fraction(1)], [Fraction(0), delta]]
        if singular:
            with pytest.raises(ZeroDivisionError):
                _sparse_lu_solve(ctx, a)
        else:
            x = _sparse_lu_solve(ctx, a)
            assert x[1] == ctx.one / ctx.mpf(delta.numerator) * delta.denominator and x[0] == 1 - x[1]
    x = _sparse_lu_solve(ctx, [[Fraction(0), Fraction(2)], [Fraction(4), Fraction(1)]])  # a zero on the diagonal
    assert (x[0], x[1]) == (ctx.mpf(1) / 8, ctx.mpf(1) / 2)
    with pytest.raises(ZeroDivisionError):  # a row with no entry
        _sparse_lu_solve(ctx, [[Fraction(1), Fraction(0)], [Fraction(0), Fraction(0)]])
