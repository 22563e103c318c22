"""Independent reference computations, written without the library's engine.

The turn rule is re-derived here from the rules' definitions, the linear
systems are solved by plain Fraction Gauss-Jordan elimination, and the
variance comes from the pmf, not from second moments.
"""

from __future__ import annotations

from fractions import Fraction


def turn(size: int, jumps: dict[int, int], rule: str, square: int, roll: int) -> int:
    """Where a turn ends, re-derived from the rules."""
    pos = square + roll
    if pos > size:
        if rule == "stay":
            return square
        if rule == "pass":
            return size
        while pos > size or pos < 0:  # reflect off N (and off 0, for tiny boards)
            pos = 2 * size - pos if pos > size else -pos
    return jumps.get(pos, pos)


def transitions(size, jumps, rule, probs):
    """{square: {target: prob}} over every square 0..N-1 that is not a jump start."""
    out = {}
    for s in range(size):
        if s in jumps:
            continue
        row: dict[int, Fraction] = {}
        for face, p in enumerate(probs, 1):
            if p:
                t = turn(size, jumps, rule, s, face)
                row[t] = row.get(t, Fraction(0)) + p
        out[s] = row
    return out


def gauss_solve(a: list[list[Fraction]], b: list[Fraction]) -> list[Fraction]:
    """Plain Gauss-Jordan elimination with Fractions."""
    n = len(a)
    m = [list(row) + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = next(r for r in range(col, n) if m[r][col] != 0)
        m[col], m[piv] = m[piv], m[col]
        pv = m[col][col]
        m[col] = [x / pv for x in m[col]]
        for r in range(n):
            if r != col and m[r][col] != 0:
                f = m[r][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] for i in range(n)]


def expected_turns(size, jumps, rule, probs) -> dict[int, Fraction]:
    """Expected turns from each square (all faces positive, so no traps)."""
    tr = transitions(size, jumps, rule, probs)
    states = sorted(tr)
    pos = {s: i for i, s in enumerate(states)}
    a = [[Fraction(int(i == j)) for j in range(len(states))] for i in range(len(states))]
    for s in states:
        for t, p in tr[s].items():
            if t != size:
                a[pos[s]][pos[t]] -= p
    x = gauss_solve(a, [Fraction(1)] * len(states))
    return dict(zip(states, x))


def pmf(size, jumps, rule, probs, start: int, turns: int) -> list[Fraction]:
    """P(D = M) for M = 0..turns by pushing the distribution forward."""
    tr = transitions(size, jumps, rule, probs)
    start = jumps.get(start, start)
    if start == size:
        return [Fraction(1)] + [Fraction(0)] * turns
    dist = {start: Fraction(1)}
    out = [Fraction(0)]
    for _ in range(turns):
        new: dict[int, Fraction] = {}
        won = Fraction(0)
        for s, mass in dist.items():
            for t, p in tr[s].items():
                if t == size:
                    won += mass * p
                else:
                    new[t] = new.get(t, Fraction(0)) + mass * p
        out.append(won)
        dist = new
    return out
