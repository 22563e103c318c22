"""Laurent expansions in eps of the mean and the variance of the game length, and the exact check.

From the hierarchy (:mod:`limits.limit.hierarchy`) the reduction process gives
the mean ``m1 = (I - T(eps))^-1 1`` as a Laurent series whose coefficients are
computed exactly on demand; the second moment solves ``(I - T) m2 = 2 m1 - 1``
with the same levels, and ``Var M = m2 - m1^2``. Nothing is truncated: the
first nonzero coefficient is found by asking for coefficients in turn, a
bounded number of them (the variance is identically zero only when every game
has the same length, which is recognised first).

:func:`exact_expansion` is the independent route: the whole chain's rational
function (:func:`limits.exact.pencil.pencil_entry`), expanded at eps = 0. It
costs a determinant of the chain's size per prime, so it is limited to
``MAX_CHECK_STATES`` squares.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from flint import fmpq, fmpq_poly

from ..errors import ConvergenceError, LimitsError, TooLargeError
from ..exact.rational import Laurent, RationalFunction
from ..exact.reduction import Series
from .hierarchy import Hierarchy
from .perturbed_chain import PerturbedChain, Side

__all__ = ["Expansion", "mean_expansion", "variance_expansion", "exact_function", "exact_expansion",
           "MAX_CHECK_STATES", "MAX_TERMS"]

MAX_CHECK_STATES = 400
"""The most squares for which the whole chain's rational function is computed as a check."""

MAX_TERMS = 200
"""The most Laurent coefficients asked for at once."""


def _check_terms(terms: int) -> None:
    if isinstance(terms, bool) or not isinstance(terms, int) or terms < 1:
        raise LimitsError(f"the number of terms must be a whole number >= 1, not {terms!r}")
    if terms > MAX_TERMS:
        raise TooLargeError(f"at most MAX_TERMS = {MAX_TERMS} coefficients, not {terms}")


@dataclass(frozen=True)
class Expansion:
    """``sum_{j >= -order} a_j eps^j``, or infinite for every eps > 0 (``trap`` set).

    Attributes
    ----------
    quantity : str
        ``"sigma"`` or ``"variance"``.
    order : int
        The quantity grows like eps^-order (0: a finite limit; negative: it vanishes).
    coefficients : tuple of (int, Fraction)
        ``(j, a_j)`` from ``j = -order`` on.
    trap : tuple of int or None
        For a family whose game may never end: a loop that can hold the player.
    """

    quantity: str
    order: int
    coefficients: tuple[tuple[int, Fraction], ...]
    trap: tuple[int, ...] | None = None

    @property
    def infinite(self) -> bool:
        """Whether the quantity is infinite for every eps > 0."""
        return self.trap is not None

    @property
    def leading_coefficient(self) -> Fraction:
        """``a_{-order}``."""
        return self.coefficients[0][1] if self.coefficients else Fraction(0)

    @property
    def laurent(self) -> Laurent:
        """The same series as a :class:`~limits.exact.rational.Laurent`."""
        return Laurent(self.order, self.coefficients)

    def __call__(self, eps: Fraction) -> Fraction:
        """The truncated series at an exact eps."""
        return self.laurent(eps)

    def to_dict(self) -> dict:
        """``{"order", "leading_coefficient", "coefficients"}``, or ``{"infinite", "reason", "loop"}``."""
        if self.trap is not None:
            return {"infinite": True, "loop": self.trap,
                    "reason": "a loop can hold the player forever for every eps > 0"}
        return {"order": self.order, "leading_coefficient": self.leading_coefficient,
                "coefficients": self.coefficients}

    def _repr_latex_(self) -> str:
        if self.trap is not None:
            return "$\\infty$"
        return self.laurent._repr_latex_()


def _f(x: fmpq) -> Fraction:
    return Fraction(int(x.p), int(x.q))


def _infinite(quantity: str, chain: PerturbedChain) -> Expansion:
    return Expansion(quantity, 0, (), chain.trap)


def _read(quantity: str, coefficient, low: int, bound: int, terms: int) -> Expansion:
    """The first nonzero coefficient at or after ``low`` (at most ``bound`` looked at), then ``terms`` in all."""
    for j in range(low, low + bound + 1):
        if coefficient(j) != 0:
            return Expansion(quantity, -j, tuple((i, coefficient(i)) for i in range(j, j + terms)))
    raise ConvergenceError(f"no nonzero coefficient of the {quantity} among the first {bound + 1}")


def mean_expansion(h: Hierarchy, terms: int = 2) -> Expansion:
    """sigma = sum a_j eps^j from the start: ``terms`` coefficients from the first nonzero one.

    Examples
    --------
    >>> from limits.limit.perturbation import Perturbation
    >>> mean_expansion(Perturbation.loaded(delta=5).hierarchy(), 2).coefficients
    ((0, Fraction(93, 1)), (1, Fraction(-10834, 25)))
    """
    _check_terms(terms)
    st = h.chain.structure
    if st.entry == h.chain.goal:
        return Expansion("sigma", 0, tuple((j, Fraction(0)) for j in range(terms)))
    x = h.mean
    row = st.index[st.entry]
    return _read("sigma", lambda j: _f(x.entry(j, row)), x.start, -x.start, terms)


