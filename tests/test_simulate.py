import math
from fractions import Fraction

import mpmath
import pytest

from limits import LimitsError, build_chain, fair, standard, weighted
from limits.coin.simulate import simulate
from limits.coin.strategies import all_strategies
from limits.game.distribution import pmf
from limits.game.duration import moments


def _within(sim, chain, level_z=3.29):
    m = moments(chain)
    half = level_z * math.sqrt(float(m.variance) / sim.finished)
    return abs(sim.mean - float(m.mean)) < half


def test_every_strategy_mean_within_a_999_interval():
    b = standard()
    for i, strat in enumerate(all_strategies(b)):
        sim = build_chain(b, fair(), policy=strat).simulate(40_000, seed=100 + i)
        assert sim.unfinished == 0
        assert _within(sim, build_chain(b, fair(), policy=strat)), strat.id


def test_weighted_dice():
    for delta, p in ((4, "0.9"), (6, "0.6"), (2, "0.3")):
        die = weighted(delta, p)
        sim = build_chain(die=die).simulate(60_000, seed=delta)
        assert _within(sim, build_chain(die=die))


def test_pmf_by_chi_square():
    chain = build_chain()
    sim = build_chain().simulate(200_000, seed=11)
    probs = pmf(chain, 150)
    expected = [float(q) * sim.finished for q in probs]
    observed = [int(c) for c in sim.counts[:151]] + [0] * max(0, 151 - len(sim.counts))
    # pool the cells with fewer than 20 expected games, and the tail
    cells, exp, obs = [], 0.0, 0
    for e, o in zip(expected, observed):
        exp, obs = exp + e, obs + o
        if exp >= 20:
            cells.append((exp, obs))
            exp, obs = 0.0, 0
    tail_obs = sim.finished - sum(o for _, o in cells)
    tail_exp = sim.finished - sum(e for e, _ in cells)
    cells.append((tail_exp, tail_obs))
    stat = sum((o - e) ** 2 / e for e, o in cells)
    dof = len(cells) - 1
    p_value = float(mpmath.gammainc(dof / 2, stat / 2, mpmath.inf, regularized=True))
    assert p_value > 0.001


def test_seeded_runs_repeat_and_chunks_do_not_matter():
    a = build_chain().simulate(50_000, seed=7, chunk=10_000)
    b = build_chain().simulate(50_000, seed=7, chunk=10_000, workers=1)
    assert (a.counts == b.counts).all()


def test_unfinished_games_are_reported():
    sim = build_chain(die=weighted(3, 1)).simulate(100, seed=1, max_turns=500)
    assert sim.unfinished == 100 and sim.finished == 0


def test_progress_and_errors():
    seen = []
    build_chain().simulate(30_000, seed=1, chunk=10_000, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(10_000, 30_000), (20_000, 30_000), (30_000, 30_000)]
    with pytest.raises(LimitsError):
        build_chain().simulate(0)
    with pytest.raises(LimitsError):
        build_chain().simulate(engine="gpu")
    with pytest.raises(LimitsError):
        build_chain(start=101).simulate()


def test_no_game_finishing_is_a_clear_result():
    # 'limits simulate --games 100 --seed 1 --max-turns 5' divided by zero finished games
    sim = build_chain().simulate(100, seed=1, max_turns=5)
    assert (sim.games, sim.finished, sim.unfinished) == (100, 0, 100)
    assert sim.mean is None and sim.variance is None and sim.ci() is None and sim.mean_float is None


def test_statistics_are_exact():
    from fractions import Fraction
    from statistics import mean, variance

    sim = build_chain().simulate(3000, seed=3, engine="numpy")
    turns = [t for t, c in enumerate(sim.counts.tolist()) for _ in range(c)]
    assert sim.mean == mean(Fraction(t) for t in turns) and isinstance(sim.mean, Fraction)
    assert sim.variance == variance([Fraction(t) for t in turns])
    assert sim.mean_float == float(sim.mean)
    one = build_chain().simulate(1, seed=3)
    assert one.variance is None and one.mean == one.counts.nonzero()[0][0]


@pytest.mark.parametrize("seed", [-1, True, 1.5, "7", [1]])
def test_bad_seeds_are_input_errors(seed):
    with pytest.raises(LimitsError):
        build_chain().simulate(10, seed=seed)


def test_limits_on_the_work():
    from limits import TooLargeError
    from limits.checks import MAX_GAME_TURNS, MAX_GAMES

    for kwargs, limit in ((dict(games=MAX_GAMES + 1), "MAX_GAMES"), (dict(games=10**400), "MAX_GAMES"),
                          (dict(max_turns=MAX_GAME_TURNS + 1), "MAX_GAME_TURNS"), (dict(chunk=10**9), "MAX_CHUNK"),
                          (dict(workers=10**6), "MAX_WORKERS")):
        with pytest.raises(TooLargeError, match=limit):  # the error names the limit
            build_chain().simulate(**kwargs)
    for kwargs in (dict(games=0), dict(games=1.5), dict(max_turns=0), dict(workers=0)):
        with pytest.raises(LimitsError):
            build_chain().simulate(**{"games": 10, **kwargs})
    with pytest.raises(LimitsError):  # a policy that gives no chance: refused as the game is made
        build_chain(policy=lambda s, x: "maybe")


