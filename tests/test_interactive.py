"""`sudoku step --interactive`: keys move through the path; a real terminal via a pty."""
import io
import os
import re
import select
import subprocess
import sys
import time

import pytest
from rich.console import Console
from typer.testing import CliRunner

from helpers import collection
from sudoku_logic.app.cli import app
from sudoku_logic.core.formats import parse
from sudoku_logic.app.interactive import BACK, LEVEL, NEXT, QUIT, run_stepper
from sudoku_logic.app.solver import Solver

PUZZLE = collection("top1465.txt", 1)[0]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


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
    import fcntl
    import struct
    import termios
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 100, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="50")
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_logic", "step", PUZZLE, "--order", "hodoku", "--interactive"],
                            stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    seen = []

    def read_until(pattern, timeout=60):
        end = time.time() + timeout
        while time.time() < end:
            text = ANSI.sub("", "".join(seen))
            if re.search(pattern, text, re.S):
                return text
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    seen.append(os.read(master, 65536).decode(errors="replace"))
                except OSError:
                    break
        raise AssertionError(f"{pattern!r} not shown; screen so far:\n{ANSI.sub('', ''.join(seen))[-3000:]}")

    try:
        first = read_until(r"Step 1 of \d+.*q: quit")
        assert "Hidden Single: r9c3=7" in first and "┏━━━━━━━┯" in first
        assert "\x1b[" in "".join(seen)  # colours and screen clearing on a terminal
        seen.clear()
        os.write(master, b"\r")
        assert "Locked Triple" in read_until(r"Step 2 of \d+.*q: quit")
        seen.clear()
        os.write(master, b"h")
        assert "Look at row 7 and box 7" in read_until(r"hint level 1\).*q: quit")
        seen.clear()
        os.write(master, b"b")
        read_until(r"Step 1 of \d+.*q: quit")
        seen.clear()
        os.write(master, b"\x1b[C")  # right arrow: next
        read_until(r"Step 2 of \d+.*q: quit")
        os.write(master, b"q")
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
