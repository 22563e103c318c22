"""One game move by move: a game of the fewest turns, and the most likely way to finish.

Both are found exactly on the chain's rows (a face of probability 0 is no
step; a coin policy's flips are steps). The fewest turns come from
:attr:`Chain.fewest_turns <limits.model.chain.Chain.fewest_turns>`; the most
likely finish from a max-product search (Dijkstra's, backwards from the goal,
on exact probabilities: each step's is at most 1, so a longer path is never
more likely). Every optimal path then runs along the steps that keep the
optimum; the one given is the lexicographically smallest sequence of squares,
and the count is how many sequences of squares share the optimum.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from fractions import Fraction
from graphlib import TopologicalSorter
from typing import Any, Callable, Iterator

from ..model.build import chain_start
from ..model.moves import flip_chances
from ..model.rules import Rule
from ..model.traps import predecessors

__all__ = ["GamePath", "fewest_turns_path", "most_likely_path", "path_text"]


@dataclass(frozen=True)
class GamePath:
    """A game move by move: the squares after each turn (from the square the game starts on), and for each turn the
    smallest roll that makes it, the coin's side (None: no flip) and the jump taken (None: none).

    ``probability`` is the chance of this game's finish: for the fewest turns, that the game ends in that many
    turns (every such game); for the most likely path, that the game follows it. ``count`` is how many sequences
    of squares share that optimum.
    """

    squares: tuple[int, ...]
    rolls: tuple[int, ...]
    flips: tuple[str | None, ...]
    jumps: tuple[tuple[int, int] | None, ...]
    count: int
    probability: Any

    def to_dict(self) -> dict[str, Any]:
        """The path as plain data (the JSON of ``limits duration``)."""
        return {"squares": self.squares, "rolls": self.rolls, "flips": self.flips, "jumps": self.jumps,
                "turns": len(self.rolls), "count": self.count, "probability": self.probability}

    def text(self) -> str:
        """The squares with each turn's roll, flip and jump (:func:`path_text`)."""
        return path_text(self.to_dict())


def path_text(path: dict[str, Any]) -> str:
    """A path's squares with each turn's roll, flip and jump, from its dict or its JSON.

    Examples
    --------
    >>> path_text({"squares": [0, 38, 40], "rolls": [1, 3], "flips": [None, "tails"], "jumps": [[1, 38], None]})
    '0 -1-> 38 (1->38) -3, tails-> 40'
    """
    parts = [str(path["squares"][0])]
    for t, r, f, j in zip(path["squares"][1:], path["rolls"], path["flips"], path["jumps"]):
        parts.append(f"-{r}{', ' + f if f else ''}-> {t}" + (f" ({j[0]}->{j[1]})" if j else ""))
    return " ".join(parts)


def fewest_turns_path(chain: Any, start: int | None = None) -> GamePath | None:
    """A game of the fewest turns, the number of them, and the chance the game ends that soon (None: it never ends).

    Examples
    --------
    >>> from limits import build_chain
    >>> p = fewest_turns_path(build_chain())
    >>> p.squares, p.count, p.probability
    ((0, 14, 17, 22, 84, 88, 94, 100), 438, Fraction(73, 46656))
    """
    flips, turns = flip_chances(chain), chain.fewest_turns
    return _optimal(chain, start, flips, turns, lambda s, t, p: turns.get(t) == turns[s] - 1, total=True)


def most_likely_path(chain: Any, start: int | None = None) -> GamePath | None:
    """The most likely sequence of squares from the start to the goal, exactly (None: the goal is out of reach).

    Examples
    --------
    >>> from limits import build_chain
    >>> p = most_likely_path(build_chain())
    >>> p.squares, p.count, p.probability
    ((0, 14, 17, 22, 84, 88, 94, 100), 438, Fraction(1, 279936))
    """
    flips, into, best, heap = flip_chances(chain), predecessors(chain), {chain.goal: Fraction(1)}, [(-1, chain.goal)]
    while heap:
        value, t = heapq.heappop(heap)
        if -value == best[t]:  # else a stale entry
            for s, p in into.get(t, ()):
                if p * best[t] > best.get(s, 0):
                    best[s] = p * best[t]
                    heapq.heappush(heap, (-best[s], s))
    return _optimal(chain, start, flips, best, lambda s, t, p: p * best.get(t, 0) == best[s], total=False)


def _optimal(chain: Any, start: int | None, flips: Any, reach: Any, keeps: Callable[[int, int, Any], bool],
             total: bool) -> GamePath | None:
    """The lexicographically smallest path along the steps that ``keep`` the optimum, how many there are, and the
    chance of all of them (``total``) or of one."""
    first = chain.entry(chain_start(chain, start))
    if first not in reach:
        return None
    kept = {s: [t for t, p in chain.rows[chain.index[s]] if keeps(s, t, p)] for s in reach if s != chain.goal}
    count, mass = {chain.goal: 1}, {chain.goal: Fraction(1)}
    for s in TopologicalSorter({**kept, chain.goal: []}).static_order():  # the goal first
        if s != chain.goal:
            count[s] = sum(count[t] for t in kept[s])
            mass[s] = sum(chain.row(s)[t] * mass[t] for t in kept[s])
    squares = [first]
    while squares[-1] != chain.goal:
        squares.append(min(kept[squares[-1]]))
    moves = [next(_moves(chain, flips, s, t)) for s, t in zip(squares, squares[1:])]
    return GamePath(tuple(squares), *(tuple(m) for m in zip(*moves)) if moves else ((), (), ()), count[first],
                    mass[first] if total else reach[first])


def _moves(chain: Any, flips: Any, s: int, t: int) -> Iterator[tuple[int, str | None, tuple[int, int] | None]]:
    """The rolls (and sides of the coin) that take a turn from ``s`` to ``t``, smallest first, with the jump taken."""
    n, i = chain.goal, chain.index[s]
    for roll, (out, q, p) in enumerate(zip(chain.turns[i], flips[i], chain.die.probabilities), 1):
        for side, (end, w) in enumerate(out.ends(q, chain.coin)):
            if w and p and end == t:
                y = out.landing + (0, 1, -1)[side] if out.landing is not None else n
                y = 2 * n - y if chain.rule is Rule.BOUNCE and y > n else abs(y)
                yield roll, (None, "heads", "tails")[side], (y, t) if y < n and y != t else None
