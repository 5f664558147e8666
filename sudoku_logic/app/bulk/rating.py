"""``sudoku rate`` on files of any size: read, rate on a pool, write rows in input order.

The pieces: :mod:`sudoku_logic.app.io.reader` cuts the inputs into entries (lazily: memory stays
constant however long they are), :class:`RateJob` rates one entry in a worker, an engine of
:mod:`sudoku_logic.app.bulk.pool` (this process, worker processes, or a Dask cluster with
:mod:`sudoku_logic.app.bulk.dask_pool`) runs the jobs and gives the results back in input order,
:mod:`sudoku_logic.app.io.writer` writes each row as soon as it and every row before it are
done, and :mod:`sudoku_logic.app.bulk.progress` records how far the run got, for ``--resume``.
The row's columns are :mod:`grading.rows`'.

A bad line is reported on stderr with its file and line number (``error: in.txt line 7:
...``), counted and skipped. A puzzle that runs past ``--timeout`` gets a row with hardest
``timeout``; one whose rating process runs out of memory (``--memory``), a row with hardest
``memory``; one whose worker died on each of three tries, a row with hardest ``failed``:
none of those is a bad line, and each such row has ``solved`` false.
"""

from __future__ import annotations

import importlib
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, cast

from grading.rows import (
    DEFAULT_COLUMNS,
    INPUT_COLUMNS,
    UNRATED,
    input_columns,
    paths_needed,
    rating_row,
    unrated_row,
)
from sudoku_logic.api.position import entry_puzzle, rated_grid
from sudoku_logic.app.bulk.pool import (
    Job,
    LocalPool,
    Pool,
    PoolError,
    SerialPool,
    Task,
    guarded,
    package_modules,
)
from sudoku_logic.app.bulk.progress import ProgressRecord, describe_run, prepare_resume, tracks
from sudoku_logic.app.bulk.workers import cpu_count, worker_count
from sudoku_logic.app.io.console import LazyConsole
from sudoku_logic.app.io.reader import Entry, read_all
from sudoku_logic.app.io.settings import differences
from sudoku_logic.app.io.words import counted
from sudoku_logic.app.io.writer import LiveBar, OutputError, RowFormat, RowWriter, Template, open_output
from sudoku_logic.core.context import DEFAULT_SETTINGS, Settings
from sudoku_logic.core.errors import SudokuError
from sudoku_logic.core.formats import EMPTY_CHARS, line_values

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress


@dataclass
class Options:
    """What to compute, how, and which rows to keep."""

    columns: list[str] = field(default_factory=lambda: list(DEFAULT_COLUMNS))
    scale: str = "se"
    techniques: list[str] | None = None
    jobs: int = 0  # worker processes (0: every core; 1: this process), or Dask workers with scheduler="local"
    timeout: float | None = None
    memory_mb: int | None = 2048  # address-space limit of each rating process (None: none)
    min_rating: float | None = None
    max_rating: float | None = None
    levels: set[str] | None = None
    window: int = 0  # tasks between reading and writing (0: the engine's default)
    scheduler: str | None = None  # a Dask scheduler address, or "local"
    chunk: int = 0  # puzzles per Dask task (0: sized to take about half a second)
    template: str | None = None
    settings: Settings = DEFAULT_SETTINGS  # the options of every solve (settings file, --set)

    @property
    def need_se(self) -> bool:
        return paths_needed(self.columns, self.scale)[0] or self.min_rating is not None or self.max_rating is not None

    @property
    def need_hodoku(self) -> bool:
        return paths_needed(self.columns, self.scale)[1] or self.levels is not None

    def keep(self, row: dict) -> bool:
        """Whether a row passes the filters (a row whose value is unknown, a timeout, is kept)."""
        r = row.get("rating")
        if r is not None:
            if self.min_rating is not None and r < self.min_rating - 1e-9:
                return False
            if self.max_rating is not None and r > self.max_rating + 1e-9:
                return False
        lv = row.get("level")
        if self.levels is not None and lv is not None and lv.lower() not in self.levels:
            return False
        return True

    def row_options(self, fmt: str) -> dict:
        """The options that shape the rows (a resumed run must use the same ones)."""
        return {
            "format": fmt,
            "columns": self.columns,
            "scale": self.scale,
            "techniques": self.techniques,
            "min_rating": self.min_rating,
            "max_rating": self.max_rating,
            "levels": sorted(self.levels) if self.levels is not None else None,
            "template": self.template,
            **({"settings": differences(self.settings)} if differences(self.settings) else {}),
        }


