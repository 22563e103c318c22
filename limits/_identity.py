"""Which ``limits`` this is: the marker that tells this package from PyPI's rate-limiting ``limits``.

Two distributions install a top-level package named ``limits``: this one,
``chutes-limits``, and an unrelated rate-limiting library called ``limits``.
Installed into one environment, the second overwrites the first's files (both
have ``limits/__init__.py`` and ``limits/errors.py``), and whichever was
installed last wins, in part. This module names the distribution the package
belongs to; :mod:`limits` sets ``limits.__distribution__`` from it, so any
code can tell which package ``import limits`` found (:func:`is_ours`), and
:func:`guard` fails at import with :class:`NameClashError` when the other
distribution has been installed over the same folder.

It imports nothing of the package and nothing heavy: it runs first, at every
start.
"""

from __future__ import annotations

import os
import re
from types import ModuleType

__all__ = ["DISTRIBUTION", "OTHER", "FIX", "__version__", "NameClashError", "is_ours", "other_installed", "guard",
           "foreign_message", "run_as_main", "quiet_interrupts"]

DISTRIBUTION = "chutes-limits"
"""The distribution this package is installed from."""

__version__ = "0.2.0"
"""The version of the distribution (the build reads it from here)."""

OTHER = "limits"
"""The rate-limiting distribution that installs a package of the same name."""

FIX = (f"uninstall both (pip uninstall {OTHER} {DISTRIBUTION}) and install only the one you need "
       f"(pip install {DISTRIBUTION}), or give each its own virtual environment")
"""How to get out of the clash."""

_OTHER_METADATA = re.compile(r"^limits-.*\.(dist-info|egg-info)$", re.IGNORECASE)


class NameClashError(ImportError):
    """The ``limits`` package found is not (only) this distribution's: the rate-limiting ``limits`` is in the way."""


def is_ours(module: ModuleType) -> bool:
    """Whether ``module`` (the package that ``import limits`` gave) is this distribution's.

    Examples
    --------
    >>> import limits
    >>> is_ours(limits)
    True
    >>> import json
    >>> is_ours(json)
    False
    """
    return getattr(module, "__distribution__", None) == DISTRIBUTION


def other_installed(site: str | os.PathLike[str]) -> str | None:
    """The metadata folder of the other ``limits`` distribution in the folder ``site``, or None.

    The other distribution's files share our ``limits/`` folder exactly when
    its metadata (``limits-<version>.dist-info``) sits beside it, in the same
    ``site-packages``: one listing of that folder tells, without
    :mod:`importlib.metadata` (which would add tens of milliseconds to every
    start).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as site:
    ...     before = other_installed(site)
    ...     (pathlib.Path(site) / "limits-3.13.0.dist-info").mkdir()
    ...     (pathlib.Path(site) / "chutes_limits-0.1.0.dist-info").mkdir()
    ...     after = other_installed(site)
    >>> before, after
    (None, 'limits-3.13.0.dist-info')
    """
    try:
        names = sorted(os.listdir(site))
    except OSError:
        return None
    return next((name for name in names if _OTHER_METADATA.match(name)), None)


def guard(package_file: str) -> None:
    """Fail with :class:`NameClashError` if the other ``limits`` is installed over this package.

    ``package_file`` is the ``__file__`` of :mod:`limits`; the other
    distribution's metadata beside its folder means both wrote into it. The
    error names the package, so ``python -m limits`` reports it in one line.

    Raises
    ------
    NameClashError
        With what happened and how to fix it.
    """
    folder = os.path.dirname(os.path.abspath(package_file))
    found = other_installed(os.path.dirname(folder))
    if found is not None:
        raise NameClashError(
            f"two distributions are installed into the same package folder {folder}: {DISTRIBUTION} "
            f"(Chutes & Ladders) and {OTHER} (the rate-limiting library, {found}); the one installed last has "
            f"overwritten the files they share, so at least one of them is broken, and uninstalling either would "
            f"delete files of the other. To fix it, {FIX}.", name="limits", path=package_file)


def foreign_message(module: ModuleType) -> str:
    """What to say when ``import limits`` gave a package that is not this distribution's.

    Examples
    --------
    >>> import json
    >>> print(foreign_message(json))  # doctest: +ELLIPSIS
    the package 'limits' found at .../json/__init__.py is not chutes-limits (Chutes & Ladders) ...
    """
    where = getattr(module, "__file__", None) or "an unknown place"
    return (f"the package 'limits' found at {where} is not {DISTRIBUTION} (Chutes & Ladders) but another package "
            f"of the same name, most likely the rate-limiting library {OTHER!r}: both install a package called "
            f"'limits' and only one can be imported. To fix it, {FIX}.")


def run_as_main(argv0: str | None = None, orig_argv: list[str] | None = None) -> bool:
    """Whether this import is ``python -m limits`` (or ``-m limits.x``) loading the package before its ``__main__``.

    While ``-m`` finds the module to run, ``sys.argv[0]`` is ``"-m"``; the
    module's name follows ``-m`` in ``sys.orig_argv``.

    Examples
    --------
    >>> run_as_main("-m", ["python", "-X", "importtime", "-m", "limits", "duration"])
    True
    >>> run_as_main("-m", ["python", "-m", "pytest"]), run_as_main("x.py", ["python", "x.py"])
    (False, False)
    """
    import sys

    argv0 = (sys.argv[:1] or [None])[0] if argv0 is None else argv0
    if argv0 != "-m":
        return False
    args = list(getattr(sys, "orig_argv", []) if orig_argv is None else orig_argv)
    for i, arg in enumerate(args[1:], 1):
        name = args[i + 1] if arg == "-m" and i + 1 < len(args) else arg[2:] if arg.startswith("-m") else None
        if name is not None:
            return name == "limits" or name.startswith("limits.")
    return False


def quiet_interrupts(prog: str = "limits") -> None:
    """Until the command line takes over, SIGINT and SIGTERM end the process at once with one line, status 130.

    The entry points call it before anything slow is imported, so that an
    interrupt while Python loads the package prints ``limits: interrupted``
    rather than a traceback (or nothing, for SIGTERM). Nothing has been
    written yet then, so there is nothing to unwind. Only from the main
    thread; elsewhere it does nothing.
    """
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return

    def interrupted(signum: int, frame: object) -> None:
        os.write(2, f"{prog}: interrupted\n".encode())
        os._exit(130)

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, interrupted)
