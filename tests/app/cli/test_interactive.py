"""`sudoku step --interactive`: keys move through the path; a real terminal via a pty."""

import io
import os
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from bad_inputs import GOOD
from commands import XYW, invoke
from helpers import collection
from pty_run import Pty, PyteScreen, environ, sudoku_argv
from sudoku_logic.api.solver import Solver
from sudoku_logic.app.cli.main import app
from sudoku_logic.app.terminal.interactive import BACK, LEVEL, NEXT, QUIT, run_stepper
from sudoku_logic.core.formats import parse

PUZZLE = collection("top1465.txt", 1)[0]


def test_keys_move_forward_back_and_cycle_levels():
    grid = parse(PUZZLE)
    result = Solver(order="hodoku").solve(grid)  # HoDoKu's order: a Locked Triple at step 2
    out = io.StringIO()
    console = Console(file=out, width=100, no_color=True)
    last = run_stepper(grid, result, console, plain=True, keys=iter([NEXT, NEXT, BACK, LEVEL, LEVEL, QUIT]))
    text = out.getvalue()
    heads = re.findall(r"Step (\d+) of \d+  \(hint level (\d)\)", text)
    assert heads == [("1", "3"), ("2", "3"), ("3", "3"), ("2", "3"), ("2", "1"), ("2", "2")]
    assert last == 1
    assert "Look at row 7 and box 7: 10 candidates can be removed." in text
    assert "Locked Triple in row 7 and box 7" in text
    assert "-4" in text and "+6" in text  # plain markers on the level-3 screen


def test_end_of_path_and_end_of_input():
    grid = parse(collection("qqwing_simple.txt", 1)[0])
    result = Solver().solve(grid)
    out = io.StringIO()
    n = len(result.steps)
    last = run_stepper(grid, result, Console(file=out, width=100), plain=True, keys=iter([NEXT] * (n + 5)))
    assert last == n and f"Solved in {n} steps." in out.getvalue()


def test_piped_keys_one_per_line():
    r = CliRunner().invoke(app, ["step", PUZZLE, "--interactive", "--no-color"], input="\n\nb\nh\nq\n")
    assert r.exit_code == 0, r.output
    assert re.findall(r"Step (\d+) of", r.output) == ["1", "2", "3", "2", "2"]
    assert "\x1b[" not in r.output


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pty (POSIX)")
def test_real_terminal_with_a_pty():
    env = environ(drop=["NO_COLOR"], TERM="xterm-256color", COLUMNS="100", LINES="50")
    argv = sudoku_argv("step", PUZZLE, "--order", "hodoku", "--interactive")
    with Pty(argv, rows=50, cols=100, env=env) as term:
        first = term.expect_text(r"Step 1 of \d+.*q: quit")
        assert "Hidden Single: r9c3=7" in first and "┏━━━━━━━┯" in first
        assert b"\x1b[" in term.raw  # colours and screen clearing on a terminal
        after = term.send(b"\r")
        assert "Locked Triple" in term.expect_text(r"Step 2 of \d+.*q: quit", after=after)
        after = term.send(b"h")
        assert "Look at row 7 and box 7" in term.expect_text(r"hint level 1\).*q: quit", after=after)
        after = term.send(b"b")
        term.expect_text(r"Step 1 of \d+.*q: quit", after=after)
        after = term.send(b"\x1b[C")  # right arrow: next
        term.expect_text(r"Step 2 of \d+.*q: quit", after=after)
        term.send(b"q")
        assert term.finish(timeout=30) == 0


