"""Several players taking turns: how long the game lasts, and who wins.

The k players move independently on the same board with the same die, seat 1
first in every round; the first to reach the last square wins. A
:class:`Party` holds one player's game (:class:`~limits.game.one_player.OnePlayer`)
and k, and answers

* the number of **spins** and of **rounds** until someone wins, as exact laws
  (:class:`~limits.game.game_length.GameLength`: distribution, quantiles,
  and certified enclosures of the mean and variance);
* each **seat's chance to win**: seat j wins in round r when it finishes at
  its r-th turn, the seats before it have not finished after r turns and
  those after it not after r - 1, so with ``f(r) = S(r-1) - S(r)``
  ``P(seat j wins) = sum_r f(r) S(r)^(j-1) S(r-1)^(k-j)``; the terms after
  round L add up to at most ``S(L)^(k-1) (S(L) - S(infinity)) <= S(L)^k``;
* the chance that a game of k players lasts longer than a game of k - 1
  (:meth:`~limits.game.game_length.GameLength.longer_than`).

:func:`players_table` gathers these for k = 1..8 as plain exact data; the
older :func:`players` returns the expected rounds and the seats' chances.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable

from ..checks import MAX_PLAYERS, MAX_TEXT_DIGITS
from ..checks import players as check_players
from ..errors import InfiniteExpectationError
from ..exact.enclosure import Enclosure
from ..markup.numerals import counted
from ..markup.quantities import infinite_quantity, level_key, to_json
from ..model.chain import Chain
from .distribution import min_turns
from .game_length import GameLength, Unit
from .one_player import OnePlayer
from .quantile import QuantileRule, as_level, as_quantile_rule
from .seat_chances import SeatChances, seat_chances

__all__ = ["MAX_PLAYERS", "Party", "LengthSummary", "PlayersRow", "players_table", "PlayersResult", "players"]

TOLERANCE = Fraction(1, 10**30)


@dataclass(frozen=True)
class Party:
    """k players on one chain, all starting on the same square.

    Examples
    --------
    >>> from limits import build_chain
    >>> two = Party(OnePlayer(build_chain()), 2)
    >>> two.spins.quantile("0.9"), two.rounds.quantile("0.9")
    (88, 44)
    >>> [f"{float(w.lower):.4f}" for w in two.win_probability()]
    ['0.5078', '0.4922']
    """

    one: OnePlayer
    players: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", check_players(self.players))

    def _repr_html_(self) -> str:
        """Who plays, on what, from where (nothing is solved)."""
        from ..markup.jupyter import summary_html

        chain = self.one.chain
        return summary_html(counted(self.players, "player"), [
            ("board", chain.board.summary()), ("die", chain.die.summary()), ("rule", chain.rule.value),
            ("every player starts on", str(self.one.start))])

    @property
    def spins(self) -> GameLength:
        """Every player's turns until someone wins."""
        return GameLength(self.one, self.players, Unit.TURNS if self.players == 1 else Unit.SPINS)

    @property
    def rounds(self) -> GameLength:
        """Rounds until someone wins, the last one counted whole."""
        return GameLength(self.one, self.players, Unit.TURNS if self.players == 1 else Unit.ROUNDS)

    def seat_chances(self, solve: bool = True) -> SeatChances:
        """Each seat's exact chance where within reach, or why not (:func:`~limits.game.seat_chances.seat_chances`;
        ``solve=False`` names the route without solving)."""
        return seat_chances(self.one.chain, self.players, self.one.start, solve=solve)

    def win_probability(self, exact: SeatChances | None = None) -> tuple[Enclosure, ...]:
        """Each seat's chance to win, seat 1 first: exact (one-point enclosures) where within reach, otherwise
        certified enclosures.

        Parameters
        ----------
        exact : SeatChances, optional
            :meth:`seat_chances`, when the caller has it already.

        Raises
        ------
        InfiniteExpectationError
            If a loop can trap a player (then no one may ever win).
        """
        one, k = self.one, self.players
        if one.trap is not None:
            raise InfiniteExpectationError(one.start, one.trap, "chance of each seat to win")
        if one.square is None or k == 1:  # the game is won at once: seat 1 has it
            return (Enclosure(Fraction(1), Fraction(1)),) + (Enclosure(Fraction(0), Fraction(0)),) * (k - 1)
        exact = self.seat_chances() if exact is None else exact
        if exact.exact is not None:
            return tuple(Enclosure(v, v) for v in exact.exact)
        h = one.horizon
        rounds = one.round_below(k, one.tolerance)
        lo, hi = h.padded(rounds)
        scale = h.scale**k
        seats = []
        for j in range(1, k + 1):  # the r-th term: (S(r-1) - S(r)) S(r)^(j-1) S(r-1)^(k-j), each between bounds
            low = sum(max(0, lo[r - 1] - hi[r]) * lo[r] ** (j - 1) * lo[r - 1] ** (k - j) for r in range(1, rounds + 1))
            high = sum((hi[r - 1] - lo[r]) * hi[r] ** (j - 1) * hi[r - 1] ** (k - j) for r in range(1, rounds + 1))
            tail = Fraction(hi[rounds], h.scale) ** k
            seats.append(Enclosure(Fraction(low, scale), min(Fraction(1), Fraction(high, scale) + tail)))
        return tuple(seats)


