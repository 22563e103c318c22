"""Everything the explorer page needs, computed exactly once when it is built, as JSON-ready data.

For each loaded face delta (``P(delta) = p``, every other face
``(1 - p)/(k - 1)``) and for an AT -> TOWARD family if one is given:

* sigma as the exact reduced rational function of the slider's variable (p,
  or eps for a family) with integer coefficients, which the page evaluates
  with exact integers at the exact value read from its control or address;
* sigma and the expected visits at the two ends, where sigma may be
  infinite (a loop that traps the player), solved exactly here: the rational
  function says nothing of a chain whose moves vanish there;
* the curve of ``log10 sigma`` at the slider's positions (a picture only);
* each end's limit (:func:`~limits.explore.views.limit_view`).

Beside them, the board's moves (where each face takes each square), from
which the page builds the chain at the current p for the expected visits,
and each face's probability as ``alpha + beta x`` in the slider's variable.
The data record their inputs (board and its hash, rule, faces, start,
version) as every output of the package does.

This module is the explorer's one door to the layers below.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from .._identity import __version__
from ..checks import MAX_EXPLORE_FACES, face
from ..errors import DieError, InfiniteExpectationError, LimitsError, TooLargeError
from ..exact.digits import decimal, integer_text, ratio
from ..exact.digraph import reachable
from ..exact.known_digits import float_decimal
from ..exact.linsolve import solve_fractions
from ..exact.rational import RationalFunction
from ..game.duration import expected_duration
from ..game.linear_system import FiniteSystem
from ..limit.expansion import exact_function
from ..limit.limit_report import trap_quantity
from ..limit.perturbed_chain import Perturbation
from ..limit.walk import classify
from ..markup.quantities import exact_quantity, infinite_quantity
from ..model.board import Board, standard
from ..model.die import as_probability, weighted
from ..model.rules import Rule, as_rule, step
from .fragment import linear_grid, log_grid
from .views import board_picture, limit_view

__all__ = ["explorer_data", "SCHEMA", "DIGITS", "VISIT_DIGITS",
           "CURVE_STRIDE"]

SCHEMA = "limits.explore/1"
"""The tag of the page's data."""

DIGITS = 20
"""Significant digits of sigma, as ``limits sigma`` prints them by default (correctly rounded, half to even)."""

VISIT_DIGITS = 6
"""Significant digits of an expected number of visits at most, as ``limits stats`` prints them."""


CURVE_STRIDE = {"lin": 8, "log": 4}
"""Every how many slider positions the curve holds a point (the curve is drawn, never read as a number)."""


