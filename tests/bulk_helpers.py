"""Helpers for the tests of `sudoku rate` on files: real processes, files, rows."""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args, stdin=None, timeout=300, summary=True, **kw) -> subprocess.CompletedProcess:
    """``sudoku rate ARGS`` in a fresh process (with ``--summary`` unless told otherwise)."""
    extra = ["--summary"] if summary else []
    return subprocess.run(
        [sys.executable, "-m", "sudoku_logic", "rate", *extra, *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=timeout,
        cwd=ROOT,
        **kw,
    )


def dotted(p: str) -> str:
    return p.replace("0", ".")


def rows_of(path) -> list[dict]:
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def without_ms(rows: list[dict]) -> list[dict]:
    return [{k: v for k, v in row.items() if k != "ms"} for row in rows]


def write(tmp_path, name: str, lines: list[str]) -> Path:
    f = tmp_path / name
    f.write_text("\n".join(lines) + "\n")
    return f


def _by_parent() -> dict[int, list[int]]:
    """Live processes by their parent's pid, from one pass over /proc (Linux)."""
    out: dict[int, list[int]] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z":
                out.setdefault(int(fields[1]), []).append(int(d))
    return out


def children(pid: int) -> list[int]:
    """Live processes whose parent is ``pid`` (Linux /proc)."""
    return _by_parent().get(pid, [])


def descendants(pid: int) -> list[int]:
    """Every live process below ``pid`` (one pass over /proc, so that a caller about to
    signal ``pid`` does not keep it waiting)."""
    kids = _by_parent()
    out, todo = [], [pid]
    while todo:
        found = kids.get(todo.pop(), [])
        out += found
        todo += found
    return out


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline") as fh:
            return fh.read()
    except OSError:
        return ""


def rating_workers(pid: int) -> list[int]:
    """The worker processes of the run ``pid``: its forked children, and a fork server's
    children (a run that started threads before a worker starts them there)."""
    kids = _by_parent()
    out = []
    for child in kids.get(pid, []):
        line = _cmdline(child)
        if "forkserver" in line:
            out += kids.get(child, [])
        elif "resource_tracker" not in line:
            out.append(child)
    return out


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def rows_written(path: Path) -> int:
    """Complete rows in a csv output so far (the header not counted)."""
    try:
        return max(path.read_bytes().count(b"\n") - 1, 0)
    except OSError:
        return 0


def start_and_stop(args: list[str], out: Path, rows: int, sig=signal.SIGKILL, timeout: float = 120):
    """Start ``sudoku rate ARGS`` (writing ``out``), send it ``sig`` once ``out`` holds at
    least ``rows`` rows, wait for it; returns (the finished process, its descendants when
    it was stopped); the process's output is in its ``out`` and ``err``, whether it was
    still running when signalled in ``running`` and the rows it had written in
    ``rows_before``."""
    # started as from a terminal: a shell running the tests in the background (no job
    # control) ignores SIGINT, and a child would inherit that and never see the Ctrl-C; a
    # handled signal is reset to its default in the child
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "sudoku_logic", "rate", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
    finally:
        signal.signal(signal.SIGINT, before)
    deadline = time.time() + timeout
    while time.time() < deadline and rows_written(out) < rows and proc.poll() is None:
        time.sleep(0.02)
    below = descendants(proc.pid)
    #: whether the run was still going when signalled, and the rows it had written
    proc.running, proc.rows_before = proc.poll() is None, rows_written(out)
    proc.send_signal(sig)
    proc.out, proc.err = proc.communicate(timeout=60)
    return proc, below


def wait_gone(pids: list[int], seconds: float = 15) -> list[int]:
    """The pids still alive after waiting up to ``seconds`` for them to end."""
    deadline = time.time() + seconds
    while time.time() < deadline and any(alive(p) for p in pids):
        time.sleep(0.1)
    return [p for p in pids if alive(p)]
