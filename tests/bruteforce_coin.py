"""An independent oracle for the coin: its rules written again, every deterministic policy enumerated.

Nothing here imports the library. The rules follow the text of the paper's
listing as the documentation states it; a policy is a choice (flip or not)
at every (square, roll) whose landing allows one; each policy is evaluated
by plain Fraction elimination, and a policy whose game may never end (some
reachable square cannot win) is worth infinity.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from tests.bruteforce import sparse_solve

INF = float("inf")


def _reflect(y: int, size: int) -> int:
    while y > size or y < 0:
        y = 2 * size - y if y > size else -y
    return y


def coin_turn(size: int, jumps: dict[int, int], rule: str, square: int, roll: int):
    """``(landing, no_flip, heads, tails)``; landing None when the roll leaves no choice."""

    def jump(y: int) -> int:
        return jumps.get(y, y)

    x = square + roll
    if rule == "stay":
        if x > size + 1:  # two or more past N: void, no flip
            return None, square, square, square

        def settle(y: int) -> int:
            return square if y > size else jump(y)

        return x, settle(x), settle(x + 1), settle(x - 1)
    if rule == "pass":
        if x >= size:
            return None, size, size, size

        def settle_pass(y: int) -> int:
            return size if y >= size else jump(y)

        return x, settle_pass(x), settle_pass(x + 1), settle_pass(x - 1)
    x = _reflect(x, size)
    return x, jump(x), jump(_reflect(x + 1, size)), jump(_reflect(x - 1, size))


def decision_keys(size, jumps, rule, probs) -> list[tuple[int, int]]:
    return [(s, r) for s in range(size) if s not in jumps for r, p in enumerate(probs, 1)
            if p and coin_turn(size, jumps, rule, s, r)[0] is not None]


def policy_rows(size, jumps, rule, probs, coin: Fraction, flips: dict[tuple[int, int], bool]):
    """{square: {target: probability}} under a deterministic policy."""
    out = {}
    for s in range(size):
        if s in jumps:
            continue
        row: dict[int, Fraction] = {}
        for r, p in enumerate(probs, 1):
            if not p:
                continue
            landing, stay, heads, tails = coin_turn(size, jumps, rule, s, r)
            if landing is not None and flips.get((s, r), False):
                parts = ((heads, p * coin), (tails, p * (1 - coin)))
            else:
                parts = ((stay, p),)
            for t, w in parts:
                if w:
                    row[t] = row.get(t, Fraction(0)) + w
        out[s] = row
    return out


def evaluate(size, rows) -> dict[int, object]:
    """Expected turns from every square under fixed rows; inf where the game may never end."""
    back: dict[int, set[int]] = {}
    for s, row in rows.items():
        for t in row:
            back.setdefault(t, set()).add(s)
    winners, todo = {size}, [size]
    while todo:
        t = todo.pop()
        for s in back.get(t, ()):
            if s not in winners:
                winners.add(s)
                todo.append(s)
    losers = set(rows) - winners
    doomed, todo = set(losers), list(losers)  # squares that can reach a square that cannot win
    while todo:
        t = todo.pop()
        for s in back.get(t, ()):
            if s not in doomed:
                doomed.add(s)
                todo.append(s)
    finite = sorted(set(rows) - doomed)
    pos = {s: i for i, s in enumerate(finite)}
    a = []
    for s in finite:
        row = {pos[s]: Fraction(1)}
        for t, p in rows[s].items():
            if t != size:
                row[pos[t]] = row.get(pos[t], 0) - p
        a.append(row)
    out: dict[int, object] = {s: INF for s in rows}
    if finite:
        (x,) = sparse_solve(a, [[Fraction(1)] * len(finite)])
        out.update(zip(finite, x))
    out[size] = Fraction(0)
    return out


def extremes(size, jumps, rule, probs, coin: Fraction, limit: int = 12):
    """``(least, greatest)``: the optimal expected turns from every square over every deterministic policy."""
    keys = decision_keys(size, jumps, rule, probs)
    if len(keys) > limit:
        raise ValueError(f"{len(keys)} decisions: too many policies to enumerate")
    least: dict[int, object] = {}
    most: dict[int, object] = {}
    for bits in itertools.product((False, True), repeat=len(keys)):
        values = evaluate(size, policy_rows(size, jumps, rule, probs, coin, dict(zip(keys, bits))))
        for s, v in values.items():
            least[s] = v if s not in least else min(least[s], v)
            most[s] = v if s not in most else max(most[s], v)
    return least, most
