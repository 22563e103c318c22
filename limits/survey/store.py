"""A survey's rows on disk, one per board as it finishes, read back to resume a survey that was stopped.

The survey's one module that touches files (as :mod:`limits.paper.files` is
the report's). Two formats, by the path's suffix:

* ``.csv``: one text row per board, appended and flushed as it comes, under
  a header of :func:`~limits.survey.result.columns`. A run killed while
  writing leaves at most a partial last line, which the next run cuts off.
* ``.parquet`` (with pyarrow): a folder of part files, each a batch of rows
  written to a temporary file and renamed into place, so a part is whole or
  absent. A run killed between batches loses only the rows of the batch
  being collected, which the next run evaluates again.

Every row carries its survey's :attr:`~limits.survey.survey.Survey.key`:
rows of another survey (another seed, family, die, rule, start, engine or
faces) in the same place are refused, never mixed in. A row read back is
checked too (:meth:`~limits.survey.survey.Survey.row_problem`: its index, engine
and values), and a row that cannot be one of the survey's is refused with
where it is, rather than counted; the same board twice is kept once if both
rows agree, and refused if they do not.

One survey writes to one place at a time: a store holds an exclusive lock
(``flock``) on the CSV file, or on the ``.lock`` file of a Parquet folder,
from the moment it reads the rows there until it is closed. A second run on
the same output is refused at once instead of writing every row again.

Any failure to read or write (a full disk, a folder that is read-only, a name
too long) is a :class:`~limits.errors.LimitsError` that names the path.
"""

from __future__ import annotations

import csv
import io
import os
import stat
import tempfile
import uuid
from pathlib import Path
from typing import Any

from ..checks import whole
from ..errors import LimitsError
from .result import BoardResult, columns
from .survey import Survey

__all__ = ["ResultStore", "CsvStore", "ParquetStore", "open_store", "PARQUET_BATCH", "MAX_BATCH"]

PARQUET_BATCH = 256
"""Rows per Parquet part file by default (the last part of a run may hold fewer)."""

MAX_BATCH = 1_000_000
"""The most rows per Parquet part file."""


class ResultStore:
    """Where a survey's rows go: ``done`` holds the rows found there, ``write(result)`` adds one.

    Use it as a context manager, so that rows still buffered are written
    however the run ends.
    """

    survey: Survey
    done: dict[int, BoardResult]

    _fd: int | None = None
    """The file held locked while the store is open: the CSV file, or a Parquet folder's :data:`LOCK`."""

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


class CsvStore(ResultStore):
    """Rows as CSV text, one line per board, each written to the file as it comes."""

    def __init__(self, path: Path, survey: Survey) -> None:
        self.path, self.survey, self.done = Path(path), survey, {}
        names = list(columns(survey.deltas))
        flags = os.O_RDWR | os.O_CREAT | os.O_APPEND | getattr(os, "O_CLOEXEC", 0)
        try:
            self._fd = os.open(self.path, flags, 0o644)
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


class ParquetStore(ResultStore):
    """Rows as a folder of Parquet part files of :data:`PARQUET_BATCH` rows, each written whole."""

    def __init__(self, path: Path, survey: Survey, batch: int = PARQUET_BATCH) -> None:
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise LimitsError("a Parquet output needs pyarrow (pip install pyarrow); a .csv output does not") from None
        self.path, self.survey, self.done, self.batch = Path(path), survey, {}, batch
        self._pa, self._pq, self._buffer = pa, pq, []
        types = {"index": pa.int64(), "trapped": pa.bool_(), "expected_turns_float": pa.float64()}  # else text
        self._schema = pa.schema([(name, pa.int64() if name.startswith("order_") else types.get(name, pa.string()))
                                  for name in columns(survey.deltas)])
        try:
            if self.path.exists() and not self.path.is_dir():
                raise LimitsError(f"{_shown(self.path)} is a file: a Parquet survey is a folder of parts")
            self.path.mkdir(parents=True, exist_ok=True)
            self._fd = os.open(self.path / LOCK, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
        except OSError as exc:
            raise LimitsError(f"cannot write the survey to {_shown(self.path)}: {exc.strerror}") from None
        try:
            _lock(self._fd, self.path)
            for part in sorted(self.path.glob("part-*.parquet")):
                try:
                    table = pq.read_table(part)
                except (OSError, pa.ArrowException) as exc:
                    raise LimitsError(f"{_shown(part)} is not a Parquet part of a survey: {exc}") from None
                if table.schema.names != self._schema.names:
                    raise LimitsError(f"{_shown(part)} is not this survey's (its columns are {table.schema.names}): "
                                      "choose another output, or remove it to start afresh")
                for number, row in enumerate(table.to_pylist(), 1):
                    self._check(row, f"{_shown(part)} row {number}")
        except BaseException:
            super().close()
            raise

    def write(self, result: BoardResult) -> None:
        """Buffer one row; write a part when the batch is full."""
        self._buffer.append(result.record(self.survey.key))
        self.done[result.index] = result
        if len(self._buffer) >= self.batch:
            self._flush()

    def _flush(self) -> None:
        if not self._buffer:
            return
        rows, self._buffer = self._buffer, []  # a batch that cannot be written is evaluated again next time
        table = self._pa.Table.from_pylist(rows, schema=self._schema)
        tmp = None
        try:
            fd, tmp = tempfile.mkstemp(prefix=".part-", suffix=".tmp", dir=self.path)
            os.close(fd)
            self._pq.write_table(table, tmp)
            os.replace(tmp, self.path / f"part-{uuid.uuid4().hex}.parquet")
        except (OSError, self._pa.ArrowException) as exc:
            raise LimitsError(f"cannot write the survey to {_shown(self.path)}: "
                              f"{getattr(exc, 'strerror', None) or exc}") from None
        finally:
            if tmp is not None and os.path.exists(tmp):
                os.unlink(tmp)

    def close(self) -> None:
        """Write the rows still buffered as a last part, and release the folder's lock."""
        try:
            self._flush()
        finally:
            super().close()


LOCK = ".lock"
"""The file of a Parquet folder that a run holds locked while it writes there."""


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


def open_store(path: str | os.PathLike[str], survey: Survey, *, batch: int = PARQUET_BATCH) -> ResultStore:
    """The store of ``survey`` at ``path``: CSV for ``.csv``, a Parquet folder for ``.parquet``.

    Rows already there (``store.done``) are read and checked to be this
    survey's. ``batch`` is the number of rows per Parquet part, 1..
    :data:`MAX_BATCH` (default :data:`PARQUET_BATCH`).

    Raises
    ------
    LimitsError
        For another suffix, a batch out of range, rows of another survey, a
        row that cannot be one of its rows, a file that is not a survey's, an
        output another run is writing to, a path that cannot be read or
        written, or (Parquet) no pyarrow.

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
    batch = whole(batch, "the rows of a Parquet part", 1, MAX_BATCH)
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix == ".csv":
        return CsvStore(p, survey)
    if suffix == ".parquet":
        return ParquetStore(p, survey, batch)
    raise LimitsError(f"a survey's output ends in .csv or .parquet, not {str(p)!r}")
