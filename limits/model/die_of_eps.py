"""A die of eps: one face per comma-separated expression, each a sum of terms ``c*eps^(r)`` with rational r >= 0.

A face is a *Puiseux polynomial*, plain data: a tuple of ``(exponent,
coefficient)`` pairs of ``Fraction``, exponents increasing, coefficients
nonzero (``()`` is zero). The grammar of one face: terms ``c*eps^(r)``,
``c*eps^r``, ``eps^r``, ``eps`` and rational constants ``c`` (an integer,
``a/b`` or a decimal), joined by ``+`` and ``-``. An exponent with a slash
needs its parentheses: ``eps^3/2`` would read two ways.

May import: :mod:`limits.errors`, :mod:`limits.checks` and :mod:`limits.model.die`.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..checks import eps_scale, instance
from ..errors import DieError
from .die import Die, uniform_on

__all__ = ["Poly", "parse_die_of_eps", "face_text", "scale", "die_at", "support_dice"]

Poly = tuple[tuple[Fraction, Fraction], ...]

_NUMBER = r"\d+(?:\.\d*)?(?:/\d+)?|\.\d+"
_TERM = re.compile(rf"\s*([+-])?\s*(?:({_NUMBER})\s*(\*)?\s*)?(eps(?:\s*\^\s*(?:\(\s*({_NUMBER})\s*\)|(\d+(?:\.\d*)?)))?)?"
                   r"\s*")


def _poly(terms: dict[Fraction, Fraction]) -> Poly:
    return tuple((e, c) for e, c in sorted(terms.items()) if c)


def face_text(p: Poly) -> str:
    """``1 - eps^(1/2) - 2*eps``: a face in the grammar it is read in.

    Examples
    --------
    >>> face_text(parse_die_of_eps("1 - eps - 1/2*eps^(3/2), eps + 0.5 eps^(3/2)")[0])
    '1 - eps - 1/2*eps^(3/2)'
    """
    out = ""
    for e, c in p:
        power = "" if e == 0 else "eps" if e == 1 else f"eps^{e}" if e.denominator == 1 else f"eps^({e})"
        term = str(abs(c)) if not power else power if abs(c) == 1 else f"{abs(c)}*{power}"
        out += (" - " if c < 0 else " + ") + term if out else ("-" if c < 0 else "") + term
    return out or "0"


def _face(source: str) -> Poly:
    s, pos, out = source.strip(), 0, {}
    if not s:
        raise DieError("a face is empty: write 0 for a face never rolled")
    while pos < len(s):
        m = _TERM.match(s, pos)
        sign, number, star, eps, paren, plain = m.groups() if m else (None,) * 6
        if not m or m.end() == pos or not (number or eps) or (star and not eps) or (pos and not sign):
            raise DieError(f"cannot read the face {s!r} at {(s[pos:].strip() or s)[:20]!r}: write sums of terms "
                           "c*eps^(r)")
        if eps and s[m.end():m.end() + 1] == "/":
            raise DieError(f"write eps^(a/b) with parentheses in {s!r}")
        r = Fraction(paren or plain or 1) if eps else Fraction(0)
        out[r] = out.get(r, Fraction(0)) + Fraction(number or 1) * (-1 if sign == "-" else 1)
        pos = m.end()
    return _poly(out)


def parse_die_of_eps(source: str) -> tuple[Poly, ...]:
    """A die of eps, checked: the faces sum to 1 identically, each is >= 0 for small eps, one depends on eps.

    Raises
    ------
    DieError
        With one line saying what is wrong.

    Examples
    --------
    >>> [face_text(f) for f in parse_die_of_eps("eps^2, 0, eps, 0, 1 - eps - eps^2, 0")]
    ['eps^2', '0', 'eps', '0', '1 - eps - eps^2', '0']
    >>> parse_die_of_eps("eps, 1 - 2*eps")
    Traceback (most recent call last):
    ...
    limits.errors.DieError: the faces must sum to 1 for every eps, not to 1 - eps
    """
    faces = tuple(_face(part) for part in instance(source, str, "a die of eps", DieError).split(","))
    if len(faces) < 2:
        raise DieError("a die of eps has at least two faces, separated by commas")
    total: dict[Fraction, Fraction] = {}
    for e, c in (term for p in faces for term in p):
        total[e] = total.get(e, Fraction(0)) + c
    if _poly(total) != ((0, 1),):
        raise DieError(f"the faces must sum to 1 for every eps, not to {face_text(_poly(total))}")
    for f, p in enumerate(faces, 1):
        if p and p[0][1] < 0:
            raise DieError(f"face {f} is negative for small eps: {face_text(p)}")
    if all(e == 0 for p in faces for e, _ in p):
        raise DieError("no face depends on eps: the family does not move")
    scale(faces)
    return faces


def scale(faces: tuple[Poly, ...]) -> int:
    """q: with eps = t^q every face is a polynomial in t (checked by :func:`limits.checks.eps_scale`)."""
    return eps_scale(e for p in faces for e, _ in p)


def _power(eps: Fraction, r: Fraction) -> Fraction:
    from flint import fmpz

    root = [int(fmpz(x).root(r.denominator)) for x in (eps.numerator, eps.denominator)]
    if Fraction(*root) ** r.denominator != eps:
        raise DieError(f"eps = {eps} has no rational {r.denominator}-th root: give a point where eps^({r}) is exact")
    return Fraction(*root) ** r.numerator


def die_at(faces: tuple[Poly, ...], eps: Fraction) -> Die:
    """The die at an exact eps (a :class:`DieError` if a face is irrational or negative there)."""
    return Die([sum((c * _power(eps, r) for r, c in p), Fraction(0)) for p in faces])


def support_dice(faces: tuple[Poly, ...]) -> tuple[Die, Die]:
    """``(at, toward)``: the die at eps = 0 and a die on the faces that depend on eps (on one of them if that is
    the same die), so that every face of the family is rolled by one of the two, as for every small eps > 0."""
    at = Die([dict(p).get(0, Fraction(0)) for p in faces])
    moving = [f for f, p in enumerate(faces, 1) if p and p[-1][0] > 0]
    toward = uniform_on(moving, len(faces))
    return at, (toward if toward != at else uniform_on(moving[:1], len(faces)))
