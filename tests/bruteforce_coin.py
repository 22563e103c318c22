"""The coin's brute force: every deterministic policy enumerated, each evaluated by plain Fraction elimination.

Nothing here imports the library: the coin's rule, the rows under a policy
and their evaluation come from :mod:`tests.oracle`. A policy is a choice
(flip or not) at every (square, roll) whose landing allows one; a policy
whose game may never end (some reachable square cannot win) is worth
infinity.
"""

from __future__ import annotations

import itertools

from tests.oracle import decision_keys, expected, transitions


def extremes(size, jumps, rule, probs, coin, limit: int = 12):
    """``(least, greatest)``: the optimal expected turns from every square over every deterministic policy."""
    keys = decision_keys(size, jumps, rule, probs)
    if len(keys) > limit:
        raise ValueError(f"{len(keys)} decisions: too many policies to enumerate")
    least: dict[int, object] = {}
    most: dict[int, object] = {}
    for bits in itertools.product((False, True), repeat=len(keys)):
        flips = dict(zip(keys, bits))
        values = expected(size, transitions(size, jumps, rule, probs, coin, lambda s, r: flips.get((s, r), False)))
        for s, v in values.items():
            least[s] = v if s not in least else min(least[s], v)
            most[s] = v if s not in most else max(most[s], v)
    return least, most
