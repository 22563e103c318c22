"""Every float64 route's underflow guard at its edge: answered at the smallest input it claims, refused below.

The class: a float route refuses what float64 cannot carry to full precision
(a probability below the smallest normal float, whose digits a subnormal
loses) with :class:`~limits.errors.ConvergenceError`, and answers at the edge.
For a family the probability nearest the edge is ``eps`` times TOWARD's
smallest positive face, so the edge moves with that face: each family here
has a toward die with a small face (first, last, or beside a zero face), and
each route (a float eps, an exact eps, the family's own verb) is driven at the
edge and where that product is the largest subnormal float. Where it
answers, the value is that of the die ``(1 - eps) AT + eps TOWARD`` built
exactly, its expected turns solved in fractions.
"""

import math
import sys
from fractions import Fraction

import pytest

from limits import Board, ConvergenceError, Die, Perturbation, build_chain
from limits.limit.state_reduction import float_value

TINY = Fraction(sys.float_info.min)  # 2^-1022, the smallest normal float
LARGEST_SUBNORMAL = TINY - Fraction(math.ulp(0.0))  # the float just below it: 2^-1022 - 2^-1074
SMALL = Fraction(1, 2**10)
BOARD = Board(10, {3: 7, 8: 2})
TOWARD = {  # the small face first, last, and beside a zero face (which is no face the guard looks at)
    "first": [SMALL, 1 - SMALL],
    "last": [1 - SMALL, SMALL],
    "beside a zero": [0, SMALL, 1 - SMALL],
}


def _family(name: str) -> tuple[Perturbation, Die, Die]:
    toward = Die(TOWARD[name])
    at = Die([Fraction(1, len(toward.probabilities))] * len(toward.probabilities))
    return Perturbation.between(at, toward, BOARD), at, toward


def _exact_sigma(at: Die, toward: Die, eps: Fraction) -> Fraction:
    die = Die([(1 - eps) * a + eps * w for a, w in zip(at.probabilities, toward.probabilities)])
    return build_chain(BOARD, die).expected_duration()


@pytest.mark.parametrize("name", TOWARD)
def test_a_family_is_answered_at_the_smallest_eps_its_toward_die_allows_and_refused_below(name):
    family, at, toward = _family(name)
    edge = TINY / SMALL  # eps * smallest toward face is the smallest normal float
    below = LARGEST_SUBNORMAL / SMALL  # eps * smallest toward face is the largest subnormal, exactly
    exact = float(_exact_sigma(at, toward, edge))
    routes = {"float eps": lambda e: float_value(family, float(e)), "exact eps": lambda e: float_value(family, e),
              "the family's verb": lambda e: family.float_value(eps=float(e))}
    for route in routes.values():
        assert math.isclose(route(edge), exact, rel_tol=1e-12)
        with pytest.raises(ConvergenceError, match="cannot carry eps"):
            route(below)
