"""The optimal coin policy over a parameter x in (0, 1), exactly: parametric policy iteration.

The game's chances are linear in x (:class:`LinearCoin`): the die ``(1 - x) A + x B`` at a fixed coin, or a
fixed die with a coin whose heads has chance x. The supports are the same for every x in (0, 1), so the graph
facts of the best policy (:func:`~limits.coin.best_policy.decision_setup`) hold on the whole interval.

* A *group* is the decisions with the same ends (no flip, heads, tails); one choice serves them all. Its gain
  ``g = sense (h N_heads + (1 - h) N_tails - N_no_flip)`` (``V = N / D`` a policy's values over one common
  denominator ``D > 0``, :func:`~limits.exact.pencil.pencil_solution`) is negative where flipping is better.
* :meth:`LinearCoin.settle`: policy iteration whose comparisons are signs just right (or left) of a point, 0, 1
  or an algebraic number (:class:`~limits.exact.algebraic.Algebraic`): at 0+ this is the lexicographic order of
  the expansions (Blackwell), so each decision is exact. It ends at the policy optimal on some ``(a, a + d)``,
  flipping exactly where flipping is strictly better (a group whose choices tie identically does not flip).
* :meth:`LinearCoin.optimal_map`: from 0, the next breakpoint is the least root in (a, 1) of odd multiplicity of
  a gain (screened by Descartes' rule; an even root, or a root at 1, changes nothing); settle just right of it,
  where only the groups whose gain vanishes there may switch (the values are continuous); until 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from flint import fmpq, fmpz_poly

from ..checks import MAX_MAP_STATES, whole
from ..exact.algebraic import Algebraic, descartes_bound, first_odd_root
from ..exact.pencil import pencil_solution
from ..exact.rational import RationalFunction
from ..markup.numerals import counted
from ..markup.quantities import exact_quantity, infinite_quantity, interval_quantity
from ..model.chain import Chain
from .best_policy import decision_setup

__all__ = ["LinearCoin", "PolicyMap", "Piece", "point_quantity", "ZERO"]

ZERO, ONE = Algebraic.rational(Fraction(0)), Algebraic.rational(Fraction(1))


def point_quantity(a: Algebraic, digits: int) -> dict[str, Any]:
    """An algebraic number as a JSON quantity: its certified digits (exact when rational) and its polynomial."""
    q = exact_quantity(a.exact, digits) if a.exact is not None else interval_quantity(*a.enclosure(4 * digits + 16),
                                                                                      digits)
    return {**q, "polynomial": [str(int(c)) for c in a.m.coeffs()]}


@dataclass(frozen=True)
class Piece:
    """An open interval ``(lo, hi)`` of x, the groups the optimal policy flips on it, and sigma there."""

    lo: Algebraic
    hi: Algebraic
    flips: frozenset[tuple[int, int, int]]
    sigma: RationalFunction


@dataclass(frozen=True)
class LinearCoin:
    """A coin game whose chances are linear in x: ``chain`` gives the board, rule, start and turn table, with
    every chance of (0, 1) positive; face f has chance ``roll[f][0] + roll[f][1] x``, heads ``heads[0] + heads[1]
    x``."""

    chain: Chain
    roll: tuple[tuple[Fraction, Fraction], ...]
    heads: tuple[Fraction, Fraction]
    maximise: bool = False

    @cached_property
    def setup(self) -> tuple[Any, ...]:
        """``(states, entry, decisions, groups, initial, unbounded)``: the squares reachable from the start by
        allowed choices; every ``(square, face, landing, group)`` (group: True, a forced flip; False, no choice);
        the free groups; a proper policy; the Unbounded of the maximum, if it is infinite."""
        c = self.chain
        rolls, entry, goal, choices, landings, region, start, unbounded = decision_setup(c, self.maximise)
        allowed = {k: [f for f, ends in ch.items() if set(ends) <= region | {goal}] for k, ch in choices.items()
                   if k[0] in region}
        states = {entry} - {goal} if unbounded is None else set()
        todo = list(states)
        while todo:
            s = todo.pop()
            for t in {t for f, _ in rolls for flip in allowed[s, f] for t in choices[s, f][flip]} - states - {goal}:
                states.add(t)
                todo.append(t)
        whole(len(states), "the squares of a map of the optimal policy", 0, MAX_MAP_STATES, limit="MAX_MAP_STATES")
        decisions = []
        for s in sorted(states):
            for f, _ in rolls:
                o = c.turns[c.index[s]][f - 1]
                free = len(allowed[s, f]) == 2
                decisions.append((s, f, o.landing, (o.no_flip, o.heads, o.tails) if free else allowed[s, f][0]))
        groups = sorted({g for *_, g in decisions if isinstance(g, tuple)})
        initial = frozenset(g for s, f, _, g in decisions if isinstance(g, tuple) and start.get((s, f)))
        return tuple(sorted(states)), entry, tuple(decisions), groups, initial, unbounded

    @cached_property
    def _rows(self) -> tuple[int, list[tuple[int, Any, int, int, int]]]:
        """``(den, moves)``: each move ``(square, group or forced choice, flip, target, a0, a1)`` of chance
        ``(a0 + a1 x) / den`` when the group's choice is ``flip``."""
        (h0, h1), moves = self.heads, []
        for s, f, _, g in self.setup[2]:
            a, b = self.roll[f - 1]
            o = self.chain.turns[self.chain.index[s]][f - 1]
            moves.append((s, g, False, o.no_flip, a, b))
            if g is not False:
                moves += [(s, g, True, o.heads, a * h0, a * h1 + b * h0),
                          (s, g, True, o.tails, a * (1 - h0), b * (1 - h0) - a * h1)]
        den = math.lcm(*(w.denominator for m in moves for w in m[4:]))
        return den, [(s, g, flip, t, int(a * den), int(b * den)) for s, g, flip, t, a, b in moves if a or b]

    def values(self, flips: frozenset) -> tuple[fmpz_poly, dict[int, fmpz_poly]]:
        """``(D, N)``: the expected remaining turns of the policy that flips on ``flips``, ``N[square] / D``,
        ``D > 0`` on (0, 1) (N of the goal is 0)."""
        states = self.setup[0]
        index, n = {s: i for i, s in enumerate(states)}, len(states)
        if not n:  # the start is the goal
            return fmpz_poly([1]), {self.chain.goal: fmpz_poly()}
        den, moves = self._rows
        c0 = [[den * (i == j) for j in range(n)] for i in range(n)]
        c1 = [[0] * n for _ in range(n)]
        for s, g, flip, t, a, b in moves:
            if t in index and flip == (g is True or g in flips):
                c0[index[s]][index[t]] -= a
                c1[index[s]][index[t]] -= b
        d, nums = pencil_solution(c0, c1, [den] * n)
        sign = -1 if d(fmpq(1, 2)) < 0 else 1
        return sign * d, {self.chain.goal: fmpz_poly(), **{s: sign * p for s, p in zip(states, nums)}}

    def gains(self, values: tuple[fmpz_poly, dict[int, fmpz_poly]]) -> list[fmpz_poly]:
        """Each group's gain: negative where flipping is strictly better (the advantage's numerator)."""
        (h0, h1), nums = self.heads, values[1]
        scale = math.lcm(h0.denominator, h1.denominator)
        h = fmpz_poly([int(h0 * scale), int(h1 * scale)])
        sense = -1 if self.maximise else 1
        at = {t: nums.get(t, fmpz_poly()) for g in self.setup[3] for t in g}
        return [sense * (h * at[hd] + (scale - h) * at[tl] - scale * at[nf]) for nf, hd, tl in self.setup[3]]

    def settle(self, point: Algebraic, side: int = 1, flips: frozenset | None = None, candidates: Any = None,
               known: Any = None) -> tuple[frozenset, Any, list[fmpz_poly]]:
        """Policy iteration just right (``side = 1``) or left of ``point``: ``(flips, values, gains)``. Only
        ``candidates`` (all groups if None) may switch; ``known``: the values of ``flips``."""
        flips = self.setup[4] if flips is None else flips
        while True:
            values = self.values(flips) if known is None else known
            gains, known = self.gains(values), None
            new = frozenset(g for g, a in zip(self.setup[3], gains) if (g in flips if candidates is not None and
                                                                          g not in candidates else
                                                                          point.sign_right(a, side) < 0))
            if new == flips:
                return flips, values, gains
            flips = new

    def next_breakpoint(self, point: Algebraic, gains: list[fmpz_poly], seen: dict[int, float]
                        ) -> Algebraic | None:
        """The least root in (point, 1) where a gain changes sign; groups are tried where their gain last crossed
        zero first (``seen``), so the screen's interval shrinks early."""
        best: Algebraic | None = None
        lo = fmpq(int(point.enclosure(14)[0] * 2**14), 2**14)
        for i in sorted(range(len(gains)), key=lambda i: seen.get(i, 2.0)):
            up = fmpq(1) if best is None else min(fmpq(1), fmpq(int(best.hi * 2**14) + 2, 2**14))
            f = gains[i]
            if f.degree() < 1 or not descartes_bound(f, lo, up):
                continue
            f = point.strip(f)
            r = first_odd_root(f, point, lo, up) if f.degree() > 0 else None
            if r is not None and (best is None or r.compare(best) < 0):
                best, seen[i] = r, float(r.lo)
        return None if best is None else best.minimize()

    def sigma(self, values: tuple[fmpz_poly, dict[int, fmpz_poly]]) -> RationalFunction:
        """sigma from the start, a rational function of x."""
        return RationalFunction.from_integer_polys(values[1][self.setup[1]], values[0])

    def optimal_map(self, variable: str = "x") -> "PolicyMap":
        """The pieces of (0, 1), ascending, each with its optimal policy and sigma."""
        point, seen, pieces = ZERO, {}, []
        if self.setup[5] is not None:  # the maximum is infinite for every x
            return PolicyMap(self, variable, ())
        flips, values, gains = self.settle(ZERO)
        while True:
            b = self.next_breakpoint(point, gains, seen)
            pieces.append(Piece(point, ONE if b is None else b, flips, self.sigma(values)))
            if b is None:
                return PolicyMap(self, variable, tuple(pieces))
            near = {g for g, a in zip(self.setup[3], gains) if not a.is_zero() and b.sign_of(a) == 0}
            flips, values, gains = self.settle(b, 1, flips, near, values)
            point = b

    def landings(self, flips: frozenset) -> tuple[list[int], list[tuple[int, int, int]]]:
        """The landings where the policy flips, and the exceptions ``(square, roll, landing)``: a decision that
        does not flip on such a landing."""
        def flipped(g: Any) -> bool:
            return g is True or g in flips
        land = sorted({x for _, _, x, g in self.setup[2] if flipped(g)})
        return land, [(s, f, x) for s, f, x, g in self.setup[2] if x in land and not flipped(g)]


