import math
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

import pytest

from limits import LimitsError, build_chain, weighted
from limits.limit.sweep import grid, sweep


def test_values_and_end_points():
    ps = grid(0, 1, 5)
    s = sweep(ps=ps)
    for d in range(1, 7):
        for p, v in zip(ps[1:-1], s.values[d][1:-1]):
            assert math.isclose(v, float(build_chain(die=weighted(d, p)).expected_duration()), rel_tol=1e-15)
    assert s.values[4][-1] == 31 and s.values[5][-1] == 16  # P(delta) = 1 exactly: deterministic
    assert s.values[6][-1] == math.inf and s.values[1][0] == math.inf


def test_process_pool_gives_the_same():
    ps = grid("0.1", "0.9", 3)
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert sweep(ps=ps, executor=pool) == sweep(ps=ps)


def test_dask_cluster_gives_the_same():
    from dask import distributed  # the dev extra installs it

    ps = grid("0.2", "0.8", 3)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as client:
        assert sweep(deltas=[4, 5], ps=ps, executor=client.get_executor()) == sweep(deltas=[4, 5], ps=ps)


def test_grid_errors():
    assert grid("0.5", "0.5", 1) == (Fraction(1, 2),)
    for args in (("0.9", "0.1", 3), (0, 1, 0), (0, 2, 3)):
        with pytest.raises(LimitsError):
            grid(*args)


def test_values_are_exact_and_floats_a_view():
    s = sweep(deltas=[3], ps=grid("0.5", "0.5", 1))
    (value,) = s.values[3]
    assert value == build_chain(die=weighted(3, "0.5")).expected_duration()
    assert s.floats()[3] == (float(value),)
    far = sweep(deltas=[3], ps=[1 - Fraction(1, 10**200)])  # sigma ~ 1e400: exact, but no float
    assert far.values[3][0] > 10**399
    from limits import ConvergenceError

    with pytest.raises(ConvergenceError):
        far.floats()


@pytest.mark.parametrize("kwargs", [dict(deltas=[]), dict(deltas=[7]), dict(deltas=[0]), dict(ps=[]),
                                    dict(workers=0), dict(workers=-1), dict(workers=1.5),
                                    dict(workers=2, executor=object())])
def test_sweeps_with_nothing_to_do_are_refused(kwargs):
    with pytest.raises(LimitsError):
        sweep(**{"ps": grid(0, 1, 3), **kwargs})


def test_sweep_limits():
    from limits import TooLargeError
    from limits.checks import MAX_POINTS, MAX_WORKERS

    with pytest.raises(TooLargeError, match="MAX_POINTS"):
        grid(0, 1, MAX_POINTS + 1)
    with pytest.raises(TooLargeError, match="MAX_WORKERS"):
        sweep(ps=grid(0, 1, 3), workers=MAX_WORKERS + 1)


def test_workers_give_the_same():
    ps = grid("0.1", "0.9", 3)
    assert sweep(deltas=[1, 2], ps=ps, workers=2) == sweep(deltas=[1, 2], ps=ps) == sweep(deltas=[1, 2], ps=ps,
                                                                                          workers=1)


@pytest.mark.parametrize("start", [100, 80, 99, 0])
def test_the_limit_from_the_goal_or_a_jump_into_it(start):
    # 'limits limit --delta 4 --start 100' raised ValueError: the zero function had no expansion
    from tests.loaded import explain_order, sigma_function

    f = sigma_function(delta=4, start=start)
    series = f.laurent(3)
    assert explain_order(delta=4, start=start).order == series.order
    if start in (100, 80):
        assert series.order == 0 and series.limit == 0
