"""The race of two coin policies on one game, and the head-to-head table: :func:`race` and :func:`race_table`.

Both take the game, a :class:`~limits.model.chain.Chain` (its board, die, rule, coin and start; the verbs
:meth:`Chain.race <limits.model.chain.Chain.race>` and :meth:`Chain.race_table
<limits.model.chain.Chain.race_table>` call them), and read one player's moves from its turn table
(:func:`~limits.race.moves.seat_moves`). Routes, by what the policies are:

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

What every race on one game shares is made once a call: the move tables, the fixed policies by name
(:func:`_fixed_policies`: ``length`` among them when a seat plays ``win``), and, for the table, each
player's survival bounds.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Iterable

import numpy as np

from ..checks import (
    MAX_EXACT_RACE_STATES,
    MAX_EXACT_TABLE_WORK,
    MAX_RACE_STATES,
    MAX_SERIES_STATES,
    callback,
    instance,
    listed,
)
from ..checks import digits as check_digits
from ..cost import race as race_cost
from ..errors import ConvergenceError, InfiniteExpectationError, LimitsError, TooLargeError
from ..exact.enclosure import Enclosure
from ..game.one_player import OnePlayer
from ..model.chain import Chain
from ..model.die import as_probability
from .certificate import certify, ends_whatever
from .compare import WinVersusLength, differences, gain
from .independent import certified_race, independent_race, policy_chain_of, within_series
from .moves import SeatMoves, seat_moves
from .optimise import best_response, game_policies
from .policies import POLICIES, RacePolicy, fixed_policy, policy_name, table_policy
from .product import LiveSolver, Objective, RacePair, seated
from .result import Race, RaceInputs, RaceRow, RaceTable, SeatPlay

__all__ = ["race", "race_table"]

Fixed = dict[str, RacePolicy | None]
"""The fixed policies of a race by name (``length`` None where no policy wins surely from the start)."""


def _inputs(chain: Chain, flip: Any) -> RaceInputs:
    """What a race on ``chain`` is computed from, with the random strategies' ``flip`` checked."""
    instance(chain, Chain, "the chain")
    q = as_probability(flip)
    if not isinstance(q, Fraction):
        raise LimitsError("the flip probability must be a number")
    return RaceInputs(chain.board, chain.die, chain.rule, chain.coin, chain.start, q)


def _check(moves: SeatMoves, exact: bool, fixed: bool = False, races: int = 1) -> None:
    """Refuse, before any work, a chain of both positions above its limit, or ``races`` races with ``win``
    predicted past the budget (:func:`limits.cost.race`)."""
    states = 2 * moves.size**2
    limit, name = (MAX_EXACT_RACE_STATES, "MAX_EXACT_RACE_STATES") if exact else (MAX_RACE_STATES, "MAX_RACE_STATES")
    if fixed or states > limit:
        what = "exact values of a race" if exact else "a race with win, or its certified values,"
        why = (f" (the players' own chains are above MAX_SERIES_STATES = {MAX_SERIES_STATES} squares)"
               if fixed else "")
        raise TooLargeError(f"{what} on this board would need the chain of both positions, {states} "
                            f"states{why}; the limit {name} is {limit}")
    if not fixed:
        race_cost(states, len(moves.rolls), moves.slowest, races).check()


def _fixed_policies(moves: SeatMoves, names: Iterable[str], flip: Fraction) -> Fixed:
    """``never`` and each fixed policy of ``names``, and ``length`` where ``win`` is among them (None when no policy
    wins surely from the start; a seat that plays ``length`` there gets the error)."""
    found: Fixed = {}
    for name in dict.fromkeys(("never", *names, *(("length",) if "win" in names else ()))):
        try:
            found[name] = fixed_policy(name, moves, flip=flip) if name != "win" else None
        except InfiniteExpectationError:
            if name in names:
                raise
            found[name] = None
    return found


def _width(digits: int) -> Fraction:
    return Fraction(1, 10 ** (check_digits(digits) + 6))


def _fixed_pair(moves: SeatMoves, fixed: Fixed, players: dict[str, OnePlayer] | None, a: str, b: str, digits: int,
                exact: bool) -> tuple[Any, str]:
    """The race of two fixed policies: exact from generating functions, or certified sums over the players' survival
    bounds (first, for the table, whose ``players`` are kept by name)."""
    c1, c2 = (policy_chain_of(moves, fixed[x]) for x in (a, b))
    start, series = moves.chain.start, within_series(c1) and within_series(c2)
    if series and players is None:
        return independent_race(c1, c2, start), "generating functions, exact"
    if not exact:
        kept, width = {} if players is None else players, _width(digits)
        try:
            one, two = (kept.setdefault(x, OnePlayer(c, start, width)) for x, c in ((a, c1), (b, c2)))
            if one.trap is None and two.trap is None:  # a trapped player's bounds never fall below the width
                return certified_race(one, two), "survival bounds, certified"
        except (ConvergenceError, InfiniteExpectationError):
            pass
    if not series:  # past the series the chain of both positions is larger still (2 n^2 > MAX_RACE_STATES)
        _check(moves, exact, fixed=True)
    return independent_race(c1, c2, start), "generating functions, exact"


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
        found = solver.certified(objective, width)[at]
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


