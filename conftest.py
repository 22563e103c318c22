"""Shared by every test, doctest and docs page: pyplot figures close after each one.

Plot functions draw on pyplot's current figure when no Axes is given (so a
notebook shows them); closing after each test keeps one example's drawing
out of the next.
"""

import sys

import pytest


@pytest.fixture(autouse=True)
def _close_pyplot_figures():
    yield
    if "matplotlib.pyplot" in sys.modules:
        sys.modules["matplotlib.pyplot"].close("all")
