"""Each seat's chance to win a game of k players, as exact fractions where that is within reach.

The players move independently; seat j wins in round r when it finishes at
its r-th turn and nobody before it has. The routes, by size:

* **two players**, from the law ``f(t) = P(T = t)`` of one player's
  finishing turn and ``F = P(T < infinity)``: the first seat wins when
  ``T1 <= T2`` (``T1`` finite), so by symmetry
  ``P(seat 1) = (F^2 + sum_t f(t)^2) / 2 + F (1 - F)`` and
  ``P(seat 2) = (F^2 - sum_t f(t)^2) / 2 + F (1 - F)``. The sum of squares
  is a pairing of the law's generating function with itself
  (:func:`limits.exact.series_pairing.pairing`): on the paper's board a
  fraction of 4,453 digits over 4,453 in well under a second;
* **three or more players**: ``SeatChances.reason`` says that the exact chances
  are found for up to two, and :meth:`limits.game.players.Party.win_probability`
  gives certified digits in milliseconds (on the paper's board three players
  have 91,881 unordered positions and the exact chances about 200,000 digits).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..checks import MAX_SERIES_STATES
from ..checks import players as check_players
from ..errors import SymbolicError
from ..model.build import chain_start
from ..model.chain import Chain

__all__ = ["SeatChances", "seat_chances", "ROUTES"]

ROUTES = {
    "one": "one player: the only seat wins whenever the game ends",
    "series": "generating functions: the sum of the squares of the finishing law, by residues",
}
"""How exact seat chances were found (the key of ``SeatChances.route``)."""

EXACT_UP_TO = "exact chances are found for up to two players"
"""Why three or more players get certified digits."""


@dataclass(frozen=True)
class SeatChances:
    """Each seat's chance to win, seat 1 first: exact, or the reason it is not.

    Attributes
    ----------
    players : int
    exact : tuple of Fraction or None
        The exact chances, or None when they are out of reach (or were not asked for).
    route : str or None
        A key of :data:`ROUTES`: how they were found (or would be, with ``exact`` None and no reason:
        ``seat_chances(..., solve=False)``).
    reason : str or None
        Why there are no exact chances (then certified digits answer).
    """

    players: int
    exact: tuple[Fraction, ...] | None
    route: str | None = None
    reason: str | None = None

    def __repr__(self) -> str:
        if self.exact is None and self.reason is None and self.route is not None:
            return f"SeatChances({self.players} players: exact by {self.route}, not solved)"
        if self.exact is None:
            return f"SeatChances({self.players} players: not exact, {self.reason})"[:200]
        from ..exact.digits import decimal

        shown = ", ".join(decimal(v, 12) for v in self.exact)
        return f"SeatChances({self.players} players, exact by {self.route}: {shown})"[:200]

    def to_dict(self) -> dict[str, Any]:
        """Plain data: the chances (Fractions or None), the route and the reason."""
        return {"players": self.players, "exact": None if self.exact is None else list(self.exact),
                "route": self.route, "reason": self.reason}


def seat_chances(chain: Chain, k: int, start: int | None = None, *, solve: bool = True) -> SeatChances:
    """Each seat's exact chance to win a game of ``k`` players starting on ``start``, where within reach.

    Never raises for size: a game too large for an exact answer gets
    ``exact=None`` and the reason (naming the limit).

    Parameters
    ----------
    solve : bool, optional
        False: only say which route would give the exact chances (``route``, with ``exact`` None and no
        reason), without the solve (which on the paper's board writes fractions of 4,453 digits), for a
        caller that shows only their first digits and reads them off certified enclosures.

    Raises
    ------
    LimitsError
        For a number of players outside 1..8.
    SymbolicError
        For a die with symbols.

    Examples
    --------
    >>> from limits import build_chain
    >>> two = seat_chances(build_chain(), 2)
    >>> print(two.route, two.exact[0].denominator > 10**4450, float(two.exact[0]))
    series True 0.507802773460914
    >>> seat_chances(build_chain(), 3).reason
    'exact chances are found for up to two players'
    >>> seat_chances(build_chain(), 2, solve=False)
    SeatChances(2 players: exact by series, not solved)
    """
    start = chain_start(chain, start)
    k = check_players(k)
    if chain.is_symbolic:
        raise SymbolicError("seat chances need a numeric die; substitute the die's symbols first")
    square = chain.entry(start)
    if square == chain.goal:
        return SeatChances(k, (Fraction(1),) + (Fraction(0),) * (k - 1), "one")
    if k == 1:
        from .distribution import absorption_probability

        return SeatChances(1, (absorption_probability(chain, start),), "one")
    if k == 2:
        live = len(chain.fewest_turns) - 1
        if live > MAX_SERIES_STATES:
            return SeatChances(2, None, reason=f"{live:,} squares can reach the goal, more than the {MAX_SERIES_STATES} "
                                               "of the exact generating functions: certified digits instead")
        return SeatChances(2, _two_players(chain, start) if solve else None, "series")
    if chain.trapped.get(square):
        return SeatChances(k, None, reason="a loop can trap a player")
    return SeatChances(k, None, reason=EXACT_UP_TO)


def _two_players(chain: Chain, start: int) -> tuple[Fraction, Fraction]:
    from ..exact.series_pairing import pairing
    from .passage_series import passage_series

    law = passage_series(chain, start)
    finishes = law.at_one()
    squares = pairing(law, law)
    either = finishes * (1 - finishes)
    return (finishes**2 + squares) / 2 + either, (finishes**2 - squares) / 2 + either
