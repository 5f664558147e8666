"""`sudoku rate` tried as a setter tries it: each defect of issue 15 has its test here, and
the pool underneath is held to its promises with small jobs of its own."""

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from bulk_helpers import ROOT, children, dotted, rows_of, run, start_and_stop, without_ms, write
from helpers import collection
from sudoku_logic.app.pool import ATTEMPTS, Job, LocalPool, SerialPool, Task, limit_memory

EASY = collection("qqwing_simple.txt", 30)
EXPERT = collection("qqwing_expert.txt", 12)
TOP = collection("top1465.txt", 2)


def one_line_error(r, start: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: " + start), r.stderr


# ---------------------------------------------------------------- input


def test_a_bad_first_line_does_not_make_the_file_one_grid(tmp_path):
    src = write(tmp_path, "in.txt", ["not a puzzle"] + EASY[:5])
    r = run(str(src), "-f", "csv")
    assert r.returncode == 2
    assert f"error: {src} line 1: bad character 'n' at position 1" in r.stderr
    assert [row["puzzle"] for row in csv.DictReader(io.StringIO(r.stdout))] == [dotted(p) for p in EASY[:5]]


def test_a_printed_grid_and_several_grids_are_read_as_grids(tmp_path):
    from sudoku_logic.core.formats import parse, to_grid, to_pencilmarks

    one = tmp_path / "grid.txt"
    one.write_text(to_pencilmarks(parse(EASY[0])) + "\n")
    r = run(str(one), "-f", "csv", "--columns", "puzzle,line")
    as_read = parse(to_pencilmarks(parse(EASY[0]))).values_string()  # a lone candidate counts as placed
    assert r.returncode == 0 and r.stdout.splitlines()[1:] == [f"{as_read},1"]
    many = tmp_path / "grids.txt"
    many.write_text(to_grid(parse(EASY[0])) + "\n\n" + to_grid(parse(EASY[1])) + "\n" + EASY[2] + "\n")
    r = run(str(many), "-f", "csv", "--columns", "puzzle,line")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[1:] == [f"{dotted(EASY[0])},1", f"{dotted(EASY[1])},13", f"{dotted(EASY[2])},24"]


def test_check_reads_the_position_files_hint_reads(tmp_path):
    """`check` and `hint` read through one reader: a givens line and its pencilmarks is one
    position for both."""
    from sudoku_logic.core.formats import parse, to_pencilmarks

    f = tmp_path / "stuck.txt"
    f.write_text(EASY[0] + "\n" + to_pencilmarks(parse(EASY[0])) + "\n")
    r = subprocess.run(
        [sys.executable, "-m", "sudoku_logic", "check", str(f)], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().endswith(
        f"valid: one solution, {sum(ch != '0' for ch in EASY[0])} givens; the position agrees with the solution"
    )
    h = subprocess.run(
        [sys.executable, "-m", "sudoku_logic", "hint", str(f), "--level", "1"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert h.returncode == 0 and h.stdout.count("Look at") == 1


# ---------------------------------------------------------------- output


def test_the_format_follows_the_output_suffix(tmp_path):
    src = write(tmp_path, "in.txt", EASY[:3])
    out = tmp_path / "out.csv"
    assert run(str(src), "-o", str(out)).returncode == 0
    assert out.read_text().splitlines()[0] == "puzzle,rating,level,score,hardest,solved,steps,ms"
    assert [row["puzzle"] for row in rows_of(out)] == [dotted(p) for p in EASY[:3]]
    out = tmp_path / "out.jsonl"
    assert run(str(src), "-o", str(out)).returncode == 0
    assert [json.loads(line)["puzzle"] for line in out.read_text().splitlines()] == [dotted(p) for p in EASY[:3]]
    # stdout that is not a terminal gets csv; a table is never written to a file
    assert run(str(src)).stdout.startswith("puzzle,rating,")
    one_line_error(run(str(src), "-f", "table", "-o", str(tmp_path / "t.txt")), "a table is for the terminal only")


def test_a_table_keeps_the_whole_puzzle():
    r = run(EASY[0], "-f", "table", "--columns", "puzzle,rating,hardest")
    assert r.returncode == 0
    head, row = r.stdout.splitlines()
    assert head.split() == ["puzzle", "rating", "hardest"] and row.startswith(dotted(EASY[0]) + "  ")


@pytest.mark.parametrize(
    "where,message",
    [
        ("/nonexistent/x.csv", "cannot write /nonexistent/x.csv: No such file or directory"),
        ("DIR", "cannot write DIR: it is a directory"),
        ("/dev/full", "cannot write /dev/full: No space left on device"),
    ],
)
def test_bad_output_paths_are_one_line(tmp_path, where, message):
    where = where.replace("DIR", str(tmp_path))
    if where == "/dev/full" and not os.path.exists(where):
        pytest.skip("no /dev/full here")
    r = run(EASY[0], "-o", where, "-f", "csv")
    one_line_error(r, message.replace("DIR", str(tmp_path)))


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize(
    "cmd",
    [
        ["rate", "-f", "csv"],
        ["rate", "-f", "jsonl", "--jobs", "1"],
        ["generate", "-n", "1", "--seed", "1", "-j", "1", "-f", "csv"],
        ["step", "--json"],
        ["solve"],
    ],
)
def test_a_full_disk_on_stdout_is_one_line(cmd):
    args = [sys.executable, "-m", "sudoku_logic", *cmd] + ([] if cmd[0] == "generate" else [EASY[0]])
    with open("/dev/full", "w") as full:
        r = subprocess.run(args, stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines() == ["error: cannot write stdout: No space left on device"], r.stderr


def test_tiny_memory_is_one_line():
    r = run(EASY[0], "--memory", "10", "--jobs", "2")
    one_line_error(r, "--memory 10 is too little: a rating process uses ")
    assert "give at least" in r.stderr


def test_jobs_must_not_be_negative():
    one_line_error(run(EASY[0], "--jobs", "-1"), "--jobs must be 0 (every core) or a number of processes")


# ---------------------------------------------------------------- columns


def test_solved_follows_the_scale():
    """top1465 line 2: SE's path solves it, HoDoKu's ends in Brute Force."""
    cols = "puzzle,hardest,solved,se_solved,hodoku_solved"
    se = json.loads(run(TOP[1], "-f", "jsonl", "--columns", cols, "-j", "1").stdout)
    ho = json.loads(run(TOP[1], "-f", "jsonl", "--columns", cols, "--scale", "hodoku", "-j", "1").stdout)
    assert (se["solved"], se["se_solved"], se["hodoku_solved"]) == (True, True, False)
    assert (ho["solved"], ho["se_solved"], ho["hodoku_solved"]) == (False, True, False)
    assert ho["hardest"] == "Brute Force" and se["hardest"] != "Brute Force"


def test_label_line_file_and_index_join_rows_to_their_input(tmp_path):
    src = write(tmp_path, "in.txt", ["# my list", f"{EASY[0]} first one", "garbage", f"{EASY[1]},#2;b", EASY[2]])
    r = run(str(src), "-f", "csv", "--columns", "+label,file,line,index")
    assert r.returncode == 2
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert [(row["label"], row["file"], row["line"], row["index"]) for row in rows] == [
        ("first one", str(src), "2", "1"),
        ("#2;b", str(src), "4", "3"),
        ("", str(src), "5", "4"),
    ]
    assert list(rows[0])[:8] == ["puzzle", "rating", "level", "score", "hardest", "solved", "steps", "ms"]


def test_template_like_serate(tmp_path):
    src = write(tmp_path, "in.txt", EASY[:2])
    r = run(str(src), "--template", "%g,%r,%p,%d %n %l 100%%")
    assert r.returncode == 0, r.stderr
    want = json.loads(run(EASY[0], "-f", "jsonl", "--columns", "rating,ep,ed,level").stdout)
    first = r.stdout.splitlines()[0]
    assert first == f"{dotted(EASY[0])},{want['rating']:.1f},{want['ep']:.1f},{want['ed']:.1f} 1 {want['level']} 100%"
    one_line_error(run(str(src), "--template", "%g %q"), "unknown conversion %q in --template")


def test_summary_counts_hardest_techniques(tmp_path):
    src = write(tmp_path, "in.txt", EXPERT[:6])
    r = run(str(src), "-f", "csv", "--columns", "hardest")
    hardest = r.stdout.splitlines()[1:]
    lines = r.stderr.splitlines()
    at = lines.index("hardest technique (SE's path):")
    counted = {}
    for line in lines[at + 1 :]:
        name, n = line.strip().rsplit(None, 1)
        counted[name] = int(n)
    assert counted == {h: hardest.count(h) for h in set(hardest)}


# ---------------------------------------------------------------- runs, interrupts, resume


def test_a_complete_run_leaves_no_progress_record(tmp_path):
    src = write(tmp_path, "in.txt", EASY[:4])
    out = tmp_path / "out.csv"
    assert run(str(src), "-o", str(out)).returncode == 0
    assert not os.path.exists(str(out) + ".progress") and len(rows_of(out)) == 4


def test_ctrl_c_says_how_to_go_on_and_resume_does(tmp_path):
    # long enough that the run cannot end between the tenth row and the signal
    puzzles = (EASY * 100)[:3000]
    src = write(tmp_path, "in.txt", puzzles)
    out = tmp_path / "out.csv"
    proc, _ = start_and_stop([str(src), "-o", str(out), "--jobs", "2"], out, 10, sig=signal.SIGINT)
    assert proc.running, f"the run ended before the signal ({proc.rows_before} rows)"
    assert proc.returncode == 130, (proc.rows_before, proc.err)
    assert "Traceback" not in proc.err
    assert proc.err.strip().splitlines()[-1].startswith("interrupted after ")
    assert "run the same command with --resume to continue" in proc.err
    assert os.path.exists(str(out) + ".progress")
    r = run(str(src), "-o", str(out), "--jobs", "2", "--resume")
    assert r.returncode == 0, r.stderr
    assert [row["puzzle"] for row in rows_of(out)] == [dotted(p) for p in puzzles]


def test_resume_refuses_output_of_other_inputs(tmp_path):
    a = write(tmp_path, "a.txt", (EASY * 100)[:3000])  # long enough to be interrupted
    b = write(tmp_path, "b.txt", (EASY[::-1] * 100)[:3000])
    out = tmp_path / "out.csv"
    start_and_stop([str(a), "-o", str(out), "--jobs", "1"], out, 5)  # interrupted: its record names a.txt
    before = out.read_bytes()
    r = run(str(b), "-o", str(out), "--resume")
    one_line_error(r, f"{out} was written from {a}, not {b}")
    assert out.read_bytes() == before
    r = run(str(a), "-o", str(out), "--resume", "--columns", "puzzle,rating")
    one_line_error(r, f"{out} was written with other options (columns:")
    # a complete run has no record: its rows are checked against the inputs instead
    done = tmp_path / "done.csv"
    assert run(str(a), "-o", str(done)).returncode == 0
    one_line_error(run(str(b), "-o", str(done), "--resume"), f"{done} does not come from these inputs")
    r = run(str(a), "-o", str(done), "--resume")
    assert r.returncode == 0 and "rated 0 puzzles" in r.stderr and len(rows_of(done)) == 3000


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc to find the workers")
def test_a_worker_killed_mid_puzzle_costs_no_row(tmp_path):
    puzzles = EXPERT * 3
    src = write(tmp_path, "in.txt", puzzles)
    want = tmp_path / "want.csv"
    assert run(str(src), "-o", str(want), "--jobs", "1").returncode == 0
    out = tmp_path / "out.csv"
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudoku_logic", "rate", str(src), "-o", str(out), "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    killed = 0
    deadline = time.time() + 60
    while killed < 2 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.3)
        servers = [p for p in children(proc.pid) if "forkserver" in open(f"/proc/{p}/cmdline").read()]
        rating = [p for s in servers for p in children(s)]  # the fork server's children rate
        if rating:
            os.kill(rating[-1], signal.SIGKILL)
            killed += 1
    _, err = proc.communicate(timeout=300)
    assert killed and proc.returncode == 0, err
    assert without_ms(rows_of(out)) == without_ms(rows_of(want))


# ---------------------------------------------------------------- the pool itself


class Sleepy(Job):
    """Sleeps ``payload`` seconds; returns its payload."""

    def run(self, payload):
        time.sleep(payload)
        return "ok", payload


class Hog(Job):
    """Allocates ``payload`` MiB."""

    def run(self, payload):
        block = bytearray(payload << 20)
        return "ok", len(block) >> 20


class Dies(Job):
    """Kills its own process on a payload of -1."""

    def run(self, payload):
        if payload == -1:
            os.kill(os.getpid(), signal.SIGKILL)
        return "ok", payload


def results(pool, payloads):
    with pool:
        return [(t.seq, kind, p) for t, kind, p in pool.run(Task(i, x) for i, x in enumerate(payloads))]


def test_one_slow_task_holding_the_window_does_not_stall_the_pool():
    payloads = [0.6] + [0.0] * 40
    got = results(LocalPool(Sleepy(), 2, window=4), payloads)
    assert got == [(i, "ok", x) for i, x in enumerate(payloads)]


def test_tasks_given_done_pass_through_in_order():
    tasks = [Task(0, 0.0), Task(1, done=("bad", "line 2 is bad")), Task(2, 0.1), Task(3, done=("bad", "x"))]
    for pool in (SerialPool(Sleepy()), LocalPool(Sleepy(), 2)):
        with pool:
            got = [(t.seq, kind) for t, kind, _ in pool.run(iter(tasks))]
        assert got == [(0, "ok"), (1, "bad"), (2, "ok"), (3, "bad")]


def test_timeout_per_task_in_every_engine():
    for pool in (SerialPool(Sleepy(), timeout=0.3), LocalPool(Sleepy(), 2, timeout=0.3)):
        got = results(pool, [0.0, 5.0, 0.0])
        assert [k for _, k, _ in got] == ["ok", "timeout", "ok"]


def test_memory_limit_gives_a_memory_result_not_a_dead_worker():
    from sudoku_logic.app.pool import _address_space_mib

    used = _address_space_mib()
    if used is None:
        pytest.skip("needs /proc to read the address space")
    got = results(LocalPool(Hog(), 1, memory_mb=used + 200), [1, 2000, 1])
    assert [(k, p) for _, k, p in got] == [("ok", 1), ("memory", "ran out of memory (see --memory)"), ("ok", 1)]


def test_a_process_that_dies_is_retried_then_failed():
    got = results(LocalPool(Dies(), 2), [1, -1, 2, 3])
    assert got[0] == (0, "ok", 1) and got[2:] == [(2, "ok", 2), (3, "ok", 3)]
    assert got[1][:2] == (1, "failed") and str(ATTEMPTS) in got[1][2]


def test_memory_limit_below_what_a_process_needs_is_refused():
    assert "too little" in limit_memory(1)
