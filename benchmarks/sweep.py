"""Solve-path sweep: every step of every puzzle's path checked against the DLX solution.

Usage: python -m benchmarks.sweep [--jobs N] [--limit N] [--order se|hodoku] [--set KEY=VALUE ...]
[COLLECTION ...] (default: every shipped collection, all cores; ``--set`` as ``sudoku``'s,
e.g. ``--set als_nodes=true``). Prints per collection: puzzles, solved,
steps checked, wrong steps (must be 0), seconds; wrong steps are listed in full. Exit
status 1 when a step is wrong.

``pytest -m sweep`` runs the same :func:`sweep` as tests (``tests/solve/test_paths.py`` on every
collection, ``tests/strategies/test_forcing.py`` on top1465 and the 2011 hardest list), which pass or fail
as a whole; this script is for the per-collection table, a cut (``--limit``), HoDoKu's order
(``--order hodoku``), or a collection of your choosing.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from benchmarks.common import Table, collection

#: every shipped collection
ALL = [
    "qqwing_simple.txt",
    "qqwing_easy.txt",
    "qqwing_intermediate.txt",
    "qqwing_expert.txt",
    "top1465.txt",
    "hardest_2011_dev.csv",
    "sudocue_almostdn.txt",
    "sudocue_learningcurve.txt",
    "sudocue_noponies.txt",
    "sudocue_snow2005.txt",
    "sudocue_superiors.txt",
    "sudocue_top10000.txt",
    "sudoku17.txt",
]
_SOLVERS: dict = {}  # one Solver per order in each worker process


def check_one(args: tuple) -> tuple[bool, int, list[str]]:
    """Solve one puzzle (``(puzzle, order)``, or with a tuple of ``KEY=VALUE`` settings
    third); return (solved, steps checked, descriptions of wrong steps)."""
    puzzle, order, *rest = args
    sets = tuple(rest[0]) if rest else ()
    from sudoku_logic.api.solver import Solver
    from sudoku_logic.app.io.settings import resolve_settings
    from sudoku_logic.core import dlx
    from sudoku_logic.core.formats import parse

    key = (order, sets)
    if key not in _SOLVERS:
        _SOLVERS[key] = Solver(order=order, settings=resolve_settings(None, sets))
    solver = _SOLVERS[key]
    grid = parse(puzzle)
    sol = dlx.unique_solution(grid)
    result = solver.solve(grid)
    wrong = []
    checked = 0
    for step in result.steps:
        checked += 1
        bad = [(c, d) for c, d in step.placements if sol[c] != d]
        bad += [(c, d) for c, d in step.eliminations if sol[c] == d]
        if bad:
            wrong.append(f"{puzzle} | {step.notation}")
    if result.solved and result.grid.values != sol:
        wrong.append(f"{puzzle} | solved grid differs from the DLX solution")
    return result.solved, checked, wrong


def sweep(name: str, jobs: int, limit: int | None = None, order: str = "se", sets: tuple[str, ...] = ()) -> dict:
    """Sweep the first ``limit`` puzzles (all when None) of one collection with ``jobs`` processes
    (``sets``: ``KEY=VALUE`` settings): ``collection``, ``puzzles``, ``solved``, ``steps``
    checked, ``wrong`` (each wrong step described) and ``seconds``."""
    ps = collection(name, limit)
    t = time.perf_counter()
    solved = checked = 0
    wrong: list[str] = []
    with ProcessPoolExecutor(jobs) as pool:
        for ok, n, bad in pool.map(check_one, [(p, order, sets) for p in ps], chunksize=8):
            solved += ok
            checked += n
            wrong.extend(bad)
    return {
        "collection": name,
        "puzzles": len(ps),
        "solved": solved,
        "steps": checked,
        "wrong": wrong,
        "seconds": time.perf_counter() - t,
    }


def main(argv: list[str] | None = None) -> int:
    """Sweep every collection asked for and print its row; 1 when a step was wrong."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("collections", nargs="*", default=ALL)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--order", default="se")
    ap.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE")
    a = ap.parse_args(argv)
    total_wrong = 0
    table = Table(
        ("collection", "{:<28}"),
        ("puzzles", "{:>8}"),
        ("solved", "{:>8}"),
        ("steps", "{:>10}"),
        ("wrong", "{:>7}"),
        ("seconds", "{:>9.1f}"),
    )
    table.header()
    for name in a.collections:
        r = sweep(name, a.jobs, a.limit, a.order, tuple(a.sets))
        total_wrong += len(r["wrong"])
        table.row(name, r["puzzles"], r["solved"], r["steps"], len(r["wrong"]), r["seconds"])
        for w in r["wrong"][:20]:
            print("  WRONG:", w, flush=True)
    return 1 if total_wrong else 0


if __name__ == "__main__":
    sys.exit(main())