def test_a_hundred_billion_games_stop_promptly_when_asked():
    import time

    began = time.perf_counter()
    asked = []

    def should_stop():
        asked.append(time.perf_counter())
        return asked[-1] - began > 0.5

    sim = build_chain().simulate(10**11, seed=2, chunk=1 << 16, should_stop=should_stop)
    assert sim.stopped and sim.requested == 10**11 and 0 < sim.games < 10**11
    assert time.perf_counter() - began < 5
    assert sim.finished + sim.unfinished == sim.games and sim.mean > 30


def test_a_stop_inside_a_long_chunk_is_prompt():
    import time

    # a trapped die: every game runs to max_turns, so one chunk would take minutes
    began = time.perf_counter()
    sim = build_chain(die=weighted(3, 1)).simulate(1 << 16, chunk=1 << 16, max_turns=MAX_TURNS_FOR_TEST, seed=1,
                                                   should_stop=lambda: time.perf_counter() - began > 0.3,
                                                   engine="numpy")
    assert sim.stopped and time.perf_counter() - began < 5


MAX_TURNS_FOR_TEST = 10**7


def test_alias_tables_hold_the_exact_probabilities():

    from limits import Board, Die
    from limits.coin.sampling import outcome_tables
    from limits.coin.strategies import strategy

    board = Board(20, {3: 17, 15: 2, 9: 12})
    die = Die(["1/7", "2/7", "1/7", "3/7"])
    for rule in ("stay", "bounce", "pass"):
        policy = strategy(-1, board, flip="1/3")
        chain = build_chain(board, die, policy=policy, coin="2/5", rule=rule)
        states, accept, primary, alias = outcome_tables(chain)
        index = {s: i for i, s in enumerate(states)} | {board.size: len(states)}
        m = accept.shape[1]
        for s in states:
            i = index[s]
            got: dict[int, float] = {}
            for c in range(m):
                got[int(primary[i, c])] = got.get(int(primary[i, c]), 0.0) + accept[i, c] / m
                got[int(alias[i, c])] = got.get(int(alias[i, c]), 0.0) + (1 - accept[i, c]) / m
            for t, p in chain.row(s).items():
                assert abs(got.get(index[t], 0.0) - float(p)) < 1e-15


def test_games_that_start_on_the_goal_last_no_turn():
    sim = build_chain(start=100).simulate(50, seed=0)
    assert sim.games == sim.finished == 50 and sim.unfinished == 0
    assert sim.counts[0] == 50 and sim.mean == 0


def test_the_interval_and_the_histogram_from_the_counts():
    from statistics import NormalDist

    sim = build_chain().simulate(2000, seed=0, engine="numpy")
    low, high = sim.ci(0.9)
    half = NormalDist().inv_cdf(0.95) * math.sqrt(sim.variance / sim.finished)
    assert math.isclose(low, float(sim.mean) - half) and math.isclose(high, float(sim.mean) + half)
    counts, edges = sim.histogram(10)
    assert counts.sum() == sim.finished and len(edges) == 11
    assert counts[0] == sim.counts[: math.ceil(edges[1])].sum()


def test_seed_zero_and_the_counts_named_in_errors():
    assert build_chain().simulate(10, seed=0, engine="numpy").counts.sum() == 10
    with pytest.raises(LimitsError, match="^workers must be a whole number in 1..64, not 0$"):
        build_chain().simulate(10, workers=0)
    with pytest.raises(LimitsError, match="seed must be a whole number >= 0"):
        build_chain().simulate(10, seed=-1)


def test_counts_are_read_as_the_command_line_reads_them():
    """A whole float (1e5, as --games 1e5) is a count, 1.5 is refused in one line; the results hold ints."""
    chain = build_chain()
    assert chain.simulate(1e3, seed=1.0, max_turns=1e3, engine="numpy").games == 1000
    assert chain.players(2.0).players == 2 and len(chain.survival(8.0)) == 9
    for call in (lambda: chain.simulate(1.5), lambda: chain.players(2.5), lambda: chain.pmf(float("inf"))):
        with pytest.raises(LimitsError, match=r"^[^\n]+must be a whole number[^\n]+, not (1\.5|2\.5|inf)$"):
            call()


