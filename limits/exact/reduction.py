"""The reduction process: Laurent series of ``A(eps)^-1 b`` for a singularly perturbed M-matrix.

``A(eps) = A_0 + eps A_1 + eps^2 A_2 + ...`` where ``A_0`` is an
:class:`~limits.exact.mmatrix.MMatrix` that may be singular (for a chain,
``A = I - T0 - eps T1`` and the closed classes of ``T0`` make ``A_0``
singular). Write ``A = A_0 + eps B`` and let ``R``, ``L`` and ``H`` be the
right null vectors, the left null vectors and the group inverse of ``A_0``.
With ``x = R u + w``, ``L w = 0``, the two halves of ``A x = b`` give

    w = (I + eps H B)^-1 H (b - eps B R u),
    D(eps) u = L b / eps - L B (I + eps H B)^-1 H b,
    D(eps) = L B (I + eps H B)^-1 R,

and then ``x = Y u + z`` with ``Y = (I + eps H B)^-1 R`` and
``z = (I + eps H B)^-1 H b``. ``D(eps)`` is the next level: a matrix of the
size of the number of closed classes, again an M-matrix in its leading term
(the generator of the aggregated chain, up to sign), so the same step
applies to it, until a level's leading term is nonsingular (Delebecque's
reduction; Avrachenkov & Lasserre, Adv. Appl. Prob. 31, 1999).

Every coefficient is an exact rational, computed on demand: a
:class:`Series` holds its coefficients lazily, so asking for one more term
of the answer computes exactly what it needs, and nothing is truncated or
guessed. Only the first level has the size of the chain; its solves are the
block solves of :class:`~limits.exact.mmatrix.MMatrix`.
"""

from __future__ import annotations

from typing import Callable

from flint import fmpq

from .mmatrix import Block, MMatrix, SparseRows, add, block_times, sub, zeros
from .sparse_component import common_denominator_times

__all__ = ["Series", "Level", "constant"]


class Series:
    """Exact coefficient blocks ``c_j`` for ``j >= start``, computed in order on first use.

    Parameters
    ----------
    start : int
        A lower bound on the valuation: ``c_j = 0`` for ``j < start``.
    shape : (int, int)
        Rows and columns of every block.
    compute : callable
        ``compute(j)`` returns ``c_j``; it may read this series below ``j``.

    Examples
    --------
    >>> s = Series(-1, (1, 1), lambda j: [[fmpq(j + 2)]])
    >>> s[-2], s[0], s.entry(-1, 0)
    ([[0]], [[2]], 1)
    """

    def __init__(self, start: int, shape: tuple[int, int], compute: Callable[[int], Block]) -> None:
        self.start = start
        self.shape = shape
        self._compute = compute
        self._terms: list[Block] = []

    def __getitem__(self, j: int) -> Block:
        if j < self.start:
            return zeros(*self.shape)
        while len(self._terms) <= j - self.start:
            self._terms.append(self._compute(self.start + len(self._terms)))
        return self._terms[j - self.start]

    def entry(self, j: int, row: int, col: int = 0) -> fmpq:
        """The coefficient of ``eps^j`` in entry ``(row, col)``."""
        return self[j][row][col]


def constant(block: Block) -> Series:
    """The series equal to ``block`` (no term in eps).

    Examples
    --------
    >>> constant([[fmpq(3)]])[1]
    [[0]]
    """
    rows, cols = len(block), len(block[0]) if block else 0
    return Series(0, (rows, cols), lambda j: block if j == 0 else zeros(rows, cols))


