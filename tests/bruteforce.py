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


# ---- sparse elimination, traps, moments from every square ------------------------------------------


def sparse_solve(rows: list[dict[int, Fraction]], columns: list[list[Fraction]]) -> list[list[Fraction]]:
    """Solve ``A x = b`` for each column b; A given as sparse rows ``{column: value}``.

    Gauss-Jordan on dict rows with the first nonzero pivot in order: no
    pivoting strategy is needed for exact Fractions, and the sparse rows keep
    banded boards (moves go at most a die's faces ahead) cheap.
    """
    n = len(rows)
    m = [dict(r) for r in rows]
    rhs = [[col[i] for col in columns] for i in range(n)]
    for col in range(n):
        piv = next(r for r in range(col, n) if m[r].get(col, 0) != 0)
        m[col], m[piv] = m[piv], m[col]
        rhs[col], rhs[piv] = rhs[piv], rhs[col]
        pv = m[col][col]
        m[col] = {j: v / pv for j, v in m[col].items()}
        rhs[col] = [v / pv for v in rhs[col]]
        for r in range(n):
            if r != col:
                f = m[r].get(col, 0)
                if f != 0:
                    row = m[r]
                    for j, v in m[col].items():
                        row[j] = row.get(j, 0) - f * v
                    row.pop(col, None)
                    rhs[r] = [a - f * b for a, b in zip(rhs[r], rhs[col])]
    return [[rhs[i][j] for i in range(n)] for j in range(len(columns))]


def can_win(size, tr) -> set[int]:
    """Squares from which the goal can be reached (backwards search)."""
    back: dict[int, set[int]] = {}
    for s, row in tr.items():
        for t in row:
            back.setdefault(t, set()).add(s)
    seen, todo = {size}, [size]
    while todo:
        t = todo.pop()
        for s in back.get(t, ()):
            if s not in seen:
                seen.add(s)
                todo.append(s)
    return seen - {size}


def reachable(tr, start: int, size: int) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        s = todo.pop()
        for t in tr.get(s, {}):
            if t != size and t not in seen:
                seen.add(t)
                todo.append(t)
    return seen


def finite_squares(size, tr) -> set[int]:
    """Squares from which the game surely ends: every square they can reach can still win."""
    winners = can_win(size, tr)
    return {s for s in tr if reachable(tr, s, size) <= winners}


def moments(size, jumps, rule, probs) -> dict[int, tuple]:
    """``{square: (mean, variance)}`` from every square 0..N-1 that is not a jump start; ``(inf, inf)`` where the
    game may never end. Second moments by first-step analysis: E[D^2] = 1 + sum T (2 E[D'] + E[D'^2])."""
    tr = transitions(size, jumps, rule, probs)
    finite = sorted(finite_squares(size, tr))
    pos = {s: i for i, s in enumerate(finite)}
    rows = []
    for s in finite:
        row = {pos[s]: Fraction(1)}
        for t, p in tr[s].items():
            if t != size:
                row[pos[t]] = row.get(pos[t], 0) - p
        rows.append(row)
    (m1,) = sparse_solve(rows, [[Fraction(1)] * len(finite)])
    rhs = [Fraction(1) + 2 * sum((p * m1[pos[t]] for t, p in tr[s].items() if t != size), Fraction(0))
           for s in finite]
    (m2,) = sparse_solve(rows, [rhs])
    inf = float("inf")
    out = {s: (inf, inf) for s in tr}
    for s in finite:
        mean = m1[pos[s]]
        out[s] = (mean, m2[pos[s]] - mean * mean)
    return out


def start_of(size, jumps, start: int) -> int:
    return jumps.get(start, start)


def walk(size, jumps, rule, delta: int, start: int):
    """The P(delta) = 1 walk followed turn by turn: the turns to win, or None when it loops."""
    pos = start_of(size, jumps, start)
    seen = set()
    turns = 0
    while pos != size:
        if pos in seen:
            return None
        seen.add(pos)
        pos = turn(size, jumps, rule, pos, delta)
        turns += 1
    return turns


def weighted(delta: int, p: Fraction, faces: int) -> list[Fraction]:
    """The loaded die, written again: P(delta) = p, the others share 1 - p."""
    rest = (1 - p) / (faces - 1)
    return [p if f == delta else rest for f in range(1, faces + 1)]


def survival_from_pmf(pmf_values: list[Fraction]) -> list[Fraction]:
    out, alive = [], Fraction(1)
    for q in pmf_values:
        alive -= q
        out.append(alive)
    return out


def absorption(size, jumps, rule, probs, start: int) -> Fraction:
    """P(the game ever ends) from ``start``, by its own linear system on the squares that can win."""
    tr = transitions(size, jumps, rule, probs)
    start = start_of(size, jumps, start)
    if start == size:
        return Fraction(1)
    winners = can_win(size, tr)
    if start not in winners:
        return Fraction(0)
    order = sorted(winners)
    pos = {s: i for i, s in enumerate(order)}
    rows, rhs = [], []
    for s in order:
        row = {pos[s]: Fraction(1)}
        b = Fraction(0)
        for t, p in tr[s].items():
            if t == size:
                b += p
            elif t in pos:
                row[pos[t]] = row.get(pos[t], 0) - p
        rows.append(row)
        rhs.append(b)
    (h,) = sparse_solve(rows, [rhs])
    return h[pos[start]]
