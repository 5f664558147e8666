"""Rows formatted where they are rated: the parent of ``-j N`` only writes the lines its
workers made, and they are the lines it would have made itself."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from sudoku_logic.app.bulk.rating import Lines, Options, RateJob
from sudoku_logic.app.io.writer import RowFormat, RowWriter

ROOT = Path(__file__).resolve().parents[3]
PUZZLES = (ROOT / "puzzles" / "qqwing_expert.txt").read_text().split()[:6]


def test_a_worker_returns_each_row_as_the_writer_would_write_it():
    opts = Options(min_rating=3.0)
    form = RowFormat.for_stream(None, "csv", opts.columns)
    job = RateJob(lines=Lines(form, opts.keep))
    job.setup()
    plain = RateJob()
    plain.setup()
    got = job.run_batch([*PUZZLES, "not a puzzle"])
    rows = plain.run_batch(PUZZLES)
    assert got[-1][0] == "error"
    for (kind, (line, tally)), (_, row) in zip(got, rows):
        assert kind == "ok"
        assert tally == (row["hardest"], row["solved"], row["level"], row["rating"])
        if row["rating"] < 3.0:
            assert line is None  # the filter ran in the worker
        else:
            assert line.split(",")[:-1] == form.line(row).split(",")[:-1]  # all but the milliseconds
    assert any(line is None for _, (line, _) in got[:-1]) and any(line for _, (line, _) in got[:-1])


def _rate(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "sudoku_logic", "rate", *args], capture_output=True, text=True, cwd=ROOT
    )


def test_two_workers_write_the_rows_one_process_writes(tmp_path):
    src = tmp_path / "in.txt"
    src.write_text("\n".join(PUZZLES * 20) + "\n")
    cols = ["--columns", "puzzle,rating,level,hardest"]
    for extra in (
        [*cols, "--format", "jsonl"],
        ["--template", "%r %p %g"],
        [*cols, "--format", "table"],
        [*cols, "--min-rating", "3"],
    ):
        one, two = _rate(str(src), "-j", "1", *extra), _rate(str(src), "-j", "2", *extra)
        assert one.returncode == two.returncode == 0, two.stderr
        assert one.stdout == two.stdout and one.stdout.count("\n") >= 20
        assert one.stderr.splitlines()[1:] == two.stderr.splitlines()[1:]  # the summary's counts
    rows = [json.loads(x) for x in _rate(str(src), "-j", "2", "--format", "jsonl").stdout.splitlines()]
    assert len(rows) == 120 and all(r["puzzle"] for r in rows)


def test_a_writer_given_a_format_writes_its_lines(tmp_path):
    import io

    buf = io.StringIO()
    form = RowFormat.for_stream(None, "csv", ["puzzle", "rating"])
    writer = RowWriter(buf, "csv", ["puzzle", "rating"], form=form)
    writer.write_line(form.line({"puzzle": "1" * 81, "rating": 7.25}))
    assert buf.getvalue() == "puzzle,rating\n" + "1" * 81 + ",7.2\n"
