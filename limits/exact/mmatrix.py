"""Singular M-matrices by blocks: closed classes, null vectors and group-inverse solves.

The matrices here are ``A = I - T`` for a substochastic ``T`` and, one level up
in the reduction process (:mod:`limits.exact.reduction`), minus the generator
of an aggregated chain: off-diagonal entries ``<= 0`` and row sums ``>= 0``
(a row sum is what leaks out, to the goal). Give ``A`` the graph with an edge
``i -> j`` where ``A[i][j] < 0``; its strongly connected components
(:func:`~limits.exact.digraph.strong_components`) are of two kinds:

* a *closed class* has no edge out and zero row sums: ``A`` on it is singular,
  with right null vector ``1`` and left null vector its stationary
  distribution ``pi``;
* every other component is *transient*: ``A`` on it is nonsingular.

The right null space of ``A`` is spanned by the columns of ``R``, the
probabilities of absorption into each closed class; the left one by the rows
of ``L``, the stationary distributions; ``L R = I``. Zero is a semisimple
eigenvalue, so the group inverse ``H`` (``A H = H A = I - R L``, ``L H = 0``,
``H R = 0``) exists. It is applied, never formed: a closed class is solved with
``A_CC + 1 pi`` (nonsingular), then the transient components in the order of
the condensation, successors first, each with one python-flint
``fmpz_mat.solve`` of its rows scaled to integers (:class:`DenseComponent`;
one division for a single state). A transient component
of :data:`SPARSE_COMPONENT` states or more (a die that moves at random at
eps = 0 makes one of most of the board) is solved sparse instead, column by
column, by p-adic lifting (:func:`~limits.exact.dixon.dixon_solve`) on a
factorisation found once, when numba is installed. Nothing is inverted.

Vectors travel as *blocks*: lists of rows of ``fmpq``, one column per
right-hand side.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Mapping, Sequence

from flint import fmpq, fmpq_mat, fmpz, fmpz_mat

from .digraph import strong_components
from .jit import have_numba
from .sparse_component import SparseComponent

__all__ = ["Block", "SparseRows", "MMatrix", "DenseComponent", "zeros", "block_times", "add", "sub",
           "SPARSE_COMPONENT"]

SPARSE_COMPONENT = 120
"""Transient components of this many states or more are solved by sparse p-adic lifting (with numba);
the dense solve's cost grows as the cube of the states and the size of the answer."""

Block = list[list[fmpq]]
"""Rows of a dense matrix of exact rationals (one column per right-hand side)."""

SparseRows = Sequence[Mapping[int, fmpq]]
"""A sparse square matrix: ``rows[i]`` maps a column to a nonzero entry."""

ZERO = fmpq(0)


@dataclass(frozen=True)
class DenseComponent:
    """A nonsingular matrix with each row scaled to integers, solved with python-flint's ``fmpz_mat.solve``.

    A right-hand side's rows are scaled alike and brought to integers over
    one denominator of their own. (``fmpq_mat.solve`` clears denominators row
    by row over the matrix and the right-hand side together, so a right-hand
    side of many digits, as the later terms of an expansion are, makes every
    entry of the matrix as long, and the cost grows with the square of its digits.)

    Examples
    --------
    >>> m = DenseComponent.of([{0: fmpq(1), 1: fmpq(-1, 2)}, {1: fmpq(1)}])
    >>> m.solve([[fmpq(1, 3)], [fmpq(2, 3)]])
    [2/3]
    [2/3]
    """

    numerators: fmpz_mat
    scales: tuple[fmpz, ...]

    @classmethod
    def of(cls, rows: SparseRows) -> "DenseComponent":
        """The matrix whose row i has the entries ``rows[i]`` (column: value)."""
        scales = tuple(fmpz(math.lcm(*(int(a.q) for a in row.values()))) for row in rows)
        m = fmpz_mat(len(rows), len(rows))
        for i, (row, d) in enumerate(zip(rows, scales)):
            for j, a in row.items():
                m[i, j] = (a * d).p
        return cls(m, scales)

    def solve(self, rhs: Block) -> fmpq_mat:
        """``A^-1 rhs`` exactly."""
        numerators, denominator = fmpq_mat([[v * d for v in row] for row, d in zip(rhs, self.scales)]).numer_denom()
        return self.numerators.solve(numerators) / denominator


