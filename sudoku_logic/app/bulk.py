"""Bulk rating: stream puzzles from files, rate them on all cores, write rows in input order.

Memory stays constant however long the input: lines are read lazily and at most ``window``
puzzles are between reading and writing at any time. Each row is written with one ``write``
and flushed as soon as it and every row before it are rated.

Workers are plain processes fed over pipes, so a puzzle that runs past ``--timeout`` can be
stopped by killing its worker (a fresh one takes its place); the puzzle gets a row with
``solved=false`` and hardest ``timeout``. With ``--jobs 1`` everything runs in this process and
the timeout is a ``SIGALRM`` timer.

``--resume``: next to the output file a progress file (``OUTPUT.progress``) records, after
every input entry, how many entries were consumed and how long the output was then. A resumed
run truncates the output to that length (dropping any row written after the last record,
half a row included) and skips that many entries, so no row is lost or repeated. Without a
progress file a resume keeps the complete rows (a trailing partial line is cut) and skips as
many entries as there are rows.
"""
from __future__ import annotations

import csv
import io
import json
import os
import queue
import signal
import threading
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing import Process, Pipe
from multiprocessing.connection import Connection, wait
from typing import IO, Iterator, Sequence

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from sudoku_logic.core.formats import Entry
from sudoku_logic.app.inputs import entries, where

COLUMNS = ["puzzle", "rating", "level", "score", "hardest", "solved", "steps", "ms"]
EXTRA_COLUMNS = ["ep", "ed", "se_hardest", "hodoku_hardest", "se_steps", "hodoku_steps"]
ALL_COLUMNS = COLUMNS + EXTRA_COLUMNS
_SE_COLUMNS = {"rating", "ep", "ed", "se_hardest", "se_steps"}
_HODOKU_COLUMNS = {"level", "score", "hodoku_hardest", "hodoku_steps"}


@dataclass
class Options:
    """What to compute and which rows to keep."""

    fmt: str = "csv"
    columns: list[str] = field(default_factory=lambda: list(COLUMNS))
    scale: str = "se"
    techniques: list[str] | None = None
    jobs: int = 0
    timeout: float | None = None
    min_rating: float | None = None
    max_rating: float | None = None
    levels: set[str] | None = None
    window: int = 0
    memory_mb: int | None = 2048  # address-space ceiling of each rating process (None: none)

    @property
    def need_se(self) -> bool:
        return bool(_SE_COLUMNS & set(self.columns)) or self.min_rating is not None \
            or self.max_rating is not None or (self.scale == "se" and bool({"hardest", "steps"} & set(self.columns)))

    @property
    def need_hodoku(self) -> bool:
        return bool(_HODOKU_COLUMNS & set(self.columns)) or self.levels is not None \
            or (self.scale == "hodoku" and bool({"hardest", "steps"} & set(self.columns)))

    def keep(self, row: dict) -> bool:
        """Whether a row passes the filters (rows whose value is unknown, timeouts, are kept)."""
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


# ---------------------------------------------------------------- rating one puzzle

_RATER = None


def _make_rater(opts: Options):
    from sudoku_logic.grading.rater import Rater
    return Rater(opts.techniques, se=opts.need_se, hodoku=opts.need_hodoku)


def rate_text(rater, text: str, scale: str) -> tuple[str, object]:
    """Rate one input line: ("ok", row) or ("error", message)."""
    from sudoku_logic.core import dlx
    from sudoku_logic.core.errors import SudokuError
    from sudoku_logic.core.formats import parse
    try:
        grid = parse(text)
        dlx.unique_solution(grid)
    except SudokuError as e:
        return "error", str(e)
    try:
        return "ok", rater.rate(grid, grid.values_string()).row(scale)
    except MemoryError:
        return "error", "ran out of memory while rating (see --memory)"
    except Exception as e:  # a bug in a finder must not stop a run of millions
        return "error", f"internal error while rating: {type(e).__name__}: {e}"


def limit_memory(mb: int | None) -> None:
    """Cap this process's address space at ``mb`` MiB, so that a puzzle whose search runs
    away raises MemoryError (reported as that puzzle's error) instead of exhausting the
    machine. Leaves a lower existing limit alone; does nothing where rlimits are missing."""
    if not mb:
        return
    try:
        import resource
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    want = mb << 20
    if soft == resource.RLIM_INFINITY or soft > want:
        if hard != resource.RLIM_INFINITY:
            want = min(want, hard)
        resource.setrlimit(resource.RLIMIT_AS, (want, hard))


