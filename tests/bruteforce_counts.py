"""Counts along a game and games of several players, computed again on :mod:`tests.oracle`, without the library.

Expected counts by first-step analysis solved with plain Fractions, the
chance of a count staying 0 as one less the chance of ever making a move
that counts, and the games of K players from one player's survival ``S(M)``
pushed forward in mpmath at 90 digits.
"""

from __future__ import annotations

from fractions import Fraction

from tests.oracle import ancestors, expected, move, sparse_solve, squares, start_of, transitions


def counters(size: int, visit: int | None = None, jump: int | None = None) -> dict:
    """What each count of ``limits stats`` adds on one move ``(square, face, landed, end)``, written from its
    documentation, by kind: ``visits`` of the square ``visit``, ``jump`` the uses of the jump from ``jump``."""
    def last_row(s):
        return s >= 1 and (s - 1) // 10 == (size - 1) // 10

    return {
        "turns": lambda s, f, landed, target: 1,
        "chutes": lambda s, f, landed, target: int(target < landed),
        "ladders": lambda s, f, landed, target: int(target > landed),
        "squares_down": lambda s, f, landed, target: max(0, landed - target),
        "squares_up": lambda s, f, landed, target: max(0, target - landed),
        "overshoots": lambda s, f, landed, target: int(s + f > size),
        "last_row": lambda s, f, landed, target: int(last_row(s)),
        "visits": lambda s, f, landed, target: int(not landed == s == target and visit in (landed, target)),
        "jump": lambda s, f, landed, target: int(landed == jump and target != landed),
    }


def moves(size, jumps, rule, probs, square):
    """``(face, chance, landed, end)`` of every face with a chance, from ``square``."""
    for face, p in enumerate(probs, 1):
        if p:
            yield face, p, *move(size, jumps, rule, square, face)


def expected_count(size, jumps, rule, probs, count, start: int) -> Fraction:
    """E[count] from ``start`` (inf where the game may never end)."""
    def reward(s):
        turns = moves(size, jumps, rule, probs, s)
        return sum((p * count(s, face, landed, end) for face, p, landed, end in turns), Fraction(0))

    return expected(size, transitions(size, jumps, rule, probs), reward)[start_of(size, jumps, start)]


def chance_of_none(size, jumps, rule, probs, count, start: int) -> Fraction:
    """P(the count stays 0 over the whole game, ended or not): 1 - P(a move that counts ever happens).

    That chance ``a`` is 0 where no counting move can be reached through moves that count nothing, and
    ``a(s) = sum of p over counting moves + sum of p a(t) over the others`` on the rest, where every
    square can still leave the moves that count nothing, so the system has one solution.
    """
    entry = start_of(size, jumps, start)
    if entry == size:
        return Fraction(1)
    quiet: dict[int, dict[int, Fraction]] = {}
    counting: dict[int, Fraction] = {}
    for s in squares(size, jumps):
        row: dict[int, Fraction] = {}
        for face, p, landed, target in moves(size, jumps, rule, probs, s):
            if count(s, face, landed, target):
                counting[s] = counting.get(s, Fraction(0)) + p
            elif target != size:
                row[target] = row.get(target, 0) + p
        quiet[s] = row
    can = ancestors(quiet, counting)
    if entry not in can:
        return Fraction(1)
    order = sorted(can)
    pos = {s: i for i, s in enumerate(order)}
    rows = []
    for s in order:
        row = {pos[s]: Fraction(1)}
        for t, p in quiet[s].items():
            if t in pos:
                row[pos[t]] = row.get(pos[t], 0) - p
        rows.append(row)
    (x,) = sparse_solve(rows, [[counting.get(s, Fraction(0)) for s in order]])
    return 1 - x[pos[entry]]


def players(size, jumps, rule, probs, start: int, k: int, tail: float = 1e-75):
    """``(expected spins, expected rounds, [P(seat j wins)])`` for k players, each ``mpf``; None if one
    player's survival does not fall below ``tail ** (1/k)`` within 20,000 turns.

    Spins exceed ``(r - 1) k + j`` (0 <= j < k) when nobody won in rounds before r and seats 1..j did not
    win in round r: ``S(r-1)^(k-j) S(r)^j``; seat j wins in round r with chance
    ``(S(r-1) - S(r)) S(r)^j S(r-1)^(k-1-j)``.
    """
    import mpmath

    mp = mpmath.MPContext()
    mp.dps = 90
    tr = transitions(size, jumps, rule, probs)
    square = start_of(size, jumps, start)
    weights = {s: [(t, mp.mpf(p.numerator) / p.denominator) for t, p in row.items()] for s, row in tr.items()}
    alive, s_m = {square: mp.mpf(1)}, [mp.mpf(1)]
    while s_m[-1] ** k > tail:
        if len(s_m) > 20_000:
            return None
        new: dict[int, object] = {}
        for s, mass in alive.items():
            for t, p in weights[s]:
                if t != size:
                    new[t] = new.get(t, 0) + mass * p
        alive = new
        s_m.append(mp.fsum(alive.values()))
    rounds = len(s_m)
    spins = mp.fsum(s_m[r - 1] ** (k - j) * s_m[r] ** j for r in range(1, rounds) for j in range(k))
    wins = [mp.fsum((s_m[r - 1] - s_m[r]) * s_m[r] ** j * s_m[r - 1] ** (k - 1 - j) for r in range(1, rounds))
            for j in range(k)]
    return spins, mp.fsum(x ** k for x in s_m), wins
