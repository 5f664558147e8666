"""Forcing chains/nets speed: hints per second and full solve paths per second.

Hints: on the first N puzzles of ``top1465.txt``, the position where the basic techniques are
stuck; a hint is ``Solver().next_step`` there (every default technique, so the forcing finders
do the work), timed from a cold cache. Paths: ``Solver().solve`` of the same N puzzles. Also
prints the slowest hint and path and how many forcing steps the paths used.

Usage: python benchmarks/bench_forcing.py [N] [collection]   (default N = 100, top1465.txt)
"""
from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_logic.formats import parse  # noqa: E402
from sudoku_logic.solver import Solver  # noqa: E402
from strategies import forcing  # noqa: E402

BASIC = ["singles", "intersections", "subsets"]


def puzzles(name: str, n: int) -> list[str]:
    out = []
    for line in open(ROOT / "puzzles" / name):
        s = line.strip().split(",")[0]
        if len(s) >= 81 and s[:81].replace(".", "0").isdigit():
            out.append(s[:81])
        if len(out) >= n:
            break
    return out


def main(n: int = 100, name: str = "top1465.txt") -> None:
    ps = puzzles(name, n)
    basic = Solver(BASIC)
    solver = Solver()
    stuck = [g for g in (basic.solve(parse(p)).grid for p in ps) if g.empty]

    forcing._ANALYSES.clear()
    t0 = time.perf_counter()
    worst = (0.0, None)
    for g in stuck:
        forcing._ANALYSES.clear()
        t = time.perf_counter()
        step = solver.next_step(g)
        dt = time.perf_counter() - t
        if dt > worst[0]:
            worst = (dt, step.notation if step else None)
    hint_time = time.perf_counter() - t0
    print(f"{name}: {len(ps)} puzzles, {len(stuck)} stuck after the basics")
    print(f"hints:  {len(stuck) / hint_time:8.1f} /s  (mean {1000 * hint_time / max(1, len(stuck)):.0f} ms, "
          f"slowest {1000 * worst[0]:.0f} ms: {worst[1]})")

    used: Counter = Counter()
    t0 = time.perf_counter()
    solved = 0
    slowest = (0.0, None)
    for p in ps:
        t = time.perf_counter()
        r = solver.solve(parse(p))
        dt = time.perf_counter() - t
        slowest = max(slowest, (dt, p))
        solved += r.solved
        used.update(s.technique for s in r.steps)
    path_time = time.perf_counter() - t0
    print(f"paths:  {len(ps) / path_time:8.2f} /s  (mean {1000 * path_time / len(ps):.0f} ms, "
          f"slowest {1000 * slowest[0]:.0f} ms), solved {solved}/{len(ps)}")
    print("forcing steps used:", {k: v for k, v in used.items() if k in forcing.RATINGS and
                                   forcing.RATINGS[k].family == "forcing"})


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 100, args[1] if len(args) > 1 else "top1465.txt")
