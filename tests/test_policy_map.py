"""The optimal coin policy over p (or eps, or the coin's chance of heads), and the policy optimal as eps -> 0
(:mod:`limits.coin.policy_map`, :mod:`limits.limit.limit_policy`).

Checked against an independent brute force (tests/bruteforce_policy_map.py: every deterministic policy, sigma of
each as an exact rational function by interpolation, the envelope read between every candidate crossing), against
exact policy iteration at rational points on both sides of every breakpoint, and the paper's board as a regression.
"""

import random
from fractions import Fraction

import pytest
import sympy
from flint import fmpq, fmpz_poly
from hypothesis import given, settings
from hypothesis import strategies as st

from limits import Board, build_chain
from limits.coin.policy_map import ONE, ZERO, LinearCoin
from limits.exact.algebraic import first_odd_root
from limits.limit.perturbed_chain import Perturbation
from limits.model.die import Die
from tests.bruteforce_policy_map import X, brute_map


def _game(board, rule, faces, roll, heads, maximise=False, start=0):
    """The LinearCoin of the brute force's data (roll and heads numbers or (b0, b1) for b0 + b1 x)."""
    def lin(v):
        return (Fraction(v[0]), Fraction(v[1])) if isinstance(v, tuple) else (Fraction(v), Fraction(0))
    rolls, h = tuple(lin(r) for r in roll), lin(heads)
    mid = Die([a + b / 2 for a, b in rolls])
    chain = build_chain(board, mid, rule, start=start, policy=0, coin=h[0] + h[1] / 2)
    return LinearCoin(chain, rolls, h, maximise)


def _case(rng):
    faces = rng.randint(2, 3)
    n = rng.randint(3, 7)
    jumps = {}
    for _ in range(rng.randint(0, 2)):
        a, b = rng.randint(1, n - 1), rng.randint(1, n - 1)
        if a != b and a not in jumps and b not in jumps and a not in jumps.values():
            jumps[a] = b
    board = Board(n, jumps)
    rule = rng.choice(["stay", "pass", "bounce"])
    heads = rng.choice([Fraction(1, 2), Fraction(1, 3), Fraction(3, 4)])
    kind = rng.choice(["loaded", "between", "coin"])
    if kind == "loaded":
        d, rest = rng.randint(1, faces), Fraction(1, faces - 1)
        roll = [(0, 1) if f == d else (rest, -rest) for f in range(1, faces + 1)]
    else:
        def die():
            w = [rng.randint(0, 3) for _ in range(faces)]
            w[rng.randrange(faces)] += 1
            return [Fraction(v, sum(w)) for v in w]
        at, to = die(), die()
        roll = [(a, t - a) for a, t in zip(at, to)] if kind == "between" else at
        heads = heads if kind == "between" else (0, 1)
    return board, rule, faces, roll, heads, rng.random() < 0.3


def _agree(case):
    """The map against the brute force: the same pieces, breakpoints, policies and sigma."""
    board, rule, faces, roll, heads, maximise = case
    try:
        game = _game(board, rule, faces, roll, heads, maximise)
        mine = game.optimal_map()
    except Exception as e:  # noqa: BLE001 - a game no policy wins surely, refused by both
        assert type(e).__name__ in ("InfiniteExpectationError", "LimitsError", "TooLargeError"), e
        return "refused"
    try:
        theirs = brute_map(board, rule, faces, roll, heads, maximise=maximise, max_policies=256)
    except ValueError:
        return "too many policies"
    if theirs["unbounded"]:
        assert game.setup[5] is not None and mine.pieces == ()
        return "unbounded"
    states = set(game.setup[0])
    merged = []  # the brute force's pieces, on the decisions of the map's states
    for p in theirs["pieces"]:
        choice = {k: v for k, v in p["choice"].items() if k[0] in states}
        if merged and merged[-1]["choice"] == choice:
            merged[-1]["hi"] = p["hi"]
        else:
            merged.append({**p, "choice": choice})
    assert len(merged) == len(mine.pieces), (case, len(merged), len(mine.pieces))
    for p, q in zip(mine.pieces, merged):
        if q["lo"][0] is not None:  # the breakpoint: the same minimal polynomial, overlapping intervals
            lo, hi = p.lo.enclosure(30)
            assert sympy.Poly(list(reversed([int(c) for c in p.lo.m.coeffs()])), X).monic() == q["lo"][0].monic()
            assert lo <= q["lo"][2] and q["lo"][1] <= hi
        for s, f, _, g in game.setup[2]:
            if isinstance(g, tuple):
                assert (g in p.flips) == q["choice"][s, f - 1], (case, s, f)
        sig = p.sigma.to_sympy(X)
        assert sympy.cancel(sig - q["sigma"]) == 0
    return f"{len(mine.pieces)} pieces"


