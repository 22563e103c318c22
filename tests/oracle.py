"""The oracle: the game's rules written again from the paper, and the searches and solves every brute force shares.

Nothing here imports the library, so that a test of the library against a
brute force built on this module (``tests/bruteforce*.py``) compares two
readings of the rules, not one. A board is its size N and a map ``{jump
start: jump end}``, a die its faces' probabilities, a rule ``"stay"``,
``"bounce"`` or ``"pass"``.

* A turn: the roll moves the token; where the coin is flipped, heads moves
  it one square on and tails one back; then the chute or ladder where it
  lands. Under ``stay`` the turn is the paper's listing "Simulate Game With
  Coin Strategies" line by line (a roll two or more past N is void and
  flips nothing; a token past N goes back where the turn began); under
  ``pass`` a roll that reaches N wins at once (no flip), and the coin's
  step onto or past N wins; under ``bounce`` the roll and then the coin's
  step bounce off N.
* Rows ``{square: {end: chance}}`` from every square 0..N-1 that is not a
  jump start; the searches follow them backward from a set of ends.
* Solves: Gauss-Jordan elimination on sparse rows of Fractions.
"""

from __future__ import annotations

from fractions import Fraction

INF = float("inf")

# ---- the rules ------------------------------------------------------------------------------------------


def reflect(y: int, size: int) -> int:
    """``y`` bounced off N (and off 0, for tiny boards) until it is on the board."""
    while y > size or y < 0:
        y = 2 * size - y if y > size else -y
    return y


def move(size: int, jumps: dict[int, int], rule: str, square: int, roll: int, flip: int = 0) -> tuple[int, int]:
    """``(landed, end)``: where a turn from ``square`` puts the token, and where the jump there (if any) takes it.

    ``flip`` is the coin's step: 0 (no flip), +1 (heads) or -1 (tails); a roll that leaves no choice
    (:func:`flippable`) ignores it.
    """
    pos = square + roll
    if rule == "bounce":
        pos = reflect(reflect(pos, size) + flip, size)
    elif rule == "pass":
        pos = size if pos >= size else min(pos + flip, size)
    else:  # the listing: pos = start + roll; if pos > N + 1, pos -= roll and no flip, else pos += flip; ...
        if pos > size + 1:
            pos, flip = pos - roll, 0
        else:
            pos += flip
        if pos > size:  # ... if pos > N, pos -= flip + roll
            pos -= flip + roll
    return pos, jumps.get(pos, pos)


def turn(size: int, jumps: dict[int, int], rule: str, square: int, roll: int, flip: int = 0) -> int:
    """Where a turn ends (:func:`move`)."""
    return move(size, jumps, rule, square, roll, flip)[1]


def flippable(size: int, rule: str, square: int, roll: int) -> bool:
    """Whether the roll lets the coin be flipped: not two or more past N under stay, not onto N under pass."""
    x = square + roll
    return x <= size + 1 if rule == "stay" else x < size if rule == "pass" else True


def ends(size, jumps, rule, square: int, roll: int, coin=None, flip=0) -> dict[int, Fraction]:
    """``{end: chance}`` of one roll's turn, the coin (heads with chance ``coin``) flipped with chance ``flip``."""
    if not flip or not flippable(size, rule, square, roll):
        return {turn(size, jumps, rule, square, roll): Fraction(1)}
    out: dict[int, Fraction] = {}
    for step, w in ((0, 1 - flip), (1, flip * coin), (-1, flip * (1 - coin))):
        if w:
            t = turn(size, jumps, rule, square, roll, step)
            out[t] = out.get(t, Fraction(0)) + w
    return out


def squares(size: int, jumps: dict[int, int]) -> list[int]:
    """The squares a turn can begin on: 0..N-1 but the jump starts."""
    return [s for s in range(size) if s not in jumps]


def decision_keys(size, jumps, rule, probs) -> list[tuple[int, int]]:
    """``(square, roll)`` where the coin may be flipped."""
    return [(s, r) for s in squares(size, jumps) for r, p in enumerate(probs, 1) if p and flippable(size, rule, s, r)]


