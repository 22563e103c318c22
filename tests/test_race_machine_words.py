"""Every machine-word limit of the race at its edge: accepted at its value, refused one past it.

The class: the race's exact tables are integer weights over a common
denominator, held in 64-bit words, so each place of :mod:`limits.race`
that compares a size with :data:`limits.exact.dixon.MAX_ROW_WEIGHT` refuses
the sizes above it, before any work, with a
:class:`~limits.errors.TooLargeError`. A comparison off by
one (``>=`` for ``>``) refuses the limit itself, which only a die whose
denominator is a large power of two reaches. :data:`EDGES` holds, for each
module that makes such a comparison (read from the code), the quantity at
the limit (accepted, with tables checked against the rules in Fractions)
and one past it (refused).
"""

from __future__ import annotations

import ast
from fractions import Fraction
from pathlib import Path

import pytest

import limits.race.moves
import limits.race.product
from limits import Board, Die, build_chain
from limits.errors import TooLargeError
from limits.exact.dixon import MAX_ROW_WEIGHT
from limits.race.moves import seat_moves
from limits.race.policies import fixed_policy
from limits.race.product import Objective, RacePair
from tests import bruteforce_race as brute
from tests.test_race import oracle

BOARD = Board(3)


def _game(denominator: int, coin: Fraction):
    """The game of a two-faced die whose common denominator is ``denominator`` on a board of 3 squares."""
    p = Fraction(1, denominator)
    return build_chain(BOARD, Die([p, 1 - p]), coin=coin)


def _moves_edge(denominator: int, coin: Fraction):
    """``seat_moves``: the die's denominator times the coin's is the quantity."""
    m = seat_moves(_game(denominator, coin))
    assert m.roll_unit * m.coin_unit == denominator * coin.denominator
    assert [Fraction(int(w), m.roll_unit) for w in m.roll_weight] == list(_game(denominator, coin).die.probabilities)
    assert Fraction(m.heads, m.coin_unit) == coin
    return m


def _product_edge(denominator: int, coin: Fraction, policy: str):
    """The race's chain of both positions: twice the die's, the coin's and the flips' common denominator is
    the quantity; its rows are the rules' chances times it."""
    m = seat_moves(_game(denominator, coin))
    p = fixed_policy(policy, m)
    pair = RacePair(m, p, p, m.entry)
    unit = pair.unit
    assert unit == denominator * coin.denominator * p.den
    rows = brute.race_rows(BOARD.size, BOARD.jump_map, "stay", list(m.chain.die.probabilities), coin,
                           oracle(m, p), oracle(m, p))
    matrix, n = pair.matrix.toarray(), m.size
    win1, win2 = pair.rhs(Objective(1)), pair.rhs(Objective(2))
    for (turn, a, b), (row, w1, w2) in rows.items():
        s = pair.state(turn, m.index[a], m.index[b])
        want = {pair.state(t[0], m.index[t[1]], m.index[t[2]]): -q * unit for t, q in row.items()}
        want[s] = Fraction(unit)
        assert {t: Fraction(int(v)) for t, v in enumerate(matrix[s]) if v} == want
        assert (win1[s], win2[s]) == (w1 * unit, w2 * unit)
    assert matrix.shape == (2 * n * n, 2 * n * n)
    return pair


EDGES = {
    "limits.race.moves": [  # 2^30 x 2 and 2 x 2^30 are 2^31; 715827883 x 3 and 3 x 715827883 are 2^31 + 1
        (lambda: _moves_edge(1 << 30, Fraction(1, 2)), lambda: _moves_edge(715827883, Fraction(1, 3))),
        (lambda: _moves_edge(2, Fraction(1, 1 << 30)), lambda: _moves_edge(3, Fraction(1, 715827883)))],
    "limits.race.product": [  # twice 2^28 x 2 x 2 is 2^31; twice 214748365 x 5 x 1 is 2^31 + 2
        (lambda: _product_edge(1 << 28, Fraction(1, 2), "1"), lambda: _product_edge(214748365, Fraction(1, 5), "2"))],
}
"""For each module of the race that compares a size with MAX_ROW_WEIGHT: ``(at the limit, one past it)``."""


def _comparing_modules() -> set[str]:
    root = Path(limits.race.moves.__file__).parent
    found = set()
    for path in sorted(root.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Compare) and any(isinstance(x, ast.Name) and x.id == "MAX_ROW_WEIGHT"
                                                     for x in ast.walk(node)):
                found.add(f"limits.race.{path.stem}")
    return found


def test_every_comparison_with_the_machine_word_limit_has_its_edge_here():
    assert _comparing_modules() == set(EDGES)
    assert MAX_ROW_WEIGHT == 1 << 31
    assert limits.race.moves.MAX_ROW_WEIGHT == limits.race.product.MAX_ROW_WEIGHT == MAX_ROW_WEIGHT


@pytest.mark.parametrize(("module", "edge"), [(module, i) for module, edges in EDGES.items()
                                              for i in range(len(edges))])
def test_a_machine_word_limit_accepts_its_value_and_refuses_one_past_it(module, edge):
    at, past = EDGES[module][edge]
    at()
    with pytest.raises(TooLargeError, match="MAX_ROW_WEIGHT|exact engine's words"):
        past()