# ---------------------------------------------------------------- rating one entry


_SHOWN = str.maketrans({ch: "." for ch in EMPTY_CHARS})


def plain_line(text: str) -> tuple[bytes, str] | None:
    """An entry that is a bare 81-character line of cells: its values as 81 bytes and the
    puzzle its row shows; None for any other entry (the full reader takes those)."""
    s = text.strip()
    values = line_values(s)
    return None if values is None else (values, s.translate(_SHOWN))


def tally(row: dict) -> tuple:
    """What the run's summary counts of a row (:meth:`Summary.count`)."""
    return row.get("hardest"), row.get("solved"), row.get("level"), row.get("rating")


@dataclass(frozen=True)
class Lines:
    """Rows formatted where they are rated (the parent of ``-j N`` then only writes them):
    a row becomes ``(line, tally)``, its line as ``form`` makes it (None where ``keep``, the
    run's filters, drops the row) and :func:`tally`."""

    form: RowFormat
    keep: Callable[[dict], bool]

    def of(self, row: dict) -> tuple[str | None, tuple]:
        return (self.form.line(row) if self.keep(row) else None), tally(row)


@dataclass
class RateJob(Job):
    """Rates one entry's text in a worker: ``("ok", row)`` with the rating columns, or
    ``("error", message)`` for an entry that is not a puzzle with one solution; with
    ``lines``, ``("ok", (line, tally))`` instead of the row (:class:`Lines`).

    Where the compiled engine rates whole paths of the scales asked for
    (:func:`grading.se_batch.rates_whole`), a bare line of cells is rated there, a batch at
    a time (:func:`grading.whole.rate_lines`); every other entry, and every puzzle the
    engine leaves, goes through the :class:`~grading.rater.Rater`, which gives the same
    numbers."""

    techniques: list[str] | None = None
    se: bool = True
    hodoku: bool = True
    scale: str = "se"
    settings: Settings = DEFAULT_SETTINGS
    lines: Lines | None = None

    @property
    def preload(self) -> tuple[str, ...]:  # type: ignore[override]
        from grading import se_batch

        if se_batch.rates_whole(self.techniques, self.se, self.hodoku, self.settings):
            # whole paths in C: the Python path's modules only where a puzzle needs them
            return (
                "grading.rating",
                "grading.se_batch",
                "grading.hodoku_batch",
                "grading.whole",
                "sudoku_logic.api.position",
            )
        return (
            "grading.rater",
            "grading.se_batch",
            "grading.hodoku_batch",
            "grading.whole",
            "sudoku_logic.api.position",
            "sudoku_logic.core.dlx",
            *package_modules("strategies"),
        )

    def __getstate__(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k not in ("_rater", "_whole")}

    def import_all(self) -> None:
        """The preloaded modules and the Rater's, which an entry the engine leaves needs."""
        super().import_all()
        import grading.rater  # noqa: F401

        for name in package_modules("strategies"):
            importlib.import_module(name)

    def setup(self) -> None:
        from grading import se_batch

        self._rater = None  # made when first needed: a run of bare lines in C may never need it
        # the SE settings are SE's own: the options of --set are HoDoKu's
        self._whole = se_batch.rates_whole(self.techniques, self.se, self.hodoku, self.settings)

    @property
    def rater(self):
        """The Rater of this job's techniques and scales (made once)."""
        if self._rater is None:
            from grading.rater import Rater

            self._rater = Rater(self.techniques, se=self.se, hodoku=self.hodoku, settings=self.settings)
        return self._rater

    def run(self, text: str) -> tuple[str, object]:
        return self.run_batch([text])[0]

    def run_batch(self, texts: list) -> list[tuple[str, object]]:
        out: list = [None] * len(texts)
        if self._whole:
            from grading.whole import rate_lines

            lines = [plain_line(t) for t in texts]
            todo = [(i, line) for i, line in enumerate(lines) if line is not None]
            if todo:
                rated = rate_lines([line for _, line in todo], self.se, self.hodoku)
                for (i, _), rating in zip(todo, rated):
                    if rating is not None:
                        out[i] = ("ok", rating_row(rating, self.scale))
        slow = _RaterJob(self)
        done = [got if got is not None else guarded(slow, texts[i]) for i, got in enumerate(out)]
        if self.lines is None:
            return done
        return [(kind, self.lines.of(cast(dict, got))) if kind == "ok" else (kind, got) for kind, got in done]


