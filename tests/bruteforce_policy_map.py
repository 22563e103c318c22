"""An independent oracle for tiny boards: every deterministic policy, sigma of each exactly, the envelope.

Nothing here comes from the map's code (no groups, no pencil, no Descartes, no flint root isolation): only the
package's coin rule (:func:`limits.model.moves.turn_outcomes`, what a turn does) and sympy.

* A policy is a flip/no-flip choice at every (square, roll) whose landing allows a flip: all 2^k of them.
* Each policy's expected remaining turns from every square, as rational functions of x, by exact Fraction
  solves at ``2 n + 2`` rational points (Gaussian elimination) and rational interpolation through sympy
  (``rational_interpolate``), checked at two more points.
* The optimum at a point is the least (greatest) value over the policies that win surely from the square.
  Candidate breakpoints are all roots in (0, 1) of all differences of two policies' values at one square
  (sympy ``real_roots``, exact ``CRootOf``); between two consecutive candidates nothing can change, so the
  canonical policy (at each decision, flip exactly when it is strictly better, by the optimal values) is read
  at one rational point of each interval, exactly, and the breakpoints are the candidates where it differs on
  the two sides.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import sympy

from limits.model.board import Board
from limits.model.moves import turn_outcomes
from limits.model.rules import as_rule

X = sympy.Symbol("x")


def _solve(a: list[list[Fraction]], b: list[Fraction]) -> list[Fraction] | None:
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = next((r for r in range(c, n) if m[r][c] != 0), None)
        if p is None:
            return None
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c] / m[c][c]
                m[r] = [u - f * v for u, v in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def brute_map(board: Board, rule: str, faces: int, roll, heads, *, maximise: bool = False, start: int = 0,
              max_policies: int = 512, grouped: bool = False) -> dict:
    """The optimal map by enumeration. ``roll[f]`` and ``heads``: numbers or ``(b0, b1)`` for ``b0 + b1 x``.

    ``grouped``: one choice for all the decisions with the same outcomes (landing, and the squares after no flip,
    heads, tails), for larger boards; this leans on the fact that such decisions have the same best choice.
    """
    rule = as_rule(rule)

    def lin(v) -> tuple[Fraction, Fraction]:
        return (Fraction(v[0]), Fraction(v[1])) if isinstance(v, tuple) else (Fraction(v), Fraction(0))

    rolls = [lin(r) for r in roll]
    h = lin(heads)
    goal = board.size
    squares = list(board.squares)
    outs = {(s, f): turn_outcomes(board, rule, s, f + 1) for s in squares for f in range(faces)}
    decisions = [k for k, o in outs.items() if o.landing is not None and (rolls[k[1]][0] or rolls[k[1]][1])]

    def key(k: tuple[int, int]) -> tuple:
        o = outs[k]
        return (o.landing, o.no_flip, o.heads, o.tails) if grouped else k

    bits_of = sorted({key(k) for k in decisions})
    if 2 ** len(bits_of) > max_policies:
        raise ValueError(f"{len(bits_of)} choices: too many")
    idx = {s: i for i, s in enumerate(squares)}
    n = len(squares)

    def chances(v: tuple[Fraction, Fraction], x: Fraction) -> Fraction:
        return v[0] + v[1] * x

    def rows(policy: dict, x: Fraction) -> list[dict[int, Fraction]]:
        out = []
        for s in squares:
            r: dict[int, Fraction] = {}
            for f in range(faces):
                p = chances(rolls[f], x)
                if not p:
                    continue
                o = outs[s, f]
                hx = chances(h, x)
                ends = [(o.heads, hx), (o.tails, 1 - hx)] if policy.get((s, f)) else [(o.no_flip, Fraction(1))]
                for t, w in ends:
                    if w:
                        r[t] = r.get(t, Fraction(0)) + p * w
            out.append(r)
        return out

    def proper_from(policy: dict) -> set[int]:
        """Squares from which the policy wins surely (for x in (0, 1): the supports do not change)."""
        r = rows(policy, Fraction(1, 2))
        win = {goal}
        changed = True
        while changed:
            changed = False
            for s in squares:
                if s not in win and any(t in win for t in r[idx[s]]):
                    win.add(s)
                    changed = True
        # surely: every square reachable from s must reach the goal
        out = set()
        for s in squares:
            seen, todo = {s}, [s]
            while todo:
                u = todo.pop()
                if u == goal:
                    continue
                for t in r[idx[u]]:
                    if t not in seen:
                        seen.add(t)
                        todo.append(t)
            if seen <= win:
                out.add(s)
        return out

    def values(policy: dict, x: Fraction, good: list[int]) -> list[Fraction]:
        r = rows(policy, x)
        gi = {s: i for i, s in enumerate(good)}
        a = [[Fraction(int(i == j)) for j in range(len(good))] for i in range(len(good))]
        for i, s in enumerate(good):
            for t, w in r[idx[s]].items():
                if t != goal:
                    a[i][gi[t]] -= w
        return _solve(a, [Fraction(1)] * len(good))

    results = []  # (policy, {square: sympy function})
    for bits in itertools.product((False, True), repeat=len(bits_of)):
        chosen = dict(zip(bits_of, bits))
        policy = {k: chosen[key(k)] for k in decisions}
        good = sorted(proper_from(policy))
        if maximise and start in squares and board.land(start) not in good:
            return {"unbounded": True}
        if not good:
            results.append((policy, {}))
            continue
        pts = [Fraction(k, 2 * n + 5) for k in range(1, 2 * n + 5)]
        vals = [values(policy, x, good) for x in pts]
        funcs = {}
        for i, s in enumerate(good):
            data = [(sympy.Rational(x.numerator, x.denominator), sympy.Rational(v[i].numerator, v[i].denominator))
                    for x, v in zip(pts, vals)]
            f = sympy.cancel(sympy.rational_interpolate(data[:-2], n + 1, X=X))
            for x, y in data[-2:]:
                assert f.subs(X, x) == y, "interpolation check"
            funcs[s] = f
        results.append((policy, funcs))
    entry = board.land(start)
    fast = {}  # every function as (numerator, denominator) Polys over QQ, and as Fraction coefficients
    for _, fs in results:
        for f in fs.values():
            if f not in fast:
                nu, de = (sympy.Poly(e, X, domain="QQ") for e in sympy.fraction(sympy.cancel(f)))
                fast[f] = (nu, de, [Fraction(int(c.p), int(c.q)) for c in nu.all_coeffs()],
                           [Fraction(int(c.p), int(c.q)) for c in de.all_coeffs()])

    def at(f, x: Fraction) -> Fraction:
        _, _, nu, de = fast[f]
        a = b = Fraction(0)
        for c in nu:
            a = a * x + c
        for c in de:
            b = b * x + c
        return a / b

    # candidate points: roots in (0, 1) of every difference at one square of two policies one switch apart
    # (enough: left of a breakpoint the optimal policy has no improving switch, right of it one switch improves,
    # so its value and the switched policy's cross there, at some square)
    factors, pairs = set(), set()
    for i, (_, fs) in enumerate(results):
        for j in range(len(bits_of)):
            if not i >> (len(bits_of) - 1 - j) & 1:  # results are in itertools.product order
                other = results[i | 1 << (len(bits_of) - 1 - j)][1]
                pairs.update(frozenset((fs[s], other[s])) for s in fs if s in other and fs[s] != other[s])
    for f, g in map(tuple, pairs):
        num = fast[f][0] * fast[g][1] - fast[g][0] * fast[f][1]
        factors.update(q.monic() for q, _ in num.factor_list()[1] if q.degree() > 0)
    cands = []  # (factor, lower, upper): rational isolating intervals in [0, 1], refined until disjoint
    for q in factors:
        for (a, b), _ in q.intervals(inf=0, sup=1):
            if 0 < a == b < 1 or (a != b and q.eval(a) * q.eval(b) < 0):  # sympy's intervals are closed
                cands.append([q, sympy.Rational(a), sympy.Rational(b)])
    while True:
        cands.sort(key=lambda c: c[1])
        bad = [i for i in range(len(cands) - 1) if cands[i][2] >= cands[i + 1][1]]
        bad += [i for i, c in enumerate(cands) if c[1] <= 0 or c[2] >= 1]
        if not bad:
            break
        for i in {j for i in bad for j in (i, i + 1) if j < len(cands)}:
            q, a, b = cands[i]
            if a != b:
                cands[i][1:] = [sympy.Rational(v) for v in q.refine_root(a, b, eps=(b - a) / 4)]
    cands = [tuple(c) for c in cands]
    assert all(0 < c[1] and c[2] < 1 for c in cands)
    edges = [(None, sympy.Integer(0), sympy.Integer(0))] + cands + [(None, sympy.Integer(1), sympy.Integer(1))]

    def canonical(x: Fraction) -> tuple[dict, Fraction | None]:
        best: dict[int, Fraction] = {}
        for _, fs in results:
            for s, f in fs.items():
                v = at(f, x)
                if s not in best or (v > best[s] if maximise else v < best[s]):
                    best[s] = v
        choice = {}
        for (s, f) in decisions:
            if s not in best:
                continue
            o = outs[s, f]
            hx = chances(h, x)

            def q(ends):
                tot = 0
                for t, w in ends:
                    if w:
                        if t != goal and t not in best:
                            return None
                        tot += w * (0 if t == goal else best[t])
                return tot

            a, b = q([(o.no_flip, 1)]), q([(o.heads, hx), (o.tails, 1 - hx)])
            if b is None:
                choice[s, f] = False
            elif a is None:
                choice[s, f] = True
            else:
                choice[s, f] = bool(b > a) if maximise else bool(b < a)
        return choice, best.get(entry)

    pieces = []
    for lo, hi in zip(edges, edges[1:]):
        m = (lo[2] + hi[1]) / 2
        mid = Fraction(int(m.p), int(m.q))
        choice, sigma = canonical(mid)
        sigs = {fs[entry] for pol, fs in results if entry in fs and all(pol[k] == c for k, c in choice.items())}
        assert len(sigs) == 1
        sig = sigs.pop()
        assert at(sig, mid) == sigma
        if pieces and pieces[-1]["choice"] == choice:
            pieces[-1]["hi"] = hi
        else:
            pieces.append({"lo": lo, "hi": hi, "choice": choice, "sigma": sig, "mid": mid})
    return {"unbounded": False, "pieces": pieces, "decisions": decisions, "candidates": len(cands),
            "policies": len(results)}
