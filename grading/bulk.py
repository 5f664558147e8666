"""Bulk rating: stream puzzles from files, write one row per puzzle as soon as it is rated."""
from __future__ import annotations

import csv
import json
import os
import sys
from typing import IO, Iterable, Sequence

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from sudoku_logic import dlx
from sudoku_logic.errors import SudokuError
from sudoku_logic.inputs import entries, where
from sudoku_logic.solver import Solver

from .rater import Rating, rate

COLUMNS = ["puzzle", "rating", "level", "score", "hardest", "solved", "steps", "ms"]


class RowWriter:
    """Writes rating rows as csv, jsonl or (at the end) a table; flushes every row."""

    def __init__(self, fmt: str, fh: IO[str], console: Console) -> None:
        self.fmt, self.fh, self.console = fmt, fh, console
        self.rows: list[dict] = []
        if fmt == "csv":
            self.csv = csv.writer(fh, lineterminator="\n")
            self.csv.writerow(COLUMNS)
            fh.flush()

    def write(self, row: dict) -> None:
        if self.fmt == "csv":
            self.csv.writerow([_cell(row[c]) for c in COLUMNS])
            self.fh.flush()
        elif self.fmt == "jsonl":
            self.fh.write(json.dumps(row) + "\n")
            self.fh.flush()
        else:
            self.rows.append(row)

    def close(self) -> None:
        if self.fmt != "table":
            return
        table = Table(*COLUMNS, show_lines=False)
        for row in self.rows:
            table.add_row(*(_cell(row[c]) for c in COLUMNS))
        if self.fh is sys.stdout:
            self.console.print(table)
        else:
            Console(file=self.fh, width=200, no_color=True).print(table)


def _cell(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return f"{v:.1f}"
    return str(v)


def _count_lines(paths: Sequence[str]) -> int | None:
    total = 0
    for p in paths:
        if p == "-" or not os.path.isfile(p):
            return None
        with open(p, "rb") as fh:
            total += sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b""))
    return total


def rate_files(paths: Sequence[str], fmt: str = "csv", output: str | None = None,
               techniques: str | None = None, progress: bool = True,
               out: Console | None = None, err: Console | None = None) -> bool:
    """Rate every position of ``paths`` in order; return False if any input was bad.

    Bad lines are reported on stderr with their file and line number and skipped.
    """
    out = out or Console()
    err = err or Console(stderr=True)
    names = None if techniques is None else [n for n in techniques.split(",") if n.strip()]
    solver_args = dict(techniques=names)
    fh = open(output, "w", encoding="utf-8", newline="") if output else sys.stdout
    writer = RowWriter(fmt, fh, out)
    ok = True
    bar = Progress(TextColumn("rating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=err, transient=True, disable=not progress or not err.is_terminal)
    try:
        with bar:
            task = bar.add_task("rate", total=_count_lines(paths))
            for path in paths:
                for entry in entries(path):
                    bar.advance(task)
                    if entry.error is not None:
                        ok = False
                        err.print(f"error: {where(path, entry)}{entry.error}", markup=False)
                        continue
                    try:
                        dlx.unique_solution(entry.grid)
                    except SudokuError as e:
                        ok = False
                        err.print(f"error: {where(path, entry)}{e}", markup=False)
                        continue
                    r = rate(entry.grid, Solver(**solver_args, unique=True), puzzle=entry.grid.values_string())
                    writer.write(r.row())
        writer.close()
    finally:
        if output:
            fh.close()
    return ok
