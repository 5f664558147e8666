"""``sudoku rate`` on a terminal: the table's columns cut to the terminal's width, and the
command run for real under a pseudo-terminal.

The rows of the table scroll above the progress bar, which stays on the last line and
leaves nothing behind; the table's columns line up and no line is wider than the terminal.
What the terminal finally shows is worked out by :class:`pty_run.Screen`, a small terminal
emulator with scrollback (enough of VT100 for what rich and the rows write), fed the bytes
of the run as they come.
"""

from __future__ import annotations

import csv
import io
import os
import re
import signal
import subprocess

import pytest

from bulk_helpers import ROOT
from grading.rows import DEFAULT_COLUMNS
from pty_run import RICH_ENV, Pty, Screen, environ, sudoku_argv
from sudoku_logic.app.io import writer

ELLIPSIS = "…"
DCFC = "Dynamic Contradiction Forcing Chains"
#: a few puzzles that rate in about a second in all: hardest DCFC first, then quick ones
PUZZLES = [
    ln.strip()
    for ln in (ROOT / "puzzles" / "top1465.txt").read_text().splitlines()[:1]
    + (ROOT / "puzzles" / "top1465.txt").read_text().splitlines()[3:5]
    + (ROOT / "puzzles" / "qqwing_expert.txt").read_text().splitlines()[:3]
]
#: the puzzles as their rows show them
SHOWN = [p.replace("0", ".") for p in PUZZLES]
ROW = re.compile(
    r"^(?P<puzzle>\S+) +(?P<rating>\d+\.\d) +(?P<level>[A-Z][a-z]+) +(?P<score>\d+) +"
    r"(?P<hardest>\S.*?) +(?P<solved>true|false) +(?P<steps>\d+) +(?P<ms>\d+\.\d)$"
)


# ---------------------------------------------------------------- the small terminal (pty_run.Screen)


def test_screen_wraps_moves_and_erases():
    s = Screen(5, rows=3)
    s.feed("abcdefg\r\n")
    s.feed("bar\r\x1b[2Krow\r\nbar\x1b[1A\x1b[2K\r\x1b[1Bz")
    assert s.text() == ["abcde", "fg", "", "zar"] and s.continued == {1}
    s.feed("\x1b[32mbcde\x1b[0m\x1b[?25l\r\n\x1b[5A!\x1b[3Cx\x1b[K")
    assert s.text() == ["abcde", "fg", "!", "zbcde", ""]  # up stops at the screen's top; EL at the edge


# ---------------------------------------------------------------- the table's columns

LONGEST = "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"


def _one_row(width: int | None, columns=DEFAULT_COLUMNS, fmt: str = "table", **row) -> list[str]:
    """The lines a RowWriter writes for one row (DCFC, rated 9.0, unless told) at ``width``."""
    buf = io.StringIO()
    rows = writer.RowWriter(buf, fmt, list(columns), width=width)
    rows.write(
        {
            "puzzle": SHOWN[0],
            "rating": 9.0,
            "level": "Extreme",
            "score": 5328,
            "hardest": DCFC,
            "solved": True,
            "steps": 97,
            "ms": 1234.5,
            "label": "#1 from the collection",
            **row,
        }
    )
    return buf.getvalue().splitlines()


def test_hardest_is_as_wide_as_the_longest_name_of_its_path():
    width = writer.column_width
    assert width("hardest") == width("se_hardest") == len(LONGEST)
    assert width("hardest", "hodoku") == width("hodoku_hardest") == len("Locked Candidates Type 1 (Pointing)")
    assert width("puzzle") == 81 and width("solved") == 6


def test_width_unknown_keeps_every_value_and_csv_never_cuts():
    head, row = _one_row(None, hardest=LONGEST, puzzle="1" * 729)
    assert row.startswith("1" * 729 + "  ") and f"  {LONGEST}  true" in row and ELLIPSIS not in row
    head, row = _one_row(40, fmt="csv", hardest=LONGEST)
    assert row == f"{SHOWN[0]},9.0,Extreme,5328,{LONGEST},true,97,1234.5"


