"""One game's answers computed again, on the rules and searches of :mod:`tests.oracle`, without the library.

Expected turns and moments by first-step analysis in plain Fractions, the
distribution pushed forward turn by turn, the fewest turns breadth-first,
and certificates that put the library's answer into the oracle's own
equations where solving them again would be slow.
"""

from __future__ import annotations

from fractions import Fraction

from tests.oracle import INF, can_win, expected, finite_squares, sparse_solve, start_of, transitions, turn


def expected_turns(size, jumps, rule, probs) -> dict[int, Fraction]:
    """Expected turns from each square 0..N-1 that is not a jump start (inf where the game may never end)."""
    values = expected(size, transitions(size, jumps, rule, probs))
    del values[size]
    return values


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


def moments(size, jumps, rule, probs) -> dict[int, tuple]:
    """``{square: (mean, variance)}`` from every square 0..N-1 that is not a jump start; ``(inf, inf)`` where the
    game may never end. Second moments by first-step analysis: E[D^2] = 1 + sum T (2 E[D'] + E[D'^2])."""
    tr = transitions(size, jumps, rule, probs)
    m1 = expected(size, tr)
    m2 = expected(size, tr, lambda s: 1 + 2 * sum((p * m1[t] for t, p in tr[s].items()), Fraction(0)))
    return {s: (INF, INF) if m1[s] == INF else (m1[s], m2[s] - m1[s] ** 2) for s in tr}


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


# ---- certificates: the library's answer put into the oracle's own equations --------------------------


def check_mean_times(size, jumps, rule, probs, m1: dict, m2: dict | None = None) -> None:
    """Assert that ``m1`` (and ``m2``) solve the oracle's equations exactly, on the oracle's finite squares.

    ``m1[s] = 1 + sum_t T(s, t) m1[t]`` and ``m2[s] = 1 + sum_t T(s, t) (2 m1[t] + m2[t])`` (the goal
    counting 0) determine the first two moments uniquely there (I - T is nonsingular on squares from
    which the game surely ends), so a vector that satisfies them is the answer, however it was found.
    """
    tr = transitions(size, jumps, rule, probs)
    finite = finite_squares(size, tr)
    assert set(m1) == finite, (sorted(set(m1) ^ finite))[:10]
    for s in finite:
        rest = sum((p * m1[t] for t, p in tr[s].items() if t != size), Fraction(0))
        assert m1[s] == 1 + rest, s
        if m2 is not None:
            rest2 = sum((p * (2 * m1[t] + m2[t]) for t, p in tr[s].items() if t != size), Fraction(0))
            assert m2[s] == 1 + rest2, s


def check_absorption(size, jumps, rule, probs, h: dict) -> None:
    """Assert that ``h`` (every square) is the probability of ever ending: 0 where the goal cannot be
    reached, and ``h = r + T h`` on the rest, which determines it there."""
    tr = transitions(size, jumps, rule, probs)
    winners = can_win(size, tr)
    for s in tr:
        if s not in winners:
            assert h[s] == 0, s
        else:
            assert h[s] == sum((p * (1 if t == size else h[t]) for t, p in tr[s].items()), Fraction(0)), s


def shortest(size, jumps, rule, probs, start: int):
    """The fewest turns to win (breadth-first over moves with a positive chance); None if never."""
    tr = transitions(size, jumps, rule, probs)
    start = start_of(size, jumps, start)
    if start == size:
        return 0
    depth, frontier, seen = 0, {start}, {start}
    while frontier:
        depth += 1
        nxt = set()
        for s in frontier:
            for t in tr[s]:
                if t == size:
                    return depth
                if t not in seen:
                    seen.add(t)
                    nxt.add(t)
        frontier = nxt
    return None


def _integer_steps(size, tr, start: int):
    """Yield ``(alive, done, scale)`` after 0, 1, ... turns: masses as integers over ``scale = D**M``.

    ``alive`` maps squares to integer masses; ``done`` is the integer mass that has won.
    """
    import math

    den = 1
    for row in tr.values():
        for p in row.values():
            den = math.lcm(den, p.denominator)
    weights = {s: [(t, int(p * den)) for t, p in row.items()] for s, row in tr.items()}
    alive, done, scale = {start: 1}, 0, 1
    while True:
        yield alive, done, scale
        new: dict[int, int] = {}
        done *= den
        for s, mass in alive.items():
            for t, w in weights[s]:
                if t == size:
                    done += mass * w
                else:
                    new[t] = new.get(t, 0) + mass * w
        alive, scale = new, scale * den


def pmf_quantile(size, jumps, rule, probs, start: int, q: Fraction, budget: int):
    """The smallest M with P(D <= M) >= q by pushing the distribution forward; inf when the mass that can
    still end is gone (so P(D <= M) is final); None when ``budget`` turns do not decide."""
    tr = transitions(size, jumps, rule, probs)
    start = start_of(size, jumps, start)
    if start == size:
        return 0
    winners = can_win(size, tr)
    for m, (alive, done, scale) in zip(range(budget + 1), _integer_steps(size, tr, start)):
        if done * q.denominator >= q.numerator * scale:
            return m
        if not any(mass for s, mass in alive.items() if s in winners):
            return float("inf")
    return None


def pmf_mode(size, jumps, rule, probs, start: int, budget: int):
    """The most likely length (smallest on a tie) by pushing forward until the mass still able to end is
    below the best; None if ``budget`` turns do not decide, or if the game never ends."""
    tr = transitions(size, jumps, rule, probs)
    start = start_of(size, jumps, start)
    if start == size:
        return 0
    h = absorption(size, jumps, rule, probs, start)
    if h == 0:
        return None
    # chances compared as integers over their scales (cross-multiplied): a Fraction would take the gcd of
    # numbers of thousands of digits at every turn of a slow game with a finely loaded die
    best, best_scale, best_m = -1, 1, None  # the best chance P(D = best_m) = best / best_scale
    before, before_scale = 0, 1  # P(D <= m - 1)
    for m, (_, done, scale) in zip(range(budget + 1), _integer_steps(size, tr, start)):
        chance = done - before * (scale // before_scale)  # P(D = m), over scale
        if chance * best_scale > best * scale:
            best, best_scale, best_m = chance, scale, m
        if (h.numerator * scale - done * h.denominator) * best_scale < best * h.denominator * scale:  # h - now
            return best_m
        before, before_scale = done, scale
    return None
