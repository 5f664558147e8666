"""Per-family finder timings on hard positions.

Positions: the first N puzzles of ``qqwing_expert.txt`` and ``top1465.txt``, each solved with
the basic techniques (singles, intersections, subsets) until stuck: where the advanced
techniques have to work. For every registered family, prints positions searched per second
(first step only, as the solver asks) and for all steps, and how many positions had a step.

Usage: python -m benchmarks.bench_families [N] [--all] [family ...]   (default N = 100)
Only techniques on the default solve path are timed unless --all is given (the Franken,
Mutant and Siamese fish, off by default, take seconds a position).
"""

from __future__ import annotations

import sys
import time

from benchmarks.common import Table, collection
from grading.scales import all_techniques
from sudoku_logic.api.solver import Solver
from sudoku_logic.core.formats import parse
from sudoku_logic.core.grid import Grid

BASIC = ("singles", "intersections", "subsets")
COLLECTIONS = ["qqwing_expert.txt", "top1465.txt"]


def stuck_positions(name: str, n: int) -> list[Grid]:
    """The first ``n`` positions where the basic techniques are stuck, one from each puzzle of
    the collection that they do not solve, in order."""
    basic = Solver(list(BASIC))
    out = []
    for puzzle in collection(name):
        if len(out) >= n:
            break
        r = basic.solve(parse(puzzle))
        if not r.solved:
            out.append(r.grid)
    return out


def main(n: int = 100, families: list[str] | None = None, everything: bool = False) -> None:
    """Time the finders of every family (or of ``families``) on the stuck positions of each collection."""
    table = Table(
        ("family", "{:<16}"),
        ("first step /s", "{:>15.1f}"),
        ("all steps /s", "{:>15.1f}"),
        ("positions with a step", "{:>24}"),
    )
    techs = [t for t in all_techniques() if t.family not in BASIC and (everything or t.default)]
    fams = sorted({t.family for t in techs} if not families else set(families))
    for name in COLLECTIONS:
        grids = stuck_positions(name, n)
        print(f"\n{name}: {len(grids)} positions where the basic techniques are stuck")
        table.header()
        for fam in fams:
            ft = [t for t in techs if t.family == fam]
            t0 = time.perf_counter()
            hits = 0
            for g in grids:
                for t in ft:
                    if next(iter(t.finder(g)), None) is not None:
                        hits += 1
                        break
            first = time.perf_counter() - t0
            t0 = time.perf_counter()
            for g in grids:
                for t in ft:
                    for _ in t.finder(g):
                        pass
            every = time.perf_counter() - t0
            table.row(fam, len(grids) / first, len(grids) / every, f"{hits}/{len(grids)}")


if __name__ == "__main__":
    args = sys.argv[1:]
    everything = "--all" in args
    args = [a for a in args if a != "--all"]
    n = int(args.pop(0)) if args and args[0].isdigit() else 100
    main(n, args or None, everything)