def test_the_map_agrees_with_every_policy_enumerated():
    rng = random.Random(2)
    seen = [_agree(_case(rng)) for _ in range(12)]
    assert sum(s.endswith("pieces") and s != "1 pieces" for s in seen) >= 2, seen  # some maps with breakpoints


@pytest.mark.slow(reason="48 tiny boards enumerated")
def test_the_map_agrees_with_every_policy_enumerated_on_more_boards():
    rng = random.Random(3)
    for _ in range(48):
        _agree(_case(rng))


def test_policy_iteration_on_both_sides_of_every_breakpoint():
    """A hair inside each piece, exact policy iteration at one rational p gives the piece's policy and sigma."""
    board = Board(12, {3: 9, 10: 2})
    game = _game(board, "stay", 6, [(Fraction(1, 5), Fraction(-1, 5))] * 2 + [(0, 1)] + [(Fraction(1, 5), Fraction(-1, 5))] * 3,
                 Fraction(1, 2))
    m = game.optimal_map("p")
    assert len(m.breakpoints) >= 3
    for p in m.pieces:
        lo, _ = p.lo.enclosure(40)
        _, hi = p.hi.enclosure(40)
        for x in (lo + (hi - lo) / 1024, hi - (hi - lo) / 1024):
            chain = build_chain(board, Die([a + b * x for a, b in game.roll]), "stay", policy=0)
            best = chain.optimal_policy()
            assert best.expected_turns == p.sigma(x)
            assert {k for k, flip in best.decisions.items() if flip and k[0] in game.setup[0]} == \
                {(s, f) for s, f, _, g in game.setup[2] if g is True or g in p.flips}


def test_a_root_at_one_is_not_a_breakpoint():
    """(x - 1)(2x - 1): the root at 1 is the end, not a breakpoint; 1/2 is the least odd root past 0."""
    f = fmpz_poly([1, -3, 2])
    r = first_odd_root(f, ZERO, fmpq(0), fmpq(1)).minimize()
    assert r.exact == Fraction(1, 2) and first_odd_root(r.strip(f), r, fmpq(1, 2), fmpq(1)) is None
    g = fmpz_poly([1, -2, 1]) * fmpz_poly([-1, 3])  # (x - 1)^2 (3x - 1)
    assert first_odd_root(g, ZERO, fmpq(0), fmpq(1)).minimize().exact == Fraction(1, 3)
    assert first_odd_root(fmpz_poly([1, -4, 4]), ZERO, fmpq(0), fmpq(1)) is None  # (2x - 1)^2: even, no change
    assert ONE.sign_right(fmpz_poly([1, -1]), -1) == 1  # 1 - x just left of 1


def test_the_paper_board_delta_5_regression():
    """sigma -> 1467/128 with the coin (93 without), the threshold 0.961504723177418 of degree 60."""
    best = Perturbation.loaded(delta=5).optimal_policy()
    assert best.sigma.order == 0 and best.sigma.leading_coefficient == Fraction(1467, 128)
    assert best.sigma_without_coin.leading_coefficient == 93
    data = best.to_json(15)
    assert data["threshold"]["decimal"] == "0.961504723177418" and len(data["threshold"]["polynomial"]) == 61
    assert [lp["broken"] for lp in data["loops"]] == [True, True, True, False, False]
    eps = Fraction(1, 10**30)  # past the threshold: exact policy iteration at p = 1 - 1e-30 plays the limit policy
    at = Perturbation.loaded(delta=5).chain_at(p=1 - eps).with_policy(0).optimal_policy()
    assert set(at.flip_squares()) == set(data["policy"]["flip"])


