"""Writing the report's files so that no run, however it ends, leaves a half-written one.

Each file is written to a temporary file in its own folder and renamed over
the old one (:func:`os.replace`, atomic on one file system): a reader sees the
old file or the new one, never a part. The files go in the order given, and
the caller puts the report last, so a report on disk always comes from a run
that wrote everything before it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Mapping

__all__ = ["write_atomic", "write_all", "prepare_folder", "PROBE_BYTES"]


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (a temporary file beside it, then a rename).

    On any failure the temporary file is removed and ``path`` is as it was.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     target = pathlib.Path(folder) / "a.txt"
    ...     write_atomic(target, b"one"); write_atomic(target, b"two")
    ...     target.read_bytes(), sorted(p.name for p in pathlib.Path(folder).iterdir())
    (b'two', ['a.txt'])
    """
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)  # mkstemp makes it private; the report is for reading
        os.replace(tmp, path)
    except BaseException:  # KeyboardInterrupt too: never leave the temporary file behind
        Path(tmp).unlink(missing_ok=True)
        raise


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
        data = bytes(PROBE_BYTES)
        while data:
            data = data[os.write(fd, data):]
        os.fsync(fd)
    finally:
        os.close(fd)
        Path(tmp).unlink(missing_ok=True)