def transitions(size, jumps, rule, probs, coin=None, flip=None) -> dict[int, dict[int, Fraction]]:
    """``{square: {end: chance}}`` over :func:`squares`; ``flip(square, roll)`` is the chance of flipping the coin
    (never, without it)."""
    out = {}
    for s in squares(size, jumps):
        row: dict[int, Fraction] = {}
        for roll, p in enumerate(probs, 1):
            if p:
                for t, w in ends(size, jumps, rule, s, roll, coin, Fraction(flip(s, roll)) if flip else 0).items():
                    row[t] = row.get(t, Fraction(0)) + p * w
        out[s] = row
    return out


def start_of(size: int, jumps: dict[int, int], start: int) -> int:
    """Where a game started on ``start`` begins: a jump start moves the token at once."""
    return jumps.get(start, start)


def weighted(delta: int, p: Fraction, faces: int) -> list[Fraction]:
    """The loaded die: P(delta) = p, the other faces share 1 - p."""
    rest = (1 - p) / (faces - 1)
    return [p if f == delta else rest for f in range(1, faces + 1)]


def listing_strategy(k: int, size: int, jumps: dict[int, int], pos: int) -> bool:
    """Whether the listing's strategy k (3..6, or 0/2) flips at landing ``pos`` (the deterministic ones).

    The listing keeps the board as a list whose entry is a jump's end, 0 where there is none.
    """
    def lst(y: int) -> int:
        return jumps.get(y, 0)

    if pos == size or k == 0:
        return False
    if k == 2 or pos > size:
        return True
    if k == 3:
        return not (lst(pos) > pos)
    down = lst(pos) < pos and lst(pos) != 0
    if k == 4:
        return down
    if k == 5:
        if down:
            return True
        if lst(pos) > pos:
            return False
        return lst(pos - 1) > pos or lst(pos + 1) > pos
    if k == 6:
        if down:
            return True
        if lst(pos) > pos:
            return False
        return not any(lst(y) < pos and lst(y) != 0 for y in (pos - 1, pos + 1))
    raise ValueError(k)


# ---- the searches ---------------------------------------------------------------------------------------


def ancestors(rows: dict, targets) -> set:
    """``targets`` and every state of ``rows`` (``{state: {next state: chance}}``) from which one can be reached."""
    back: dict = {}
    for s, row in rows.items():
        for t in row:
            back.setdefault(t, set()).add(s)
    seen, todo = set(targets), list(targets)
    while todo:
        for s in back.get(todo.pop(), ()):
            if s not in seen:
                seen.add(s)
                todo.append(s)
    return seen


def can_win(size: int, tr) -> set[int]:
    """The squares from which the goal can still be reached."""
    return ancestors(tr, {size}) - {size}


def finite_squares(size: int, tr) -> set[int]:
    """The squares from which the game surely ends: none can reach a square from which it cannot."""
    return set(tr) - ancestors(tr, set(tr) - can_win(size, tr))


# ---- the solves -----------------------------------------------------------------------------------------


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


def gauss_solve(a: list[list[Fraction]], b: list[Fraction]) -> list[Fraction]:
    """``A x = b`` for dense rows ``a``, by the same elimination."""
    (x,) = sparse_solve([{j: v for j, v in enumerate(row) if v} for row in a], [b])
    return x


def expected(size: int, rows, reward=None) -> dict:
    """The expected total reward to the goal, by first-step analysis: ``x = reward + T x``, the goal counting 0.

    Solved on the squares from which the game surely ends (``I - T`` is nonsingular there), where it
    has one solution; inf elsewhere. ``reward(square)`` is 1 by default: the expected number of turns.
    """
    finite = sorted(finite_squares(size, rows))
    pos = {s: i for i, s in enumerate(finite)}
    a = []
    for s in finite:
        row = {pos[s]: Fraction(1)}
        for t, p in rows[s].items():
            if t != size:
                row[pos[t]] = row.get(pos[t], 0) - p
        a.append(row)
    out: dict = {s: INF for s in rows}
    if finite:
        (x,) = sparse_solve(a, [[Fraction(reward(s)) if reward else Fraction(1) for s in finite]])
        out.update(zip(finite, x))
    out[size] = Fraction(0)
    return out
