"""The race of two coin policies, and the head-to-head table: :func:`race` and :func:`race_table`.

Routes, by what the policies are:

* neither ``win``: each player moves on its own chain, and the chances and
  the rounds are exact fractions from generating functions
  (:mod:`limits.race.independent`), or, in the table, certified sums over
  each player's survival bounds;
* a ``win`` seat: its policy is found in floats (:mod:`limits.race.optimise`)
  and certified decision by decision (:mod:`limits.race.certificate`) on the
  chain of both positions (``2 n^2`` states: 13,122 on the paper's board);
  the chances and the rounds are certified enclosures of any width asked
  for, or exact fractions by p-adic lifting when ``exact=True`` (about a
  minute a value on the paper's board).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property
from typing import Any, Callable, Iterable

import numpy as np

from ..checks import (
    MAX_EXACT_RACE_STATES,
    MAX_EXACT_TABLE_WORK,
    MAX_RACE_STATES,
    MAX_SERIES_STATES,
    callback,
    listed,
    start_square,
)
from ..checks import digits as check_digits
from ..cost import race as race_cost
from ..errors import ConvergenceError, InfiniteExpectationError, LimitsError, TooLargeError
from ..exact.enclosure import Enclosure
from ..game.one_player import OnePlayer
from ..model.board import Board
from ..model.chain import game_of
from ..model.die import Die, as_probability
from ..model.rules import Rule, as_rule
from .certificate import certify, ends_whatever
from .compare import WinVersusLength, differences, gain
from .enclosure import LiveSolver
from .independent import certified_race, independent_race, policy_chain_of, within_series
from .moves import SeatMoves, seat_moves
from .optimise import best_response, game_policies
from .policies import POLICIES, RacePolicy, fixed_policy, policy_name, table_policy
from .product import Objective, RacePair
from .result import Race, RaceInputs, RaceRow, RaceTable, SeatPlay

__all__ = ["race", "race_table"]


class _Game:
    """What every race on one board shares: the move tables, the fixed policies, the ``length`` policy."""

    def __init__(self, board: Board | None, die: Die | None, rule: Rule | str, coin: Any, start: int,
                 flip: Any) -> None:
        board, die = game_of(board, die)
        q = as_probability(flip)
        if not isinstance(q, Fraction):
            raise LimitsError("the flip probability must be a number")
        self.moves: SeatMoves = seat_moves(board, die, as_rule(rule), coin, start)
        self.start = start_square(start, board.size)
        self.inputs = RaceInputs(board, die, self.moves.rule, self.moves.coin, self.start, q)
        self.entry = self.moves.entry(self.start)
        self._fixed: dict[str, RacePolicy] = {}
        self._players: dict[str, OnePlayer] = {}

    @property
    def states(self) -> int:
        return 2 * self.moves.size**2

    def check(self, exact: bool, fixed: bool = False, races: int = 1) -> None:
        """Refuse, before any work, a chain of both positions above its limit, or ``races`` races with ``win``
        predicted past the budget (:func:`limits.cost.race`)."""
        limit, name = (MAX_EXACT_RACE_STATES, "MAX_EXACT_RACE_STATES") if exact else (MAX_RACE_STATES,
                                                                                    "MAX_RACE_STATES")
        if self.states > limit:
            what = "exact values of a race" if exact else "a race with win, or its certified values,"
            why = (f" (the players' own chains are above MAX_SERIES_STATES = {MAX_SERIES_STATES} squares)"
                   if fixed else "")
            raise TooLargeError(f"{what} on this board would need the chain of both positions, {self.states} "
                                f"states{why}; the limit {name} is {limit}")
        if not fixed:
            race_cost(self.states, len(self.moves.rolls), self.moves.slowest, races).check()

    def fixed(self, name: str) -> RacePolicy:
        if name not in self._fixed:
            self._fixed[name] = fixed_policy(name, self.moves, flip=self.inputs.flip, start=self.start)
        return self._fixed[name]

    @cached_property
    def length(self) -> RacePolicy | None:
        """The ``length`` policy, or None when no policy wins surely from the start."""
        try:
            return self.fixed("length")
        except InfiniteExpectationError:
            return None

    def player(self, name: str, tolerance: Fraction) -> OnePlayer:
        key = f"{name}@{tolerance}"
        if key not in self._players:
            self._players[key] = OnePlayer(policy_chain_of(self.moves, self.fixed(name)), self.start, tolerance)
        return self._players[key]


def _width(digits: int) -> Fraction:
    return Fraction(1, 10 ** (check_digits(digits) + 6))


def _fixed_pair(game: _Game, a: str, b: str, digits: int, exact: bool, quick: bool) -> tuple[Any, str]:
    """The race of two fixed policies: exact from generating functions, or certified sums (``quick``)."""
    c1, c2 = (policy_chain_of(game.moves, game.fixed(x)) for x in (a, b))
    if not quick and within_series(c1) and within_series(c2):
        return independent_race(c1, c2, game.start), "generating functions, exact"
    width = _width(digits)
    if not exact and game.player(a, width).trap is None and game.player(b, width).trap is None:
        try:  # survival bounds need players who finish: a trapped one's bounds never fall below the width
            return certified_race(game.player(a, width), game.player(b, width)), "survival bounds, certified"
        except (ConvergenceError, InfiniteExpectationError):
            pass
    if within_series(c1) and within_series(c2):
        return independent_race(c1, c2, game.start), "generating functions, exact"
    return None, ""


def _values(pair: RacePair, solver: LiveSolver, digits: int, exact: bool) -> dict[str, Any]:
    """The chances and the rounds of a certified pair, certified to ``digits`` or exact."""
    at = pair.start_state
    width = _width(digits)
    start = np.zeros(pair.states, dtype=bool)
    start[pair.start_state] = True
    endless = pair.reaching(start, forward=True) & ~pair.live

    def value(objective: Objective) -> Any:
        if exact:
            return solver.exact_at(objective, at)
        found = solver.certified(objective, width).enclosure(at)
        return found.lower if found.is_exact else found

    first = value(Objective(1))
    out: dict[str, Any] = {"first_wins": first, "rounds_reason": None, "loop": ()}
    if not endless.any():
        out["second_wins"] = 1 - first if not isinstance(first, Enclosure) else Enclosure(1 - first.upper,
                                                                                         1 - first.lower)
        out["never_ends"] = Fraction(0)
        out["expected_rounds"] = value(Objective(0))
    else:
        second = value(Objective(2))
        out["second_wins"] = second
        a, b = Enclosure.of(first), Enclosure.of(second)
        never = Enclosure(max(Fraction(0), 1 - a.upper - b.upper), 1 - a.lower - b.lower)
        out["never_ends"] = never.lower if never.is_exact else never
        out["expected_rounds"] = None
        out["rounds_reason"] = "the race can reach positions from which neither player can ever win"
        where = np.nonzero(endless.reshape(2, pair.n, pair.n))
        squares = pair.moves.squares
        out["loop"] = tuple(sorted({squares[i] for i in where[1]} | {squares[j] for j in where[2]}))
    return out


def _with_length(game: _Game, pair: RacePair, seat: int, digits: int) -> Any:
    """The seat's chance to win with ``length`` in its place, the other seat as it plays."""
    length = game.length
    other = pair.second if seat == 1 else pair.first
    if not other.reactive:
        a, b = (length, other) if seat == 1 else (other, length)
        c1, c2 = policy_chain_of(game.moves, a), policy_chain_of(game.moves, b)
        if within_series(c1) and within_series(c2):
            r = independent_race(c1, c2, game.start)
            return r.first_wins if seat == 1 else r.second_wins
    swapped = RacePair(game.moves, length, other, game.entry) if seat == 1 else \
        RacePair(game.moves, other, length, game.entry)
    return LiveSolver(swapped).certified(Objective(seat), _width(digits)).enclosure(swapped.start_state)


