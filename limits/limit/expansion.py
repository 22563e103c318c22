"""Laurent expansions in eps of the mean and the variance of the game length, and the exact check.

From the hierarchy (:mod:`limits.limit.hierarchy`) the reduction process gives
the mean ``m1 = (I - T(eps))^-1 1`` as a Laurent series whose coefficients are
computed exactly on demand; the second moment solves ``(I - T) m2 = 2 m1 - 1``
with the same levels, and ``Var M = m2 - m1^2``. Nothing is truncated: the
first nonzero coefficient is found by asking for coefficients in turn, a
bounded number of them (the variance is identically zero only when every game
has the same length, which is recognised first).

:func:`exact_expansion` is the independent route: the whole chain's rational
function (:func:`limits.exact.pencil.pencil_entries`), expanded at eps = 0. It
costs a determinant of the chain's size per prime, so it is limited to
:data:`~limits.checks.MAX_FUNCTION_STATES` squares. Every series is a
:class:`~limits.exact.rational.Laurent`.
"""

from __future__ import annotations

from fractions import Fraction

from flint import fmpq

from ..checks import MAX_FUNCTION_STATES
from ..checks import terms as check_terms
from ..errors import ConvergenceError, TooLargeError
from ..exact.digraph import topological_order
from ..exact.pencil import pencil_entries
from ..exact.qq import to_fraction
from ..exact.rational import Laurent, RationalFunction
from ..exact.reduction import Series
from .hierarchy import Hierarchy
from .perturbed_chain import Perturbation
from .structure import Side, pencil_rows

__all__ = ["mean_expansion", "variance_expansion", "exact_function", "exact_expansion"]


def _read(quantity: str, coefficient, low: int, bound: int, terms: int) -> Laurent:
    """The first nonzero coefficient at or after ``low`` (at most ``bound`` looked at), then ``terms`` in all."""
    for j in range(low, low + bound + 1):
        if coefficient(j) != 0:
            return Laurent(-j, tuple((i, coefficient(i)) for i in range(j, j + terms)), quantity)
    raise ConvergenceError(f"no nonzero coefficient of the {quantity} among the first {bound + 1}")


def mean_expansion(h: Hierarchy, terms: int = 2) -> Laurent:
    """sigma = sum a_j eps^j from the start: ``terms`` coefficients from the first nonzero one.

    Examples
    --------
    >>> from limits import Perturbation
    >>> mean_expansion(Perturbation.loaded(delta=5).hierarchy(), 2).coefficients
    ((0, Fraction(93, 1)), (1, Fraction(-10834, 25)))
    """
    terms = check_terms(terms)
    st = h.chain.structure
    if st.entry == h.chain.goal:
        return Laurent(0, tuple((j, Fraction(0)) for j in range(terms)), "sigma")
    x = h.mean
    row = st.index[st.entry]
    return _read("sigma", lambda j: to_fraction(x.entry(j, row)), x.start, -x.start, terms)


def _same_length_always(chain: Perturbation) -> bool:
    """Whether every game has the same length for 0 < eps < 1 (then the variance is 0)."""
    st = chain.structure
    graph: dict[int, set[int]] = {chain.goal: set()}
    for s in st.states:
        graph.setdefault(s, set()).update(t for side in Side for t in chain.row(s, side))
    graph.update({t: set() for targets in list(graph.values()) for t in targets if t not in graph})
    order = topological_order(graph)
    if order is None:
        return False
    lengths: dict[int, set[int]] = {chain.goal: {0}}
    for s in reversed(order):
        if s != chain.goal:
            lengths[s] = {1 + x for t in graph[s] for x in lengths[t]}
    return len(lengths[st.entry]) == 1


