"""Progress on long work: a tqdm bar with rate and ETA, on stderr, only on a terminal and never with ``--quiet``."""

from __future__ import annotations

import argparse
import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterator

__all__ = ["progress", "BAR_FORMAT"]

BAR_FORMAT = "{l_bar}{bar}| {n_fmt}/{total_fmt}{unit} [{elapsed}<{remaining}, {rate_fmt}]"
"""tqdm's bar with whole counts ("9/300 boards", never "9.00/300"); the unit, plural, follows the total."""


def _wanted(args: argparse.Namespace) -> bool:
    return not getattr(args, "quiet", False) and sys.stderr.isatty()


@contextmanager
def progress(args: argparse.Namespace, total: int, unit: str) -> Iterator[Callable[..., None] | None]:
    """A callback ``update(done, total=None, *_)`` that moves a bar to ``done``, or None when no bar is drawn.

    The bar is closed (and the line finished) however the work ends.
    """
    if not _wanted(args):
        yield None
        return
    from tqdm import tqdm

    bar = tqdm(total=total, unit=f" {unit}s", file=sys.stderr, dynamic_ncols=True, leave=False, bar_format=BAR_FORMAT)

    def update(done: int, *rest: Any) -> None:
        if rest and isinstance(rest[0], int) and rest[0] != bar.total:
            bar.total = rest[0]
        bar.update(done - bar.n)

    try:
        yield update
    finally:
        bar.close()