def explorer_data(board: Board | None = None, *, rule: Rule | str = Rule.STAY, faces: int = 6, start: int = 0,
                  family: Perturbation | None = None, delta: int | None = None, p_to: int = 1,
                  value: Fraction | None = None, coin: bool = False) -> dict[str, Any]:
    """The explorer's data for a board: every loaded face, and ``family`` if given.

    Parameters
    ----------
    board : Board, optional
        Default: the paper's board (or the family's).
    rule, faces, start
        As for :meth:`~limits.limit.perturbed_chain.Perturbation.loaded`;
        a family brings its own.
    family : Perturbation, optional
        An AT -> TOWARD family to explore beside the loaded faces (a loaded die's
        family only chooses the view the page opens on). No coin policy.
    delta, p_to : int, optional
        The view the page opens on (a loaded face, the end it tends to).
    value : Fraction, optional
        The value of p (of eps for a family) the page opens on; default 0.99 (0.01).
    coin : bool
        Add each family's map of the optimal coin policy over p (over eps for a family), from which the page
        shows the optimal policy and sigma with it at the slider's value (an exact policy map each: seconds
        to tens of seconds on the paper's board).

    Raises
    ------
    LimitsError
        For a family with a coin policy, or more than :data:`~limits.checks.MAX_EXPLORE_FACES` faces.
    DieError
        For a ``delta`` not on the die, ``p_to`` other than 0 and 1, or a ``value`` outside [0, 1].
    TooLargeError
        For a board past the size of sigma's rational function
        (:data:`~limits.checks.MAX_FUNCTION_STATES` squares).

    Examples
    --------
    >>> from limits import Board
    >>> d = explorer_data(Board(6, {2: 4}), faces=2)
    >>> d["schema"], [f["id"] for f in d["families"]], d["families"][1]["sigma"]  # sigma_2(p) = 4 - 2p^2 + 2p^3
    ('limits.explore/1', ['d1', 'd2'], {'numerator': ['4', '0', '-2', '2'], 'denominator': ['1']})
    """
    custom = None
    if family is not None:
        if family.policy is not None:
            raise LimitsError("the explorer takes a family without a coin policy")
        board, rule, faces, start = family.board, family.rule, family.faces, family.start
        loaded = family.loaded_face
        if loaded is None:
            custom = family
        else:
            delta, p_to = loaded
    board = standard() if board is None else board
    rule = as_rule(rule)
    if isinstance(faces, bool) or not isinstance(faces, int) or not 1 < faces <= MAX_EXPLORE_FACES:
        raise TooLargeError(f"the explorer takes 2..MAX_EXPLORE_FACES = {MAX_EXPLORE_FACES} faces, not {faces!r}")
    if delta is not None:
        face(delta, faces)
    if p_to not in (0, 1) or isinstance(p_to, bool):
        raise DieError(f"p tends to 0 or to 1, not {p_to!r}")
    if value is None:
        value = Fraction(1, 100) if custom is not None else Fraction(99, 100)
    value = as_probability(value)
    squares = board.squares
    families = [_loaded(board, d, rule, faces, start) for d in range(1, faces + 1)]
    if custom is not None:
        families.append(_custom(custom))
    for spec in families if coin else ():
        spec["coin"] = _coin(custom if spec["kind"] == "family" else
                             Perturbation.loaded(board, spec["delta"], rule=rule, faces=faces, start=start))
    first = "family" if custom is not None else f"d{delta if delta is not None else min(6, faces)}"
    return {
        "schema": SCHEMA, "version": __version__,
        "board": {"name": board.name, "size": board.size, "jumps": [list(j) for j in board.jumps],
                  "hash": board.sha256},
        "rule": rule.value, "faces": faces, "start": start, "entry": board.land(start),
        "digits": DIGITS, "visit_digits": VISIT_DIGITS,
        "squares": list(squares), "picture": board_picture(board),
        "moves": [[step(board, rule, s, f) for f in range(1, faces + 1)] for s in squares],
        "grid": {"log": [ratio(d) for d in log_grid()]}, "stride": CURVE_STRIDE,
        "families": families,
        "initial": {"family": first, "to": p_to, "value": ratio(value)},
    }


def _function(f: RationalFunction) -> dict[str, list[str]]:
    return {"numerator": [integer_text(c) for c in f.numerator],
            "denominator": [integer_text(c) for c in f.denominator]}


def _value(chain: Any, start: int) -> tuple[Fraction | None, dict[str, Any]]:
    """sigma on a chain, exactly (None and the infinite quantity when a loop can trap the player)."""
    try:
        value = expected_duration(chain, start)
    except InfiniteExpectationError as exc:
        return None, infinite_quantity(str(exc), exc.trap)
    return value, exact_quantity(value, DIGITS)


def _visits(chain: Any, start: int) -> dict[str, Any]:
    """Expected visits to each square on a chain, exactly, rounded to :data:`VISIT_DIGITS` digits.

    Squares of a loop that traps the player and that the game can reach get
    ``"inf"``; every other square a finite value (a square the game may leave
    for a trap is visited finitely often).
    """
    entry = chain.entry(start)
    if entry == chain.goal:
        return {str(s): "0" for s in chain.states}
    closed = {s for trap in chain.traps for s in trap}
    reach = reachable(lambda s: (t for t, _ in chain.rows[chain.index[s]]) if s != chain.goal else (), [entry])
    out = {str(s): ("inf" if s in reach else "0") for s in closed}
    if entry in closed:
        out.update({str(s): "0" for s in chain.states if s not in closed})
        return out
    open_ = tuple(s for s in chain.states if s not in closed)
    a = [list(column) for column in zip(*FiniteSystem(chain, open_).dense())]  # (I - Q)^T outside the loops
    (v,) = solve_fractions(a, [[Fraction(int(s == entry)) for s in open_]])
    out.update({str(s): decimal(x, VISIT_DIGITS) for s, x in zip(open_, v)})
    return out