def _screens(args: list[str], keys: list[bytes], rows: int, cols: int) -> list[list[str]]:
    """What a rows x cols terminal shows running ``sudoku ARGS`` once it settles, then after
    each key (pyte plays the bytes as a terminal would: what scrolled away is gone)."""
    screen = PyteScreen(cols, rows)
    env = environ(drop=["COLUMNS", "LINES", "NO_COLOR"], TERM="xterm-256color")
    with Pty(sudoku_argv(*args), rows=rows, cols=cols, env=env, screen=screen) as term:
        shots = [term.expect_screen(r"q: quit", quiet=0.4)]  # drawn, and nothing more coming
        for key in keys:
            screen.reset()
            term.send(key)
            shots.append(term.expect_screen(r"q: quit", quiet=0.4))
        term.send(b"q")
        assert term.finish(timeout=30) == 0
        return shots


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pty (POSIX)")
def test_fits_an_80x24_terminal():
    """Every screen fits 80x24, from its first line (the step) to its last (the keys):
    the pencilmark grid where the 3x3 blocks would not fit; a long explanation is cut, saying
    how many lines show it all; a terminal too small for the grid is told the size it needs."""
    hard = collection("top1465.txt", 2)[1]  # SE's step 10: a Dynamic Region Forcing Chains
    shots = _screens(["step", hard, "--interactive", "--until", "9"], [b"\r", b"h", b"\r", b"b"], 24, 80)
    names = [s[0].split("  (")[0] for s in shots]
    assert names == ["Step 9 of 115", "Step 10 of 115", "Step 10 of 115", "Step 11 of 115", "Step 10 of 115"]
    for shot in shots:
        text = "\n".join(shot)
        assert [line[0] for line in shot if line[:2] in (".-", ":-", "'-")] == [".", ":", ":", "'"], text
        assert any(line.startswith("Enter: next") for line in shot), text
    assert "Dynamic Region Forcing Chains: every place of 7 in c9" in shots[1][1]
    short = _screens(["step", hard, "--interactive", "--until", "10"], [], 20, 80)[0]
    drawn = [line for line in short if line.strip()]
    assert drawn[0].startswith("Step 10 of 115") and drawn[-1].startswith("Enter: next"), "\n".join(short)
    assert any(
        line.startswith("(3 more lines of explanation: a terminal of 22 lines shows it all)") for line in short
    ), "\n".join(short)
    tiny = _screens(["step", hard, "--interactive", "--until", "10"], [], 12, 60)[0]
    assert "This step needs a terminal of at least 71x23 (this one is 60x12)" in " ".join(" ".join(tiny).split())


# ---------------------------------------------------------------- where a path starts, on a short terminal


def test_interactive_starts_at_until_and_skips_singles():
    import re

    r = invoke("step", XYW, "-i", "--no-color", "--until-technique", "XY-Wing", input="q\n")
    assert r.exit_code == 0
    assert re.findall(r"Step (\d+) of", r.stdout) == ["53"] and "XY-Wing" in r.stdout
    r = invoke("step", XYW, "-i", "--no-color", input="s\nq\n")
    heads = re.findall(r"Step (\d+) of \d+  \(hint level 3\)\n(.*)", r.stdout)
    assert heads[0][0] == "1" and "Single" not in heads[1][1] and int(heads[1][0]) > 2


def test_short_terminal_shows_the_step_above_a_pencilmark_grid():
    import io

    from rich.console import Console

    from sudoku_logic.api.solver import Solver
    from sudoku_logic.app.terminal.interactive import fitted

    grid = parse(GOOD)
    result = Solver().solve(grid)
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, no_color=True)
    for part in fitted(console, grid, result, 0, 3, True):
        console.print(part)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Step 1 of") and lines[-1].startswith("Enter: next") and len(lines) <= 23
    assert sum(1 for line in lines if line.startswith("|")) == 9  # the 13-line pencilmark grid


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pty (POSIX)")
def test_explanations_wrap_at_word_boundaries_on_a_terminal():
    """Issue 40, item 12: step 2 of PUZZLE's path (a Direct Hidden Pair) has "leaves" across
    column 80; on an 80-column terminal, in colour and with --no-color (which prints every
    screen in full: a taller terminal keeps it in sight), each line of its explanation holds
    whole words."""
    step = Solver().solve(parse(PUZZLE)).steps[1]
    words = set(step.explanation.split())
    assert step.technique == "Direct Hidden Pair" and step.explanation.find("leaves") < 80 < step.explanation.find(
        "leaves"
    ) + len("leaves")
    for extra, rows in (([], 24), (["--no-color"], 60)):
        shot = _screens(["step", PUZZLE, "--interactive", "--until", "2", *extra], [], rows, 80)[0]
        first = next(i for i, line in enumerate(shot) if line.startswith(step.explanation[:20]))
        end = next(i for i, line in enumerate(shot) if line.startswith((".-", "+=")))  # the grid's top
        lines = [line.strip() for line in shot[first:end]]
        assert " ".join(lines) == step.explanation, shot
        assert all(set(line.split()) <= words for line in lines), lines
