"""Hypothesis strategies: random small boards, dice and rules."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st

from limits import Board, Die, Rule
from limits.errors import BoardError
from limits.model.chain import check_reachable


@st.composite
def boards(draw, min_size: int = 5, max_size: int = 40) -> Board:
    """A valid board of N in [min_size, max_size] on which every game can end.

    Checked with a 2-faced die under every rule: N is reachable and no closed
    loop can trap the player. More faces only add moves, so the board suits
    every die of :func:`dice` (traps have their own tests).
    """
    n = draw(st.integers(min_size, max_size))
    starts = draw(st.lists(st.integers(1, n - 1), unique=True, max_size=max(1, n // 4)))
    jumps: dict[int, int] = {}
    for a in starts:
        choices = [b for b in range(0, n + 1) if b != a and b not in jumps and b not in starts]
        if choices:
            jumps[a] = draw(st.sampled_from(choices))
    board = Board(n, jumps)
    if _fine(board):
        return board
    ladders = Board(n, {a: b for a, b in jumps.items() if b > a})  # ladders alone never trap
    return ladders if _fine(ladders) else Board(n, {})


def _fine(board: Board) -> bool:
    """N is reachable, and no square can trap a player whose die shows every face (k >= 2)."""
    from limits import build_chain, fair
    from limits.model.traps import trapped_squares

    for rule in Rule:
        try:
            check_reachable(board, 2, rule)
        except BoardError:
            return False
        if trapped_squares(build_chain(board, fair(2), rule)):
            return False
    return True


@st.composite
def dice(draw, min_faces: int = 2, max_faces: int = 6, positive: bool = True) -> Die:
    """A die with small integer weights; every face positive unless ``positive=False``."""
    k = draw(st.integers(min_faces, max_faces))
    low = 1 if positive else 0
    weights = draw(st.lists(st.integers(low, 5), min_size=k, max_size=k).filter(lambda w: sum(w) > 0))
    total = sum(weights)
    return Die([Fraction(w, total) for w in weights])


rules = st.sampled_from(list(Rule))