class Level:
    """One level of the reduction process for ``A(eps) = sum_k eps^k A_k``.

    Parameters
    ----------
    terms : callable
        ``terms(k)`` gives ``A_k`` as sparse rows, or None when it is zero.
    size : int
        The dimension.
    degree : int, optional
        The degree of ``A`` in eps when it is a polynomial (the chain's level:
        1); None for a series.
    depth : int
        0 for the chain itself, then 1, 2, ...
    bound : int, optional
        The most levels: the chain's size times its degree (a pole of a degree-d
        polynomial of size n has order at most n d; some levels may be empty).

    Attributes
    ----------
    matrix : MMatrix
        ``A_0`` with its closed classes, stationary distributions and
        absorption probabilities.
    next : Level or None
        The aggregated level ``D(eps)`` on the closed classes; None when
        ``A_0`` is nonsingular (the last level).
    lift : Series or None
        From level 1 on: the n x (this level's size) series ``U`` with
        ``D_j = Lambda B_0 U_j``, where ``Lambda`` stacks the stationary
        distributions of the levels below (rows over the chain's states) and
        ``B_0 = A_1`` of the chain. It opens each aggregated rate into the
        chain's own moves.
    """

    def __init__(self, terms: Callable[[int], SparseRows | None], size: int, degree: int | None = None,
                 depth: int = 0, lift: Series | None = None, bound: int | None = None) -> None:
        self.size = size
        self.bound = size * (degree or 1) if bound is None else bound
        self.depth = depth
        self.degree = degree
        self.lift = lift
        self._terms: dict[int, SparseRows | None] = {}
        self._get = terms
        self.matrix = MMatrix(tuple(dict(r) for r in self.term(0) or [{} for _ in range(size)]))
        self.next: Level | None = None
        if self.matrix.singular:
            r = len(self.matrix.closed)
            self.y = Series(0, (size, r), self._y)
            self.d = Series(0, (r, r), self._d)
            chain_rows = self.lift.shape[0] if self.lift is not None else size
            if depth > self.bound:  # pragma: no cover - each level adds one to a pole of order <= size * degree
                raise RuntimeError("the reduction process does not terminate")
            nxt = self.y if self.lift is None else Series(
                0, (chain_rows, r), lambda j: self._sum(lambda i: block_times(self.lift[i + 1], self.y[j - i]), j,
                                                        (chain_rows, r)))
            self.next = Level(self._d_term, r, None, depth + 1, nxt, self.bound)

    def term(self, k: int) -> SparseRows | None:
        """``A_k`` (memoised), None when it is zero."""
        if self.degree is not None and k > self.degree:
            return None
        if k not in self._terms:
            self._terms[k] = self._get(k)
        return self._terms[k]

    @staticmethod
    def _sum(parts: Callable[[int], Block | None], j: int, shape: tuple[int, int]) -> Block:
        acc = zeros(*shape)
        for i in range(j + 1):
            part = parts(i)
            if part is not None:
                acc = add(acc, part)
        return acc

    def _b_times(self, k: int, block: Block) -> Block | None:
        """``B_k @ block`` with ``B_k = A_{k+1}``; None when ``B_k`` is zero."""
        a = self.term(k + 1)
        return None if a is None else common_denominator_times(a, block)

    def _y(self, j: int) -> Block:
        r = len(self.matrix.closed)
        if j == 0:
            return self.matrix.absorption
        acc = self._sum(lambda k: self._b_times(k, self.y[j - 1 - k]), j - 1, (self.size, r))
        return [[-x for x in row] for row in self.matrix.group_solve(acc)]

    def _d(self, j: int) -> Block:
        r = len(self.matrix.closed)
        return self.matrix.left(self._sum(lambda k: self._b_times(k, self.y[j - k]), j, (self.size, r)))

    def _d_term(self, k: int) -> SparseRows | None:
        block = self.d[k]
        rows = tuple({j: a for j, a in enumerate(row) if a != 0} for row in block)
        return rows if any(rows) else None

    @property
    def levels(self) -> list["Level"]:
        """This level and every level above it."""
        out, level = [], self
        while level is not None:
            out.append(level)
            level = level.next
        return out

    def solve(self, b: Series) -> Series:
        """The Laurent series of ``A(eps)^-1 b``; its start is ``b.start`` minus the singular levels."""
        cols = b.shape[1]
        shape = (self.size, cols)

        def rest(s: Series, j: int) -> Block:  # b_j - (B s)_{j-1}
            return sub(b[j], self._sum(lambda k: self._b_times(k, s[j - 1 - k]), j - b.start - 1, shape))

        if self.next is None:
            x = Series(b.start, shape, lambda j: self.matrix.solve(rest(x, j)))
            return x
        v = Series(b.start, shape, lambda j: rest(z, j))
        z = Series(b.start, shape, lambda j: self.matrix.group_solve(v[j]))
        reduced = Series(b.start, (self.next.size, cols), lambda j: self.matrix.left(v[j]))
        u_shifted = self.next.solve(reduced)
        u = Series(u_shifted.start - 1, u_shifted.shape, lambda j: u_shifted[j + 1])
        return Series(u.start, shape, lambda j: add(z[j], self._sum(lambda i: block_times(self.y[i], u[j - i]),
                                                                    j - u.start, shape)))