@pytest.mark.parametrize(
    "width,hardest_width,puzzle_width",
    [(215, 82, 81), (200, 67, 81), (150, 36, 62), (120, 36, 32), (80, 22, 6), (65, 7, 6)],
)
def test_a_terminal_table_cuts_hardest_then_the_puzzle_never_a_number(width, hardest_width, puzzle_width):
    """Rows of the full table are 215 wide: narrower, hardest gives way down to 36
    characters (Dynamic Contradiction Forcing Chains whole), then the puzzle down to 6, then
    hardest down to 7; each value cut ends in an ellipsis."""
    for hardest in (DCFC, LONGEST):
        head, row = _one_row(width, hardest=hardest)
        assert len(head) <= width and len(row) == len(head) <= width
        m = ROW.match(row)
        assert m and (m["rating"], m["score"], m["steps"], m["ms"]) == ("9.0", "5328", "97", "1234.5")
        assert m.start("hardest") == head.index("hardest") and _shown(hardest, m["hardest"])
        assert len(m["hardest"]) == min(len(hardest), hardest_width)
        assert _shown(SHOWN[0], m["puzzle"]) and len(m["puzzle"]) == puzzle_width


def test_narrower_than_the_numbers_alone_the_numbers_stay_whole():
    head, row = _one_row(30)
    assert row.split() == ["4...3" + ELLIPSIS, "9.0", "Extreme", "5328", "Dynami" + ELLIPSIS, "true", "97", "1234.5"]


def test_a_last_text_column_runs_to_the_edge():
    """The last column has nothing to line up after it: cut at the terminal's edge only."""
    head, row = _one_row(200, columns=["puzzle", "rating", "label"])
    assert row.endswith("  #1 from the collection")
    head, row = _one_row(110, columns=["puzzle", "rating", "label"])  # 91 before the label
    assert len(row) == 110 and row.endswith("  #1 from the collec" + ELLIPSIS)


# ---------------------------------------------------------------- running under a pseudo-terminal


def _rate(args: list[str], cols: int, *, stdin=subprocess.DEVNULL, stdout=None, stderr=None) -> Pty:
    """``sudoku rate ARGS`` started with stdout and stderr on a pseudo-terminal of ``cols``
    columns (each can be sent elsewhere instead), a :class:`Screen` with scrollback reading it;
    the environment is a terminal's where rich must measure the window itself."""
    env = environ(
        drop=[*RICH_ENV, "TERM", "PYTEST_CURRENT_TEST"], TERM="xterm-256color", LANG="C.UTF-8", PYTHONIOENCODING="utf-8"
    )
    return Pty(
        sudoku_argv("rate", *args),
        rows=50,
        cols=cols,
        env=env,
        stdin=stdin,
        stdout=stdout,
        stderr=stderr,
        screen=Screen(cols),
    )


