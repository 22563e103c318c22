"""A survey: boards ``0..boards-1`` of a random family, each a function of ``(seed, index)`` alone.

:class:`Survey` holds what every board of a survey shares (the family, the
seed, the die, the rule, the start, the faces whose limits are asked for and
the engine), validated once, and evaluates one board by its index
(:meth:`Survey.evaluate`): sigma, the expected number of turns (exact, or in
floats for large boards), whether a loop can trap the player, and for each
chosen face delta the order and leading coefficient of sigma as
``P(delta) -> 1`` from the time-scale hierarchy
(:class:`~limits.limit.perturbed_chain.Perturbation`). Since board ``i`` depends on
the seed and ``i`` only, any scheduling of the boards gives the same rows.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import asdict, dataclass
from fractions import Fraction
from functools import cached_property
from typing import Iterable

from ..checks import (
    MAX_BOARDS,
    MAX_EXACT_SQUARES,
    MAX_LIMIT_SQUARES,
    MAX_SEED,
    SURVEY_FLOAT_FROM,
    face,
    instance,
    one_of,
    start_square,
    whole,
)
from ..errors import (
    BoardError,
    DieError,
    InfiniteExpectationError,
    SymbolicError,
    TooLargeError,
)
from ..exact.digits import decimal, ratio
from ..model.board import Board
from ..model.die import Die, fair
from ..model.random_board import BoardFamily
from ..model.rules import Rule, as_rule
from .result import BoardResult, Engine, LimitOrder

__all__ = ["Survey"]


@dataclass(frozen=True)
class Survey:
    """Boards ``0..boards-1`` of ``family`` drawn with ``seed``, each played with ``die`` under ``rule``.

    Parameters
    ----------
    family : BoardFamily
        The random boards (size, counts of ladders and chutes, longest jumps).
    boards : int
        How many boards, 1..:data:`~limits.checks.MAX_BOARDS`.
    seed : int
        0..:data:`~limits.checks.MAX_SEED`; board ``i`` is ``family.board_of(i, seed)``.
    die : Die, optional
        Numeric; default the fair six-sided die.
    rule : Rule or str, optional
        What an overshoot does (default ``stay``).
    start : int, optional
        The start square, 0..N (default 0).
    deltas : iterable of int, optional
        Faces whose limit ``P(delta) -> 1`` is asked for (default none); on
        boards of at most :data:`~limits.checks.MAX_LIMIT_SQUARES` squares.
    engine : Engine or str, optional
        ``"exact"``, ``"float"`` or ``"auto"``: floats from :data:`~limits.checks.SURVEY_FLOAT_FROM`
        squares, exact below (the default).

    Raises
    ------
    LimitsError
        For a count, seed or engine out of range (:class:`TooLargeError` for
        a board too large for the limits, or for the exact engine past
        :data:`~limits.checks.MAX_EXACT_SQUARES` squares); :class:`DieError`,
        :class:`SymbolicError`, :class:`StartError` and :class:`RuleError` for
        a bad die, face, start or rule.

    Examples
    --------
    >>> s = Survey(BoardFamily(30, 3, 3), boards=4, seed=7, deltas=(6,))
    >>> r = s.evaluate(2)
    >>> r.index, r.engine.value, r.expected_turns == s.evaluate(2).expected_turns
    (2, 'exact', True)
    >>> [o.delta for o in r.orders]
    [6]
    """

    family: BoardFamily
    boards: int
    seed: int
    die: Die | None = None
    rule: Rule | str = Rule.STAY
    start: int = 0
    deltas: Iterable[int] = ()
    engine: Engine | str = "auto"

    def __post_init__(self) -> None:
        instance(self.family, BoardFamily, "a survey's family")
        if self.die is None:
            object.__setattr__(self, "die", fair())
        instance(self.die, Die, "a survey's die", DieError)
        if self.die.is_symbolic:
            raise SymbolicError("a survey needs a numeric die")
        faces = tuple(self.deltas)
        if faces and self.die.faces < 2:
            raise DieError("the limits P(delta) -> 1 need a die of at least two faces")
        faces = tuple(sorted({face(d, self.die.faces) for d in faces}))
        size = self.family.size
        if faces and size > MAX_LIMIT_SQUARES:
            raise TooLargeError(f"the limits are asked for on boards of at most MAX_LIMIT_SQUARES = "
                                f"{MAX_LIMIT_SQUARES} squares, not {size}")
        start_square(self.start, size)
        object.__setattr__(self, "boards", whole(self.boards, "the number of boards", 1, MAX_BOARDS))
        object.__setattr__(self, "seed", whole(self.seed, "the seed", 0, MAX_SEED))
        object.__setattr__(self, "rule", as_rule(self.rule))
        object.__setattr__(self, "deltas", faces)
        if not isinstance(self.engine, Engine):
            name = one_of("auto" if self.engine is None else str(self.engine).lower(), ("auto", "exact", "float"),
                          "engine")
            engine = Engine(name) if name != "auto" else Engine.FLOAT if size >= SURVEY_FLOAT_FROM else Engine.EXACT
            object.__setattr__(self, "engine", engine)
        if self.engine is Engine.EXACT and size > MAX_EXACT_SQUARES:
            raise TooLargeError(f"exact sigma is computed on boards of at most MAX_EXACT_SQUARES = "
                                f"{MAX_EXACT_SQUARES} squares, not {size}; use the float engine")

    @cached_property
    def key(self) -> str:
        """A short fingerprint of everything that decides a board's row (not the number of boards).

        Rows written under one key belong to one survey; a longer survey with
        the same key extends a shorter one.
        """
        spec = {**asdict(self.family), "seed": self.seed, "die": [ratio(p) for p in self.die.probabilities],
                "rule": self.rule.value, "start": self.start, "deltas": list(self.deltas),
                "engine": self.engine.value, "rows": 1}
        return hashlib.sha256(json.dumps(spec, sort_keys=True).encode()).hexdigest()[:16]

    def row_problem(self, result: BoardResult) -> str | None:
        """What makes ``result`` impossible as one of this survey's rows, or None.

        A row read back from disk is checked before a resumed survey counts it:
        its index is a board's (``0..``:data:`~limits.checks.MAX_BOARDS` ``- 1``:
        the same survey with fewer boards reads it too), its engine the survey's,
        sigma finite unless the row is trapped and then absent, the loop's squares
        on the board, and each limit's order a whole number at least 0 with a
        coefficient at least 0 (both or neither). Sigma lies between 0 and
        ``N / q^N`` (N the squares, q the die's least chance of a face that has
        one): from any square of a game that ends, it ends within N turns with a
        probability of ``q^N`` at least.

        Examples
        --------
        >>> s = Survey(BoardFamily(20, 2, 2), boards=3, seed=1)
        >>> s.row_problem(BoardResult(3, Engine.EXACT, Fraction(7, 2), None)) is None
        True
        >>> s.row_problem(BoardResult(-1, Engine.EXACT, Fraction(-5), None))
        'board index -1 is not one of 0..9999999'
        >>> s.row_problem(BoardResult(1, Engine.EXACT, Fraction(-5), None))
        'expected turns -5 is below 0'
        >>> s.row_problem(BoardResult(1, Engine.EXACT, Fraction(10**300), None))
        'expected turns 1e300 is more than any board of 20 squares gives with this die (20 / q^20 at most)'
        >>> s.row_problem(BoardResult(1, Engine.EXACT, Fraction(5), (3, 4)))
        'a trapped row has expected turns'
        """
        size, boards = self.family.size, MAX_BOARDS
        if isinstance(result.index, bool) or not isinstance(result.index, int) or not 0 <= result.index < boards:
            return f"board index {result.index} is not one of 0..{boards - 1}"
        if result.engine is not self.engine:
            return f"engine {result.engine.value} is not the survey's ({self.engine.value})"
        sigma = result.expected_turns
        if result.loop is None:
            if sigma is None or (isinstance(sigma, float) and not math.isfinite(sigma)):
                return "a row that is not trapped has no finite expected turns"
            if sigma < 0:
                return f"expected turns {ratio(sigma) if isinstance(sigma, Fraction) else repr(sigma)} is below 0"
            q = min(p for p in self.die.probabilities if p > 0)
            if sigma > 0 and _log(sigma) > math.log(size) - size * _log(q) + 1:  # + 1: room for the float engine
                return (f"expected turns {decimal(sigma, 6)} is more than any board of {size} squares gives with this "
                        f"die ({size} / q^{size} at most)")
        elif sigma is not None:
            return "a trapped row has expected turns"
        elif any(not 0 <= s <= size for s in result.loop):
            return f"its loop {list(result.loop)[:8]} leaves the squares 0..{size}"
        for o in result.orders:
            if (o.order is None) != (o.coefficient is None):
                return f"the limit as P({o.delta}) -> 1 has an order without a coefficient, or one without the other"
            if o.order is not None and (o.order < 0 or o.coefficient < 0):
                return f"the limit as P({o.delta}) -> 1 has order {o.order} and coefficient {o.coefficient}, below 0"
        return None

    def board(self, index: int) -> Board:
        """Board number ``index``: ``family.board_of(index, seed)``."""
        index = whole(index, "a board's index", 0, self.boards - 1)
        return self.family.board_of(index, self.seed)

    def evaluate(self, index: int) -> BoardResult:
        """The row of board ``index``: sigma (or the trap), and the orders of the limits.

        Raises
        ------
        LimitsError
            For an index outside ``0..boards-1``.
        """
        board = self.board(index)
        sigma, loop = self._sigma(board)
        return BoardResult(index, self.engine, sigma, loop, tuple(self._order(board, d) for d in self.deltas))

    def evaluate_many(self, indices: Iterable[int]) -> list[BoardResult]:
        """The rows of several boards (one task of a run)."""
        return [self.evaluate(i) for i in indices]

    def _sigma(self, board: Board) -> tuple[Fraction | float | None, tuple[int, ...] | None]:
        """``(sigma, None)``, or ``(None, loop)`` when a loop can trap the player (``()``: N unreachable)."""
        if self.engine is Engine.FLOAT:
            from ..game.float_duration import float_moments

            square = board.land(self.start)
            if square == board.size:
                return 0.0, None
            mean = float_moments(board, self.die, self.rule).at(square)[0]
            return (None, ()) if math.isinf(mean) else (mean, None)
        from ..model.build import build_chain
        from ..model.reach import check_reachable

        try:
            check_reachable(board, self.die.faces, self.rule, self.start)
        except BoardError:  # square N out of reach of every roll: the game never ends
            return None, ()
        try:
            return build_chain(board, self.die, self.rule, start=self.start).expected_duration(), None
        except InfiniteExpectationError as exc:
            return None, exc.trap

    def _order(self, board: Board, delta: int) -> LimitOrder:
        from ..limit.perturbed_chain import Perturbation

        try:
            family = Perturbation.loaded(board, delta, faces=self.die.faces, rule=self.rule, start=self.start)
        except BoardError:  # square N out of reach with every face
            return LimitOrder(delta, None, None)
        if family.trap is not None:
            return LimitOrder(delta, None, None)
        h = family.hierarchy()
        return LimitOrder(delta, h.order, h.leading_coefficient)


def _log(x: Fraction | float) -> float:
    """The natural logarithm of a positive number of any size."""
    if isinstance(x, float):
        return math.log(x)
    x = Fraction(x)
    return math.log(x.numerator) - math.log(x.denominator)
