"""Positions and puzzles as every command reads them (givens with the digits filled in or their
pencilmarks, HoDoKu's ``+`` lines, printed grids, a transcript of ``sudoku step``, files of
several), the one-line error for what cannot be read, and what ``check`` answers."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bad_inputs import GOOD, SOLVED
from commands import README_P, P, invoke, sudoku
from sudoku_logic.core.formats import parse, to_pencilmarks


def _wrong(cell: int) -> str:
    """SOLVED with a wrong digit in ``cell`` (a non-given cell)."""
    d = SOLVED[cell]
    other = "1" if d != "1" else "2"
    return SOLVED[:cell] + other + SOLVED[cell + 1 :]


def test_check_names_a_wrong_digit_of_givens_filled():
    assert GOOD[0] == "0"
    r = invoke("check", f"{GOOD} {_wrong(0)}")
    assert r.exit_code == 1
    assert r.stderr.strip() == f"r1c1: you placed 1, but the solution has {SOLVED[0]} there"
    r = invoke("check", f"{GOOD} {SOLVED}")
    assert r.exit_code == 0 and "the position agrees with the solution" in r.stdout


def test_check_reads_givens_and_pencilmarks_like_hint(tmp_path):
    grid = parse(GOOD)
    f = tmp_path / "pm.txt"
    f.write_text(GOOD + "\n" + to_pencilmarks(grid) + "\n")
    for cmd in ("check", "hint", "solve", "rate"):
        r = invoke(cmd, str(f))
        assert r.exit_code == 0, (cmd, r.stderr)
    assert "the position agrees with the solution" in invoke("check", str(f)).stdout


def test_hodoku_plus_line_as_filled_part():
    plus = "".join(ch if g != "0" else "+" + ch for g, ch in zip(GOOD, SOLVED))
    r = invoke("hint", f"{GOOD} {plus}")
    assert r.exit_code == 0 and "already solved" in r.stdout


def test_a_short_label_after_the_puzzle_is_still_a_label():
    r = invoke("check", f"{GOOD} #42 ER=8.3")
    assert r.exit_code == 0 and r.stdout.startswith("valid: one solution")


def test_byte_order_mark_is_ignored(tmp_path):
    f = tmp_path / "bom.txt"
    f.write_bytes(b"\xef\xbb\xbf" + GOOD.encode() + b"\n")
    r = invoke("check", str(f))
    assert r.exit_code == 0, r.stderr
    r = invoke("check", "\ufeff" + GOOD)
    assert r.exit_code == 0, r.stderr
    p = subprocess.run(
        [sys.executable, "-m", "sudoku_logic", "check", "-"],
        input=b"\xef\xbb\xbf" + GOOD.encode() + b"\n",
        capture_output=True,
        timeout=60,
    )
    assert p.returncode == 0, p.stderr


def test_every_command_reads_hodoku_plus_lines():
    """Check, solve and rate read HoDoKu's '+' lines as hint does."""
    plus = "".join(s if g != "0" else ("+" + s if i < 10 else ".") for i, (g, s) in enumerate(zip(GOOD, SOLVED)))
    for cmd in ("check", "solve", "rate", "hint"):
        r = invoke(cmd, plus)
        assert r.exit_code == 0, (cmd, r.stderr)
    assert "the position agrees with the solution" in invoke("check", plus).stdout


def test_nine_line_grid_with_blank_cells():
    rows = [GOOD[r * 9 : r * 9 + 9].replace("0", " ") for r in range(9)]
    for text in ("\n".join(rows), "\n".join(r[:3] + "|" + r[3:6] + "|" + r[6:] for r in rows)):
        r = invoke("check", text)
        assert r.exit_code == 0 and r.stdout.startswith("valid: one solution, 26 givens"), r.stderr


def test_givens_and_pencilmark_file_with_a_typo_is_one_error(tmp_path):
    lines = to_pencilmarks(parse(GOOD)).splitlines()
    lines[2] = lines[2].rsplit(" ", 3)[0] + " |"  # row 2 loses a candidate group: 80 in all
    f = tmp_path / "pm80.txt"
    f.write_text(GOOD + "\n" + "\n".join(lines) + "\n")
    r = invoke("check", str(f))
    assert r.exit_code == 2 and not r.stdout
    assert r.stderr.strip() == f"error: {f} line 1: row 2 of the pencilmark grid has 8 candidate groups, expected 9"


def test_check_answers_several_solutions():
    r = invoke("check", "." * 81)
    assert r.exit_code == 1 and r.stdout.startswith("not valid: the puzzle has more than one solution (")


