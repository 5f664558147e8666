"""Uniqueness checks per second (DLX, count up to 2) on shipped collections.

Usage: python benchmarks/bench_dlx.py [N]   (N puzzles per collection, default 300)
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_logic.core import dlx  # noqa: E402
from sudoku_logic.core.formats import parse  # noqa: E402

COLLECTIONS = ["qqwing_expert.txt", "top1465.txt", "sudoku17.txt"]


def main(n: int = 300) -> None:
    for name in COLLECTIONS:
        ps = [ln[:81] for ln in open(ROOT / "puzzles" / name) if ln[:1] in ".0123456789"][:n]
        grids = [parse(p) for p in ps]
        t = time.perf_counter()
        for g in grids:
            assert dlx.count_solutions(g, 2) == 1
        dt = time.perf_counter() - t
        print(f"{name:<22} {len(grids):>5} puzzles  {len(grids) / dt:8.1f} uniqueness checks/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