def variance_expansion(h: Hierarchy, terms: int = 2) -> Laurent:
    """Var M = sum v_j eps^j from the start, through ``(I - T) m2 = 2 m1 - 1`` on the same levels.

    Raises
    ------
    ConvergenceError
        If no nonzero coefficient shows within the bound (twice the number of squares, plus the levels).

    Examples
    --------
    >>> from limits import Perturbation
    >>> variance_expansion(Perturbation.loaded(delta=5).hierarchy(), 1).coefficients  # the mean converges, not the variance
    ((-1, Fraction(770, 1)),)
    """
    terms = check_terms(terms)
    chain = h.chain
    st = chain.structure
    if st.entry == chain.goal or _same_length_always(chain):
        return Laurent(0, tuple((j, Fraction(0)) for j in range(terms)), "variance")
    x = h.mean
    n = h.reduction.size
    rhs = Series(x.start, (n, 1), lambda j: [[2 * r[0] - (1 if j == 0 else 0)] for r in x[j]])
    m2 = h.reduction.solve(rhs)
    row = st.index[st.entry]

    def coefficient(j: int) -> Fraction:
        square = sum((x.entry(i, row) * x.entry(j - i, row) for i in range(x.start, j - x.start + 1)), fmpq(0))
        return to_fraction(m2.entry(j, row) - square)

    return _read("variance", coefficient, 2 * x.start, 2 * n + 2 * h.depth + 4, terms)


def _pencil(chain: Perturbation, states: tuple[int, ...]) -> tuple[list[list[int]], list[list[int]], list[int]]:
    """``(C0, C1, c)`` with ``C0 + eps C1 = D (I - T(eps))`` over ``states``, in integers over the dice's common
    denominator ``D`` (the family's scaled rows), and ``c = D 1``: the integer pencil whose solution is sigma."""
    den, c0, c1 = pencil_rows(chain, states)
    n = len(states)
    return [[r.get(j, 0) for j in range(n)] for r in c0], [[r.get(j, 0) for j in range(n)] for r in c1], [den] * n


def exact_function(chain: Perturbation) -> RationalFunction:
    """sigma(eps) from the start as the whole chain's reduced rational function of eps (no hierarchy used).

    Refused past :data:`~limits.checks.MAX_FUNCTION_STATES` squares (``TooLargeError``); raises
    ``InfiniteExpectationError`` when sigma is infinite for every eps > 0.

    Examples
    --------
    >>> from limits import Board
    >>> from limits import Perturbation
    >>> f = exact_function(Perturbation.loaded(Board(3), 1, faces=2))  # sigma(p) = (2p^2 + 1)/p with p = 1 - eps
    >>> f(0), f(Fraction(1, 2))
    (Fraction(3, 1), Fraction(3, 1))
    """
    chain.check_finite()
    st = chain.structure
    if st.entry == chain.goal:
        return RationalFunction((0,), (1,))
    if len(st.states) > MAX_FUNCTION_STATES:
        raise TooLargeError(f"sigma as a whole rational function is limited to {MAX_FUNCTION_STATES} squares (the "
                            f"limit MAX_FUNCTION_STATES), not {len(st.states)}: the expansion comes from the time-scale "
                            "hierarchy (expansion), values at an exact eps from value_at")
    return pencil_entries(*_pencil(chain, st.states), [st.index[st.entry]])[0]


def exact_expansion(chain: Perturbation, terms: int = 2) -> Laurent:
    """sigma's expansion from the whole chain's rational function (the check; no hierarchy used).

    Raises
    ------
    TooLargeError
        Above :data:`~limits.checks.MAX_FUNCTION_STATES` squares.

    Examples
    --------
    >>> from limits import Perturbation
    >>> exact_expansion(Perturbation.loaded(delta=3), 1).coefficients
    ((-2, Fraction(5, 26)),)
    """
    terms = check_terms(terms)
    if chain.trap is not None:
        return Laurent(0, (), "sigma", chain.trap)
    if chain.structure.entry == chain.goal:
        return Laurent(0, tuple((j, Fraction(0)) for j in range(terms)), "sigma")
    series = exact_function(chain).reflected().laurent(terms)
    return Laurent(series.order, series.coefficients, "sigma")