def _with_length(moves: SeatMoves, length: RacePolicy, pair: RacePair, seat: int, digits: int) -> Any:
    """The seat's chance to win with ``length`` in its place, the other seat as it plays (against a fixed one, from
    generating functions: a race with ``win`` is within MAX_RACE_STATES, so its players' chains within the series)."""
    other = pair.second if seat == 1 else pair.first
    if not other.reactive:
        a, b = (length, other) if seat == 1 else (other, length)
        r = independent_race(policy_chain_of(moves, a), policy_chain_of(moves, b), moves.chain.start)
        return r.first_wins if seat == 1 else r.second_wins
    swapped = seated(moves, seat, length, other, moves.entry)
    return LiveSolver(swapped).certified(Objective(seat), _width(digits))[swapped.start_state]


def _win_pair(moves: SeatMoves, fixed: Fixed, a: str, b: str) -> tuple[RacePair, tuple[int, ...]]:
    """The float candidates for the ``win`` seats, against the other as it plays."""
    start = moves.entry
    initial = fixed["never"] if fixed["length"] is None else fixed["length"]
    if a == b == "win":
        first, second, _ = game_policies(moves, start, initial)
        return RacePair(moves, first, second, start), (1, 2)
    seat, other = (1, fixed[b]) if a == "win" else (2, fixed[a])
    return seated(moves, seat, best_response(moves, seat, other, start, initial)[0], other, start), (seat,)


def _ties_as_length(length: RacePolicy | None, pair: RacePair, certificates: dict[int, Any]) -> RacePair:
    """The pair with each certified ``win`` seat playing as ``length`` at its ties (:data:`~limits.race.result.TIES`):
    the decisions whose two choices give the same chance to win but end differently."""
    plays = [pair.first, pair.second]
    for seat, cert in certificates.items():
        current = plays[seat - 1].choices(pair.moves)
        wanted = False if length is None else np.broadcast_to(length.choices(pair.moves), current.shape)
        choices = np.where(cert.level, wanted, current)
        if not np.array_equal(choices, current):
            plays[seat - 1] = table_policy("win", choices)
    return pair if plays == [pair.first, pair.second] else RacePair(pair.moves, *plays, pair.start)


def _solve(moves: SeatMoves, inputs: RaceInputs, fixed: Fixed, players: dict[str, OnePlayer] | None, a: str, b: str,
           digits: int, exact: bool, compare: bool) -> Race:
    """The race of ``a`` against ``b`` (a ``win`` seat's size already checked)."""
    if moves.entry == moves.goal:  # the first is on the goal before anyone moves
        one, zero = Fraction(1), Fraction(0)
        seats = [SeatPlay(i, fixed["never"] if x == "win" else fixed[x]) for i, x in ((1, a), (2, b))]
        return Race(inputs, *seats, one, zero, zero, zero, "the start is the goal", moves=moves)
    length = fixed.get("length")
    if "win" not in (a, b):
        found, method = _fixed_pair(moves, fixed, players, a, b, digits, exact)
        return Race(inputs, SeatPlay(1, fixed[a]), SeatPlay(2, fixed[b]), found.first_wins, found.second_wins,
                    found.never_ends, found.expected_rounds, method,
                    rounds_reason=None if found.expected_rounds is not None else
                    "each player can be trapped for ever, so the race may never end", moves=moves)
    pair, seats = _win_pair(moves, fixed, a, b)
    pair, certificates, solver = certify(pair, seats)
    tied = _ties_as_length(length, pair, certificates)
    if tied is not pair:
        pair, certificates, solver = certify(tied, seats)
    values = _values(pair, solver, digits, exact)
    plays = []
    for seat, policy in ((1, pair.first), (2, pair.second)):
        cert = certificates.get(seat)
        versus = guaranteed = None
        if cert is not None and compare and length is not None:
            diffs, strict, ties = differences(moves, policy, length, cert)
            mine = values["first_wins"] if seat == 1 else values["second_wins"]
            with_length = _with_length(moves, length, pair, seat, digits)
            versus = WinVersusLength(seat, diffs, strict, ties, Enclosure.of(with_length), gain(mine, with_length))
        if cert is not None and len(seats) == 2:
            guaranteed = ends_whatever(pair, seat)
        plays.append(SeatPlay(seat, policy, cert, versus, guaranteed))
    method = ("chain of both positions, exact (p-adic lifting)" if exact else
              "chain of both positions, certified enclosures")
    return Race(inputs, plays[0], plays[1], values["first_wins"], values["second_wins"], values["never_ends"],
                values["expected_rounds"], method, pair.states, values["rounds_reason"], values["loop"], moves=moves,
                length=length, ties=sum(int(c.level.sum()) for c in certificates.values()))


