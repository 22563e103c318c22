"""Every number the collapsed chain's steps print is its definition, computed again from the board at P(delta) = 1.

The steps of ``limits.limit.collapse_steps`` print the collapsed Win/Loop
chain's matrix Q (each entry, and P(Win -> Win) = p + Q(Win, Win)(1 - p)),
the stationary vector and whether it holds for every p, the paper's c and
limit and the exact limit psi / pi_Win with its c. Here each is computed in
Fractions from the oracle's rules alone: the walk of delta-rolls from square
0, its loops, where each other roll from each square of a state leads
(weighed 1/(k-1) per roll and equally over the state's squares), and pi
solving pi Q = pi. For every delta, on the paper's board and small boards
under each rule; at p -> 0 there are no steps. The check "the same for every
p" is also tried on vectors that are not stationary: it holds exactly when
pi Q = pi.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from limits import Board, Perturbation, standard
from limits.limit.collapse_steps import _same_for_every_p, collapsed_steps
from tests.oracle import gauss_solve, squares, turn

# the paper's board, and small boards whose chains have two states (Win and a loop) or three, under each rule
CASES = [(None, "stay", 6)] + [(Board(11, {3: 9, 4: 11}), rule, 3) for rule in ("stay", "bounce")] + [
    (board, rule, faces) for board in (Board(10, {9: 6, 1: 10}), Board(12, {9: 6, 1: 11, 5: 2}))
    for rule in ("stay", "bounce", "pass") for faces in (3, 4)]


def number(tex: str) -> Fraction:
    """A number the steps print exactly: ``\\frac{a}{b}``, ``a \\mathbin{/} b`` or an integer."""
    m = re.fullmatch(r"\s*(-?)\s*(?:\\frac\{(\d+)\}\{(\d+)\}|(\d+) \\mathbin\{/\} (\d+)|(\d+))\s*", tex)
    assert m, tex
    sign, a, b, c, d, n = m.groups()
    value = Fraction(int(a), int(b)) if a else Fraction(int(c), int(d)) if c else Fraction(int(n))
    return -value if sign else value


def close(text: str, value: Fraction, digits: int) -> bool:
    """``text`` is ``value`` to ``digits`` significant digits."""
    return abs(Fraction(text) - value) <= abs(value) * Fraction(5, 10**digits)


def truth(size, jumps, rule, faces, delta):
    """The collapsed chain from the oracle: (psi, {state: squares}, Q, pi) with "Win" first, or None when the
    steps do not apply (the walk from 0 does not win, no loop, or a loop no single other roll leaves)."""
    step = {s: turn(size, jumps, rule, s, delta) for s in squares(size, jumps)}

    def fate(s):  # "Win" or the loop (a frozenset) the delta-walk from s ends in
        seen = []
        while s != size and s not in seen:
            seen.append(s)
            s = step[s]
        return "Win" if s == size else frozenset(seen[seen.index(s):])

    path, s = [], jumps.get(0, 0)
    while s != size and s not in path:
        path.append(s)
        s = step[s]
    if s != size or not path:
        return None
    states = {"Win": tuple(path)} | {f: tuple(f) for f in sorted(
        {fate(s) for s in squares(size, jumps)} - {"Win"}, key=min)}
    q = {x: dict.fromkeys(states, Fraction(0)) for x in states}
    for x, members in states.items():
        for s in members:
            for roll in range(1, faces + 1):
                if roll != delta:
                    q[x][fate(turn(size, jumps, rule, s, roll))] += Fraction(1, (faces - 1) * len(members))
    if len(states) == 1 or any(q[x][x] == 1 for x in states if x != "Win"):
        return None
    live, grow = {"Win"}, ["Win"]
    while grow:
        x = grow.pop()
        for y, w in q[x].items():
            if w and y not in live:
                live.add(y)
                grow.append(y)
    order = [x for x in states if x in live]
    # pi (Q - I) = 0 on the states reached from Win, with sum(pi) = 1 in place of the last equation
    a = [[q[x][y] - (x == y) for x in order] for y in order[:-1]] + [[Fraction(1)] * len(order)]
    pi = dict.fromkeys(states, Fraction(0)) | dict(zip(order, gauss_solve(a, [Fraction(0)] * (len(order) - 1) + [1])))
    return len(path), states, q, pi


def state_of(cell: str):
    """A state from its printed label: ``$\\mathrm{Win}$`` or ``$\\{6, 11\\}$``."""
    inner = cell.strip("$")
    return "Win" if inner == "\\mathrm{Win}" else frozenset(int(x) for x in inner[2:-2].split(", "))


@pytest.mark.parametrize(("board", "rule", "faces"), CASES)
def test_every_number_the_steps_print_is_its_definition(board, rule, faces):
    b = standard() if board is None else board
    applies = 0
    for delta in range(1, faces + 1):
        family = Perturbation.loaded(board, delta, rule=rule, faces=faces)
        assert collapsed_steps(Perturbation.loaded(board, delta, rule=rule, faces=faces, p_to=0)) == []
        steps, want = collapsed_steps(family), truth(b.size, dict(b.jump_map), rule, faces, delta)
        assert bool(steps) == (want is not None), delta
        if not steps:
            continue
        applies += 1
        psi, states, q, pi = want
        one_turn, stationary, approximation, exact = steps
        # Q: every entry of the table (blank for 0), and P(Win -> Win) = p + Q(Win, Win)(1 - p)
        (table,) = one_turn.tables
        cols = [state_of(h) for h in table.headers[1:]]
        assert sorted(cols, key=str) == sorted(states, key=str) and cols[0] == "Win"
        for row in table.rows:
            x = state_of(row[0])
            assert [number(cell.strip("$")) if cell else 0 for cell in row[1:]] == [q[x][y] for y in cols], (delta, x)
        assert f"the walk's $\\psi = {psi}$ squares" in one_turn.statement
        shown = re.search(r"P\(\\mathrm\{Win\} \\to \\mathrm\{Win\}\) = p \+ (.+?)\\,\(1 - p\)", one_turn.statement)
        assert number(shown.group(1)) == q["Win"]["Win"], delta
        # pi: the table, pi_Win in the statement, and "the same for every p" (pi Q = pi holds)
        (table,) = stationary.tables
        assert {state_of(s): number(x.strip("$")) for s, x in table.rows} == pi
        shown = re.fullmatch(r"\$\\pi P = \\pi\$ has the solution \$\\pi_\{\\mathrm\{Win\}\} = (.+?)\$(.*)",
                             stationary.statement)
        assert number(shown.group(1)) == pi["Win"] and shown.group(2) == ", the same for every $p$.", delta
        # the paper's c = pi_Loop / r, r the loops' rates to Win weighed by pi, and its limit psi (1 + c)
        loop = 1 - pi["Win"]
        c = loop / sum(pi[x] / loop * q[x]["Win"] for x in states if x != "Win") if loop else Fraction(0)
        shown = re.search(r"= ([\d.]+)\$ tends to \$\\psi\(1 \+ c\) = ([\d.]+)\$", approximation.statement)
        assert close(shown.group(1), c, 6) and close(shown.group(2), psi * (1 + c), 6), delta
        head, paper_c, limit = re.fullmatch(r".* = (\d+)\\left\(1 \+ (.+)\\right\) = (.+)", approximation.math).groups()
        assert (int(head), number(paper_c), number(limit)) == (psi, c, psi * (1 + c))
        # the exact limit psi / pi_Win and its c = limit / psi - 1
        sigma = psi / pi["Win"]
        shown = re.search(r"\\psi/\\pi_\{\\mathrm\{Win\}\} = (.+?)(?: \\approx ([\d.]+))?\$, and \$c = \\sigma/\\psi - 1 "
                          r"= (.+?)\$", exact.statement)
        assert number(shown.group(1)) == sigma and number(shown.group(3)) == sigma / psi - 1
        assert (shown.group(2) is None) == (sigma.denominator == 1) and (sigma.denominator == 1 or close(
            shown.group(2), sigma, 15))
        psi_shown, pi_win, limit = re.fullmatch(r".* = \\frac\{(\d+)\}\{(.+)\} = (.+)", exact.math).groups()
        assert (int(psi_shown), number(pi_win), number(limit)) == (psi, pi["Win"], sigma), delta
    assert applies  # each board has a delta the steps apply to


@pytest.mark.parametrize("delta", [4, 5])
def test_the_stationary_check_holds_exactly_for_vectors_with_pi_q_equal_to_pi(delta):
    c = Perturbation.loaded(delta=delta).collapse()
    pi, n = c.stationary(), len(c.states)

    def stationary(v):  # pi Q = pi, each column summed over every row
        return all(sum(v[i] * c.rates[i][j] for i in range(n)) == v[j] for j in range(n))

    units = [tuple(Fraction(i == k) for i in range(n)) for k in range(n)]
    swapped = [tuple(pi[j] if i == k else pi[k] if i == j else x for i, x in enumerate(pi))
               for k in range(n) for j in range(k) if pi[j] != pi[k]]
    vectors = [pi, tuple(2 * x for x in pi), tuple(Fraction(0) for _ in pi)] + units + swapped
    assert [_same_for_every_p(c, v) for v in vectors] == [stationary(v) for v in vectors]
    assert _same_for_every_p(c, pi) and not any(_same_for_every_p(c, v) for v in units + swapped)
