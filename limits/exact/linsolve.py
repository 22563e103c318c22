"""One interface for solving ``A X = B`` exactly or symbolically.

* exact rationals: python-flint ``fmpq_mat.solve`` (fraction-free, fast);
* symbolic entries: sympy ``DomainMatrix`` over the field of fractions.

Floats are solved by the state reduction (:mod:`limits.exact.gth_sparse`), which keeps its digits near p = 1.

Matrices are dense lists of rows; right-hand sides are lists of columns.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Sequence

from .symbolic import is_symbolic, to_sympy

__all__ = ["solve", "solve_fractions", "fmpq_solver", "solve_symbolic"]


def solve(a: Sequence[Sequence[Any]], columns: Sequence[Sequence[Any]]) -> list[list[Any]]:
    """Solve ``a x = c`` for each column ``c``; dispatch on the entries.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> solve([[F(2), F(1)], [F(0), F(3)]], [[F(1), F(1)]])
    [[Fraction(1, 3), Fraction(1, 3)]]
    """
    if not a:
        return [[] for _ in columns]
    if _symbolic(a) or any(_symbolic([c]) for c in columns):
        return solve_symbolic(a, columns)
    return solve_fractions(a, columns)


def _symbolic(rows: Sequence[Sequence[Any]]) -> bool:
    kinds = {type(v): v for row in rows for v in row}  # one value of each type is enough to tell
    return any(is_symbolic(v) for v in kinds.values())


def solve_fractions(a: Sequence[Sequence[Fraction]], columns: Sequence[Sequence[Fraction]]) -> list[list[Fraction]]:
    """Exact rational solve with python-flint; entries are Fractions or ints."""
    from flint import fmpq_mat

    from .qq import to_fmpq, to_fraction

    n = len(a)
    if n == 0:
        return [[] for _ in columns]
    bm = fmpq_mat(n, len(columns), [to_fmpq(columns[j][i]) for i in range(n) for j in range(len(columns))])
    x = _matrix(a).solve(bm)
    return [[to_fraction(x[i, j]) for i in range(n)] for j in range(len(columns))]


INVERT_UPTO = 200
"""The most unknowns for which :func:`fmpq_solver` keeps the inverse: its n^2 entries are of the size of the
determinant, and past about 250 squares they cost more than a solve for each right-hand side (the seven counts
of ``stats`` on a random board of 120 squares: 0.38 s against 0.71 s; 200: 2.4 s against 3.4 s; 300: 11.3 s
against 9.1 s)."""


def fmpq_solver(a: Sequence[Sequence[Any]]) -> Callable[[Sequence[Any]], list[Any]]:
    """``c -> x`` with ``a x = c``, for right-hand sides known only one after another, in python-flint's ``fmpq``
    both ways: for a chain of solves whose right-hand sides are built from earlier answers, with no ``Fraction``
    made in between (each costs a gcd in Python).

    Up to :data:`INVERT_UPTO` unknowns, ``a`` is inverted once, at the first right-hand side that is not zero,
    as an integer matrix over one denominator, and each solve is then one integer product. The right-hand
    sides of such a chain grow by the size of ``det a`` at each step, and so does a solve from scratch: on
    the paper's board (82 squares) the inverse costs about ten early solves and a product a tenth of a late
    one. Larger systems are solved afresh for each right-hand side.

    Examples
    --------
    >>> from flint import fmpq
    >>> solve_with = fmpq_solver([[2, 1], [0, 3]])
    >>> solve_with([fmpq(1), fmpq(1)]), solve_with([fmpq(0), fmpq(3)])
    ([1/3, 1/3], [-1/2, 1])
    """
    from flint import fmpq, fmpq_mat

    n = len(a)
    prepared: list[Any] = []  # a as an fmpq_mat, then (numerators, denominator) of a^-1, once they are needed

    def solve_with(column: Sequence[Any]) -> list[Any]:
        if not any(column):  # the answer to nothing is nothing: no solve
            return [fmpq(0)] * n
        if not prepared:
            prepared.append(_matrix(a))
        if n > INVERT_UPTO:
            return prepared[0].solve(fmpq_mat(n, 1, list(column))).entries()
        if len(prepared) == 1:
            prepared.extend(prepared[0].inv().numer_denom())
        _, numerators, denominator = prepared
        b, scale = fmpq_mat(n, 1, list(column)).numer_denom()
        return (fmpq_mat(numerators * b) * fmpq(1, denominator * scale)).entries()

    return solve_with


def _matrix(a: Sequence[Sequence[Any]]) -> Any:
    """``a`` as an ``fmpq_mat``, its nonzero entries set one by one (a chain's rows are mostly zeros)."""
    from flint import fmpq_mat

    from .qq import to_fmpq

    am = fmpq_mat(len(a), len(a))
    for i, row in enumerate(a):
        for j, v in enumerate(row):
            if v:
                am[i, j] = to_fmpq(v)
    return am


def solve_symbolic(a: Sequence[Sequence[Any]], columns: Sequence[Sequence[Any]]) -> list[list[Any]]:
    """Exact solve over the fraction field of the entries' symbols (sympy DomainMatrix); ``a`` not empty."""
    import sympy
    from sympy.polys.matrices import DomainMatrix

    n = len(a)
    am = DomainMatrix.from_Matrix(sympy.Matrix([[to_sympy(v) for v in row] for row in a]))
    bm = DomainMatrix.from_Matrix(sympy.Matrix([[to_sympy(columns[j][i]) for j in range(len(columns))]
                                                for i in range(n)]))
    am, bm = am.unify(bm)
    am, bm = am.to_field(), bm.to_field()
    x = am.lu_solve(bm).to_Matrix()
    return [[sympy.factor(x[i, j]) for i in range(n)] for j in range(len(columns))]