def test_hint_takes_the_position_step_until_printed():
    """`sudoku step P --until 37 | sudoku hint -` hints step 37, without an error per line of
    the transcript; a whole path's transcript stands for its puzzle."""
    until = sudoku("step", P, "--until", "37")
    assert until.returncode == 0
    piped = sudoku("hint", "-", stdin=until.stdout)
    assert piped.returncode == 0 and piped.stderr == "", piped.stderr
    direct = sudoku("hint", P, "--skip", "0", "--level", "3")
    next_technique = until.stdout.split("Position before step 37 (", 1)[1].split(" comes next")[0]
    assert piped.stdout.splitlines()[1].startswith(next_technique)
    several = until.stdout + sudoku("step", P).stdout
    both = sudoku("hint", "-", "--level", "1", stdin=several)
    assert both.returncode == 0 and both.stderr == "", both.stderr
    first_hint = sudoku("hint", P, "--level", "1").stdout.strip()
    assert both.stdout.strip().splitlines()[-1] == first_hint
    assert direct.returncode == 0


def test_pencilmark_grid_borders_line_up_and_read_back():
    out = sudoku("step", P, "--until", "37").stdout.splitlines()
    grid = out[-13:]
    assert len({len(line) for line in grid}) == 1, grid
    assert grid[0].startswith(".") and grid[-1].startswith("'")
    for line in grid:  # the box borders stand where the rows' bars are
        if line[0] in ".:'":
            bars = [i for i, ch in enumerate(grid[1]) if ch == "|"]
            assert [i for i, ch in enumerate(line) if ch in ".:+'"] == bars, line
    again = sudoku("hint", "\n".join(out[-14:]), "--level", "2")
    assert again.returncode == 0, again.stderr


@pytest.mark.parametrize("empty", ["_", "*", "-", "0", "."])
def test_underscore_and_star_are_empty_cells(empty):
    line = P.replace("0", empty).replace(".", empty)
    r = sudoku("rate", line, "--jobs", "1", "--columns", "puzzle,rating")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[1] == P.replace("0", ".") + ",5.6"
    assert sudoku("check", line).stdout.strip() == "valid: one solution, 26 givens"


def test_check_answers_not_valid_for_every_puzzle_without_a_solution():
    """One rule: a well-formed puzzle with no solution is 'not valid' (exit 1), whether a
    cell is left without a candidate at once or the contradiction lies deep; givens that
    break a rule (two 7s in a row) are bad input (exit 2)."""
    from helpers import wrong_given

    at_once = "12345678." + "." * 8 + "9" + "." * 63
    deep = wrong_given(P).values_string()
    for puzzle, why in ((at_once, "r1c9 has no candidate left"), (deep, None)):
        r = sudoku("check", puzzle)
        assert r.returncode == 1 and r.stderr == "", r.stderr
        assert r.stdout.startswith("not valid: ") and (why is None or why in r.stdout)
    dup = sudoku("check", "..7.....7" + "." * 72)
    assert dup.returncode == 2 and dup.stderr == "error: row 1 has two 7s: r1c3, r1c9\n"
    assert sudoku("step", at_once).returncode == 2


def test_a_pencilmark_grid_short_of_groups_says_so(tmp_path):
    f = tmp_path / "eighty.txt"
    f.write_text(" ".join(["123456789"] * 80) + "\n")
    r = sudoku("check", str(f))
    assert r.returncode == 2
    assert r.stderr == (
        f"error: {f} line 1: 80 candidate groups on one line, expected 81 (a pencilmark grid has one for each cell)\n"
    )


def test_a_grid_with_a_row_too_many_is_named_as_such(tmp_path):
    """A 10-row grid in a file is the grid's error at its first line, not a stray
    line's "expected 81 cells, got 1"; two grids back to back are still two puzzles."""
    rows = [" ".join(README_P[r * 9 : r * 9 + 9]) for r in range(9)]
    ten = tmp_path / "ten.txt"
    ten.write_text("\n".join(rows + ["1 2 3 4 5 6 7 8 9"]) + "\n")
    r = sudoku("check", str(ten))
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == f"error: {ten} line 1: the grid has 10 rows of 9 cells, expected 9 rows\n"
    two = tmp_path / "two.txt"
    two.write_text("\n".join(rows + rows) + "\n")
    r = sudoku("check", str(two))
    assert r.returncode == 0 and r.stdout.count("valid: one solution, 26 givens") == 2, r.stderr
