"""Uniqueness checks per second (count up to 2) on shipped collections: DLX, the referee
(:func:`sudoku_logic.core.dlx.count_solutions`), and the generator's bit-mask backtracker
(:func:`sudoku_logic.core.bitsolve.count_solutions`) on the same puzzles.

Usage: python benchmarks/bench_dlx.py [N] [PASSES]
(N puzzles per collection, default 300; PASSES timed passes, default 3). Prints the median
pass and the range over the passes, in CPU time of this process: on a shared machine other
jobs still slow it down, so compare figures taken in one run.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_logic.core import bitsolve, dlx  # noqa: E402
from sudoku_logic.core.formats import parse  # noqa: E402

COLLECTIONS = ["qqwing_expert.txt", "top1465.txt", "sudoku17.txt"]


def rates(check, items, passes: int) -> list[float]:
    """Checks per second of ``check`` over ``items``, one figure per pass."""
    out = []
    for _ in range(passes):
        t = time.process_time()
        for x in items:
            assert check(x) == 1
        out.append(len(items) / (time.process_time() - t))
    return out


def main(n: int = 300, passes: int = 3) -> None:
    print(f"{'collection':<22}{'puzzles':>8}  {'DLX checks/s (median, range)':<32}{'bitsolve checks/s'}")
    for name in COLLECTIONS:
        ps = [ln[:81] for ln in open(ROOT / "puzzles" / name) if ln[:1] in ".0123456789"][:n]
        grids = [parse(p) for p in ps]
        values = [g.values for g in grids]
        a = rates(lambda g: dlx.count_solutions(g, 2), grids, passes)
        b = rates(lambda v: bitsolve.count_solutions(v, 2), values, passes)
        print(f"{name:<22}{len(grids):>8}  {statistics.median(a):7.0f} ({min(a):.0f}-{max(a):.0f}){'':<14}"
              f"{statistics.median(b):7.0f} ({min(b):.0f}-{max(b):.0f})")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