def zeros(n: int, c: int) -> Block:
    """An ``n x c`` block of zeros."""
    return [[ZERO] * c for _ in range(n)]


def block_times(a: Block, b: Block) -> Block:
    """``a @ b`` for dense blocks (through python-flint when both are nonempty)."""
    if not a or not b or not b[0]:
        return zeros(len(a), len(b[0]) if b else 0)
    m = fmpq_mat(a) * fmpq_mat(b)
    return [list(r) for r in m.tolist()]


def add(a: Block, b: Block) -> Block:
    """``a + b``."""
    return [[x + y for x, y in zip(ra, rb)] for ra, rb in zip(a, b)]


def sub(a: Block, b: Block) -> Block:
    """``a - b``."""
    return [[x - y for x, y in zip(ra, rb)] for ra, rb in zip(a, b)]


@dataclass(frozen=True)
class MMatrix:
    """A square M-matrix (off-diagonal ``<= 0``, row sums ``>= 0``) given by sparse rows.

    Attributes
    ----------
    rows : tuple of dict
        ``rows[i][j]`` is the nonzero entry ``A[i][j]``.

    Raises
    ------
    RuntimeError
        If an off-diagonal entry is positive or a row sum negative (the
        reduction process keeps this structure at every level; a violation
        is an internal failure, not bad input).

    Examples
    --------
    >>> half = fmpq(1, 2)
    >>> a = MMatrix(({0: fmpq(1), 1: -half}, {}, {2: half, 1: -half}))  # 1 is closed; 0 and 2 flow into it
    >>> a.closed, sorted(a.transient)
    (((1,),), [(0,), (2,)])
    >>> a.absorption
    [[1/2], [1], [1]]
    >>> a.group_solve([[fmpq(1)], [fmpq(0)], [fmpq(0)]])
    [[1], [0], [0]]
    """

    rows: tuple[Mapping[int, fmpq], ...]

    def __post_init__(self) -> None:
        for i, row in enumerate(self.rows):
            total = sum(row.values(), ZERO)
            if total < 0 or any(a > 0 for j, a in row.items() if j != i):
                raise RuntimeError(f"row {i} breaks the M-matrix structure of the reduction: {dict(row)}")

    @property
    def size(self) -> int:
        """The dimension n."""
        return len(self.rows)

    @cached_property
    def _components(self) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
        graph = {i: [j for j in row if j != i] for i, row in enumerate(self.rows)}
        closed, transient = [], []
        for members in strong_components(graph):  # successors first
            inside = set(members)
            out = any(j not in inside for i in members for j in graph[i])
            leak = any(sum(self.rows[i].values(), ZERO) != 0 for i in members)
            (transient if out or leak else closed).append(members)
        return tuple(sorted(closed)), tuple(transient)

    @property
    def closed(self) -> tuple[tuple[int, ...], ...]:
        """The closed classes, each sorted, ordered by their first state."""
        return self._components[0]

    @property
    def transient(self) -> tuple[tuple[int, ...], ...]:
        """The transient components, successors before predecessors."""
        return self._components[1]

    @property
    def singular(self) -> bool:
        """Whether some class is closed (then ``A`` is singular)."""
        return bool(self.closed)

    @cached_property
    def stationary(self) -> tuple[dict[int, fmpq], ...]:
        """``L``: for each closed class, its stationary distribution (``pi A_CC = 0``, ``sum = 1``)."""
        out = []
        for members in self.closed:
            if len(members) == 1:
                out.append({members[0]: fmpq(1)})
                continue
            k = len(members)
            pos = {s: t for t, s in enumerate(members)}
            # the transposed system with its last equation replaced by the normalisation
            m = fmpq_mat(k, k)
            for i in members:
                for j, a in self.rows[i].items():
                    if pos[j] < k - 1:
                        m[pos[j], pos[i]] = a
            for t in range(k):
                m[k - 1, t] = 1
            rhs = fmpq_mat(k, 1, [0] * (k - 1) + [1])
            pi = m.solve(rhs)
            out.append({s: pi[pos[s], 0] for s in members})
        return tuple(out)

    @cached_property
    def class_of(self) -> dict[int, int]:
        """The closed class (its index) of every state in one."""
        return {s: c for c, members in enumerate(self.closed) for s in members}

    @cached_property
    def absorption(self) -> Block:
        """``R``: the probability of absorption into each closed class, from every state."""
        r = len(self.closed)
        fixed = zeros(self.size, r)
        for s, c in self.class_of.items():
            fixed[s][c] = fmpq(1)
        return self._transient_solve(zeros(self.size, r), fixed)

    def left(self, block: Block) -> Block:
        """``L @ block``: the stationary average of the block over each closed class."""
        c = len(block[0]) if block else 0
        return [[sum((w * block[s][t] for s, w in pi.items()), ZERO) for t in range(c)] for pi in self.stationary]

    def solve(self, block: Block) -> Block:
        """``A^-1 @ block`` for a nonsingular matrix.

        Raises
        ------
        RuntimeError
            If some class is closed.
        """
        if self.singular:
            raise RuntimeError("the matrix is singular: use group_solve")
        return self._transient_solve(block, zeros(self.size, len(block[0]) if block else 0))

    def group_solve(self, block: Block) -> Block:
        """``H @ block``, H the group inverse: the solution z of ``A z = (I - R L) y`` with ``L z = 0``."""
        c = len(block[0]) if block else 0
        means = self.left(block)
        projected = sub(block, block_times(self.absorption, means)) if self.closed else block
        fixed = zeros(self.size, c)
        for k, members in enumerate(self.closed):
            if len(members) == 1:
                continue  # a state with a zero row: its part of the projection is 0
            z = self._class_system[k].solve([projected[s] for s in members])
            for t, s in enumerate(members):
                fixed[s] = [z[t, u] for u in range(c)]
        return self._transient_solve(projected, fixed)

    @cached_property
    def _class_system(self) -> dict[int, DenseComponent]:
        """``A_CC + 1 pi`` for every closed class of more than one state."""
        out = {}
        for k, members in enumerate(self.closed):
            if len(members) == 1:
                continue
            pos = {s: t for t, s in enumerate(members)}
            pi = self.stationary[k]
            rows = []
            for i in members:
                row = {pos[j]: a for j, a in self.rows[i].items()}
                for j in members:
                    row[pos[j]] = row.get(pos[j], ZERO) + pi[j]
                rows.append({t: a for t, a in row.items() if a})
            out[k] = DenseComponent.of(rows)
        return out

    @cached_property
    def _transient_systems(self) -> dict[int, Any]:
        out: dict[int, Any] = {}
        for k, members in enumerate(self.transient):
            if len(members) >= SPARSE_COMPONENT and have_numba():
                out[k] = SparseComponent.of(self.rows, members)
            if len(members) > 1 and out.get(k) is None:
                pos = {s: t for t, s in enumerate(members)}
                out[k] = DenseComponent.of([{pos[j]: a for j, a in self.rows[i].items() if j in pos} for i in members])
        return out

    def _transient_solve(self, rhs: Block, fixed: Block) -> Block:
        """Rows of closed classes from ``fixed``; the transient rows solve ``A z = rhs`` there."""
        z = [list(r) for r in fixed]
        c = len(rhs[0]) if rhs else 0
        systems = self._transient_systems
        for k, members in enumerate(self.transient):
            inside = set(members)
            part = []
            for s in members:
                acc = list(rhs[s])
                for j, a in self.rows[s].items():
                    if j not in inside:
                        zj = z[j]
                        for t in range(c):
                            if zj[t]:
                                acc[t] -= a * zj[t]
                part.append(acc)
            if len(members) == 1:  # one division
                z[members[0]] = [x / self.rows[members[0]].get(members[0], ZERO) for x in part[0]]
                continue
            if isinstance(systems[k], SparseComponent):
                cols = [systems[k].solve([r[u] for r in part]) for u in range(c)]
                for t, s in enumerate(members):
                    z[s] = [col[t] for col in cols]
                continue
            x = systems[k].solve(part) if c else None
            for t, s in enumerate(members):
                z[s] = [x[t, u] for u in range(c)] if x is not None else []
        return z