@pytest.fixture(scope="module")
def expected() -> list[dict]:
    """The csv rows of :data:`PUZZLES` (a pipe: no terminal, nothing cut)."""
    p = subprocess.run(
        sudoku_argv("rate", "-", "-j", "1"),
        input="\n".join(PUZZLES) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert p.returncode == 0, p.stderr
    rows = list(csv.DictReader(io.StringIO(p.stdout)))
    assert [r["puzzle"] for r in rows] == SHOWN and rows[0]["hardest"] == DCFC
    return rows


def _stdin(lines: list[str]):
    """A pipe holding ``lines`` (closed at the writing end) to be a command's stdin."""
    r, w = os.pipe()
    os.write(w, ("\n".join(lines) + "\n").encode())
    os.close(w)
    return r


def _shown(value: str, cell: str) -> bool:
    """Whether ``cell`` shows ``value``: all of it, or its start and an ellipsis."""
    return cell == value or (cell.endswith(ELLIPSIS) and len(cell) > 1 and value.startswith(cell[:-1]))


def _table(screen: Screen, expected: list[dict]) -> list[re.Match]:
    """The table's rows as the terminal shows them, checked line by line: no bar anywhere,
    no line wider than the terminal or wrapped onto the next, every row whole and in input
    order, the columns lined up under the header."""
    lines = screen.text()
    assert not any("━" in ln or re.match(r"rating\b", ln) for ln in lines), lines
    head = next(k for k, ln in enumerate(lines) if ln.startswith("puzzle "))
    body = lines[head + 1 : head + 1 + len(expected)]
    assert all(len(ln) <= screen.cols for ln in lines)
    assert not screen.continued & set(range(head, head + 2 + len(expected))), "a line of the table wrapped"
    rows = [ROW.match(ln) for ln in body]
    assert all(rows), "\n".join(lines)
    header = lines[head]
    for m, want in zip(rows, expected):
        assert _shown(want["puzzle"], m["puzzle"]) and _shown(want["hardest"], m["hardest"]), (m.group(0), want)
        assert (m["rating"], m["level"], m["score"], m["solved"], m["steps"]) == (
            want["rating"],
            want["level"],
            want["score"],
            want["solved"],
            want["steps"],
        )
        assert m.end("rating") == header.index("rating") + len("rating")
        assert m.start("hardest") == header.index("hardest")
        assert m.end("ms") == len(header)
    return rows


# ---------------------------------------------------------------- the table above the bar


@pytest.mark.parametrize("cols", [80, 200])
def test_rows_scroll_above_the_bar_and_fit_the_terminal(cols, expected):
    """stdout and stderr on one terminal, puzzles from stdin: the table and then the summary,
    nothing of the bar left, no line past the edge; at 200 columns nothing is cut that fits
    (the puzzle whole, DCFC in full), at 80 the hardest column and then the puzzle are cut
    with an ellipsis, the numbers never."""
    run = _rate(["-", "-j", "1", "--summary"], cols, stdin=_stdin(PUZZLES))
    code, screen = run.finish(), run.screen
    assert code == 0, screen.text()
    rows = _table(screen, expected)
    lines = screen.text()
    summary = next(k for k, ln in enumerate(lines) if ln.startswith("rated "))
    assert lines[summary].startswith(f"rated {len(PUZZLES)} puzzles in ") and lines[summary - 1] == rows[-1].group(0)
    assert "levels: " in "\n".join(lines[summary:])
    if cols == 200:
        assert [m["puzzle"] for m in rows] == SHOWN and rows[0]["hardest"] == DCFC
    else:
        assert all(m["puzzle"].endswith(ELLIPSIS) and len(m.group(0)) <= 80 for m in rows)
    assert b"rating" in run.raw and "━".encode() in run.raw  # the bar was shown while the run went on


def test_bar_stays_below_rows_from_a_file_with_workers(tmp_path, expected):
    """A file rated by worker processes (the default), a terminal of 200 columns: the same
    table, none of the bar left behind."""
    f = tmp_path / "in.txt"
    f.write_text("\n".join(PUZZLES) + "\n")
    run = _rate([str(f), "-j", "2", "--no-summary"], 200)
    code, screen = run.finish(), run.screen
    assert code == 0, screen.text()
    _table(screen, expected)


def test_no_bar_when_stderr_is_not_a_terminal(tmp_path, expected):
    """stdout a terminal of 200 columns, stderr a file: not a byte of bar anywhere, and a
    table whose hardest column holds Dynamic Contradiction Forcing Chains, lined up."""
    err = tmp_path / "err.txt"
    with open(err, "w") as fh:
        run = _rate(["-", "-j", "1", "--summary"], 200, stdin=_stdin(PUZZLES), stderr=fh)
        code, screen = run.finish(), run.screen
    assert code == 0
    rows = _table(screen, expected)
    assert [m["puzzle"] for m in rows] == SHOWN and rows[0]["hardest"] == DCFC
    assert "\x1b" not in err.read_text() and err.read_text().startswith(f"rated {len(PUZZLES)} puzzles")
    assert "━".encode() not in run.raw and b"\x1b" not in run.raw


def test_bar_alone_on_the_terminal_when_stdout_is_a_file(tmp_path, expected):
    """stdout a file, stderr the terminal: csv in the file, the bar shown and then gone."""
    out = tmp_path / "out.csv"
    with open(out, "w") as fh:
        run = _rate(["-", "-j", "1", "--no-summary"], 100, stdin=_stdin(PUZZLES), stdout=fh)
        code, screen = run.finish(), run.screen
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert [r["puzzle"] for r in rows] == SHOWN and rows[0]["hardest"] == DCFC
    assert "━".encode() in run.raw and not [ln for ln in screen.text() if ln]


def test_ctrl_c_leaves_the_rows_and_one_clean_line():
    """Interrupted while the bar waits for more input: the rows so far, then the message on
    a line of its own, nothing of the bar."""
    r, w = os.pipe()
    with _rate(["-", "-j", "1"], 200, stdin=r) as run:
        os.write(w, (SHOWN[1] + "\n" + SHOWN[2] + "\n").encode())
        end = run.expect(SHOWN[2].encode())
        run.expect(b"rating ", after=end)  # the bar drawn again below the rows
        run.proc.send_signal(signal.SIGINT)
        code, screen = run.finish(), run.screen
    os.close(w)
    assert code == 130
    lines = [ln for ln in screen.text() if ln]
    assert not any("━" in ln for ln in lines), lines
    assert [ln.split()[0] for ln in lines[1:3]] == SHOWN[1:3] and lines[0].startswith("puzzle ")
    assert lines[3:] == ["interrupted after 2 rows"]