def _worker(conn: Connection, opts: Options, parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    limit_memory(opts.memory_mb)
    rater = _make_rater(opts)
    while True:
        while not conn.poll(1.0):
            if os.getppid() != parent:
                return  # the parent was killed (SIGKILL leaves no one to tell us): stop too
        msg = conn.recv()
        if msg is None:
            return
        seq, text = msg
        conn.send((seq, rate_text(rater, text, opts.scale)))


def timeout_row(puzzle: str, seconds: float) -> dict:
    """The row of a puzzle whose rating ran past the timeout."""
    return {"puzzle": puzzle, "rating": None, "level": None, "score": None, "hardest": "timeout",
            "solved": False, "steps": None, "ms": round(seconds * 1000, 1), "ep": None, "ed": None,
            "se_hardest": "timeout", "hodoku_hardest": "timeout", "se_steps": None, "hodoku_steps": None}


# ---------------------------------------------------------------- input

@dataclass
class Item:
    seq: int
    path: str
    entry: Entry


def _items(paths: Sequence[str], skip: int) -> Iterator[Item]:
    seq = 0
    for path in paths:
        for entry in entries(path):
            if seq >= skip:
                yield Item(seq, path, entry)
            seq += 1


def _puzzle_text(entry: Entry) -> str:
    return entry.grid.values_string() if entry.grid is not None else entry.text.strip()


# ---------------------------------------------------------------- engines

class _Slot:
    """One worker process and the puzzle it is rating."""

    def __init__(self, opts: Options) -> None:
        self.opts = opts
        self.start()

    def start(self) -> None:
        self.conn, child = Pipe()
        self.proc = Process(target=_worker, args=(child, self.opts, os.getpid()), daemon=True)
        self.proc.start()
        child.close()
        self.item: Item | None = None
        self.since = 0.0

    def send(self, item: Item) -> None:
        self.item, self.since = item, time.monotonic()
        self.conn.send((item.seq, _puzzle_text(item.entry)))

    def kill(self) -> None:
        self.proc.kill()
        self.proc.join()
        self.conn.close()

    def stop(self) -> None:
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.proc.join(timeout=2)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
        self.conn.close()


_END = object()
#: Name of the input-reader thread of a parallel run.
READER_THREAD = "sudoku-rate-reader"


def _reader(items: Iterator[Item], q: "queue.Queue", wake_fd: int, stop: threading.Event) -> None:
    """Read input in a thread (a slow stdin never holds up finished rows); the bounded queue
    keeps read-ahead, hence memory, constant. Each put is signalled on ``wake_fd``; once
    ``stop`` is set nothing more is put or signalled (:func:`_parallel` waits for this
    thread before it closes the pipe, so no byte can land in a reused descriptor)."""

    def put(x) -> bool:
        while not stop.is_set():
            try:
                q.put(x, timeout=0.2)
            except queue.Full:
                continue
            if not stop.is_set():
                os.write(wake_fd, b"x")
            return True
        return False

    try:
        for item in items:
            if not put(item):
                return
    except BaseException as e:  # reported by the main thread
        put(e)
    put(_END)


def _parallel(items: Iterator[Item], opts: Options) -> Iterator[tuple[Item, str, object]]:
    """(item, kind, payload) in input order, rated by ``opts.jobs`` worker processes."""
    window = opts.window or opts.jobs * 16
    slots = [_Slot(opts) for _ in range(opts.jobs)]
    q: queue.Queue = queue.Queue(maxsize=window)
    wake_r, wake_w = os.pipe()
    stop = threading.Event()
    thread = threading.Thread(target=_reader, args=(items, q, wake_w, stop), daemon=True,
                              name=READER_THREAD)
    thread.start()
    done: dict[int, tuple[Item, str, object]] = {}
    waiting: list[Item] = []  # read, not yet sent, in order
    next_out = None
    exhausted = False
    try:
        while True:
            in_flight = sum(s.item is not None for s in slots)
            while not exhausted and len(waiting) + len(done) + in_flight < window:
                try:
                    item = q.get_nowait()
                except queue.Empty:
                    break
                if item is _END:
                    exhausted = True
                    break
                if isinstance(item, BaseException):
                    raise item
                if next_out is None:
                    next_out = item.seq
                if item.entry.error is not None:
                    done[item.seq] = (item, "bad", str(item.entry.error))
                else:
                    waiting.append(item)
            for s in slots:
                if s.item is None and waiting:
                    s.send(waiting.pop(0))
            while next_out is not None and next_out in done:
                yield done.pop(next_out)
                next_out += 1
            busy = [s for s in slots if s.item is not None]
            if exhausted and not busy and not waiting and not done:
                return
            limit = None
            if opts.timeout and busy:
                limit = max(0.0, min(s.since for s in busy) + opts.timeout - time.monotonic())
            room = len(waiting) + len(done) + len(busy) < window
            sources = [s.conn for s in busy] + ([wake_r] if room and not exhausted else [])
            if not sources:  # window full of rows waiting on one slow puzzle: nothing to read
                sources = [s.conn for s in busy]
            for ready in wait(sources, timeout=limit):
                if ready == wake_r:
                    os.read(wake_r, 4096)
                    continue
                s = next(x for x in busy if x.conn is ready)
                try:
                    seq, (kind, payload) = ready.recv()
                except EOFError:  # the worker died (out of memory, killed): report and replace
                    done[s.item.seq] = (s.item, "error", "internal error: worker process died")
                    s.kill()
                    s.start()
                    continue
                done[seq] = (s.item, kind, payload)
                s.item = None
            if opts.timeout:
                now = time.monotonic()
                for s in busy:
                    if s.item is not None and now - s.since > opts.timeout:
                        done[s.item.seq] = (s.item, "timeout", now - s.since)
                        s.kill()
                        s.start()
    finally:
        stop.set()
        for s in slots:
            if s.item is not None:
                s.kill()
            else:
                s.stop()
        # the reader sees ``stop`` within 0.2 s, unless it is blocked reading its input (a
        # stdin that sends nothing): then leave the pipe open rather than let a late write
        # reach a descriptor number reused by the next run's pipes
        thread.join(timeout=2.0)
        if not thread.is_alive():
            os.close(wake_r)
            os.close(wake_w)


class _Alarm(BaseException):
    pass


def _serial(items: Iterator[Item], opts: Options) -> Iterator[tuple[Item, str, object]]:
    """(item, kind, payload) rated in this process; the timeout is a SIGALRM timer."""
    rater = _make_rater(opts)
    use_alarm = bool(opts.timeout) and hasattr(signal, "setitimer")

    def on_alarm(signum, frame):
        raise _Alarm()

    old = signal.signal(signal.SIGALRM, on_alarm) if use_alarm else None
    try:
        for item in items:
            if item.entry.error is not None:
                yield item, "bad", str(item.entry.error)
                continue
            t0 = time.monotonic()
            try:
                if use_alarm:
                    signal.setitimer(signal.ITIMER_REAL, opts.timeout)
                kind, payload = rate_text(rater, _puzzle_text(item.entry), opts.scale)
            except _Alarm:
                kind, payload = "timeout", time.monotonic() - t0
            finally:
                if use_alarm:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            yield item, kind, payload
    finally:
        if use_alarm:
            signal.signal(signal.SIGALRM, old)


# ---------------------------------------------------------------- output

def _cell(v) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return f"{v:.1f}"
    return str(v)


class RowWriter:
    """Writes rows as csv or jsonl lines (one write and a flush per row), or a table at the end."""

    def __init__(self, fmt: str, fh: IO[str], console: Console, columns: list[str] | None = None,
                 header: bool = True) -> None:
        self.fmt, self.fh, self.console = fmt, fh, console
        self.columns = list(columns or COLUMNS)
        self.rows: list[dict] = []
        if fmt == "csv" and header:
            self._line(self.columns)

    def _line(self, values: list[str]) -> None:
        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerow(values)
        self.fh.write(buf.getvalue())
        self.fh.flush()

    def write(self, row: dict) -> None:
        if self.fmt == "csv":
            self._line([_cell(row.get(c)) for c in self.columns])
        elif self.fmt == "jsonl":
            self.fh.write(json.dumps({c: row.get(c) for c in self.columns}) + "\n")
            self.fh.flush()
        else:
            self.rows.append(row)

    def close(self) -> None:
        if self.fmt != "table":
            return
        table = Table(*self.columns, show_lines=False)
        for row in self.rows:
            table.add_row(*(_cell(row.get(c)) for c in self.columns))
        if self.fh is sys.stdout:
            self.console.print(table)
        else:
            Console(file=self.fh, width=200, no_color=True).print(table)


class Progress_:
    """The ``OUTPUT.progress`` record: entries consumed and output length, rewritten in place."""

    def __init__(self, output: str) -> None:
        self.path = output + ".progress"
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)

    def record(self, consumed: int, size: int) -> None:
        os.pwrite(self.fd, f"{consumed:20d} {size:20d}\n".encode(), 0)

    def close(self) -> None:
        os.close(self.fd)

    @staticmethod
    def read(output: str) -> tuple[int, int] | None:
        try:
            with open(output + ".progress", encoding="ascii") as fh:
                a, b = fh.read().split()
            return int(a), int(b)
        except (OSError, ValueError):
            return None


