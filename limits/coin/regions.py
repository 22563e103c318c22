"""Where a coin policy can win surely, and where it can avoid winning for ever: graph facts, no numbers.

A turn from square s with roll r offers one or two *actions* (not to flip;
to flip, when the landing allows it), each a set of squares the turn may end
on (the sides of the coin with a positive chance). Two regions decide when
the best or worst expected length is finite:

* the **almost-sure region** W: squares from which some policy wins with
  probability 1. It is the greatest set such that every roll from each of
  its squares has an action that stays in W (or wins), and from every
  square the goal can be reached using such actions. Outside W the least
  expected length is infinite; inside, a policy that takes, at each roll,
  the action closest to the goal is proper (it wins surely);
* the **keepable set** K: the greatest set of squares away from the goal
  such that every roll from each of its squares has an action that stays in
  K. The greatest expected length is infinite exactly from the squares that
  can reach K.

Everything here is exact: sets and breadth-first searches on the squares.
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping

__all__ = ["Actions", "almost_sure_region", "keepable_set", "reaching", "closest_actions"]

Actions = Mapping[tuple[int, int], Mapping[bool, frozenset[int]]]
"""``actions[(square, roll)][flip]``: the squares a turn may end on with that choice."""


def _by_square(actions: Actions) -> dict[int, list[tuple[int, int]]]:
    out: dict[int, list[tuple[int, int]]] = {}
    for key in actions:
        out.setdefault(key[0], []).append(key)
    return out


def _allowed(actions: Actions, key: tuple[int, int], inside: set[int], goal: int | None) -> list[bool]:
    """The choices at ``key`` whose every outcome stays in ``inside`` (or is the goal)."""
    return [flip for flip, targets in actions[key].items()
            if all(t in inside or t == goal for t in targets)]


def _shrink(actions: Actions, keys: dict[int, list[tuple[int, int]]], inside: set[int], goal: int | None) -> None:
    """Remove, until none is left, squares with a roll that has no choice staying inside."""
    changed = True
    while changed:
        changed = False
        for s in sorted(inside):
            if any(not _allowed(actions, key, inside, goal) for key in keys[s]):
                inside.discard(s)
                changed = True


def _distances(actions: Actions, targets: Iterable[int], ok: Callable[[frozenset[int]], bool],
               sources: set[int] | None = None) -> dict[int, int]:
    """The fewest turns from each square (of ``sources``, all when None) to ``targets``, by choices ``ok``
    takes (breadth-first, backwards); the squares that cannot reach them are left out."""
    back: dict[int, set[int]] = {}
    for (s, _), choices in actions.items():
        if sources is None or s in sources:
            for ts in choices.values():
                if ok(ts):
                    for t in ts:
                        back.setdefault(t, set()).add(s)
    distance = {t: 0 for t in targets}
    frontier = list(distance)
    while frontier:
        nxt = []
        for t in frontier:
            for s in back.get(t, ()):
                if s not in distance:
                    distance[s] = distance[t] + 1
                    nxt.append(s)
        frontier = nxt
    return distance


def reaching(actions: Actions, targets: Iterable[int], within: set[int], goal: int | None = None) -> set[int]:
    """Squares of ``within`` from which ``targets`` can be reached with a positive chance, by choices that stay
    within ``within`` (plus the goal, when given); the targets included.

    Examples
    --------
    >>> acts = {(0, 1): {False: frozenset({1})}, (1, 1): {False: frozenset({1}), True: frozenset({2})}}
    >>> sorted(reaching(acts, {2}, {0, 1}, goal=2))
    [0, 1, 2]
    """
    return set(_distances(actions, targets, lambda ts: all(t in within or t == goal for t in ts), within))


def almost_sure_region(actions: Actions, squares: Iterable[int], goal: int) -> set[int]:
    """The squares from which some policy wins with probability 1.

    Examples
    --------
    >>> acts = {(0, 1): {False: frozenset({0}), True: frozenset({1, 2})}, (1, 1): {False: frozenset({1})}}
    >>> sorted(almost_sure_region(acts, [0, 1], goal=2))  # from 1 nothing ever changes
    []
    """
    keys = _by_square(actions)
    inside = set(squares)
    while True:
        _shrink(actions, keys, inside, goal)
        winning = reaching(actions, {goal}, inside, goal) - {goal}
        if winning == inside:
            return inside
        inside = winning


def keepable_set(actions: Actions, squares: Iterable[int]) -> set[int]:
    """The greatest set of squares a player can stay among for ever, never winning.

    Examples
    --------
    >>> acts = {(0, 1): {False: frozenset({1})}, (1, 1): {False: frozenset({2}), True: frozenset({1})}}
    >>> sorted(keepable_set(acts, [0, 1]))
    [0, 1]
    """
    inside = set(squares)
    _shrink(actions, _by_square(actions), inside, None)
    return inside


def closest_actions(actions: Actions, region: set[int], targets: set[int], within: set[int] | None = None,
                    goal: int | None = None) -> dict[tuple[int, int], bool]:
    """At each roll from ``region``, the choice whose nearest outcome is closest to ``targets`` (fewest turns);
    on a tie, not flipping.

    With ``within``, only choices whose every outcome stays in ``within`` (or
    is the ``goal``) are taken, and distances run through such choices. A
    choice depends only on where the turn may end, so two rolls with the same
    outcomes get the same one. Following these choices from squares that can
    reach the targets, each turn keeps a positive chance of coming closer, so
    the targets are reached with probability 1 (within ``within``, or with a
    positive chance otherwise).

    Examples
    --------
    >>> acts = {(0, 1): {False: frozenset({0}), True: frozenset({1})}, (1, 1): {False: frozenset({2})}}
    >>> closest_actions(acts, {0, 1}, {2}, within={0, 1}, goal=2)
    {(0, 1): True, (1, 1): False}
    """

    def ok(ts: frozenset[int]) -> bool:
        return within is None or all(t in within or t == goal for t in ts)

    distance = _distances(actions, targets, ok)
    far = len(distance) + len(actions) + 1
    out = {}
    for key, choices in actions.items():
        if key[0] in region:
            allowed = [flip for flip, ts in choices.items() if ok(ts)]
            out[key] = min(allowed, key=lambda flip: (min(distance.get(t, far) for t in choices[flip]), flip))
    return out
