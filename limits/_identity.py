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
           "foreign_message"]

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
