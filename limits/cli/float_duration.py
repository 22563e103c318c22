"""``limits duration --float``: the mean and variance of a game in floats, for boards of a million squares.

Chosen by ``--float``, or automatically (with a note) for boards of
:data:`~limits.checks.FLOAT_FROM` squares or more, whose exact answers are fractions of
tens of thousands of digits per square.
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any

from ..checks import FLOAT_FROM

__all__ = ["wants_float", "float_duration"]


def wants_float(args: argparse.Namespace, size: int) -> bool:
    """Whether ``duration`` answers in floats: asked for, or a board too large for exact output."""
    return bool(args.float) or (size >= FLOAT_FROM and not args.exact)


def float_duration(args: argparse.Namespace, board: Any, die: Any, result: dict[str, Any]) -> dict[str, Any]:
    """Fill ``result`` with float expected turns, variance and std from ``args.start``."""
    from ..errors import StartError
    from ..exact.enclosure import Enclosure
    from ..game.float_duration import float_moments
    from ..markup.quantities import interval_quantity
    from .output import quantity

    if not 0 <= args.start <= board.size:
        raise StartError(f"the start square must be one of 0..{board.size}, not {args.start!r}")
    if not args.float:
        result["note"] = (f"a board of {board.size} squares (at least {FLOAT_FROM}) is answered in floats; "
                          "--exact asks for the exact fractions")
        if not args.quiet:
            print(f"limits: note: {result['note']}", file=sys.stderr)
    result["engine"] = "float"
    square = board.land(args.start)
    bounds = None
    if square == board.size:
        mean = variance = 0.0
        bounds = (Enclosure.of(0), Enclosure.of(0))
    else:
        moments = float_moments(board, die, args.rule)
        mean, variance = moments.at(square)
        bounds = moments.bounds_at(square)
    if math.isinf(mean):
        from ..errors import InfiniteExpectationError
        from ..model.build import build_chain

        try:  # the exact chain names the loop
            build_chain(board, die, args.rule, start=args.start).moments(exact=False)
        except InfiniteExpectationError as exc:
            inf = quantity(exc, args)
            result.update(expected_turns=inf, variance=inf, std=inf)
            return result
    if bounds is not None:  # proven from the exact residuals: printed as enclosures, every digit certain
        mean_e, var_e = bounds
        values = zip(("expected_turns", "variance", "std"), (mean_e, var_e, var_e.sqrt(120)),
                     (mean, variance, math.sqrt(max(variance, 0.0))))
        for key, e, x in values:  # "float": the solver's own value, inside the proven bounds
            result[key] = {**interval_quantity(e.lower, e.upper, args.digits), "float": x}
        return result
    # no proof: near singular, floats can be far off (a variance 4x too large was seen), so they are not printed
    if board.size >= FLOAT_FROM:
        from ..errors import ConvergenceError

        raise ConvergenceError("the float answer cannot be certified here (the chain is nearly singular, so its "
                               "residual proves nothing); --exact computes it exactly")
    from ..markup.quantities import exact_quantity, sqrt_quantity
    from ..model.build import build_chain

    note = "the floats could not be certified here (the chain is nearly singular): the answer is exact"
    result["note"] = f"{result['note']}; {note}" if "note" in result else note
    if not args.quiet:
        print(f"limits: note: {note}", file=sys.stderr)
    m = build_chain(board, die, args.rule, start=args.start).moments()
    result.update(expected_turns=exact_quantity(m.mean, args.digits, args.exact_digits),
                  variance=exact_quantity(m.variance, args.digits, args.exact_digits),
                  std=sqrt_quantity(m.variance, args.digits))
    return result
