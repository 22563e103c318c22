"""Dice: exact probabilities of the faces 1..k.

A die is an immutable tuple of face probabilities. Numbers are exact
:class:`fractions.Fraction` values; a probability may also be a sympy
expression (for instance a symbol ``p``), which makes every quantity computed
from the die a function of that symbol.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import islice
from typing import Any, Iterable

from ..checks import MAX_FACES, face, faces_of, instance, whole
from ..errors import DieError, LimitsError, TooLargeError, one_line, shown
from ..exact.symbolic import is_symbolic
from .probability import as_probability

__all__ = ["Die", "fair", "weighted", "uniform_on", "parse_die", "as_probability"]

Probability = Any  # Fraction, or a sympy expression for symbolic dice

_WHOLE = re.compile(r"[+-]?[0-9]+")


@dataclass(frozen=True)
class Die:
    """A die with faces 1..k and exact probabilities.

    Parameters
    ----------
    probabilities : iterable
        ``P(1), ..., P(k)``; each as accepted by :func:`~limits.model.probability.as_probability`.
    name : str, optional
        A label for reports.

    Raises
    ------
    DieError
        If there are no faces, a probability is negative or above 1, or the
        probabilities do not sum to 1.

    Examples
    --------
    >>> d = Die(["1/2", "1/4", "1/4"])
    >>> d.faces, d.support, d.is_symbolic
    (3, (1, 2, 3), False)
    >>> Die([0.5, 0.4])
    Traceback (most recent call last):
    ...
    limits.errors.DieError: the probabilities of a die must sum to 1, not 9/10
    """

    probabilities: tuple[Probability, ...]
    name: str = field(default="custom", compare=False)

    def __init__(self, probabilities: Iterable[Any], name: str = "custom") -> None:
        if isinstance(probabilities, (str, bytes)) or not isinstance(probabilities, Iterable):
            raise DieError(f"a die needs a sequence of face probabilities, not {shown(probabilities)}")
        given = list(islice(probabilities, MAX_FACES + 1))
        if len(given) > MAX_FACES:
            raise TooLargeError(f"a die may have at most {MAX_FACES} faces (the limit MAX_FACES)")
        probs = tuple(as_probability(p) for p in given)
        if not probs:
            raise DieError("a die needs at least one face")
        total = sum(probs, Fraction(0))
        if is_symbolic(total) and total.free_symbols:
            import sympy

            if sympy.cancel(total - 1) != 0:  # a canonical form of rational functions: an exact zero test
                raise DieError(f"the probabilities of a die must sum to 1, not {total}")
        elif total != 1:
            raise DieError(f"the probabilities of a die must sum to 1, not {_sum_text(total)}")
        object.__setattr__(self, "probabilities", probs)
        object.__setattr__(self, "name", instance(name, str, "a die's name", DieError))

    @property
    def faces(self) -> int:
        """The number k of faces."""
        return len(self.probabilities)

    @property
    def is_symbolic(self) -> bool:
        """Whether some probability is a sympy expression with free symbols."""
        return any(is_symbolic(p) for p in self.probabilities)

    @property
    def support(self) -> tuple[int, ...]:
        """Faces whose probability is not identically zero."""
        return tuple(f for f, p in enumerate(self.probabilities, 1) if p != 0)

    def rolls(self) -> tuple[tuple[int, Probability], ...]:
        """Pairs ``(face, probability)`` over the support."""
        return tuple((f, self.probabilities[f - 1]) for f in self.support)

    def __repr__(self) -> str:
        text = one_line(self.summary())
        return f"Die({text if len(text) <= 150 else f'{one_line(self.name)}: {self.faces} faces'})"

    def summary(self) -> str:
        """The faces and their probabilities, exact.

        Examples
        --------
        >>> weighted(6, "0.6").summary()
        'weighted:6:3/5: 1: 2/25, 2: 2/25, 3: 2/25, 4: 2/25, 5: 2/25, 6: 3/5'
        """
        from ..exact.digits import ratio

        faces = ", ".join(f"{face}: {p if self.is_symbolic else ratio(p)}"
                          for face, p in enumerate(self.probabilities, 1))
        return f"{self.name}: {faces}"

    def _repr_html_(self) -> str:
        """The faces and their exact probabilities, as a table."""
        from ..exact.digits import ratio
        from ..markup.jupyter import summary_html

        return summary_html(f"a die with {self.faces} faces ({self.name})",
                            [(f"P({face})", str(p) if self.is_symbolic else ratio(p))
                             for face, p in enumerate(self.probabilities, 1)])

    def subs(self, mapping: dict) -> "Die":
        """The die with sympy symbols replaced, e.g. ``die.subs({p: Fraction(1, 2)})``.

        Examples
        --------
        >>> import sympy
        >>> p = sympy.Symbol("p")
        >>> weighted(6, p).subs({p: "1/2"}).probabilities[5]
        Fraction(1, 2)
        """
        import sympy

        values = {k: sympy.Rational(str(as_probability(v))) for k, v in mapping.items()}
        return Die(
            [p.subs(values) if is_symbolic(p) else p for p in self.probabilities],
            name=self.name,
        )


def fair(k: int = 6) -> Die:
    """A fair die with ``k`` faces.

    Examples
    --------
    >>> fair(4).probabilities
    (Fraction(1, 4), Fraction(1, 4), Fraction(1, 4), Fraction(1, 4))
    """
    k = faces_of(k)
    return Die([Fraction(1, k)] * k, name="fair" if k == 6 else f"fair{k}")


def weighted(delta: int, p: Any, k: int = 6) -> Die:
    """The paper's loaded die: ``P(delta) = p``, every other face ``(1 - p)/(k - 1)``.

    Parameters
    ----------
    delta : int
        The loaded face, 1..k.
    p : number, string or sympy expression
        Its probability, in [0, 1]; a sympy symbol keeps the die symbolic.
    k : int, optional
        The number of faces (default 6).

    Raises
    ------
    DieError
        If ``delta`` is not a face or ``p`` lies outside [0, 1].

    Examples
    --------
    >>> weighted(5, "0.5").probabilities
    (Fraction(1, 10), Fraction(1, 10), Fraction(1, 10), Fraction(1, 10), Fraction(1, 2), Fraction(1, 10))
    >>> import sympy
    >>> weighted(2, sympy.Symbol("p"), k=3).probabilities
    (1/2 - p/2, p, 1/2 - p/2)
    >>> weighted(7, "0.5")
    Traceback (most recent call last):
    ...
    limits.errors.DieError: the loaded face must be one of 1..6, not 7
    """
    k = faces_of(k, 2, "a loaded die")
    delta = face(delta, k)
    p = as_probability(p)
    rest: Probability = (1 - p) / (k - 1)
    probs = [rest] * k
    probs[delta - 1] = p
    return Die(probs, name=f"weighted:{delta}:{p}")


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
    k = faces_of(k)
    chosen = {whole(f, "a face", 1, k, error=DieError) for f in instance(faces, Iterable, "the faces", DieError)}
    if not chosen:
        raise DieError(f"the faces must be some of 1..{k}, not none")
    return Die([Fraction(1, len(chosen)) if f in chosen else Fraction(0) for f in range(1, k + 1)])


def parse_die(spec: str) -> Die:
    """A die from a command-line spec.

    ``fair`` or ``fair:K`` (K faces), ``weighted:D:P`` (face D loaded with
    probability P, six faces; ``weighted:D:P:K`` for K faces), or a comma list
    ``p1,p2,...`` of face probabilities. Numbers are exact decimals or fractions.

    Raises
    ------
    DieError
        For a malformed spec.

    Examples
    --------
    >>> parse_die("weighted:5:0.99").probabilities[4]
    Fraction(99, 100)
    >>> parse_die("1/2,1/2").faces, parse_die("fair:4").faces
    (2, 4)
    >>> parse_die("loaded")
    Traceback (most recent call last):
    ...
    limits.errors.DieError: unknown die 'loaded' (fair, fair:K, weighted:D:P[:K] or p1,p2,...)
    """
    text = spec.strip()
    parts = text.split(":")
    try:
        if parts[0] == "fair" and len(parts) <= 2:
            return fair(_whole(parts[1]) if len(parts) == 2 else 6)
        if parts[0] == "weighted" and len(parts) in (3, 4):
            k = _whole(parts[3]) if len(parts) == 4 else 6
            return weighted(_whole(parts[1]), parts[2], k)
    except ValueError as exc:
        if isinstance(exc, LimitsError):
            raise
        raise DieError(f"malformed die {shown(spec)}: faces and counts must be whole numbers") from None
    if "," in text or _is_number(text):
        return Die([p for p in text.split(",")], name="custom")
    raise DieError(f"unknown die {shown(spec)} (fair, fair:K, weighted:D:P[:K] or p1,p2,...)")


def _whole(text: str) -> int:
    """A whole number written in ASCII digits (at most 30 of them)."""
    text = text.strip()
    if not _WHOLE.fullmatch(text) or len(text) > 30:
        raise ValueError(text)
    return int(text)


def _is_number(text: str) -> bool:
    try:
        as_probability(text)
    except DieError:
        return False
    return True


def _sum_text(total: Fraction) -> str:
    """``total`` for an error message: the fraction, or its distance from 1 by size when the fraction is long.

    Examples
    --------
    >>> _sum_text(Fraction(9, 10)), _sum_text(1 + Fraction(1, 10**400))
    ('9/10', '1 + about 1e-400')
    """
    if total.numerator.bit_length() + total.denominator.bit_length() <= 160:
        return str(total)
    gap = total - 1
    exponent = gap.numerator.bit_length() - gap.denominator.bit_length()  # log2 |gap|, within 1
    power = round(exponent * 0.30102999566398120)
    return f"1 {'+' if gap > 0 else '-'} about 1e{power}"

