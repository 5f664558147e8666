"""The linters the README's test command runs before the tests: ``python tests/lint.py``.

ruff (lint, and the formatter's check) on the three packages, the tests and the benchmarks, and mypy on the
three packages as they sit in the repository (they import as they install), with the settings of
``pyproject.toml``. Prints what each finds; exit status 1 if any finds something.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ["sudoku_logic", "strategies", "grading"]
#: ruff holds the tests and the benchmark scripts to the package's style
LINTED = [*PACKAGE, "tests", "benchmarks"]
CHECKS = {
    "ruff check": [sys.executable, "-m", "ruff", "check", "--quiet", *LINTED],
    "ruff format --check": [sys.executable, "-m", "ruff", "format", "--check", "--quiet", *LINTED],
    "mypy": [sys.executable, "-m", "mypy", *(arg for name in PACKAGE for arg in ("-p", name))],
}


def main() -> int:
    failed = []
    for name, command in CHECKS.items():
        r = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if r.returncode != 0:
            failed.append(name)
            sys.stdout.write(r.stdout + r.stderr)
    print("lint: " + (f"{', '.join(failed)} found problems" if failed else "ruff and mypy are clean"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
