"""The race's brute force: policies enumerated, values by plain Fractions, on the rules of :mod:`tests.oracle`.

Nothing here imports the library. A state is ``(turn, a, b)``: the first on
a, the second on b, seat ``turn + 1`` to move. A seat's policy is a
function ``(mine, theirs, roll index) -> chance of flipping``. Values come
from plain Fraction elimination on the states from which the race can end
(the chance of a win is 0 elsewhere), or from value iteration.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from tests.oracle import ancestors, decision_keys, ends, flippable, sparse_solve, squares


def decisions(size, jumps, rule, probs) -> list[tuple[int, int]]:
    """``(square, roll index)`` with a choice."""
    return [(s, r - 1) for s, r in decision_keys(size, jumps, rule, probs)]


def race_rows(size, jumps, rule, probs, coin, first, second):
    """``{state: ({next state: chance}, chance the first wins now, chance the second wins now)}``."""
    sq = squares(size, jumps)
    out = {}
    for turn in (0, 1):
        for a in sq:
            for b in sq:
                row: dict[tuple, Fraction] = {}
                wins = [Fraction(0), Fraction(0)]
                mine, theirs, policy = (a, b, first) if turn == 0 else (b, a, second)
                for r, p in enumerate(probs):
                    if not p:
                        continue
                    for t, w in ends(size, jumps, rule, mine, r + 1, coin, Fraction(policy(mine, theirs, r))).items():
                        if t == size:
                            wins[turn] += p * w
                        else:
                            nxt = (1, t, b) if turn == 0 else (0, a, t)
                            row[nxt] = row.get(nxt, Fraction(0)) + p * w
                out[(turn, a, b)] = (row, wins[0], wins[1])
    return out


def evaluate(rows, reward) -> dict[tuple, Fraction]:
    """The chance of ``reward(first_now, second_now)`` being collected (0 where the race cannot end)."""
    live = ancestors({s: row for s, (row, _, _) in rows.items()}, {s for s, (_, w1, w2) in rows.items() if w1 or w2})
    order = sorted(live)
    pos = {s: i for i, s in enumerate(order)}
    a, b = [], []
    for s in order:
        row, w1, w2 = rows[s]
        eq = {pos[s]: Fraction(1)}
        for t, p in row.items():
            if t in pos:
                eq[pos[t]] = eq.get(pos[t], Fraction(0)) - p
        a.append(eq)
        b.append(reward(w1, w2, s))
    values = {s: Fraction(0) for s in rows}
    if order:
        (x,) = sparse_solve(a, [b])
        values.update(zip(order, x))
    return values


def chances(size, jumps, rule, probs, coin, first, second, start=0):
    """``(P(first wins), P(second wins))`` from the start."""
    rows = race_rows(size, jumps, rule, probs, coin, first, second)
    s = jumps.get(start, start)
    if s == size:
        return Fraction(1), Fraction(0)
    v1 = evaluate(rows, lambda w1, w2, _: w1)
    v2 = evaluate(rows, lambda w1, w2, _: w2)
    return v1[(0, s, s)], v2[(0, s, s)]


def table(keys, bits):
    chosen = {k for k, bit in zip(keys, bits) if bit}
    return lambda mine, theirs, r: Fraction(int((mine, theirs, r) in chosen))


def best_against(size, jumps, rule, probs, coin, seat: int, other, start=0, limit: int = 12):
    """The best chance of ``seat`` against ``other`` over every deterministic policy that may look at the opponent."""
    sq = squares(size, jumps)
    keys = [(s, t, r) for s, r in decisions(size, jumps, rule, probs) for t in sq]
    if len(keys) > limit:
        raise ValueError(f"{len(keys)} decisions: too many policies to enumerate")
    best = Fraction(-1)
    for bits in itertools.product((0, 1), repeat=len(keys)):
        mine = table(keys, bits)
        pair = (mine, other) if seat == 1 else (other, mine)
        best = max(best, chances(size, jumps, rule, probs, coin, *pair, start)[seat - 1])
    return best


def shapley(size, jumps, rule, probs, coin, rounds: int, start=0) -> Fraction:
    """``rounds`` rounds of value iteration of the game (the first maximises its chance, the second minimises
    it), from 0: a lower bound that rises to the first's value."""
    sq = squares(size, jumps)
    v = {(turn, a, b): Fraction(0) for turn in (0, 1) for a in sq for b in sq}
    for _ in range(rounds):
        new = {}
        for turn in (1, 0):
            for a in sq:
                for b in sq:
                    total = Fraction(0)
                    mine = a if turn == 0 else b
                    for r, p in enumerate(probs):
                        if not p:
                            continue
                        options = []
                        for flip in ((0, 1) if flippable(size, rule, mine, r + 1) else (0,)):
                            value = Fraction(0)
                            for t, w in ends(size, jumps, rule, mine, r + 1, coin, Fraction(flip)).items():
                                if t == size:
                                    value += w * (1 if turn == 0 else 0)
                                else:
                                    nxt = (1, t, b) if turn == 0 else (0, a, t)
                                    value += w * (new.get(nxt, v[nxt]) if turn == 0 else v[nxt])
                            options.append(value)
                        total += p * (max(options) if turn == 0 else min(options))
                    new[(turn, a, b)] = total
        v = new
    s = jumps.get(start, start)
    return v[(0, s, s)]


