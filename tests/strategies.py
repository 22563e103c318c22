"""Hypothesis strategies: random small boards, dice and rules."""

from __future__ import annotations

import os
from fractions import Fraction

from hypothesis import settings
from hypothesis import strategies as st

from limits import Board, Die, Rule
from limits.errors import BoardError
from limits.model.reach import check_reachable


def scaled(n: int) -> int:
    """The examples of a property that runs ``n`` under CI's profile (40), scaled with the profile in use.

    15 locally (so ``n`` becomes about ``3 n / 8``), 1000 with ``--hypothesis-profile=long``; at least 2.
    """
    return max(2, round(n * settings.default.max_examples / 40))


@st.composite
def boards(draw, min_size: int = 5, max_size: int = 40) -> Board:
    """A valid board of N in [min_size, max_size] on which every game can end.

    Checked with a 2-faced die under every rule: N is reachable and no closed
    loop can trap the player. More faces only add moves, so the board suits
    every die of :func:`dice` (traps have their own tests).
    """
    n = draw(st.integers(min_size, max_size))
    proposed = draw(proposed_jumps(n))
    jumps = {a: b for a, b in proposed.items() if b not in proposed}  # a chained jump is refused by Board
    board = Board(n, jumps)
    if _fine(board):
        return board
    ladders = Board(n, {a: b for a, b in jumps.items() if b > a})  # ladders alone never trap
    return ladders if _fine(ladders) else Board(n, {})


