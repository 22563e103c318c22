"""The ``limits`` console script: check that ``import limits`` finds this distribution's package, then run it.

PyPI's rate-limiting ``limits`` installs a package of the same name. When it
shadows or overwrites ours, the command line would end in an obscure
``ModuleNotFoundError`` from inside the other package; this module lives
outside the ``limits`` folder, so it still runs and can say what happened and
how to fix it. The library itself is :mod:`limits`; nothing else is here.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from typing import Sequence

__all__ = ["main"]

_PROG = "limits"


def _interrupted(signum: int, frame: object) -> None:
    os.write(2, f"{_PROG}: interrupted\n".encode())
    os._exit(130)


def _quiet_interrupts() -> None:
    """Until the command line takes over, SIGINT and SIGTERM end the process with one line and status 130.

    The same as :func:`limits._identity.quiet_interrupts`, which cannot be
    imported before the package is (about 0.3 s): an interrupt then would
    print a traceback (SIGINT) or end the process silently (SIGTERM).
    """
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, _interrupted)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``limits`` command line; exit status 1 with one line on stderr if ``limits`` is not ours."""
    if argv is None:  # the console script, not a caller's own process
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
