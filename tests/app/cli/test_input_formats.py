"""Puzzle files as other programs write them, read by every command that reads puzzles:
Simple Sudoku's ``.ss`` grids, SadMan's ``.sdk`` and ``.sdm`` files, a label before the
puzzle, quoted CSV fields and a CSV whose header names the puzzle's column; files and stdin
alike, and one line naming the file and line where an entry is really wrong."""

from __future__ import annotations

import sys

import pytest

from bad_inputs import GOOD, SOLVED
from commands import invoke, sudoku
from sudoku_logic.app.cli.play import PlayOptions

DOTS = GOOD.replace("0", ".")
ROWS = [DOTS[r * 9 : r * 9 + 9] for r in range(9)]


def _runs(row: str, bar: str = "|") -> str:
    return bar.join((row[:3], row[3:6], row[6:]))


def _ss_framed() -> str:
    """A ``.ss`` file as Simple Sudoku saves it: ``*-----------*`` borders, CRLF line ends."""
    out = ["*-----------*"]
    for r, row in enumerate(ROWS):
        if r in (3, 6):
            out.append("|---+---+---|")
        out.append("|" + _runs(row) + "|")
    out.append("*-----------*")
    return "\r\n".join(out) + "\r\n"


def _ss_plain() -> str:
    """A ``.ss`` grid with ``-----------`` lines between the bands."""
    out = []
    for r, row in enumerate(ROWS):
        if r in (3, 6):
            out.append("-----------")
        out.append(_runs(row))
    return "\n".join(out) + "\n"


SAMPLES = {
    "framed.ss": _ss_framed(),
    "plain.ss": _ss_plain(),
    "bare.ss": "\n".join(_runs(row) for row in ROWS) + "\n",
    "spaced.ss": "\n".join(_runs(row, " | ") for row in ROWS) + "\n",
    "sudocue.sdk": "#ARuud\n#DA random puzzle\n#B03-08-2006\n#LEasy\n" + "\n".join(ROWS) + "\n",
    "sadman.sdk": "[Puzzle]\n"
    + "\n".join(ROWS)
    + "\n\n[State]\n"
    + "\n".join(SOLVED[r * 9 : r * 9 + 9] for r in range(9))
    + "\n",
    "one.sdm": GOOD + "\n",
    "label_first.txt": f"my-label {DOTS}\n",
    "label_comma.txt": f"label,{DOTS}\n",
    "quoted.csv": f'"{DOTS}"\n',
    "quoted_label.csv": f'"label","{DOTS}"\n',
    "header.csv": f"id,puzzle,solution,rating\n1,{DOTS},{SOLVED},1.2\n",
    "quoted_header.csv": f'"id";"quizzes";"solutions"\n"7";"{GOOD}";"{SOLVED}"\n',
}


@pytest.mark.parametrize("name", sorted(SAMPLES))
@pytest.mark.parametrize("cmd", ["check", "hint", "solve", "step", "rate"])
def test_every_command_reads_the_file_as_its_program_writes_it(tmp_path, name, cmd):
    f = tmp_path / name
    f.write_bytes(SAMPLES[name].encode())
    args = [cmd, str(f)] + (["-j", "1", "-f", "csv"] if cmd == "rate" else [])
    r = invoke(*args)
    assert r.exit_code == 0 and r.stderr == "", (cmd, name, r.stderr)
    if cmd == "check":
        assert "valid: one solution, 26 givens" in r.stdout
    if cmd == "solve":
        assert "".join(ch for ch in r.stdout if ch.isdigit()) == SOLVED
    if cmd == "rate":
        rows = r.stdout.splitlines()
        assert len(rows) == 2 and rows[1].startswith(DOTS + ","), rows


@pytest.mark.parametrize("name", ["framed.ss", "sadman.sdk", "label_first.txt", "quoted_label.csv", "header.csv"])
def test_stdin_reads_them_as_files_are_read(name):
    r = sudoku("check", "-", stdin=SAMPLES[name])
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert "valid: one solution, 26 givens" in r.stdout


def test_play_takes_them(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    for name in ("framed.ss", "sadman.sdk", "quoted_label.csv"):
        f = tmp_path / name
        f.write_text(SAMPLES[name])
        opts = PlayOptions(puzzle=str(f), save="save.txt", order="se")
        assert "".join(map(str, opts.position.puzzle().values)) == GOOD


def test_labels_around_the_puzzle_are_its_label_in_rate_rows(tmp_path):
    f = tmp_path / "labels.csv"
    f.write_text(f'id,puzzle,rating\n"a1","{DOTS}",1.2\nb2,{DOTS},1.3\n')
    r = invoke("rate", str(f), "-j", "1", "-f", "csv", "--columns", "puzzle,label")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.splitlines()[1:] == [f'{DOTS},"a1,1.2"', f'{DOTS},"b2,1.3"']


def test_a_file_of_labelled_and_quoted_lines_reports_each_wrong_line_once(tmp_path):
    bad = "x" + DOTS[1:]
    f = tmp_path / "mixed.csv"
    f.write_text(f'first {DOTS}\n"second","{bad}"\nthird,{DOTS[:80]},tail\n"{DOTS}"\n')
    r = invoke("check", str(f))
    assert r.exit_code == 2
    assert r.stderr.splitlines() == [
        f"error: {f} line 2: bad character 'x' at position 1: expected 1-9, or '.', '0', '-', '_' or '*' for empty",
        f"error: {f} line 3: expected 81 cells, got 80",
    ]
    assert r.stdout.count("valid: one solution") == 2


def test_a_ss_grid_with_a_typo_names_its_row(tmp_path):
    rows = ROWS[:]
    rows[4] = rows[4][:8] + "x"
    f = tmp_path / "typo.ss"
    f.write_text("\n".join(_runs(row) for row in rows) + "\n")
    r = invoke("check", str(f))
    assert r.exit_code == 2
    assert r.stderr.strip() == f"error: {f} line 1: bad character 'x' in row 5 of the grid: expected 1-9, '.' or '0'"


def test_the_header_s_column_holds_the_puzzle_even_after_an_empty_field(tmp_path):
    f = tmp_path / "columns.csv"
    f.write_text(f"id,name,solution,puzzle\n1,,{SOLVED},{DOTS}\n")
    r = invoke("hint", str(f))
    assert r.exit_code == 0, r.stderr
    assert "already solved" not in r.stdout
    r = invoke("rate", str(f), "-j", "1", "-f", "csv", "--columns", "puzzle,label")
    assert r.stdout.splitlines()[1:] == [f'{DOTS},"1,{SOLVED}"']


def test_a_label_before_the_puzzle_keeps_its_spaces(tmp_path):
    f = tmp_path / "named.txt"
    f.write_text(f"Daily puzzle 12: {DOTS}  ER 1.2\n")
    r = invoke("rate", str(f), "-j", "1", "-f", "csv", "--columns", "puzzle,label")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.splitlines()[1:] == [f'{DOTS},"Daily puzzle 12:,ER 1.2"']
