"""A chain's transition matrix for other tools: sympy, numpy and networkx.

May import: :mod:`limits.exact` and the rest of :mod:`limits.model`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable

from ..errors import SymbolicError
from ..exact.symbolic import to_sympy as sympy_number

if TYPE_CHECKING:  # pragma: no cover
    import networkx
    import numpy
    import sympy

    from .chain import Chain

__all__ = ["to_sympy", "to_numpy", "to_networkx"]


def to_sympy(chain: "Chain") -> "sympy.Matrix":
    """The full transition matrix (transient states, then N) as a sympy Matrix.

    Examples
    --------
    >>> from limits import Board, build_chain, fair
    >>> to_sympy(build_chain(Board(3), fair(2)))
    Matrix([
    [0, 1/2, 1/2,   0],
    [0,   0, 1/2, 1/2],
    [0,   0, 1/2, 1/2],
    [0,   0,   0,   1]])
    """
    import sympy

    return _filled(chain, sympy.zeros(len(chain.states) + 1, len(chain.states) + 1), sympy_number, sympy.Integer(1))


def to_numpy(chain: "Chain") -> "numpy.ndarray":
    """The full transition matrix (transient states, then N) as float64.

    Raises
    ------
    SymbolicError
        For a symbolic chain (substitute values with ``die.subs`` first).
    """
    import numpy as np

    if chain.is_symbolic:
        raise SymbolicError("a symbolic chain has no float matrix; substitute its symbols first")
    return _filled(chain, np.zeros((len(chain.states) + 1, len(chain.states) + 1)), float, 1.0)


def _filled(chain: "Chain", m: Any, convert: Callable[[Any], Any], one: Any) -> Any:
    """``m`` (zeros, transient states then N) holding the transition matrix, each entry by ``convert``."""
    last = len(chain.states)
    for i, row in enumerate(chain.rows):
        for target, prob in row:
            m[i, last if target == chain.goal else chain.index[target]] = convert(prob)
    m[last, last] = one
    return m


def to_networkx(chain: "Chain") -> "networkx.DiGraph":
    """The chain as a DiGraph on squares, edges weighted by ``probability``.

    Examples
    --------
    >>> from limits import build_chain
>>> g = to_networkx(build_chain())
    >>> g.number_of_nodes(), g[0][38]["probability"]
    (82, Fraction(1, 6))
    """
    import networkx as nx

    g = nx.DiGraph()
    g.add_nodes_from(chain.states)
    g.add_node(chain.goal)
    for s, row in zip(chain.states, chain.rows):
        for target, prob in row:
            g.add_edge(s, target, probability=prob)
    g.add_edge(chain.goal, chain.goal, probability=Fraction(1))
    return g
