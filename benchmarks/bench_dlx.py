"""Uniqueness checks per second (count up to 2) on shipped collections: DLX, the referee
(:func:`sudoku_logic.core.dlx.count_solutions`), and the generator's bit-mask backtracker
(:func:`sudoku_logic.core.bitsolve.count_solutions`) on the same puzzles.

Usage: python -m benchmarks.bench_dlx [N] [PASSES]
(N puzzles per collection, default 300; PASSES timed passes, default 3). Prints the median
pass and the range over the passes, in CPU time of this process: on a shared machine other
jobs still slow it down, so compare figures taken in one run.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Sequence

from benchmarks.common import Table, collection
from sudoku_logic.core import bitsolve, dlx
from sudoku_logic.core.formats import parse

COLLECTIONS = ["qqwing_expert.txt", "top1465.txt", "sudoku17.txt"]


def rates(check: Callable[[object], int], items: Sequence, passes: int) -> list[float]:
    """Checks per second of ``check`` over ``items``, one figure per pass."""
    out = []
    for _ in range(passes):
        t = time.process_time()
        for x in items:
            assert check(x) == 1
        out.append(len(items) / (time.process_time() - t))
    return out


def main(n: int = 300, passes: int = 3) -> None:
    """Print, for each collection, the checks per second of DLX and of the bit-mask solver."""
    table = Table(("collection", "{:<22}"), ("puzzles", "{:>8}"), ("DLX checks/s (median, range)", "  {:<32}"))
    table.header(note="bitsolve checks/s")
    for name in COLLECTIONS:
        grids = [parse(p) for p in collection(name, n)]
        values = [g.values for g in grids]
        a = rates(lambda g: dlx.count_solutions(g, 2), grids, passes)
        b = rates(lambda v: bitsolve.count_solutions(v, 2), values, passes)
        table.row(name, len(grids), spread(a), note=spread(b))


def spread(figures: list[float]) -> str:
    """The median of ``figures`` and their range, as ``  1234 (1200-1300)``."""
    return f"{statistics.median(figures):7.0f} ({min(figures):.0f}-{max(figures):.0f})"


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
