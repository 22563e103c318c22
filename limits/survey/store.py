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
faces) in the same place are refused, never mixed in.
"""

from __future__ import annotations

import csv
import os
import tempfile
import uuid
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any, TextIO

from ..errors import LimitsError
from .result import BoardResult, columns
from .survey import Survey

__all__ = ["ResultStore", "CsvStore", "ParquetStore", "open_store", "PARQUET_BATCH", "MAX_BATCH"]

PARQUET_BATCH = 256
"""Rows per Parquet part file by default (the last part of a run may hold fewer)."""

MAX_BATCH = 1_000_000
"""The most rows per Parquet part file."""


class ResultStore(ABC):
    """Where a survey's rows go: ``done`` holds the rows found there, ``write`` adds one.

    Use it as a context manager, so that rows still buffered are written
    however the run ends.
    """

    survey: Survey
    done: dict[int, BoardResult]

    @abstractmethod
    def write(self, result: BoardResult) -> None:
        """Store one board's row."""

    def close(self) -> None:
        """Write what is buffered and release the file (again: nothing)."""

    def __enter__(self) -> "ResultStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _check(self, row: dict[str, Any], where: str) -> BoardResult:
        if row.get("survey") != self.survey.key:
            raise LimitsError(f"{where} holds rows of another survey (key {row.get('survey')!r}, this one "
                              f"{self.survey.key!r}): choose another output, or remove it to start afresh")
        return BoardResult.from_record(row, self.survey.deltas)


class CsvStore(ResultStore):
    """Rows as CSV text, one line per board, flushed as each is written."""

    def __init__(self, path: Path, survey: Survey) -> None:
        self.path, self.survey, self.done = Path(path), survey, {}
        names = list(columns(survey.deltas))
        fresh = not self.path.exists() or self.path.stat().st_size == 0
        if not fresh:
            self._read(names)
        try:
            self._file: TextIO = self.path.open("a", newline="", encoding="utf-8")
        except OSError as exc:
            raise LimitsError(f"cannot write the survey to {str(self.path)!r}: {exc.strerror}") from None
        self._writer = csv.DictWriter(self._file, fieldnames=names, lineterminator="\n")
        if fresh:
            self._writer.writeheader()
            self._file.flush()

    def _read(self, names: list[str]) -> None:
        try:
            data = self.path.read_bytes()
        except OSError as exc:
            raise LimitsError(f"cannot read the survey in {str(self.path)!r}: {exc.strerror}") from None
        whole = data[: data.rfind(b"\n") + 1]
        if len(whole) < len(data):  # a line cut short when a run was killed: evaluated again
            with self.path.open("r+b") as handle:
                handle.truncate(len(whole))
        limit = csv.field_size_limit()
        csv.field_size_limit(max(limit, len(whole)))  # an exact sigma may have many thousand digits
        try:
            reader = csv.DictReader(whole.decode("utf-8").splitlines())
            if reader.fieldnames != names:
                raise LimitsError(f"{str(self.path)!r} is not this survey's CSV (its columns are "
                                  f"{reader.fieldnames}): choose another output, or remove it to start afresh")
            for row in reader:
                result = self._check(row, repr(str(self.path)))
                self.done[result.index] = result
        except (UnicodeDecodeError, csv.Error) as exc:
            raise LimitsError(f"{str(self.path)!r} is not a survey's CSV: {exc}") from None
        finally:
            csv.field_size_limit(limit)

    def write(self, result: BoardResult) -> None:
        """Append one row and flush it."""
        self._writer.writerow(result.record(self.survey.key))
        self._file.flush()
        self.done[result.index] = result

    def close(self) -> None:
        """Close the file."""
        self._file.close()


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
        fields = [("survey", pa.string()), ("index", pa.int64()), ("engine", pa.string()), ("trapped", pa.bool_()),
                  ("expected_turns", pa.string()), ("expected_turns_float", pa.float64()), ("loop", pa.string())]
        for d in survey.deltas:
            fields += [(f"order_{d}", pa.int64()), (f"coefficient_{d}", pa.string())]
        self._schema = pa.schema(fields)
        if self.path.exists() and not self.path.is_dir():
            raise LimitsError(f"{str(self.path)!r} is a file: a Parquet survey is a folder of parts")
        try:
            self.path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise LimitsError(f"cannot write the survey to {str(self.path)!r}: {exc.strerror}") from None
        for part in sorted(self.path.glob("part-*.parquet")):
            try:
                table = pq.read_table(part)
            except (OSError, pa.ArrowException) as exc:
                raise LimitsError(f"{str(part)!r} is not a Parquet part of a survey: {exc}") from None
            if table.schema.names != self._schema.names:
                raise LimitsError(f"{str(part)!r} is not this survey's (its columns are {table.schema.names}): "
                                  "choose another output, or remove it to start afresh")
            for row in table.to_pylist():
                result = self._check(row, repr(str(part)))
                self.done[result.index] = result

    def write(self, result: BoardResult) -> None:
        """Buffer one row; write a part when the batch is full."""
        self._buffer.append(result.record(self.survey.key))
        self.done[result.index] = result
        if len(self._buffer) >= self.batch:
            self._flush()

    def _flush(self) -> None:
        if not self._buffer:
            return
        table = self._pa.Table.from_pylist(self._buffer, schema=self._schema)
        fd, tmp = tempfile.mkstemp(prefix=".part-", suffix=".tmp", dir=self.path)
        os.close(fd)
        try:
            self._pq.write_table(table, tmp)
            os.replace(tmp, self.path / f"part-{uuid.uuid4().hex}.parquet")
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        self._buffer = []

    def close(self) -> None:
        """Write the rows still buffered as a last part."""
        self._flush()


def open_store(path: str | os.PathLike[str], survey: Survey, *, batch: int = PARQUET_BATCH) -> ResultStore:
    """The store of ``survey`` at ``path``: CSV for ``.csv``, a Parquet folder for ``.parquet``.

    Rows already there (``store.done``) are read and checked to be this
    survey's. ``batch`` is the number of rows per Parquet part, 1..
    :data:`MAX_BATCH` (default :data:`PARQUET_BATCH`).

    Raises
    ------
    LimitsError
        For another suffix, a batch out of range, rows of another survey, a
        file that is not a survey's, or (Parquet) no pyarrow.

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
    if isinstance(batch, bool) or not isinstance(batch, int) or not 1 <= batch <= MAX_BATCH:
        raise LimitsError(f"a Parquet part holds 1..{MAX_BATCH} rows, not {batch!r}")
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix == ".csv":
        return CsvStore(p, survey)
    if suffix == ".parquet":
        return ParquetStore(p, survey, batch)
    raise LimitsError(f"a survey's output ends in .csv or .parquet, not {str(p)!r}")