def _win_pair(game: _Game, a: str, b: str) -> tuple[RacePair, tuple[int, ...]]:
    """The float candidates for the ``win`` seats, against the other as it plays."""
    moves, start = game.moves, game.entry
    initial = game.length if game.length is not None else game.fixed("never")
    if a == b == "win":
        first, second, _ = game_policies(moves, start, initial)
        return RacePair(moves, first, second, start), (1, 2)
    if a == "win":
        first, _, _ = best_response(moves, 1, game.fixed(b), start, initial)
        return RacePair(moves, first, game.fixed(b), start), (1,)
    second, _, _ = best_response(moves, 2, game.fixed(a), start, initial)
    return RacePair(moves, game.fixed(a), second, start), (2,)


def _ties_as_length(game: _Game, pair: RacePair, certificates: dict[int, Any]) -> RacePair:
    """The pair with each certified ``win`` seat playing as ``length`` at its ties (:data:`~limits.race.result.TIES`):
    the decisions whose two choices give the same chance to win but end differently."""
    plays = [pair.first, pair.second]
    for seat, cert in certificates.items():
        current = plays[seat - 1].choices(pair.moves)
        wanted = False if game.length is None else np.broadcast_to(game.length.choices(pair.moves), current.shape)
        choices = np.where(cert.level, wanted, current)
        if not np.array_equal(choices, current):
            plays[seat - 1] = table_policy("win", choices)
    return pair if plays == [pair.first, pair.second] else RacePair(pair.moves, *plays, pair.start)