def _same_length_always(chain: PerturbedChain) -> bool:
    """Whether every game has the same length for 0 < eps < 1 (then the variance is 0)."""
    import networkx as nx

    st = chain.structure
    g = nx.DiGraph()
    g.add_node(chain.goal)
    for s in st.states:
        for side in Side:
            g.add_edges_from((s, t) for t in chain.row(s, side))
    if not nx.is_directed_acyclic_graph(g):
        return False
    lengths: dict[int, set[int]] = {chain.goal: {0}}
    for s in reversed(list(nx.topological_sort(g))):
        if s != chain.goal:
            lengths[s] = {1 + x for t in g.successors(s) for x in lengths[t]}
    return len(lengths[st.entry]) == 1


def variance_expansion(h: Hierarchy, terms: int = 2) -> Expansion:
    """Var M = sum v_j eps^j from the start, through ``(I - T) m2 = 2 m1 - 1`` on the same levels.

    Raises
    ------
    ConvergenceError
        If no nonzero coefficient shows within the bound (twice the number of squares, plus the levels).

    Examples
    --------
    >>> from limits.limit.perturbation import Perturbation
    >>> variance_expansion(Perturbation.loaded(delta=5).hierarchy(), 1).coefficients  # the mean converges, not the variance
    ((-1, Fraction(770, 1)),)
    """
    _check_terms(terms)
    chain = h.chain
    st = chain.structure
    if st.entry == chain.goal or _same_length_always(chain):
        return Expansion("variance", 0, tuple((j, Fraction(0)) for j in range(terms)))
    x = h.mean
    n = h.reduction.size
    rhs = Series(x.start, (n, 1), lambda j: [[2 * r[0] - (1 if j == 0 else 0)] for r in x[j]])
    m2 = h.reduction.solve(rhs)
    row = st.index[st.entry]

    def coefficient(j: int) -> Fraction:
        square = sum((x.entry(i, row) * x.entry(j - i, row) for i in range(x.start, j - x.start + 1)), fmpq(0))
        return _f(m2.entry(j, row) - square)

    return _read("variance", coefficient, 2 * x.start, 2 * n + 2 * h.depth + 4, terms)


def exact_function(chain: PerturbedChain) -> RationalFunction:
    """sigma(eps) from the start as the whole chain's reduced rational function of eps (no hierarchy used).

    Raises
    ------
    InfiniteExpectationError
        If sigma is infinite for every eps > 0.
    TooLargeError
        Above ``MAX_CHECK_STATES`` squares.

    Examples
    --------
    >>> from limits import Board
    >>> from limits.limit.perturbation import Perturbation
    >>> f = exact_function(Perturbation.loaded(Board(3), 1, faces=2))  # sigma(p) = (2p^2 + 1)/p with p = 1 - eps
    >>> f(0), f(Fraction(1, 2))
    (Fraction(3, 1), Fraction(3, 1))
    """
    from ..exact.pencil import pencil_entry

    chain.check_finite()
    st = chain.structure
    if st.entry == chain.goal:
        return RationalFunction((0,), (1,))
    n = len(st.states)
    if n > MAX_CHECK_STATES:
        raise TooLargeError(f"the whole chain's rational function is limited to MAX_CHECK_STATES = "
                            f"{MAX_CHECK_STATES} squares, not {n}: the expansion comes from the time-scale "
                            "hierarchy (expansion), values at an exact eps from value_at")
    d = 1
    for rows in (st.a0, st.a1):
        for r in rows:
            for v in r.values():
                d = math.lcm(d, int(v.q))
    c0 = [[int(st.a0[i].get(j, 0) * d) for j in range(n)] for i in range(n)]
    c1 = [[int(st.a1[i].get(j, 0) * d) for j in range(n)] for i in range(n)]
    return pencil_entry(c0, c1, [d] * n, st.index[st.entry])


def exact_expansion(chain: PerturbedChain, terms: int = 2) -> Expansion:
    """sigma's expansion from the whole chain's rational function (the check; no hierarchy used).

    Raises
    ------
    TooLargeError
        Above ``MAX_CHECK_STATES`` squares.

    Examples
    --------
    >>> from limits.limit.perturbation import Perturbation
    >>> exact_expansion(Perturbation.loaded(delta=3), 1).coefficients
    ((-2, Fraction(5, 26)),)
    """
    _check_terms(terms)
    if chain.trap is not None:
        return _infinite("sigma", chain)
    if chain.structure.entry == chain.goal:
        return Expansion("sigma", 0, tuple((j, Fraction(0)) for j in range(terms)))
    return _at_zero("sigma", exact_function(chain), terms)


def _at_zero(quantity: str, f: RationalFunction, terms: int) -> Expansion:
    """The expansion of ``f(eps)`` at eps = 0 (through ``y = 1 - eps``, expanded at y = 1)."""
    flip = fmpq_poly([1, -1])
    num = fmpq_poly(list(f.numerator))(flip)
    den = fmpq_poly(list(f.denominator))(flip)
    g = RationalFunction.from_polys([Fraction(int(c.p), int(c.q)) for c in num.coeffs()],
                                    [Fraction(int(c.p), int(c.q)) for c in den.coeffs()])
    series = g.laurent(terms)
    return Expansion(quantity, series.order, series.coefficients)
