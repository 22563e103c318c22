"""The paper end to end: ``limits reproduce``."""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import LimitsError
from .options import MAX_GAMES, MAX_SEED, add_command, integer_arg
from .progress import progress


def register(sub: Any) -> None:
    """Add the commands of this module to the subparsers ``sub``."""
    rp = add_command(sub, "reproduce", "every table and figure of the paper, and ours, into a folder",
                     ["reproduce -o out", "reproduce -o out --games 1e4 --seed 7"])
    rp.add_argument("-o", "--output", required=True, help="folder to write into (created if needed)")
    rp.add_argument("--games", type=integer_arg(1, MAX_GAMES, "--games", "1e12"), default=1_000_000,
                    help="simulated games (default 1e6)")
    rp.add_argument("--seed", type=integer_arg(0, MAX_SEED, "--seed", "2**128-1"), default=2026,
                    help="seed of the simulations (default 2026)")
    rp.set_defaults(run=_reproduce)


def _reproduce(args: argparse.Namespace) -> str:
    from pathlib import Path

    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise LimitsError("reproduce draws figures: install the 'plot' extra (matplotlib)") from None
    from ..paper.reproduce import reproduce

    out = Path(args.output)
    if out.exists() and not out.is_dir():
        raise LimitsError(f"{args.output!r} exists and is not a folder")
    with progress(args, 1, "section") as bar:
        def show(i: int, total: int, name: str) -> None:
            if bar is not None:
                bar(i + 1, total)

        try:
            files = reproduce(out, games=args.games, seed=args.seed, progress=show)
        except OSError as exc:
            raise LimitsError(f"cannot write into {args.output!r}: {exc.strerror}") from None
    figures = sum(1 for f in files if f.suffix == ".svg")
    tex = sum(1 for f in files if f.suffix == ".tex")
    reports = ", ".join(f.name for f in files if f.parent == out)
    return (f"wrote {len(files)} files into {out}: {reports}, {figures} figures, "
            f"{tex} LaTeX derivations\nopen {out / 'report.html'}")
