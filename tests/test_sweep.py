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
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        assert sweep(deltas=[4, 5], ps=ps, executor=client.get_executor()) == sweep(deltas=[4, 5], ps=ps)


def test_grid_errors():
    assert grid("0.5", "0.5", 1) == (Fraction(1, 2),)
    for args in (("0.9", "0.1", 3), (0, 1, 0), (0, 2, 3)):
        with pytest.raises(LimitsError):
            grid(*args)