def _prepare_resume(output: str, fmt: str) -> tuple[int, bool]:
    """Cut the output back to its last safe point; return (entries to skip, header present)."""
    if not os.path.exists(output):
        return 0, False
    rec = Progress_.read(output)
    with open(output, "rb+") as fh:
        data_len = fh.seek(0, os.SEEK_END)
        if rec is not None and rec[1] <= data_len:
            skip, size = rec
        else:  # no progress record: keep complete lines, one entry per row
            fh.seek(0)
            data = fh.read()
            size = data.rfind(b"\n") + 1
            rows = data[:size].count(b"\n") - (1 if fmt == "csv" and size else 0)
            skip = max(rows, 0)
        fh.truncate(size)
    return skip, size > 0


# ---------------------------------------------------------------- summary

@dataclass
class Summary:
    rated: int = 0
    kept: int = 0
    bad: int = 0
    timeouts: int = 0
    unsolved: int = 0
    levels: Counter = field(default_factory=Counter)
    ratings: Counter = field(default_factory=Counter)
    started: float = field(default_factory=time.perf_counter)

    def add(self, row: dict) -> None:
        self.rated += 1
        if row.get("hardest") == "timeout":
            self.timeouts += 1
            return
        if not row.get("solved"):
            self.unsolved += 1
        if row.get("level"):
            self.levels[row["level"]] += 1
        if row.get("rating") is not None:
            self.ratings[int(row["rating"])] += 1

    def print(self, err: Console) -> None:
        from sudoku_logic.grading.tables import LEVELS
        secs = time.perf_counter() - self.started
        rate = self.rated / secs if secs > 0 else 0.0
        lines = [f"rated {self.rated} puzzles in {secs:.1f} s ({rate:.1f} puzzles/s); "
                 f"{self.kept} rows written; {self.bad} bad lines; {self.timeouts} timeouts; "
                 f"{self.unsolved} not solved by logic"]
        if self.levels:
            lines.append("levels: " + ", ".join(f"{lv} {self.levels[lv]}" for lv in LEVELS if self.levels[lv]))
        if self.ratings:
            top = max(self.ratings.values())
            lines.append("ratings:")
            for k in range(min(self.ratings), max(self.ratings) + 1):
                n = self.ratings.get(k, 0)
                bar = "#" * (round(40 * n / top) if n else 0)
                lines.append(f"  {k:>2}.0-{k}.9 {n:>8} {bar}")
        for line in lines:
            err.print(line, markup=False, highlight=False)


