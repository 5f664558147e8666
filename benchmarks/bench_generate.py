"""Generated puzzles per second for each level, with all cores.

Usage: python benchmarks/bench_generate.py [COUNT] [JOBS]   (default 10 puzzles a level, all cores)
Easy and medium puzzles keep up to 30 givens; harder levels use minimal puzzles.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_logic.generator import Wanted, generate  # noqa: E402

LEVELS = ["easy", "medium", "hard", "unfair", "extreme"]


def main(count: int = 10, jobs: int = 0) -> None:
    jobs = jobs or os.cpu_count() or 1
    print(f"{'level':<10}{'puzzles':>8}{'tried':>8}{'seconds':>9}{'puzzles/s':>11}   (jobs={jobs})")
    for level in LEVELS:
        tries = 0

        def seen(_c, _ok):
            nonlocal tries
            tries += 1

        minimal = level not in ("easy", "medium")
        t = time.perf_counter()
        made = sum(1 for _ in generate(count, Wanted(level=level), seed=2026, minimal=minimal,
                                       jobs=jobs, max_tries=count * 400, on_try=seen))
        dt = time.perf_counter() - t
        print(f"{level:<10}{made:>8}{tries:>8}{dt:>9.1f}{made / dt:>11.2f}")


if __name__ == "__main__":
    a = sys.argv[1:]
    main(int(a[0]) if a else 10, int(a[1]) if len(a) > 1 else 0)
