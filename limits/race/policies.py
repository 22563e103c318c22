"""How each seat of a race uses the coin: fixed policies (never, -1..6, ``length``) and tables (``win``).

A :class:`RacePolicy` gives, for each of its player's squares, the
opponent's square and the roll, the chance of flipping, as integer
numerators over one denominator. A fixed policy ignores the opponent (its
table has one column, broadcast); ``win`` is found by
:mod:`limits.race.optimise` and may depend on where the opponent stands.

Policy names, as the command line takes them:

* ``never``: never flip (the paper's strategy 0, also accepted as ``0``);
* ``-1`` .. ``6``: the paper's strategies, the random ones flipping with the
  chance ``flip`` (1/2 unless asked);
* ``length``: the policy that minimises one player's expected turns
  (:func:`limits.coin.best_policy.optimal_policy`);
* ``win``: the policy that maximises the chance of beating the other seat as
  it plays (both ``win``: the game's value).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ..coin.strategies import STRATEGY_NAMES, strategy
from ..errors import LimitsError, shown
from .moves import SeatMoves

__all__ = ["RacePolicy", "POLICIES", "policy_name", "fixed_policy", "table_policy"]

POLICIES = ("never", "-1", "1", "2", "3", "4", "5", "6", "length", "win")
"""The policies of the head-to-head table, in order (``0`` is ``never``)."""

DESCRIPTIONS = {"never": "never flip", "length": "the fewest expected turns",
                "win": "the best chance to beat the other seat"}


def policy_name(text: Any) -> str:
    """The canonical name of a policy: ``never``, ``-1``..``6`` (``0`` is ``never``), ``length`` or ``win``.

    Raises
    ------
    LimitsError
        For anything else.

    Examples
    --------
    >>> policy_name("0"), policy_name(3), policy_name("WIN")
    ('never', '3', 'win')
    """
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise LimitsError(f"unknown policy {shown(text)} (never, -1..6, length or win)")
    name = (text if isinstance(text, str) else shown(text)).strip().lower()
    if name in POLICIES or name == "0":
        return "never" if name == "0" else name
    raise LimitsError(f"unknown policy {shown(text)} (never, -1..6, length or win)")


@dataclass(frozen=True, eq=False)
class RacePolicy:
    """A seat's chance of flipping: ``flips[mine, theirs, roll] / den`` (``theirs`` broadcast when fixed).

    Attributes
    ----------
    name : str
        ``never``, ``-1``..``6``, ``length`` or ``win``.
    description : str
    flips : ndarray
        ``(n, 1, R)`` for a policy that ignores the opponent, ``(n, n, R)`` for a table.
    den : int
    """

    name: str
    description: str
    flips: np.ndarray
    den: int

    def __repr__(self) -> str:
        kind = "a table by the opponent's square" if self.reactive else "ignores the opponent"
        return f"RacePolicy({self.name}: {self.description}; {kind})"[:200]

    @property
    def reactive(self) -> bool:
        """Whether the policy depends on the opponent's square."""
        return self.flips.shape[1] > 1

    def full(self, n: int) -> np.ndarray:
        """The ``(n, n, R)`` table of numerators (a broadcast view for a fixed policy)."""
        return np.broadcast_to(self.flips, (self.flips.shape[0], n, self.flips.shape[2]))

    def flip(self, mine: int, theirs: int, roll: int) -> Fraction:
        """The chance of flipping, by the indices of the squares and the roll."""
        return Fraction(int(self.flips[mine, theirs if self.reactive else 0, roll]), self.den)

    def choices(self, moves: SeatMoves) -> np.ndarray:
        """The deterministic choices ``(n, n, R)`` as booleans (a table, or a fixed policy that flips surely or
        never); raises for a policy that flips at random."""
        if np.any((self.flips != 0) & (self.flips != self.den)):
            raise LimitsError(f"the policy {self.name} flips at random: it has no table of choices")
        return np.array(self.full(moves.size) == self.den)


def table_policy(name: str, choices: np.ndarray, description: str | None = None) -> RacePolicy:
    """A deterministic policy from its ``(n, n, R)`` (or ``(n, 1, R)``) table of choices."""
    return RacePolicy(name, description or DESCRIPTIONS.get(name, name), np.asarray(choices, dtype=np.int64), 1)


def fixed_policy(name: str, moves: SeatMoves, *, flip: Any = Fraction(1, 2)) -> RacePolicy:
    """``never``, a strategy ``-1``..``6`` or ``length`` on the game of ``moves``.

    Raises
    ------
    InfiniteExpectationError
        For ``length``, if no policy wins surely from the game's start.

    Examples
    --------
    >>> from limits import build_chain
    >>> from limits.race.moves import seat_moves
    >>> m = seat_moves(build_chain())
    >>> p = fixed_policy("length", m)
    >>> p.reactive, int(p.flips.sum()) > 0, bool(fixed_policy("never", m).flips.any())
    (False, True, False)
    """
    name = policy_name(name)
    n, rolls = moves.size, len(moves.rolls)
    if name == "win":
        raise LimitsError("win is found against an opponent: ask the chain's race")
    k = None if name == "length" else 0 if name == "never" else int(name)
    strat = moves.chain.optimal_policy().as_strategy() if k is None else strategy(k, moves.chain.board, flip=flip)
    chances = {(i, r): Fraction(strat(s, int(moves.landing[i, r]))) for i, s in enumerate(moves.squares)
               for r in range(rolls) if moves.decision[i, r]}
    den = math.lcm(1, *(q.denominator for q in chances.values()))
    table = np.zeros((n, 1, rolls), dtype=np.int64)
    for (i, r), q in chances.items():
        table[i, 0, r] = int(q * den)
    return RacePolicy(name, DESCRIPTIONS.get(name) or STRATEGY_NAMES[k], table, den)