def race(chain: Chain, first: Any = "win", second: Any = "win", *, flip: Any = Fraction(1, 2), digits: int = 30,
         exact: bool = False) -> Race:
    """A race of two players on the game of ``chain`` (its board, die, rule, coin and start; its own policy aside),
    each with a coin policy: who wins, how long it lasts, what ``win`` is worth.

    Parameters
    ----------
    chain : Chain
    first, second : str or int
        Each seat's policy: ``never``, a strategy ``-1``..``6``, ``length``
        or ``win`` (:mod:`limits.race.policies`).
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
        For an unknown policy or a bad flip probability; a :class:`SymbolicError` for a die with symbols.
    TooLargeError
        Above :data:`~limits.checks.MAX_RACE_STATES` (or
        :data:`~limits.checks.MAX_EXACT_RACE_STATES` with ``exact``) states, before any work.

    Examples
    --------
    >>> from limits import Board, build_chain
    >>> r = race(build_chain(), "never", "never")
    >>> r.first_wins == race(build_chain(), "0", "never").first_wins, float(r.first_wins)
    (True, 0.507802773460914)
    >>> board = Board(30, {3: 22, 8: 26, 20: 29, 27: 1, 21: 9, 17: 4})
    >>> game = race(build_chain(board), "win", "win")  # the paper's board: docs/racing.md
    >>> game.first_wins.shown(12), game.first.guaranteed, game.second.guaranteed
    ('0.554187225903', True, True)
    """
    inputs = _inputs(chain, flip)
    moves, names = seat_moves(chain), (policy_name(first), policy_name(second))
    if "win" in names and moves.entry != moves.goal:
        _check(moves, exact)
    return _solve(moves, inputs, _fixed_policies(moves, names, inputs.flip), None, *names, digits, exact, compare=True)


def race_table(chain: Chain, policies: Iterable[Any] | None = None, *, flip: Any = Fraction(1, 2), digits: int = 20,
               exact: bool = False, progress: Callable[[int, int], None] | None = None) -> RaceTable:
    """Every policy of ``policies`` (default :data:`~limits.race.policies.POLICIES`, all of them) in each seat
    against every one in the other, on the game of ``chain``: the first seat's chance.

    Races of two fixed policies are certified sums over each player's
    survival bounds (exact fractions from generating functions with
    ``exact``); races with ``win`` are certified on the chain of both
    positions (exact lifting with ``exact``: only on small boards, see
    :data:`~limits.checks.MAX_EXACT_RACE_STATES`). ``progress(done, total)``
    is called after each race.

    Examples
    --------
    >>> from limits import Board, build_chain, fair
    >>> t = race_table(build_chain(Board(10, {3: 8, 9: 1}), fair(3)), ("never", "length", "win"))
    >>> len(t.rows), t.row("win", "length").first_wins.upper >= t.row("length", "length").first_wins.lower
    (9, True)
    """
    inputs = _inputs(chain, flip)
    names = tuple(dict.fromkeys(policy_name(p) for p in listed(POLICIES if policies is None else policies,
                                                               "the policies")))
    callback(progress, "progress")
    moves = seat_moves(chain)
    if "win" in names:
        _check(moves, exact, races=2 * len(names) - 1)
        states = 2 * moves.size**2
        work = states * (2 * len(names) - 1)
        if exact and work > MAX_EXACT_TABLE_WORK:
            raise TooLargeError(f"an exact table would lift {2 * len(names) - 1} races with win on {states} "
                                f"states each ({work}); the limit MAX_EXACT_TABLE_WORK is {MAX_EXACT_TABLE_WORK} "
                                "(ask for certified digits)")
    fixed, players = _fixed_policies(moves, names, inputs.flip), None if exact else {}
    rows = []
    for a in names:
        for b in names:
            r = _solve(moves, inputs, fixed, players, a, b, digits, exact, compare=False)
            rows.append(RaceRow(a, b, r.first_wins, r.second_wins, r.expected_rounds, r.method, r.ties))
            if progress is not None:
                progress(len(rows), len(names) ** 2)
    return RaceTable(inputs, names, tuple(rows))