def _solve(game: _Game, a: str, b: str, digits: int, exact: bool, compare: bool, quick: bool = False) -> Race:
    moves = game.moves
    if game.entry == moves.goal:  # the first is on the goal before anyone moves
        one, zero = Fraction(1), Fraction(0)
        seats = [SeatPlay(i, game.fixed("never") if x == "win" else game.fixed(x)) for i, x in ((1, a), (2, b))]
        return Race(game.inputs, *seats, one, zero, zero, zero, "the start is the goal", moves=moves)
    if "win" not in (a, b):
        found, method = _fixed_pair(game, a, b, digits, exact, quick)
        if found is not None:
            return Race(game.inputs, SeatPlay(1, game.fixed(a)), SeatPlay(2, game.fixed(b)), found.first_wins,
                        found.second_wins, found.never_ends, found.expected_rounds, method,
                        rounds_reason=None if found.expected_rounds is not None else
                        "each player can be trapped for ever, so the race may never end", moves=moves)
        game.check(exact, fixed=True)
        pair, seats = RacePair(moves, game.fixed(a), game.fixed(b), game.entry), ()
        solver = LiveSolver(pair)
        certificates: dict[int, Any] = {}
    else:
        game.check(exact)
        pair, seats = _win_pair(game, a, b)
        pair, certificates, solver = certify(pair, seats)
        tied = _ties_as_length(game, pair, certificates)
        if tied is not pair:
            pair, certificates, solver = certify(tied, seats)
    values = _values(pair, solver, digits, exact)
    plays = []
    for seat, policy in ((1, pair.first), (2, pair.second)):
        cert = certificates.get(seat)
        versus = guaranteed = None
        if cert is not None and compare and game.length is not None:
            diffs, strict, ties = differences(moves, policy, game.length, cert)
            mine = values["first_wins"] if seat == 1 else values["second_wins"]
            with_length = _with_length(game, pair, seat, digits)
            versus = WinVersusLength(seat, diffs, strict, ties, Enclosure.of(with_length), gain(mine, with_length))
        if cert is not None and len(seats) == 2:
            guaranteed = ends_whatever(pair, seat)
        plays.append(SeatPlay(seat, policy, cert, versus, guaranteed))
    method = ("chain of both positions, exact (p-adic lifting)" if exact else
              "chain of both positions, certified enclosures")
    return Race(game.inputs, plays[0], plays[1], values["first_wins"], values["second_wins"], values["never_ends"],
                values["expected_rounds"], method, pair.states, values["rounds_reason"], values["loop"], moves=moves,
                length=game.length if seats else None,
                ties=sum(int(c.level.sum()) for c in certificates.values()))


