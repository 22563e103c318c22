"""The family front door: :class:`Perturbation`, a family of games with every limit analysis as a verb.

A family ``die(eps) = (1 - eps) AT + eps TOWARD`` on one board, under one
rule, from one start (a coin policy may be held fixed) is validated once and
walks the board once (:class:`~limits.limit.perturbed_chain.PerturbedChain`);
its structure and its time-scale hierarchy are computed once, on first use.
Constructors: :meth:`~limits.limit.perturbed_chain.PerturbedChain.loaded` (the
paper's loaded die, ``P(delta) -> 1`` or ``-> 0``) and
:meth:`~limits.limit.perturbed_chain.PerturbedChain.between` (any two dice on
the same faces). The verbs:

=========================== ====================================================
``expansion``, ``variance`` Laurent series in eps (the time-scale hierarchy)
``exact_expansion``         the same from the whole chain's rational function
``rational_function``       sigma as an exact rational function of eps (or of p)
``value_at``                sigma at an exact eps, every printed digit certified
``float_value``             sigma in float64 by state reduction
``sweep``, ``optimum``      sigma over a grid; where it is least, certified
``hierarchy``, ``law``      the time scales; the game length in the limit
``classify``, ``collapse``  the eps = 0 walk (loops, on-ramps, win path); the
                            Win/Loop chains (a limit die that moves one way)
``explain_order``           the order of the pole from the walk's loops
``derive``                  the argument, step by step, as a document
``chain_at``                the game at one eps, with the game's own verbs
=========================== ====================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, Sequence

from ..checks import digits as check_digits
from ..errors import one_line
from ..exact.rational import Laurent, RationalFunction
from ..limit.expansion import exact_expansion, exact_function, mean_expansion, variance_expansion
from ..limit.hierarchy import Hierarchy, hierarchy
from ..limit.perturbed_chain import PerturbedChain
from ..model.die import as_probability

if TYPE_CHECKING:  # pragma: no cover
    from ..limit.best_loading import Optimum
    from ..limit.certified_value import SigmaValue
    from ..limit.collapse import CollapsedChain
    from ..limit.derive import Derivation
    from ..limit.length_law import LengthLaw
    from ..limit.order import OrderExplanation
    from ..limit.walk import Classification
    from .game import Chain

__all__ = ["Perturbation"]


@dataclass(frozen=True, repr=False)
class Perturbation(PerturbedChain):
    """A family ``die(eps) = (1 - eps) at + eps toward`` on a board, with its answers as verbs.

    Examples
    --------
    >>> f = Perturbation.loaded(delta=5)
    >>> f
    Perturbation(P(5) = 1 - eps on standard, 100 squares; stay; start 0)
    >>> f.expansion(1).coefficients, f.law().to_dict()["typical_length"]
    (((0, Fraction(93, 1)),), 16)
    >>> Perturbation.loaded(delta=1, p_to=0).expansion(1).order  # 99 needs a 1
    1
    >>> f.value_at("1e-23")
    SigmaValue(sigma = 93 at p = 1 - 1e-23, exact)
    """

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

    # ---- the game at one point ----------------------------------------------------------------
    def chain_at(self, eps: Any) -> "Chain":
        """The game at an exact eps, with the game's verbs (:class:`~limits.front.game.Chain`)."""
        from .game import Chain

        return Chain.of(super().chain_at(eps), start=self.start, policy=self.policy, coin=self.coin)

    def eps_of(self, p: Any) -> Fraction:
        """The family's eps at ``P(delta) = p`` (the loaded die only).

        Raises
        ------
        LimitsError
            For a family that is not the loaded die.
        """
        from ..errors import LimitsError, SymbolicError

        loaded = self.loaded_face
        if loaded is None:
            raise LimitsError("only the loaded die has a p; give eps")
        q = as_probability(p)
        if not isinstance(q, Fraction):
            raise SymbolicError("p must be a number here, not a symbol")
        return 1 - q if loaded[1] == 1 else q

    def value_at(self, eps: Any, digits: int = 20, *, check: bool = False) -> "SigmaValue":
        """sigma at an exact eps: exact where that is cheap, always with ``digits`` certified digits.

        Parameters
        ----------
        eps : exact decimal string, Fraction or int
            ``"1e-23"`` is read exactly.
        digits : int
            Significant digits to certify.
        check : bool
            Also run mpmath at a raised precision and check it against the
            certified enclosure (slow; the tests do).

        Raises
        ------
        InfiniteExpectationError
            If a loop can trap the player at this eps (only at eps = 0 or 1, or
            for every eps when the family is trapped).
        DieError, SymbolicError
            For eps outside [0, 1] or not a number.
        ConvergenceError
            If no precision within the bound certifies the value.

        Examples
        --------
        >>> Perturbation.loaded(delta=6).value_at("1e-23", 12)
        SigmaValue(sigma = 5e23 at p = 1 - 1e-23, exact)
        """
        from ..errors import SymbolicError
        from ..limit.certified_value import certified_value

        e = as_probability(eps)
        if not isinstance(e, Fraction):
            raise SymbolicError("eps must be a number here, not a symbol")
        loaded = self.loaded_face
        p = None if loaded is None else (1 - e if loaded[1] == 1 else e)
        return certified_value(PerturbedChain.chain_at(self, e), self.start, e, check_digits(digits), p=p,
                               check=check)

    def float_value(self, eps: Any) -> float:
        """sigma at eps in float64 by state reduction (:func:`~limits.limit.state_reduction.float_value`)."""
        from ..limit.state_reduction import float_value

        return float_value(self, eps)

    # ---- the limit --------------------------------------------------------------------------------
    @cached_property
    def _hierarchy(self) -> Hierarchy:
        return hierarchy(self)

    def hierarchy(self) -> Hierarchy:
        """The time-scale hierarchy (computed once).

        Raises
        ------
        InfiniteExpectationError
            If sigma is infinite for every eps > 0.
        """
        return self._hierarchy

    def expansion(self, terms: int = 2) -> Laurent:
        """sigma's Laurent expansion in eps: ``terms`` coefficients from the leading one (infinite if trapped)."""
        if self.trap is not None:
            return Laurent(0, (), "sigma", self.trap)
        return mean_expansion(self._hierarchy, terms)

    def variance(self, terms: int = 2) -> Laurent:
        """The Laurent expansion of the variance of the game length (infinite if trapped)."""
        if self.trap is not None:
            return Laurent(0, (), "variance", self.trap)
        return variance_expansion(self._hierarchy, terms)

    def exact_expansion(self, terms: int = 2) -> Laurent:
        """sigma's expansion from the whole chain's rational function: the independent check."""
        return exact_expansion(self, terms)

    @cached_property
    def _function(self) -> RationalFunction:
        return exact_function(self)

    def rational_function(self, variable: str = "eps") -> RationalFunction:
        """sigma as the whole chain's exact rational function of eps, or of p (``variable="p"``, the loaded die).

        Raises
        ------
        InfiniteExpectationError, TooLargeError
            If sigma is infinite for every eps, or past :data:`~limits.checks.MAX_FUNCTION_STATES` squares.
        LimitsError
            For ``variable="p"`` on a family that is not the loaded die.

        Examples
        --------
        >>> Perturbation.loaded(delta=5).rational_function("p").degrees
        (75, 72)
        """
        from ..errors import LimitsError

        if variable == "eps":
            return self._function
        loaded = self.loaded_face
        if variable != "p" or loaded is None:
            raise LimitsError(f"a rational function of eps, or of p for the loaded die, not of {variable!r}")
        return self._function.reflected() if loaded[1] == 1 else self._function

    @cached_property
    def _law(self) -> "LengthLaw":
        from ..limit.length_law import length_law

        return length_law(self._hierarchy)

    def law(self) -> "LengthLaw":
        """The law of the game length as eps -> 0.

        Raises
        ------
        InfiniteExpectationError
            If sigma is infinite for every eps > 0.
        """
        self.check_finite()
        return self._law

    def derive(self, *, check: bool | None = None) -> "Derivation":
        """The derivation of the limit, step by step (see :func:`limits.limit.derive_steps.derive_family`)."""
        from ..limit.derive_steps import derive_family

        return derive_family(self, self._hierarchy if self.trap is None else None, check=check)

    # ---- the walk at eps = 0 -----------------------------------------------------------------------
    @cached_property
    def _classification(self) -> "Classification":
        from ..limit.walk import classify

        return classify(self)

    def classify(self) -> "Classification":
        """Every square classified for the eps = 0 walk: loops, on-ramps, the win path.

        Raises
        ------
        LimitsError
            When the limit die leaves some square in more than one way.
        """
        return self._classification

    def collapse(self) -> "CollapsedChain":
        """The collapsed Win/Loop chains of the eps = 0 walk (:func:`limits.limit.collapse.collapse`)."""
        from ..limit.collapse import collapse

        return collapse(self)

    def explain_order(self) -> "OrderExplanation":
        """The order of sigma's pole at eps = 0 from the walk's loops (:func:`limits.limit.order.explain_order`)."""
        from ..limit.order import explain_order

        return explain_order(self)

    def explore(self, **options: Any) -> Any:
        """The explorer of this family as a Jupyter widget (:func:`limits.explore.explore`; the ``widget`` extra)."""
        from ..explore import explore

        return explore(self, **options)

    # ---- over the parameter -----------------------------------------------------------------------
    def sweep(self, points: Sequence[Any]) -> tuple[Fraction | float, ...]:
        """sigma at every exact eps of ``points``, exactly (``inf`` where a loop traps the player).

        Examples
        --------
        >>> from limits.limit.sweep import grid
        >>> [round(float(v), 3) for v in Perturbation.loaded(delta=4).sweep(grid(0, 1, 3))]
        [31.0, 37.827, 41.018]
        """
        from ..errors import LimitsError
        from ..limit.sweep import family_values

        values = [as_probability(e) for e in points]
        if any(not isinstance(e, Fraction) for e in values):
            raise LimitsError("the points of a sweep must be numbers, not symbols")
        return family_values(self, values)

    def optimum(self, digits: int = 30) -> "Optimum":
        """Where sigma is least over p (the loaded die) or eps (another family), certified.

        Examples
        --------
        >>> Perturbation.loaded(delta=6).optimum(12).p
        '0.563373946426'
        """
        from ..limit.best_loading import least_sigma

        return least_sigma(self, digits)
