"""Solve-path sweep: every step of every puzzle's path checked against the DLX solution.

Usage: python benchmarks/sweep.py [--jobs N] [--limit N] [--order se|hodoku] [COLLECTION ...]
(default: every shipped collection, all cores). Prints per collection: puzzles, solved,
steps checked, wrong steps (must be 0), seconds; wrong steps are listed in full.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ALL = [
    "qqwing_simple.txt", "qqwing_easy.txt", "qqwing_intermediate.txt", "qqwing_expert.txt",
    "top1465.txt", "hardest_2011_dev.csv", "sudocue_almostdn.txt", "sudocue_learningcurve.txt",
    "sudocue_noponies.txt", "sudocue_snow2005.txt", "sudocue_superiors.txt",
    "sudocue_top10000.txt", "sudoku17.txt",
]
_SOLVERS: dict = {}  # one Solver per order in each worker process


def puzzles(name: str, limit: int | None = None) -> list[str]:
    """The puzzles of a shipped collection (first column of a CSV)."""
    out = []
    for line in open(ROOT / "puzzles" / name):
        s = line.strip().split(",")[0].split()[0] if line.strip() else ""
        if len(s) == 81 and all(ch in "0123456789." for ch in s):
            out.append(s)
    return out[:limit] if limit else out


def check_one(args: tuple[str, str]) -> tuple[bool, int, list[str]]:
    """Solve one puzzle; return (solved, steps checked, descriptions of wrong steps)."""
    puzzle, order = args
    from sudoku_logic.core import dlx
    from sudoku_logic.core.formats import parse
    from sudoku_logic.app.solver import Solver
    if order not in _SOLVERS:
        _SOLVERS[order] = Solver(order=order)
    solver = _SOLVERS[order]
    grid = parse(puzzle)
    sol = dlx.unique_solution(grid)
    result = solver.solve(grid)
    wrong = []
    checked = 0
    for step in result.steps:
        checked += 1
        bad = [(c, d) for c, d in step.placements if sol[c] != d] + [(c, d) for c, d in step.eliminations if sol[c] == d]
        if bad:
            wrong.append(f"{puzzle} | {step.notation}")
    if result.solved and result.grid.values != sol:
        wrong.append(f"{puzzle} | solved grid differs from the DLX solution")
    return result.solved, checked, wrong


def sweep(name: str, jobs: int, limit: int | None = None, order: str = "se") -> dict:
    """Sweep one collection; return its figures."""
    ps = puzzles(name, limit)
    t = time.perf_counter()
    solved = checked = 0
    wrong: list[str] = []
    with ProcessPoolExecutor(jobs) as pool:
        for ok, n, bad in pool.map(check_one, [(p, order) for p in ps], chunksize=8):
            solved += ok
            checked += n
            wrong.extend(bad)
    return {"collection": name, "puzzles": len(ps), "solved": solved, "steps": checked,
            "wrong": wrong, "seconds": time.perf_counter() - t}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("collections", nargs="*", default=ALL)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--order", default="se")
    a = ap.parse_args()
    total_wrong = 0
    print(f"{'collection':<28}{'puzzles':>8}{'solved':>8}{'steps':>10}{'wrong':>7}{'seconds':>9}", flush=True)
    for name in a.collections:
        r = sweep(name, a.jobs, a.limit, a.order)
        total_wrong += len(r["wrong"])
        print(f"{name:<28}{r['puzzles']:>8}{r['solved']:>8}{r['steps']:>10}{len(r['wrong']):>7}{r['seconds']:>9.1f}", flush=True)
        for w in r["wrong"][:20]:
            print("  WRONG:", w, flush=True)
    return 1 if total_wrong else 0


if __name__ == "__main__":
    sys.exit(main())