@pytest.mark.slow(reason="the whole map of the paper's board, several seconds")
def test_the_paper_board_map_delta_5():
    m = Perturbation.loaded(delta=5).policy_map()
    assert len(m.breakpoints) == 63
    assert m.to_json(15)["breakpoints"][-1]["decimal"] == "0.961504723177418"


small_cases = st.builds(lambda seed: _case(random.Random(seed)), st.integers(0, 10**6))


@settings(max_examples=15, deadline=None)
@given(small_cases)
def test_the_coin_never_lengthens_the_game_and_the_pieces_cover(case):
    """sigma with the optimal coin <= without at every piece's middle, and the pieces cover (0, 1) without gaps;
    maximising, >= (or unbounded)."""
    board, rule, faces, roll, heads, maximise = case
    try:
        game = _game(board, rule, faces, roll, heads, maximise)
        m = game.optimal_map()
    except ValueError:
        return
    if not m.pieces:
        assert maximise and game.setup[5] is not None
        return
    assert m.pieces[0].lo.exact == 0 and m.pieces[-1].hi.exact == 1
    assert all(a.hi is b.lo for a, b in zip(m.pieces, m.pieces[1:]))
    for p in m.pieces:
        lo, _ = p.lo.enclosure(30)
        _, hi = p.hi.enclosure(30)
        x = (lo + hi) / 2
        die = Die([a + b * x for a, b in game.roll])
        h = game.heads[0] + game.heads[1] * x
        try:
            plain = build_chain(board, die, rule).expected_duration()
        except ValueError:
            continue  # without the coin the game may never end
        assert (p.sigma(x) >= plain) if maximise else (p.sigma(x) <= plain), (case, x)
        assert h >= 0


@settings(max_examples=6, deadline=None)
@given(st.integers(1, 6), st.sampled_from([0, 1]))
def test_the_limit_policy_never_loses_to_no_coin_in_order_and_coefficient(delta, p_to):
    board = Board(15, {4: 12, 13: 3})
    f = Perturbation.loaded(board, delta, p_to=p_to)
    best = f.optimal_policy()
    s, plain = best.sigma, best.sigma_without_coin
    assert plain.infinite or (s.order, s.leading_coefficient) <= (plain.order, plain.leading_coefficient) or \
        s.order < plain.order


@settings(max_examples=15, deadline=None)
@given(small_cases)
def test_the_texts_changes_rebuild_every_pieces_landings(case):
    """Read back, the text's first line and its ``+``/``-`` lines rebuild each piece's flip landings from the one
    before, as the JSON gives them ("no flip" where a piece flips nowhere); every line names a piece where the
    landings change, or says they do not."""
    import re

    try:
        m = _game(*case).optimal_map()
    except ValueError:
        return
    pieces = m.to_json(6)["pieces"]
    lines = m.text(6).splitlines()[1:]
    assert len(lines) == len(pieces)
    landings: set[int] = set()
    for line, piece in zip(lines, pieces):
        change = line.split(": ", 1)[1]
        if change == "no flip":
            landings = set()
        elif change.startswith("flip on "):
            landings = {int(x) for x in change[len("flip on "):].split(", ")}
        elif change != "the same landings":
            for sign, squares in re.findall(r"([+-]) ([\d, ]+)", change):
                got = {int(x) for x in squares.split(", ")}
                assert not (got & landings if sign == "+" else got - landings), line  # a gain is new, a drop was there
                landings = landings | got if sign == "+" else landings - got
        assert landings == set(piece["policy"]["flip"]), line


FAMILY_BOARDS = [Board(20, {3: 11, 6: 2, 9: 15, 14: 4, 17: 7}), Board(15, {4: 12, 13: 3}), Board(18, {2: 10, 16: 5})]


