"""A survey's rows on disk, one per board as it finishes, read back to resume a survey that was stopped.

The survey's one module that touches files (as :mod:`limits.paper.files` is
the report's). A CSV file: one text row per board, appended and flushed as it
comes, under a header of :func:`~limits.survey.result.columns`. A run killed
while writing leaves at most a partial last line, which the next run cuts off.

Every row carries its survey's :attr:`~limits.survey.survey.Survey.key`:
rows of another survey (another seed, family, die, rule, start, engine or
faces) in the same place are refused, never mixed in. A row read back is
checked too (:meth:`~limits.survey.survey.Survey.row_problem`: its index, engine
and values), and a row that cannot be one of the survey's is refused with
where it is, rather than counted; the same board twice is kept once if both
rows agree, and refused if they do not.

One survey writes to one place at a time: a store holds an exclusive lock
(``flock``) on the CSV file from the moment it reads the rows there until it
is closed. A second run on
the same output is refused at once instead of writing every row again.

Any failure to read or write (a full disk, a folder that is read-only, a name
too long) is a :class:`~limits.errors.LimitsError` that names the path.
"""

from __future__ import annotations

import csv
import io
import os
import stat
from pathlib import Path
from typing import Any

from ..errors import LimitsError
from .result import BoardResult, columns
from .survey import Survey

__all__ = ["ResultStore", "open_store"]


class ResultStore:
    """A survey's rows as CSV text, one line per board, each written to the file as it comes: ``done`` holds the
    rows found there, ``write(result)`` adds one. Use it as a context manager: the file, and with it the lock, is
    released however the run ends."""

    def __init__(self, path: Path, survey: Survey) -> None:
        self.path, self.survey, self.done = Path(path), survey, {}
        names = list(columns(survey.deltas))
        flags = os.O_RDWR | os.O_CREAT | os.O_APPEND | getattr(os, "O_CLOEXEC", 0)
        try:
            self._fd: int | None = os.open(self.path, flags, 0o644)
        except OSError as exc:
            raise LimitsError(f"cannot write the survey to {_shown(self.path)}: {exc.strerror}") from None
        try:
            info = os.fstat(self._fd)
            if not (stat.S_ISREG(info.st_mode) or stat.S_ISCHR(info.st_mode)):
                raise LimitsError(f"{_shown(self.path)} is not a file: a CSV survey is one file")
            _lock(self._fd, self.path)
            if info.st_size:
                self._read(names, info.st_size)
            else:
                self._append(",".join(names) + "\n")
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Release the file, and with it the lock (again: nothing)."""
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)

    def __enter__(self) -> "ResultStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _check(self, row: dict[str, Any], where: str) -> BoardResult:
        if row.get("survey") != self.survey.key:
            raise LimitsError(f"{where} holds rows of another survey (key {row.get('survey')!r}, this one "
                              f"{self.survey.key!r}): choose another output, or remove it to start afresh")
        try:
            result = BoardResult.from_record(row, self.survey.deltas)
        except LimitsError as exc:
            raise LimitsError(f"{where}: {exc}: remove the row, or the output to start afresh") from None
        problem = self.survey.row_problem(result)
        if problem is not None:
            raise LimitsError(f"{where} is not a row of this survey ({problem}): remove the row, or the output to "
                              "start afresh")
        if result.index in self.done and self.done[result.index] != result:
            raise LimitsError(f"{where} holds board {result.index} a second time, with other values: remove one of "
                              "the two rows, or the output to start afresh")
        self.done[result.index] = result
        return result


    def _read(self, names: list[str], size: int) -> None:
        assert self._fd is not None
        try:
            with open(self._fd, "rb", closefd=False) as file:  # buffered: reads until ``size`` bytes or the end
                file.seek(0)
                data = file.read(size)
        except OSError as exc:
            raise LimitsError(f"cannot read the survey in {_shown(self.path)}: {exc.strerror}") from None
        whole = data[: data.rfind(b"\n") + 1]
        if len(whole) < len(data):  # a line cut short when a run was killed: evaluated again
            try:
                os.ftruncate(self._fd, len(whole))
            except OSError as exc:
                raise LimitsError(f"cannot write the survey to {_shown(self.path)}: {exc.strerror}") from None
        limit = csv.field_size_limit()
        csv.field_size_limit(max(limit, len(whole)))  # an exact sigma may have many thousand digits
        try:
            reader = csv.DictReader(whole.decode("utf-8").splitlines())
            if reader.fieldnames != names:
                raise LimitsError(f"{_shown(self.path)} is not this survey's CSV (its columns are "
                                  f"{reader.fieldnames}): choose another output, or remove it to start afresh")
            for row in reader:
                self._check(row, f"{_shown(self.path)} line {reader.line_num}")
        except (UnicodeDecodeError, csv.Error) as exc:
            raise LimitsError(f"{_shown(self.path)} is not a survey's CSV: {exc}") from None
        finally:
            csv.field_size_limit(limit)

    def _append(self, text: str) -> None:
        """Write ``text`` at the end of the file, whole: no buffer is left to fail again at close."""
        if self._fd is None:
            raise LimitsError(f"the survey's output {_shown(self.path)} is closed")
        data = text.encode("utf-8")
        try:
            while data:
                data = data[os.write(self._fd, data):]
        except OSError as exc:
            raise LimitsError(f"cannot write the survey to {_shown(self.path)}: {exc.strerror}") from None

    def write(self, result: BoardResult) -> None:
        """Append one row."""
        line = io.StringIO()
        csv.DictWriter(line, fieldnames=list(columns(self.survey.deltas)), lineterminator="\n").writerow(
            result.record(self.survey.key))
        self._append(line.getvalue())
        self.done[result.index] = result


def _shown(path: Path) -> str:
    """A path for a message: quoted, a long one cut short."""
    text = str(path)
    return repr(text if len(text) <= 100 else f"{text[:70]}...{text[-20:]}")


def _lock(fd: int, path: Path) -> None:
    """Take the exclusive lock of ``fd`` for this run, or refuse: another run is writing to ``path``."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: no lock
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise LimitsError(f"another survey is writing to {_shown(path)} now: wait until it has finished (then "
                          "this command resumes it), or choose another output") from None
    except OSError:  # a file system without locks: go on unlocked
        pass


def open_store(path: str | os.PathLike[str], survey: Survey) -> ResultStore:
    """The store of ``survey`` at ``path``, a ``.csv`` file.

    Rows already there (``store.done``) are read and checked to be this
    survey's.

    Raises
    ------
    LimitsError
        For another suffix, rows of another survey, a row that cannot be one
        of its rows, a file that is not a survey's, an output another run is
        writing to, or a path that cannot be read or written.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from limits.model.random_board import BoardFamily
    >>> s = Survey(BoardFamily(20, 2, 2), boards=3, seed=1)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     out = pathlib.Path(folder) / "rows.csv"
    ...     with open_store(out, s) as store:
    ...         store.write(s.evaluate(1))
    ...     with open_store(out, s) as again:
    ...         sorted(again.done), again.done[1] == s.evaluate(1)
    ([1], True)
    """
    p = Path(path)
    if p.suffix.lower() == ".csv":
        return ResultStore(p, survey)
    raise LimitsError(f"a survey's output is a .csv file, not {str(p)!r}")
