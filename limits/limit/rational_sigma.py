"""sigma_delta(p): the expected game length with a loaded die, as an exact rational function.

For the die with ``P(delta) = p`` and ``(1 - p)/(k - 1)`` on every other face,
``(k - 1)(I - T(p)) = C0 + p C1`` with integer matrices ``C0`` and ``C1``. By
Cramer's rule ``sigma_s(p) = N_s(p) / D(p)`` with ``D = det(C0 + p C1)`` and
``N_s`` the determinant with column s replaced by ``(k - 1) 1``: integer
polynomials of degrees at most n and n - 1.

They are computed modulo word-size primes and put together by the Chinese
remainder theorem. Around a point ``x0`` where ``B0 = C0 + x0 C1`` is
invertible, with ``y = p - x0`` and ``M = -B0^{-1} C1``,

* ``D(x0 + y) = det(B0) det(I - y M)``, the reversed characteristic
  polynomial of M;
* ``N(x0 + y) = det(B0) sum_j y^j sum_{i <= j} c_i M^(j-i) v`` with
  ``v = B0^{-1} (k - 1) 1`` and ``c_i`` the coefficients of ``det(I - y M)``
  (the Neumann series of ``(I - y M)^{-1}`` cut by Cayley-Hamilton).

Enough primes are used for their product to exceed twice a Hadamard-type
bound on every coefficient, so the result is exact, not probable. The
quotients are then reduced over the integers.

The work grows like the cube of the number of squares (a modular
characteristic polynomial and Krylov basis per prime) times the number of
primes (which grows with the squares too), so it is refused above
:data:`MAX_FUNCTION_STATES` squares: the order and the coefficients of the
limit come from the time-scale hierarchy there
(:meth:`limits.limit.perturbation.Perturbation.expansion`, which ``limits
limit`` chooses by itself), and values at an exact p from
:func:`limits.limit.certified_value.sigma_at`.
"""

from __future__ import annotations

import math
from typing import Any

from flint import fmpz_mat, fmpz_poly, nmod_mat

from ..errors import TooLargeError
from ..exact.rational import RationalFunction
from ..model.board import Board, standard
from ..model.rules import Rule, as_rule
from .family import check_delta, finite_squares, pencil

__all__ = ["sigma_functions", "sigma_function", "function_states", "check_function_size", "MAX_FUNCTION_STATES"]

MAX_FUNCTION_STATES = 400
"""The most squares (where sigma is finite) for which sigma_delta(p) is built as a whole rational function
(about seven seconds at 400 squares, and the cube of the squares beyond)."""


def function_states(board: Board, *, rule: Rule | str = Rule.STAY, faces: int = 6) -> int:
    """The number of squares sigma_delta(p)'s rational function is built over (where sigma is finite).

    Examples
    --------
    >>> function_states(standard())
    81
    """
    kept, _ = finite_squares(board, as_rule(rule), faces, 0)
    return sum(1 for s in board.squares if s in kept)


def check_function_size(states: int) -> None:
    """Refuse a rational function of more than :data:`MAX_FUNCTION_STATES` squares, naming the way round.

    Raises
    ------
    TooLargeError
        Above the limit.

    Examples
    --------
    >>> check_function_size(MAX_FUNCTION_STATES + 1)
    Traceback (most recent call last):
    ...
    limits.errors.TooLargeError: sigma_delta(p) as a whole rational function is limited to MAX_FUNCTION_STATES = 400 squares, not 401: the limit's order and coefficients come from the time-scale hierarchy (Perturbation.expansion; limits limit chooses it), values at an exact p from sigma_at
    """
    if states > MAX_FUNCTION_STATES:
        raise TooLargeError(f"sigma_delta(p) as a whole rational function is limited to MAX_FUNCTION_STATES = "
                            f"{MAX_FUNCTION_STATES} squares, not {states}: the limit's order and coefficients come "
                            "from the time-scale hierarchy (Perturbation.expansion; limits limit chooses it), "
                            "values at an exact p from sigma_at")


def _primes() -> Any:
    from ..exact.primes import primes_below

    return primes_below(1 << 62)


def _bound(b0: list[list[int]], c1: list[list[int]], k1: int) -> int:
    """A bound on |coefficient| of D and every N_s, in the variable y = p - x0."""
    h = 1
    for r0, r1 in zip(b0, c1):
        h *= sum(abs(v) for v in r0) + sum(abs(v) for v in r1) + k1
    return h


