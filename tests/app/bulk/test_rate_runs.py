"""``sudoku rate`` runs on big files as a setter makes them, real processes kept quick: the same
rows in input order with any number of jobs, rows out before the input ends, timeouts, a run
killed and resumed, filters, bad lines and the summary, columns and scales, runs in one
process that leave no reader thread behind."""

import csv
import io
import json
import os
import subprocess
import sys
import time

import pytest

from bulk_helpers import ROOT, dotted, rows_of, run, start_and_stop, wait_gone, write
from helpers import collection

EASY = collection("qqwing_simple.txt", 40)
EXPERT = collection("qqwing_expert.txt", 12)


def test_order_kept_and_same_rows_with_any_jobs(tmp_path):
    src = write(tmp_path, "in.txt", EXPERT[:6] + EASY[:10])
    outs = []
    for jobs in ("1", "2", "3"):
        out = tmp_path / f"out{jobs}.csv"
        r = run(str(src), "-f", "csv", "-o", str(out), "--jobs", jobs)
        assert r.returncode == 0, r.stderr
        rows = rows_of(out)
        assert [row["puzzle"] for row in rows] == [dotted(p) for p in EXPERT[:6] + EASY[:10]]
        outs.append([{k: v for k, v in row.items() if k != "ms"} for row in rows])
    assert outs[0] == outs[1] == outs[2]


