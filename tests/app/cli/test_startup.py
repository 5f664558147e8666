"""What a run of one command loads: its own module, not the other commands' (start-up is most
of a small run's time), and for ``rate -j 1`` without a bar neither the bar nor the workers, nor
rich (nothing is drawn), nor the Python DLX (the engine counts solutions)."""

from __future__ import annotations

import subprocess
import sys

EASY = "080470003000050016040000050000300700000000004320001065803040002000000000010503000"

PROBE = """
import sys
sys.argv = ["sudoku", *sys.argv[1:]]
from sudoku_logic.app.cli.main import main
try:
    main()
except SystemExit:
    pass
prefixes = ("sudoku_logic.app.cli.", "sudoku_logic.core.dlx", "rich", "multiprocessing")
loaded = sorted(m for m in sys.modules if m.startswith(prefixes))
print(" ".join(loaded), file=sys.stderr)
"""


def loaded(*args: str) -> tuple[str, set[str]]:
    r = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120)
    return r.stdout, set(r.stderr.strip().splitlines()[-1].split())


def test_rate_loads_no_other_command_nor_the_bar_nor_workers():
    out, mods = loaded("rate", EASY, "-j", "1", "--no-progress", "-f", "csv")
    assert out.splitlines()[0].startswith("puzzle,rating")
    assert EASY.replace("0", ".") in out
    commands = {m.rsplit(".", 1)[1] for m in mods if m.startswith("sudoku_logic.app.cli.")}
    assert "rate" in commands
    assert not commands & {"play", "hint", "generate", "step", "solve", "techniques"}
    assert not any(m.startswith(("rich", "multiprocessing")) for m in mods)
    assert "sudoku_logic.core.dlx" not in mods


def test_a_bad_line_is_still_one_line_when_rich_loads_late():
    r = subprocess.run(
        [sys.executable, "-m", "sudoku_logic", "rate", "-", "-j", "1", "-f", "csv"],
        input=EASY + "\n" + "12" * 40 + "\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 2
    assert "error: stdin line 2: expected 81 cells" in r.stderr and "Traceback" not in r.stderr
    assert EASY.replace("0", ".") in r.stdout


def test_help_still_lists_every_command():
    r = subprocess.run([sys.executable, "-m", "sudoku_logic", "--help"], capture_output=True, text=True, timeout=120)
    listed = [ln.split()[0] for ln in r.stdout.split("Commands:")[1].splitlines() if ln.strip()]
    assert listed == ["solve", "step", "hint", "check", "rate", "play", "techniques", "generate"]
