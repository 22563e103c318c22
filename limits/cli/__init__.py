"""The ``limits`` command line: a thin shell over the library.

Every command prints text, JSON or LaTeX on stdout. Exit status: 0 for an
answer (an infinite expected length is an answer), 2 for bad input (one
line on stderr, never a traceback), 1 for an internal failure (one line and
a hint; the traceback with ``--debug`` or ``LIMITS_DEBUG=1``), 130 when
interrupted (SIGINT or SIGTERM). Each module of this package registers its
commands; this one adds those about the command line itself (``schema``, ``completion``).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from importlib.resources import files
from typing import Any, Sequence

from .._identity import __version__
from ..errors import LimitsError
from . import coin, explore, game, limit, survey
from .interrupts import Terminated, said_interrupted, signalled, signals_interrupt
from .options import PROG, Parser, UsageError, add_command

__all__ = ["main", "schema", "COMMANDS", "EXIT_ANSWER", "EXIT_FAILURE", "EXIT_USAGE", "EXIT_INTERRUPTED"]

EXIT_ANSWER, EXIT_FAILURE, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


@functools.cache
def _parser() -> Parser:
    """The whole parser, built once a process: parsing leaves it as it was, and a notebook or a test that calls
    :func:`main` many times would otherwise rebuild its hundreds of options (7 ms) each time."""
    parser = Parser(prog=PROG, description="Chutes & Ladders as an exact Markov chain.",
                    epilog="exit status: 0 an answer, 1 internal failure, 2 bad input, 130 interrupted\n"
                           f"examples:\n  {PROG} duration\n  {PROG} limit --delta 5\n  {PROG} COMMAND --help")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar and no notes on stderr")
    parser.add_argument("--debug", action="store_true", help="show the traceback of an internal failure")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for module in (game, limit, coin, survey, explore):
        module.register(sub)
    _register_meta(sub)
    parser.set_defaults(root_parser=parser)  # for the completion script, which reads the whole parser
    return parser


def _say(message: str) -> None:
    print(f"{PROG}: {message}", file=sys.stderr)


def os_error_text(exc: OSError) -> str:
    """An OSError in one line: what failed and on which file (a long name cut short).

    Examples
    --------
    >>> text = os_error_text(OSError(36, "File name too long", "a" * 300))
    >>> len(text) < 120, text.endswith("...aaaaaaaaaaaa': File name too long")
    (True, True)
    >>> os_error_text(OSError(28, "No space left on device"))
    'No space left on device'
    """
    what = exc.strerror or " ".join(str(exc).split()) or type(exc).__name__
    if exc.filename is None:
        return what
    name = os.fsdecode(exc.filename) if isinstance(exc.filename, (str, bytes, os.PathLike)) else str(exc.filename)
    shown = name if len(name) <= 80 else f"{name[:60]}...{name[-12:]}"
    return f"cannot use {shown!r}: {what}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    Examples
    --------
    >>> main(["duration", "--board", "nowhere"])
    2
    """
    parser = _parser()
    debug = bool(os.environ.get("LIMITS_DEBUG"))
    try:
        with signals_interrupt(watchdog=argv is None):
            args = parser.parse_args(argv)
            args.argv = list(sys.argv[1:] if argv is None else argv)  # for the record of the inputs
            debug = debug or args.debug
            if args.command is None:
                raise UsageError(f"a command is needed (usage: {PROG} [-q] [--debug] COMMAND [options]; "
                                 f"{PROG} --help lists the commands)")
            out = args.run(args)
    except (UsageError, LimitsError) as exc:
        _say(f"error: {' '.join(str(exc).split())}")
        return EXIT_USAGE
    except OSError as exc:  # a file or folder that cannot be read or written: the input's fault, not ours
        _say(f"error: {os_error_text(exc)}")
        return EXIT_USAGE
    except (KeyboardInterrupt, Terminated):
        return _interrupted(argv)
    except MemoryError:
        _say("error: out of memory (try a smaller input)")
        return EXIT_FAILURE
    except Exception as exc:  # the shell's last line of defence: an internal failure is one line, not a traceback
        if signalled.is_set() and not debug:  # a library that turned the interrupt into its own error as it unwound
            return _interrupted(argv)
        if debug:
            raise
        _say(f"internal error: {type(exc).__name__}: {' '.join(str(exc).split())[:300]}")
        _say("this is a bug; rerun with --debug (or LIMITS_DEBUG=1) for the traceback and report it")
        return EXIT_FAILURE
    try:
        print(out)
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. `limits duration | head -1`
        _silence_stdout()
    except OSError as exc:  # e.g. `limits duration > /dev/full`
        _silence_stdout()
        _say(f"error: cannot write the output: {os_error_text(exc)}")
        return EXIT_USAGE
    return EXIT_ANSWER


def _interrupted(argv: Sequence[str] | None) -> int:
    """Stop the workers of the command line's own process, say "interrupted" once, and return 130."""
    if argv is None:  # the command line's own process: no worker outlives it
        from .interrupts import stop_children

        stop_children()
    said_interrupted.set()
    _say("interrupted")
    return EXIT_INTERRUPTED


def _silence_stdout() -> None:
    """Point standard output at the null device, so that Python's last flush at exit has nowhere to fail."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # no file descriptor (a test's captured stdout)
        pass


COMMANDS = ("duration", "limit", "sigma", "sweep", "optimum", "classify", "derive", "strategies", "optimal",
            "optimal_limit", "optimal_map", "simulate", "players", "race", "stats", "survey", "reproduce")
"""The commands with JSON output, each with a schema ``limits/schemas/<command>.json`` (for ``reproduce``, the
``results.json`` it writes beside the report; ``optimal_limit`` and ``optimal_map``, ``optimal`` with a family,
or over p or the coin)."""


def _register_meta(sub: Any) -> None:
    """Add ``schema`` and ``completion`` (about the command line itself) to the subparsers ``sub``."""
    sc = add_command(sub, "schema", "the JSON Schema of a command's JSON output",
                     ["schema duration", "schema sigma > sigma.schema.json"])
    sc.add_argument("name", choices=COMMANDS, metavar="COMMAND", help=", ".join(COMMANDS))
    sc.set_defaults(run=lambda args: json.dumps(schema(args.name), indent=2))

    co = add_command(sub, "completion", "a shell completion script for bash or zsh",
                     ["completion bash > ~/.local/share/bash-completion/completions/limits",
                      "completion zsh > ~/.zfunc/_limits"])
    co.add_argument("shell", choices=("bash", "zsh"), help="bash or zsh")
    co.set_defaults(run=_completion)


def schema(command: str) -> dict[str, Any]:
    """The JSON Schema of ``command``'s JSON output, with the shared quantity definitions bundled in.

    Examples
    --------
    >>> schema("duration")["properties"]["schema"]["const"]
    'limits.duration/1'
    """
    if command not in COMMANDS:
        raise LimitsError(f"no schema for {command!r} (one of {', '.join(COMMANDS)})")
    folder = files("limits").joinpath("schemas")
    out = json.loads(folder.joinpath(f"{command}.json").read_text(encoding="utf-8"))
    shared = json.loads(folder.joinpath("quantities.json").read_text(encoding="utf-8"))
    out["$defs"] = {**shared["$defs"], **out.get("$defs", {})}
    return out


def _completion(args: argparse.Namespace) -> str:
    try:
        import shtab
    except ImportError:
        raise LimitsError("shell completion needs shtab: pip install shtab") from None
    return shtab.complete(args.root_parser, shell=args.shell, root_prefix=PROG).rstrip("\n")