def test_rows_stream_before_input_ends():
    """The first row is out while stdin is still open: nothing waits for the end of input."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudoku_logic", "rate", "-", "-f", "jsonl", "--jobs", "2"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        proc.stdin.write(EASY[0] + "\n")
        proc.stdin.flush()
        first = json.loads(proc.stdout.readline())
        assert first["puzzle"] == dotted(EASY[0]) and first["solved"] is True
        proc.stdin.write(EASY[1] + "\n")
        proc.stdin.close()
        second = json.loads(proc.stdout.readline())
        assert second["puzzle"] == dotted(EASY[1])
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_timeout_gives_a_row_and_the_run_goes_on(tmp_path, jobs):
    src = write(tmp_path, "in.txt", EXPERT[:4] + [EASY[0]])
    r = run(str(src), "-f", "csv", "--timeout", "0.002", "--jobs", jobs, "--no-progress")
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert [row["puzzle"] for row in rows] == [dotted(p) for p in EXPERT[:4] + [EASY[0]]]
    timed_out = [row for row in rows if row["hardest"] == "timeout"]
    assert timed_out, "a 2 ms limit must stop at least one expert puzzle"
    assert all(row["solved"] == "false" and row["rating"] == "" for row in timed_out)
    assert f"{len(timed_out)} timeout{'s' if len(timed_out) != 1 else ''};" in r.stderr


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc to find the workers")
def test_resume_after_kill_loses_and_repeats_nothing(tmp_path):
    puzzles = (EASY * 50)[:2000]  # long enough that the kill comes part-way
    src = write(tmp_path, "in.txt", puzzles)
    out = tmp_path / "out.csv"
    _, workers = start_and_stop([str(src), "-f", "csv", "-o", str(out), "--jobs", "2"], out, 20)
    done = out.read_text().count("\n") - 1
    assert 0 < done < len(puzzles), "the run should have been interrupted part-way"
    # its worker processes notice that their parent is gone and stop (none left running for ever)
    assert workers and not wait_gone(workers)
    with open(out, "a") as fh:  # as if the kill had cut a row in half
        fh.write(dotted(puzzles[0])[:30])
    r = run(str(src), "-f", "csv", "-o", str(out), "--jobs", "2", "--resume")
    assert r.returncode == 0, r.stderr
    rows = rows_of(out)
    assert [row["puzzle"] for row in rows] == [dotted(p) for p in puzzles]
    assert out.read_text().count("puzzle,rating") == 1
    assert not os.path.exists(str(out) + ".progress")


def test_resume_without_progress_file_keeps_complete_rows(tmp_path):
    src = write(tmp_path, "in.txt", EASY[:8])
    out = tmp_path / "out.jsonl"
    r = run(str(src), "-f", "jsonl", "-o", str(out), "--jobs", "1")
    assert r.returncode == 0
    assert not os.path.exists(str(out) + ".progress")  # a complete run leaves no record
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:3]) + lines[3][:20])  # three rows and half a row
    r = run(str(src), "-f", "jsonl", "-o", str(out), "--jobs", "1", "--resume")
    assert r.returncode == 0, r.stderr
    got = [json.loads(line)["puzzle"] for line in out.read_text().splitlines()]
    assert got == [dotted(p) for p in EASY[:8]]


def test_resume_with_filter_and_bad_lines(tmp_path):
    lines = EASY[:6] + ["broken line"] + (EASY * 75)[6:3000]  # long enough to be stopped part-way
    src = write(tmp_path, "in.txt", lines)
    full = tmp_path / "full.csv"
    assert run(str(src), "-o", str(full), "--max-rating", "1.5", "--jobs", "2").returncode == 2
    want = [row["puzzle"] for row in rows_of(full)]
    assert want and len(want) < len(lines) - 1
    out = tmp_path / "out.csv"
    start_and_stop([str(src), "-o", str(out), "--max-rating", "1.5", "--jobs", "1"], out, 10)
    consumed = int(open(str(out) + ".progress").read().splitlines()[1].split()[0])
    assert 7 < consumed < len(lines), "the run should have stopped after the bad line, before the end"
    r = run(str(src), "-o", str(out), "--max-rating", "1.5", "--jobs", "2", "--resume")
    assert [row["puzzle"] for row in rows_of(out)] == want
    assert "broken" not in r.stderr  # line 7 was consumed by the first run


def test_filters(tmp_path):
    src = write(tmp_path, "in.txt", EASY)
    r = run(str(src), "-f", "jsonl", "--min-rating", "1.6", "--max-rating", "2.0", "--jobs", "2")
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert rows and all(1.6 <= row["rating"] <= 2.0 for row in rows)
    everything = [json.loads(line) for line in run(str(src), "-f", "jsonl").stdout.splitlines()]
    assert len(rows) == sum(1.6 <= row["rating"] <= 2.0 for row in everything) < len(everything)
    r = run(str(src), "-f", "jsonl", "--level", "medium,hard")
    assert r.stdout == "" and "rated 40 puzzles" in r.stderr and "0 rows written" in r.stderr
    r = run(str(src), "-f", "jsonl", "--level", "EASY")
    assert len(r.stdout.splitlines()) == len(EASY)
    r = run(str(src), "--level", "hardish")
    assert r.returncode == 2 and r.stderr.startswith("error: unknown level 'hardish'")


def test_bad_lines_reported_counted_and_summary(tmp_path):
    src = write(tmp_path, "in.txt", [EASY[0], "12345", EASY[1], "." * 81, EASY[2]])
    r = run(str(src), "-f", "csv", "--jobs", "2")
    assert r.returncode == 2
    assert f"{src} line 2: expected 81 cells, got 5" in r.stderr
    assert f"{src} line 4: the puzzle has more than one solution" in r.stderr
    assert len(list(csv.DictReader(io.StringIO(r.stdout)))) == 3
    assert "rated 3 puzzles" in r.stderr and "2 bad lines" in r.stderr
    assert "puzzles/s" in r.stderr and "levels: Easy 3" in r.stderr and "ratings:" in r.stderr


def test_columns_and_scales(tmp_path):
    src = write(tmp_path, "in.txt", EXPERT[:2])
    r = run(str(src), "-f", "jsonl", "--columns", "puzzle,rating,ep,ed,se_hardest,hodoku_hardest")
    row = json.loads(r.stdout.splitlines()[0])
    assert set(row) == {"puzzle", "rating", "ep", "ed", "se_hardest", "hodoku_hardest"}
    assert row["ed"] <= row["ep"] <= row["rating"]
    se = json.loads(run(str(src), "-f", "jsonl").stdout.splitlines()[0])
    ho = json.loads(run(str(src), "-f", "jsonl", "--scale", "hodoku").stdout.splitlines()[0])
    assert se["hardest"] == row["se_hardest"] and ho["hardest"] == row["hodoku_hardest"]
    assert (se["rating"], se["level"], se["score"]) == (ho["rating"], ho["level"], ho["score"])
    only_se = json.loads(run(str(src), "-f", "jsonl", "--columns", "puzzle,rating").stdout.splitlines()[0])
    assert only_se == {"puzzle": row["puzzle"], "rating": row["rating"]}


def test_runs_in_one_process_leave_no_reader_behind(tmp_path):
    """Several parallel runs in one process (as a program calling ``rate_files`` does): each
    ends with every row, and leaves no input-reader thread that could later write into a pipe
    descriptor the next run reuses (which once hung a run)."""
    import threading

    from rich.console import Console

    from sudoku_logic.app.bulk.pool import READER_THREAD
    from sudoku_logic.app.bulk.rating import Options, rate_files

    src = write(tmp_path, "in.txt", EASY)
    quiet = Console(file=io.StringIO())
    for i in range(8):
        out = tmp_path / f"out{i}.csv"
        assert rate_files(
            [str(src)],
            Options(jobs=2, scale="hodoku"),
            fmt="csv",
            output=str(out),
            progress=False,
            err=quiet,
            summary=False,
        )
        assert len(rows_of(out)) == len(EASY)
        assert not [t for t in threading.enumerate() if t.name == READER_THREAD]
        assert not os.path.exists(str(out) + ".progress")  # a complete run leaves no progress record


def test_stopping_early_waits_for_the_reader():
    """A run stopped before its input ends (an error, Ctrl-C) waits for the reader thread
    before closing the pipe it signals on, even when the input is slow."""
    import threading

    from sudoku_logic.app.bulk.pool import READER_THREAD, LocalPool, Task
    from sudoku_logic.app.bulk.rating import RateJob

    def slow(lines):
        for i, line in enumerate(lines):
            time.sleep(0.3)
            yield Task(i, line)

    pool = LocalPool(RateJob(hodoku=False), 2)
    with pool:
        results = pool.run(slow(EASY))
        next(results)
        results.close()
    assert not [t for t in threading.enumerate() if t.name == READER_THREAD]


def test_jobs_past_the_cores_and_the_puzzles_are_lowered_and_said(tmp_path):
    """`sudoku rate P -j 1000` started about 800 processes to rate one puzzle: the workers are
    never more than the cores nor the puzzles, and the command says why it lowered --jobs."""
    from sudoku_logic.app.bulk.workers import cpu_count

    one = dotted(collection("qqwing_expert.txt", 1)[0])
    started = time.monotonic()
    r = run(one, "-j", "1000", "-f", "csv", "--columns", "puzzle,rating", summary=False)
    assert r.returncode == 0 and r.stdout.count("\n") == 2
    cores = cpu_count()
    assert (
        r.stderr
        == f"note: --jobs 1000 lowered to 2: {cores} core{'s' if cores != 1 else ''} here and 1 puzzle to rate\n"
    )
    assert time.monotonic() - started < 120  # a bound against forking hundreds, not a timing
    three = write(tmp_path, "three.txt", collection("qqwing_expert.txt", 3))
    r = run(str(three), "-j", str(cores + 1), "-f", "csv", summary=False)
    assert r.returncode == 0 and r.stdout.count("\n") == 4
    assert r.stderr.startswith(f"note: --jobs {cores + 1} lowered to ")
    r = run(str(three), "-j", "2", "-f", "csv", summary=False)
    assert r.returncode == 0 and ("lowered" in r.stderr) == (cores < 2)


def test_worker_count_keeps_two_workers_where_several_were_asked():
    from sudoku_logic.app.bulk.workers import cpu_count, worker_count

    cores = cpu_count()
    assert worker_count(0) == (cores, "")
    assert worker_count(1, 5) == (1, "")
    assert worker_count(0, 1) == (min(cores, 2), "")  # workers keep the memory limit
    assert worker_count(cores, None) == (cores, "")
    jobs, note = worker_count(cores + 5, 1)
    assert jobs == 2 and note.endswith("and 1 puzzle to rate")
    assert worker_count(3, 0)[0] == 2