@dataclass(frozen=True)
class LengthSummary:
    """What a table shows about one game length: mean, variance, fewest, median, quantiles.

    ``mean`` and ``variance`` are None when a loop can trap a player (they are
    infinite); ``quantiles`` maps each level to its value (``math.inf`` if never reached).
    """

    unit: Unit
    mean: Enclosure | None
    variance: Enclosure | None
    fewest: int | None
    median: int | Fraction | float
    quantiles: tuple[tuple[Fraction, int | Fraction | float], ...]

    @classmethod
    def of(cls, length: GameLength, levels: Iterable[Fraction], rule: QuantileRule, fewest: int | None) -> "LengthSummary":
        """Summarize ``length``."""
        try:
            mean, variance = length.mean(), length.variance()
        except InfiniteExpectationError:
            mean = variance = None
        return cls(length.unit, mean, variance, fewest, length.median(rule),
                   tuple((q, length.quantile(q, rule)) for q in levels))

    def to_dict(self) -> dict[str, Any]:
        """Plain exact data: Enclosures, Fractions, ints, ``math.inf``, None."""
        return {"unit": self.unit.value, "mean": self.mean, "variance": self.variance, "fewest": self.fewest,
                "median": self.median, "quantiles": dict(self.quantiles)}


@dataclass(frozen=True)
class PlayersRow:
    """One row of :func:`players_table`: a game of ``players`` players.

    ``longer`` maps ``"spins"`` and ``"rounds"`` to the chance that this game
    lasts longer than one with a player fewer (None for one player, or where
    a loop can trap a player). ``seats`` says how the seats' chances were
    found: exact (and by which route) or certified (and why).
    """

    players: int
    spins: LengthSummary
    rounds: LengthSummary
    win_probability: tuple[Enclosure, ...] | None
    longer: dict[str, Enclosure] | None
    trap: tuple[int, ...] | None
    seats: SeatChances | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain exact data (see :meth:`LengthSummary.to_dict`)."""
        return {"players": self.players, "spins": self.spins.to_dict(), "rounds": self.rounds.to_dict(),
                "win_probability": None if self.win_probability is None else list(self.win_probability),
                "win_probability_method": _method(self.seats),
                "longer_than_one_player_fewer": self.longer, "trap": None if self.trap is None else list(self.trap)}

    def to_json(self, digits: int = 15, exact_digits: int | None = MAX_TEXT_DIGITS) -> dict[str, Any]:
        """The game with the keys of ``limits players``, as JSON quantities.

        ``spins`` and ``rounds`` each hold ``unit``, ``expected_spins`` (or ``expected_rounds``),
        ``variance`` (exact for one player, otherwise enclosures), ``fewest``, ``median`` and ``quantiles``
        (whole numbers, keyed by level); then ``win_probability`` by seat (exact fractions where they can be
        had, else enclosures), ``win_probability_method`` and ``longer_than_one_player_fewer``; an infinite
        value says why.
        """
        data = self.to_dict()
        out: dict[str, Any] = {"players": self.players}
        for unit in ("spins", "rounds"):
            d = data[unit]
            out[unit] = {"unit": d["unit"], f"expected_{unit}": _finite(d["mean"], TRAPPED, self.trap),
                         "variance": _finite(d["variance"], TRAPPED, self.trap), "fewest": d["fewest"],
                         "median": _finite(d["median"], NEVER),
                         "quantiles": {level_key(q): _finite(v, NEVER) for q, v in d["quantiles"].items()}}
        for key in ("win_probability", "win_probability_method", "longer_than_one_player_fewer"):
            out[key] = data[key]
        return to_json(out, digits, exact_digits)


TRAPPED = "a player can be trapped for ever in a loop"
NEVER = "the level is never reached: a player may be trapped for ever"


def _finite(value: Any, reason: str, trap: Any = None) -> Any:
    """The value; None (an infinite mean) or ``math.inf`` (a level never reached) as an infinite quantity."""
    if value is None or (isinstance(value, float) and math.isinf(value)):
        return infinite_quantity(reason, trap or ())
    return value


def _method(seats: SeatChances | None) -> dict[str, Any] | None:
    """How the seats' chances were found: ``exact`` (with its route) or ``certified`` (with the reason).

    A route that was not solved (``players_table(..., exact_seats=False)``) still says ``exact``: the
    enclosures beside it are read for the exact values' first digits."""
    if seats is None:
        return None
    exact = seats.route is not None  # a certified chance has no route
    return {"kind": "exact" if exact else "certified", "route": seats.route, "reason": None if exact else seats.reason}


