"""Shared by every test, doctest and docs page: one BLAS thread, and pyplot figures close after each one.

The suite's numpy work is many small solves: OpenBLAS's extra threads wait
by spinning, and on a shared machine they spend more CPU time than they save
(the band preconditioner's test in tests/test_cost.py took 17 s of CPU time
with two threads, under 1 s with one). Set before numpy is first imported;
a value given in the environment is kept.

Plot functions draw on pyplot's current figure when no Axes is given (so a
notebook shows them); closing after each test keeps one example's drawing
out of the next.
"""

import os
import sys

import pytest

for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")


@pytest.fixture(autouse=True)
def _close_pyplot_figures():
    yield
    if "matplotlib.pyplot" in sys.modules:
        sys.modules["matplotlib.pyplot"].close("all")
