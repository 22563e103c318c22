"""What a family's verbs share before their engines run: an answer kept once, the refusal of a family of several
speeds, and a point named ``p=`` or ``eps=`` (never given by position).

May import: :mod:`limits.checks`, :mod:`limits.model` and :mod:`limits.errors`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import wraps
from typing import Any, Callable, Sequence

from ..checks import listed
from ..errors import LimitsError, SymbolicError
from ..model.die import as_probability

__all__ = ["once", "one_speed", "eps_of", "point_eps", "points_eps"]


def once(verb: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A verb without arguments, computed once per family (its errors are raised at every call)."""
    key = f"_{verb.__name__}_once"

    @wraps(verb)
    def cached(self: Any) -> Any:
        if key not in self.__dict__:
            self.__dict__[key] = verb(self)
        return self.__dict__[key]

    return cached


def one_speed(verb: Callable[..., Any]) -> Callable[..., Any]:
    """A verb a family of several speeds does not answer: a :class:`LimitsError` that says which it does."""
    @wraps(verb)
    def checked(self: Any, *args: Any, **kwargs: Any) -> Any:
        if self.speeds is not None:
            raise LimitsError(f"a family of several speeds answers expansion, explain_order, value_at, chain_at "
                              f"and classify, not {verb.__name__.strip('_')}")
        return verb(self, *args, **kwargs)

    return checked


def eps_of(family: Any, p: Any) -> Fraction:
    """The family's eps at ``P(delta) = p`` (the loaded die only; else a :class:`LimitsError`)."""
    loaded = family.loaded_face
    if loaded is None:
        raise LimitsError("only the loaded die has a p; give eps")
    q = as_probability(p)
    if not isinstance(q, Fraction):
        raise SymbolicError("p must be a number here, not a symbol")
    return 1 - q if loaded[1] == 1 else q



def _named(point: tuple[Any, ...], p: Any, eps: Any) -> None:
    """Refuse a point given by position, or by both names, or by neither."""
    if point or (p is None) == (eps is None):
        raise LimitsError("give the point by name, p=... (P(delta) of the loaded die) or eps=..., one of "
                          "them: value_at(p=\"0.99\") is value_at(eps=\"0.01\") for P(delta) -> 1")


def point_eps(family: Any, point: tuple[Any, ...], p: Any, eps: Any) -> Fraction:
    """The eps of a point given by name, ``p=`` or ``eps=`` (exactly one of them), an exact number."""
    _named(point, p, eps)
    if p is not None:
        return family.eps_of(p)
    e = as_probability(eps)
    if not isinstance(e, Fraction):
        raise SymbolicError("eps must be a number here, not a symbol")
    return e


def points_eps(family: Any, points: tuple[Any, ...], p: Sequence[Any] | None, eps: Sequence[Any] | None
               ) -> list[Fraction]:
    """The eps of every point of ``p=`` or ``eps=`` (one of them), each an exact number."""
    _named(points, p, eps)
    values = ([family.eps_of(x) for x in listed(p, "the points p")] if p is not None
              else [as_probability(x) for x in listed(eps, "the points eps")])
    if any(not isinstance(e, Fraction) for e in values):
        raise LimitsError("the points of a sweep must be numbers, not symbols")
    return values