@st.composite
def proposed_jumps(draw, n: int) -> dict[int, int]:
    """Jumps ``{from: to}`` for a board of ``n`` squares, each in range, that may chain: a target may be the
    start of another jump (of either kind), which :class:`~limits.Board` refuses."""
    starts = draw(st.lists(st.integers(1, n - 1), unique=True, max_size=max(1, n // 4)))
    jumps: dict[int, int] = {}
    for a in starts:
        jumps[a] = draw(st.integers(0, n).filter(lambda b, a=a: b != a))
    return jumps


def _fine(board: Board) -> bool:
    """N is reachable, and no square can trap a player whose die shows every face (k >= 2)."""
    from limits import build_chain, fair

    for rule in Rule:
        try:
            check_reachable(board, 2, rule)
        except BoardError:
            return False
        if build_chain(board, fair(2), rule).trapped:
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

coins = st.one_of(st.sampled_from([Fraction(0), Fraction(1)]),
                  st.fractions(0, 1, max_denominator=12)).filter(lambda h: h != Fraction(1, 2))
"""A coin's chance of heads other than 1/2 (a fair coin hides a swap of heads and tails), 0 and 1 included."""


# ---- the differential harness (tests/test_harness.py) ----------------------------------------------
#
# Two profiles: the default one (30 examples in CI, scaled with Hypothesis's profile
# elsewhere: :func:`scaled`) and a long one, chosen with the environment variable
# LIMITS_HARNESS=long; LIMITS_HARNESS_EXAMPLES=N sets the examples per test of
# either (see docs/limits.md).

HARNESS_LONG = os.environ.get("LIMITS_HARNESS", "") == "long"
HARNESS_EXAMPLES = int(os.environ.get("LIMITS_HARNESS_EXAMPLES", 300 if HARNESS_LONG else scaled(30)))
HARNESS_MAX_SIZE = 150


@st.composite
def harness_boards(draw, min_size: int = 5, max_size: int = HARNESS_MAX_SIZE) -> Board:
    """Any valid board of 5..150 squares: chutes, ladders, traps allowed (chained jumps are refused by Board).

    Small boards are drawn more often than large ones, so that most examples stay cheap.
    """
    n = draw(st.one_of(st.integers(min_size, min(20, max_size)), st.integers(min_size, max_size)))
    return Board(n, draw(unchained_jumps(n)))


@st.composite
def unchained_jumps(draw, n: int) -> dict[int, int]:
    """Up to n/5 jumps on a board of n squares, traps allowed, none landing on another jump's start."""
    starts = draw(st.lists(st.integers(1, n - 1), unique=True, max_size=max(1, n // 5)))
    jumps: dict[int, int] = {}
    for a in starts:
        b = draw(st.integers(0, n))
        if b != a and b not in jumps and b not in starts:
            jumps[a] = b
    return jumps


P_NEAR_ONE = [Fraction(1) - Fraction(1, 10**k) for k in (1, 3, 10, 50, 200)]
P_NEAR_ZERO = [Fraction(1, 10**k) for k in (1, 3, 10, 50, 200)]


def loaded_p(max_exponent: int = 200):
    """p in (0, 1): near 1 (down to 1 - 1e-200), near 0, or an ordinary fraction."""
    keep = [p for p in P_NEAR_ONE + P_NEAR_ZERO
            if max(p.denominator, 1) <= 10**max_exponent]
    return st.one_of(st.sampled_from(keep), st.fractions(Fraction(1, 100), Fraction(99, 100), max_denominator=1000))


@st.composite
def harness_dice(draw, faces: int) -> Die:
    """A die with ``faces`` faces: weighted (loaded on one face, p near 0 or 1 included) or a comma list
    of small weights (zeros allowed, at least one positive)."""
    if draw(st.booleans()):
        from limits import weighted

        return weighted(draw(st.integers(1, faces)), draw(loaded_p(10)), faces)
    weights = draw(st.lists(st.integers(0, 6), min_size=faces, max_size=faces).filter(lambda w: sum(w) > 0))
    total = sum(weights)
    return Die(",".join(str(Fraction(w, total)) for w in weights).split(","))


@st.composite
def digraphs(draw, max_nodes: int = 12) -> dict[int, list[int]]:
    """A directed graph as ``{node: successors}``, self-loops and nodes without successors included."""
    n = draw(st.integers(0, max_nodes))
    return {s: sorted(set(draw(st.lists(st.integers(0, n - 1), max_size=3)))) for s in range(n)}


# ---- intervals (tests/test_every_interval.py) ------------------------------------------------------

ADVERSARIAL_ENDS = [Fraction(0), Fraction(1, 8), Fraction(125, 1000), Fraction(1249, 10000), Fraction(1251, 10000),
                    Fraction(1, 3), Fraction(99995, 10000), Fraction(10), Fraction(999999, 1000), Fraction(4),
                    Fraction(1, 10**30), Fraction(10**25 + 1), Fraction(2**53 + 1), Fraction(-1, 2)]
"""Ends that break a careless rounding: ties of half-even (0.125), ends just either side of a tie, a carry into a
new leading digit (9.9995), perfect squares, numbers far below and above 1, past a float's digits, negatives."""


def reals(low: Fraction | None = None, high: Fraction | None = None):
    """Exact numbers: ordinary fractions, adversarial ends, and tiny or huge ones (``low``..``high`` when given)."""
    ok = (lambda x: (low is None or x >= low) and (high is None or x <= high))
    return st.one_of(st.fractions(-10**6, 10**6, max_denominator=10**8),
                     st.sampled_from(ADVERSARIAL_ENDS),
                     st.builds(lambda a, b, e: Fraction(a, b) * Fraction(10) ** e, st.integers(1, 10**12),
                               st.integers(1, 10**12), st.integers(-40, 40))).filter(ok)


@st.composite
def intervals(draw, low: Fraction | None = None):
    """``(lower, upper)``, exact, ``lower <= upper``: wide, narrow (a hair past a point), a point, or around 0."""
    a = draw(reals(low))
    kind = draw(st.sampled_from(["any", "hair", "point", "ulp"]))
    if kind == "point":
        return a, a
    if kind == "hair":
        return a, a + abs(a) * Fraction(1, 10 ** draw(st.integers(1, 40))) + Fraction(1, 10**60)
    if kind == "ulp":  # both ends one unit apart at some decimal place
        d = draw(st.integers(1, 30))
        scale = Fraction(10) ** (draw(st.integers(-20, 20)) - d)
        n = draw(st.integers(10 ** (d - 1), 10**d - 1))
        lo = Fraction(n) * scale if low is None or low <= 0 else max(low, Fraction(n) * scale)
        return lo, lo + scale
    b = draw(reals(low))
    return min(a, b), max(a, b)


# ---- user strings (tests/test_every_user_string.py) -------------------------------------------------

HOSTILE_PIECES = ["</script>", "<!--", "-->", "<script>", "<\\/", "]]>", '"', "'", "\\", "\\\\", "%", "$", "$x$",
                  "\\$", "{", "}", "&", "&amp;", "#", "_", "^", "^2", "~", "<", ">", "->", "\n", "\n\n", "\r", "\t",
                  "é", "漢", "🙂", "\u2028", "\x00", "\x07", " ", "a", "12345678901234567890123"]
"""Pieces of a name that break one output or another: ends of script elements and comments, quotes, backslashes,
LaTeX's specials and its mathematics, line breaks, controls, non-ASCII, a numeral long enough to be folded."""

user_strings = st.one_of(
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=30),
    st.lists(st.sampled_from(HOSTILE_PIECES), max_size=8).map("".join),
)
"""Text a user may give as a name (a board's, a family's, a file's): any text, and hostile pieces joined."""
