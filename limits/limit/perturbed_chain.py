"""A family of games ``die(eps) = (1 - eps) AT + eps TOWARD``, its chain ``T(eps) = T0 + eps T1``, every limit a verb.

``AT`` is the die as eps -> 0, ``TOWARD`` the direction it is perturbed in: exact dice on the same faces. The
paper's loaded die, ``P(delta) = p -> 1``, is AT = the face delta and TOWARD = the uniform die on the others, with
eps = 1 - p; ``P(delta) = p -> 0`` swaps the two. A coin policy may be held fixed. :class:`Perturbation` is
validated once and walks the board once (:mod:`limits.limit.structure`); its time-scale hierarchy is computed once,
on first use; each verb imports its engine inside the method. A point of the family is given by name: ``p=`` (the
loaded die's ``P(delta)``) or ``eps=``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Self, Sequence

from ..checks import digits as check_digits
from ..checks import terms as check_terms
from ..errors import DieError, LimitsError, one_line, shown
from ..exact.rational import Laurent
from ..model.board import Board
from ..model.chain import DELTA, Chain
from ..model.die import Die
from ..model.rules import Rule
from . import guards
from . import structure as one_walk
from .guards import once, one_speed, point_eps, points_eps

if TYPE_CHECKING:  # pragma: no cover
    from ..coin.policy_map import PolicyMap
    from ..exact.rational import RationalFunction
    from .best_loading import Optimum
    from .certified_value import SigmaValue
    from .collapse import CollapsedChain
    from .derive import Derivation
    from .hierarchy import Hierarchy
    from .length_law import LengthLaw
    from .limit_policy import LimitPolicy
    from .limit_report import Limit
    from .order import OrderExplanation
    from .phase import PhaseDiagram
    from .walk import Classification

__all__ = ["Perturbation"]


@dataclass(frozen=True, repr=False)
class Perturbation:
    """A family ``die(eps) = (1 - eps) at + eps toward`` on a board, validated once, with its answers as verbs.

    Build it with :meth:`loaded` (the paper's loaded die), :meth:`between` (any two dice) or :meth:`of_eps`.

    Parameters
    ----------
    board : Board
    at : Die
        The die as eps -> 0.
    toward : Die
        The direction: ``die(eps) = (1 - eps) at + eps toward``.
    rule : Rule or str
    start : int
        The start square.
    policy : callable, optional
        A coin policy held fixed (``policy(start, landing) -> probability of flipping``).
    coin : number
        The probability of heads (with a policy).
    name : str
        A label for reports (e.g. ``"P(5) = 1 - eps"``).
    loaded_as : (int, int), optional
        ``(delta, p_to)`` as :meth:`loaded` was asked (with two faces "P(1) = eps" is also "P(2) = 1 - eps").
    speeds : tuple, optional
        A family of several speeds (:meth:`of_eps`): its faces, sums of terms ``c eps^r``; then ``at`` is the die
        at eps = 0 and ``toward`` only says which faces move.

    Raises
    ------
    DieError, SymbolicError, StartError, BoardError, TooLargeError
        For dice on different faces, equal or holding symbols; a start off the board or a goal no move reaches
        from it; a board of more than :data:`~limits.checks.MAX_FAMILY_STATES` squares.

    Examples
    --------
    >>> f = Perturbation.loaded(delta=5)
    >>> f
    Perturbation(P(5) = 1 - eps on standard, 100 squares; stay; start 0)
    >>> f.expansion(1).coefficients, f.law().to_dict()["typical_length"]
    (((0, Fraction(93, 1)),), 16)
    >>> Perturbation.loaded(delta=1, p_to=0).expansion(1).order  # 99 needs a 1
    1
    >>> f.value_at(p="0.99").decimal, f.value_at(eps="0.01").decimal
    ('88.875631181236029274', '88.875631181236029274')
    """

    board: Board
    at: Die
    toward: Die
    rule: Rule = Rule.STAY
    start: int = 0
    policy: Callable[[int, int], Any] | None = None
    coin: Fraction = Fraction(1, 2)
    name: str = field(default="", compare=False)
    loaded_as: tuple[int, int] | None = field(default=None, compare=False, repr=False)
    speeds: tuple[Any, ...] | None = None

    # validated once; the one walk over the board (:mod:`limits.limit.structure`); members beside their engines
    of_eps = classmethod(one_walk.of_eps)
    eps_of = guards.eps_of
    __post_init__ = one_walk.check
    faces = property(one_walk.faces)
    goal = property(one_walk.goal)
    loaded_face = cached_property(one_walk.loaded_face)
    die = one_walk.die
    outcomes = cached_property(one_walk.outcomes)
    scaled = cached_property(one_walk.scaled)
    _chain = one_walk.chain_at_eps
    moves = one_walk.moves
    row = one_walk.row
    mixed = cached_property(one_walk.mixed)
    structure = cached_property(one_walk.structure)
    trap = property(one_walk.trap)
    check_finite = one_walk.check_finite
    walk = cached_property(one_walk.walk)
    deterministic = cached_property(one_walk.deterministic)

    @classmethod
    def loaded(cls, board: Board | None = None, delta: int = DELTA, *, p_to: int = 1, rule: Rule | str = Rule.STAY,
               faces: int = 6, start: int = 0, policy: Callable[[int, int], Any] | None = None,
               coin: Any = Fraction(1, 2)) -> Self:
        """The paper's loaded die on ``board`` (default: the paper's), ``P(delta) = p`` and ``(1 - p)/(k - 1)``
        on each other face of ``faces``, as p -> ``p_to`` (1, the paper's limit, or 0).

        With ``p_to = 1``, eps = 1 - p: AT is the face delta, TOWARD the uniform
        die on the others. With ``p_to = 0``, eps = p and the two swap. A coin
        ``policy`` may be held fixed, with the coin's chance of heads ``coin``.

        Raises
        ------
        DieError
            For a face off the die, or ``p_to`` other than 0 and 1.
        """
        from ..model.board import standard
        from ..model.die import weighted

        if p_to not in (0, 1) or isinstance(p_to, bool):
            raise DieError(f"p tends to 0 or to 1, not {shown(p_to)}")
        face, rest = weighted(delta, 1, faces), weighted(delta, 0, faces)
        at, toward = (face, rest) if p_to == 1 else (rest, face)
        name = f"P({delta}) = 1 - eps" if p_to == 1 else f"P({delta}) = eps"
        return cls(standard() if board is None else board, at, toward, rule, start, policy, coin, name, (delta, p_to))

    @classmethod
    def between(cls, at: Die, toward: Die, board: Board | None = None, *, rule: Rule | str = Rule.STAY,
                start: int = 0, policy: Callable[[int, int], Any] | None = None, coin: Any = Fraction(1, 2),
                name: str = "") -> Self:
        """``(1 - eps) at + eps toward`` for any two dice on the same faces (the rest as for :meth:`loaded`;
        ``name`` labels reports)."""
        from ..model.board import standard

        return cls(standard() if board is None else board, at, toward, rule, start, policy, coin, name)

    def describe(self) -> str:
        """The family in words (its name, or the two dice)."""
        if self.name:
            return self.name
        at = ", ".join(str(p) for p in self.at.probabilities)
        toward = ", ".join(str(p) for p in self.toward.probabilities)
        return f"(1 - eps) ({at}) + eps ({toward})"

    def to_dict(self) -> dict:
        """The family as plain data."""
        return {"board": self.board.to_dict(), "rule": self.rule.value, "start": self.start,
                "at": tuple(self.at.probabilities), "toward": tuple(self.toward.probabilities),
                "policy": self.policy is not None, "name": self.describe()}

    def __repr__(self) -> str:
        coin = "" if self.policy is None else f"; a coin policy, heads {self.coin}"
        return one_line(f"Perturbation({self.describe()} on {self.board.name}, {self.board.size} squares; "
                        f"{self.rule.value}; start {self.start}{coin})")[:200]

    def _repr_html_(self) -> str:
        from ..markup.jupyter import summary_html

        rows = [("family", self.describe()), ("board", self.board.summary()), ("rule", self.rule.value),
                ("start", str(self.start)), ("faces", str(self.faces))]
        if self.trap is not None:
            rows.append(("sigma", "infinite for every eps > 0: the loop {" + ", ".join(map(str, self.trap)) + "}"))
        return summary_html("A family of games as eps -> 0", rows)

    def chain_at(self, *point: Any, p: Any = None, eps: Any = None) -> Chain:
        """The game at one point of the family, ``p=`` or ``eps=`` (exact), with the game's own verbs.

        Examples
        --------
        >>> from limits import standard, weighted
        >>> f = Perturbation(standard(), weighted(5, 1), weighted(5, 0))
        >>> f.chain_at(eps="1/10").row(0)[5], f.chain_at(p="9/10").row(0)[5]
        (Fraction(9, 10), Fraction(9, 10))
        """
        return self._chain(point_eps(self, point, p, eps))

    def exact_value(self, eps: Fraction) -> Fraction:
        """sigma at an exact eps by one exact solve (:class:`InfiniteExpectationError` where a loop traps)."""
        from ..game.duration import expected_duration

        return expected_duration(self._chain(eps), self.start)

    def value_at(self, *point: Any, p: Any = None, eps: Any = None, digits: int = 20) -> "SigmaValue":
        """sigma at an exact point, ``p=`` or ``eps=`` (``"1e-23"`` is read exactly): exact where that is cheap,
        always with ``digits`` certified digits (:func:`~limits.limit.certified_value.certified_value`).

        Raises
        ------
        InfiniteExpectationError
            If a loop can trap the player at this point.
        LimitsError, DieError, SymbolicError, ConvergenceError
            For a point not given by name, outside [0, 1] or not a number; or no precision that certifies it.

        Examples
        --------
        >>> Perturbation.loaded(delta=6).value_at(p="0.99999999999999999999999", digits=12)
        SigmaValue(sigma = 5e23 at p = 1 - 1e-23, exact)
        """
        from .certified_value import certified_value

        e = point_eps(self, point, p, eps)
        shown_p = None if self.loaded_face is None else self.eps_of(e)  # p and eps are each other's mirror
        return certified_value(self._chain(e), self.start, e, check_digits(digits), p=shown_p)

    @one_speed
    def sweep(self, *points: Any, p: Sequence[Any] | None = None, eps: Sequence[Any] | None = None
              ) -> tuple[Fraction | float, ...]:
        """sigma at every exact point of ``p=`` or ``eps=``, exactly (``inf`` where a loop traps the player).

        Examples
        --------
        >>> from limits.limit.sweep import grid
        >>> [round(float(v), 3) for v in Perturbation.loaded(delta=4).sweep(eps=grid(0, 1, 3))]
        [31.0, 37.827, 41.018]
        """
        from .sweep import family_values

        return family_values(self, points_eps(self, points, p, eps))

    @one_speed
    def optimum(self, digits: int = 30) -> "Optimum":
        """Where sigma is least over p (the loaded die) or eps (another family), certified.

        Examples
        --------
        >>> Perturbation.loaded(delta=6).optimum(12).p
        '0.563373946426'
        """
        from .best_loading import least_sigma

        return least_sigma(self, digits)

    def optimal_policy(self, *, maximise: bool = False, terms: int = 3) -> "LimitPolicy":
        """The coin policy optimal for every eps small enough, its threshold, sigma's expansion with it and without
        the coin (:func:`~limits.limit.limit_policy.limit_policy`; the family's own policy aside).

        Examples
        --------
        >>> best = Perturbation.loaded(delta=5).optimal_policy()
        >>> best.sigma.leading_coefficient, best.threshold.enclosure(40)[0] > 0.9615
        (Fraction(1467, 128), True)
        """
        from .limit_policy import limit_policy

        return limit_policy(self, maximise=maximise, terms=check_terms(terms))

    def policy_map(self, *, maximise: bool = False) -> "PolicyMap":
        """The optimal coin policy over p (the loaded die) or eps in (0, 1), exactly (:func:`~limits.limit.limit_policy.family_map`)."""
        from .limit_policy import family_map

        return family_map(self, maximise)

    # ---- the limit --------------------------------------------------------------------------------
    @once
    @one_speed
    def hierarchy(self) -> "Hierarchy":
        """The time-scale hierarchy, computed once (:class:`InfiniteExpectationError` if sigma is infinite)."""
        from .hierarchy import hierarchy

        return hierarchy(self)

    def expansion(self, terms: int = 2) -> Laurent:
        """sigma's Laurent expansion in eps: ``terms`` coefficients from the leading one (infinite if trapped)."""
        from .expansion import mean_expansion
        from .speeds import puiseux_expansion

        if self.trap:
            return Laurent(0, (), "sigma", self.trap)
        return puiseux_expansion(self, check_terms(terms)) if self.speeds else mean_expansion(self.hierarchy(), terms)

    @one_speed
    def variance(self, terms: int = 2) -> Laurent:
        """The Laurent expansion of the variance of the game length (infinite if trapped)."""
        from .expansion import variance_expansion

        return Laurent(0, (), "variance", self.trap) if self.trap else variance_expansion(self.hierarchy(), terms)

    @one_speed
    def exact_expansion(self, terms: int = 2) -> Laurent:
        """sigma's expansion from the whole chain's rational function: the independent check."""
        from .expansion import exact_expansion

        return exact_expansion(self, terms)

    @once
    @one_speed
    def _function(self) -> "RationalFunction":
        from .expansion import exact_function

        return exact_function(self)

    def rational_function(self, variable: str = "eps") -> "RationalFunction":
        """sigma as the whole chain's exact rational function of eps, or of p (``variable="p"``, the loaded die).

        Raises :class:`InfiniteExpectationError` if sigma is infinite for every eps, :class:`TooLargeError` past
        :data:`~limits.checks.MAX_FUNCTION_STATES` squares, :class:`LimitsError` for p on another family.

        Examples
        --------
        >>> Perturbation.loaded(delta=5).rational_function("p").degrees
        (75, 72)
        """
        loaded = self.loaded_face
        if variable not in ("eps", "p") or (variable == "p" and loaded is None):
            raise LimitsError(f"a rational function of eps, or of p for the loaded die, not of {shown(variable)}")
        return self._function().reflected() if variable == "p" and loaded[1] == 1 else self._function()

    @once
    @one_speed
    def law(self) -> "LengthLaw":
        """The law of the game length as eps -> 0 (:class:`InfiniteExpectationError` if sigma is infinite)."""
        from .length_law import length_law

        return length_law(self.hierarchy())

    def limit(self, terms: int = 4) -> "Limit":
        """The limit as eps -> 0 in one answer: sigma's and the variance's expansions, the law and the order's
        reasons (:func:`limits.limit.limit_report.limit_report`), rendering itself as text, LaTeX or JSON."""
        from .limit_report import limit_report

        return limit_report(self, terms)

    @one_speed
    def derive(self, *, check: bool | None = None) -> "Derivation":
        """The derivation of the limit, step by step (:func:`limits.limit.derive_steps.derive_family`); on the
        paper's game, with what the paper printed beside it (:func:`limits.paper.derivation.paper_derivation`)."""
        from ..paper.derivation import paper_derivation
        from .derive_steps import derive_family

        return paper_derivation(self, derive_family(self, self.hierarchy() if self.trap is None else None, check=check))

    # ---- the walk at eps = 0 -----------------------------------------------------------------------
    @once
    def classify(self) -> "Classification":
        """Every square classified for the eps = 0 walk: loops, on-ramps, the win path (a :class:`LimitsError`
        when the limit die leaves some square in more than one way)."""
        from .walk import classify

        return classify(self)

    @one_speed
    def collapse(self) -> "CollapsedChain":
        """The collapsed Win/Loop chains of the eps = 0 walk (:func:`limits.limit.collapse.collapse`)."""
        from .collapse import collapse

        return collapse(self)

    def explain_order(self) -> "OrderExplanation":
        """The order of sigma's pole at eps = 0 from the walk's loops (:func:`limits.limit.order.explain_order`)."""
        from .order import explain_order

        return explain_order(self)

    @one_speed
    def explore(self, **options: Any) -> Any:
        """The explorer of this family as a Jupyter widget (:func:`limits.explore.explore`; the ``widget`` extra)."""
        from ..explore import explore

        return explore(self, **options)

    def phase(self, a_face: int, b_face: int) -> "PhaseDiagram":
        """sigma's order when faces ``a_face`` and ``b_face`` are rolled with probabilities eps^a and eps^b and the
        loaded face takes the rest, as a piecewise-linear function of the rates (a, b)
        (:func:`limits.limit.phase.phase_diagram`; the loaded die as p -> 1)."""
        from .phase import phase_diagram

        return phase_diagram(self, a_face, b_face)
