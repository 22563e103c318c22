"""The race as a chain of both positions and whose turn it is: exact integer systems and float Bellman steps.

State ``(turn, a, b)``: the first player on the square of index a, the
second on b, seat ``turn + 1`` to move; index ``turn n^2 + a n + b``. With
both policies fixed the race is an absorbing chain on these ``2 n^2``
states; :class:`RacePair` gives

* the exact system ``D (I - T)`` (scipy, int64) and the integer right-hand
  sides of each seat's chance to win and of the expected rounds, D the
  common denominator of every move (die, coin, the policies' flips);
* graph facts: the states from which the race can end (:attr:`RacePair.live`)
  and those from which each seat can still win;
* float Bellman steps on ``(2, n, n)`` arrays, by gathers over the move
  tables (no matrix): evaluation of the pair, and, for a seat left free,
  the best (or worst) choice at each of its decisions. Values are seen from
  one seat's win (``payoff``) or count the rounds;

and :class:`LiveSolver` its system on the live states, where ``A = D (I - T)`` is a nonsingular M-matrix: one
sparse LU of A (SuperLU) proposes, the exact residuals prove and refine (:func:`limits.exact.residual.refine`),
and the values outside the live states are exactly 0; or exact values, by p-adic lifting.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

import numpy as np

from ..errors import TooLargeError
from ..exact.enclosure import Enclosures
from .moves import HEADS, MAX_ROW_WEIGHT, NO_FLIP, TAILS, SeatMoves
from .policies import RacePolicy

__all__ = ["RacePair", "Objective", "choice_values", "flat_targets", "seated", "LiveSolver"]


@dataclass(frozen=True)
class Objective:
    """What a value counts: ``win`` is the seat (1 or 2) whose win is worth 1, or 0 for the rounds."""

    win: int

    @property
    def payoffs(self) -> tuple[float, float]:
        """The value when seat 1, or seat 2, wins."""
        return (float(self.win == 1), float(self.win == 2))


def flat_targets(moves: SeatMoves, seat: int) -> tuple[np.ndarray, ...]:
    """For each end of a move (no flip, heads, tails), the ``(n, n, R)`` flat index into the values after it."""
    n, t = moves.size, moves.targets
    if seat == 1:  # (a, b) -> (x, b), read in an (n + 1, n) array
        return tuple(t[:, None, :, k] * n + np.arange(n)[None, :, None] for k in (NO_FLIP, HEADS, TAILS))
    return tuple(np.arange(n)[:, None, None] * (n + 1) + t[None, :, :, k] for k in (NO_FLIP, HEADS, TAILS))


def _after(values: np.ndarray, seat: int, payoffs: tuple[Any, Any]) -> np.ndarray:
    """The values after a move of ``seat``, flat, with the value of its win appended where the goal is."""
    n = values.shape[1]
    if seat == 1:
        return np.concatenate([values[1], np.full((1, n), payoffs[0], dtype=values.dtype)], axis=0).ravel()
    return np.concatenate([values[0], np.full((n, 1), payoffs[1], dtype=values.dtype)], axis=1).ravel()


def choice_values(moves: SeatMoves, values: np.ndarray, seat: int, payoffs: tuple[Any, Any],
                  flat: tuple[np.ndarray, ...] | None = None) -> tuple[np.ndarray, ...]:
    """``(n, n, R)`` values of the three ends of a move of ``seat`` from every ``(a, b)``: no flip, heads, tails.

    ``values`` is ``(2, n, n)`` (any dtype, objects included); a move that
    wins is worth ``payoffs[seat - 1]``.
    """
    after = _after(values, seat, payoffs)
    flat = flat_targets(moves, seat) if flat is None else flat
    return tuple(np.take(after, f) for f in flat)


@dataclass(frozen=True, eq=False)
class RacePair:
    """Two policies on one board: the race's chain.

    Examples
    --------
    >>> from limits import Board, build_chain, fair
    >>> from limits.race.moves import seat_moves
    >>> from limits.race.policies import fixed_policy
    >>> m = seat_moves(build_chain(Board(4), fair(2)))
    >>> pair = RacePair(m, fixed_policy("never", m), fixed_policy("never", m), 0)
    >>> pair.states, pair.unit, pair.matrix.shape
    (32, 4, (32, 32))
    """

    moves: SeatMoves
    first: RacePolicy
    second: RacePolicy
    start: int

    @property
    def n(self) -> int:
        return self.moves.size

    @property
    def states(self) -> int:
        """``2 n^2``."""
        return 2 * self.n * self.n

    @property
    def start_state(self) -> int:
        """The state the race starts in (both on the start, the first to move)."""
        return self.start * self.n + self.start

    def state(self, turn: int, a: int, b: int) -> int:
        return (turn * self.n + a) * self.n + b

    @cached_property
    def flip_chances(self) -> tuple[np.ndarray, np.ndarray]:
        """``(n, n|1, R)`` float chances of flipping of each seat, indexed ``[a, b, r]`` (the second's transposed)."""
        return self.first.flips / self.first.den, np.transpose(self.second.flips, (1, 0, 2)) / self.second.den

    # ---- the exact system ------------------------------------------------------------------------------
    @cached_property
    def _integer(self) -> tuple[int, Any, np.ndarray, np.ndarray]:
        import scipy.sparse as sp

        m, n = self.moves, self.n
        lcm = math.lcm(self.first.den, self.second.den)
        cu, heads = m.coin_unit, m.heads
        unit = m.roll_unit * lcm * cu
        if 2 * unit > MAX_ROW_WEIGHT:
            raise TooLargeError(f"the race's common denominator {unit} (die, coin and flips) is too large for the "
                                f"exact engine's words (at most {MAX_ROW_WEIGHT // 2})")
        rw = m.roll_weight[None, None, :]
        rows_all, cols_all, vals_all = [], [], []
        wins = np.zeros((2, self.states), dtype=np.int64)
        idx = np.arange(n)
        for turn, policy in ((0, self.first), (1, self.second)):
            g = np.broadcast_to(policy.flips, (n, n, len(m.rolls))) * (lcm // policy.den)
            if turn == 1:  # the second moves from b: its table is read at [b, a]
                g = np.transpose(g, (1, 0, 2))
            weights = (rw * (lcm - g) * cu, rw * g * heads, rw * g * (cu - heads))
            source = np.broadcast_to((turn * n * n + idx[:, None] * n + idx[None, :])[:, :, None], g.shape)
            for k, w in zip((NO_FLIP, HEADS, TAILS), weights):
                x = np.broadcast_to(m.targets[:, None, :, k] if turn == 0 else m.targets[None, :, :, k], w.shape)
                target = n * n + x * n + idx[None, :, None] if turn == 0 else idx[:, None, None] * n + x
                w, x, at, target = w.ravel(), x.ravel(), source.ravel(), target.ravel()
                keep = w > 0
                won = keep & (x == n)
                np.add.at(wins[turn], at[won], w[won])
                move = keep & (x < n)
                rows_all.append(at[move]), cols_all.append(target[move]), vals_all.append(-w[move])
        rows = np.concatenate(rows_all + [np.arange(self.states)])
        cols = np.concatenate(cols_all + [np.arange(self.states)])
        vals = np.concatenate(vals_all + [np.full(self.states, unit, dtype=np.int64)])
        matrix = sp.csr_matrix((vals, (rows, cols)), shape=(self.states, self.states), dtype=np.int64)
        matrix.sum_duplicates()
        matrix.sort_indices()
        return unit, matrix, wins, np.arange(self.states) < n * n

    @property
    def unit(self) -> int:
        """D: the common denominator of every move of the race."""
        return self._integer[0]

    @property
    def matrix(self) -> Any:
        """``D (I - T)`` over every state, scipy CSR of int64."""
        return self._integer[1]

    def rhs(self, objective: Objective) -> np.ndarray:
        """The integer right-hand side: D times the chance that ``objective.win`` wins at the next move, or D at
        every state where the first moves (a round begins) for the rounds."""
        unit, _, wins, first = self._integer
        if objective.win == 0:
            return np.where(first, unit, 0).astype(np.int64)
        return wins[objective.win - 1].copy()

    # ---- graph facts ------------------------------------------------------------------------------------
    def reaching(self, targets: np.ndarray, forward: bool = False) -> np.ndarray:
        """States from which a state of ``targets`` (a boolean mask, itself included) can be reached; with
        ``forward``, the states reached from them."""
        step = (self.matrix < 0).astype(np.int8)
        step = (step.T if forward else step).tocsr()
        reach = targets.copy()
        while True:
            more = reach | (step @ reach.astype(np.int8) > 0)
            if np.array_equal(more, reach):
                return reach
            reach = more

    @cached_property
    def live(self) -> np.ndarray:
        """States from which the race can end (a seat wins); elsewhere it goes on for ever."""
        _, _, wins, _ = self._integer
        return self.reaching((wins[0] > 0) | (wins[1] > 0))

    def can_win(self, seat: int) -> np.ndarray:
        """States from which ``seat`` can still win (elsewhere its chance is exactly 0)."""
        return self.reaching(self._integer[2][seat - 1] > 0)

    # ---- float Bellman steps ----------------------------------------------------------------------------
    @cached_property
    def _flat(self) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]:
        return flat_targets(self.moves, 1), flat_targets(self.moves, 2)

    def step(self, values: np.ndarray, objective: Objective, free: dict[int, int] | None = None) -> np.ndarray:
        """One round of Bellman updates of a seat's chance to win (``objective.win`` 1 or 2; the rounds are
        solved exactly, :class:`LiveSolver`): the first's turn from the second's values, then the second's turn
        from the new ones; each seat plays its policy, or, for a seat in ``free``, its best choice for the
        objective (``free[seat] = +1``) or its worst (``-1``)."""
        h = self.moves.heads / self.moves.coin_unit
        p = self.moves.roll_chance
        out = values.copy()
        q = self.flip_chances
        for seat in (1, 2):
            nf, hd, tl = choice_values(self.moves, out, seat, objective.payoffs, self._flat[seat - 1])
            flip = h * hd + (1 - h) * tl
            sign = (free or {}).get(seat)
            if sign is None:
                mixed = (1 - q[seat - 1]) * nf + q[seat - 1] * flip
            else:
                decision = self.moves.decision[:, None, :] if seat == 1 else self.moves.decision[None, :, :]
                best = np.maximum(nf, flip) if sign > 0 else np.minimum(nf, flip)
                mixed = np.where(decision, best, nf)
            out[seat - 1] = mixed @ p
        return out

    def evaluate(self, objective: Objective, start: np.ndarray | None = None, *, free: dict[int, int] | None = None,
                 tolerance: float = 1e-15, most: int = 200_000) -> tuple[np.ndarray, bool]:
        """The values of the pair (or, with ``free``, the optimal ones) by iteration from ``start`` (zeros) until
        the largest change is below ``tolerance`` (relative to the values' size), as ``(2, n, n)``, and whether
        they settled within ``most`` rounds. From zeros the iterates rise to the least solution, the chance of
        the win."""
        values = np.zeros((2, self.n, self.n)) if start is None else start
        for _ in range(most):
            new = self.step(values, objective, free)
            change = float(np.max(np.abs(new - values), initial=0.0))
            values = new
            if change <= tolerance * max(1.0, float(np.max(np.abs(values), initial=0.0))):
                return values, True
        return values, False


def seated(moves: SeatMoves, seat: int, mine: RacePolicy, other: RacePolicy, start: int) -> RacePair:
    """The pair with ``mine`` in ``seat`` and ``other`` in the other seat."""
    return RacePair(moves, mine, other, start) if seat == 1 else RacePair(moves, other, mine, start)


class LiveSolver:
    """The pair's system on its live states: one float LU, certified solves, exact ones.

    Examples
    --------
    >>> from limits import Board, build_chain, fair
    >>> from limits.race.moves import seat_moves
    >>> from limits.race.policies import fixed_policy
    >>> m = seat_moves(build_chain(Board(6), fair(2)))
    >>> pair = RacePair(m, fixed_policy("never", m), fixed_policy("never", m), 0)
    >>> v = LiveSolver(pair).certified(Objective(1), 1e-40)
    >>> w = v[pair.start_state]
    >>> float(w.lower), w.width < Fraction(1, 10**40)
    (0.6197916666666666, True)
    """

    def __init__(self, pair: RacePair) -> None:
        self.pair = pair
        self.live = np.flatnonzero(pair.live)
        self.matrix = pair.matrix[self.live][:, self.live].tocsr()
        self.matrix.sort_indices()

    @cached_property
    def _lu(self) -> Any:
        from scipy.sparse.linalg import splu

        # the states come in the order of the pair's positions, which keeps the factors banded: the natural
        # order fills less than COLAMD and factors 1.5-5 times faster (13,122 states: 0.10 s against 0.33 s)
        return splu(self.matrix.astype(float).tocsc(), permc_spec="NATURAL")

    def certified(self, objective: Objective, width: Any = 1e-12) -> Enclosures:
        """The values for ``objective`` with every error below ``width`` (:func:`~limits.exact.residual.refine`).

        Raises
        ------
        ConvergenceError
            If the refinement stalls (a system too ill-conditioned for floats to propose).
        """
        from ..exact.residual import refine

        b = [int(v) for v in self.pair.rhs(objective)[self.live]]
        return refine(self.matrix, b, self._lu.solve, width).placed(self.live, self.pair.states)

    def exact(self, objective: Objective) -> Enclosures:
        """The exact values (p-adic lifting of the whole live system: about a minute for the paper's board)."""
        from ..exact.dixon import dixon_solve

        b = [int(v) for v in self.pair.rhs(objective)[self.live]]
        x = dixon_solve(self.matrix, b)
        numerators = [int(v) for v in x.numerators]
        return Enclosures(numerators, [0] * len(numerators), int(x.denominator)).placed(self.live, self.pair.states)

    def exact_at(self, objective: Objective, state: int) -> Fraction:
        """One state's exact value (p-adic lifting of that unknown alone, to a proven bound)."""
        from ..exact.padic_entry import dixon_entry

        where = np.searchsorted(self.live, state)
        if where == len(self.live) or self.live[where] != state:
            return Fraction(0)
        return dixon_entry(self.matrix, [int(v) for v in self.pair.rhs(objective)[self.live]], int(where))
