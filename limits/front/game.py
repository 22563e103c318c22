"""The chain with its answers: :class:`Chain` and :func:`build_chain`.

:class:`Chain` is the model's :class:`~limits.model.chain.AbsorbingChain`
with the verbs that solve (expected length, moments, survival), each a thin
call into the module that computes it. It sits here, above those modules,
so that the model never imports upward.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model.board import Board, standard
from ..model.chain import AbsorbingChain, check_reachable, transition_rows
from ..model.die import Die, fair
from ..model.rules import Rule, as_rule
from . import distribution, duration

__all__ = ["Chain", "build_chain"]


@dataclass(frozen=True)
class Chain(AbsorbingChain):
    """The absorbing chain of one game of Chutes & Ladders, with verbs that solve.

    Build it with :func:`build_chain`. Cheap properties describe the
    structure; the verbs (``expected_duration``, ``moments``, ``survival``) solve.

    Examples
    --------
    >>> c = build_chain()
    >>> float(c.expected_duration())
    39.5983656...

    In Jupyter a chain shows what it is built from and its board (``_repr_html_``).
    """

    def expected_duration(self, start: int = 0, *, exact: bool = True) -> Any:
        """Expected number of turns from ``start``; see :func:`limits.game.duration.expected_duration`."""
        return duration.expected_duration(self, start, exact=exact)

    def moments(self, start: int = 0, *, exact: bool = True) -> duration.Moments:
        """Mean, variance and std of the length; see :func:`limits.game.duration.moments`."""
        return duration.moments(self, start, exact=exact)

    def survival(self, turns: int, start: int = 0, *, exact: bool = True) -> list[Any]:
        """``P(M)`` for M = 0..turns; see :func:`limits.game.distribution.survival`."""
        return distribution.survival(self, turns, start, exact=exact)

    def _repr_svg_(self) -> str | None:
        """The board (see :meth:`limits.model.board.Board._repr_svg_`)."""
        return self.board._repr_svg_()

    def _repr_html_(self) -> str:
        """What the chain is built from, its size and its traps (nothing is solved), and the board."""
        from ..markup.jupyter import summary_html

        traps = "; ".join("{" + ", ".join(map(str, t)) + "}" for t in self.traps) or "none"
        rows = [("board", self.board.summary()), ("die", self.die.summary()), ("rule", self.rule.value),
                ("transient squares", str(len(self.states))), ("loops that can trap a player", traps)]
        return summary_html("The absorbing chain of one game", rows, self._repr_svg_() or "")


def build_chain(
    board: Board | None = None, die: Die | None = None, rule: Rule | str = Rule.STAY
) -> Chain:
    """The absorbing chain of ``board`` played with ``die`` under ``rule``.

    Parameters
    ----------
    board : Board, optional
        Default :func:`limits.model.board.standard`.
    die : Die, optional
        Default :func:`limits.model.die.fair` with six faces.
    rule : Rule or str, optional
        ``stay`` (default, the paper's), ``bounce`` or ``pass``.

    Raises
    ------
    BoardError
        If square N cannot be reached from square 0 using every face of the die.
    RuleError
        For an unknown rule.

    Examples
    --------
    >>> c = build_chain()
    >>> len(c.states), c.row(0)[38], c.row(97)[97]
    (81, Fraction(1, 6), Fraction(1, 2))
    """
    board = standard() if board is None else board
    die = fair() if die is None else die
    rule = as_rule(rule)
    check_reachable(board, die.faces, rule)
    return Chain(board, die, rule, board.squares, transition_rows(board, die, rule))
