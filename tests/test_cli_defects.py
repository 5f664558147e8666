"""Defects a new user met on the command line (issue 29), each run as the real command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import pty_run
from helpers import collection

ROOT = Path(__file__).resolve().parent.parent
P = collection("qqwing_expert.txt", 1)[0]


def sudoku(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "sudoku_logic", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=300,
    )


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


@pytest.mark.parametrize(
    "args,message",
    [
        (
            ["step", P, "--until", "0"],
            "error: Invalid value for '--until': 0 is not in the range x>=1 (see 'sudoku step --help')",
        ),
        (
            ["hint", P, "--skip", "-1"],
            "error: Invalid value for '--skip': -1 is not in the range x>=0 (see 'sudoku hint --help')",
        ),
        (["step", P, "--bogus"], "error: No such option: --bogus (see 'sudoku step --help')"),
        (["rate"], "error: Missing argument 'FILES...' (see 'sudoku rate --help')"),
        (["bogus"], "error: No such command 'bogus' (see 'sudoku --help')"),
    ],
)
def test_bad_option_values_are_one_line(args, message):
    r = sudoku(*args)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == message + "\n"


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


@pytest.mark.parametrize("order", ["se", "hodoku"])
def test_step_ends_with_the_rating_rate_gives(order):
    """`step` ends with the path's rating on its scale, the numbers `rate` gives, and its steps
    counted by technique."""
    out = sudoku("step", P, "--order", order).stdout.rstrip().splitlines()
    rate = sudoku("rate", P, "--jobs", "1", "--columns", "rating,ep,ed,level,score,se_hardest,hodoku_hardest,steps")
    er, ep, ed, level, score, se_hardest, ho_hardest, steps = rate.stdout.splitlines()[1].split(",")
    if order == "se":
        assert out[-2] == f"Rating (Sudoku Explainer): ER {er}, EP {ep}, ED {ed}; hardest {se_hardest}"
        assert sum(int(part.rsplit(" ", 1)[1]) for part in out[-1][len("Steps: ") :].split(", ")) == int(steps)
    else:
        assert out[-2] == f"Rating (HoDoKu): {level}, score {score}; hardest {ho_hardest}"
    assert out[-1].startswith("Steps: ")


def test_step_takes_technique_as_hint_does():
    a = sudoku("step", P, "--technique", "hidden single,naked single")
    b = sudoku("step", P, "--techniques", "hidden single,naked single")
    assert a.stdout == b.stdout and a.returncode == b.returncode == 1, a.stderr


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


def test_techniques_columns_line_up():
    """Every row's family starts under 'family' and its SE number ends under 'SE', the
    longest names (SE's nested forcing chains) included."""
    out = sudoku("techniques").stdout.split("\n\n")[0].splitlines()
    header, rows = out[0], out[1:]
    fam, se_end = header.index("family"), header.index(" SE ") + 3
    bad = [
        row
        for row in rows
        if row[fam - 2 : fam] != "  " or row[fam] == " " or row[se_end - 1] == " " or row[se_end] != " "
    ]
    assert not bad and len(rows) > 100, bad[:3]


@pytest.mark.parametrize("order", ["se", "hodoku"])
def test_generate_technique_is_on_the_path_step_shows(order):
    """`generate --technique X-Wing` (item 7): the technique is on the path of --order (SE's,
    the one `sudoku step` shows, by default), and the row's hardest is that path's."""
    args = ["generate", "--technique", "X-Wing", "--seed", "1", "-j", "1", "-f", "csv", "--no-progress"]
    r = sudoku(*args, *(["--order", order] if order != "se" else []))
    assert r.returncode == 0, r.stderr
    puzzle, _rating, _level, _score, hardest = r.stdout.splitlines()[1].split(",")[:5]
    path = sudoku("step", puzzle, *(["--order", order] if order != "se" else []))
    assert path.returncode == 0
    assert "X-Wing: " in path.stdout  # a step of the path shown
    scale = "Sudoku Explainer" if order == "se" else "HoDoKu"
    rating_line = next(line for line in path.stdout.splitlines() if line.startswith(f"Rating ({scale})"))
    assert f"hardest {hardest}" in rating_line


@pytest.mark.parametrize(
    "args,message",
    [
        (["--technique", "Death Blossom"], "--technique Death Blossom: never on Sudoku Explainer's path"),
        (
            ["--level", "easy", "--technique", "Death Blossom", "--order", "hodoku"],
            "--technique Death Blossom: never on HoDoKu's path",
        ),
        (
            ["--technique", "kite"],
            "--technique 2-String Kite: never on Sudoku Explainer's path (it is on HoDoKu's path: --order hodoku)",
        ),
        (
            ["--level", "easy", "--technique", "X-Wing"],
            "--level easy --technique X-Wing: an easy puzzle needs only "
            "singles, and Sudoku Explainer's path takes no step rated above 2.3 while a single is there",
        ),
        (
            ["--level", "medium", "--technique", "xy-wing", "--order", "hodoku"],
            "--level medium --technique XY-Wing: HoDoKu rates it Hard, and a puzzle's level is at least every step's",
        ),
        (
            ["--technique", "X-Wing", "--max-rating", "3"],
            "--technique X-Wing --max-rating 3: Sudoku Explainer rates "
            "it 3.2, and a puzzle's ER is at least every step's",
        ),
        (
            ["--level", "easy", "--min-rating", "9"],
            "--level easy --min-rating 9: an easy puzzle needs only singles, rated 2.3 at most",
        ),
        (["--order", "hoduko"], "unknown order 'hoduko': use se or hodoku"),
    ],
)
def test_generate_refuses_what_the_tables_show_impossible(args, message):
    """Item 8: refused before any candidate is made (no seed line: nothing was searched)."""
    r = sudoku("generate", *args, "-j", "1")
    assert (r.returncode, r.stdout, r.stderr) == (2, "", f"error: {message}\n")


def test_generate_that_finds_nothing_says_why_and_how_to_go_on():
    r = sudoku("generate", "--level", "extreme", "--max-rating", "2", "--max-tries", "4", "--seed", "1", "-j", "1")
    assert r.returncode == 1 and r.stdout == ""
    last = r.stderr.splitlines()[-1]
    assert last.startswith("error: only 0 of 1 puzzle fit after 4 tries (") and "below Extreme" in last
    assert last.endswith("(--max-tries N tries longer)")


README_P = "000009080000704000000200004050800200007030050036970000040000003000528006005090078"


@pytest.mark.parametrize(
    "level,lines",
    [
        (
            1,
            [
                "r1c1: row 1 already has a 6 in r1c5",
                "box 1: a digit you placed is wrong",
                "box 9: a candidate you removed is needed",
            ],
        ),
        (
            2,
            [
                "r1c1: row 1 already has a 6 in r1c5",
                "r2c2: the 1 you placed there is wrong",
                "r7c8: you removed a candidate the solution needs there",
            ],
        ),
        (
            3,
            [
                "r1c1: you placed 6, but the solution has 5 there",
                "r2c2: you placed 1, but the solution has 6 there",
                "r7c8: you removed 2, but the solution needs it there",
            ],
        ),
    ],
)
def test_hint_on_a_wrong_position_teaches_before_it_spoils(level, lines):
    """Item 14: level 1 names a rule a digit breaks or the box of a mistake, level 2 the cell,
    and only level 3 the solution's digit."""
    placed = README_P + " " + "6...6...2" + ".1......." + "." * 63  # r1c1=6 twice in row 1; r2c2=1 (6)
    r = sudoku("hint", placed, "--level", str(level))
    assert (r.returncode, r.stdout, r.stderr.splitlines()) == (1, "", lines[:2])
    position = sudoku("step", README_P, "--until", "20").stdout.splitlines()[-14:]
    row7 = position[10]
    assert row7.startswith("| 16789") and " 129   3  |" in row7, row7
    position[10] = row7.replace(" 129   3  |", " 19    3  |")  # r7c8 loses the solution's 2
    r = sudoku("hint", "\n".join(position), "--level", str(level))
    assert (r.returncode, r.stdout, r.stderr.splitlines()) == (1, "", lines[2:])
    as_json = sudoku("hint", placed, "--level", str(level), "--json")
    assert json.loads(as_json.stdout)["problems"] == lines[:2]


def test_a_grid_with_a_row_too_many_is_named_as_such(tmp_path):
    """Item 11: a 10-row grid in a file is the grid's error at its first line, not a stray
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