# ---------------------------------------------------------------- entry point

def _count_lines(paths: Sequence[str]) -> int | None:
    total = 0
    for p in paths:
        if p == "-" or not os.path.isfile(p):
            return None
        with open(p, "rb") as fh:
            total += sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b""))
    return total


def rate_files(paths: Sequence[str], fmt: str = "csv", output: str | None = None,
               techniques: str | list[str] | None = None, progress: bool = True,
               out: Console | None = None, err: Console | None = None, *,
               opts: Options | None = None, resume: bool = False, summary: bool = True) -> bool:
    """Rate every position of ``paths`` in order; return False if any input was bad.

    Bad lines are reported on stderr with their file and line number, skipped and counted.
    """
    out = out or Console()
    err = err or Console(stderr=True)
    opts = opts or Options()
    opts.fmt = fmt
    if techniques is not None and opts.techniques is None:
        opts.techniques = [n.strip() for n in techniques.split(",") if n.strip()] \
            if isinstance(techniques, str) else list(techniques)
    if opts.jobs <= 0:
        opts.jobs = os.cpu_count() or 1
    skip, has_header = (_prepare_resume(output, fmt) if resume and output else (0, False))
    if output:
        fh = open(output, "a" if resume else "w", encoding="utf-8", newline="")
    else:
        fh = sys.stdout
    tracker = Progress_(output) if output and fmt != "table" else None
    writer = RowWriter(fmt, fh, out, opts.columns, header=not has_header)
    if tracker:
        tracker.record(skip, fh.tell())
    summ = Summary()
    ok = True
    items = _items(paths, skip)
    engine = _serial(items, opts) if opts.jobs == 1 else _parallel(items, opts)
    bar = Progress(TextColumn("rating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=err, transient=True, disable=not progress or not err.is_terminal)
    try:
        with bar:
            task = bar.add_task("rate", total=_count_lines(paths))
            for item, kind, payload in engine:
                bar.advance(task)
                if kind in ("bad", "error"):
                    ok = False
                    summ.bad += 1
                    err.print(f"error: {where(item.path, item.entry)}{payload}", markup=False, highlight=False)
                else:
                    row = payload if kind == "ok" else timeout_row(_puzzle_text(item.entry), payload)
                    summ.add(row)
                    if opts.keep(row):
                        writer.write(row)
                        summ.kept += 1
                if tracker:
                    tracker.record(item.seq + 1, fh.tell())
        writer.close()
    finally:
        engine.close()
        if tracker:
            tracker.close()
        if output:
            fh.close()
    if summary:
        summ.print(err)
    return ok
