"""Modes of large boards decided on floats with proven bounds: the same as the exact stream's."""

from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import limits.checks as checks
import limits.game.distribution as distribution
import limits.game.float_stream as float_stream
from limits import BoardError, Die, TooLargeError, build_chain, weighted
from limits.game.distribution import mode
from limits.game.float_stream import mode_candidates, survival_bounds
from limits.model.random_board import BoardFamily
from tests.strategies import scaled


def _exact(monkeypatch, fn, *args):
    """``fn(*args)`` by the exact stream alone."""
    with (monkeypatch or pytest.MonkeyPatch()).context() as m:
        m.setattr(checks, "FLOAT_SEARCH_FROM", 10**9)
        return fn(*args)


@st.composite
def large_games(draw, sizes=(600, 900), least=None):
    n = draw(st.integers(*sizes))
    board = BoardFamily(n, draw(st.integers(0, n // 10)), draw(st.integers(0, n // 10))).board_of(
        draw(st.integers(0, 50)), draw(st.integers(0, 2**32)))
    faces = draw(st.integers(2, 12))
    weights = draw(st.lists(st.integers(1, 9), min_size=faces, max_size=faces))
    die = Die([Fraction(w, sum(weights)) for w in weights])
    try:
        chain = build_chain(board, die, draw(st.sampled_from(["stay", "bounce", "pass"])))
    except BoardError:  # square N out of reach of this die's faces
        assume(False)
    assume(len(chain.states) >= (checks.FLOAT_SEARCH_FROM if least is None else least))
    return chain


@settings(max_examples=scaled(10), deadline=None)
@given(large_games(sizes=(60, 120), least=50))
def test_the_float_search_gives_the_exact_mode_on_smaller_boards(chain):
    """The same search from 50 squares on: the exact stream, its oracle, is cheap there."""
    with pytest.MonkeyPatch.context() as m:
        m.setattr(checks, "FLOAT_SEARCH_FROM", 50)
        _float_search_is_exact(chain)


@pytest.mark.slow(reason="the exact stream's mode on boards of 500 to 700 squares, at the real "
                         "threshold (seconds to minutes an example)")
@settings(max_examples=scaled(3), deadline=None)
@given(large_games(sizes=(500, 700)))
def test_the_float_search_gives_the_exact_mode(chain):
    _float_search_is_exact(chain)


def _float_search_is_exact(chain):
    if chain.trapped:
        return  # the float search is for games that surely end; the exact stream answers the others
    assert distribution._large(chain)
    try:
        expected_mode = _exact(None, mode, chain)
    except TooLargeError:  # a game so slow that even the exact stream refuses its mode (MAX_MODE_TURNS)
        assume(False)
    assert mode(chain) == expected_mode


def test_the_bounds_enclose_the_exact_survival_even_with_tiny_probabilities():
    board = BoardFamily(600, 60, 60).board_of(0, 1)
    for die in (weighted(6, 1 - Fraction(1, 10**30)), weighted(2, Fraction(1, 10**400)), Die(["1/3", "2/3"])):
        chain = build_chain(board, die)
        bounds = survival_bounds(chain, chain.entry(0))
        exact = chain.survival(20)
        for (lo, hi), s in zip(bounds, exact):
            assert lo <= s <= hi
            assert hi - lo <= Fraction(1, 10**12)


def test_near_ties_go_back_to_the_exact_chances(monkeypatch):
    chain = build_chain(BoardFamily(600, 60, 60).board_of(0, 1))
    assert not chain.trapped
    found = mode_candidates(chain, 0, 100_000)
    exact = _exact(monkeypatch, mode, chain)
    assert found == [exact]
    # as if the bounds could not tell the mode from its neighbours: the exact chances decide
    monkeypatch.setattr(float_stream, "mode_candidates", lambda *a: [exact - 1, exact, exact + 1])
    assert mode(chain) == exact
    with monkeypatch.context() as m:  # chances too large to list exactly: the exact stream decides
        m.setattr(distribution, "pmf", lambda *a: (_ for _ in ()).throw(distribution.TooLargeError("big")))
        assert mode(chain) == exact


def test_a_search_the_bounds_cannot_finish_goes_back_to_the_exact_stream(monkeypatch):
    chain = build_chain(BoardFamily(600, 60, 60).board_of(0, 1))
    monkeypatch.setattr(float_stream, "mode_candidates", lambda *a: None)
    assert mode(chain) == _exact(monkeypatch, mode, chain)


@pytest.mark.parametrize("start", [0, 17])
def test_the_float_search_starts_where_the_game_does(monkeypatch, start):
    chain = build_chain(BoardFamily(700, 70, 70).board_of(3, 5))
    assert not chain.trapped and distribution._large(chain)
    assert mode(chain, start) == _exact(monkeypatch, mode, chain, start)
