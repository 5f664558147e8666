"""One writer for the rows of ``sudoku rate`` and ``sudoku generate`` and the JSON of
``sudoku step``/``sudoku hint``.

The format follows ``--format``, else the suffix of ``--output`` (``.csv``, ``.txt`` or none:
csv; ``.jsonl`` or ``.ndjson``; another suffix is an error), else the terminal: a table when stdout is a terminal,
csv when it is not. ``--template`` writes one line per row in the style of Sudoku
Explainer's ``serate --format`` (``%g,%r,%p,%d``).

csv, jsonl and template lines never cut a value short. A table is for the terminal only
(never written to a file); its columns are as wide as their values can be (the puzzle 81
characters, a hardest column the longest technique name its path can print, the numbers
their natural widths), so that its rows line up. When the terminal's width is known and the
table is wider, the text columns are cut to fit, each value that is too long ending in
"…": the hardest columns first, then the puzzle, then the label and the file, none
narrower than its name; numbers are never cut, so a terminal narrower than the numbers
alone wraps the rows. On a terminal, every text value is cut to its column's width (a
pencilmark puzzle's 729 characters too) but the last column's, which may run to the edge.
A table whose width is unknown (written to a pipe with ``--format table``) cuts nothing.

:class:`LiveBar` keeps a progress bar on the last line of the terminal while rows are
written above it.

Each row is written with one ``write`` and flushed, so a row is complete on disk before the
next is started. A write that fails (a full disk, a closed pipe) raises :class:`OutputError`
with a one-line message; so does an output path that cannot be opened.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Any, cast

from grading.rows import BY_NAME, TEMPLATE_CODES, UNRATED, cell_text

if TYPE_CHECKING:  # rich's live display is loaded by the commands that show a bar
    from rich.progress import Progress

FORMATS = ("table", "csv", "jsonl")
SUFFIXES = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl"}
#: the suffixes of a file that gets csv without --format (none: ``out``, ``/dev/stdout``)
PLAIN_SUFFIXES = frozenset({"", ".txt"})
_NUMERIC = frozenset({"rating", "score", "steps", "ms", "ep", "ed", "se_steps", "hodoku_steps", "line", "index"})
#: the columns a table cuts to fit the terminal, first to last
CUT_ORDER = ("hardest", "se_hardest", "hodoku_hardest", "puzzle", "label", "file")
ELLIPSIS = "…"


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
        suffix = os.path.splitext(output)[1].lower()
        if suffix in SUFFIXES:
            return SUFFIXES[suffix]
        if suffix not in PLAIN_SUFFIXES:
            raise ValueError(
                f"cannot tell the format of {output}: rows are written as csv (.csv, .txt) or jsonl "
                f"(.jsonl, .ndjson), not {suffix}; name the file so, or give --format csv|jsonl"
            )
        return "csv"
    return "table" if terminal else "csv"


def open_output(path: str, append: bool = False) -> IO[str]:
    """Open ``path`` for rows (appending to it with ``append``); OutputError if it cannot be."""
    if os.path.isdir(path):
        raise OutputError(f"cannot write {path}: it is a directory")
    try:
        # a large buffer: rows a caller flushes itself (RowWriter's flush_each) reach the file together
        return open(path, "a" if append else "w", encoding="utf-8", newline="", buffering=1 << 18)
    except OSError as e:
        raise OutputError(f"cannot write {path}: {e.strerror or e}") from None


def write_error(name: str, e: OSError) -> OutputError:
    """The one-line error for a failed write to ``name`` (a path, or stdout)."""
    return OutputError(f"cannot write {name}: {e.strerror or e}")


class Template:
    """A serate-style line template: ``%`` and a letter of
    :data:`grading.rows.TEMPLATE_CODES` print that column (``%e`` the seconds
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


def column_width(name: str, scale: str = "se") -> int:
    """The width of column ``name`` in a table of rows on ``scale``: a hardest column's is the
    longest technique name its path can print (from the rating table), the others' their
    natural width; never less than the name's own."""
    width = BY_NAME[name].width
    if name in ("hardest", "se_hardest", "hodoku_hardest"):
        from grading.tables import RATINGS

        path = scale if name == "hardest" else name.split("_")[0]
        names = [n for n, r in RATINGS.items() if (r.se if path == "se" else r.order) is not None]
        width = max(map(len, [*names, *UNRATED]))
    return max(width, len(name))


#: how narrow a hardest column gets before the puzzle gives way: the common long names whole
HARDEST_FLOOR = len("Dynamic Contradiction Forcing Chains")


def fit_widths(columns: Sequence[str], widths: Sequence[int], room: int | None) -> list[int]:
    """``widths`` of a table's ``columns`` narrowed so that a row (two spaces between
    columns) is at most ``room`` wide: the hardest columns give way down to
    :data:`HARDEST_FLOOR`, then the columns of :data:`CUT_ORDER` in that order, none below
    its name's width. Unchanged when ``room`` is None."""
    out = list(widths)
    excess = sum(out) + 2 * (len(out) - 1) - room if room is not None else 0
    hardest = [name for name in CUT_ORDER if name.endswith("hardest")]
    floors = [(name, HARDEST_FLOOR) for name in hardest]
    floors += [(name, len(name)) for name in CUT_ORDER if name not in hardest]
    floors += [(name, len(name)) for name in hardest]
    for name, floor in floors:
        for i, c in enumerate(columns):
            if c == name and excess > 0:
                cut = max(0, min(excess, out[i] - max(floor, len(c))))
                out[i] -= cut
                excess -= cut
    return out


def terminal_width(fh) -> int | None:
    """The width of the terminal ``fh`` writes to ($COLUMNS if set, as rich reads it), or
    None when ``fh`` is not a terminal."""
    try:
        if not fh.isatty():
            return None
        columns = os.environ.get("COLUMNS", "")
        return int(columns) if columns.isdigit() and int(columns) > 0 else os.get_terminal_size(fh.fileno()).columns
    except (AttributeError, OSError, ValueError):
        return None


def _encodes(fh, text: str) -> bool:
    """Whether ``fh`` can write ``text`` (a stream without an encoding is taken to)."""
    try:
        text.encode(getattr(fh, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class RowFormat:
    """How a row becomes one line of text: csv, jsonl, a table whose text columns are cut to
    fit ``room`` cells (None: nothing cut) with ``ellipsis`` marking a cut, or a template's
    line. Picklable: the worker processes of a run format the rows they rate."""

    def __init__(
        self,
        fmt: str,
        columns: Sequence[str],
        template: Template | None = None,
        *,
        room: int | None = None,
        scale: str = "se",
        ellipsis: str = ELLIPSIS,
    ) -> None:
        self.fmt, self.template, self.ellipsis = fmt, template, ellipsis
        self.columns = list(columns)
        self.room = room if fmt == "table" and template is None else None
        self.widths = fit_widths(self.columns, [column_width(c, scale) for c in self.columns], self.room)
        self.limits = self._limits()
        self._csv_buf: io.StringIO | None = None  # one CSV writer, its buffer emptied for each row
        self._csv_writer: Any = None

    @classmethod
    def for_stream(
        cls,
        fh: IO[str] | None,
        fmt: str,
        columns: Sequence[str],
        template: Template | None = None,
        *,
        width: int | None = None,
        scale: str = "se",
    ) -> RowFormat:
        """The format of rows written to ``fh`` (None: a file): a table fitted to ``width``
        or to the terminal ``fh`` is, "…" where ``fh`` can print it."""
        room = (width or terminal_width(fh)) if fmt == "table" and template is None else None
        ellipsis = ELLIPSIS if fh is None or _encodes(fh, ELLIPSIS) else "..."
        return cls(fmt, columns, template, room=room, scale=scale, ellipsis=ellipsis)

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_csv_buf": None, "_csv_writer": None}

    def header(self) -> str:
        """The header line of csv and of a table; empty for the other formats."""
        if self.template is None and self.fmt in ("csv", "table"):
            return self.csv(self.columns) if self.fmt == "csv" else self.table(self.columns)
        return ""

    def line(self, row: dict) -> str:
        """The row's line (its values of :attr:`columns`), newline included."""
        if self.template is not None:
            return self.template.line(row) + "\n"
        if self.fmt == "jsonl":
            return json.dumps({c: row.get(c) for c in self.columns}) + "\n"
        values = [v if type(v) is str else cell_text(v) for v in map(row.get, self.columns)]
        return self.csv(values) if self.fmt == "csv" else self.table(values)

    def csv(self, values: list[str]) -> str:
        """``values`` as one csv line."""
        if self._csv_buf is None:
            self._csv_buf = io.StringIO()
            self._csv_writer = csv.writer(self._csv_buf, lineterminator="\n")
        buf = self._csv_buf
        buf.seek(0)
        buf.truncate()
        self._csv_writer.writerow(values)
        return buf.getvalue()

    def _limits(self) -> list[int | None]:
        """How many cells each column's value may take: its width on a terminal (the last
        text column: up to the edge), no limit for numbers or when the width is unknown."""
        if self.room is None:
            return [None] * len(self.columns)
        out: list[int | None] = [None if c in _NUMERIC else w for c, w in zip(self.columns, self.widths)]
        if out[-1] is not None:
            out[-1] = max(out[-1], self.room - sum(self.widths[:-1]) - 2 * (len(self.widths) - 1))
        return out

    def _cut(self, text: str, limit: int | None) -> str:
        """``text`` in at most ``limit`` cells, ending in an ellipsis if it had to be cut."""
        from rich.cells import cell_len, set_cell_size  # the table format only: not every run's start

        if limit is None or cell_len(text) <= limit:
            return text
        mark = self.ellipsis if cell_len(self.ellipsis) <= limit else ""
        return set_cell_size(text, limit - cell_len(mark)) + mark

    def table(self, values: list[str]) -> str:
        """``values`` as one table line, each in its column's width."""
        from rich.cells import cell_len

        cells = []
        for c, v, w, limit in zip(self.columns, values, self.widths, self.limits):
            v = self._cut(v, limit)
            pad = " " * max(w - cell_len(v), 0)
            cells.append(pad + v if c in _NUMERIC else v + pad)
        return "  ".join(cells).rstrip() + "\n"


class RowWriter:
    """Writes rows to ``fh`` (named ``name`` in messages) as csv, jsonl, a table or template
    lines: the csv header and the table's first, unless ``header`` is False (a resumed file).
    The header goes out with the first row, or at :meth:`finish` for a run that rated
    puzzles but kept none: an input without any puzzle gets no header.

    A table is fitted to ``width`` columns, by default those of the terminal ``fh`` writes
    to when the writer is made (not a terminal: unknown, nothing cut); its hardest column is
    sized for the names of ``scale``'s path (see the module's docstring); or as ``form`` says.
    :attr:`form` formats the rows (:meth:`write`); lines a worker process formatted with it
    go to :meth:`write_line`."""

    def __init__(
        self,
        fh: IO[str],
        fmt: str,
        columns: list[str],
        name: str = "stdout",
        header: bool = True,
        template: Template | None = None,
        *,
        width: int | None = None,
        scale: str = "se",
        flush_each: bool = True,
        form: RowFormat | None = None,
    ) -> None:
        self.fh, self.fmt, self.name = fh, fmt, name
        self.flush_each = flush_each  # False: the caller flushes (a file read back only by --resume)
        self.columns = list(columns)
        self.template = template
        self.form = form or RowFormat.for_stream(fh, fmt, columns, template, width=width, scale=scale)
        self._header = self.form.header() if header else ""

    def finish(self) -> None:
        """The header, if no row has brought it out yet."""
        if self._header:
            text, self._header = self._header, ""
            self._put(text)

    def _put(self, text: str) -> None:
        try:
            self.fh.write(text)
            if self.flush_each:
                self.fh.flush()
        except OSError as e:
            raise write_error(self.name, e) from None

    def flush(self) -> None:
        """Send what was written to the file; OutputError if that fails."""
        try:
            self.fh.flush()
        except OSError as e:
            raise write_error(self.name, e) from None

    def write(self, row: dict) -> None:
        """Write one row (its values of :attr:`columns`) and flush."""
        self.finish()
        self._put(self.form.line(row))

    def write_line(self, line: str) -> None:
        """Write one row's line as :attr:`form` made it (in a worker process), and flush."""
        self.finish()
        self._put(line)

    def tell(self) -> int:
        """The output's length so far (for the progress record)."""
        return self.fh.tell()


class LiveBar:
    """A rich progress bar drawn live on the last line of its console's terminal (stderr),
    with rows written to stdout scrolling above it; transient: gone when the run ends.

    rich's live display redraws the bar in place, so text sent to the same terminal behind
    its back lands on the bar's line and is partly erased by the next redraw. Rows must go
    through :meth:`rows`: each write hides the bar (the cursor is then at the start of its
    emptied line), writes and flushes its whole lines, and shows the bar again below them.
    Whatever is printed on the bar's own console (errors, notes) goes above it as well.
    Use: ``live = LiveBar(progress)``, write rows to ``live.rows(stdout)``, run
    ``with live:``, advance ``progress``."""

    def __init__(self, progress: Progress) -> None:
        from rich.live import Live

        self.progress = progress
        self.live = Live(
            progress, console=progress.console, transient=True, refresh_per_second=10, redirect_stdout=False
        )

    def __enter__(self) -> LiveBar:
        if not self.progress.disable:
            self.live.start(refresh=True)
        return self

    def __exit__(self, *exc) -> None:
        self.live.stop()

    def rows(self, out: IO[str]) -> IO[str]:
        """The stream to write whole lines to ``out`` through: ``out`` itself unless it is a
        terminal and the bar may be shown (on that terminal or another: hiding it there does
        no harm)."""
        try:
            terminal = out.isatty()
        except (AttributeError, OSError, ValueError):
            terminal = False
        # _AboveBar passes all but write and flush to out (__getattr__): mypy cannot see that
        return cast("IO[str]", _AboveBar(out, self)) if terminal and not self.progress.disable else out


class _AboveBar:
    """``out`` with each write made while the bar of ``bar`` is hidden (see :class:`LiveBar`);
    everything else is ``out``'s own."""

    def __init__(self, out: IO[str], bar: LiveBar) -> None:
        self._out, self._bar = out, bar

    def write(self, text: str) -> int:
        live = self._bar.live
        if not live.is_started:
            return self._out.write(text)
        live.update("", refresh=True)  # the bar erased, the cursor at the start of its line
        try:
            n = self._out.write(text)
            self._out.flush()
        finally:
            live.update(self._bar.progress, refresh=True)
        return n

    def flush(self) -> None:
        self._out.flush()

    def __getattr__(self, name: str):
        return getattr(self._out, name)


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
