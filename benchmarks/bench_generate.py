"""Generated puzzles per second for each level, with all cores.

Usage: python -m benchmarks.bench_generate [COUNT] [JOBS] [MODE...]
(default 10 puzzles a level, all cores, both modes). Modes:

- ``aimed``: what ``sudoku generate --level L`` does by default: givens removed down to 30,
  then further while the puzzle is easier than L (removals that make it harder are skipped).
- ``minimal``: ``--minimal``: every given that can go goes; candidates of another level are
  turned down.
"""

from __future__ import annotations

import os
import sys
import time

from benchmarks.common import Table
from sudoku_logic.app.bulk.generator import Wanted, generate

LEVELS = ["easy", "medium", "hard", "unfair", "extreme"]


def main(count: int = 10, jobs: int = 0, modes: tuple[str, ...] = ("aimed", "minimal")) -> None:
    """Generate ``count`` puzzles of each level in each mode with ``jobs`` processes (0: all cores) and
    print how many were tried and how fast they came."""
    jobs = jobs or os.cpu_count() or 1
    table = Table(
        ("mode", "{:<9}"),
        ("level", "{:<9}"),
        ("puzzles", "{:>8}"),
        ("tried", "{:>7}"),
        ("tries/p", "{:>8.1f}"),
        ("seconds", "{:>9.1f}"),
        ("puzzles/s", "{:>11.2f}"),
    )
    table.header(note=f"   (jobs={jobs})")
    for mode in modes:
        for level in LEVELS:
            tries = 0

            def seen(_c, _ok):
                nonlocal tries
                tries += 1

            t = time.perf_counter()
            made = sum(
                1
                for _ in generate(
                    count,
                    Wanted(level=level),
                    seed=2026,
                    minimal=mode == "minimal",
                    jobs=jobs,
                    max_tries=count * 400,
                    on_try=seen,
                )
            )
            dt = time.perf_counter() - t
            table.row(mode, level, made, tries, tries / max(made, 1), dt, made / dt)


if __name__ == "__main__":
    a = sys.argv[1:]
    main(int(a[0]) if a else 10, int(a[1]) if len(a) > 1 else 0, tuple(a[2:]) or ("aimed", "minimal"))
