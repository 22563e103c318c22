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
    """Check the folder, compute, write the report's files, then the PDF where it can be made.

    A PDF that cannot be made (no pdflatex, or not the LaTeX files it needs)
    is a note, on stderr and in the summary, and the exit status stays 0: the
    report itself (HTML, Markdown, JSON, figures) is on disk.
    """
    import sys
    from pathlib import Path

    if not args.output.strip():
        raise LimitsError("-o/--output needs a folder to write into, not an empty name")
    if args.output == "-":
        raise LimitsError("reproduce writes a folder of files: -o/--output takes a folder, not - (standard output)")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise LimitsError("reproduce draws figures: install the 'plot' extra (matplotlib)") from None
    from ..paper.reproduce import reproduce

    out = Path(args.output)
    if out.exists() and not out.is_dir():
        raise LimitsError(f"{args.output!r} exists and is not a folder")
    notes: list[str] = []

    def note(line: str) -> None:
        notes.append(line)
        if not getattr(args, "quiet", False):
            print(f"limits: note: {line}", file=sys.stderr)

    with progress(args, 1, "section") as bar:
        def show(i: int, total: int, name: str) -> None:
            if bar is not None:
                bar(i + 1, total)

        try:
            files = reproduce(out, games=args.games, seed=args.seed, progress=show, note=note)
        except OSError as exc:
            raise LimitsError(f"cannot write into {args.output!r}: {exc.strerror or exc}") from None
    figures = sum(1 for f in files if f.suffix == ".svg")
    tex = sum(1 for f in files if f.suffix == ".tex")
    reports = ", ".join(f.name for f in files if f.parent == out)
    return "\n".join([f"wrote {len(files)} files into {out}: {reports}, {figures} figures, {tex} LaTeX derivations",
                      *notes, f"open {out / 'report.html'}"])
