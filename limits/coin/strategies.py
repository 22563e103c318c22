"""The paper's coin strategies -1..6 as named policies, and custom ones.

Each strategy is a function of the landing square (before any jump), as in
the paper's listing; ``flip`` is the probability of flipping for the random
ones (the listing's own is 50/101, with a coin that shows heads 51/101 of the
time: see the docs). Where the listing tests ``board[x] != 0`` for "a jump
starts at x", a jump is recognised here by the board itself, so a chute to
square 0 counts as a chute.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable

from ..checks import MAX_TEXT_DIGITS, instance, listed, whole
from ..cost import shape_of
from ..cost import strategies as strategies_cost
from ..errors import BoardError, InfiniteExpectationError, LimitsError, shown
from ..exact.digits import decimal, ratio
from ..markup.document import latex_document
from ..markup.latex import tex_number
from ..markup.numerals import value_math
from ..markup.prose import literal
from ..markup.quantities import quantity
from ..model.board import Board
from ..model.chain import Chain
from ..model.die import as_probability

__all__ = ["Strategy", "STRATEGY_NAMES", "strategy", "all_strategies", "flip_on", "from_callable", "StrategyTable",
           "strategy_table", "game_latex"]

STRATEGY_NAMES = {
    -1: "flip at random",
    0: "never flip (the base game)",
    1: "flip at random, except on the last square",
    2: "always flip, except on the last square",
    3: "always flip, except at a ladder's base or on the last square",
    4: "flip only at a chute's top",
    5: "flip at a chute's top or one square from a ladder's base",
    6: "flip, except at a ladder's base, one square from a chute's top, or on the last square",
}


@dataclass(frozen=True)
class Strategy:
    """A named policy: ``strategy(start, landing)`` is the probability of flipping."""

    id: int | str
    name: str
    rule: Callable[[int, int], Fraction]

    def __call__(self, start: int, landing: int) -> Fraction:
        return self.rule(start, landing)

    def __repr__(self) -> str:
        return f"Strategy({self.id}: {self.name})"[:200]


def strategy(k: int, board: Board, *, flip: Any = Fraction(1, 2)) -> Strategy:
    """The paper's strategy ``k`` (-1..6) on ``board``.

    Raises
    ------
    LimitsError
        For an unknown strategy or a flip probability outside [0, 1].

    Examples
    --------
    >>> from limits.model.board import standard
    >>> s4 = strategy(4, standard())
    >>> s4(40, 48), s4(40, 47), s4(95, 101), s4(94, 100)
    (Fraction(1, 1), Fraction(0, 1), Fraction(1, 1), Fraction(0, 1))
    """
    instance(board, Board, "the board", BoardError)
    if whole(k, "a strategy's number") not in STRATEGY_NAMES:
        raise LimitsError(f"unknown strategy {shown(k)} (the paper's are -1..6)")
    q = as_probability(flip)
    if not isinstance(q, Fraction):
        raise LimitsError("the flip probability must be a number")
    n = board.size
    jumps = board.jump_map
    chutes, ladders = {a for a, b in jumps.items() if b < a}, {a for a, b in jumps.items() if b > a}
    one, zero = Fraction(1), Fraction(0)

    def ladder_next_to(x: int) -> bool:  # listing: board[x-1] > x or board[x+1] > x
        return any(y in ladders and jumps[y] > x for y in (x - 1, x + 1))

    def chute_next_to(x: int) -> bool:  # listing: a chute at x-1 or x+1 that ends below x
        return any(y in chutes and jumps[y] < x for y in (x - 1, x + 1))

    def rule(start: int, x: int) -> Fraction:
        if k == -1:
            return q
        if x == n or k == 0:
            return zero
        if k == 1:
            return q
        if k == 2 or x > n:
            return one  # strategies 3-6 flip one past N: tails wins
        if k == 3:
            return zero if x in ladders else one
        if x in chutes:  # strategies 4-6 flip at a chute's top
            return one
        if k == 4 or x in ladders:
            return zero
        if k == 5:
            return one if ladder_next_to(x) else zero
        return zero if chute_next_to(x) else one  # k == 6

    return Strategy(k, STRATEGY_NAMES[k], rule)


def all_strategies(board: Board, *, flip: Any = Fraction(1, 2)) -> tuple[Strategy, ...]:
    """Strategies -1..6 in order."""
    return tuple(strategy(k, board, flip=flip) for k in sorted(STRATEGY_NAMES))


def flip_on(squares: Iterable[int], name: str = "custom") -> Strategy:
    """Flip exactly when landing on one of ``squares``.

    Examples
    --------
    >>> s = flip_on({56, 64})
    >>> s(50, 56), s(50, 55)
    (Fraction(1, 1), Fraction(0, 1))
    """
    chosen = frozenset(whole(s, "a square", 0) for s in listed(squares, "the squares"))
    return Strategy(name, f"flip on landing on {sorted(chosen)}",
                    lambda start, x: Fraction(1) if x in chosen else Fraction(0))


def from_callable(fn: Callable[[int, int], Any], name: str = "custom") -> Strategy:
    """Wrap ``fn(start, landing) -> probability`` as a strategy, checking its values."""

    def rule(start: int, x: int) -> Fraction:
        q = as_probability(fn(start, x))
        if not isinstance(q, Fraction):
            raise LimitsError(f"the policy gave {q!r} at ({start}, {x}); a probability is needed")
        return q

    return Strategy(name, name, rule)


@dataclass(frozen=True)
class StrategyTable:
    """The paper's strategies played on one game, exactly, and the same board with every chute removed.

    Attributes
    ----------
    rows : tuple of (Strategy, Fraction or InfiniteExpectationError)
        Each strategy and its expected number of turns (the error where a
        loop can keep the player from ever winning, naming it).
    no_chutes : Fraction or InfiniteExpectationError
        The base game on the board with its chutes removed (the paper's yardstick).
    chain : Chain
        The game they were played on.
    """

    rows: tuple[tuple[Strategy, Any], ...]
    no_chutes: Any
    chain: Chain = field(compare=False, repr=False)

    def __repr__(self) -> str:
        shown = ", ".join(f"{s.id}: {_turns(v)}" for s, v in self.rows)
        return f"StrategyTable({shown}; no chutes {_turns(self.no_chutes)})"[:200]

    def _repr_html_(self) -> str:
        from ..markup.jupyter import summary_html

        rows = [(f"{s.id}: {s.name}", _turns(v, 12)) for s, v in self.rows]
        return summary_html("The coin strategies: expected turns", rows + [("no chutes", _turns(self.no_chutes, 12))])

    def to_json(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
        """The dict of ``limits strategies``' JSON schema (without ``schema`` and ``inputs``)."""
        game = self.chain
        return {"board": game.board.name, "rule": game.rule.value, "die": [ratio(p) for p in game.die.probabilities],
                "strategies": [{"id": s.id, "name": s.name, "expected_turns": quantity(v, digits, exact_digits)}
                               for s, v in self.rows],
                "no_chutes_board": {"expected_turns": quantity(self.no_chutes, digits, exact_digits)}}

    def text(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """One line a strategy (its number, expected turns and name), then the board with every chute removed."""
        turns = [quantity(v, digits, exact_digits)["decimal"] for _, v in self.rows]
        width = max(20, *(len(t) + 2 for t in turns))
        lines = [f"{s.id:>3}  {t:<{width}} {s.name}" for (s, _), t in zip(self.rows, turns)]
        base = quantity(self.no_chutes, digits, exact_digits)["decimal"]
        return "\n".join(lines + [f"     {base:<{width}} the base game on this board with every chute removed"])

    def latex(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> str:
        """A LaTeX document: the game, and a table of each strategy's expected turns and the board's without chutes."""
        def cell(value: Any) -> str:
            return f"${value_math(quantity(value, digits, exact_digits))}$"

        rows = [[str(s.id), s.name, cell(v)] for s, v in self.rows]
        rows.append(["", "the base game on this board with every chute removed", cell(self.no_chutes)])
        return latex_document("The coin strategies", [game_latex(self.chain)],
                              (["id", "strategy", "expected turns"], rows))


def game_latex(chain: Chain) -> str:
    """The game of a coin answer's LaTeX document in a sentence: its board, rule and die."""
    die = ", ".join(tex_number(p) for p in chain.die.probabilities)
    return f"Board {literal(chain.board.name)}, rule {chain.rule.value}, die $({die})$."  # a name's $ starts no math


def _turns(value: Any, digits: int = 6) -> str:
    return "inf" if isinstance(value, Exception) else decimal(value, digits)


def strategy_table(chain: Any, *, flip: Any = Fraction(1, 2)) -> StrategyTable:
    """Every strategy -1..6 played on the game of ``chain`` (its own policy aside), exactly: each strategy's chain
    made from the game's one turn table (:meth:`~limits.model.chain.Chain.with_policy`).

    Examples
    --------
    >>> from limits import build_chain
    >>> t = strategy_table(build_chain())
    >>> [s.id for s, _ in t.rows], round(float(t.rows[-1][1]), 4)
    ([-1, 0, 1, 2, 3, 4, 5, 6], 17.3861)
    """
    def turns(game: Chain) -> Any:
        try:
            return game.expected_duration()
        except InfiniteExpectationError as exc:
            return exc

    instance(chain, Chain, "the chain")
    strategies_cost(shape_of(chain.board, chain.die)).check()
    rows = tuple((s, turns(chain.with_policy(s))) for s in all_strategies(chain.board, flip=flip))
    no_chutes = Chain(Board(chain.board.size, chain.board.ladders, name="no chutes"), chain.die, chain.rule, chain.start)
    return StrategyTable(rows, turns(no_chutes), chain)
