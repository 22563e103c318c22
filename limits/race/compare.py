"""How ``win`` differs from ``length``: where it flips differently, against which opponent squares, and the gain.

For a seat playing ``win``, the decisions ``(my square, opponent's square,
roll)`` where its choice differs from the ``length`` policy's and the
``length`` choice is proven strictly worse (by the certificate; where the
two tie, both are optimal and nothing differs that matters), grouped by my
square and roll with the opponent squares listed; and what ``win`` gains:
the seat's chance to win with ``win`` less its chance with ``length`` in its
place, the other seat playing as it does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..exact.enclosure import Enclosure
from .certificate import SeatCertificate
from .moves import SeatMoves
from .policies import RacePolicy

__all__ = ["Difference", "WinVersusLength", "differences", "squares_text", "gain"]


@dataclass(frozen=True)
class Difference:
    """At ``square`` with roll ``roll`` (landing on ``landing``), ``win`` flips (``flips``) where ``length`` does
    not, or the reverse, when the opponent stands on one of ``opponents``."""

    square: int
    roll: int
    landing: int
    flips: bool
    opponents: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"square": self.square, "roll": self.roll, "landing": self.landing, "win_flips": self.flips,
                "opponents": list(self.opponents)}

    def text(self, goal: int, positions: tuple[int, ...] | None = None) -> str:
        """One line: where, what, and against which squares (runs over ``positions``, the squares a player can
        stand on, when given)."""
        land = f"{self.landing} (one past {goal})" if self.landing > goal else str(self.landing)
        what = "flips" if self.flips else "does not flip"
        return (f"on {self.square}, rolling {self.roll} (landing on {land}): win {what} when the opponent is on "
                f"{squares_text(self.opponents, positions)}")


def squares_text(squares: tuple[int, ...], positions: tuple[int, ...] | None = None) -> str:
    """Squares as runs: ``1-4, 7, 9-12``; with ``positions`` (the squares one can stand on), a run goes on over
    squares no one can stand on (the starts of jumps).

    Examples
    --------
    >>> squares_text((1, 2, 3, 4, 7, 9, 10))
    '1-4, 7, 9-10'
    >>> squares_text((1, 2, 4, 7), positions=(0, 1, 2, 4, 5, 7))
    '1-4, 7'
    """
    rank = {s: i for i, s in enumerate(positions)} if positions is not None else None
    runs: list[list[int]] = []
    for s in squares:
        follows = runs and (rank[s] == rank[runs[-1][1]] + 1 if rank is not None and s in rank
                            and runs[-1][1] in rank else s == runs[-1][1] + 1)
        if follows:
            runs[-1][1] = s
        else:
            runs.append([s, s])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


@dataclass(frozen=True)
class WinVersusLength:
    """Where a seat's ``win`` policy and ``length`` part, and what ``win`` gains.

    Attributes
    ----------
    seat : int
    differences : tuple of Difference
        By my square and roll.
    decisions : int
        ``(my square, opponent's square, roll)`` where they differ and ``length`` is proven worse.
    ties : int
        Where they differ but tie (both optimal).
    with_length : Enclosure
        The seat's chance to win with ``length`` in its place.
    gain : Enclosure
        Its chance with ``win`` less ``with_length``.
    """

    seat: int
    differences: tuple[Difference, ...]
    decisions: int
    ties: int
    with_length: Enclosure
    gain: Enclosure

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "decisions": self.decisions, "ties": self.ties, "with_length": self.with_length,
                "gain": self.gain, "differences": [d.to_dict() for d in self.differences]}


def differences(moves: SeatMoves, win: RacePolicy, length: RacePolicy, certificate: SeatCertificate
                ) -> tuple[tuple[Difference, ...], int, int]:
    """The differences of ``win`` from ``length`` that matter, and the counts of strict and tied ones."""
    n = moves.size
    w = win.choices(moves)
    lc = np.broadcast_to(length.choices(moves), w.shape)
    differ = (w != lc) & moves.decision[:, None, :]
    strict = differ & certificate.strict
    out = []
    for i, r in zip(*np.nonzero(strict.any(axis=1))):
        opponents = tuple(moves.squares[j] for j in range(n) if strict[i, j, r])
        flips = bool(w[i, np.nonzero(strict[i, :, r])[0][0], r])
        out.append(Difference(moves.squares[i], moves.rolls[r][0], int(moves.landing[i, r]), flips, opponents))
    return tuple(out), int(strict.sum()), int((differ & ~strict).sum())


def gain(with_win: Any, with_length: Any) -> Enclosure:
    """``with_win - with_length`` as an enclosure (each an Enclosure or a Fraction)."""
    a, b = Enclosure.of(with_win), Enclosure.of(with_length)
    return Enclosure(a.lower - b.upper, a.upper - b.lower)
