"""Resuming ``sudoku rate --output FILE``: the progress record ``FILE.progress``.

The record's first line describes the run: its inputs (each file's path, size and
modification time; stdin; a literal) and the options that shape its rows (format, columns,
scale, techniques, filters, template). Its second line, rewritten in place after every input
entry, says how many entries were consumed and how long the output was then. A run that
completes deletes its record; an interrupted one (Ctrl-C, a kill, a lost Dask scheduler)
leaves it.

``--resume`` with a record refuses one written for other inputs, for an input that has
changed since, or for other row options (one line naming the difference); otherwise it cuts
the output back to the recorded length (dropping whatever was written after the last record,
half a row included) and skips the consumed entries, so no row is lost or repeated.

``--resume`` without a record (the run finished, or the file was written some other way)
checks the rows against the inputs instead: a trailing partial line is cut, the header must
name the same columns, and then the rows' ``index`` column says where to go on, or else each
row's puzzle must be found in the inputs in order (entries between them were bad lines or
filtered out). A row that is not there is refused. Without an output file there is nothing to
resume and the run starts from the beginning.
"""

from __future__ import annotations

import csv
import io
import json
import os
import stat
from collections.abc import Iterator, Sequence
from typing import TextIO, TypeGuard

_WIDTH = 20


class ResumeError(Exception):
    """A resume that would lose or repeat rows; the message is one line for the user."""


def tracks(output: str | None) -> TypeGuard[str]:
    """Whether an output gets a progress record: a regular file (not a device or a pipe)."""
    if not output:
        return False
    try:
        return stat.S_ISREG(os.stat(output).st_mode)
    except OSError:
        return False


def _input(arg: str) -> dict:
    if arg == "-":
        return {"stdin": True}
    try:
        st = os.stat(arg)
    except OSError:
        return {"literal": arg}
    return {"path": os.path.abspath(arg), "size": st.st_size, "mtime_ns": st.st_mtime_ns}


def describe_run(inputs: Sequence[str], rows: dict) -> dict:
    """What a progress record says about a run: its inputs and its row options ``rows``."""
    return {"version": 2, "inputs": [_input(a) for a in inputs], "rows": rows}


def _name(desc: dict) -> str:
    return "stdin" if desc.get("stdin") else desc.get("path") or repr(desc.get("literal", ""))[:40]


class ProgressRecord:
    """The record of one run, written next to its output."""

    def __init__(self, output: str, run: dict) -> None:
        self.path = output + ".progress"
        head = (json.dumps(run) + "\n").encode()
        try:
            self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
            os.write(self.fd, head)
        except OSError as e:
            from sudoku_logic.app.io.writer import OutputError

            raise OutputError(f"cannot write {self.path}: {e.strerror or e}") from None
        self.offset = len(head)

    def record(self, consumed: int, size: int) -> None:
        """Entries consumed so far and the output's length after their rows."""
        os.pwrite(self.fd, f"{consumed:{_WIDTH}d} {size:{_WIDTH}d}\n".encode(), self.offset)

    def close(self, complete: bool) -> None:
        """Close the record; delete it if the run is ``complete``."""
        os.close(self.fd)
        if complete:
            try:
                os.remove(self.path)
            except OSError:
                pass


def read_record(output: str) -> tuple[dict, int, int] | None:
    """(run description, entries consumed, output length) of ``output``'s record, or None."""
    try:
        with open(output + ".progress", encoding="utf-8") as fh:
            run = json.loads(fh.readline())
            consumed, size = (int(x) for x in fh.readline().split())
    except (OSError, ValueError, TypeError):
        return None
    if not isinstance(run, dict) or run.get("version") != 2:
        return None
    return run, consumed, size


def _check(output: str, old: dict, new: dict) -> None:
    old_in, new_in = old.get("inputs", []), new["inputs"]
    names = lambda descs: ", ".join(_name(d) for d in descs)
    if [_name(d) for d in old_in] != [_name(d) for d in new_in]:
        raise ResumeError(
            f"{output} was written from {names(old_in)}, not {names(new_in)}: resume with "
            "the same inputs, or write to another --output"
        )
    for a, b in zip(old_in, new_in):
        if a != b:
            raise ResumeError(
                f"{_name(b)} has changed since {output} was written (its size or time "
                "differs): rate it into another --output"
            )
    old_rows, new_rows = old.get("rows", {}), new["rows"]
    for key in new_rows:
        if old_rows.get(key) != new_rows[key]:
            raise ResumeError(
                f"{output} was written with other options ({key}: {old_rows.get(key)} then, "
                f"{new_rows[key]} now): resume with the same options, or write to another --output"
            )


