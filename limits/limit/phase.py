"""The phase diagram: sigma's order as a piecewise-linear function of the rates (a, b) of two faces, exactly.

Faces A and B are rolled with probabilities eps^a and eps^b and the loaded
face delta takes the rest. A move's exponent is the least of its faces'
(0, a, b or min(a, b)), and sigma's order is ``C(goal) - min_v C(v)``
(:func:`~limits.limit.speeds.tree_costs`), each a minimum of linear forms over
arborescences: positively homogeneous and piecewise linear, a function of b/a.
On the segment ``(a, b) = (1 - s, s)`` both terms are concave, and their pieces
come from the Eisner-Severance recursion: the forms optimal at the two ends
meet at s*; if the minimum there is their common value, s* is a breakpoint,
else the form optimal at s* splits the interval. The form optimal just right
of s is read from the values at s and at s + h, h small enough that no other
form comes between (at s = u/w the values are multiples of 1/w, the slopes
differ by at most 2 n). Everything is exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..checks import MAX_PHASE_STATES, face
from ..errors import DieError, LimitsError, TooLargeError
from ..markup.quantities import exponent
from .speeds import tree_costs

__all__ = ["PhaseDiagram", "phase_diagram"]

Form = tuple[Fraction, Fraction]  # alpha a + beta b


def form_text(form: Form) -> str:
    """``2a``, ``b - a``, ``3a/2 + b``."""
    out = ""
    for c, v in ((form[1], "b"), (form[0], "a")) if form[1] > 0 > form[0] else ((form[0], "a"), (form[1], "b")):
        if c:
            m = abs(c)
            term = ("" if m.numerator == 1 else str(m.numerator)) + v + (f"/{m.denominator}" if m.denominator > 1 else "")
            out += (" - " if c < 0 else " + ") + term if out else ("-" if c < 0 else "") + term
    return out or "0"


@dataclass(frozen=True)
class PhaseDiagram:
    """sigma's order over the rates: ``pieces[i] = (low, high, (alpha, beta))`` means order ``alpha a + beta b``
    for ``low < b/a < high`` (high None: no bound); neighbours have different forms.

    Examples
    --------
    >>> from limits import Perturbation
    >>> d = Perturbation.loaded(delta=5).phase(3, 1)
    >>> print(d.text())
    b/a < 2: order b
    2 < b/a < 3: order 2a
    b/a > 3: order b - a
    >>> d.order(Fraction(1, 2), 2)
    Fraction(3, 2)
    """

    faces: tuple[int, int]
    delta: int
    pieces: tuple[tuple[Fraction, Fraction | None, Form], ...]

    def order(self, a: Any, b: Any) -> Fraction:
        """The order at the rates (a, b), a, b > 0."""
        r = Fraction(b) / Fraction(a)
        x, y = next(f for lo, hi, f in self.pieces if lo <= r and (hi is None or r <= hi))
        return x * Fraction(a) + y * Fraction(b)

    def regions(self) -> list[tuple[str, str]]:
        """``(inequality, order)`` for each region."""
        return [(f"{lo} < b/a < {hi}" if lo and hi is not None else f"b/a < {hi}" if hi is not None
                 else f"b/a > {lo}" if lo else "a, b > 0", form_text(f)) for lo, hi, f in self.pieces]

    def text(self) -> str:
        """One line a region: its inequality in b/a and the order there."""
        return "\n".join(f"{where}: order {form}" for where, form in self.regions())

    def to_dict(self) -> dict:
        """The faces, the probabilities and the regions as plain data (a fraction as ``"a/b"``)."""
        a, b = self.faces
        return {"faces": [a, b], "delta": self.delta, "probabilities": {str(a): "eps^a", str(b): "eps^b",
                                                                         str(self.delta): "1 - eps^a - eps^b"},
                "regions": [{"ratio_from": exponent(lo), "ratio_to": None if hi is None else exponent(hi),
                             "inequality": where, "alpha": exponent(x), "beta": exponent(y), "text": form}
                            for (lo, hi, (x, y)), (where, form) in zip(self.pieces, self.regions())]}


def phase_diagram(family: Any, a_face: int, b_face: int) -> PhaseDiagram:
    """The phase diagram of the loaded die ``family`` (p -> 1) with faces ``a_face``, ``b_face`` at rates eps^a, eps^b.

    Raises
    ------
    DieError
        For a face off the die, the loaded face or the same face twice.
    LimitsError, InfiniteExpectationError, TooLargeError
        For another family; a loop that holds the player for every rates; more than
        :data:`~limits.checks.MAX_PHASE_STATES` squares.
    """
    if family.loaded_face is None or family.loaded_face[1] != 1:
        raise LimitsError("a phase diagram loads the faces of the loaded die as P(delta) -> 1: give --delta")
    delta, k = family.loaded_face[0], family.faces
    if len({face(a_face, k), face(b_face, k), delta}) < 3:
        raise DieError(f"the two rates go on two faces other than the loaded face {delta}, not {a_face} and {b_face}")
    die = ["eps" if f == a_face else "eps^2" if f == b_face else "1 - eps - eps^2" if f == delta else "0"
           for f in range(1, k + 1)]
    rates = type(family).of_eps(", ".join(die), family.board, rule=family.rule, start=family.start)
    rates.check_finite()
    st, goal = rates.structure, family.goal
    if len(st.states) > MAX_PHASE_STATES:
        raise TooLargeError(f"a phase diagram has at most {MAX_PHASE_STATES} squares (the limit MAX_PHASE_STATES), "
                            f"not {len(st.states)}")
    one, zero = Fraction(1), Fraction(0)
    forms = {a_face: (one, zero), b_face: (zero, one), delta: (zero, zero)}
    moves: dict[int, dict[int, set[Form]]] = {s: {} for s in st.states}
    for s in st.states:
        for label, t, _, _ in rates.outcomes[rates.mixed.index[s]]:
            if t != s:
                moves[s].setdefault(t, set()).add(forms[int(label)])
    if st.entry == goal:
        return PhaseDiagram((a_face, b_face), delta, ((zero, None, (zero, zero)),))
    memo: dict[Fraction, tuple[Fraction, Fraction]] = {}

    def value(s: Fraction) -> tuple[Fraction, Fraction]:
        if s not in memo:
            memo[s] = tree_costs({u: {t: min(x * (1 - s) + y * s for x, y in fs) for t, fs in row.items()}
                                  for u, row in moves.items()}, st.entry, goal)
        return memo[s]

    def lines(s: Fraction, side: int) -> tuple[Form, Form]:
        """(intercept, slope) in s of the forms optimal just right (side 1) or left (-1) of s, for both terms."""
        h = side * Fraction(1, 4 * (len(moves) + 2) * s.denominator + 1)
        return tuple((x - (y - x) / h * s, (y - x) / h) for x, y in zip(value(s), value(s + h)))

    def breaks(i: int, l0: Form, l1: Form, out: set[Fraction]) -> None:
        if l0 != l1:
            s = (l1[0] - l0[0]) / (l0[1] - l1[1])
            if value(s)[i] == l0[0] + l0[1] * s:
                out.add(s)
            else:
                mid = lines(s, 1)[i]
                breaks(i, l0, mid, out)
                breaks(i, mid, l1, out)

    cuts: set[Fraction] = set()
    ends = lines(zero, 1), lines(one, -1)
    for i in (0, 1):
        breaks(i, ends[0][i], ends[1][i], cuts)
    points = [zero, *sorted(cuts), one]
    pieces: list[tuple[Fraction, Fraction | None, Form]] = []
    for lo, hi in zip(points, points[1:]):
        (c0, g0), (c1, g1) = lines((lo + hi) / 2, 1)
        form = (c0 - c1, c0 - c1 + g0 - g1)  # alpha a + beta b at a = 1 - s, b = s
        if pieces and pieces[-1][2] == form:
            pieces[-1] = (pieces[-1][0], None if hi == 1 else hi / (1 - hi), form)
        else:
            pieces.append((lo / (1 - lo), None if hi == 1 else hi / (1 - hi), form))
    return PhaseDiagram((a_face, b_face), delta, tuple(pieces))
