"""``sudoku rate`` on files as a setter uses it: what it reads (a bad first line, printed grids),
where and how it writes (formats by suffix, a table, bad paths, a full disk, the summary and
the header), its columns (label, line, file, index, a template like SE's serate), and runs
interrupted and resumed."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time

import pytest

import pty_run
from bulk_helpers import ROOT, dotted, rating_workers, rows_of, run, start_and_stop, without_ms, write
from commands import P, sudoku
from helpers import collection

EASY = collection("qqwing_simple.txt", 30)
EXPERT = collection("qqwing_expert.txt", 12)
HARD = collection("top1465.txt", 150)
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


@pytest.mark.parametrize("suffix", [".json", ".xml", ".tsv", ".html"])
def test_an_output_suffix_we_do_not_write_is_an_error_that_says_what_is(tmp_path, suffix):
    src = write(tmp_path, "in.txt", EASY[:2])
    out = tmp_path / f"out{suffix}"
    r = run(str(src), "-o", str(out), "-j", "1")
    one_line_error(
        r,
        f"cannot tell the format of {out}: rows are written as csv (.csv, .txt) or jsonl (.jsonl, .ndjson), "
        f"not {suffix}; name the file so, or give --format csv|jsonl",
    )
    assert not out.exists()
    assert run(str(src), "-o", str(out), "-j", "1", "-f", "jsonl").returncode == 0  # said outright: written
    assert [json.loads(line)["puzzle"] for line in out.read_text().splitlines()] == [dotted(p) for p in EASY[:2]]
    plain = tmp_path / "ratings"
    assert run(str(src), "-o", str(plain), "-j", "1").returncode == 0 and plain.read_text().startswith("puzzle,")


@pytest.mark.parametrize("option", ["--min-rating", "--max-rating", "--timeout"])
@pytest.mark.parametrize("value", ["nan", "inf"])
def test_a_number_option_that_is_not_a_number_is_refused(tmp_path, option, value):
    src = write(tmp_path, "in.txt", EASY[:1])
    one_line_error(run(str(src), option, value, "-j", "1"), f"{option} {value}: give a number (such as 7.2)")


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
    puzzles = HARD  # seconds of work even in the compiled engine, so that workers can be killed
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
        rating = rating_workers(proc.pid)
        if rating:
            os.kill(rating[-1], signal.SIGKILL)
            killed += 1
    _, err = proc.communicate(timeout=300)
    assert killed and proc.returncode == 0, err
    assert without_ms(rows_of(out)) == without_ms(rows_of(want))


# ---------------------------------------------------------------- the summary, the header, counts


def test_counts_are_singular_for_one(tmp_path):
    one = tmp_path / "one.txt"
    one.write_text(P + "\nnot a puzzle\n")
    r = sudoku("rate", str(one), "--jobs", "1", "--summary", "--columns", "puzzle,rating")
    assert "rated 1 puzzle in" in r.stderr and "1 row written; 1 bad line; 0 timeouts" in r.stderr, r.stderr
    solved = sudoku("step", collection("qqwing_simple.txt", 1)[0])
    assert any(line.startswith("Solved in ") for line in solved.stdout.splitlines()) and " 1 steps" not in solved.stdout


@pytest.mark.parametrize("make", ["empty", "binary", "missing", "directory", "bad lines"])
def test_no_header_without_any_puzzle(make, tmp_path):
    path = tmp_path / "input.txt"
    if make == "empty":
        path.write_text("")
    elif make == "binary":
        path.write_bytes(b"\x00\x01\x02" * 100)
    elif make == "directory":
        path.mkdir()
    elif make == "bad lines":
        path.write_text("not a puzzle\nnor this\n")
    r = sudoku("rate", str(path), "--jobs", "1")
    assert r.returncode == 2 and r.stdout == "", (r.stdout, r.stderr)
    assert r.stderr.startswith("error: ")


def test_header_when_rows_are_filtered_out(tmp_path):
    path = tmp_path / "input.txt"
    path.write_text(P + "\n")
    r = sudoku("rate", str(path), "--jobs", "1", "--min-rating", "11", "--columns", "puzzle,rating")
    assert r.returncode == 0 and r.stdout == "puzzle,rating\n", r.stdout


def _rate_on_a_terminal(*args: str) -> str:
    """stderr of `sudoku rate ARGS` run with stderr on a pseudo-terminal."""
    env = pty_run.environ(PYTHONPATH=str(ROOT), COLUMNS="200")
    ran = pty_run.run(
        pty_run.sudoku_argv("rate", *args),
        cols=200,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        timeout=120,
    )
    return ran.raw.decode("utf-8", "replace")


@pytest.mark.skipif(os.name == "nt", reason="needs a pseudo-terminal")
def test_summary_follows_its_one_rule(tmp_path):
    """The summary goes to stderr when stderr is a terminal and an input is a file or stdin;
    --summary always, --no-summary never (README and --help say so)."""
    f = tmp_path / "p.txt"
    f.write_text(P + "\n")
    assert "rated 1 puzzle" in _rate_on_a_terminal(str(f), "--jobs", "1", "--no-progress")
    assert "rated 1 puzzle" not in _rate_on_a_terminal(P, "--jobs", "1", "--no-progress")
    assert "rated 1 puzzle" not in _rate_on_a_terminal(str(f), "--jobs", "1", "--no-summary", "--no-progress")
    assert "rated 1 puzzle" in sudoku("rate", P, "--jobs", "1", "--summary").stderr
    assert "rated" not in sudoku("rate", str(f), "--jobs", "1").stderr  # stderr not a terminal
    helptext = " ".join(sudoku("rate", "--help").stdout.split())
    assert "when stderr is a terminal and an input is a file or stdin" in helptext
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert "goes to stderr at the end when stderr is a terminal and an input is a file or stdin" in readme
