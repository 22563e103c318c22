"""The loaded die's free functions, each a one-line wrapper of a verb of the front doors.

Version 0.2 asked the loaded die with loose arguments, ``classify(board,
delta, rule=..., faces=...)``; these functions keep that form for scripts
that use it. Each builds the family :meth:`Perturbation.loaded
<limits.limit.perturbed_chain.PerturbedChain.loaded>` (or the game :func:`build_chain
<limits.front.game.build_chain>`) and asks it: the defaults are the paper's
board and rule, six faces and the loaded face
:data:`~limits.limit.perturbed_chain.DELTA` (5), everywhere.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..limit.best_loading import Attained, Optimum, least_value
from ..limit.certified_value import SigmaValue
from ..limit.collapse import CollapsedChain, NoFiniteWalkError, Outcome
from ..limit.order import Loop, OrderExplanation
from ..limit.perturbed_chain import DELTA
from ..limit.state_reduction import gth_chain
from ..limit.walk import Classification, WalkLoop
from ..model.board import Board
from ..model.die import Die
from ..model.rules import Rule
from .family import Perturbation
from .game import Chain, build_chain

if TYPE_CHECKING:  # pragma: no cover
    from ..exact.rational import RationalFunction
    from ..game.players import PlayersResult

__all__ = ["DELTA", "classify", "collapse", "explain_order", "sigma_at", "sigma_function", "sigma_functions",
           "gth_weighted", "optimum", "players", "policy_chain",
           # the result types the old module paths (limits.walk, limits.evaluate, ...) held
           "Attained", "Optimum", "least_value", "SigmaValue", "CollapsedChain", "NoFiniteWalkError", "Outcome",
           "Loop", "OrderExplanation", "gth_chain", "Classification", "WalkLoop"]



def classify(board: Board | None = None, delta: int = DELTA, *, rule: Rule | str = Rule.STAY,
             faces: int = 6) -> "Classification":
    """Every square classified for the walk with P(delta) = 1: :meth:`~limits.front.family.Perturbation.classify`.

    Examples
    --------
    >>> classify(delta=6).counts
    {'c_loop': 0, 'f_loop': 92, 'win': 8}
    """
    return Perturbation.loaded(board, delta, rule=rule, faces=faces).classify()


def collapse(board: Board | None = None, delta: int = DELTA, *, rule: Rule | str = Rule.STAY,
             faces: int = 6) -> "CollapsedChain":
    """The collapsed Win/Loop chain for P(delta) -> 1: :meth:`~limits.front.family.Perturbation.collapse`.

    Examples
    --------
    >>> collapse().first_order_limit()
    Fraction(93, 1)
    """
    return Perturbation.loaded(board, delta, rule=rule, faces=faces).collapse()


def explain_order(board: Board | None = None, delta: int = DELTA, *, rule: Rule | str = Rule.STAY,
                  faces: int = 6, start: int = 0) -> "OrderExplanation":
    """The order of sigma's pole at p = 1 from the walk's loops: :meth:`~limits.front.family.Perturbation.explain_order`.

    Examples
    --------
    >>> explain_order(delta=3).order
    2
    """
    return Perturbation.loaded(board, delta, rule=rule, faces=faces, start=start).explain_order()


def sigma_at(board: Board | None = None, delta: int = DELTA, p: Any = Fraction(1, 2), *,
             rule: Rule | str = Rule.STAY, faces: int = 6, start: int = 0, digits: int = 20,
             check: bool = False) -> "SigmaValue":
    """sigma for ``P(delta) = p``, exact where cheap and certified: :meth:`~limits.front.family.Perturbation.value_at`.

    Examples
    --------
    >>> v = sigma_at(delta=6, p="0.99999999999999999999999", digits=12)
    >>> v.decimal, v.certain_digits
    ('5e23', 12)
    >>> v = sigma_at(delta=1, p="0." + "9" * 500, digits=15)  # no exact value: the enclosure
    >>> v.exact is None, v.decimal
    (True, '2.91666666666667e500')
    """
    family = Perturbation.loaded(board, delta, rule=rule, faces=faces, start=start)
    return family.value_at(family.eps_of(p), digits, check=check)


def sigma_function(board: Board | None = None, delta: int = DELTA, *, rule: Rule | str = Rule.STAY,
                   faces: int = 6, start: int = 0) -> "RationalFunction":
    """``sigma(p)`` from ``start`` as an exact rational function of p: :meth:`~limits.front.family.Perturbation.rational_function`.

    Examples
    --------
    >>> sigma_function(delta=5).degrees
    (75, 72)
    """
    return Perturbation.loaded(board, delta, rule=rule, faces=faces, start=start).rational_function("p")


def sigma_functions(board: Board | None = None, delta: int = DELTA, *, rule: Rule | str = Rule.STAY,
                    faces: int = 6) -> dict[int, "RationalFunction"]:
    """``sigma_s(p)`` from every square where it is finite, as exact rational functions of p.

    There is no start: a square 0 from which the goal cannot be reached is
    left out as every other such square is, not refused (the family is
    built from the goal, which every board reaches).

    Examples
    --------
    >>> import sympy
    >>> from limits import Board
    >>> sigma_functions(Board(3), 1, faces=2)[0].to_sympy(sympy.Symbol("p"))
    (2*p**2 + 1)/p
    >>> sorted(sigma_functions(Board(6, {1: 0, 2: 0}), 1, faces=2))  # rolls of 1 and 2 from 0 slide back to 0
    [3, 4, 5]
    """
    from ..checks import instance
    from ..errors import BoardError
    from ..limit.expansion import exact_functions
    from ..model.board import standard

    board = standard() if board is None else instance(board, Board, "the board", BoardError)
    family = Perturbation.loaded(board, delta, rule=rule, faces=faces, start=board.size)
    return {s: f.reflected() for s, f in exact_functions(family).items()}


def gth_weighted(board: Board | None = None, delta: int = DELTA, eps: Any = 1e-3, *, rule: Rule | str = Rule.STAY,
                 faces: int = 6, start: int = 0) -> float:
    """sigma for ``P(delta) = 1 - eps`` in float64 by state reduction: :meth:`~limits.front.family.Perturbation.float_value`.

    Examples
    --------
    >>> f"{gth_weighted(delta=6, eps=1e-23):.6e}"
    '5.000000e+23'
    """
    return Perturbation.loaded(board, delta, rule=rule, faces=faces, start=start).float_value(eps)


def optimum(board: Board | None = None, delta: int = DELTA, *, rule: Rule | str = Rule.STAY, faces: int = 6,
            start: int = 0, digits: int = 30) -> "Optimum":
    """The p that makes sigma_delta least, certified: :meth:`~limits.front.family.Perturbation.optimum`.

    Examples
    --------
    >>> optimum(delta=6, digits=12).p
    '0.563373946426'
    """
    return Perturbation.loaded(board, delta, rule=rule, faces=faces, start=start).optimum(digits)


def players(chain: Chain | None = None, k: int = 2, start: int | None = None, *, tolerance: Fraction | None = None,
            **named: Any) -> "PlayersResult":
    """k players on ``chain`` (default: the paper's game): :meth:`~limits.front.game.Chain.players`. ``players=k`` is accepted too.

    Examples
    --------
    >>> players(k=2).players, players(players=3).players
    (2, 3)
    """
    from ..errors import LimitsError

    k = named.pop("players", k)
    if named:
        raise LimitsError(f"unknown argument {next(iter(named))!r}")
    chain = build_chain() if chain is None else Chain.of(chain) if not isinstance(chain, Chain) else chain
    if start is not None:
        chain = Chain.of(chain, start=start, policy=chain.policy, coin=chain.coin)
    return chain.players(k, tolerance=tolerance)


def policy_chain(board: Board, die: Die, policy: Any, *, coin: Any = Fraction(1, 2),
                 rule: Rule | str = Rule.STAY) -> Chain:
    """The game with a coin, played by ``policy``: :func:`~limits.front.game.build_chain` with a policy.

    Examples
    --------
    >>> from limits import fair, standard
    >>> float(policy_chain(standard(), fair(), lambda start, landing: 0).expected_duration())
    39.5983656402...
    """
    return build_chain(board, die, rule, policy=policy, coin=coin)