@dataclass(frozen=True)
class PolicyMap:
    """The optimal coin policy over x in (0, 1): pieces, each with its policy and sigma, and the breakpoints.

    Examples
    --------
    >>> from limits import Board, build_chain
    >>> game = LinearCoin(build_chain(Board(10, {4: 1, 2: 8}), policy=0),
    ...                   tuple((Fraction(1, 6), Fraction(0)) for _ in range(6)), (Fraction(0), Fraction(1)))
    >>> m = game.optimal_map("heads")  # the coin's chance of heads is x
    >>> m, m.breakpoints[0].exact, m.to_json(6)["breakpoints"][1]["decimal"]
    (PolicyMap(over heads: 3 pieces, 2 breakpoints), Fraction(1, 7), '0.626987')
    """

    game: LinearCoin
    variable: str
    pieces: tuple[Piece, ...]

    @property
    def breakpoints(self) -> tuple[Algebraic, ...]:
        """Where the optimal policy changes, ascending."""
        return tuple(p.lo for p in self.pieces[1:])

    def __repr__(self) -> str:
        return f"PolicyMap(over {self.variable}: {len(self.pieces)} pieces, {len(self.breakpoints)} breakpoints)"

    def to_json(self, digits: int = 15, *_: Any) -> dict[str, Any]:
        """``variable``, ``maximise``, ``breakpoints`` (ascending) and ``pieces`` (``from``, ``to``, ``policy``,
        ``sigma``)."""
        def piece(p: Piece) -> dict[str, Any]:
            land, exceptions = self.game.landings(p.flips)
            return {"from": point_quantity(p.lo, digits), "to": point_quantity(p.hi, digits),
                    "policy": {"flip": land, "except": [{"start": s, "roll": r, "landing": x}
                                                        for s, r, x in exceptions]},
                    "sigma": {"variable": self.variable, "numerator": [str(c) for c in p.sigma.numerator],
                              "denominator": [str(c) for c in p.sigma.denominator]}}
        if (u := self.game.setup[5]) is not None:
            return {"variable": self.variable, "maximise": True, "breakpoints": [], "pieces": [],
                    "unbounded": infinite_quantity(u.reason(), u.squares)}
        return {"variable": self.variable, "maximise": self.game.maximise,
                "breakpoints": [point_quantity(b, digits) for b in self.breakpoints],
                "pieces": [piece(p) for p in self.pieces]}

    def text(self, digits: int = 15, *_: Any) -> str:
        """One line a piece: where it starts, and the flip landings gained (+) and dropped (-) there."""
        if (u := self.game.setup[5]) is not None:
            return f"longest game: infinite for every {self.variable} in (0, 1): {u.reason()}"
        lines, before = [f"{counted(len(self.breakpoints), 'breakpoint')} of the optimal policy over {self.variable} "
                         "in (0, 1)"], set()
        for p in self.pieces:
            land = set(self.game.landings(p.flips)[0])
            start = p.lo.exact if p.lo.exact is not None else point_quantity(p.lo, digits)["decimal"]
            change = ("flip on " + ", ".join(map(str, sorted(land))) if land else "no flip") if not before else \
                "; ".join(f"{w} {', '.join(map(str, sorted(s)))}" for w, s in (("+", land - before),
                                                                               ("-", before - land)) if s)
            lines.append(f"from {self.variable} = {start}: {change or 'the same landings'}")
            before = land
        return "\n".join(lines)

    def latex(self, digits: int = 15, *_: Any) -> str:
        """A document of the text's lines."""
        from ..markup.latex import tex_document, tex_text

        return tex_document(f"The optimal coin policy over {self.variable}", map(tex_text, self.text(digits).splitlines()))
