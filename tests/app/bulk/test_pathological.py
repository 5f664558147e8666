"""One pathological puzzle cannot stall or kill a batch: empty, near-empty and
many-solution grids in the middle of a file are reported and the run goes on; a runaway
rating process hits a memory ceiling instead of the machine."""

import subprocess
import sys
import textwrap

import pytest

from helpers import ROOT, collection

GOOD = collection("qqwing_expert.txt", 3)
NEAR_EMPTY = "1" + "." * 40 + "2" + "." * 39
# a valid puzzle with a box's givens removed: thousands of solutions
MANY = collection("qqwing_simple.txt", 1)[0]
MANY = "".join("." if (i // 27 == 0) else ch for i, ch in enumerate(MANY))


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_pathological_puzzles_mid_file(tmp_path, jobs):
    src = tmp_path / "mixed.txt"
    src.write_text("\n".join([GOOD[0], "." * 81, GOOD[1], NEAR_EMPTY, MANY, GOOD[2]]) + "\n")
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "sudoku_logic",
            "rate",
            str(src),
            "-f",
            "csv",
            "--jobs",
            jobs,
            "--timeout",
            "60",
            "--no-progress",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert r.returncode == 2
    errors = r.stderr.splitlines()
    assert len(errors) == 3
    for line_no, e in zip((2, 4, 5), errors):
        assert e.startswith(f"error: {src} line {line_no}: the puzzle has more than one solution ("), e
    rows = r.stdout.strip().splitlines()[1:]
    assert [row.split(",")[0] for row in rows] == [g.replace("0", ".") for g in GOOD]
    assert all(",true," in row for row in rows)


def test_memory_ceiling_turns_a_runaway_into_memory_error():
    code = textwrap.dedent("""
        from sudoku_logic.app.bulk.pool import limit_memory
        limit_memory(300)
        try:
            block = bytearray(800 << 20)
        except MemoryError:
            print("MemoryError")
    """)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert r.stdout.strip() == "MemoryError", r.stderr


def test_memory_option_is_checked():
    r = subprocess.run(
        [sys.executable, "-m", "sudoku_logic", "rate", GOOD[0], "--memory", "-5"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert r.returncode == 2 and r.stderr.strip() == "error: --memory must be 0 (no limit) or a number of MiB"
