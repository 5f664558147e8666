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


def _screens(args: list[str], keys: list[bytes], rows: int, cols: int) -> list[list[str]]:
    """What a rows x cols terminal shows running ``sudoku ARGS`` once it settles, then after
    each key (pyte plays the bytes as a terminal would: what scrolled away is gone)."""
    import fcntl
    import struct
    import termios

    import pyte

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_logic", *args], stdin=slave, stdout=slave,
                            stderr=slave, env={**env, "TERM": "xterm-256color"}, close_fds=True)
    os.close(slave)
    screen = pyte.Screen(cols, rows)
    stream = pyte.ByteStream(screen)

    def settle(pattern: str, timeout: float = 60) -> list[str]:
        end = time.time() + timeout
        quiet = None
        while time.time() < end:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    stream.feed(os.read(master, 65536))
                except OSError:
                    break
                quiet = None
            elif re.search(pattern, "\n".join(screen.display)):
                quiet = quiet or time.time()
                if time.time() - quiet > 0.3:  # drawn, and nothing more coming
                    return list(screen.display)
        raise AssertionError(f"{pattern!r} not shown:\n" + "\n".join(screen.display))

    try:
        shots = [settle(r"q: quit")]
        for key in keys:
            screen.reset()
            os.write(master, key)
            shots.append(settle(r"q: quit"))
        os.write(master, b"q")
        assert proc.wait(timeout=30) == 0
        return shots
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pty (POSIX)")
def test_fits_an_80x24_terminal():
    """Item 10: every screen fits 80x24, from its first line (the step) to its last (the keys):
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
    assert any(line.startswith("(3 more lines of explanation: a terminal of 22 lines shows it all)")
               for line in short), "\n".join(short)
    tiny = _screens(["step", hard, "--interactive", "--until", "10"], [], 12, 60)[0]
    assert "This step needs a terminal of at least 71x23 (this one is 60" in " ".join(tiny)
