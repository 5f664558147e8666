"""One writer for the rows of ``sudoku rate`` and ``sudoku generate`` and the JSON of
``sudoku step``/``sudoku hint``.

The format follows ``--format``, else the suffix of ``--output`` (``.csv``; ``.jsonl`` or
``.ndjson``; any other suffix: csv), else the terminal: a table when stdout is a terminal,
csv when it is not. A table is for the terminal only (never written to a file) and never
cuts a value short. ``--template`` writes one line per row in the style of Sudoku
Explainer's ``serate --format`` (``%g,%r,%p,%d``).

Each row is written with one ``write`` and flushed, so a row is complete on disk before the
next is started. A write that fails (a full disk, a closed pipe) raises :class:`OutputError`
with a one-line message; so does an output path that cannot be opened.
"""
from __future__ import annotations

import csv
import io
import json
import os
from typing import IO

from sudoku_logic.grading.rows import BY_NAME, TEMPLATE_CODES, cell_text

FORMATS = ("table", "csv", "jsonl")
SUFFIXES = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl"}
_NUMERIC = frozenset({"rating", "score", "steps", "ms", "ep", "ed", "se_steps", "hodoku_steps", "line", "index"})


class OutputError(Exception):
    """Output that cannot be written; the message is one line for the user."""


def choose_format(fmt: str | None, output: str | None, terminal: bool) -> str:
    """The row format: ``fmt`` if given, else by the suffix of ``output``, else a table on a
    terminal and csv elsewhere. Raises ValueError (one line) for an unknown format or a
    table asked for a file."""
    if fmt is not None:
        if fmt not in FORMATS:
            raise ValueError(f"unknown format {fmt!r}: use table, csv or jsonl")
        if fmt == "table" and output:
            raise ValueError("a table is for the terminal only: write csv or jsonl to a file")
        return fmt
    if output:
        return SUFFIXES.get(os.path.splitext(output)[1].lower(), "csv")
    return "table" if terminal else "csv"


def open_output(path: str, append: bool = False) -> IO[str]:
    """Open ``path`` for rows (appending to it with ``append``); OutputError if it cannot be."""
    if os.path.isdir(path):
        raise OutputError(f"cannot write {path}: it is a directory")
    try:
        return open(path, "a" if append else "w", encoding="utf-8", newline="")
    except OSError as e:
        raise OutputError(f"cannot write {path}: {e.strerror or e}") from None


def write_error(name: str, e: OSError) -> OutputError:
    """The one-line error for a failed write to ``name`` (a path, or stdout)."""
    return OutputError(f"cannot write {name}: {e.strerror or e}")


class Template:
    """A serate-style line template: ``%`` and a letter of
    :data:`sudoku_logic.grading.rows.TEMPLATE_CODES` print that column (``%e`` the seconds
    spent, as serate prints them), ``%%`` a percent sign; other characters print as they are."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.parts: list[tuple[str, str]] = []  # ("text", s) or ("code", letter)
        i = 0
        buf = []
        while i < len(text):
            ch = text[i]
            if ch != "%":
                buf.append(ch)
                i += 1
                continue
            if i + 1 >= len(text):
                raise ValueError("--template ends with a lone '%': write %% for a percent sign")
            code = text[i + 1]
            if code == "%":
                buf.append("%")
            elif code in TEMPLATE_CODES:
                if buf:
                    self.parts.append(("text", "".join(buf)))
                    buf = []
                self.parts.append(("code", code))
            else:
                codes = " ".join(f"%{c}" for c in TEMPLATE_CODES)
                raise ValueError(f"unknown conversion %{code} in --template: use {codes} or %%")
            i += 2
        if buf:
            self.parts.append(("text", "".join(buf)))

    @property
    def columns(self) -> list[str]:
        """The row columns the template prints, in order, once each."""
        out: list[str] = []
        for kind, s in self.parts:
            if kind == "code" and TEMPLATE_CODES[s] not in out:
                out.append(TEMPLATE_CODES[s])
        return out

    def line(self, row: dict) -> str:
        out = []
        for kind, s in self.parts:
            if kind == "text":
                out.append(s)
            elif s == "e":
                ms = row.get("ms")
                out.append("" if ms is None else f"{ms / 1000:.2f}s")
            else:
                out.append(cell_text(row.get(TEMPLATE_CODES[s])))
        return "".join(out)


class RowWriter:
    """Writes rows to ``fh`` (named ``name`` in messages) as csv, jsonl, a table or template
    lines: the csv header and the table's first, unless ``header`` is False (a resumed file).
    The header goes out with the first row, or at :meth:`finish` for a run that rated
    puzzles but kept none: an input without any puzzle gets no header."""

    def __init__(self, fh: IO[str], fmt: str, columns: list[str], name: str = "stdout",
                 header: bool = True, template: Template | None = None) -> None:
        self.fh, self.fmt, self.name = fh, fmt, name
        self.columns = list(columns)
        self.template = template
        self.widths = [max(BY_NAME[c].width, len(c)) for c in self.columns]
        self._header = ""
        if template is None and header:
            if fmt == "csv":
                self._header = self._csv(self.columns)
            elif fmt == "table":
                self._header = self._table(self.columns)

    def finish(self) -> None:
        """The header, if no row has brought it out yet."""
        if self._header:
            text, self._header = self._header, ""
            self._put(text)

    def _put(self, text: str) -> None:
        try:
            self.fh.write(text)
            self.fh.flush()
        except OSError as e:
            raise write_error(self.name, e) from None

    @staticmethod
    def _csv(values: list[str]) -> str:
        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerow(values)
        return buf.getvalue()

    def _table(self, values: list[str]) -> str:
        cells = [v.rjust(w) if c in _NUMERIC else v.ljust(w) for c, v, w in zip(self.columns, values, self.widths)]
        return "  ".join(cells).rstrip() + "\n"

    def write(self, row: dict) -> None:
        """Write one row (its values of :attr:`columns`) and flush."""
        self.finish()
        if self.template is not None:
            self._put(self.template.line(row) + "\n")
        elif self.fmt == "jsonl":
            self._put(json.dumps({c: row.get(c) for c in self.columns}) + "\n")
        else:
            values = [cell_text(row.get(c)) for c in self.columns]
            self._put(self._csv(values) if self.fmt == "csv" else self._table(values))

    def tell(self) -> int:
        """The output's length so far (for the progress record)."""
        return self.fh.tell()


def json_line(doc: dict) -> str:
    """One JSON document on one line, as ``step --json`` and ``hint --json`` print them."""
    return json.dumps(doc)


def print_json(console, doc: dict) -> None:
    """Print one JSON document on its own line through a rich console; OutputError if the
    write fails."""
    try:
        console.print(json_line(doc), markup=False, highlight=False, soft_wrap=True)
    except OSError as e:
        raise write_error("stdout", e) from None