def race(first: Any = "win", second: Any = "win", *, board: Board | None = None, die: Die | None = None,
         rule: Rule | str = Rule.STAY, coin: Any = Fraction(1, 2), start: int = 0, flip: Any = Fraction(1, 2),
         digits: int = 30, exact: bool = False) -> Race:
    """A race of two players, each with a coin policy: who wins, how long it lasts, what ``win`` is worth.

    Parameters
    ----------
    first, second : str or int
        Each seat's policy: ``never``, a strategy ``-1``..``6``, ``length``
        or ``win`` (:mod:`limits.race.policies`).
    board, die : optional
        The paper's board and a fair die by default.
    rule : Rule or str
        What an overshoot does (``stay``, ``bounce``, ``pass``).
    coin : probability
        The coin's chance of heads.
    start : int
        Where both players start.
    flip : probability
        How often the random strategies (-1 and 1) flip.
    digits : int
        The certain digits wanted of certified values.
    exact : bool
        Exact fractions even from the chain of both positions (slow: about a
        minute a value on the paper's board).

    Raises
    ------
    LimitsError
        For an unknown policy, a bad coin or flip probability.
    TooLargeError
        Above :data:`~limits.checks.MAX_RACE_STATES` (or
        :data:`~limits.checks.MAX_EXACT_RACE_STATES` with ``exact``) states, before any work.

    Examples
    --------
    >>> r = race("never", "never")
    >>> r.first_wins == race("0", "never").first_wins, float(r.first_wins)
    (True, 0.507802773460914)
    >>> from limits import Board
    >>> board = Board(30, {3: 22, 8: 26, 20: 29, 27: 1, 21: 9, 17: 4})
    >>> game = race("win", "win", board=board)  # the paper's board: docs/racing.md
    >>> game.first_wins.shown(12), game.first.guaranteed, game.second.guaranteed
    ('0.554187225903', True, True)
    """
    game = _Game(board, die, rule, coin, start, flip)
    return _solve(game, policy_name(first), policy_name(second), digits, exact, compare=True)


def race_table(policies: Iterable[Any] = POLICIES, *, board: Board | None = None, die: Die | None = None,
               rule: Rule | str = Rule.STAY, coin: Any = Fraction(1, 2), start: int = 0,
               flip: Any = Fraction(1, 2), digits: int = 20, exact: bool = False,
               progress: Callable[[int, int], None] | None = None) -> RaceTable:
    """Every policy of ``policies`` in each seat against every one in the other: the first seat's chance.

    Races of two fixed policies are certified sums over each player's
    survival bounds (exact fractions from generating functions with
    ``exact``); races with ``win`` are certified on the chain of both
    positions (exact lifting with ``exact``: only on small boards, see
    :data:`~limits.checks.MAX_EXACT_RACE_STATES`). ``progress(done, total)``
    is called after each race.

    Examples
    --------
    >>> from limits import Board, fair
    >>> t = race_table(("never", "length", "win"), board=Board(10, {3: 8, 9: 1}), die=fair(3))
    >>> len(t.rows), t.row("win", "length").first_wins.upper >= t.row("length", "length").first_wins.lower
    (9, True)
    """
    game = _Game(board, die, rule, coin, start, flip)
    names = tuple(dict.fromkeys(policy_name(p) for p in listed(policies, "the policies")))
    callback(progress, "progress")
    if "win" in names:
        game.check(exact, races=2 * len(names) - 1)
        work = game.states * (2 * len(names) - 1)
        if exact and work > MAX_EXACT_TABLE_WORK:
            raise TooLargeError(f"an exact table would lift {2 * len(names) - 1} races with win on {game.states} "
                                f"states each ({work}); the limit MAX_EXACT_TABLE_WORK is {MAX_EXACT_TABLE_WORK} "
                                "(ask for certified digits)")
    rows = []
    total = len(names) ** 2
    for a in names:
        for b in names:
            r = _solve(game, a, b, digits, exact, compare=False, quick=not exact)
            rows.append(RaceRow(a, b, r.first_wins, r.second_wins, r.expected_rounds, r.method, r.ties))
            if progress is not None:
                progress(len(rows), total)
    return RaceTable(game.inputs, names, tuple(rows))
