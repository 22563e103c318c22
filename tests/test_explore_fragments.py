"""Every fragment the explorer writes: each value in its shortest text, each view with its own keys only.

The class: a view of the explorer is one line (``delta=5&p=0.99``), so one
view has one spelling, the same from the package and from the page's script.

* Every value of p (or eps) is written as the shortest of its texts: its
  decimal (positional, or with an exponent below 1e-6), its fraction
  (``a/b``, ``a`` for a whole number) and, within 1e-3 of 1, ``1-`` the
  decimal of its distance to 1; a tie in length goes to the decimal, then
  to the fraction. Checked over an enumeration (every fraction of
  denominator up to 40, both sliders' grids from either end, powers of 10,
  2 and 5 and their complements, near 0 and near 1 down to 1e-40) against
  the texts written again with :mod:`decimal`, and each read back exactly.
  The page's script writes the same texts (``tests/test_explore_browser.py``).
* Every fragment holds the keys of its view and no other: a family's view
  (``family=1``) never names a loaded face, a loaded face's view never the
  family's keys, whatever else the caller holds; each reads back to its view.

Module: ``limits.explore.fragment``.
"""

from decimal import Decimal, localcontext
from fractions import Fraction
from itertools import product

import pytest

from limits.explore.fragment import linear_grid, log_grid, parse_fragment, parse_value, value_text, view_fragment


def _values() -> list[Fraction]:
    """Values of p on [0, 1]: small fractions, the sliders' grids from either end, near 0 and 1."""
    out = {Fraction(a, b) for b in range(1, 41) for a in range(b + 1)}
    out |= set(linear_grid())
    out |= {v for d in log_grid() for v in (d, 1 - d)}
    for k in range(1, 41):
        for m in (1, 2, 5, 12, 25, 99, 123):
            if m < 10**k:
                out |= {Fraction(m, 10**k), 1 - Fraction(m, 10**k)}
    for k in range(1, 25):
        out |= {Fraction(1, 2**k), 1 - Fraction(1, 2**k), Fraction(3, 5**k), 1 - Fraction(1, 5**k)}
    return sorted(out)


VALUES = _values()


def _decimal(x: Fraction) -> str | None:
    """The decimal of ``x`` as Python's ``decimal`` writes it (an exponent below 1e-6), None if not finite."""
    d, places = x.denominator, 0  # x * 10**places is whole once d has lost its factors 2 and 5
    while d % 2 == 0 or d % 5 == 0:
        d, places = (d // 2 if d % 2 == 0 else d // 5), places + 1
    if d != 1:
        return None
    with localcontext() as ctx:
        ctx.prec = 1000
        text = str(Decimal(x.numerator * 10**places // x.denominator).scaleb(-places).normalize())
    return text.replace("E", "e")


def _shortest(x: Fraction) -> str:
    """The shortest text of ``x``, a tie to the earlier in: decimal, fraction, ``1-`` decimal."""
    texts = [_decimal(x), str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"]
    if 0 < 1 - x < Fraction(1, 1000):
        rest = _decimal(1 - x)
        texts.append(rest and f"1-{rest}")
    return min((t for t in texts if t is not None), key=len)


def test_every_value_is_written_in_its_shortest_text_a_tie_to_the_decimal():
    ties = 0
    for x in VALUES:
        text = value_text(x)
        assert text == _shortest(x), x
        assert parse_value(text) == x, text
        dec = _decimal(x)
        ties += dec is not None and x.denominator > 1 and len(dec) == len(f"{x.numerator}/{x.denominator}")
    assert ties >= 5  # 1/2, 1/5, 2/5, 1/20, 1/25 ... : the rule for ties is exercised


def test_every_fragment_writes_the_value_as_value_text_does():
    for x in VALUES[:: max(1, len(VALUES) // 300)]:
        assert view_fragment(delta=2, p=x) == f"delta=2&p={_shortest(x)}"
        assert view_fragment(family=True, eps=x) == f"family=1&eps={_shortest(x)}"
        assert view_fragment(delta=2, p=str(x)) == f"delta=2&p={_shortest(x)}"  # typed text is rewritten


P = [None, Fraction(99, 100), "1-1e-23", "3/4", Fraction(1, 2), 0, 1]
SCALES = [None, "lin", "log"]


@pytest.mark.parametrize("delta, p, scale", list(product([None, 1, 5], P, SCALES)))
def test_a_family_view_writes_only_the_family_keys(delta, p, scale):
    """``family=1`` with the eps given and the scale; a loaded face the caller still holds is not part of the
    family's view."""
    fragment = view_fragment(family=True, delta=delta, eps=p, scale=scale)
    keys = [part.partition("=")[0] for part in fragment.split("&")]
    assert keys == ["family"] + (["eps"] if p is not None else []) + (["scale"] if scale else []), fragment
    view = {"family": True, **({"eps": _exact(p)} if p is not None else {}), **({"scale": scale} if scale else {})}
    assert parse_fragment(fragment) == view


@pytest.mark.parametrize("delta, to, p, scale", list(product([1, 5, 12], [None, 0, 1], P, SCALES)))
def test_a_loaded_face_view_writes_only_its_own_keys(delta, to, p, scale):
    fragment = view_fragment(delta=delta, to=to, p=p, scale=scale)
    keys = [part.partition("=")[0] for part in fragment.split("&")]
    assert keys == ["delta"] + (["to"] if to is not None else []) + (["p"] if p is not None else []) + (
        ["scale"] if scale else []), fragment
    view = {"delta": delta, **({"to": to} if to is not None else {}), **({"p": _exact(p)} if p is not None else {}),
            **({"scale": scale} if scale else {})}
    assert parse_fragment(fragment) == view


def _exact(p) -> Fraction:
    """A value as given: a Fraction or whole number, or its text (``1-`` one minus a value, a decimal, a fraction)."""
    return 1 - Fraction(p[2:]) if isinstance(p, str) and p.startswith("1-") else Fraction(p)
