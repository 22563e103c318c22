"""The general limit explorer: a perturbation family of games and its answers as verbs.

:class:`Perturbation` is a :class:`~limits.limit.perturbed_chain.PerturbedChain`
(the family's data, validated once) with the verbs: ``hierarchy()`` (the
time scales), ``expansion(terms)`` and ``variance(terms)`` (Laurent series in
eps), ``law()`` (the game length in the limit), ``derive()`` (the argument
as a document), ``value_at(eps)`` (sigma at an exact eps) and
``exact_expansion(terms)`` (the check from the whole chain's rational
function). Constructors: :meth:`Perturbation.loaded` (the paper's loaded die,
``P(delta) -> 1`` or ``-> 0``) and :meth:`Perturbation.between` (any two dice
on the same faces, a coin policy held fixed if given).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Iterable

from ..errors import DieError
from ..exact.rational import RationalFunction
from ..model.board import Board, standard
from ..model.die import Die, weighted
from ..model.rules import Rule
from .expansion import Expansion, exact_expansion, exact_function, mean_expansion, variance_expansion
from .hierarchy import Hierarchy, hierarchy
from .perturbed_chain import PerturbedChain

if TYPE_CHECKING:  # pragma: no cover
    from .derive import Derivation
    from .length_law import LengthLaw

__all__ = ["Perturbation", "uniform_on"]


def uniform_on(faces: Iterable[int], k: int = 6) -> Die:
    """The die uniform on some of the faces 1..k (zero on the others).

    Raises
    ------
    DieError
        For no face or a face off the die.

    Examples
    --------
    >>> uniform_on([2, 5], 6).probabilities
    (Fraction(0, 1), Fraction(1, 2), Fraction(0, 1), Fraction(0, 1), Fraction(1, 2), Fraction(0, 1))
    """
    chosen = set(faces)
    if not chosen or not chosen <= set(range(1, k + 1)):
        raise DieError(f"the faces must be some of 1..{k}, not {sorted(chosen)}")
    return Die([Fraction(1, len(chosen)) if f in chosen else Fraction(0) for f in range(1, k + 1)])


@dataclass(frozen=True)
class Perturbation(PerturbedChain):
    """A family ``die(eps) = (1 - eps) at + eps toward`` on a board, with its answers as verbs.

    Examples
    --------
    >>> f = Perturbation.loaded(delta=5)
    >>> f.name, f.expansion(1).coefficients, f.law().to_dict()["typical_length"]
    ('P(5) = 1 - eps', ((0, Fraction(93, 1)),), 16)
    >>> Perturbation.loaded(delta=1, p_to=0).expansion(1).order  # 99 needs a 1
    1
    """

    @classmethod
    def loaded(cls, board: Board | None = None, delta: int = 6, *, p_to: int = 1, rule: Rule | str = Rule.STAY,
               faces: int = 6, start: int = 0, policy: Callable[[int, int], Any] | None = None,
               coin: Any = Fraction(1, 2)) -> "Perturbation":
        """The paper's loaded die, ``P(delta) = p`` and ``(1 - p)/(k - 1)`` on each other face, as p -> p_to.

        With ``p_to = 1``, eps = 1 - p: AT is the face delta, TOWARD the uniform
        die on the others. With ``p_to = 0``, eps = p and the two swap.

        Parameters
        ----------
        board : Board, optional
            Default: the paper's board.
        delta : int
            The loaded face, 1..faces.
        p_to : int
            1 (the paper's limit) or 0.
        rule : Rule or str
            What an overshoot does (default ``stay``).
        faces : int
            The number of faces (default 6).
        start : int
            The start square (default 0).
        policy : callable, optional
            A coin policy held fixed; ``coin`` is then the probability of heads.

        Returns
        -------
        Perturbation

        Raises
        ------
        DieError
            For a face off the die, or ``p_to`` other than 0 and 1.
        """
        if p_to not in (0, 1) or isinstance(p_to, bool):
            raise DieError(f"p tends to 0 or to 1, not {p_to!r}")
        face, rest = weighted(delta, 1, faces), weighted(delta, 0, faces)
        at, toward = (face, rest) if p_to == 1 else (rest, face)
        name = f"P({delta}) = 1 - eps" if p_to == 1 else f"P({delta}) = eps"
        return cls(standard() if board is None else board, at, toward, rule, start, policy, coin, name)

    @classmethod
    def between(cls, at: Die, toward: Die, board: Board | None = None, *, rule: Rule | str = Rule.STAY,
                start: int = 0, policy: Callable[[int, int], Any] | None = None, coin: Any = Fraction(1, 2),
                name: str = "") -> "Perturbation":
        """``(1 - eps) at + eps toward`` for any two dice on the same faces.

        Parameters
        ----------
        at : Die
            The die as eps -> 0 (it may have several faces).
        toward : Die
            The direction.
        board, rule, start, policy, coin
            As for :meth:`loaded`.
        name : str
            A label for reports.

        Returns
        -------
        Perturbation

        Raises
        ------
        DieError, SymbolicError, StartError, BoardError
            For dice on different faces or equal, symbolic dice, a start off the
            board, or a goal no roll reaches.

        See Also
        --------
        uniform_on : a die uniform on some faces.

        Examples
        --------
        >>> f = Perturbation.between(uniform_on([2, 5]), uniform_on([1, 3, 4, 6]))
        >>> f.expansion(1).order
        1
        """
        return cls(standard() if board is None else board, at, toward, rule, start, policy, coin, name)

    @property
    def loaded_face(self) -> tuple[int, int] | None:
        """``(delta, p_to)`` when this is the loaded die (with no coin), else None."""
        if self.policy is not None:
            return None
        for delta in range(1, self.faces + 1):
            face, rest = weighted(delta, 1, self.faces), weighted(delta, 0, self.faces)
            pair = (self.at.probabilities, self.toward.probabilities)
            if pair == (face.probabilities, rest.probabilities):
                return delta, 1
            if pair == (rest.probabilities, face.probabilities):
                return delta, 0
        return None

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

    def expansion(self, terms: int = 2) -> Expansion:
        """sigma's Laurent expansion in eps: ``terms`` coefficients from the leading one (infinite if trapped)."""
        if self.trap is not None:
            return Expansion("sigma", 0, (), self.trap)
        return mean_expansion(self._hierarchy, terms)

    def variance(self, terms: int = 2) -> Expansion:
        """The Laurent expansion of the variance of the game length (infinite if trapped)."""
        if self.trap is not None:
            return Expansion("variance", 0, (), self.trap)
        return variance_expansion(self._hierarchy, terms)

    def exact_expansion(self, terms: int = 2) -> Expansion:
        """sigma's expansion from the whole chain's rational function: the independent check."""
        return exact_expansion(self, terms)

    def rational_function(self) -> RationalFunction:
        """sigma(eps) as the whole chain's exact rational function of eps (for sweeps and optima in eps)."""
        return exact_function(self)

    @cached_property
    def _law(self) -> "LengthLaw":
        from .length_law import length_law

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
        from .derive_steps import derive_family

        return derive_family(self, self._hierarchy if self.trap is None else None, check=check)
