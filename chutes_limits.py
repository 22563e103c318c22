"""The ``limits`` console script: check that ``import limits`` finds this distribution's package, then run it.

PyPI's rate-limiting ``limits`` installs a package of the same name. When it
shadows or overwrites ours, the command line would end in an obscure
``ModuleNotFoundError`` from inside the other package; this module lives
outside the ``limits`` folder, so it still runs and can say what happened and
how to fix it. The library itself is :mod:`limits`; nothing else is here.

Run as the command (the console script, which imports this module and calls
:func:`main`, or this file run as a script), its first statements make SIGINT
and SIGTERM end the process with one line and status 130: an interrupt while
Python imports anything after them (the package takes about 0.3 s) prints no
traceback and never ends the process silently.
"""

import _signal  # the interpreter's own signal module, loaded before any script: nothing is imported before this
import os
import sys

_PROG = "limits"


def _interrupted(signum: int, frame: object) -> None:
    os.write(2, f"{_PROG}: interrupted\n".encode())
    os._exit(130)


def _quiet_interrupts() -> None:
    """Until the command line takes over, SIGINT and SIGTERM end the process with one line and status 130.

    The same as :func:`limits._identity.quiet_interrupts`, which cannot be
    imported before the package is.
    """
    try:
        for sig in (_signal.SIGINT, _signal.SIGTERM):
            _signal.signal(sig, _interrupted)
    except ValueError:  # not the main thread: the caller's process, not the command's
        pass


if __name__ == "__main__" or os.path.basename((sys.argv or [""])[0]).removesuffix(".exe") == _PROG:
    _quiet_interrupts()  # the command itself: this file run as a script, or the console script importing it

from typing import Sequence  # noqa: E402 - after the handlers

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``limits`` command line; exit status 1 with one line on stderr if ``limits`` is not ours."""
    if argv is None:  # the command's own process, under another name than limits
        _quiet_interrupts()
    try:
        import limits
    except ImportError as exc:  # our own guard (NameClashError), or the other package failing half-overwritten
        print(f"{_PROG}: error: cannot import the package 'limits': {exc}", file=sys.stderr)
        return 1
    if getattr(limits, "__distribution__", None) != "chutes-limits":
        try:
            from limits._identity import foreign_message
        except ImportError:  # the other package, with none of our files left
            print(f"{_PROG}: error: the package 'limits' found at {getattr(limits, '__file__', None)} is not "
                  "chutes-limits but another package of the same name; uninstall it or use a separate virtual "
                  "environment", file=sys.stderr)
            return 1
        print(f"{_PROG}: error: {foreign_message(limits)}", file=sys.stderr)
        return 1
    from limits.cli import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main())
