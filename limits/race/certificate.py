"""The certificate of a ``win`` policy: every decision checked exactly against its alternative.

For a seat playing ``win`` against the other's fixed policy, let V be the
chance that it wins from each state under the pair (1 at its win, 0 at the
other's). If at every one of its decisions

    V(state) >= E[V after the other choice],

V is *excessive*: for any strategy of that seat whatever (remembering the
past, flipping at random, or keeping the race going for ever), V of the
state reached is a supermartingale in [0, 1] that is 1 once the seat has
won, so its chance to win is at most V at the start, which the policy
reaches. No assumption that the race ends is needed.

The check is exact. V comes as certified enclosures
(:class:`~limits.exact.enclosure.Enclosures`); a decision is proven
when the enclosures of the two choices' expected values do not overlap in
the wrong direction, or when the two choices are exact ties (the same ends
with the same chances, or ends where the seat's chance is exactly 0). What
overlaps is refined; what is still undecided is decided on the exact values
(p-adic lifting of the whole system). A choice proven worse than its
alternative is switched, and the pair is certified again: policy iteration
in exact arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ..errors import ConvergenceError
from ..exact.enclosure import Enclosures
from ..markup.numerals import counted
from .moves import HEADS, NO_FLIP, TAILS, SeatMoves
from .policies import table_policy
from .product import LiveSolver, Objective, RacePair, choice_values, flat_targets, seated

__all__ = ["SeatCertificate", "check_seat", "certify", "ends_whatever"]

WIDTHS = (1e-12, 1e-40, 1e-120)
"""The certified widths tried before the exact values decide."""

MAX_EXACT_ROUNDS = 20
"""Switches found by the certificate before it gives up (floats that far off are a bug)."""


@dataclass(frozen=True, eq=False)
class SeatCertificate:
    """What was proven about the ``win`` policy of one seat.

    Attributes
    ----------
    seat : int
    decisions : int
        The decisions checked (every state of the seat's turn, every roll with a choice).
    by_margin : int
        Proven by certified enclosures that do not overlap.
    ties : int
        Exact ties: the same ends with the same chances, or ends where the seat cannot win.
    by_exact : int
        Decided on the exact values.
    strict : ndarray
        ``(n, n, R)``: where the other choice is proven strictly worse.
    level : ndarray
        ``(n, n, R)``: where the two choices end differently but give the same chance to win: a tie that the
        race's other quantities (its rounds, whether it ends) may depend on.
    width : Fraction
        The widest error of the values the check used (0 when exact).
    switched : int
        Choices the floats had wrong, switched before the check passed.
    """

    seat: int
    decisions: int
    by_margin: int
    ties: int
    by_exact: int
    strict: np.ndarray
    level: np.ndarray
    width: Fraction
    switched: int = 0

    def __repr__(self) -> str:
        return (f"SeatCertificate(seat {self.seat}: {self.decisions} decisions, {self.by_margin} by margin, "
                f"{self.ties} ties, {self.by_exact} by exact values)")

    def statement(self) -> str:
        """What is proven, in one sentence."""
        how = [f"{self.by_margin:,} by certified margins"]
        if self.ties:
            how.append(counted(self.ties, "exact tie"))
        if self.by_exact:
            how.append(f"{self.by_exact:,} on exact values")
        return (f"seat {self.seat}: all {counted(self.decisions, 'decision')} are no worse than their alternatives "
                f"({', '.join(how)}), so no strategy of seat {self.seat} whatever beats it against the other seat")

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {"seat": self.seat, "decisions": self.decisions, "by_margin": self.by_margin, "ties": self.ties,
                "by_exact_values": self.by_exact, "switched": self.switched, "width": self.width,
                "statement": self.statement()}


def _same_ends(moves: SeatMoves) -> np.ndarray:
    """``(n, 1, R)`` [mine, theirs, roll]: the two choices end on the same squares with the same chances."""
    t, h, cu = moves.targets, moves.heads, moves.coin_unit
    t0, t1, t2 = t[..., NO_FLIP], t[..., HEADS], t[..., TAILS]
    return (((t1 == t0) & (t2 == t0)) | ((h == cu) & (t1 == t0)) | ((h == 0) & (t2 == t0)))[:, None, :]


def _ties(moves: SeatMoves, zero: np.ndarray, seat: int) -> np.ndarray:
    """``(n, n, R)`` [mine, theirs, roll]: the two choices are exact ties for ``seat``'s chance to win."""
    h, cu = moves.heads, moves.coin_unit
    nf, hd, tl = choice_values(moves, zero, seat, (seat != 1, seat != 2))
    both_zero = nf & np.where(h > 0, hd, True) & np.where(h < cu, tl, True)
    if seat == 2:
        both_zero = np.transpose(both_zero, (1, 0, 2))
    return _same_ends(moves) | both_zero


def _bounds(moves: SeatMoves, values: Enclosures, seat: int) -> tuple[np.ndarray, ...]:
    """Integer lower and upper bounds (times the scale and the coin's denominator) of each choice's expected
    value, ``[mine, theirs, roll]``: ``(no flip low, no flip high, flip low, flip high)``."""
    n, cu, h = moves.size, moves.coin_unit, moves.heads
    x, e = values.numerators.reshape(2, n, n), values.errors.reshape(2, n, n)
    xs = choice_values(moves, x, seat, (values.scale if seat == 1 else 0, values.scale if seat == 2 else 0))
    es = choice_values(moves, e, seat, (0, 0))
    out = (cu * (xs[0] - es[0]), cu * (xs[0] + es[0]), h * (xs[1] - es[1]) + (cu - h) * (xs[2] - es[2]),
           h * (xs[1] + es[1]) + (cu - h) * (xs[2] + es[2]))
    return out if seat == 1 else tuple(np.transpose(a, (1, 0, 2)) for a in out)


def check_seat(pair: RacePair, seat: int, values: Enclosures, ties: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(proven, better, undecided, strict)`` masks ``[mine, theirs, roll]`` over the seat's decisions:
    the current choice is proven no worse; the other is proven better; neither; the other is proven worse."""
    moves = pair.moves
    policy = pair.first if seat == 1 else pair.second
    flip = policy.choices(moves)
    nf_lo, nf_hi, fl_lo, fl_hi = _bounds(moves, values, seat)
    cur_lo, cur_hi = np.where(flip, fl_lo, nf_lo), np.where(flip, fl_hi, nf_hi)
    alt_lo, alt_hi = np.where(flip, nf_lo, fl_lo), np.where(flip, nf_hi, fl_hi)
    decision = np.broadcast_to(moves.decision[:, None, :], flip.shape)
    low_gap = (cur_lo - alt_hi).astype(object)
    high_gap = (cur_hi - alt_lo).astype(object)
    proven = decision & ((low_gap >= 0) | ties)
    better = decision & ~ties & (high_gap < 0)
    undecided = decision & ~proven & ~better
    strict = decision & (low_gap > 0)
    return proven, better, undecided, strict


def certify(pair: RacePair, seats: tuple[int, ...]) -> tuple[RacePair, dict[int, SeatCertificate], LiveSolver]:
    """Check every decision of the ``win`` seats of ``pair`` exactly; switch what is proven better, and check
    again, until every decision is proven: the certified pair, a certificate per seat, and its solver.

    Raises
    ------
    ConvergenceError
        If the switches do not settle within ``MAX_EXACT_ROUNDS`` rounds.
    """
    switched = {seat: 0 for seat in seats}
    for _ in range(MAX_EXACT_ROUNDS):
        solver = LiveSolver(pair)
        certificates: dict[int, SeatCertificate] = {}
        switches: dict[int, np.ndarray] = {}
        for seat in seats:
            zero = ~pair.can_win(seat).reshape(2, pair.n, pair.n)
            ties = _ties(pair.moves, zero, seat)
            by_exact = pending = 0
            for width in WIDTHS + (None,):
                values = solver.certified(Objective(seat), width) if width else solver.exact(Objective(seat))
                proven, better, undecided, strict = check_seat(pair, seat, values, ties)
                if width is None:
                    by_exact = pending
                if better.any() or not undecided.any():
                    break
                pending = int(undecided.sum())
            if undecided.any() and not better.any():  # pragma: no cover - exact values decide every comparison
                raise ConvergenceError("the certificate left decisions undecided on exact values")
            if better.any():
                switches[seat] = better
                continue
            decision = np.broadcast_to(pair.moves.decision[:, None, :], proven.shape)
            tie_count = int((ties & proven & ~strict).sum())
            level = decision & ~strict & ~_same_ends(pair.moves)
            certificates[seat] = SeatCertificate(seat, int(decision.sum()), int(decision.sum()) - tie_count - by_exact,
                                                 tie_count, by_exact, strict, level, values.widest, switched[seat])
        if not switches:
            return pair, certificates, solver
        for seat, better in switches.items():
            mine, other = (pair.first, pair.second) if seat == 1 else (pair.second, pair.first)
            switched[seat] += int(better.sum())
            pair = seated(pair.moves, seat, table_policy("win", mine.choices(pair.moves) ^ better), other, pair.start)
    raise ConvergenceError(f"the certificate still switched choices after {MAX_EXACT_ROUNDS} rounds")


def ends_whatever(pair: RacePair, seat: int) -> bool:
    """Whether, with ``seat`` playing its policy, the race ends surely whatever the other seat does.

    The other seat can keep the race going for ever with a positive chance exactly when the race can reach a
    set of states it can keep it in for ever (every roll of the fixed seat staying in the set, and a choice
    of the other's staying in it for each of its rolls).
    """
    moves, n = pair.moves, pair.n
    h, cu = moves.heads, moves.coin_unit
    policy = pair.first if seat == 1 else pair.second
    q = policy.full(n) if seat == 1 else np.transpose(policy.full(n), (1, 0, 2))
    rolls = len(moves.rolls)

    def ends(mover: int) -> tuple[np.ndarray, ...]:
        """The three ends of ``mover``'s moves as masks of whether they can happen: no flip, heads, tails."""
        decision = moves.decision[:, None, :] if mover == 1 else moves.decision[None, :, :]
        if mover == seat:
            return q < policy.den, (q > 0) & (h > 0), (q > 0) & (h < cu)
        full = np.ones((n, n, rolls), dtype=bool)
        return full, full & decision & (h > 0), full & decision & (h < cu)

    keep = np.ones((2, n, n), dtype=bool)
    while True:
        new = keep.copy()
        for mover in (1, 2):
            stay = choice_values(moves, keep, mover, (False, False))
            can = ends(mover)
            if mover == seat:
                ok = np.all([~c | s for c, s in zip(can, stay)], axis=0)
            else:
                flip = (~can[1] | stay[1]) & (~can[2] | stay[2]) & (can[1] | can[2])
                ok = stay[0] | flip
            new[mover - 1] &= ok.all(axis=2)
        if np.array_equal(new, keep):
            break
        keep = new
    if not keep.any():
        return True
    reach = np.zeros((2, n, n), dtype=bool)
    reach[0, pair.start, pair.start] = True
    while True:
        new = reach.copy()
        for mover in (1, 2):
            for flat, can in zip(flat_targets(moves, mover), ends(mover)):
                hit = np.zeros(n * (n + 1), dtype=bool)  # the positions after the move, the goal's row or column too
                hit[flat[reach[mover - 1][:, :, None] & can]] = True
                new[2 - mover] |= hit.reshape(n + 1, n)[:n] if mover == 1 else hit.reshape(n, n + 1)[:, :n]
        if np.array_equal(new, reach):
            return not (reach & keep).any()
        reach = new