def _cut_partial(output: str) -> int:
    """Cut a trailing partial line off ``output``; its new length."""
    with open(output, "rb+") as fh:
        end = fh.seek(0, os.SEEK_END)
        back = min(end, 1 << 20)
        while True:
            fh.seek(end - back)
            tail = fh.read(back)
            cut = tail.rfind(b"\n")
            if cut >= 0 or back == end:
                break
            back = min(end, back * 4)
        size = end - back + cut + 1 if cut >= 0 else 0
        fh.truncate(size)
    return size


def prepare_resume(
    output: str, run: dict, fmt: str, columns: list[str], inputs: Sequence[str], template: bool
) -> tuple[int, int]:
    """Make ``output`` ready to be continued by the run ``run``; returns (entries to skip,
    output length). Raises :class:`ResumeError` where continuing would lose or repeat rows."""
    if not os.path.exists(output):
        return 0, 0
    rec = read_record(output)
    if rec is not None:
        old, consumed, size = rec
        _check(output, old, run)
        with open(output, "rb+") as fh:
            if fh.seek(0, os.SEEK_END) < size:
                raise ResumeError(
                    f"{output} is shorter than its progress record says: it was changed "
                    "after the run stopped; rate into another --output"
                )
            fh.truncate(size)
        return consumed, size
    size = _cut_partial(output)
    if size == 0:
        return 0, 0
    if template:
        raise ResumeError(
            f"{output} has no progress record, and rows written with --template cannot be "
            "checked against the inputs: rate into another --output"
        )
    rows = _rows(output, fmt, columns)
    if "index" in columns:
        last = None
        for row in rows:
            last = row.get("index")
        try:
            return (int(last) if last not in (None, "") else 0), size
        except (TypeError, ValueError):
            raise ResumeError(f"{output}: bad index {last!r} in its last row") from None
    if "puzzle" not in columns:
        raise ResumeError(
            f"{output} has no progress record and no puzzle or index column to check its "
            "rows against the inputs: rate into another --output"
        )
    return _walk(output, rows, inputs), size


def _rows(output: str, fmt: str, columns: list[str]) -> Iterator[dict]:
    """The complete rows of ``output`` (read lazily), after checking their columns."""
    fh = open(output, encoding="utf-8", newline="")
    first = fh.readline()
    got: list | None
    if fmt == "csv":
        got = next(csv.reader(io.StringIO(first)), [])
        problem = f"{output} has the columns {','.join(got)}, not {','.join(columns)}: resume with the same --columns"
    else:
        try:
            got = list(json.loads(first))
        except ValueError:
            got = None
        problem = (
            f"{output} does not hold jsonl rows of the columns {','.join(columns)}: resume with "
            "the same --columns and format"
        )
    if got != columns:
        fh.close()
        raise ResumeError(problem + ", or write to another --output")
    return _csv_rows(fh, columns) if fmt == "csv" else _jsonl_rows(fh, first)


def _csv_rows(fh: TextIO, columns: list[str]) -> Iterator[dict]:
    """The csv rows left in ``fh`` (closed at the end)."""
    with fh:
        yield from csv.DictReader(fh, fieldnames=columns)


def _jsonl_rows(fh: TextIO, first: str) -> Iterator[dict]:
    """The jsonl row ``first``, then those left in ``fh`` (closed at the end)."""
    with fh:
        yield json.loads(first)
        for line in fh:
            yield json.loads(line)


def _walk(output: str, rows: Iterator[dict], inputs: Sequence[str]) -> int:
    """Entries to skip: the input entry of the last row, each row's puzzle found in order."""
    from sudoku_logic.api.position import entry_puzzle
    from sudoku_logic.app.io.reader import read_all

    entries = read_all(inputs, parse=False)
    consumed = 0
    for n, row in enumerate(rows, 1):
        want = row.get("puzzle")
        for entry in entries:
            if entry.error is None and entry_puzzle(entry.text) == want:
                consumed = entry.index
                break
        else:
            raise ResumeError(
                f"{output} does not come from these inputs: its row {n} ({str(want)[:24]}...) "
                "is not in them after the rows before it; rate into another --output"
            )
    return consumed
