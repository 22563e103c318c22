"""Every tie rule, stated and tested with a constructed tie.

The class: where two answers are equally good the package picks one by a
stated rule, and a rule broken the other way (``>=`` for ``>``, the largest for
the smallest, a tie counted as a strict preference) changes an answer only on
a tie, which random inputs almost never make. Each rule of :data:`RULES` is
quoted from the docstring that states it and tested on an input built to tie,
on every path that applies it (the exact stream and the certified float
search; the dense and the sparse engines).

Modules: limits/model/traps.py, limits/game/distribution.py, limits/game/quantile.py, limits/race/certificate.py
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from limits import Board, Die, InfiniteExpectationError, build_chain, fair
from limits.model.rules import Rule

from .strategies import boards, harness_boards, harness_dice, scaled

RULES = {
    "mode": ("limits.game.distribution.mode", "the smallest, on a tie"),
    "quantile": ("limits.game.quantile", "LOWER ... the smallest m with P(M <= m) >= q"),
    "trap": ("limits.model.chain.Chain.trapped", "Where several traps are reachable the one with the "
                                                          "smallest square is named."),
    "race certificate": ("limits.race.certificate", "a decision is proven when ... the two choices are exact ties"),
    "coin policy": ("limits.coin.best_policy", "A choice changes only on strict improvement (a tie keeps the "
                                               "current choice)"),
    "optimum": ("limits.limit.best_loading._rank", "On an exact tie: attained inside first, then the smaller p."),
    "survey quantile": ("limits.survey.summary", "the smallest sigma of the boards with at least a fraction q of the "
                                                  "boards at or below it"),
    "closest action": ("limits.coin.regions.closest_actions", "the choice whose nearest outcome is closest to targets "
                                                              "(fewest turns); on a tie, not flipping"),
    "routes": ("limits.limit.routes", "lead(i) = [order(i) = 0] z(i) + sum over the c attaining it of E(i, c) lead(c)"),
}
"""Each tie rule: where it is stated, and the statement (tested below, one test per rule)."""


def test_every_rule_is_stated_where_it_is_said_to_be():
    import importlib
    import inspect

    for name, (where, statement) in RULES.items():
        parts = where.split(".")
        for cut in range(len(parts), 0, -1):
            try:
                obj = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            for part in parts[cut:]:
                obj = getattr(obj, part)
            break
        text = " ".join((inspect.getdoc(obj) or "").replace("``", "").split())
        for piece in statement.split(" ... "):
            assert piece in text, f"{name}: {where} no longer states {piece!r}"


# ---- the mode and the quantiles ---------------------------------------------------------------------------------

def _tied_die(n: int) -> Die:
    """On a board of n squares: a turn wins with 1/4 (a roll of n), and the second turn wins with 1/4 too."""
    probs = [Fraction(0)] * n
    probs[n - 1], probs[n - 2], probs[0] = Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)
    return Die(probs)


@pytest.fixture(params=["exact stream", "certified float search"])
def path(request, monkeypatch):
    """Both paths of the mode and the quantiles: the float search forced on a small chain for the second."""
    from limits import checks

    if request.param == "certified float search":
        monkeypatch.setattr(checks, "FLOAT_SEARCH_FROM", 2)
    return request.param


@pytest.mark.parametrize("n", [6, 9])
def test_a_tied_mode_is_the_smaller_length(n, path):
    from limits.game.distribution import mode, pmf

    chain = build_chain(Board(n), _tied_die(n))
    chances = pmf(chain, 3)
    assert chances[1] == chances[2] == max(pmf(chain, 60)) == Fraction(1, 4)
    assert mode(chain) == 1


def test_a_level_the_cdf_hits_is_met_at_that_length(path):
    from limits.game.distribution import pmf, quantile

    chain = build_chain(Board(6, {2: 5}), fair(3))
    chances = pmf(chain, 12)
    cdf = np.cumsum(chances)
    hit = [m for m in range(1, 12) if chances[m]][:4]
    assert len(hit) == 4
    for m in hit:
        level = Fraction(cdf[m])
        assert 0 < level < 1
        assert quantile(chain, level) == m  # not the first length past the level
        assert quantile(chain, level + Fraction(1, 10**30)) > m


def test_the_surveys_quantile_of_tied_boards_is_their_value():
    from limits.model.random_board import BoardFamily
    from limits.survey.result import BoardResult, Engine
    from limits.survey.summary import summarise
    from limits.survey.survey import Survey

    values = [Fraction(3), Fraction(5), Fraction(5), Fraction(5), Fraction(9)]
    survey = Survey(BoardFamily(12, 1, 1), boards=len(values), seed=0, engine="exact", deltas=())
    rows = [BoardResult(i, Engine.EXACT, v, None) for i, v in enumerate(values)]
    spread = summarise(survey, rows, levels=("0.2", "0.4", "0.8", "0.81")).expected_turns
    # q = 0.2 is one board of five: the smallest sigma; 0.8 is four of five: the fourth, a tie; 0.81 the fifth
    assert [v for _, v in spread.quantiles] == [3, 5, 5, 9]


# ---- which trap is named --------------------------------------------------------------------------------------

def _reachable(chain, square: int) -> set[int]:
    graph = chain.successors()
    seen, todo = {square}, [square]
    while todo:
        for t in graph.get(todo.pop(), []):
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return seen


def _named(run) -> tuple[int, ...] | None:
    try:
        run()
    except InfiniteExpectationError as exc:
        return tuple(exc.trap)
    return None


@settings(max_examples=scaled(60))
@given(harness_boards(max_size=14), st.integers(2, 4).flatmap(harness_dice), st.sampled_from(list(Rule)))
def test_where_several_traps_are_reachable_every_route_names_the_smallest(board, die, rule):
    from limits.errors import BoardError
    from limits.game.one_player import OnePlayer

    try:
        chain = build_chain(board, die, rule)
    except BoardError:
        return
    for s in chain.states:
        reachable = [t for t in chain.traps if set(t) & _reachable(chain, s)]
        expected = min(reachable) if reachable else None
        assert chain.trapped.get(s) == expected
        if expected is None:
            continue
        assert _named(lambda: chain.expected_duration(s)) == expected
        assert _named(lambda: chain.moments(s, exact=False)) == expected
        assert _named(lambda: chain.expected_visits(s)) == expected
        assert OnePlayer(chain, s).trap == expected


def test_two_traps_reachable_from_the_start_name_the_smallest_on_every_route():
    from limits import Perturbation
    from limits.game.counts import game_counts
    from limits.limit.certified_value import certified_value

    # rolls of 3 or 4 only: from 0 to 3 or 4, where every roll overshoots N = 5 (1 and 2 are chutes to 0)
    board, die = Board(5, {1: 0, 2: 0}), Die([0, 0, Fraction(1, 2), Fraction(1, 2)])
    chain = build_chain(board, die, "stay")
    assert chain.traps == ((3,), (4,)) and chain.trapped[0] == (3,)
    assert _named(lambda: chain.expected_duration()) == (3,)
    assert _named(lambda: chain.moments(exact=False)) == (3,)
    assert _named(lambda: chain.players(2)) == (3,)
    assert _named(lambda: certified_value(chain, 0, Fraction(1, 2), 10)) == (3,)
    counts = game_counts(chain, 0, law_upto=1)
    assert {a.trap for a in counts.answers if a.trap is not None} <= {(3,)}
    family = Perturbation.between(die, Die([0, 0, Fraction(1, 3), Fraction(2, 3)]), board)
    assert family.trap == (3,)


# ---- the race's certificate -------------------------------------------------------------------------------------

RACES = [(Board(6, {2: 5}), fair(2), "stay"), (Board(7, {2: 6, 5: 1}), fair(3), "stay"),
         (Board(6, {4: 1}), fair(2), "bounce"), (Board(20, {4: 15, 5: 15, 6: 15}), fair(3), "stay")]


@pytest.mark.parametrize("board, die, rule", RACES, ids=[f"race{i}" for i in range(len(RACES))])
def test_the_race_certificate_counts_as_strict_exactly_the_decisions_that_are_strictly_better(board, die, rule):
    from fractions import Fraction as F

    from limits import build_chain
    from limits.race.certificate import _bounds, _ties, certify
    from limits.race.moves import seat_moves
    from limits.race.product import Objective
    from limits.race.race import _fixed_policies, _win_pair

    moves = seat_moves(build_chain(board, die, rule))
    pair, seats = _win_pair(moves, _fixed_policies(moves, ("win",), F(1, 2)), "win", "win")
    pair, certificates, solver = certify(pair, seats)
    for seat in seats:
        exact = solver.exact(Objective(seat))
        nf, _, fl, _ = _bounds(pair.moves, exact, seat)  # exact values: low and high bounds are equal
        policy = pair.first if seat == 1 else pair.second
        flip = policy.choices(pair.moves)
        decision = np.broadcast_to(pair.moves.decision[:, None, :], flip.shape)
        current, other = np.where(flip, fl, nf).astype(object), np.where(flip, nf, fl).astype(object)
        cert = certificates[seat]
        assert not (decision & (current < other)).any(), "a choice worse than its alternative was certified"
        assert np.array_equal(cert.strict, decision & (current > other)), "a tie counted as strict, or the reverse"
        zero = ~pair.can_win(seat).reshape(2, pair.n, pair.n)
        structural = _ties(pair.moves, zero, seat) & decision
        assert (current[structural] == other[structural]).all(), "a tie by structure whose values differ"
        assert cert.ties == int((structural & ~cert.strict).sum()) <= int((decision & (current == other)).sum())
    if board.size == 20:  # landing on 5 (or 4, 6): every choice ends on 15, a tie by structure
        assert all(c.ties > 0 for c in certificates.values())


# ---- the coin's best policy -------------------------------------------------------------------------------------

@pytest.mark.parametrize("engine", ["dense", "sparse"])
def test_a_coin_decision_that_ties_keeps_not_flipping(engine):

    board = Board(20, {4: 15, 5: 15, 6: 15})  # landing on 5, a flip or none all end on 15
    game = build_chain(board, fair(3))
    p = game.optimal_policy(engine=engine)
    tied = {k: v for k, v in p.decisions.items() if p.landings[k] == 5}
    assert tied and not any(tied.values())
    assert p.expected_turns == game.optimal_policy(engine="dense").expected_turns


# ---- the optimum ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("numerator, denominator, inside, p", [
    ([1, 1, -4, 4], [1], True, Fraction(1, 2)),  # 1 + p (1 - 2p)^2: 1 at p -> 0 and at p = 1/2: inside first
    ([265, -96, 352, -512, 256], [256], True, Fraction(1, 4)),  # two interior minima (1/4, 3/4): the smaller p
    ([1, 1, -1], [1], False, Fraction(0)),  # 1 + p (1 - p): 1 at both ends: the smaller p, the end p -> 0
])
def test_a_tied_optimum_is_attained_inside_first_then_at_the_smaller_p(numerator, denominator, inside, p):
    from limits.exact.rational import RationalFunction
    from limits.limit.best_loading import Attained, least_value

    f = RationalFunction.from_polys(numerator, denominator)
    o = least_value(f, f(Fraction(0)), f(Fraction(1)), digits=8)
    assert (o.attained is Attained.INTERIOR) == inside
    assert o.p_enclosure.lower <= p <= o.p_enclosure.upper < Fraction(1, 2) or p == Fraction(1, 2) == o.p_enclosure.lower


# ---- the closest actions of a coin policy ---------------------------------------------------------------------

@st.composite
def _actions(draw):
    """Actions on squares 0..5 (the goal 6): one or two rolls a square, not flipping and perhaps flipping, each a
    set of squares the turn may end on; few squares, so that choices are often equally close."""
    squares = st.integers(0, 6)
    out = {}
    for s in range(6):
        for roll in range(1, draw(st.integers(1, 2)) + 1):
            choices = {False: frozenset(draw(st.sets(squares, min_size=1, max_size=2)))}
            if draw(st.booleans()):
                choices[True] = frozenset(draw(st.sets(squares, min_size=1, max_size=2)))
            out[(s, roll)] = choices
    return out


def _turns_to(actions, targets, ok) -> dict[int, int]:
    """Fewest turns from each square to ``targets``, through choices that are ``ok`` (Bellman's rounds)."""
    turns = {t: 0 for t in targets}
    changed = True
    while changed:
        changed = False
        for (s, _), choices in actions.items():
            for ts in choices.values():
                near = min((turns[t] for t in ts if ok(ts) and t in turns), default=None)
                if near is not None and turns.get(s, math.inf) > near + 1:
                    turns[s], changed = near + 1, True
    return turns


@settings(max_examples=scaled(80))
@given(_actions(), st.sets(st.integers(0, 5)), st.one_of(st.none(), st.sets(st.integers(0, 5), min_size=3)),
       st.sampled_from([{6}, {6, 5}, {4}]))
@example({(0, 1): {False: frozenset({1}), True: frozenset({2})}, (1, 1): {False: frozenset({6})},
          (2, 1): {False: frozenset({6})}}, {0, 1, 2}, None, {6})  # 1 and 2 both one turn from the goal
@example({(0, 1): {False: frozenset({1}), True: frozenset({2})}, (1, 1): {False: frozenset({3}), True: frozenset({1})},
          (2, 1): {False: frozenset({4})}, (3, 1): {False: frozenset({6})}, (4, 1): {False: frozenset({6})}},
         {0, 1, 2, 4}, {0, 1, 2, 4}, {6})  # 1 reaches the goal only through 3, outside: never, not two turns
def test_the_closest_action_is_the_nearest_and_not_flipping_on_a_tie(actions, region, within, targets):
    from limits.coin.regions import closest_actions

    def ok(ts):
        return within is None or all(t in within or t == 6 for t in ts)

    # the callers' region: squares where every roll has a choice that stays within (the sure or keepable set)
    region = {s for s in region if all(any(ok(ts) for ts in c.values()) for (q, _), c in actions.items() if q == s)}
    turns = _turns_to(actions, targets, ok)
    chosen = closest_actions(actions, region, set(targets), within=within, goal=6 if within else None)
    assert set(chosen) == {key for key in actions if key[0] in region}
    for key, flip in chosen.items():
        near = {f: min(turns.get(t, math.inf) for t in ts) for f, ts in actions[key].items() if ok(ts)}
        assert near[flip] == min(near.values()), (key, near, flip)
        if len(set(near.values())) < len(near):  # equally close: not flipping
            assert flip is False


# ---- the routes up the hierarchy --------------------------------------------------------------------------------

TIED_FAMILIES = {
    # from 4 (and so from 0) a roll of 1 reaches the loop {2} (3 and 5 slide to 2) and a roll of 3 the loop {7}
    # (8 and 10 slide to 7), each left at order eps: two routes of order 1 whose terms add
    "two loops of the same order": (Board(12, {3: 2, 5: 2, 8: 7, 10: 7}), Die(["1/2", 0, "1/2"]), fair(3)),
    # at eps = 0 every roll is a 2: the time of the walk itself (z) and the route through the loop {9} tie at 0
    "the walk's time and a loop": (Board(10), Die([0, 1, 0]), fair(3)),
}


def _check_routes(family) -> int:
    """Each square's order and leading coefficient from the routes, against sigma's exact expansion from there;
    the routes' contributions add up to the coefficient. Returns the most routes of a square."""
    from limits import Perturbation

    h = family.hierarchy()
    analysis = h.analysis
    most = 0
    for i, square in enumerate(family.structure.states):
        order, lead = analysis.leading[0][i]
        exact = Perturbation.between(family.at, family.toward, family.board, rule=family.rule,
                                     start=square).exact_expansion(1)
        assert (order, lead) == (exact.order, exact.leading_coefficient), square
        routes = analysis.routes(0, i)
        assert sum(r.contribution for r in routes) == lead
        assert all(r.depth - r.chance_order == order for r in routes)
        most = max(most, len(routes))
    return most


@pytest.mark.parametrize("name", sorted(TIED_FAMILIES))
def test_routes_that_tie_add_their_terms(name):
    from limits import Perturbation

    board, at, toward = TIED_FAMILIES[name]
    assert _check_routes(Perturbation.between(at, toward, board)) >= 2


@st.composite
def _families(draw):
    """A small board, a die at eps = 0 with faces of no chance (so that it has loops: routes of order 1 and more,
    often several from a square) and a die toward which every face has one."""
    board = draw(boards(max_size=10))
    k = draw(st.integers(2, 3))
    at = draw(st.lists(st.sampled_from([0, 0, 1, 2]), min_size=k, max_size=k).filter(any))
    toward = draw(st.lists(st.integers(1, 3), min_size=k, max_size=k))
    return board, Die([Fraction(w, sum(at)) for w in at]), Die([Fraction(w, sum(toward)) for w in toward])


@settings(max_examples=scaled(30), deadline=None)
@given(_families())
def test_every_squares_routes_give_its_exact_order_and_coefficient(family):
    from limits import Perturbation
    from limits.errors import LimitsError

    board, at, toward = family
    try:
        family = Perturbation.between(at, toward, board)
    except LimitsError:
        return
    if family.trap is None:
        _check_routes(family)