@dataclass
class _RaterJob(Job):
    """One entry through the Rater (what :class:`RateJob` does where the engine does not)."""

    of: RateJob

    def run(self, text: str) -> tuple[str, object]:
        try:
            grid, puzzle = rated_grid(text)
            rating = self.of.rater.rate(grid, puzzle, unique=None)  # not one solution: an error
        except SudokuError as e:
            return "error", str(e)
        return "ok", rating_row(rating, self.of.scale)


# ---------------------------------------------------------------- summary


@dataclass
class Summary:
    """Counts for the summary a run prints on stderr at the end."""

    rated: int = 0
    kept: int = 0
    bad: int = 0
    unrated: Counter = field(default_factory=Counter)
    unsolved: int = 0
    levels: Counter = field(default_factory=Counter)
    ratings: Counter = field(default_factory=Counter)
    hardest: Counter = field(default_factory=Counter)
    started: float = field(default_factory=time.perf_counter)

    def count(self, hardest: str | None, solved: bool | None, level: str | None, rating: float | None) -> None:
        """Count a row by its :func:`tally`."""
        self.rated += 1
        if hardest in UNRATED:
            self.unrated[hardest] += 1
            return
        if solved is False:
            self.unsolved += 1
        if level:
            self.levels[level] += 1
        if rating is not None:
            self.ratings[int(rating)] += 1
        if hardest:
            self.hardest[hardest] += 1

    def lines(self, scale: str) -> list[str]:
        from grading.tables import LEVELS

        secs = time.perf_counter() - self.started
        rate = self.rated / secs if secs > 0 else 0.0
        lines = [
            f"rated {counted(self.rated, 'puzzle')} in {secs:.1f} s ({rate:.1f} puzzles/s); "
            f"{counted(self.kept, 'row')} written; {counted(self.bad, 'bad line')}; "
            f"{counted(self.unrated['timeout'], 'timeout')}; {self.unsolved} not solved by logic"
        ]
        if self.unrated["memory"] or self.unrated["failed"]:
            lines.append(f"{self.unrated['memory']} out of memory; {self.unrated['failed']} failed (worker died)")
        if self.levels:
            lines.append("levels: " + ", ".join(f"{lv} {self.levels[lv]}" for lv in LEVELS if self.levels[lv]))
        if self.ratings:
            top = max(self.ratings.values())
            lines.append("ratings:")
            for k in range(min(self.ratings), max(self.ratings) + 1):
                n = self.ratings.get(k, 0)
                bar = "#" * (round(40 * n / top) if n else 0)
                lines.append(f"  {k:>2}.0-{k}.9 {n:>8} {bar}")
        if self.hardest:
            path = "SE's" if scale == "se" else "HoDoKu's"
            lines.append(f"hardest technique ({path} path):")
            width = max(len(name) for name in self.hardest)
            for name, n in sorted(self.hardest.items(), key=lambda kv: (-kv[1], kv[0])):
                lines.append(f"  {name:<{width}} {n:>8}")
        return lines


# ---------------------------------------------------------------- the run


def _count_lines(paths: Sequence[str]) -> int | None:
    total = 0
    for p in paths:
        if p == "-" or not os.path.isfile(p):
            return None
        with open(p, "rb") as fh:
            total += sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b""))
    return total


def _tasks(entries: Iterator[Entry]) -> Iterator[Task]:
    for entry in entries:
        if entry.error is not None:
            yield Task(entry.index, item=entry, done=("bad", str(entry.error)))
        else:
            yield Task(entry.index, entry.text, item=entry)


