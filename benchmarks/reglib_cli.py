"""Every colouring, chain and ALS line of HoDoKu's regression library through the command a
user runs: ``sudoku hint LINE --all --technique NAME --json``, no other flag (a library line
gets the options HoDoKu's regression tester sets for its variant). Prints each line that
fails and the share that passes.

    python -m benchmarks.reglib_cli [FILE]     (default: puzzles/hodoku_reglib_dev.txt)
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from typer.testing import CliRunner

from benchmarks.common import PUZZLES
from grading.tables import RATINGS
from sudoku_logic.app.cli.main import app
from sudoku_logic.core.formats import parse_reglib

#: The families this check covers: colouring (05xx), chains (07xx), ALS (09xx).
PREFIXES = ("05", "07", "09")


def technique_of(code: str) -> str | None:
    """The table's technique for a library code (its base code)."""
    base = code.split("-")[0]
    return next((n for n, r in RATINGS.items() if r.code == base), None)


def lines(path: Path) -> list[str]:
    """The colouring, chain and ALS lines of the library file ``path``."""
    return [ln.strip() for ln in path.read_text().splitlines() if ln.startswith(":") and ln[1:3] in PREFIXES]


def check(line: str, runner: CliRunner | None = None) -> tuple[bool, str]:
    """(passed, note) for one library line run through ``sudoku hint``."""
    case = parse_reglib(line)
    name = technique_of(case.code)
    if name is None:
        return False, f"no technique for code {case.code}"
    r = (runner or CliRunner()).invoke(app, ["hint", line, "--all", "--technique", name, "--json"])
    if r.exit_code not in (0, 1):
        return False, f"exit {r.exit_code}: {r.stderr.strip() or r.stdout.strip()[:200]}"
    doc = json.loads(r.stdout.splitlines()[-1])
    steps = doc.get("steps", [])
    want_e = {f"r{c // 9 + 1}c{c % 9 + 1}<>{d}" for c, d in case.eliminations}
    want_p = {f"r{c // 9 + 1}c{c % 9 + 1}={d}" for c, d in case.placements}
    if case.fail_case:
        return (not steps), "expected nothing" if steps else ""
    for s in steps:
        if set(s["eliminations"]) == want_e and set(s["placements"]) == want_p:
            return True, ""
    return False, f"{len(steps)} steps, none with exactly the line's result"


def main() -> None:
    """Run every line of the file named on the command line (or the shipped library) and print the failures."""
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else PUZZLES / "hodoku_reglib_dev.txt"
    todo = lines(path)
    runner = CliRunner()
    passed = 0
    t0 = time.perf_counter()
    for line in todo:
        t = time.perf_counter()
        ok, note = check(line, runner)
        passed += ok
        if not ok:
            print(f"FAIL {line[:60]}... {note} ({time.perf_counter() - t:.1f} s)")
    print(f"{passed} of {len(todo)} lines pass ({100 * passed / len(todo):.1f} %) in {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
