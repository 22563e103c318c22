"""The files a command writes: the explorer page (``limits explore -o page.html``) and the paper end to end
(``limits reproduce -o folder``).

One self-contained HTML file (script, style, data and pictures inside; no
request when it is opened) where p slides and every view follows: sigma for
each loaded face with its certified digits, the Laurent expansion as
mathematics and how close it is, the board with the walk at the limit and the
expected visits, the variance and the law of the game length. ``--at DIE
--toward DIE`` adds that family beside the loaded faces; ``--coin`` adds
each one's map of the optimal coin policy (the page shows the policy and sigma
with it at the slider's value); ``--delta``, ``--p-to`` and ``--p`` choose the
view the page opens on (a family's own, so ``--delta`` and ``--p-to`` are
refused beside one, as for every command that takes a family).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..checks import MAX_FACES, MAX_GAMES, MAX_SEED
from ..errors import LimitsError
from .families import AT_TOWARD_HELP, check_family
from .options import add_command, integer_arg, probability_text
from .output import progress

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add ``explore`` and ``reproduce`` to the subparsers ``sub``."""
    ex = add_command(sub, "explore", "one self-contained HTML page where p slides and the game changes",
                     ["explore -o page.html", "explore -o page.html --delta 5 --p 0.999",
                      "explore -o page.html --board althoen --coin",
                      "explore --board althoen --rule bounce -o page.html",
                      "explore -o page.html --at 0,1/2,0,0,1/2,0 --toward 1/4,0,1/4,1/4,0,1/4"])
    ex.add_argument("-o", "--output", required=True,
                    help="the HTML file to write (replaced whole; a device or FIFO is written in place, - is stdout)")
    ex.add_argument("--board", default="standard",
                    help="standard, althoen, empty, a .toml/.json file, or - to read one from stdin (default: standard)")
    ex.add_argument("--rule", default="stay", help="stay (default, the paper's), bounce or pass")
    ex.add_argument("--faces", type=integer_arg(2, MAX_FACES, "--faces"), default=None,
                    help="faces of the loaded die (default 6; with --at, the dice's)")
    ex.add_argument("--start", type=integer_arg(), default=0, help="start square (default 0)")
    ex.add_argument("--delta", type=integer_arg(), default=None,
                    help="the loaded face the page opens on (not with --at)")
    ex.add_argument("--p-to", type=integer_arg(0, 1, "--p-to"), default=None, metavar="0|1",
                    help="the end the page opens on: P(delta) -> 1 (default) or -> 0 (not with --at)")
    ex.add_argument("--p", type=probability_text, default=None,
                    help="the value the page opens on (exact, e.g. 0.99 or 1-1e-20; default 0.99)")
    ex.add_argument("--at", metavar="DIE", help="with --toward, a family beside the loaded faces: " + AT_TOWARD_HELP)
    ex.add_argument("--toward", metavar="DIE", help="with --at: the direction TOWARD")
    ex.add_argument("--coin", action="store_true",
                    help="add each face's map of the optimal coin policy over p: the page shows the optimal policy "
                         "and sigma with it at the slider's p (seconds to tens of seconds a face on the paper's board)")
    ex.set_defaults(run=_explore)

    rp = add_command(sub, "reproduce", "every table and figure of the paper, and ours, into a folder",
                     ["reproduce -o out", "reproduce -o out --games 1e4 --seed 7"])
    rp.add_argument("-o", "--output", required=True, help="folder to write into (created if needed)")
    rp.add_argument("--games", type=integer_arg(1, MAX_GAMES, "--games", "1e12"), default=1_000_000,
                    help="simulated games (default 1e6)")
    rp.add_argument("--seed", type=integer_arg(0, MAX_SEED, "--seed", "2**128-1"), default=2026,
                    help="seed of the simulations (default 2026)")
    rp.set_defaults(run=_reproduce)



def _check_die(board: Any, at: Any) -> None:
    """The explorer's limit of a family: exact solves whose numbers grow with the bits of the die at eps = 0."""
    from dataclasses import replace

    from ..cost import limit, shape_of
    from ..explore.views import SIGMA_TERMS

    shape = shape_of(board, at)
    cost = limit(board.size - len(board.jumps), shape.faces, SIGMA_TERMS, shape.bits)
    replace(cost, what=f"the explorer's limit of a family whose die at eps = 0 has a {shape.bits}-bit denominator, "
                       f"on {board.size - len(board.jumps)} squares",
            instead="ask for a die at eps = 0 with shorter denominators").check()


def _explore(args: argparse.Namespace) -> str:
    from ..explore.data import explorer_data
    from ..explore.fragment import parse_value, view_fragment
    from ..explore.page import explorer_html
    from ..limit.perturbed_chain import Perturbation
    from ..model.die import parse_die
    from ..paper.files import write_atomic
    from .output import board_of, is_stdout

    check_family(args, optional=True)
    out = Path(args.output)
    if not is_stdout(args.output) and out.is_dir():
        raise LimitsError(f"{args.output!r} is a folder: give the HTML file to write")
    board = board_of(args)
    family = None
    if args.at is not None:
        family = Perturbation.between(parse_die(args.at), parse_die(args.toward), board, rule=args.rule,
                                      start=args.start)
        _check_die(board, family.at)
    faces = family.faces if family is not None else args.faces
    value = parse_value(args.p) if args.p is not None else None
    data = explorer_data(board, rule=args.rule, faces=faces, start=args.start, family=family, delta=args.delta,
                         p_to=args.p_to if family is None else 1, value=value, coin=args.coin)
    # a family brings its own board, rule, faces and start (and the view the page opens on)
    if is_stdout(args.output):
        return explorer_html(data)
    page = explorer_html(data).encode("utf-8")
    try:
        write_atomic(out, page)
    except OSError as exc:
        raise LimitsError(f"cannot write {args.output!r}: {exc.strerror}") from None
    first, x = data["initial"]["family"], data["initial"]["value"]
    view = view_fragment(family=True, eps=x) if first == "family" else view_fragment(
        delta=int(first[1:]), to=None if data["initial"]["to"] == 1 else 0, p=x)
    shown = "faces 1.." + str(faces) + (" and the family AT -> TOWARD" if family is not None else "")
    return (f"wrote {out} ({len(page) // 1024} KiB): the explorer of board {board.name}, rule {data['rule']}, "
            f"loaded {shown}\nopen {out}#{view}")


def _reproduce(args: argparse.Namespace) -> str:
    """Check the folder, compute, write the report's files, then the PDF where it can be made.

    A PDF that cannot be made (no pdflatex, or not the LaTeX files it needs)
    is a note, on stderr and in the summary, and the exit status stays 0: the
    report itself (HTML, Markdown, JSON, figures) is on disk.
    """
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