def _modular(b0: list[list[int]], c1: list[list[int]], k1: int, q: int, rows: list[int]
             ) -> tuple[list[int], list[list[int]]] | None:
    """D and N_s for s in ``rows``, in y, modulo q (coefficients low to high); None for an unlucky prime."""
    n = len(b0)
    a0 = nmod_mat(n, n, [v % q for row in b0 for v in row], q)
    a1 = nmod_mat(n, n, [v % q for row in c1 for v in row], q)
    d0 = int(a0.det())
    if d0 == 0:
        return None
    m = -(a0.solve(a1))
    v = a0.solve(nmod_mat(n, 1, [k1 % q] * n, q))
    chi = [int(c) for c in m.charpoly().coeffs()]  # det(lambda I - M), monic, low to high
    c = [chi[n - i] for i in range(n + 1)]  # det(I - y M)
    cols = [v]
    for _ in range(n - 1):
        cols.append(m * cols[-1])
    krylov = nmod_mat(len(rows), n, [int(cols[t][s, 0]) for s in rows for t in range(n)], q)
    toeplitz = nmod_mat(n, n, [c[j - t] if j >= t else 0 for t in range(n) for j in range(n)], q)
    nums = (krylov * toeplitz) * d0
    den = [d0 * ci % q for ci in c]
    numerators = [[int(x) for x in nums.entries()[i * n:(i + 1) * n]] for i in range(len(rows))]
    return den, numerators


def _crt_symmetric(residues: list[list[int]], moduli: list[int]) -> list[int]:
    """Combine coefficient lists by CRT into integers in (-M/2, M/2]."""
    total = math.prod(moduli)
    out = [0] * len(residues[0])
    for res, q in zip(residues, moduli):
        rest = total // q
        inv = pow(rest, -1, q)
        for i, r in enumerate(res):
            out[i] += r * inv % q * rest
    half = total // 2
    return [x % total - total if x % total > half else x % total for x in out]


def _polynomials(board: Board, delta: int, rule: Rule | str, faces: int, only: int | None = None
                 ) -> tuple[tuple[int, ...], fmpz_poly, list[fmpz_poly]]:
    """``(states, D, [N_s])`` as integer polynomials in p, not yet reduced.

    With ``only`` a square, ``states`` and the numerators are for that square alone.
    """
    states, c0, c1 = pencil(board, delta, rule, faces)
    check_function_size(len(states))
    rows = list(range(len(states))) if only is None else [states.index(only)]
    k1 = faces - 1
    for x0 in (-1, 2, -2, 3, -3, 4, -4, 5):
        b0 = [[a + x0 * b for a, b in zip(r0, r1)] for r0, r1 in zip(c0, c1)]
        if fmpz_mat(b0).det() != 0:
            break
    else:  # pragma: no cover - det(C0 + x C1) has at most n roots; far points are safe
        raise RuntimeError("no invertible point found")
    bound = 2 * _bound(b0, c1, k1) + 1
    moduli: list[int] = []
    dens: list[list[int]] = []
    nums: list[list[list[int]]] = []
    for q in _primes():
        got = _modular(b0, c1, k1, q, rows)
        if got is None:
            continue
        moduli.append(q)
        dens.append(got[0])
        nums.append(got[1])
        if math.prod(moduli) > bound:
            break
    shift = fmpz_poly([-x0, 1])  # y = p - x0
    den = fmpz_poly(_crt_symmetric(dens, moduli))(shift)
    numerators = [fmpz_poly(_crt_symmetric([r[i] for r in nums], moduli))(shift) for i in range(len(rows))]
    return tuple(states[i] for i in rows), den, numerators


def sigma_functions(board: Board | None = None, delta: int = 6, *, rule: Rule | str = Rule.STAY,
                    faces: int = 6) -> dict[int, RationalFunction]:
    """``sigma_s(p)`` for every transient square s, as reduced rational functions of p.

    Parameters
    ----------
    board : Board, optional
        Default: the paper's board.
    delta : int
        The loaded face.
    rule : Rule or str, optional
    faces : int, optional
        The number k of faces (default 6).

    Raises
    ------
    DieError
        For a face that is not on the die.
    BoardError
        If square N cannot be reached with this die.

    Examples
    --------
    >>> import sympy
    >>> from limits import Board
    >>> f = sigma_functions(Board(3), 1, faces=2)
    >>> f[0].to_sympy(sympy.Symbol("p"))
    (2*p**2 + 1)/p
    """
    board = standard() if board is None else board
    states, den, nums = _polynomials(board, delta, rule, faces)
    return {s: RationalFunction.from_integer_polys(num, den) for s, num in zip(states, nums)}


def sigma_function(board: Board | None = None, delta: int = 6, *, rule: Rule | str = Rule.STAY,
                   faces: int = 6, start: int = 0) -> RationalFunction:
    """``sigma(p)`` from ``start`` (a jump square moves at once; N gives 0).

    Examples
    --------
    >>> f = sigma_function(delta=5)
    >>> f.degrees
    (75, 72)
    """
    board = standard() if board is None else board
    check_delta(delta, faces)
    _, square = finite_squares(board, as_rule(rule), faces, start)
    if square == board.size:
        return RationalFunction((0,), (1,))
    _, den, (num,) = _polynomials(board, delta, rule, faces, only=square)
    return RationalFunction.from_integer_polys(num, den)
