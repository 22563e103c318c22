"""Exact solutions of sparse integer systems by p-adic (Dixon) lifting.

``M x = b`` with ``M`` a sparse integer matrix (``D (I - T)`` for an absorbing
chain whose probabilities have the common denominator ``D``): ``M`` is factored
once modulo a prime ``p < 2^26`` in a fill-reducing order; each step of the
lifting solves modulo ``p`` and divides the residual by ``p`` exactly, so after
``K`` steps ``x mod p^K`` is known for every unknown, with word-size work per
entry of the factors. A caller that solves again with the same matrix passes
its order along.

A right-hand side too large for machine words (the numerators of an earlier
exact answer, as the second moment's from the mean's) is written in base p: the residual kept by the kernel is its
lowest digit, and each step adds the next one after dividing by p.

The number of steps is predicted from ``log2 |det M|`` (the answer's
denominator divides the determinant); the denominators are found by rational
reconstruction, and the answer is accepted only once it satisfies the system
exactly in integers, so a prediction that was short only costs more steps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

import numpy as np

from ..errors import ConvergenceError
from .sparse_lu import Ordering, fill_reducing_order

__all__ = ["RationalVector", "dixon_solve", "bounded_rational", "MAX_ROW_WEIGHT", "PRIMES"]

PRIMES = (67108859, 67108837, 67108819, 67108777, 67108763, 67108757)
"""The moduli tried in turn (the largest primes below 2^26, so that products of residues can be added up
before they are reduced): a pivot that vanishes modulo one moves on to the next."""

MAX_ROW_WEIGHT = 1 << 31
"""The largest sum of sizes of one row of ``M`` with ``|b_i|``, ``|b2_i|`` and ``|c|``: residuals then stay in
64-bit integers."""

_BLOCK = 32
"""p-adic digits turned into one integer by the compiled kernel (832 bits)."""


@dataclass(frozen=True)
class RationalVector:
    """Rationals ``numerators[i] / denominator`` with one common denominator (not reduced).

    Examples
    --------
    >>> v = RationalVector((2, 3), 4)
    >>> v[0], v.fractions()
    (Fraction(1, 2), [Fraction(1, 2), Fraction(3, 4)])
    """

    numerators: tuple[int, ...]
    denominator: int

    def __len__(self) -> int:
        return len(self.numerators)

    def __getitem__(self, i: int) -> Fraction:
        return _reduced(self.numerators[i], self.denominator)

    def fractions(self) -> list[Fraction]:
        """Every entry as a reduced Fraction."""
        return [_reduced(n, self.denominator) for n in self.numerators]


def _reduced(n: int, d: int) -> Fraction:
    from flint import fmpq

    from .qq import to_fraction

    return to_fraction(fmpq(n, d))  # FLINT's subquadratic gcd


def dixon_solve(matrix: Any, b: Sequence[int], *, ordering: Ordering | None = None, denominator: int = 1
                ) -> RationalVector:
    """Solve ``M x = b`` exactly.

    Parameters
    ----------
    matrix : scipy.sparse matrix of integers
        Square and nonsingular, with nonzero leading minors in the order of
        :func:`~limits.exact.sparse_lu.fill_reducing_order` (true of every
        nonsingular M-matrix).
    b : sequence of int
        The right-hand side, of any size; each row's weight (the sizes of its
        entries, and ``|b_i|`` when ``b`` fits one digit) at most
        :data:`MAX_ROW_WEIGHT`, less a digit when ``b`` does not.
    ordering : Ordering, optional
        The order of ``M`` when the caller has it (a second solve with the same matrix).
    denominator : int, optional
        A multiple of the answer's denominator, when the caller knows one: the answer's numerators over it are
        then read from the p-adic digits without a rational reconstruction, in about half the steps.

    Raises
    ------
    ConvergenceError
        If every prime of :data:`PRIMES` divides a pivot, or the lifting did
        not reach an answer within its bound on steps.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> m = sp.csr_matrix([[2, -1], [0, 2]])
    >>> dixon_solve(m, [1, 1]).fractions()
    [Fraction(3, 4), Fraction(1, 2)]
    >>> dixon_solve(m, [3**90, -(2**80)]).fractions() == [Fraction(2 * 3**90 - 2**80, 4), Fraction(-(2**79))]
    True
    """
    import scipy.sparse as sp

    from ._kernels import compiled

    kr = compiled()
    m = sp.csr_matrix(matrix, dtype=np.int64)
    n = m.shape[0]
    if n == 0:
        return RationalVector((), 1)
    rows = [int(w) for w in np.asarray(abs(m).sum(axis=1)).ravel()]
    wide = max(abs(int(u)) for u in b) >= PRIMES[-1]
    if wide and max(rows) + PRIMES[0] > MAX_ROW_WEIGHT:
        raise ConvergenceError(f"a row weighs more than {MAX_ROW_WEIGHT - PRIMES[0]} (MAX_ROW_WEIGHT less a digit): "
                               "the lifting would overflow")
    if not wide and max(w + abs(int(u)) for w, u in zip(rows, b)) > MAX_ROW_WEIGHT:
        raise ConvergenceError(f"a row weighs more than {MAX_ROW_WEIGHT} (the limit MAX_ROW_WEIGHT): "
                               "the lifting would overflow")
    order, bm, factors = _factor(m, ordering, kr)
    p = factors[-1]
    limbs = _digits(b, p)[:, order.perm].copy() if wide else None
    r = limbs[0].copy() if limbs is not None else np.asarray(b, dtype=np.int64)[order.perm].copy()
    steps = _predicted_steps(order, m, b, p)
    cap = 4 * steps + 64
    y = np.zeros((0, n), np.int64)
    done = 0
    while True:
        y = np.pad(y, ((0, steps - y.shape[0]), (0, 0)))  # the digits so far kept, room for the rest
        failed = -1
        while failed < 0 and limbs is not None and done < min(steps, limbs.shape[0] - 1):
            failed = kr.lift(n, bm.indptr, bm.indices, bm.data, *factors[:-1], p, r, 1, y, done, -1)
            done += 1
            r += limbs[done]  # the residual's next base-p digit
        if failed < 0 and steps > done:
            failed = kr.lift(n, bm.indptr, bm.indices, bm.data, *factors[:-1], p, r, steps - done, y, done, -1)
        if failed >= 0:
            raise ConvergenceError("the modular factorisation is inconsistent (a residual was not divisible)")
        done = steps
        answer = _reconstructed(m, b, y[:done], p, order.inverse(), denominator)
        if answer is not None:
            return answer
        if steps >= cap:
            raise ConvergenceError(f"no exact answer after {steps} steps of p-adic lifting")
        steps = min(cap, steps + steps // 4 + 8)


def _digits(b: Sequence[int], p: int) -> np.ndarray:
    """The base-``p`` digits of every entry of ``b`` (rows: digit k; the sign of the entry on each digit).

    Each entry is cut into blocks of :data:`_BLOCK` digits by FLINT's division, and the compiled kernel
    writes each block's digits (a division per digit, on a block of 26 words rather than the whole entry).
    """
    from flint import fmpz

    from ._kernels import compiled

    kr = compiled()
    values = [int(u) for u in b]
    step = fmpz(p) ** _BLOCK
    blocks: list[list[int]] = []
    for u in values:
        rest, parts = fmpz(abs(u)), []
        while rest:
            rest, r = divmod(rest, step)
            parts.append(int(r))
        blocks.append(parts)
    count = max(1, max(len(parts) for parts in blocks))
    width = -(-int(step).bit_length() // 32)
    raw = b"".join(part.to_bytes(4 * width, "little") for parts in blocks
                   for part in parts + [0] * (count - len(parts)))
    limbs = np.frombuffer(raw, dtype=np.uint32).astype(np.int64).reshape(len(values) * count, width)
    digits = np.zeros((_BLOCK, len(values) * count), np.int64)
    kr.to_base(limbs, p, digits)
    out = digits.reshape(_BLOCK, len(values), count).transpose(2, 0, 1).reshape(count * _BLOCK, len(values))
    out = np.vstack([out, np.zeros((1, len(values)), np.int64)])  # one more digit: the lifting reads ahead
    return out * np.array([-1 if u < 0 else 1 for u in values], dtype=np.int64)


def _factor(m: Any, ordering: Ordering | None, kr: Any, pattern_only: bool = False) -> tuple[Ordering, Any, tuple]:
    """``M``'s order (``ordering``, or a fill-reducing one), ``B = M`` in that order, and ``B = L U`` modulo the
    first prime of :data:`PRIMES` that gives it (the prime last)."""
    order = ordering if ordering is not None else fill_reducing_order(m, pattern_only=pattern_only)
    bm = order.permuted(m)
    n = order.size
    lx = np.zeros(order.l_idx.shape[0], np.int64)
    ux = np.zeros(order.u_idx.shape[0], np.int64)
    uinv = np.zeros(n, np.int64)
    for p in PRIMES:
        row = kr.factor_mod(n, bm.indptr, bm.indices, bm.data, order.l_ptr, order.l_idx, lx,
                            order.u_ptr, order.u_idx, ux, uinv, p)
        if row < 0:  # residues and columns fit 32 bits: half the memory each lifting step reads
            return order, bm, (order.l_ptr, order.l_idx.astype(np.int32), lx.astype(np.int32), order.u_ptr,
                                order.u_idx.astype(np.int32), ux.astype(np.int32), uinv, p)
    raise ConvergenceError(f"no prime of PRIMES gives a modular factorisation (row {row})")


def _predicted_steps(order: Ordering, m: Any, b: Sequence[int], p: int) -> int:
    """Enough steps for numerators and denominators twice the size the float solve predicts, and 64 bits."""
    from scipy.sparse.linalg import spsolve

    shift = max(0, max(abs(int(u)) for u in b).bit_length() - 512)  # a wide right-hand side, scaled into floats
    x = spsolve(m.astype(float).tocsc(), np.asarray([int(u) >> shift for u in b], dtype=float))
    size = float(np.max(np.abs(x), initial=1.0))
    bits = 2 * max(order.log2_det, 0.0) + math.log2(max(size, 1.0) if math.isfinite(size) else 2.0**64) + shift + 72
    return int(bits / math.log2(p)) + 2


def _reconstructed(m: Any, b: Sequence[int], y: np.ndarray, p: int, inv: np.ndarray, guess: int
                   ) -> RationalVector | None:
    """The answer from ``K`` digits, if it is found and satisfies the system exactly; else None."""
    found = _numerators(_padic_values(y, p, inv), p ** y.shape[0], guess)
    if found is None or not _satisfies(m, found[0], [int(v) * found[1] for v in b]):
        return None
    return RationalVector(tuple(int(v) for v in found[0]), found[1])


def _padic_values(y: np.ndarray, p: int, inv: np.ndarray) -> list[Any]:
    """``sum_k y[k, i] p^k`` for every unknown (as FLINT integers), back in the caller's order.

    The compiled kernel turns blocks of digits into binary; the blocks are
    joined by halves (subquadratic, with FLINT's multiplication).
    """
    from flint import fmpz

    from ._kernels import compiled

    kr = compiled()
    steps, n = y.shape
    blocks = -(-steps // _BLOCK)
    width = (_BLOCK * 26) // 32 + 2
    limbs = np.zeros((n, blocks, width), np.uint32)
    kr.to_limbs(y, p, _BLOCK, limbs)
    raw = limbs.tobytes()
    size = width * 4
    powers = [fmpz(p) ** _BLOCK]
    while len(powers) < max(1, blocks).bit_length():
        powers.append(powers[-1] * powers[-1])
    values = []
    for i in range(n):
        base = i * blocks * size
        parts = [fmpz(int.from_bytes(raw[base + k * size: base + (k + 1) * size], "little")) for k in range(blocks)]
        values.append(joined(parts, powers))
    return [values[inv[i]] for i in range(n)]


def joined(parts: list[Any], powers: list[Any]) -> Any:
    """``sum_k parts[k] B^k`` (``fmpz``) given ``powers = [B, B^2, B^4, ...]``, joined by halves (FLINT's
    multiplication on balanced operands).

    Examples
    --------
    >>> from flint import fmpz
    >>> joined([fmpz(3), fmpz(2), fmpz(1)], [fmpz(10), fmpz(100)])
    123
    """
    from flint import fmpz

    level = 0
    while len(parts) > 1:
        if len(parts) % 2:
            parts.append(fmpz(0))
        step = powers[level]
        parts = [parts[k] + step * parts[k + 1] for k in range(0, len(parts), 2)]
        level += 1
    return parts[0] if parts else fmpz(0)


def _numerators(values: list[Any], modulus: int, guess: int) -> tuple[list[Any], int] | None:
    """Numerators over one common denominator (a multiple of ``guess``) of the p-adic ``values``."""
    from flint import fmpz

    big = fmpz(modulus)
    half = big // 2
    small = big >> 48
    bound = math.isqrt(modulus // 2)
    d = fmpz(guess)
    out: list[Any] = []
    for v in values:
        t = v * d % big
        t = t - big if t > half else t
        if abs(t) > small:  # (n, d) with n = t d mod modulus and |n|, d <= sqrt(modulus / 2) (Wang), or None
            try:
                num, extra = bounded_rational(int(t % big), modulus, bound)
            except ConvergenceError:
                return None
            if extra > bound:
                return None
            d *= extra
            out = [w * extra for w in out]
            t = fmpz(num)
        out.append(t)
    return out, int(d)


def bounded_rational(a: int, modulus: int, numerator_bound: int) -> tuple[int, int]:
    """The fraction ``n / d`` with ``n = a d mod modulus``, ``|n| <= numerator_bound`` and ``d`` smallest.

    The extended Euclidean algorithm on ``(modulus, a)``, on FLINT integers
    (about 2.5 times faster than Python's at 70,000 bits), stops at the first
    remainder at most ``numerator_bound``. When a fraction ``n / d`` in lowest
    terms with ``|n| <= numerator_bound`` and ``0 < d <= modulus / (numerator_bound + 1)``
    satisfies ``n = a d mod modulus``, it is the one returned (von zur Gathen and
    Gerhard, Theorem 5.26: the pair found is ``(n, d)`` times a unit).

    Raises
    ------
    ConvergenceError
        If no fraction of that kind exists (the cofactor vanishes or shares a
        factor with the remainder).

    Examples
    --------
    >>> bounded_rational(7 * pow(9, -1, 10**6) % 10**6, 10**6, 100)
    (7, 9)
    >>> bounded_rational(-5 * pow(3, -1, 10**6) % 10**6, 10**6, 100)
    (-5, 3)
    """
    from flint import fmpz

    r0, r1, t0, t1 = fmpz(modulus), fmpz(a) % modulus, fmpz(0), fmpz(1)
    bound = fmpz(numerator_bound)
    while r1 > bound:
        q = r0 // r1
        r0, r1 = r1, r0 - q * r1
        t0, t1 = t1, t0 - q * t1
    if t1 == 0 or r1.gcd(t1) != 1:
        raise ConvergenceError("no fraction within the bounds reconstructs the p-adic value")
    return (int(r1), int(t1)) if t1 > 0 else (-int(r1), -int(t1))


def _satisfies(m: Any, numerators: list[Any], target: Sequence[Any]) -> bool:
    """Whether ``M n == target`` exactly, in integers."""
    from flint import fmpz

    ptr, idx, data = m.indptr, m.indices, m.data.tolist()
    for i in range(m.shape[0]):
        acc = fmpz(0)
        for t in range(ptr[i], ptr[i + 1]):
            acc += data[t] * numerators[idx[t]]
        if acc != target[i]:
            return False
    return True
