"""The ``limits`` command line: a thin shell over the library.

Every command prints text, JSON or LaTeX on stdout. Exit status: 0 for an
answer (an infinite expected length is an answer), 2 for bad input (one
line on stderr, never a traceback), 1 for an internal failure (one line and
a hint; the traceback with ``--debug`` or ``LIMITS_DEBUG=1``), 130 when
interrupted (SIGINT or SIGTERM). Each module of this package registers its
commands.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from contextlib import contextmanager
from typing import Iterator, Sequence

from .._identity import __version__
from ..errors import LimitsError
from . import coin, game, loaded, meta, players, report, stats, walk
from .options import PROG, Parser, UsageError

__all__ = ["main", "EXIT_ANSWER", "EXIT_FAILURE", "EXIT_USAGE", "EXIT_INTERRUPTED"]

EXIT_ANSWER, EXIT_FAILURE, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def _parser() -> Parser:
    parser = Parser(prog=PROG, description="Chutes & Ladders as an exact Markov chain.",
                    epilog="exit status: 0 an answer, 1 internal failure, 2 bad input, 130 interrupted\n"
                           f"examples:\n  {PROG} duration\n  {PROG} limit --delta 5\n  {PROG} COMMAND --help")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar and no notes on stderr")
    parser.add_argument("--debug", action="store_true", help="show the traceback of an internal failure")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for module in (game, loaded, walk, coin, players, stats, report, meta):
        module.register(sub)
    return parser


class _Terminated(BaseException):
    """SIGTERM, turned into an exception so that work in progress unwinds like on SIGINT."""


@contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise _Terminated()

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _say(message: str) -> None:
    print(f"{PROG}: {message}", file=sys.stderr)


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
        with _sigterm_interrupts():
            args = parser.parse_args(argv)
            debug = debug or args.debug
            if args.command is None:
                parser.print_help(sys.stderr)
                return EXIT_USAGE
            out = args.run(args)
    except (UsageError, LimitsError) as exc:
        _say(f"error: {' '.join(str(exc).split())}")
        return EXIT_USAGE
    except (KeyboardInterrupt, _Terminated):
        _say("interrupted")
        return EXIT_INTERRUPTED
    except MemoryError:
        _say("error: out of memory (try a smaller input)")
        return EXIT_FAILURE
    except Exception as exc:  # the shell's last line of defence: an internal failure is one line, not a traceback
        if debug:
            raise
        _say(f"internal error: {type(exc).__name__}: {' '.join(str(exc).split())[:300]}")
        _say("this is a bug; rerun with --debug (or LIMITS_DEBUG=1) for the traceback and report it")
        return EXIT_FAILURE
    try:
        print(out)
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. `limits duration | head -1`
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - nothing more may reach the closed pipe
        except OSError:
            pass
    return EXIT_ANSWER
