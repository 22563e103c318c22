"""What every command shares on the way out: JSON with its schema tag, the record of its inputs, quantities, the
board from stdin, and the progress bar on the way (tqdm, with rate and ETA, on stderr, only on a terminal and never
with ``--quiet``).

A command hands its result to :func:`emit`, which asks it for the format
chosen: ``to_json``, ``text`` or ``latex`` (the result renders itself; every
number in it comes from :mod:`limits.markup`), and adds the schema tag and
the record of the inputs.

Every JSON document the command line prints holds ``"inputs"``: the command
and its command line, the board (its name, where it came from and a hash of
its jumps, so that a board read from a file or from standard input can be
told apart from another of the same name), the die, the rule, the start, the
strategy or policy, the coin, the seed, the games, the engine and the
version. A key that the command does not take is ``null``, so that every
record has the same keys. The text output starts with the same record in
one line (:func:`inputs_line`). The record is built from the parsed options
and the board the command read (:func:`board_of` keeps it on the options),
here, in one place, so that no command can leave an input out.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from .._identity import __version__
from ..errors import one_line
from ..exact.digits import ratio
from .options import PROG

__all__ = ["SCHEMA_VERSION", "emit", "board_of", "is_stdout", "checked_game", "inputs_of", "inputs_line", "INPUT_KEYS",
           "progress", "BAR_FORMAT"]

SCHEMA_VERSION = 1


def emit(args: argparse.Namespace, command: str, result: Any) -> str:
    """A result in the format asked for, at the command's digits, with the record of its inputs
    (:func:`inputs_of`): the result renders itself (``to_json``, ``text``, ``latex``), the shell only chooses.

    JSON carries ``"schema": "limits.<command>/<version>"`` first, then ``"inputs"``; text starts with the
    record in one line; LaTeX holds it as a comment after its first line.
    """
    fmt, digits, exact = getattr(args, "format", "text"), args.digits, args.exact_digits
    inputs = inputs_of(args, command, getattr(result, "engine", "exact"))
    if fmt == "json":
        tagged = {"schema": f"limits.{command}/{SCHEMA_VERSION}", "inputs": inputs, **result.to_json(digits, exact)}
        return json.dumps(tagged, indent=2, allow_nan=False)
    if fmt == "latex":
        first, _, rest = result.latex(digits, exact).partition("\n")  # the record as a comment, after \documentclass
        return f"{first}\n% {inputs_line(inputs)}\n{rest}"
    return f"{inputs_line(inputs)}\n{result.text(digits, exact)}"


def board_of(args: argparse.Namespace) -> Any:
    """The board of ``--board``: a built-in board, a board file (:func:`~limits.model.board_files.resolve_board`),
    or (``-``) a board read from standard input (JSON where it starts with ``{`` or ``[``, TOML otherwise).

    The board is kept on the options (``args.loaded_board``) for the record of the answer's inputs
    (:func:`inputs_of`).
    """
    from ..model.board_files import read_board, resolve_board

    stdin = getattr(sys.stdin, "buffer", sys.stdin)
    args.loaded_board = read_board(stdin, "standard input", "stdin") if args.board == "-" else resolve_board(args.board)
    return args.loaded_board


def is_stdout(path: str) -> bool:
    """Whether an output path is this process's standard output: ``-``, ``/dev/stdout``, or the file it goes to.

    Such an output is the command's answer, printed (:func:`limits.cli.main`), rather than a file written
    beside it.
    """
    if path == "-":
        return True
    try:
        return os.path.samestat(os.stat(path), os.fstat(sys.stdout.fileno()))
    except (OSError, ValueError, AttributeError):  # no such file, or no descriptor (a test's captured stdout)
        return False


def checked_game(args: argparse.Namespace, board: Any, die: Any, *costs: Callable[[Any], Any], **options: Any) -> Any:
    """The command's game, built once each of ``costs`` (:mod:`limits.cost`, of the board's and die's shape) is
    checked: building the chain of a million squares alone takes tens of seconds and gigabytes, so the work its
    question would be refused for is refused before it, as the question itself would refuse it."""
    from ..cost import shape_of
    from ..model.build import build_chain

    shape = shape_of(board, die)
    for cost in costs:
        cost(shape).check()
    return build_chain(board, die, args.rule, start=getattr(args, "start", 0), **options)


INPUT_KEYS = ("command", "command_line", "board", "board_source", "board_sha256", "size", "die", "family", "rule",
              "start", "strategy", "coin", "flip", "seed", "games", "engine", "version")
"""The keys of every ``inputs`` record, in order (the schema ``$defs/inputs`` requires each)."""


def _probability(text: Any) -> str | None:
    from ..model.die import as_probability

    return None if text is None else ratio(as_probability(text))


def _die(text: Any) -> list[str] | None:
    from ..model.die import parse_die

    return None if text is None else [ratio(p) for p in parse_die(text).probabilities]


def _family(args: argparse.Namespace) -> dict[str, Any] | None:
    """The family of dice of ``--delta``/``--at``/``--toward`` (None for a command without one)."""
    if not any(hasattr(args, name) for name in ("delta", "at")) or getattr(args, "die", None) is not None:
        return None
    at, toward = getattr(args, "at", None), getattr(args, "toward", None)
    if at is not None and toward is not None:
        return {"at": _die(at), "toward": _die(toward)}
    if getattr(args, "die_of_eps", None) is not None:
        return {"die_of_eps": args.die_of_eps}
    delta = getattr(args, "delta", None)
    if delta is None:
        return None
    return {"delta": delta, "p_to": getattr(args, "p_to", None), "faces": getattr(args, "faces", None)}


def _strategy(command: str, args: argparse.Namespace) -> str | None:
    """The coin strategy or policy the answer played (None where no coin is used)."""
    if command == "simulate":
        return str(args.strategy)
    if command == "strategies":
        return "each of -1..6"
    if command.startswith("optimal"):
        return "optimal, longest game" if args.maximise else "optimal, shortest game"
    if command == "race":
        if args.table:
            return f"each against each of {args.policies}"
        return f"first {args.first}, second {args.second}"
    return None


def _rule(text: Any) -> str | None:
    from ..model.rules import as_rule

    return None if text is None else as_rule(text).value


def inputs_of(args: argparse.Namespace, command: str, engine: str) -> dict[str, Any]:
    """The ``inputs`` record of a command's answer computed with the options ``args`` by ``engine``.

    Examples
    --------
    >>> from limits.cli import main
    >>> import contextlib, io, json
    >>> out = io.StringIO()
    >>> with contextlib.redirect_stdout(out):
    ...     code = main(["simulate", "--games", "100", "--seed", "1", "--strategy", "6", "--die", "fair:4",
    ...                  "--coin", "0.3", "--workers", "1", "--format", "json"])
    >>> record = json.loads(out.getvalue())["inputs"]
    >>> code, record["die"], record["coin"], record["strategy"], record["seed"], record["games"]
    (0, ['1/4', '1/4', '1/4', '1/4'], '3/10', '6', 1, 100)
    """
    board = getattr(args, "loaded_board", None)
    spec = getattr(args, "board", None)
    source = None if board is None else "stdin" if spec == "-" else "built-in" if spec == board.name else "file"
    argv = getattr(args, "argv", None)
    return {
        "command": command,
        "command_line": None if argv is None else shlex.join([PROG, *argv]),
        "board": None if board is None else board.name,
        "board_source": source,
        "board_sha256": None if board is None else board.sha256,
        "size": None if board is None else board.size,
        "die": _die(getattr(args, "die", None)),
        "family": _family(args),
        "rule": _rule(getattr(args, "rule", None)),
        "start": getattr(args, "start", None if board is None else 0),  # a command without --start starts on 0
        "strategy": _strategy(command, args),
        "coin": _probability(getattr(args, "coin", None)),
        "flip": _probability(getattr(args, "flip", None)),
        "seed": getattr(args, "seed", None),
        "games": getattr(args, "games", None),
        "engine": engine,
        "version": __version__,
    }


def inputs_line(record: dict[str, Any]) -> str:
    """The ``inputs`` record as the one header line of a text output (a LaTeX comment): a line break in a name
    is written ``\\n``, so that nothing of the record leaves its line.

    Examples
    --------
    >>> inputs_line({"command": "duration", "board": "standard", "board_source": "built-in",
    ...              "board_sha256": "a9220c01ab728b50", "die": ["1/2", "1/2"], "rule": "stay", "start": 0,
    ...              "engine": "exact", "version": "0.2.0"})
    'limits 0.2.0 duration: board standard (a9220c01ab728b50), die (1/2, 1/2), rule stay, start 0, engine exact'
    """
    parts = []
    if record.get("board") is not None:
        where = "" if record.get("board_source") in (None, "built-in") else f"from {record['board_source']}, "
        parts.append(f"board {record['board']} ({where}{record['board_sha256']})")
    if record.get("die") is not None:
        parts.append(f"die ({', '.join(record['die'])})")
    family = record.get("family")
    if family is not None:
        parts.append(f"die ({', '.join(family['at'])}) toward ({', '.join(family['toward'])})" if "at" in family
                     else f"die of eps ({family['die_of_eps']})" if "die_of_eps" in family
                     else f"loaded face {family['delta']} of {family['faces']}"
                     + ("" if family.get("p_to") is None else f", p -> {family['p_to']}"))
    for key in ("rule", "start", "strategy", "coin", "flip", "seed", "games", "engine"):
        if record.get(key) is not None:
            parts.append(f"{key} {record[key]}")
    line = f"{PROG} {record['version']} {record['command']}: " + ", ".join(parts)
    return one_line(line)


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
