"""Both policy engines, ``limits.coin.dense_policy`` and ``limits.coin.sparse_policy``, on tiny decision problems
against every deterministic policy evaluated in Fractions.

The class: from any proper starting policy, each engine ends at a policy that is optimal from every square of the
region (least or most expected turns), its values are those of the best policy found by enumeration, it never
takes a choice that leaves the region, and both engines take the same choice wherever the two choices are not
worth the same. The problems are drawn at random (seeded) with the shapes a coin game has: a roll's no-flip end,
and a flip's two ends that may be the goal itself or a square outside the region.
"""

import itertools
import random
from fractions import Fraction

import pytest

from limits.coin.dense_policy import dense_iteration
from limits.exact.jit import have_numba
from tests.oracle import INF, expected

needs_numba = pytest.mark.skipif(not have_numba(), reason="the sparse exact engine needs numba")

_PROBLEMS = 80


def _problem(rng):
    """``(region, choices, rolls, goal)``: up to 4 squares of 0..6 in the region, 7 the goal, up to 3 rolls."""
    goal = 7
    region = sorted(rng.sample(range(goal), rng.randint(1, 4)))
    outside = [s for s in range(goal) if s not in region]
    weights = [rng.randint(1, 3) for _ in range(rng.randint(1, 3))]
    rolls = tuple((face, Fraction(w, sum(weights))) for face, w in enumerate(weights, 1))
    heads = rng.choice([Fraction(1, 2), Fraction(1, 3), Fraction(3, 4), Fraction(1)])
    choices = {}
    for s in region:
        for face, _ in rolls:
            # no flip moves on (so never flipping wins surely); a flip may go back, win, or leave the region
            ahead = [t for t in region if t > s] + [goal]
            key = choices[(s, face)] = {False: {rng.choice(ahead): Fraction(1)}}
            if rng.random() < 0.7:
                ends = rng.choices(region + [goal] * 2 + outside[:1], k=2)
                flip: dict[int, Fraction] = {}
                for t, w in zip(ends, (heads, 1 - heads)):
                    if w:
                        flip[t] = flip.get(t, Fraction(0)) + w
                key[True] = flip
    return set(region), choices, rolls, goal


def _allowed(region, goal, ends):
    return all(t in region or t == goal for t in ends)


def _values(region, choices, rolls, goal, decisions):
    """The expected turns of the policy ``decisions`` from each square of the region, in Fractions (inf where it
    may never win)."""
    rows = {s: {} for s in region}
    for (s, face), by_choice in choices.items():
        p = dict(rolls)[face]
        for t, w in by_choice[decisions.get((s, face), False)].items():
            rows[s][t] = rows[s].get(t, Fraction(0)) + p * w
    found = expected(goal, rows)
    return {s: found[s] for s in region}


def _policies(region, choices, goal):
    """Every deterministic policy that stays in the region (or wins)."""
    keys = [k for k, c in choices.items() if len(c) == 2 and _allowed(region, goal, c[True])]
    for bits in itertools.product((False, True), repeat=len(keys)):
        yield dict(zip(keys, bits))


def _engine(name):
    if name == "dense":
        return dense_iteration
    from limits.coin.sparse_policy import sparse_iteration  # the sparse exact engine is compiled (numba)

    return sparse_iteration


@pytest.mark.parametrize("maximise", [False, True])
@pytest.mark.parametrize("engine", ["dense", pytest.param("sparse", marks=needs_numba)])
def test_each_engine_ends_at_the_best_of_every_deterministic_policy(engine, maximise):
    iterate = _engine(engine)
    rng = random.Random(2024 + maximise)
    met_goal_flip = 0
    for n in range(_PROBLEMS):
        region, choices, rolls, goal = _problem(rng)
        policies = list(_policies(region, choices, goal))
        worth = [_values(region, choices, rolls, goal, d) for d in policies]
        proper = [d for d, v in zip(policies, worth) if INF not in v.values()]
        if maximise and len(proper) < len(policies):
            continue  # the engines maximise only where no policy can keep the player from winning
        best = {s: (max if maximise else min)(v[s] for v in worth) for s in region}
        start = {k: False for k, c in choices.items() if len(c) == 2} | rng.choice(proper)
        decisions, values, _ = iterate(region, choices, start, rolls, goal, maximise)
        where = (n, sorted(region), choices, start)
        assert {s: values[s] for s in region} == best and values[goal] == 0, where
        assert _values(region, choices, rolls, goal, decisions) == best, where  # the policy named is worth it
        assert all(_allowed(region, goal, choices[k][flip]) for k, flip in decisions.items()), where
        met_goal_flip += any(flip and goal in choices[k][True] and not start[k] for k, flip in decisions.items())
    assert met_goal_flip > 5  # the best policy often switches to a flip that may win at once


@needs_numba
@pytest.mark.parametrize("maximise", [False, True])
def test_both_engines_take_the_same_choice_wherever_the_choices_are_not_worth_the_same(maximise):
    rng = random.Random(99 + maximise)
    for _ in range(_PROBLEMS // 2):
        region, choices, rolls, goal = _problem(rng)
        start = {k: False for k, c in choices.items() if len(c) == 2}
        if maximise and any(INF in _values(region, choices, rolls, goal, d).values()
                            for d in _policies(region, choices, goal)):
            continue
        (dense, values, _), (sparse, same, _) = (run(region, choices, start, rolls, goal, maximise)
                                                 for run in map(_engine, ("dense", "sparse")))
        assert values == same

        def mean(ends):
            return sum(w * values[t] for t, w in ends.items())

        for k in start:
            if _allowed(region, goal, choices[k][True]) and mean(choices[k][True]) != mean(choices[k][False]):
                assert dense[k] == sparse[k], k