def _ends(family: Perturbation, eps: Any) -> tuple[dict[int, Fraction | None], dict[str, Any], dict[str, Any]]:
    """sigma (exact, and as JSON) and the expected visits at the slider's two ends x = 0, 1 (at ``eps(x)``)."""
    ends: dict[int, Fraction | None] = {}
    end_json, visits = {}, {}
    for x in (0, 1):
        chain = family.chain_at(eps=Fraction(eps(x)))
        ends[x], end_json[str(x)] = _value(chain, family.start)
        visits[str(x)] = _visits(chain, family.start)
    return ends, end_json, visits


def _curve(f: RationalFunction | None, xs: list[Fraction], ends: dict[int, Fraction | None]) -> list[float | None]:
    """``log10 sigma`` at each x (4 decimals; None where infinite), for drawing."""
    out: list[float | None] = []
    for x in xs:
        value = ends[int(x)] if x in (0, 1) else None if f is None else f(x)
        if value is None:
            out.append(None)
        elif value == 0:
            out.append(-99.0)  # sigma = 0: the start is the goal
        else:
            out.append(float(float_decimal(math.log10(value.numerator) - math.log10(value.denominator), 6)))
    return out


def _points(grid: list[Fraction], stride: int, toward_one: bool) -> list[Fraction]:
    """The slider values the curve is drawn at: every ``stride``-th position, and the last."""
    picks = list(range(0, len(grid), stride))
    if picks[-1] != len(grid) - 1:
        picks.append(len(grid) - 1)
    return [1 - grid[i] if toward_one else grid[i] for i in picks]


def _curves(f: RationalFunction | None, ends: dict[int, Fraction | None], log_ends: tuple[int, ...]
            ) -> dict[str, list[float | None]]:
    out = {"lin": _curve(f, _points(linear_grid(), CURVE_STRIDE["lin"], False), ends)}
    for end in log_ends:
        out[f"log{end}"] = _curve(f, _points(log_grid(), CURVE_STRIDE["log"], end == 1), ends)
    return out


def _affine(at: Any, toward: Any) -> list[list[str]]:
    """Each face's probability as ``[alpha, beta]``: ``alpha + beta x`` with x the slider's variable."""
    return [[ratio(a), ratio(t - a)] for a, t in zip(at.probabilities, toward.probabilities)]


def _loaded(board: Board, delta: int, rule: Rule, faces: int, start: int) -> dict[str, Any]:
    """One loaded face: sigma_delta(p), both ends, both limits."""
    to_one = Perturbation.loaded(board, delta, p_to=1, rule=rule, faces=faces, start=start)
    to_zero = Perturbation.loaded(board, delta, p_to=0, rule=rule, faces=faces, start=start)
    ends, end_json, visits = _ends(to_one, lambda p: 1 - p)  # p = 1 - eps
    f = None if to_one.trap is not None else exact_function(to_one).reflected()
    return {
        "id": f"d{delta}", "kind": "loaded", "delta": delta, "variable": "p", "label": f"P({delta}) = p",
        "faces": _affine(weighted(delta, Fraction(0), faces), weighted(delta, Fraction(1), faces)),
        "sigma": _function(f) if f is not None else trap_quantity(to_one),
        "ends": end_json, "visits": visits, "curves": _curves(f, ends, (1, 0)),
        "limits": {"1": limit_view(to_one, variable="1 − p", walk=classify(to_one)),
                   "0": limit_view(to_zero, variable="p")},
    }


def _coin(family: Perturbation) -> dict[str, Any]:
    """The map of the optimal coin over the slider's variable, each breakpoint with an exact interval that
    isolates it among its polynomial's roots (the page decides on which side of it a value lies)."""
    pmap = family.policy_map()
    data = pmap.to_json(DIGITS)
    for b, q in zip(pmap.breakpoints, data["breakpoints"]):
        q["isolating"] = [ratio(x) for x in b.enclosure(64)]
    return data


def _custom(family: Perturbation) -> dict[str, Any]:
    """An AT -> TOWARD family: sigma(eps) from the family's whole chain, both ends, the limit eps -> 0."""
    ends, end_json, visits = _ends(family, lambda e: e)
    f = None if family.trap is not None else exact_function(family)
    return {
        "id": "family", "kind": "family", "delta": None, "variable": "ε", "label": family.describe(),
        "faces": _affine(family.at, family.toward),
        "sigma": _function(f) if f is not None else trap_quantity(family),
        "ends": end_json, "visits": visits, "curves": _curves(f, ends, (0,)),
        "limits": {"0": limit_view(family, variable="ε")},
    }
