"""sigma in float64 by state reduction, accurate as eps -> 0.

:func:`limits.exact.gth.gth_mean_times` removes states one by one without
ever forming ``1 - P[k, k]``; here it is applied to a family given by its eps
(``1 - P(delta)`` for the loaded die) rather than by p, since ``1 - 1e-23``
is 1.0 in float64.
"""

from __future__ import annotations

import math
import sys
from fractions import Fraction
from typing import Any

from ..errors import ConvergenceError, DieError, shown
from ..exact.gth import gth_mean_times
from ..model.die import as_probability
from .perturbed_chain import Perturbation

__all__ = ["float_value"]


def float_value(family: Perturbation, eps: Any) -> float:
    """sigma of a family at ``eps`` in float64 by state reduction, accurate for tiny ``eps``.

    The chain is given by ``eps``, not by ``1 - eps``, because ``1 - 1e-23`` is
    1.0 in float64: each entry is ``(1 - eps) AT + eps TOWARD`` formed from the
    two dice's rows, exactly when ``eps`` is exact (a Fraction or a decimal
    string) and then rounded once, and only moves that leave a square enter
    the reduction.

    Raises
    ------
    DieError
        For eps outside (0, 1].
    ConvergenceError
        When float64 cannot carry the answer: a probability below the smallest
        normal float (subnormal floats lose digits), or sigma beyond the
        largest (order ``1e308``). Exact and certified values have no such
        limit (:meth:`limits.limit.perturbed_chain.Perturbation.value_at`).

    Examples
    --------
    >>> from limits import Perturbation
    >>> f"{float_value(Perturbation.loaded(delta=6), 1e-23):.6e}"
    '5.000000e+23'
    >>> float_value(Perturbation.loaded(delta=6), "1e-400")
    Traceback (most recent call last):
    ...
    limits.errors.ConvergenceError: float64 cannot carry eps = '1e-400' to full precision
    """
    exact: Fraction | None = None
    if isinstance(eps, float):
        if not (0.0 < eps <= 1.0):  # NaN fails too
            raise DieError(f"eps must lie in (0, 1], not {eps!r}")
        e = eps
    else:
        exact = as_probability(eps)
        if not isinstance(exact, Fraction) or exact == 0:
            raise DieError(f"eps must lie in (0, 1], not {shown(eps)}")
        e = float(exact) if exact.denominator.bit_length() < 2000 else 0.0
    smallest = min(p for p in family.toward.probabilities if p)
    if e * float(smallest) < sys.float_info.min:  # zero or subnormal: digits lost before any work
        raise ConvergenceError(f"float64 cannot carry eps = {shown(eps)} to full precision")
    family.check_finite()
    st = family.structure
    if st.entry == family.goal:
        return 0.0
    n = len(st.states)
    import numpy as np  # only where a float reduction runs

    p = np.zeros((n, n + 1))
    den, scaled = family.scaled  # each entry (1 - eps) a / D + eps w / D
    for i, s in enumerate(st.states):
        for t, a, w in scaled[family.mixed.index[s]]:
            # an exact eps: each entry exact, rounded once; a float eps: (1 - eps) is formed in floats
            x = float(((1 - exact) * a + exact * w) / den) if exact is not None else a / den * (1.0 - e) + w / den * e
            p[i, n if t == family.goal else st.index[t]] += x
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        value = float(gth_mean_times(p)[st.index[st.entry]])
    if not math.isfinite(value):
        raise ConvergenceError(f"sigma at eps = {shown(eps)} is beyond float64's range")
    return value
