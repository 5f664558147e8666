"""The ``sudoku`` command as the command-line tests run it, and the puzzles they share.

:func:`invoke` runs it in this process through typer's ``CliRunner``; :func:`sudoku` runs it as
a real process (``python -m sudoku_logic``) with this checkout first on its path.
"""

from __future__ import annotations

import os
import subprocess
import sys

from typer.testing import CliRunner

from helpers import ROOT, collection
from sudoku_logic.app.cli.main import app

RUNNER = CliRunner()
#: qqwing_expert's first puzzle (SE 5.6)
P = collection("qqwing_expert.txt", 1)[0]
#: the README's puzzle
README_P = "000009080000704000000200004050800200007030050036970000040000003000528006005090078"
#: top1465's first puzzle: forcing chains and nets on both programs' paths
TOP1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
#: a puzzle whose SE path takes an XY-Wing at step 53
XYW = "081600090000000000004037600600400500030000070007002004005210300000000000070004810"


def invoke(*args, input=None):
    """``sudoku ARGS`` run in this process (typer's ``CliRunner``), ``input`` its stdin."""
    return RUNNER.invoke(app, list(args), input=input)


def sudoku(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """``sudoku ARGS`` run as a real process, ``stdin`` its input."""
    return subprocess.run(
        [sys.executable, "-m", "sudoku_logic", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=300,
    )