#: how often the rows of a tracked output file are flushed and its progress recorded (every so
#: many seconds or entries, within the file's buffer): a run stopped in between, even killed,
#: is resumed from the last record, the rows after it done again
RECORD_SECONDS = 0.05
RECORD_ROWS = 500

#: entries rated at once in this process (``--jobs 1``) when every input is a regular file
BATCH = 64


def most_puzzles(paths: Sequence[str], enough: int) -> int | None:
    """At most how many entries ``paths`` hold (each file's lines that are not blank; a
    literal puzzle is one), counted up to ``enough``; None where stdin or a pipe is read."""
    total = 0
    for path in paths:
        if path == "-" or (os.path.exists(path) and not os.path.isfile(path)):
            return None
        if not os.path.isfile(path):
            total += 1
            continue
        try:
            with open(path, "rb") as fh:
                for line in fh:
                    total += bool(line.strip())
                    if total >= enough:
                        return total
        except OSError:
            total += 1  # the reader says what is wrong with it
    return total


def make_pool(job: Job, opts: Options, batch: int = 1) -> Pool:
    """The engine that runs ``job`` for these options (see :mod:`sudoku_logic.app.bulk.pool`);
    ``batch``: entries at a time in this process (1 for input that may come slowly: rows go
    out as each is done)."""
    if opts.scheduler:
        from sudoku_logic.app.bulk.dask_pool import DaskPool

        return DaskPool(
            job,
            opts.scheduler,
            jobs=opts.jobs,
            timeout=opts.timeout,
            memory_mb=opts.memory_mb,
            chunk=opts.chunk,
            window=opts.window,
        )
    if opts.jobs == 1:
        return SerialPool(job, opts.timeout, batch=batch)
    return LocalPool(job, opts.jobs, opts.timeout, opts.memory_mb, opts.window, read_chunk=batch)


