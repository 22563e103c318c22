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
from . import coin, game, limit, loaded, meta, players, race, report, stats, survey, walk
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
    for module in (game, limit, loaded, walk, coin, players, race, stats, survey, report, meta):
        module.register(sub)
    parser.set_defaults(root_parser=parser)  # for the completion script, which reads the whole parser
    return parser


GRACE_SECONDS = 2.0
"""After SIGINT or SIGTERM, how long work may take to unwind before the process ends anyway (status 130)."""


class _Terminated(BaseException):
    """SIGTERM, turned into an exception so that work in progress unwinds like on SIGINT."""


_said_interrupted = threading.Event()


def _hard_exit() -> None:
    if not _said_interrupted.is_set():
        os.write(2, f"{PROG}: interrupted\n".encode())
    os._exit(EXIT_INTERRUPTED)


@contextmanager
def _signals_interrupt(watchdog: bool) -> Iterator[None]:
    """SIGINT and SIGTERM raise in the main thread; from the command line, a watchdog also ends the
    process :data:`GRACE_SECONDS` later, should the work in progress not unwind (threads in native code)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        if watchdog:
            timer = threading.Timer(GRACE_SECONDS, _hard_exit)
            timer.daemon = True
            timer.start()
        raise KeyboardInterrupt if signum == signal.SIGINT else _Terminated()

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


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
        with _signals_interrupt(watchdog=argv is None):
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
        _said_interrupted.set()
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