def players_table(chain: Chain, counts: Iterable[int] = (1, 2, 3, 4), start: int = 0, *,
                  levels: Iterable[Any] = ("0.9",), rule: QuantileRule | str = QuantileRule.LOWER,
                  tolerance: Fraction = TOLERANCE, exact_seats: bool = True) -> tuple[PlayersRow, ...]:
    """The everyday answers for each number of players in ``counts``.

    Parameters
    ----------
    chain : Chain
    counts : iterable of int
        Numbers of players, each 1..8.
    start : int, optional
        Where every player starts (default 0).
    levels : iterable, optional
        Quantile levels to report (default the 90th percentile); the median is always there.
    rule : QuantileRule or str, optional
        The quantile convention (default ``lower``: the smallest m with ``P(M <= m) >= q``).
    tolerance : Fraction, optional
        The widest enclosure wanted for the infinite sums (default 1e-30).
    exact_seats : bool, optional
        False: the seats' chances that have an exact route are not solved for (two players on the paper's
        board: fractions of 4,453 digits); the row's ``seats`` names the route (``exact`` None) and
        ``win_probability`` holds certified enclosures of the exact values, for a table that shows only
        their first digits. Default True.

    Examples
    --------
    >>> from limits import build_chain
    >>> rows = players_table(build_chain(), (1, 2))
    >>> [(r.players, r.spins.median, dict(r.spins.quantiles)[Fraction(9, 10)]) for r in rows]
    [(1, 33, 73), (2, 46, 88)]
    >>> print(f"{float(rows[1].longer['spins'].lower):.4f}")
    0.6626
    """
    one = OnePlayer(chain, start, tolerance)
    levels = tuple(as_level(q) for q in levels)
    rule = as_quantile_rule(rule)
    fastest = min_turns(chain, start)
    rows = []
    for k in counts:
        party = Party(one, k)
        k = party.players
        spins = LengthSummary.of(party.spins, levels, rule, fastest and (fastest - 1) * k + 1)  # None, 0 or more
        rounds = LengthSummary.of(party.rounds, levels, rule, fastest)
        trap = one.trap
        longer = None
        if k > 1 and trap is None:
            fewer = Party(one, k - 1)
            longer = {"spins": party.spins.longer_than(fewer.spins), "rounds": party.rounds.longer_than(fewer.rounds)}
        chances = None if trap is not None else party.seat_chances(exact_seats)
        seats = None if chances is None else party.win_probability(chances)
        rows.append(PlayersRow(k, spins, rounds, seats, longer, trap, chances))
    return tuple(rows)


@dataclass(frozen=True)
class PlayersResult:
    """What :meth:`Chain.players <limits.model.chain.Chain.players>` finds for k players.

    Attributes
    ----------
    players : int
    expected_rounds : Enclosure
        Expected number of rounds until the first player finishes.
    win_probability : tuple of Enclosure
        By seat, seat 1 first.
    rounds_checked : int
        How many rounds of one player's survival were bounded before its tail bound takes over.
    """

    players: int
    expected_rounds: Enclosure
    win_probability: tuple[Enclosure, ...]
    rounds_checked: int

    def __repr__(self) -> str:
        seats = ", ".join(w.shown(12) for w in self.win_probability)
        return (f"PlayersResult({self.players} players: {self.expected_rounds.shown(12)} expected rounds; "
                f"seats win {seats})")[:200]

    def _repr_html_(self) -> str:
        """The expected rounds and each seat's chance, to their certain digits."""
        from ..markup.jupyter import summary_html, value_text

        rows = [("expected rounds", value_text(self.expected_rounds))]
        rows += [(f"seat {i} wins", value_text(w)) for i, w in enumerate(self.win_probability, 1)]
        return summary_html(f"A game of {counted(self.players, 'player')}", rows)


def players(chain: Chain, k: int, start: int = 0, *, tolerance: Fraction = TOLERANCE) -> PlayersResult:
    """Expected rounds and each seat's probability of winning, for k players.

    Raises
    ------
    InfiniteExpectationError
        If a loop can trap a player (no one may ever finish).

    Examples
    --------
    >>> from limits import build_chain
    >>> r = players(build_chain(), 2)
    >>> print(f"{float(r.expected_rounds.lower):.6f}", r.expected_rounds.certain_digits() >= 25)
    26.513296 True
    >>> float(sum(w.lower for w in r.win_probability))
    1.0
    """
    party = Party(OnePlayer(chain, start, tolerance), k)
    if party.one.trap is not None:
        raise InfiniteExpectationError(start, party.one.trap, "expected number of rounds")
    rounds = party.rounds.mean()
    checked = 0 if party.players == 1 or party.one.square is None else len(party.one.horizon) - 1
    return PlayersResult(party.players, rounds, party.win_probability(), checked)