def choice_value(size, jumps, rule, coin, values, payoffs, seat: int, mine: int, theirs: int, roll: int,
                 flip) -> Fraction:
    """The value after one move of ``seat`` from ``mine`` (the other seat on ``theirs``) with the face ``roll``
    (1-based), the coin flipped with chance ``flip``: ``values[(turn, a, b)]`` where the race goes on,
    ``payoffs[seat - 1]`` where the move wins."""
    total = Fraction(0)
    for t, w in ends(size, jumps, rule, mine, roll, coin, Fraction(flip)).items():
        if t == size:
            total += w * Fraction(payoffs[seat - 1])
        else:
            total += w * Fraction(values[(1, t, theirs) if seat == 1 else (0, theirs, t)])
    return total


def policy_iteration(size, jumps, rule, probs, coin, seat: int, other, initial, values, limit: int = 50):
    """``(choices, values, rounds)``: ``seat``'s best response to ``other`` by policy iteration, in Fractions.

    ``initial`` is the set of keys ``(mine, theirs, roll index)`` where the seat starts by flipping, ``values``
    the values ``{(turn, a, b): chance}`` of the first step. A step keeps each choice but where the other one
    is strictly better on the values; a round evaluates the choices and steps; the rounds are counted until a
    step changes nothing (a start that is already a best response: one round).
    """
    keys = [(s, t, r) for s, r in decisions(size, jumps, rule, probs) for t in squares(size, jumps)]
    payoffs = (int(seat == 1), int(seat == 2))

    def step(v, current):
        out = set()
        for mine, theirs, r in keys:
            gain = (choice_value(size, jumps, rule, coin, v, payoffs, seat, mine, theirs, r + 1, 1)
                    - choice_value(size, jumps, rule, coin, v, payoffs, seat, mine, theirs, r + 1, 0))
            if gain > 0 or (gain == 0 and (mine, theirs, r) in current):
                out.add((mine, theirs, r))
        return out

    choices = step(values, set(initial))
    for rounds in range(1, limit + 1):
        mine = table(keys, [k in choices for k in keys])
        rows = race_rows(size, jumps, rule, probs, coin, *((mine, other) if seat == 1 else (other, mine)))
        values = evaluate(rows, lambda w1, w2, _: (w1, w2)[seat - 1])
        better = step(values, choices)
        if better == choices:
            return choices, values, rounds
        choices = better
    raise ValueError(f"no best response in {limit} rounds")
