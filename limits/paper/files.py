"""Writing the report's files (and the explorer's page) so that no run, however it ends, leaves a half-written one.

A file is written to a temporary file in its own folder and renamed over the
old one (:func:`os.replace`, atomic on one file system): a reader sees the old
file or the new one, never a part. A symbolic link is followed: its target is
replaced so, and the link stays. A path that is not a regular file (a device
such as ``/dev/null``, a FIFO) is never replaced: it is opened and written in
place. The files go in the order given, and the caller puts the report last,
so a report on disk always comes from a run that wrote everything before it.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Mapping

__all__ = ["write_atomic", "write_all", "prepare_folder", "PROBE_BYTES"]


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path``: a regular file (or a new one) atomically, anything else in place.

    A regular file is written to a temporary file beside it, then renamed
    over it; on any failure the temporary file is removed and ``path`` is as
    it was. A symbolic link's target is the file written, so the link stays a
    link. A device or a FIFO is opened and written, never replaced.

    Raises
    ------
    OSError
        When the data cannot be written (a full device: ``ENOSPC``).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     target, link = pathlib.Path(folder) / "a.txt", pathlib.Path(folder) / "link"
    ...     link.symlink_to(target.name)
    ...     write_atomic(target, b"one"); write_atomic(link, b"two")
    ...     target.read_bytes(), link.is_symlink(), sorted(p.name for p in pathlib.Path(folder).iterdir())
    (b'two', True, ['a.txt', 'link'])
    """
    try:
        regular = stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:  # a new file (or a link to one)
        regular = True
    if not regular:
        fd = os.open(path, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))
        try:
            _write_fd(fd, data)
        finally:
            os.close(fd)
        return
    path = Path(os.path.realpath(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        try:
            _write_fd(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; the report is for reading
        os.replace(tmp, path)
    except BaseException:  # KeyboardInterrupt too: never leave the temporary file behind
        Path(tmp).unlink(missing_ok=True)
        raise


def _write_fd(fd: int, data: bytes) -> None:
    """All of ``data`` to the file ``fd`` (``os.write`` may take part of it)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def write_all(root: Path, files: Mapping[str, bytes]) -> list[Path]:
    """Write ``files`` (relative path -> bytes) under ``root`` in their order; return the paths written.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     [p.name for p in write_all(pathlib.Path(folder), {"figures/a.svg": b"<svg/>", "report.md": b"#"})]
    ['a.svg', 'report.md']
    """
    written = []
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data)
        written.append(path)
    return written


PROBE_BYTES = 1 << 16
"""How much :func:`prepare_folder` writes (and removes) to learn that the folder takes files."""


def prepare_folder(root: Path) -> None:
    """Make ``root`` (and its parents) and check that files can be written into it, before any work is done.

    A temporary file of :data:`PROBE_BYTES` is written, synced and removed:
    a read-only folder or file system, a full disk or a name too long fails
    here, with the OSError of the system, instead of after minutes of work.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     prepare_folder(pathlib.Path(folder) / "a" / "b")
    ...     sorted(p.name for p in (pathlib.Path(folder) / "a" / "b").iterdir())
    []
    """
    root.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".probe.", suffix=".tmp", dir=root)
    try:
        _write_fd(fd, bytes(PROBE_BYTES))
        os.fsync(fd)
    finally:
        os.close(fd)
        Path(tmp).unlink(missing_ok=True)