def _bar(err: Console | LazyConsole) -> Progress:
    """The progress bar of a rating run, drawn on ``err`` (rich's live display is loaded only
    for a run that shows it)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(
        TextColumn("rating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err.console if isinstance(err, LazyConsole) else err,
    )


def rate_files(
    paths: Sequence[str],
    opts: Options,
    fmt: str = "csv",
    output: str | None = None,
    *,
    out: IO[str] | None = None,
    err: Console | LazyConsole | None = None,
    progress: bool = True,
    resume: bool = False,
    summary: bool = True,
) -> bool:
    """Rate every entry of ``paths`` in order and write the rows; return False if any entry
    was bad. With ``progress`` and ``err`` a terminal, a bar on ``err`` stays below the rows
    and the messages (see :class:`~sudoku_logic.app.io.writer.LiveBar`) and is gone at the end.

    Raises OutputError, ResumeError or PoolError (one-line messages) for problems that stop
    the run; on Ctrl-C says how far it got and how to go on, and raises KeyboardInterrupt.
    """
    err = err or LazyConsole(stderr=True, highlight=False, soft_wrap=True)
    if not opts.scheduler:
        opts.jobs, note = worker_count(
            opts.jobs, most_puzzles(paths, enough=cpu_count())
        )  # never more workers than cores
        if note:
            err.print(f"note: {note}", markup=False, highlight=False)
    template = Template(opts.template) if opts.template else None
    if output and os.path.isdir(output):
        raise OutputError(f"cannot write {output}: it is a directory")
    run = describe_run(paths, opts.row_options(fmt))
    form = RowFormat.for_stream(None if output else (out or sys.stdout), fmt, opts.columns, template, scale=opts.scale)
    shows_input = any(c in INPUT_COLUMNS for c in (template.columns if template else opts.columns))
    here = Lines(form, opts.keep)  # the lines of the rows this process makes
    job = RateJob(
        opts.techniques,
        se=opts.need_se,
        hodoku=opts.need_hodoku,
        scale=opts.scale,
        settings=opts.settings,
        lines=None if shows_input else here,  # the input columns are this process's
    )
    files = all(p != "-" and os.path.isfile(p) for p in paths)
    pool = make_pool(job, opts, BATCH if files else 1)
    pool.start()  # workers ready (or one line why not) before the output is touched
    record = None
    fh = None
    complete = False
    written = 0
    summ = Summary()
    try:
        skip, size = (
            prepare_resume(output, run, fmt, opts.columns, paths, template is not None) if resume and output else (0, 0)
        )
        fh = open_output(output, append=resume) if output else (out or sys.stdout)
        record = ProgressRecord(output, run) if tracks(output) else None
        bar = _bar(err) if progress and err.is_terminal else None
        live = LiveBar(bar) if bar is not None else nullcontext()  # the bar stays below the rows on a terminal
        writer = RowWriter(
            live.rows(fh) if isinstance(live, LiveBar) else fh,
            fmt,
            opts.columns,
            name=output or "stdout",
            header=size == 0,
            template=template,
            scale=opts.scale,
            flush_each=record is None,  # a tracked file is flushed with its record, every RECORD_SECONDS
            form=form,
        )
        if record:
            record.record(skip, writer.tell())
        recorded, unrecorded = time.perf_counter(), 0
        ok = True
        with live:
            bar_task = bar.add_task("rate", total=_count_lines(paths)) if bar is not None else None
            for task, kind, payload in pool.run(_tasks(read_all(paths, parse=False, skip=skip))):
                if bar is not None and bar_task is not None:
                    bar.advance(bar_task)
                entry = cast(Entry, task.item)  # what _tasks put there
                if kind in ("bad", "error"):
                    ok = False
                    summ.bad += 1
                    err.print(f"error: {entry.where}{payload}", markup=False, highlight=False)
                else:
                    if kind == "ok" and job.lines is not None:
                        line, counts = cast(tuple, payload)  # made by the worker
                    else:
                        row = cast(dict, payload) if kind == "ok" else _unrated(entry, kind, payload, err)
                        if shows_input:  # input_columns is annotated str/int, but takes None for a literal
                            row.update(
                                input_columns(entry.source or None, entry.lineno or None, entry.index, entry.label)
                            )
                        line, counts = here.of(row)
                    if summary:
                        summ.count(*counts)
                    else:
                        summ.rated += 1  # the rest of the counts are for the summary alone
                    if line is not None:
                        # counted first: on a terminal the write ends by drawing the bar again,
                        # and a Ctrl-C seen after that must count the row above it
                        written += 1
                        writer.write_line(line)
                        summ.kept += 1
                unrecorded += 1
                if record and (unrecorded >= RECORD_ROWS or time.perf_counter() - recorded >= RECORD_SECONDS):
                    writer.flush()
                    record.record(entry.index, writer.tell())
                    recorded, unrecorded = time.perf_counter(), 0
            if record and summ.rated + summ.bad:
                writer.flush()
                record.record(entry.index, writer.tell())
        if summ.rated:
            writer.finish()  # rows were rated, none kept: the header alone
        complete = True
    except KeyboardInterrupt:
        more = "; run the same command with --resume to continue" if record else ""
        err.print(f"interrupted after {counted(written, 'row')}{more}", markup=False, highlight=False)
        raise
    except PoolError as e:
        if record and getattr(e, "resumable", False):
            raise PoolError(f"{e}; run the same command with --resume to continue") from None
        raise
    finally:
        pool.close()
        if record:
            record.close(complete)
        if output and fh is not None:
            try:
                fh.close()
            except OSError:  # what failed to be written was reported when it failed
                pass
    if summary:
        for line in summ.lines(opts.scale):
            err.print(line, markup=False, highlight=False)
        if opts.techniques is not None:
            err.print("techniques: " + ", ".join(opts.techniques), markup=False, highlight=False)
        if differences(opts.settings):  # a rating is reproducible only with these
            err.print(
                "settings (differing from the defaults): " + ", ".join(differences(opts.settings)),
                markup=False,
                highlight=False,
            )
    return ok


def _unrated(entry: Entry, kind: str, payload, err: Console | LazyConsole) -> dict:
    """The row of a puzzle that got no rating, and a note on stderr for the rarer reasons."""
    puzzle = entry_puzzle(entry.text) or entry.text.strip().split()[0]
    if kind == "timeout":
        return unrated_row(puzzle, "timeout", payload * 1000)
    err.print(f"note: {entry.where}{payload}: its row says hardest={kind}", markup=False, highlight=False)
    return unrated_row(puzzle, kind, 0.0)