@pytest.mark.parametrize("board", FAMILY_BOARDS, ids=["twenty", "fifteen", "eighteen"])
@pytest.mark.parametrize("delta", [2, 5])
def test_a_loaded_dies_map_is_policy_iteration_at_its_p_and_its_ends_are_the_limit_policies(board, delta):
    """The family's map over p (either end's family gives it) against exact policy iteration at the die with
    P(delta) = p inside every piece; the limit policy at each end is the piece at that end, its threshold the
    breakpoint nearest that end, and its JSON's limit the expansion's when the order is 0 (infinite otherwise)."""
    from limits import weighted

    for p_to in (1, 0):
        family = Perturbation.loaded(board, delta, p_to=p_to)
        m = family.policy_map()
        data = m.to_json(12)
        for piece, spec in zip(m.pieces, data["pieces"]):
            lo, hi = piece.lo.enclosure(40)[0], piece.hi.enclosure(40)[1]
            x = (lo + hi) / 2
            best = build_chain(board, weighted(delta, x, 6), policy=0).optimal_policy()
            assert sorted(best.flip_squares()) == spec["policy"]["flip"], (p_to, x)
            assert best.expected_turns == piece.sigma(x)
        limit = family.optimal_policy()
        end = data["pieces"][-1 if p_to == 1 else 0]
        assert sorted(limit.game.landings(limit.flips)[0]) == end["policy"]["flip"]
        got = limit.to_json(12)
        if data["breakpoints"]:
            near = data["breakpoints"][-1 if p_to == 1 else 0]
            assert got["threshold"]["polynomial"] == near["polynomial"] and \
                got["threshold"].get("decimal") == near.get("decimal")
        for key in ("sigma", "sigma_without_coin"):
            series = getattr(limit, key)
            if series.order == 0:
                assert Fraction(got[key]["limit"]["exact"]) == series.leading_coefficient
            else:
                assert got[key]["limit"]["infinite"] is True


@pytest.mark.parametrize("board", FAMILY_BOARDS, ids=["twenty", "fifteen", "eighteen"])
@pytest.mark.parametrize("p_to", [1, 0])
def test_every_escape_of_a_broken_loop_is_a_roll_of_the_limit_die(board, p_to):
    """A loop of the walk at eps = 0 is broken where a roll the limit die makes (a face of ``at``) flips: every
    escape's landing is its square plus such a face."""
    for delta in (1, 3, 5):
        family = Perturbation.loaded(board, delta, p_to=p_to)
        rolled = {f for f, p in enumerate(family.at.probabilities, 1) if p}
        for loop in family.optimal_policy().to_json(6)["loops"]:
            for e in loop["escapes"]:
                assert e["landing"] - e["square"] in rolled, (delta, loop)


def test_the_maps_picture_flips_where_the_map_flips():
    """``limits.display.policy_map``: each column of the picture's grid is the flip landings of the piece holding
    its x, and the plot draws sigma from the pieces (one line, and one more with sigma without the coin)."""
    import matplotlib

    matplotlib.use("Agg")
    from limits.display.policy_map import plot_policy_map, policy_grid

    family = Perturbation.loaded(FAMILY_BOARDS[0], 5)
    m = family.policy_map()
    xs = [Fraction(i, 50) for i in range(1, 50)]
    grid = policy_grid(m, [float(x) for x in xs])
    for column, x in enumerate(xs):
        piece = next(p for p in m.pieces if p.lo.enclosure(60)[0] <= x <= p.hi.enclosure(60)[1])
        flips = set(m.game.landings(piece.flips)[0])
        assert {s + 1 for s in range(grid.shape[0]) if grid[s, column]} == {s for s in flips if s <= grid.shape[0]}
    top, bottom = plot_policy_map(m, lambda p: family.exact_value(1 - p), points=40)
    assert len(top.lines) >= 2 and bottom.get_xlabel() == "p"
    import matplotlib.pyplot as plt

    plt.close("all")
