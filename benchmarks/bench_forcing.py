"""Forcing chains/nets speed: hints per second and full solve paths per second.

Puzzles: the first N of a collection (default ``top1465.txt``). Times are CPU seconds of this
process (``time.process_time``), so that a loaded machine does not distort them.

- paths: ``Solver().solve`` of each puzzle (every default technique), per second;
- hints: ``Solver().next_step`` on every position of those paths where a forcing technique
  was the step taken (the positions where the forcing finders do the work), each timed from a
  cold cache (no analysis of an earlier position to take over), per second, with the slowest.

Usage: python -m benchmarks.bench_forcing [N] [collection]   (default N = 100, top1465.txt)
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from benchmarks.common import collection
from grading.tables import RATINGS
from sudoku_logic.api.solver import Solver
from sudoku_logic.core.formats import parse

#: the families whose steps the hints are timed on
FORCING = ("forcing", "kraken")


def main(n: int = 100, name: str = "top1465.txt") -> None:
    """Time the solve paths of the first ``n`` puzzles of ``name``, then the hints at their forcing steps."""
    ps = collection(name, n)
    solver = Solver()
    used: Counter = Counter()
    positions = []
    solved = 0
    slowest_path = (0.0, "")
    t0 = time.process_time()
    for p in ps:
        t = time.process_time()
        r = solver.solve(parse(p))
        slowest_path = max(slowest_path, (time.process_time() - t, p))
        solved += r.solved
        used.update(s.technique for s in r.steps)
        g = r.start.copy()
        for s in r.steps:
            if RATINGS[s.technique].family in FORCING:
                positions.append(g.copy())
            g.apply(s)
    path_time = time.process_time() - t0
    print(f"{name}: {len(ps)} puzzles, solved {solved}")
    print(
        f"paths:  {len(ps) / path_time:8.2f} /s  (mean {1000 * path_time / len(ps):.0f} ms, "
        f"slowest {1000 * slowest_path[0]:.0f} ms)"
    )
    hint_time = 0.0
    worst = (0.0, "")
    for g in positions:
        t = time.process_time()
        step = solver.next_step(g)
        dt = time.process_time() - t
        hint_time += dt
        if dt > worst[0]:
            worst = (dt, step.notation if step else "none")
    if positions:
        print(
            f"hints:  {len(positions) / hint_time:8.1f} /s  on {len(positions)} positions needing a forcing step "
            f"(mean {1000 * hint_time / len(positions):.0f} ms, slowest {1000 * worst[0]:.0f} ms: {worst[1]})"
        )
    print("forcing/kraken steps used:", {k: v for k, v in sorted(used.items()) if RATINGS[k].family in FORCING})


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 100, args[1] if len(args) > 1 else "top1465.txt")
