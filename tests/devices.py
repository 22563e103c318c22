"""Private stand-ins for the system's devices: a test never writes to /dev/full or /dev/null themselves.

The tests run as root, and a command that replaced its output (a rename over
it) once replaced a machine's /dev/null. Each node made here is a new
character device in the test's own folder with the numbers of the real one,
so it behaves the same and nothing outside the folder is touched.
"""

import os
import stat
from pathlib import Path

__all__ = ["FULL", "NULL", "ZERO", "device"]

FULL = (1, 7)
"""The numbers of /dev/full: every write fails with ENOSPC."""
NULL = (1, 3)
"""The numbers of /dev/null: every write succeeds, nothing is kept."""
ZERO = (1, 5)
"""The numbers of /dev/zero: reads never end."""


def device(path: Path, numbers: tuple[int, int]) -> Path:
    """A private character device at ``path`` (in a test's folder) with the ``(major, minor)`` numbers given."""
    os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(*numbers))
    return path
