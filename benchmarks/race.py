"""The race on the paper's board: what a certified answer costs beside an exact one.

Run: ``python benchmarks/race.py`` (``--exact`` adds the exact game's value, about a minute).

Measured in this run, as ratios against the first line (the race of two
policies that ignore each other, exact from generating functions):

* ``length`` against ``length``, exact (generating functions);
* the same pair on the chain of both positions, certified to 30 digits;
* ``win`` against ``length``: the best answer found and certified, values to 30 digits;
* both ``win``: the game, both seats certified, the guarantee checked;
* with ``--exact``: the game's two values as exact fractions (p-adic lifting);
* the head-to-head table of the ten policies (certified to 6 digits).
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limits import build_chain  # noqa: E402
from limits.race.moves import seat_moves  # noqa: E402
from limits.race.policies import fixed_policy  # noqa: E402
from limits.race.product import LiveSolver, Objective, RacePair  # noqa: E402


def _time(fn, repeat: int = 1):
    best, value = math.inf, None
    for _ in range(repeat):
        t = time.perf_counter()
        value = fn()
        best = min(best, time.perf_counter() - t)
    return best, value


def _product_certified():
    moves = seat_moves(build_chain())
    length = fixed_policy("length", moves)
    pair = RacePair(moves, length, length, moves.entry)
    return LiveSolver(pair).certified(Objective(1), 1e-36)[pair.start_state]


def main() -> None:
    base, exact = _time(lambda: build_chain().race("length", "length"), 3)
    print(f"length vs length, exact (series)        {base:7.2f} s")
    t, enclosure = _time(_product_certified)
    assert enclosure.lower <= exact.first_wins <= enclosure.upper
    print(f"the same, certified on both positions   {t:7.2f} s   {t / base:6.1f}x")
    t, best = _time(lambda: build_chain().race("win", "length"))
    print(f"win vs length, certified                {t:7.2f} s   {t / base:6.1f}x   gain {best.first.versus_length.gain.shown(6)}")
    t, game = _time(lambda: build_chain().race("win", "win"))
    print(f"win vs win (the game), certified        {t:7.2f} s   {t / base:6.1f}x   value {game.first_wins.shown(12)}")
    if "--exact" in sys.argv:
        t, value = _time(lambda: build_chain().race("win", "win", exact=True))
        assert game.first_wins.lower <= value.first_wins <= game.first_wins.upper
        print(f"win vs win, exact fractions             {t:7.2f} s   {t / base:6.1f}x")
    t, _ = _time(lambda: build_chain().race_table(digits=6))
    print(f"the table, 10 x 10 policies             {t:7.2f} s   {t / base:6.1f}x")


if __name__ == "__main__":
    main()