def test_a_chunk_stopped_before_its_first_turn_plays_no_game():
    import numpy as np

    from limits.coin.sampling import _numpy_chunk, integer_tables

    tables = (*integer_tables(np.ones((2, 1)), np.array([[1], [1]]), np.array([[1], [1]])), 1)
    keys = np.zeros(2, dtype=np.uint64)
    counts, unfinished, played = _numpy_chunk(keys, 0, 5, 0, *tables, 1, 10, np.ones(1, dtype=np.uint8))
    assert (counts.sum(), unfinished, played) == (0, 0, 0)
    counts, unfinished, played = _numpy_chunk(keys, 0, 5, 0, *tables, 1, 10, np.zeros(1, dtype=np.uint8))
    assert (counts.tolist(), unfinished, played) == ([0, 5], 0, 5)


def test_documented_defaults():
    import inspect

    params = inspect.signature(simulate).parameters
    assert (params["games"].default, params["max_turns"].default, params["workers"].default) == (100_000,
                                                                                                 100_000, 2)


def test_the_alias_tables_hold_each_squares_moves():
    # every row of the tables, read back as a distribution, is the row of the exact chain of the same policy
    # (a policy that looks at where the turn started, too)
    import numpy as np

    from limits import Board
    from limits.coin.sampling import outcome_tables
    from limits.coin.strategies import from_callable

    board, die = Board(9, {3: 7, 8: 2}), fair(3)
    policy = from_callable(lambda start, x: Fraction(1, 3) if start in (0, 4) and x != 7 else 0)
    chain = build_chain(board, die, policy=policy)
    states, accept, primary, alias = outcome_tables(chain)
    goal = len(states)
    assert accept.shape == primary.shape == alias.shape == (goal + 1, accept.shape[1])
    for i, row in enumerate(accept):
        m = len(row)
        got = np.zeros(goal + 1)
        np.add.at(got, primary[i], row / m)
        np.add.at(got, alias[i], (1 - row) / m)
        want = np.zeros(goal + 1)
        if i == goal:
            want[goal] = 1
        else:
            for target, p in chain.rows[i]:
                want[goal if target == board.size else states.index(target)] += float(p)
        assert np.allclose(got, want, atol=1e-15), i


def test_the_clock_of_a_simulation():
    sim = build_chain().simulate(100, seed=0, engine="numpy")
    assert 0 <= sim.seconds < 600 and sim.games_per_second > 0


def test_jupyter_shows_the_games_and_the_sample_to_its_known_digits():
    from limits import Board
    from limits.markup.jupyter import DIGITS
    from limits.markup.quantities import sample_summary

    sim = build_chain(Board(10), fair()).simulate(200, seed=3)
    s = sample_summary(sim.counts, DIGITS)
    rows = [("games", "200"), ("unfinished", "0"), ("engine", sim.engine), ("mean turns", s["mean"]["decimal"]),
            ("95% interval", f"[{s['ci95']['lower']}, {s['ci95']['upper']}]"),
            ("standard deviation", s["std"]["decimal"])]
    table = "".join(f"<tr><th>{label}</th><td>{text}</td></tr>" for label, text in rows)
    assert sim._repr_html_() == f'<div class="limits-summary"><p><strong>A simulation</strong></p><table>{table}</table></div>'
    assert s["mean"]["decimal"] and s["std"]["decimal"]  # a sample of 200 games states both
    none_finished = build_chain(Board(30), fair()).simulate(50, seed=3, max_turns=1)._repr_html_()
    assert "<th>unfinished</th><td>50</td>" in none_finished and "mean turns" not in none_finished
    stopped = build_chain(Board(10), fair()).simulate(200, seed=3, should_stop=lambda: True)
    assert "<td>200 (stopped early)</td>" in stopped._repr_html_()


def test_the_engine_is_numpy_by_either_name():
    game = build_chain()
    assert game.simulate(10, seed=1).engine == game.simulate(10, seed=1, engine="numpy").engine == "numpy"
    assert game.simulate(10, seed=1, engine="numpy").counts.tolist() == game.simulate(10, seed=1).counts.tolist()
    with pytest.raises(LimitsError):  # the compiled engine is gone
        game.simulate(10, engine="numba")


def test_simulate_checks_its_counts_by_name_and_keeps_its_documented_default():
    import inspect

    with pytest.raises(LimitsError, match="max_turns must be a whole number"):
        build_chain().simulate(max_turns=0)
    assert inspect.signature(simulate).parameters["max_turns"].default == 100_000


@pytest.mark.slow(reason="plays 100,001 turns one at a time (5 s); the default's value and a cap of 5 turns are "
                        "checked in the default pass")
def test_the_default_max_turns_stops_a_game_of_100_001_turns():
    from limits import Board

    # the die always rolls 1: the game on 100,001 squares takes exactly 100,001 turns, one past the default
    s = build_chain(Board(100_001), weighted(1, 1)).simulate(1, seed=0, engine="numpy")
    assert (s.unfinished, s.finished) == (1, 0)
